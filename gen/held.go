package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// held writes the bytes of e, a struct, union or array the script holds
// (sema/held.go), into the slot at heap[dst]: sema.SlotSize(t) bytes, the
// padding after the value zero, so that equal values are equal keys. A
// value the script already holds is copied in the heap; one in the
// process's memory is read with OpStMem through a temporary (a read that
// fails leaves zeros, as bpftrace's probe read does).
func (g *gen) held(e parser.Expr, dst int, t *sema.Type) {
	n := sema.SlotSize(t)
	if off, ok := g.tupleSlot(e); ok {
		if off != dst {
			g.copyHeap(dst, off, n)
		}
		return
	}
	mark := g.temp
	r := g.push()
	p := g.placeOf(e, r)
	if !p.mem {
		g.copyHeap(dst, p.heap, n) // a value the program keeps in registers
		g.zeroTail(dst, t.Size)
		g.pop()
		g.temp = mark
		return
	}
	tmp := g.tempSlot(ir.StatusSize + n)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(tmp + ir.StatusSize + n - 8)})
	rn := g.push()
	g.constant(rn, uint64(t.Size))
	g.emit(ir.Insn{Op: ir.OpStMem, A: r, B: rn, Imm: int32(tmp)})
	g.pop()
	g.pop()
	g.copyHeap(dst, tmp+ir.StatusSize, n)
	g.temp = mark
}

// zeroTail clears the bytes of the last word of the slot at heap[dst]
// past a value of size bytes.
func (g *gen) zeroTail(dst, size int) {
	k := size % 8
	if k == 0 {
		return
	}
	at := dst + size - k
	r, m := g.push(), g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(at)})
	g.constant(m, 1<<(8*k)-1)
	g.emit(ir.Insn{Op: ir.OpAnd, A: r, B: r, C: m})
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(at)})
	g.pop()
	g.pop()
}

// heldEq compares two held values of one type byte by byte into r (1
// when equal; for != the negation): both are copied to temporaries, then
// compared a word at a time (held leaves the padding after them zero).
func (g *gen) heldEq(e *parser.BinaryExpr, r uint8) {
	mark := g.temp
	t := g.typeOf(e.X)
	n := sema.SlotSize(t)
	x, y := g.tempSlot(n), g.tempSlot(n)
	g.held(e.X, x, t)
	g.held(e.Y, y, g.typeOf(e.Y))
	a, b := g.push(), g.push()
	g.constant(r, 0)
	for i := 0; i < n; i += 8 {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: a, C: 8, Imm: int32(x + i)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: b, C: 8, Imm: int32(y + i)})
		g.emit(ir.Insn{Op: ir.OpXor, A: a, B: a, C: b})
		g.emit(ir.Insn{Op: ir.OpOr, A: r, B: r, C: a})
	}
	g.pop()
	g.pop()
	if e.Op == "==" {
		g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r})
	} else {
		g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r})
		g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r})
	}
	g.temp = mark
}
