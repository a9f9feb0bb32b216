package gen

import (
	"slices"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// This file lowers the counted values of sema/counted.go with the ops
// that read memory already: OpLoad (or OpLdHeap, for a header the
// program keeps in registers) for the pointer and the count, OpStMem for
// the bytes. OpStMem's status words land where a string slot has its
// header, as in arrayText; the header is rewritten from the count.

// countedHeader loads the data pointer of counted value e into rp and its
// element count into rn. The header is at place p (rp holds its address
// when it is in memory). A short layout kept in the heap (a libc++
// std::string the program holds in registers) has no address: with
// inHeap set it jumps there with the count in rn, its elements at
// p.heap+c.Short.Data.Offset; else the pointer is a read error at 0.
func (g *gen) countedHeader(p place, rp, rn uint8, c *sema.Counted, inHeap *label) {
	size := uint8(c.Len.Type.Size)
	if c.End {
		size = 8
	}
	var long, done *label
	if c.Short != nil {
		long, done = newLabel(), newLabel()
		t := g.push()
		g.shortField(p, t, rp, c.Short.Flag)
		g.jump(ir.OpJnz, t, long)
		g.pop()
		g.shortField(p, rn, rp, c.Short.Len)
		switch {
		case p.mem:
			g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: int32(c.Short.Data.Offset)})
		case inHeap != nil:
			g.jump(ir.OpJa, 0, inHeap)
		default:
			// The elements are in the heap, which OpStMem cannot read:
			// a read error at the address 0 rather than a wrong text.
			g.constant(rp, 0)
			g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 1})
		}
		g.jump(ir.OpJa, 0, done)
		g.bind(long)
	}
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: size, Imm: int32(c.Len.Offset)})
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 8, Imm: int32(c.Ptr.Offset)})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rn, C: size, Imm: int32(p.heap + c.Len.Offset)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rp, C: 8, Imm: int32(p.heap + c.Ptr.Offset)})
	}
	if c.End { // [begin, end): the count is the difference in elements
		g.emit(ir.Insn{Op: ir.OpSub, A: rn, B: rn, C: rp})
		if es := c.Elem.Size; es > 1 {
			t := g.push()
			g.constant(t, uint64(es))
			g.emit(ir.Insn{Op: ir.OpDivU, A: rn, B: rn, C: t})
			g.pop()
		}
	}
	if c.Short != nil {
		g.bind(done)
	}
}

// shortField loads into r the integer or bit field m of a counted value's
// header at place p (rp holds its address when it is in memory).
func (g *gen) shortField(p place, r, rp uint8, m sema.Member) {
	size := m.Type.Size
	if m.BitSize > 0 {
		for size = 1; size*8 < m.BitOffset+m.BitSize; size *= 2 {
		}
	}
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: rp, C: uint8(size), Imm: int32(m.Offset)})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: uint8(size), Imm: int32(p.heap + m.Offset)})
	}
	if m.BitSize == 0 {
		return
	}
	t := g.push()
	if m.BitOffset > 0 {
		g.constant(t, uint64(m.BitOffset))
		g.emit(ir.Insn{Op: ir.OpShr, A: r, B: r, C: t})
	}
	if m.BitSize < 64 {
		g.constant(t, 1<<m.BitSize-1)
		g.emit(ir.Insn{Op: ir.OpAnd, A: r, B: r, C: t})
	}
	g.pop()
}

// clampCount sets rn to at most n; rcut receives 1 when it was more.
func (g *gen) clampCount(rn, rcut uint8, n int) {
	t := g.push()
	g.constant(t, uint64(n))
	g.emit(ir.Insn{Op: ir.OpLtU, A: rcut, B: t, C: rn})
	in := newLabel()
	g.jump(ir.OpJz, rcut, in)
	g.emit(ir.Insn{Op: ir.OpMov, A: rn, B: t})
	g.bind(in)
	g.pop()
}

// countedText writes counted text e as a string slot at heap[dst]: at
// most n bytes of its text, StrTruncated when it has more, StrFault with
// the address when the header or the text cannot be read. A key (pad > 0,
// the key's capacity) has its text zero-padded to pad bytes and its
// address word 0: equal texts are equal keys.
func (g *gen) countedText(e parser.Expr, dst, n, pad int) {
	t := g.ctype(e)
	g.textAt(e, func(rp uint8) place { return g.placeOf(e, rp) }, t.Counted, t.Desc, dst, n, pad)
}

// countedTextAt is countedText of the counted value c at the place that
// placeAt evaluates (its address into rp when in memory), which reads e.
func (g *gen) countedTextAt(e parser.Expr, placeAt func(rp uint8) place, c *sema.Counted, dst, n, pad int) {
	g.textAt(e, placeAt, c, nil, dst, n, pad)
}

