package gen

import (
	"encoding/binary"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// arrayCast builds (T[N])x (sema/arraycast.go) in a temporary and returns
// its heap offset: an integer's bytes as a register holds them (little
// endian: memory order), the padding after a narrower one cleared; a
// string literal's bytes and its NUL.
func (g *gen) arrayCast(e *parser.CastExpr, t *sema.Type) int {
	if lit, ok := e.X.(*parser.StrLit); ok {
		tmp := g.tempSlot(ir.StrHeader + sema.SlotSize(t))
		g.literal(lit.Val+"\x00", tmp) // the words of the text, NUL-padded
		return tmp + ir.StrHeader
	}
	tmp := g.tempSlot(8)
	r := g.expr(e.X)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(tmp)})
	g.pop()
	g.zeroTail(tmp, t.Size)
	return tmp
}

// arrayInt loads (T)a, an array of T's size, as a T into r.
func (g *gen) arrayInt(e *parser.CastExpr, r uint8) {
	t := g.typeOf(e)
	p := g.placeOf(e.X, r)
	if p.mem {
		g.loadScalar(r, t, 0)
	} else {
		g.heapScalar(r, p.heap, t)
	}
}

// pton builds pton("addr") (sema's ptonValue), the address's bytes, in a
// temporary and returns its heap offset.
func (g *gen) pton(e *parser.CallExpr) int {
	b, _ := sema.PtonBytes(e.Args[0].(*parser.StrLit).Val)
	tmp := g.tempSlot(len(b))
	r := g.push()
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		copy(w[:], b[i:])
		g.constant(r, binary.LittleEndian.Uint64(w[:]))
		g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(tmp + i)})
	}
	g.pop()
	return tmp
}
