package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// macaddr evaluates macaddr(x) into r: the first six bytes of array x, of
// what pointer x points to, or of integer x, in memory order in r's low
// six bytes (sema.MacAddr).
func (g *gen) macaddr(x parser.Expr, r uint8) {
	t := g.ctype(x)
	hi, sh := g.push(), g.push()
	defer func() { g.pop(); g.pop() }()
	if t.Kind != sema.KindArray && t.Kind != sema.KindPointer {
		g.exprInto(x, r)
		g.constant(sh, 1<<48-1)
		g.emit(ir.Insn{Op: ir.OpAnd, A: r, B: r, C: sh})
		return
	}
	p := place{mem: true}
	if t.Kind == sema.KindArray {
		p = g.placeOf(x, r)
	} else {
		g.exprInto(x, r)
	}
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: hi, B: r, C: 2, Imm: 4})
		g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 4})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: hi, C: 2, Imm: int32(p.heap + 4)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 4, Imm: int32(p.heap)})
	}
	g.constant(sh, 32)
	g.emit(ir.Insn{Op: ir.OpShl, A: hi, B: hi, C: sh})
	g.emit(ir.Insn{Op: ir.OpOr, A: r, B: r, C: hi})
}
