package gen

import (
	"slices"
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// This file lowers expressions on the traced program's values: variables
// (whose locations location.go lowers), ->, ., [], *, &, pointer
// arithmetic, comparisons of program text, and the record fields that
// hold them.
//
// A group that reads program values gets one code range per probe, since
// a variable may live in a register at one probe and on the stack at
// another; probes whose code comes out identical share one range.
//
// An lvalue is evaluated to a place: its address in a register (memory),
// or, for a variable the compiler keeps in registers or pieces, its bytes
// assembled in a heap temporary. Fields and constant indexes move within
// either; a run-time index needs an address.

// groupCode generates grp's code and sets its probes' ranges.
func (g *gen) groupCode(grp *sema.Group, out *ir.Program) error {
	if g.p.Values == nil || !g.p.Values.PerProbe[grp] {
		g.probe = -1
		start := len(g.insns)
		if err := g.group(grp); err != nil {
			return err
		}
		for _, i := range grp.Probes {
			out.Probes[i].Start = uint32(start)
			out.Probes[i].Len = uint32(len(g.insns) - start)
		}
		return nil
	}
	type span struct{ start, n int }
	var done []span
	for _, i := range grp.Probes {
		g.probe = i
		start, lines := len(g.insns), len(g.lines)
		if err := g.group(grp); err != nil {
			return err
		}
		s := span{start, len(g.insns) - start}
		for _, d := range done {
			if slices.Equal(g.insns[d.start:d.start+d.n], g.insns[start:]) {
				g.insns, g.lines, s = g.insns[:start], g.lines[:lines], d
				break
			}
		}
		if s.start == start {
			done = append(done, s)
		}
		out.Probes[i].Start = uint32(s.start)
		out.Probes[i].Len = uint32(s.n)
	}
	g.probe = -1
	return nil
}

// eventID is the event a print, printf or exit call records at the
// current probe: its own, or a copy that marks what is optimized out
// there.
func (g *gen) eventID(call *parser.CallExpr) int {
	id := g.p.EventOf[call]
	if v := g.p.Values; v != nil && g.probe >= 0 {
		if alt, ok := v.Events[[2]int{g.probe, id}]; ok {
			return alt
		}
	}
	return id
}

// ctype is the C type of e: its type, or the char * a string field was
// made from.
func (g *gen) ctype(e parser.Expr) *sema.Type {
	if v := g.p.Values; v != nil {
		if t, ok := v.AsString[e]; ok {
			return t
		}
		if l, ok := v.AsLen[e]; ok {
			return l.Type
		}
	}
	return g.typeOf(e)
}

// varAt returns where the variable e names is at the current probe.
func (g *gen) varAt(e parser.Expr) (*sema.VarRef, *sema.VarAt) {
	ref := g.p.Values.Vars[e]
	at := ref.At[g.probe]
	if at == nil {
		panic("gen: no location for " + ref.Name + " at this probe")
	}
	return ref, at
}

// pvExpr evaluates e into r when it is a program value; it reports false
// for the expressions exprInto handles itself.
func (g *gen) pvExpr(e parser.Expr, r uint8) bool {
	if v := g.p.Values; v != nil {
		if l, ok := v.AsLen[e]; ok {
			g.pvValue(e, r)
			g.lenRead(r, l) // desctext.go
			return true
		}
	}
	return g.pvValue(e, r)
}

// pvValue is pvExpr of e as the program has it.
func (g *gen) pvValue(e parser.Expr, r uint8) bool {
	if x, ok := e.(*parser.UnaryExpr); ok && x.Op == "*" {
		// Also without Values: *(int *)8 reads memory in any script.
		g.lvalue(e, r)
		return true
	}
	if _, ok := e.(*parser.IndexExpr); ok && g.p.Values == nil {
		g.lvalue(e, r) // ((int32 *)arg0)[i], also in a script that names no program value
		return true
	}
	v := g.p.Values
	if v == nil {
		return false
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		if fx := g.implicit(e); fx != nil {
			return g.pvExpr(fx, r)
		}
		ref := v.Vars[e]
		if ref == nil {
			return false
		}
		if ref.Type.Kind == sema.KindArray {
			g.address(e, r)
			return true
		}
		if ref.Type.View != nil {
			g.lvalue(e, r) // read from the library object (sema/cxx.go)
			return true
		}
		_, at := g.varAt(e)
		g.varValue(at, ref.Type, r)
		return true
	case *parser.FieldExpr, *parser.IndexExpr:
		g.lvalue(e, r)
		return true
	case *parser.UnaryExpr:
		if x.Op == "&" {
			start := len(g.insns)
			g.address(x.X, r)
			if slices.ContainsFunc(g.insns[start:], func(in ir.Insn) bool { return in.Op == ir.OpLdBias }) {
				g.nullUnknown(r)
			}
			return true
		}
	case *parser.BinaryExpr:
		if size, ok := v.PtrArith[x]; ok {
			g.ptrArith(x, r, size)
			return true
		}
		if limit, ok := v.StrCmp[x]; ok {
			g.textCmp(x.X, x.Y, r, limit, 0)
			if x.Op == "!=" {
				g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r})
			}
			return true
		}
	case *parser.CallExpr:
		if amp := v.Uaddr[x]; amp != nil {
			return g.pvValue(amp, r) // uaddr("NAME") is &NAME (sema/uaddr.go)
		}
		if limit, ok := v.StrCmp[x]; ok { // strncmp(a, b, n)
			n := int(g.p.Consts[x.Args[2]])
			g.textCmp(x.Args[0], x.Args[1], r, limit, n)
			g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r}) // 0 when equal
			return true
		}
	}
	return false
}

