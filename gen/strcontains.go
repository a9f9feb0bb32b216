package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// strcontainsRun searches strcontains's haystack for a needle read at run
// time into r, both in string slots: at each position the haystack's
// length allows, the needle's bytes are compared one by one (constant
// heap offsets, so every position and needle byte is its own code) until
// the needle's length is reached. Bytes are compared only below both
// lengths, so no byte past a string's text takes part.
func (g *gen) strcontainsRun(e *parser.CallExpr, r uint8) {
	mark := g.temp
	hoff, hcap := g.strSlot(e.Args[0], false)
	noff, ncap := g.strSlot(e.Args[1], false)
	g.constant(r, 1)
	hl, nl, t, k := g.push(), g.push(), g.push(), g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: hl, C: 2, Imm: int32(hoff)}) // the slots' u16 lengths
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: nl, C: 2, Imm: int32(noff)})
	found, missing := newLabel(), newLabel()
	g.jump(ir.OpJz, nl, found) // the empty needle is everywhere
	for i := 0; i < hcap; i++ {
		next := newLabel()
		g.constant(k, uint64(i))
		g.emit(ir.Insn{Op: ir.OpAdd, A: t, B: k, C: nl})
		g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: hl, C: t})
		g.jump(ir.OpJnz, t, missing) // the text ends before the needle would
		for j := 0; j < ncap && i+j < hcap; j++ {
			if j > 0 {
				g.constant(k, uint64(j))
				g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: k, C: nl})
				g.jump(ir.OpJz, t, found) // all of the needle matched
			}
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 1, Imm: int32(hoff + ir.StrHeader + i + j)})
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: k, C: 1, Imm: int32(noff + ir.StrHeader + j)})
			g.emit(ir.Insn{Op: ir.OpNe, A: t, B: t, C: k})
			g.jump(ir.OpJnz, t, next)
		}
		// Every byte compared matched: the needle's length is at most
		// what the loop compared (its capacity, or the haystack's rest,
		// which the length test above bounds).
		g.jump(ir.OpJa, 0, found)
		g.bind(next)
	}
	g.bind(missing)
	g.constant(r, 0)
	g.bind(found)
	g.pop()
	g.pop()
	g.pop()
	g.pop()
	g.temp = mark
}
