package gen

import (
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// buf writes buf()'s bytes into the slot at heap[dst], laid out as a
// string slot: a literal's bytes (its NUL counts) with constant stores;
// otherwise OpStMem copies n bytes from the address (an array stands for
// its address) and the header becomes the length, or StrFault when the
// read failed (OpStMem's status word is then not 0).
func (g *gen) buf(e *parser.CallExpr, dst int) {
	n := g.typeOf(e).Cap
	if lit, ok := e.Args[0].(*parser.StrLit); ok {
		s := lit.Val + strings.Repeat("\x00", max(n-len(lit.Val), 0))
		g.literal(s[:n], dst)
		return
	}
	for i := 0; i < ir.Align8(n)/8; i++ {
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + ir.StrHeader + 8*i)})
	}
	ra, rn := g.push(), g.push()
	g.exprInto(e.Args[0], ra)
	g.constant(rn, uint64(n))
	g.emit(ir.Insn{Op: ir.OpStMem, A: ra, B: rn, Imm: int32(dst)})
	hdr := newLabel()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: rn, C: 8, Imm: int32(dst)})
	g.constant(ra, uint64(ir.StrFault)<<16)
	g.jump(ir.OpJnz, rn, hdr)
	g.constant(ra, uint64(n))
	g.bind(hdr)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: ra, C: 8, Imm: int32(dst)})
	g.pop()
	g.pop()
}