// implicit returns the this->NAME a bare identifier in a C++ method
// stands for (sema.Values.Implicit), or nil.
func (g *gen) implicit(e parser.Expr) *parser.FieldExpr {
	id, ok := e.(*parser.Ident)
	if !ok || g.p.Values == nil {
		return nil
	}
	return g.p.Values.Implicit[id]
}

// place is where an lvalue's bytes are: at the address in its register,
// or at heap[heap] when mem is false.
type place struct {
	mem  bool
	heap int
}

// placeOf evaluates lvalue e; r receives its address when it is in
// memory.
func (g *gen) placeOf(e parser.Expr, r uint8) place {
	if fx := g.implicit(e); fx != nil {
		e = fx
	}
	if off, ok := g.tupleSlot(e); ok {
		return place{heap: off} // a value the script holds (held.go)
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		ref, at := g.varAt(e)
		if at.InMemory() {
			g.locOps(at.Loc.Pieces[0].Ops, r, at.Module)
			return place{mem: true}
		}
		off := g.tempSlot(sema.ObjSize(ref.Type))
		g.materialize(at, sema.ObjSize(ref.Type), off)
		return place{heap: off}
	case *parser.FieldExpr:
		m := g.p.Values.MemberOf(x)
		var p place
		if d, ok := g.p.Values.DerefsOf(x); ok {
			p = g.derefs(x.X, r, d) // derefs.go
		} else if g.p.Values.Arrow(x) {
			g.exprInto(x.X, r)
			p = place{mem: true}
		} else {
			p = g.placeOf(x.X, r)
		}
		p.move(g, r, int64(m.Offset))
		return p
	case *parser.IndexExpr:
		et := g.ctype(e)
		if c := g.ctype(x.X).Counted; c != nil && !c.Text {
			g.seqIndex(x, r, c, et.Size)
			return place{mem: true}
		}
		var p place
		if g.ctype(x.X).Kind == sema.KindPointer {
			g.exprInto(x.X, r)
			p = place{mem: true}
		} else {
			p = g.placeOf(x.X, r)
		}
		if g.ctype(x.X).Kind == sema.KindString {
			p.move(g, r, ir.StrHeader) // a string the script holds: its text (sema/held.go)
		}
		if v, ok := g.p.Consts[x.Index]; ok {
			p.move(g, r, int64(v)*int64(et.Size))
			return p
		}
		if !p.mem {
			g.failf("%s is held in registers: it can only be indexed by a constant", g.p.File.Text(x.X.Span()))
			return p
		}
		ri := g.push()
		g.exprInto(x.Index, ri)
		if call := g.p.Warns[x.Index]; call != nil {
			g.indexWarn(call, ri, g.ctype(x.X).Len) // expr.go
		}
		g.scale(ri, et.Size)
		g.emit(ir.Insn{Op: ir.OpAdd, A: r, B: r, C: ri})
		g.pop()
		return p
	case *parser.CastExpr:
		if t := g.typeOf(x); t.Kind == sema.KindArray {
			return place{heap: g.arrayCast(x, t)} // arraycast.go
		}
	case *parser.CallExpr:
		if x.Fn == "pton" {
			return place{heap: g.pton(x)} // arraycast.go
		}
	case *parser.UnaryExpr:
		if d, ok := g.p.Values.DerefsOf(x); ok && x.Op == "*" {
			return g.derefs(x.X, r, d) // derefs.go
		}
		if x.Op == "*" {
			if g.ctype(x.X).Kind == sema.KindArray {
				return g.placeOf(x.X, r)
			}
			g.exprInto(x.X, r)
			return place{mem: true}
		}
	}
	// Anything else is a pointer-valued expression standing for what it
	// points to (a cast, say).
	g.exprInto(e, r)
	return place{mem: true}
}

