package sema

import (
	"github.com/gs-tracer/gs/arch"
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
// bytes higher), the instruction pointer (the caller's), so the stack
// (ustack) and every program name (whose DWARF location is the callee's
// entry's: its frame base is the CFA, which moves with the stack pointer)
// and the load bias the probe computes from its own address (a global's).
// So only a script that reads none of these moves: argN, func, probe,
// counts, pointers read through argN, and so on. --exact-placement, and an
// explicit offset or address, keep the entry.

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
	case reads.Names != nil:
		return "the script reads program names, whose locations are the entry's"
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
