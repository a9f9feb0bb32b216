package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/sema"
)

// This file lowers the values sema describes as data rather than by
// their language: text read through a type descriptor (sema.DescText)
// and counts read through a pointer (sema.LenRead).

// descText leaves in rp and rn the text the value at place p reads as
// through its type descriptor, as d describes it, for countedText: the
// text its data word points to when its descriptor word is d.Text, else
// the name the descriptor locates. A null value jumps to null. t is a
// scratch register.
func (g *gen) descText(p place, rp, rn, t uint8, d *sema.DescText, null *label) {
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 8, Imm: 8})
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 8})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rn, C: 8, Imm: int32(p.heap + 8)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rp, C: 8, Imm: int32(p.heap)})
	}
	g.jump(ir.OpJz, rp, null) // the descriptor word: null
	done, name := newLabel(), newLabel()
	mod := g.moduleIndex(d.Module)
	x, y := g.push(), g.push()
	if d.Text != 0 {
		g.constant(t, d.Text)
		g.emit(ir.Insn{Op: ir.OpLdBias, A: x, Imm: int32(mod)})
		g.emit(ir.Insn{Op: ir.OpAdd, A: t, B: t, C: x})
		g.emit(ir.Insn{Op: ir.OpEq, A: t, B: t, C: rp})
		g.jump(ir.OpJz, t, name)
		// The data word points to {ptr, len}.
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rn, C: 8})
		g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rn, C: 8, Imm: 8})
		g.jump(ir.OpJa, 0, done)
	}
	g.bind(name)
	if d.Indirect {
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 8, Imm: int32(d.Via)})
	}
	g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: rp, C: 1, Imm: int32(d.Flags)})
	g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 4, Imm: int32(d.NameOff)})
	g.emit(ir.Insn{Op: ir.OpSext, A: rn, B: rn, C: 4})
	g.constant(rp, d.Names)
	g.emit(ir.Insn{Op: ir.OpLdBias, A: y, Imm: int32(mod)})
	g.emit(ir.Insn{Op: ir.OpAdd, A: rp, B: rp, C: y})
	g.emit(ir.Insn{Op: ir.OpAdd, A: rp, B: rp, C: rn}) // the stored name
	g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 1, Imm: 1})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 2})
	one := newLabel()
	g.constant(y, 0x80)
	g.emit(ir.Insn{Op: ir.OpAnd, A: y, B: rn, C: y})
	g.jump(ir.OpJz, y, one)
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: rp, C: 1}) // a two-byte length
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 1})
	g.constant(t, 0x7f)
	g.emit(ir.Insn{Op: ir.OpAnd, A: rn, B: rn, C: t})
	g.constant(t, 7)
	g.emit(ir.Insn{Op: ir.OpShl, A: y, B: y, C: t})
	g.emit(ir.Insn{Op: ir.OpOr, A: rn, B: rn, C: y})
	g.bind(one)
	g.constant(y, d.Skip)
	g.emit(ir.Insn{Op: ir.OpAnd, A: x, B: x, C: y})
	g.jump(ir.OpJz, x, done)
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 1})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rn, B: rn, Imm: -1})
	g.bind(done)
	g.pop()
	g.pop()
}

// moduleIndex returns the Values.Modules index of path, which sema
// registered.
func (g *gen) moduleIndex(path string) int {
	for i, m := range g.p.Values.Modules {
		if m == path {
			return i
		}
	}
	panic("gen: module " + path + " was not registered")
}

// lenRead turns the pointer in r into the count l reads: 0 for a nil
// pointer, else the count in what it points to.
func (g *gen) lenRead(r uint8, l *sema.LenRead) {
	done := newLabel()
	g.jump(ir.OpJz, r, done)
	g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 8, Imm: int32(l.Off)})
	g.bind(done)
}