// seqIndex evaluates into r the address of element x.Index of counted
// sequence x.X: its data pointer plus the index's elements, or 0 (a read
// error, never another element) when the index is not below its count.
func (g *gen) seqIndex(x *parser.IndexExpr, r uint8, c *sema.Counted, size int) {
	p := g.placeOf(x.X, r)
	rn := g.push()
	g.countedHeader(p, r, rn, c, nil)
	ri, t := g.push(), g.push()
	g.exprInto(x.Index, ri)
	g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: ri, C: rn})
	in := newLabel()
	g.jump(ir.OpJnz, t, in)
	g.constant(r, 0)
	g.constant(ri, 0)
	g.bind(in)
	g.scale(ri, size)
	g.emit(ir.Insn{Op: ir.OpAdd, A: r, B: r, C: ri})
	g.pop()
	g.pop()
	g.pop()
}

// move advances a place by off bytes.
func (p *place) move(g *gen, r uint8, off int64) {
	if p.mem {
		g.addImm(r, off)
	} else {
		p.heap += int(off)
	}
}

// scale multiplies r by size.
func (g *gen) scale(r uint8, size int) {
	if size == 1 {
		return
	}
	t := g.push()
	g.constant(t, uint64(size))
	g.emit(ir.Insn{Op: ir.OpMul, A: r, B: r, C: t})
	g.pop()
}

// address evaluates the address of lvalue e into r; sema made sure it has
// one.
func (g *gen) address(e parser.Expr, r uint8) {
	if p := g.placeOf(e, r); !p.mem {
		g.failf("%s has no address here", g.p.File.Text(e.Span()))
	}
}

// nullUnknown makes the address in r NULL when it was computed from an
// unknown load bias (ir.BiasUnknown sets bit 63, which no user address
// has): a $var or a map key then holds NULL, as after a failed read,
// never an address in no mapping. print's status slot says why.
func (g *gen) nullUnknown(r uint8) {
	t := g.push()
	g.constant(t, 63)
	g.emit(ir.Insn{Op: ir.OpShr, A: t, B: r, C: t})       // 1 when unknown
	g.emit(ir.Insn{Op: ir.OpAddImm, A: t, B: t, Imm: -1}) // 0 when unknown, else all ones
	g.emit(ir.Insn{Op: ir.OpAnd, A: r, B: r, C: t})
	g.pop()
}

// lvalue loads the value of the lvalue e (a field, an element, *p) into
// r: an array stands for its address, a bit field is extracted.
func (g *gen) lvalue(e parser.Expr, r uint8) {
	t := g.ctype(e)
	if t.Kind == sema.KindArray {
		g.address(e, r)
		return
	}
	p := g.placeOf(e, r)
	if t.View != nil {
		p.move(g, r, int64(t.View.At)) // the value a library object holds
	}
	if f, ok := e.(*parser.FieldExpr); ok {
		if m := g.p.Values.MemberOf(f); m.BitSize > 0 {
			g.bitfield(p, r, m)
			return
		}
	}
	if p.mem {
		g.loadScalar(r, t, 0)
	} else {
		g.heapScalar(r, p.heap, t)
	}
}

// bitfield extracts member m from the storage at place p: load the bytes
// that hold it, shift it to the top of the register, shift it back down
// (arithmetically when signed).
func (g *gen) bitfield(p place, r uint8, m sema.Member) {
	end := m.BitOffset + m.BitSize
	size := 1
	for size*8 < end {
		size *= 2
	}
	if size > 8 {
		g.failf("bit field %s spans more than 8 bytes", m.Name)
		return
	}
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: uint8(size)})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: uint8(size), Imm: int32(p.heap)})
	}
	t := g.push()
	if up := 64 - end; up > 0 {
		g.emit(ir.Insn{Op: ir.OpMovImm, A: t, Imm: int32(up)})
		g.emit(ir.Insn{Op: ir.OpShl, A: r, B: r, C: t})
	}
	if down := 64 - m.BitSize; down > 0 {
		g.emit(ir.Insn{Op: ir.OpMovImm, A: t, Imm: int32(down)})
		op := ir.OpShr
		if m.Type.Signed && m.Type.Kind != sema.KindBool {
			op = ir.OpSar
		}
		g.emit(ir.Insn{Op: op, A: r, B: r, C: t})
	}
	g.pop()
}

