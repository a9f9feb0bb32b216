package main

import (
	"fmt"
	"io"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/sema"
)

// retSitesWhy says why a uretprobe on in becomes uprobes on its RETs
// (sema/retsites.go), "" when it stays a kernel uretprobe.
func retSitesWhy(bin *debuginfo.Binary, in debuginfo.FuncInstance) string {
	if bin.IsGo() {
		return "Go return probes are uprobes on each RET"
	}
	if fn, ok := bin.FuncAt(in.Entry); ok && fn.Addr == in.Entry {
		if why := bin.LeavesByUnwind(fn); why != "" {
			return "an exception or longjmp may unwind " + fn.Name + ": " + why
		}
	}
	return ""
}

// listReturns prints the uprobes a uretprobe on function in becomes, one
// on each RET, with the variables read there: in Go the results where
// Go's ABI returns them, elsewhere retval.
func listReturns(w io.Writer, bin *debuginfo.Binary, d *debuginfo.Debug, in debuginfo.FuncInstance, why string) {
	rets, err := sema.ReturnSites(bin, in.Entry)
	if err != nil {
		fmt.Fprintf(w, "    (%v)\n", err)
		return
	}
	for _, ret := range rets {
		at := fmt.Sprintf("+%d", ret-in.Entry)
		if ret < in.Entry {
			at = fmt.Sprintf("%#x", ret)
		}
		fmt.Fprintf(w, "    probe  at %s (a RET: %s)\n", at, why)
		if !bin.IsGo() {
			fmt.Fprintf(w, "    %-6s %-28s %s\n", "result", "retval", "read here as at a uretprobe")
			continue
		}
		vars, err := d.VarsAt(ret)
		if err != nil {
			fmt.Fprintf(w, "    (%v)\n", err)
			continue
		}
		debuginfo.GoResultsAtReturn(vars)
		for _, v := range vars {
			if v.Kind == debuginfo.VarGlobal || v.Kind == debuginfo.VarStatic {
				continue
			}
			typ := "?"
			if v.Type != nil {
				typ = debuginfo.TypeName(v.Type)
			}
			avail := "here: " + v.Loc.String()
			switch reg, unsaved := v.Loc.UnsavedReg(); {
			case !v.Available:
				avail = "not readable here (" + v.Loc.Reason + ")"
			case unsaved:
				avail = fmt.Sprintf("in %s, which uprobes cannot read", debuginfo.RegName(reg))
			}
			kind := v.Kind.String()
			if v.Result {
				kind = "result"
			}
			fmt.Fprintf(w, "    %-6s %-28s %s\n", kind, typ+" "+v.Name, avail)
		}
	}
}