// textAt is countedTextAt of counted text c, or with d of text read
// through a type descriptor (desctext.go).
func (g *gen) textAt(e parser.Expr, placeAt func(rp uint8) place, c *sema.Counted, d *sema.DescText, dst, n, pad int) {
	key := pad > 0
	if key {
		for i := 0; i < ir.Align8(pad)/8; i++ {
			g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + ir.StrHeader + 8*i)})
		}
	}
	fault, hdr := newLabel(), newLabel()
	g.clearFaultFor(e)
	rp := g.push()
	start := len(g.insns)
	p := placeAt(rp)
	rn, rcut, t := g.push(), g.push(), g.push()
	null := newLabel()
	var inHeap *label
	if d != nil {
		g.descText(p, rp, rn, t, d, null) // desctext.go
	} else {
		if c.Short != nil && !p.mem {
			inHeap = newLabel()
		}
		g.countedHeader(p, rp, rn, c, inHeap)
	}
	if g.loads(start) { // reading the header failed: report its address
		g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(dst)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(dst)})
		g.jump(ir.OpJnz, t, fault)
	}
	g.clampCount(rn, rcut, n)
	g.jump(ir.OpJz, rn, hdr) // empty: nothing to read (its pointer may be nil)
	g.emit(ir.Insn{Op: ir.OpStMem, A: rp, B: rn, Imm: int32(dst)})
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(dst)})
	g.jump(ir.OpJnz, t, fault)
	if inHeap != nil {
		// The short layout's elements, in the heap copy of the value:
		// byte by byte, the first rn (heap offsets are immediates), so
		// that a key's padding stays zero.
		g.jump(ir.OpJa, 0, hdr)
		g.bind(inHeap)
		if g.loads(start) { // assembling the value's pieces failed
			g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(dst)})
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(dst)})
			g.jump(ir.OpJnz, t, fault)
		}
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
		g.clampCount(rn, rcut, n)
		src := p.heap + c.Short.Data.Offset
		for i := 0; i < min(n, c.Short.Data.Type.Size); i++ {
			g.constant(t, uint64(i))
			g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: t, C: rn})
			g.jump(ir.OpJz, t, hdr)
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 1, Imm: int32(src + i)})
			g.emit(ir.Insn{Op: ir.OpStHeap, A: t, C: 1, Imm: int32(dst + ir.StrHeader + i)})
		}
	}
	g.bind(hdr)
	g.constant(t, 16)
	g.emit(ir.Insn{Op: ir.OpShl, A: rcut, B: rcut, C: t})
	g.emit(ir.Insn{Op: ir.OpOr, A: rn, B: rn, C: rcut})
	g.emit(ir.Insn{Op: ir.OpStHeap, A: rn, C: 8, Imm: int32(dst)})
	end := newLabel()
	g.jump(ir.OpJa, 0, end)
	g.bind(fault) // the address word holds the failing address
	g.constant(t, uint64(ir.StrFault)<<16)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: t, C: 8, Imm: int32(dst)})
	if len(null.refs) > 0 { // a nil interface: prints as NULL
		g.jump(ir.OpJa, 0, end)
		g.bind(null)
		g.constant(t, uint64(ir.StrFault)<<16)
		g.emit(ir.Insn{Op: ir.OpStHeap, A: t, C: 8, Imm: int32(dst)})
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
	}
	g.bind(end)
	if key {
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
	}
	g.pop()
	g.pop()
	g.pop()
	g.pop()
}

// countedSeq writes counted sequence a into record field f (ir.KindSeq):
// the status of its reads, up to f.Type.Len elements, and the count at
// the field's end. The caller cleared the fault flag.
func (g *gen) countedSeq(a parser.Expr, f *ir.Field) {
	g.countedSeqAt(func(rp uint8) place { return g.placeOf(a, rp) }, g.ctype(a).Counted, f)
}

// countedSeqAt is countedSeq of the counted value c at the place that
// placeAt evaluates.
func (g *gen) countedSeqAt(placeAt func(rp uint8) place, c *sema.Counted, f *ir.Field) {
	end := newLabel()
	rp := g.push()
	start := len(g.insns)
	p := placeAt(rp)
	rn, rcut := g.push(), g.push()
	g.countedHeader(p, rp, rn, c, nil)
	g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
	if g.loads(start) {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rcut, C: 8, Imm: int32(f.Status)})
		g.jump(ir.OpJnz, rcut, end)
	}
	g.emit(ir.Insn{Op: ir.OpStHeap, A: rn, C: 8, Imm: int32(f.Offset + f.Type.Size - 8)})
	g.clampCount(rn, rcut, f.Type.Len)
	if el := c.Elem; el.ReadsAsText() && f.Type.Elem.Kind == ir.KindString {
		// Each element is counted text (sema.IsTextSeq): read the first
		// rn of them into the string slots, unrolled (heap offsets are
		// immediates).
		es := f.Type.Elem.Size
		for i := 0; i < f.Type.Len; i++ {
			g.jump(ir.OpJz, rn, end)
			g.emit(ir.Insn{Op: ir.OpAddImm, A: rn, B: rn, Imm: -1})
			g.textAt(nil, func(r uint8) place {
				g.emit(ir.Insn{Op: ir.OpAddImm, A: r, B: rp, Imm: int32(i * el.Size)})
				return place{mem: true}
			}, el.Counted, el.Desc, f.Offset+i*es, f.Type.Elem.Cap, 0)
		}
		g.bind(end)
		g.pop()
		g.pop()
		g.pop()
		return
	}
	g.scale(rn, f.Type.Elem.Size)
	g.jump(ir.OpJz, rn, end)
	g.emit(ir.Insn{Op: ir.OpStMem, A: rp, B: rn, Imm: int32(f.Status)})
	g.bind(end)
	g.pop()
	g.pop()
	g.pop()
}

// loads reports whether the code from pc start on reads the process's
// memory, which may fail.
func (g *gen) loads(start int) bool {
	return slices.ContainsFunc(g.insns[start:], func(in ir.Insn) bool { return in.Op == ir.OpLoad })
}

// isCountedText reports whether e is counted text, which the string paths
// read with countedText.
func (g *gen) isCountedText(e parser.Expr) bool { return g.ctype(e).ReadsAsText() }