// ptrArith computes p + n, n + p, p - n (scaled by size) or p - q
// (divided by it) into r.
func (g *gen) ptrArith(e *parser.BinaryExpr, r uint8, size int) {
	isPtr := func(x parser.Expr) bool {
		k := g.ctype(x).Kind
		return k == sema.KindPointer || k == sema.KindArray
	}
	ptr, n := e.X, e.Y
	if !isPtr(e.X) {
		ptr, n = e.Y, e.X
	}
	g.exprInto(ptr, r)
	if isPtr(n) { // p - q
		rq := g.push()
		g.exprInto(n, rq)
		g.emit(ir.Insn{Op: ir.OpSub, A: r, B: r, C: rq})
		if size != 1 {
			g.constant(rq, uint64(size))
			g.emit(ir.Insn{Op: ir.OpDivS, A: r, B: r, C: rq})
		}
		g.pop()
		return
	}
	if v, ok := g.p.Consts[n]; ok {
		off := int64(v) * int64(size)
		if e.Op == "-" {
			off = -off
		}
		g.addImm(r, off)
		return
	}
	rn := g.push()
	g.exprInto(n, rn)
	g.scale(rn, size)
	op := ir.OpAdd
	if e.Op == "-" {
		op = ir.OpSub
	}
	g.emit(ir.Insn{Op: op, A: r, B: r, C: rn})
	g.pop()
}

// textCmp compares program text (or a string) with a string literal into
// r: 1 when equal. The text side is read with OpStStr, at most limit
// bytes (a char array with arrayText, never past its end); n > 0
// compares only the first n bytes (strncmp), else the whole texts.
func (g *gen) textCmp(a, b parser.Expr, r uint8, limit, n int) {
	mark := g.temp
	text, lit := a, b
	if _, ok := a.(*parser.StrLit); ok {
		text, lit = b, a
	}
	s := lit.(*parser.StrLit).Val
	var toff int
	if t := g.ctype(text); t.Kind == sema.KindComm {
		g.commCmp(text, s, r, n)
		g.temp = mark
		return
	} else if t.Kind == sema.KindString {
		toff, _ = g.strSlot(text, false)
	} else if t.Counted != nil {
		toff = g.tempSlot(ir.StrSlotSize(limit))
		g.countedText(text, toff, limit, 0)
	} else if t.Kind == sema.KindArray && limit+2 > t.Len {
		// OpStStr reads limit+2 bytes: past the array's end.
		toff = g.tempSlot(ir.StrSlotSize(limit))
		g.arrayText(text, zero, toff, limit, limit, t.Len)
	} else {
		toff = g.tempSlot(ir.StrHeader + limit)
		own := g.clearFaultFor(text)
		g.exprInto(text, r) // a char * value, or an array's address
		rn := g.push()
		g.constant(rn, uint64(limit))
		g.emit(ir.Insn{Op: ir.OpStStr, A: r, B: rn, C: own, Imm: int32(toff)})
		g.pop()
	}
	if n > 0 && len(s) > n {
		s = s[:n]
	}
	loff := g.tempSlot(ir.StrHeader + len(s))
	g.literal(s, loff)
	imm := max(limit, len(s))
	if n > 0 {
		imm = n
	}
	rx := g.push()
	g.constant(rx, uint64(toff))
	ry := g.push()
	g.constant(ry, uint64(loff))
	g.emit(ir.Insn{Op: ir.OpStrEq, A: r, B: rx, C: ry, Imm: int32(imm)})
	g.pop()
	g.pop()
	g.temp = mark
}

// commCmp sets r to whether the first n bytes of comm e and of the literal
// s are equal as C's strncmp compares them: comm is its NUL-padded 16
// bytes, so s is too (cut at its first NUL), and the bytes compare as
// they are.
func (g *gen) commCmp(e parser.Expr, s string, r uint8, n int) {
	s, _, _ = strings.Cut(s, "\x00")
	s = (s + strings.Repeat("\x00", ir.CommLen))[:ir.CommLen]
	coff := g.tempSlot(ir.StrHeader + ir.CommLen)
	g.commSlot(e, coff) // expr.go
	loff := g.tempSlot(ir.StrHeader + ir.CommLen)
	g.literal(s, loff)
	rx := g.push()
	g.constant(rx, uint64(coff))
	ry := g.push()
	g.constant(ry, uint64(loff))
	g.emit(ir.Insn{Op: ir.OpStrEq, A: r, B: rx, C: ry, Imm: int32(min(n, ir.CommLen))})
	g.pop()
	g.pop()
}

