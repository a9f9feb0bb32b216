package sema

import (
	"errors"
	"fmt"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// Go return probes on return addresses. A uretprobe on a Go function is
// a uprobe on each of its RETs (retsites.go), which the kernel
// single-steps: about 40 times an emulated entry probe. Where every call
// of the function is known (machine.Placer.ReturnAddrs: the proof of
// call-site probes, callsites.go, and no method table, tail call, jump or
// recovered panic reaches a return address), the probe sits instead on
// the instruction after each call, placed there as any probe
// (machine.Placer.Place: forward to an emulated instruction while the
// registers the script reads keep their values), and the calls are
// counted at the calls themselves (ir.ReturnCount.Sites), which the
// kernel emulates: about 2 emulated probes a call.
//
// After the RET every register but the stack and instruction pointers
// holds what it held at the RET, and memory is the same: so retval and
// the results by name (Go's ABI registers, debuginfo.GoResultsAtReturn),
// argN, goid and memory read through them read the same there. What
// differs keeps the RETs: the stack (ustack), reg("sp") and reg("ip"), a
// result on the stack or in an SSE register (a copy machine.FloatResult
// finds may be in the callee's frame), a parameter or local of the
// function (gone with its frame), a global or uaddr() (the load bias the
// probe finds from its own address). Variables are still looked up at
// the first RET (ir.Probe.Address). A call that panics or ends its
// goroutine (runtime.Goexit) returns to no return address, as it reaches
// no RET: no event, counted. --exact-placement keeps the RETs.

// goReturnAddrs returns the probe that stands for the RET probes of Go
// function fn (RETs rets, attach point at) on its return addresses, the
// file offsets of its calls, and its placement; a nil placement when the
// RETs stay.
func (c *checker) goReturnAddrs(g *Group, bin *debuginfo.Binary, fn debuginfo.Func, rets []uint64, at ir.Probe) (ir.Probe, []uint64, *machine.Placement) {
	if c.cfg.ExactPlacement {
		return ir.Probe{}, nil, nil
	}
	keep, why := goReadsAtReturn(g, bin, rets[0])
	var calls, ras []uint64
	if why == "" {
		calls, ras, why = c.placer.ReturnAddrs(bin, fn.Addr)
	}
	if why != "" {
		return ir.Probe{}, nil, nil
	}
	pl := &machine.Placement{Func: fn.Name, FuncAddr: fn.Addr, From: rets[0], FromClass: "ret"}
	reads := readsOf(g.Node, true)
	p := at
	p.Address = rets[0]
	p.Sites = nil
	p.Offset, _ = bin.FileOffset(rets[0])
	for _, ra := range ras {
		rp := c.placer.Place(bin, machine.Site{Addr: ra}, machine.Reads{Regs: keep, NoMemory: reads.NoMemory})
		off, ok := bin.FileOffset(rp.To)
		if !ok {
			return ir.Probe{}, nil, nil
		}
		if !rp.Emulated {
			pl.Stepped++
		}
		p.Sites = append(p.Sites, off)
		pl.Returns = append(pl.Returns, rp.To)
	}
	callOffs := make([]uint64, len(calls))
	for i, a := range calls {
		off, ok := bin.FileOffset(a)
		if !ok {
			return ir.Probe{}, nil, nil
		}
		callOffs[i] = off
	}
	pl.To, pl.ToClass, pl.Emulated, pl.Why = pl.Returns[0], "return address", pl.Stepped == 0, ""
	return p, callOffs, pl
}

// goReadsAtReturn returns the registers (DWARF numbers) that what g's
// script reads at a RET at ret of a Go function is in, when it reads the
// same at the function's return addresses, or why it may not.
func goReadsAtReturn(g *Group, bin *debuginfo.Binary, ret uint64) ([]int, string) {
	reads := readsOf(g.Node, true)
	switch {
	case reads.Stack:
		return nil, "the script reads the stack (ustack)"
	case reads.Symbols:
		return nil, "the script takes a symbol's address (uaddr), which needs the probe's own"
	}
	keep := []int{arch.GoABI.G}
	for _, r := range reads.Regs {
		if r < 0 {
			return nil, "the script reads a register gs cannot name"
		}
		for _, s := range stackRegs {
			if r == s {
				return nil, "the script reads " + arch.DWARFName(r) + ", which differs after the RET"
			}
		}
		keep = append(keep, r)
	}
	d, err := bin.Debug()
	if err != nil {
		return nil, "its variables cannot be read"
	}
	vars, err := d.VarsAt(ret)
	if err != nil {
		vars = nil
	}
	goResults(bin, vars)
	// Every result's registers are kept (retval is the first; r0, r1
	// name unnamed ones), and each must read the same after the RET.
	keep = append(keep, arch.GoABI.IntRegs[0])
	for _, v := range vars {
		if !v.Result || v.Shadowed || !v.Loc.Available() {
			continue
		}
		if _, bad := v.Loc.UnsavedReg(); bad || !machine.SameAtCall(v.Loc) {
			if readsResults(g.Node) || reads.Names != nil {
				return nil, fmt.Sprintf("its result %q is on the stack or in an SSE register", v.Name)
			}
			continue
		}
		keep = append(keep, locRegs(v.Loc)...)
	}
	if reads.Names == nil {
		return keep, ""
	}
	for _, name := range reads.Names(vars) {
		v, ok := debuginfo.FindVar(vars, name)
		if !ok {
			v, ok = goResultName(vars, name)
		}
		switch {
		case !ok:
			if _, err := d.Global(name); !errors.Is(err, debuginfo.ErrNotFound) {
				return nil, fmt.Sprintf("the script reads the global %q, whose address needs the probe's own", name)
			}
		case !v.Result:
			return nil, fmt.Sprintf("the script reads %q, which is gone with the function's frame after the RET", name)
		}
	}
	return keep, ""
}

// readsResults reports whether n reads retval.
func readsResults(n *parser.ProbeGroup) bool {
	found := false
	parser.Inspect(n, func(n parser.Node) bool {
		if id, ok := n.(*parser.Ident); ok && id.Name == "retval" {
			found = true
		}
		return !found
	})
	return found
}

// locRegs returns the registers location l reads (DWARF numbers).
func locRegs(l debuginfo.Location) []int {
	var out []int
	for _, p := range l.Pieces {
		for _, o := range append(append([]debuginfo.LocOp(nil), p.Ops...), p.Expr...) {
			if o.Kind == debuginfo.LocReg || o.Kind == debuginfo.LocBreg {
				out = append(out, o.Reg)
			}
		}
	}
	return out
}
