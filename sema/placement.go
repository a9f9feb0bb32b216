package sema

import (
	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// This file says what a probe group's script reads that placement must
// keep (readsOf), and moves its function and line probes where package
// machine places them: to the first instruction the kernel emulates,
// where the script reads the same (machine/placement.go has the rule).
// FUNC+OFF and 0xADDR probes never move, nor does any with
// Config.ExactPlacement. Program.Placements reports every decision.

// readsOf returns what g's code reads that placement must keep.
func readsOf(g *parser.ProbeGroup, goABI bool) machine.Reads {
	var r machine.Reads
	names, values := programNames(g)
	if len(names) > 0 {
		r.Names = func(vars []debuginfo.Var) []string { return namesAt(names, vars) }
	}
	r.NoMemory = !values
	parser.Inspect(g, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Probe:
			return false
		case *parser.Ident:
			if b := builtins[n.Name]; b != nil {
				switch b.Kind {
				case BuiltinReg, BuiltinGoid:
					if !b.RetOnly {
						r.Regs = append(r.Regs, dwarfOfSlot(b.Reg))
					}
					if goABI && b.Arg >= 0 && b.Arg < len(arch.GoABI.IntRegs) {
						r.Regs = append(r.Regs, arch.GoABI.IntRegs[b.Arg]) // argN of a Go function
					}
				case BuiltinStack:
					r.Stack = true
				}
			}
		case *parser.CallExpr:
			if n.Fn == "ustack" {
				r.Stack = true
			}
			if n.Fn == "uaddr" {
				r.Symbols = true
			}
			if n.Fn == "reg" { // reg("di"): the register it names (-1, which nothing keeps, when none)
				slot := -1
				if len(n.Args) == 1 {
					if lit, ok := n.Args[0].(*parser.StrLit); ok {
						slot = regSlot(lit.Val)
					}
				}
				r.Regs = append(r.Regs, dwarfOfSlot(slot))
			}
			r.NoMemory = r.NoMemory && readsNoMemory(n.Fn)
		}
		return true
	})
	r.NoMemory = r.NoMemory && !r.Stack
	return r
}

// dwarfOfSlot returns the DWARF number of a pt_regs slot.
func dwarfOfSlot(slot int) int {
	if slot < 0 || slot >= len(arch.Regs) {
		return -1
	}
	return arch.Regs[slot].DWARF
}

// groupInGo reports whether a uprobe of g is in a Go program, whose argN
// are Go's argument registers (goArg).
func (c *checker) groupInGo(g *Group) bool {
	for _, id := range g.Probes {
		p := &c.p.Probes[id]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		if bin := c.binaryAt(p); bin != nil && bin.IsGo() {
			return true
		}
	}
	return false
}

// placeAtFloor moves the group's function and line probes to the first
// instruction the kernel emulates, where that keeps their meaning.
func (c *checker) placeAtFloor(g *Group, s Scope) {
	var reads *machine.Reads
	for _, id := range g.Probes {
		p := &c.p.Probes[id]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		if pl, ok := c.retAddrPl[int(p.ID)]; ok { // goretaddrs.go placed it
			c.p.Placements = append(c.p.Placements, pl)
			continue
		}
		if reads == nil {
			r := readsOf(g.Node, c.groupInGo(g))
			reads = &r
		}
		if to, off, ok := c.goPastStackCheck(p); ok { // golang.go
			c.moveProbe(p, to, off, s)
		}
		pl := c.placeOne(p, *reads)
		c.toCallSites(p, &pl, *reads) // callsites.go: where no placement helps
		c.p.Placements = append(c.p.Placements, pl)
		if pl.To == pl.From {
			continue
		}
		off, ok := c.binaryAt(p).FileOffset(pl.To)
		if !ok {
			c.p.Placements[len(c.p.Placements)-1].To = pl.From
			continue
		}
		c.moveProbe(p, pl.To, off, s)
	}
}

// moveProbe moves probe p to address to (file offset off): what is known
// about it moves along, and its variables are looked up again there.
func (c *checker) moveProbe(p *ir.Probe, to, off uint64, s Scope) {
	pv := c.pvs()
	if pi := pv.probeInfo[probeKey{p.Binary, p.Address}]; pi != nil {
		pv.probeInfo[probeKey{p.Binary, to}] = pi
	}
	p.Address, p.Offset = to, off
	if ps, _ := s.(*progScope); ps != nil {
		for _, v := range ps.probes {
			if v.id == int(p.ID) {
				v.varsDone, v.vars, v.varsErr = false, nil, nil
			}
		}
	}
}

// placeOne decides where probe p goes.
func (c *checker) placeOne(p *ir.Probe, reads machine.Reads) machine.Placement {
	bin := c.binaryAt(p)
	if bin == nil {
		return machine.Placement{Probe: int(p.ID), From: p.Address, To: p.Address, FromClass: "?", ToClass: "?"}
	}
	s := machine.Site{Addr: p.Address, Return: p.Kind == ir.Uretprobe}
	if pi := c.pvs().probeInfo[probeKey{p.Binary, p.Address}]; pi != nil && pi.inst != nil {
		s.Inlined, s.Ranges = pi.inst.Inlined, pi.inst.Ranges
	}
	switch {
	case c.cfg.ExactPlacement:
		s.Stay = "--exact-placement"
	case c.pinned[int(p.ID)]:
		s.Stay = "an explicit address"
	}
	pl := c.placer.Place(bin, s, reads)
	pl.Probe = int(p.ID)
	return pl
}
