package sema

import (
	"errors"
	"fmt"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
)

// Call-site probes. An entry probe that no placement helps (the function
// returns before any instruction the kernel emulates: mov; add; ret) is
// single-stepped on every hit. Where every call of the function is known
// (machine.Placer.CallSites: not exported, its address never taken), the
// uprobe sits on each of its direct calls instead (ir.Probe.Sites), which
// the kernel emulates: each call is one hit, as at the entry.
//
// The script must read the same there. At a call the argument registers
// hold what the callee's entry sees, and memory is the same but for the
// return address the call pushes. What differs is the stack pointer (8
// bytes higher) and the instruction pointer (the caller's): so the stack
// (ustack), reg("sp") and reg("ip"), a program name whose DWARF location
// at the entry is relative to the stack, the frame base or the CFA, and
// a global or uaddr() (whose address needs the load bias the probe
// computes from its own address) refuse the move. argN, func, probe, counts, pointers read
// through argN, and parameters in registers (p->x with p in rdi) move.
// Variables are still looked up at the entry (Probe.Address).
// --exact-placement, and an explicit offset or address, keep the entry.

// stackRegs are the registers that differ at a call from the callee's
// entry (DWARF numbers).
var stackRegs = []int{arch.Regs[arch.SP].DWARF, dwarfRIP()}

func dwarfRIP() int {
	for _, r := range arch.Regs {
		if r.Name == "rip" {
			return r.DWARF
		}
	}
	return -1
}

// callSitesWhy says why probe p, placed at pl for a script that reads
// reads, stays on its function's entry instead of its call sites; "" when
// it may move there.
func (c *checker) callSitesWhy(p *ir.Probe, pl machine.Placement, reads machine.Reads) string {
	switch {
	case p.Kind != ir.Uprobe, pl.Emulated, pl.Func == "", pl.From != pl.FuncAddr:
		return "-" // not an entry probe that placement left single-stepped
	case c.cfg.ExactPlacement || c.pinned[int(p.ID)]:
		return "-"
	case reads.Stack:
		return "the script reads the stack (ustack)"
	case reads.Symbols:
		return "the script takes a symbol's address (uaddr), which needs the probe's own"
	}
	if pi := c.pvs().probeInfo[probeKey{p.Binary, p.Address}]; pi != nil && pi.inst != nil && pi.inst.Inlined {
		return "-"
	}
	for _, r := range reads.Regs {
		if r < 0 {
			return "the script reads a register gs cannot name"
		}
		for _, s := range stackRegs {
			if r == s {
				return "the script reads " + arch.DWARFName(r) + ", which differs at a call"
			}
		}
	}
	return namesAtCall(c.binaryAt(p), pl.From, reads)
}

// namesAtCall says why a program name the script reads may read another
// value at a call of the function at entry than at the entry ("" when
// none does): only a parameter or local whose location there reads
// registers the call leaves alone (machine.SameAtCall) reads the same.
func namesAtCall(bin *debuginfo.Binary, entry uint64, reads machine.Reads) string {
	if reads.Names == nil {
		return ""
	}
	d, err := bin.Debug()
	if err != nil {
		return "its variables cannot be read"
	}
	vars, err := d.VarsAt(entry)
	if err != nil {
		vars = nil // no DWARF for it: only globals may be names
	}
	for _, name := range reads.Names(vars) {
		v, ok := debuginfo.FindVar(vars, name)
		switch {
		case !ok:
			if _, err := d.Global(name); !errors.Is(err, debuginfo.ErrNotFound) {
				return fmt.Sprintf("the script reads the global %q, whose address needs the probe's own", name)
			}
		case !machine.SameAtCall(v.Loc):
			return fmt.Sprintf("the script reads %q, whose location at the entry is relative to the stack or the frame", name)
		}
	}
	return ""
}

// toCallSites moves probe p onto the direct calls of its function where
// that keeps its meaning (above), and records it in pl.
func (c *checker) toCallSites(p *ir.Probe, pl *machine.Placement, reads machine.Reads) {
	why := c.callSitesWhy(p, *pl, reads)
	if why == "-" {
		return
	}
	bin := c.binaryAt(p)
	var sites []uint64
	if why == "" {
		sites, why = c.placer.CallSites(bin, pl.From)
	}
	if why != "" {
		if pl.Why != "" {
			pl.Why += "; "
		}
		pl.Why += "not on its calls: " + why
		return
	}
	offs := make([]uint64, len(sites))
	for i, a := range sites {
		off, ok := bin.FileOffset(a)
		if !ok {
			return
		}
		offs[i] = off
	}
	p.Sites = offs
	pl.Calls, pl.Emulated, pl.ToClass, pl.Why = sites, true, "call", ""
}