// pvText writes the text a char * points to into the string slot at
// heap[dst], when e is a char * printed as a string.
func (g *gen) pvText(e parser.Expr, dst int, dt *sema.Type) bool {
	if g.p.Values == nil {
		return false
	}
	if _, ok := g.p.Values.AsString[e]; !ok {
		return false
	}
	if g.isCountedText(e) {
		g.countedText(e, dst, dt.Cap, 0)
		return true
	}
	rp, own := g.strAddr(e)
	rn := g.push()
	g.constant(rn, uint64(dt.Cap))
	g.emit(ir.Insn{Op: ir.OpStStr, A: rp, B: rn, C: own, Imm: int32(dst)})
	g.pop()
	g.pop()
	return true
}

// strAddr evaluates the address of a string into a new register; own is
// OpStStr's C (see clearFaultFor).
func (g *gen) strAddr(e parser.Expr) (r, own uint8) {
	own = g.clearFaultFor(e)
	return g.expr(e), own
}

// clearFaultFor clears the fault flag before the address e of a string is
// computed when computing it reads memory, and returns 1: OpStStr with C=1
// reports a fault pending then as the address's own, so a char * that
// could not be read prints as a read error, not as NULL. An address held
// in registers (arg0) costs no instruction.
func (g *gen) clearFaultFor(e parser.Expr) uint8 {
	if !g.readsMemory(e) {
		return 0
	}
	r := g.push()
	g.emit(ir.Insn{Op: ir.OpTakeFault, A: r})
	g.pop()
	return 1
}

// readsMemory reports whether evaluating e may read the process's memory:
// anything but constants, registers, context values and script variables,
// and casts and arithmetic of those.
func (g *gen) readsMemory(e parser.Expr) bool {
	if _, ok := g.p.Consts[e]; ok {
		return false
	}
	switch x := e.(type) {
	case *parser.Ident:
		if g.p.Values != nil && (g.p.Values.Vars[e] != nil || g.implicit(e) != nil) {
			return true
		}
		return false
	case *parser.VarExpr:
		return false
	case *parser.CastExpr:
		return g.readsMemory(x.X)
	case *parser.BinaryExpr:
		if g.p.Values != nil {
			if _, ok := g.p.Values.StrCmp[x]; ok {
				return true
			}
		}
		return g.readsMemory(x.X) || g.readsMemory(x.Y)
	}
	return true
}

// storeField writes argument a of a record into field f: nothing when it
// is optimized out at this probe; a status slot after values read from
// the process; raw bytes for aggregates and floats.
func (g *gen) storeField(a parser.Expr, f *ir.Field) {
	if f.Unavailable {
		return
	}
	t := g.typeOf(a)
	if f.Status < 0 {
		g.store(a, f.Offset, t)
		return
	}
	// The status reports the reads of this value only.
	rt := g.push()
	g.emit(ir.Insn{Op: ir.OpTakeFault, A: rt})
	g.pop()
	switch f.Type.Kind {
	case ir.KindSeq:
		if n := g.ctype(a).Nodes; n != nil {
			g.nodeWalk(a, n, f) // nodes.go
			break
		}
		g.countedSeq(a, f)
	case ir.KindStruct, ir.KindUnion, ir.KindArray, ir.KindFloat, ir.KindVariants:
		g.dump(a, f)
		g.attach(a, f) // derefs.go
	default:
		if t.Size > 8 && t.Kind == sema.KindInt {
			g.dump(a, f)
			return
		}
		g.store(a, f.Offset, t)
		g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
	}
}

// dump copies the bytes of lvalue a into field f, whose status slot
// precedes them (the layout OpStMem writes). When computing the address
// read memory, a failure there is reported instead of the copy.
func (g *gen) dump(a parser.Expr, f *ir.Field) {
	n := f.Type.Size
	if at := g.p.Values.AttachedOf(a); at != nil {
		n = at.Size // the rest is what attach reads
	}
	r := g.push()
	start := len(g.insns)
	p := g.placeOf(a, r)
	if !p.mem {
		g.copyHeap(f.Offset, p.heap, ir.Align8(n))
		g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
		g.pop()
		return
	}
	skip := newLabel()
	if slices.ContainsFunc(g.insns[start:], func(in ir.Insn) bool { return in.Op == ir.OpLoad || in.Op == ir.OpTLS }) {
		g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
		t := g.push()
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(f.Status)})
		g.jump(ir.OpJnz, t, skip)
		g.pop()
	}
	rn := g.push()
	g.constant(rn, uint64(n))
	g.emit(ir.Insn{Op: ir.OpStMem, A: r, B: rn, Imm: int32(f.Status)})
	g.pop()
	g.bind(skip)
	g.pop()
}
