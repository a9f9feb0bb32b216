package main

import (
	"fmt"
	"io"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/sema"
)

// listGoReturns prints the uprobes a uretprobe on Go function in becomes,
// one on each RET, with the variables read there: the results where Go's
// ABI returns them.
func listGoReturns(w io.Writer, bin *debuginfo.Binary, d *debuginfo.Debug, in debuginfo.FuncInstance) {
	rets, err := sema.GoReturnSites(bin, in.Entry)
	if err != nil {
		fmt.Fprintf(w, "    (%v)\n", err)
		return
	}
	for _, ret := range rets {
		fmt.Fprintf(w, "    probe  at +%d (a RET: Go return probes are uprobes on each RET)\n", ret-in.Entry)
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
