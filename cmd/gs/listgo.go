package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/machine"
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
	rets, err := machine.ReturnSites(bin, in.Entry)
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

// listGoABI prints, for a function of a Go binary without DWARF (named
// by its .gopclntab), where its probe goes and what a script reads
// there: values by name need DWARF, and the table records no parameter
// types, so only the register ABI's layout can be shown, for as many
// arguments as there may be.
func listGoABI(w io.Writer, bin *debuginfo.Binary, fn debuginfo.Listed, ret, exact bool) {
	for _, s := range fn.Funcs {
		in := debuginfo.FuncInstance{Name: fn.Qual, Symbol: s.Name, Entry: s.Addr, PrologueEnd: s.Addr,
			Ranges: [][2]uint64{{s.Addr, s.Addr + s.Size}}}
		if !ret {
			fmt.Fprintf(w, "    probe  %s\n", machine.PlaceFunc(bin, in, exact))
			continue
		}
		rets, err := machine.ReturnSites(bin, s.Addr)
		if err != nil {
			fmt.Fprintf(w, "    (%v)\n", err)
			continue
		}
		for _, r := range rets {
			fmt.Fprintf(w, "    probe  at +%d (a RET: Go return probes are uprobes on each RET)\n", r-s.Addr)
		}
	}
	regs := make([]string, len(arch.GoABI.IntRegs))
	for i, r := range arch.GoABI.IntRegs {
		regs[i] = fmt.Sprintf("arg%d=%s", i, debuginfo.RegName(r))
	}
	fmt.Fprintf(w, "    (no DWARF: values by name need it; without it gs knows functions and lines, not parameters or their types)\n")
	if ret {
		fmt.Fprintf(w, "    results by Go's register ABI: retval is the first (%s); the next are in %s\n", debuginfo.RegName(arch.GoABI.IntRegs[0]),
			strings.Join(names(arch.GoABI.IntRegs[1:]), " "))
		return
	}
	fmt.Fprintf(w, "    arguments by Go's register ABI (how many is not known): %s\n", strings.Join(regs, " "))
	fmt.Fprintf(w, "    a string or slice takes consecutive argN (pointer, length[, capacity]): str(arg0, arg1); floats are in xmm registers, which uprobes cannot read\n")
}

// names returns the names of DWARF registers regs.
func names(regs []int) []string {
	out := make([]string, len(regs))
	for i, r := range regs {
		out[i] = debuginfo.RegName(r)
	}
	return out
}
