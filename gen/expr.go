package gen

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

func (g *gen) typeOf(e parser.Expr) *sema.Type {
	t := g.p.Types[e]
	if t == nil {
		panic(fmt.Sprintf("gen: no type for %q", g.p.File.Text(e.Span())))
	}
	return t
}

// constant loads v into register r.
func (g *gen) constant(r uint8, v uint64) {
	if s := int64(v); s >= math.MinInt32 && s <= math.MaxInt32 {
		g.emit(ir.Insn{Op: ir.OpMovImm, A: r, Imm: int32(s)})
		return
	}
	g.emit(ir.Insn{Op: ir.OpLdImm64, A: r, Imm: int32(uint32(v))})
	g.emit(ir.Insn{Op: ir.OpNop, Imm: int32(uint32(v >> 32))})
}

// expr evaluates an integer expression into a newly pushed register.
func (g *gen) expr(e parser.Expr) uint8 {
	r := g.push()
	g.exprInto(e, r)
	return r
}

// exprInto evaluates an integer expression into r, the top of the register
// stack. The register holds the value extended to 64 bits as its type says.
func (g *gen) exprInto(e parser.Expr, r uint8) {
	if v, ok := g.p.Consts[e]; ok {
		g.constant(r, v)
		return
	}
	if off, ok := g.tupleSlot(e); ok {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(off)}) // an element of a tuple (tuples.go)
		return
	}
	if x, ok := e.(*parser.IndexExpr); ok && g.typeOf(x.X).Kind == sema.KindString {
		if _, isConst := g.p.Consts[x.Index]; !isConst {
			g.stringIndexRun(x, r)
			return
		}
	}
	if g.pvExpr(e, r) {
		return // a value of the traced program (values.go)
	}
	switch e := e.(type) {
	case *parser.Ident:
		b := g.p.Builtins[e]
		switch b.Kind {
		case sema.BuiltinReg:
			g.emit(ir.Insn{Op: ir.OpLdReg, A: r, Imm: int32(b.Reg)})
		case sema.BuiltinCtx:
			g.emit(ir.Insn{Op: ir.OpLdCtx, A: r, Imm: int32(b.Ctx)})
		case sema.BuiltinFunc, sema.BuiltinProbe: // the probe's id names both
			g.emit(ir.Insn{Op: ir.OpLdCtx, A: r, Imm: int32(ir.CtxProbe)})
		case sema.BuiltinStack: // its id in gs_stacks: a key or a map value
			g.emit(ir.Insn{Op: ir.OpStackID, A: r})
		case sema.BuiltinGoid: // the word at Off in what register Reg points to (goid: runtime.g.goid)
			g.emit(ir.Insn{Op: ir.OpLdReg, A: r, Imm: int32(b.Reg)})
			g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 8, Imm: int32(b.Off)})
		default:
			panic("gen: " + b.Name + " is not an integer")
		}
	case *parser.VarExpr:
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(g.p.Vars[e].Offset)})
	case *parser.UnaryExpr:
		g.exprInto(e.X, r)
		op := map[string]ir.Op{"-": ir.OpNeg, "~": ir.OpNot, "!": ir.OpLNot}[e.Op]
		g.emit(ir.Insn{Op: op, A: r, B: r})
	case *parser.BinaryExpr:
		g.binary(e, r)
	case *parser.CondExpr:
		g.cond(e, func(x parser.Expr) { g.exprInto(x, r) })
	case *parser.CastExpr:
		if g.typeOf(e.X).Kind == sema.KindArray {
			g.arrayInt(e, r) // arraycast.go
			return
		}
		g.exprInto(e.X, r)
		g.convert(r, g.typeOf(e.X), g.typeOf(e))
	case *parser.MapExpr:
		g.mapRead(e, r)
	case *parser.CallExpr:
		switch e.Fn {
		case "usym":
			g.exprInto(e.Args[0], r) // the address; the runtime symbolizes it
		case "strftime":
			g.exprInto(e.Args[1], r) // the nanoseconds; the runtime formats them
		case "strerror", "signal_name":
			g.exprInto(e.Args[0], r) // the errno or signal; the runtime prints its text
		case "reg":
			g.emit(ir.Insn{Op: ir.OpLdReg, A: r, Imm: int32(g.p.RegOf[e])})
		case "ustack":
			g.emit(ir.Insn{Op: ir.OpStackID, A: r}) // its id in gs_stacks: a key or a map value
		case "cgroup_path":
			g.exprInto(e.Args[0], r) // the cgroup id; the runtime prints its path
		case "ntop":
			g.exprInto(e.Args[len(e.Args)-1], r) // the address; the runtime prints it
		case "macaddr":
			g.macaddr(e.Args[0], r) // textcalls.go
		case "delete":
			g.mapDeleteInto(e, r)
		case "has_key":
			g.hasKey(e, r)
		case "len": // of a ustack: its frame count
			if me, ok := e.Args[0].(*parser.MapExpr); ok && len(me.Keys) == 0 {
				g.mapLen(me, r)
				break
			}
			mark := g.temp
			t := g.typeOf(e.Args[0])
			off := g.tempSlot(sema.SlotSize(t))
			g.emit(ir.Insn{Op: ir.OpStStack, C: uint8(t.Len), Imm: int32(off)})
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(off)})
			g.temp = mark
		case "strlen":
			mark := g.temp
			off, _ := g.strSlot(e.Args[0], false)
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 2, Imm: int32(off)}) // the slot's u16 length
			g.temp = mark
		case "bswap":
			g.bswap(e, r)
		case "strcontains":
			g.strcontains(e, r)
		case "nsecs":
			g.emit(ir.Insn{Op: ir.OpLdCtx, A: r, Imm: int32(sema.NsecsClocks[e.Args[0].(*parser.Ident).Name])})
		default:
			panic("gen: " + e.Fn + "() is not an integer")
		}
	default:
		panic(fmt.Sprintf("gen: unexpected integer expression %T", e))
	}
}

// convert turns the value of type from in r into a value of type to.
func (g *gen) convert(r uint8, from, to *sema.Type) {
	fits := from.Kind == sema.KindBool ||
		from.Size < to.Size && !from.Signed ||
		from.Size <= to.Size && from.Signed == to.Signed
	switch {
	case fits && to.Kind != sema.KindBool:
	case to.Kind == sema.KindBool:
		if from.Kind != sema.KindBool {
			g.emit(ir.Insn{Op: ir.OpNe, A: r, B: r, C: zero})
		}
	case to.Size < 8 && to.Signed:
		g.emit(ir.Insn{Op: ir.OpSext, A: r, B: r, C: uint8(to.Size)})
	case to.Size < 8:
		g.emit(ir.Insn{Op: ir.OpZext, A: r, B: r, C: uint8(to.Size)})
	}
}

// arithOps are the binary operators as ops: signed, unsigned.
var arithOps = map[string][2]ir.Op{
	"+": {ir.OpAdd, ir.OpAdd}, "-": {ir.OpSub, ir.OpSub}, "*": {ir.OpMul, ir.OpMul},
	"/": {ir.OpDivS, ir.OpDivU}, "%": {ir.OpModS, ir.OpModU},
	"&": {ir.OpAnd, ir.OpAnd}, "|": {ir.OpOr, ir.OpOr}, "^": {ir.OpXor, ir.OpXor},
	"<<": {ir.OpShl, ir.OpShl}, ">>": {ir.OpSar, ir.OpShr},
	"==": {ir.OpEq, ir.OpEq}, "!=": {ir.OpNe, ir.OpNe},
	"<": {ir.OpLtS, ir.OpLtU}, "<=": {ir.OpLeS, ir.OpLeU},
	">": {ir.OpLtS, ir.OpLtU}, ">=": {ir.OpLeS, ir.OpLeU}, // operands swapped
}

func (g *gen) binary(e *parser.BinaryExpr, r uint8) {
	switch e.Op {
	case "&&", "||":
		g.logical(e, r)
		return
	}
	xt, yt := g.typeOf(e.X), g.typeOf(e.Y)
	if xt.Kind == sema.KindString || xt.Kind == sema.KindStrLit || xt.Kind == sema.KindComm || xt.Kind == sema.KindBuf {
		g.strEq(e, r)
		return
	}
	if sema.IsHeld(xt) && sema.IsHeld(yt) {
		g.heldEq(e, r) // held.go
		return
	}
	if _, ok := g.p.Consts[e.Y]; !ok && need(e.Y) > need(e.X) {
		// Sethi-Ullman: the operand needing more registers goes first, so
		// a right-leaning tree needs two registers instead of its depth.
		// Integer expressions have no side effects to reorder.
		g.exprInto(e.Y, r)
		r2 := g.push()
		g.exprInto(e.X, r2)
		g.checkedOp(e.Op, r, r2, r, xt, yt, e.Y)
		g.pop()
		return
	}
	g.exprInto(e.X, r)
	g.arith(e.Op, r, e.Y, xt, yt)
}

// need estimates the registers evaluating e takes.
func need(e parser.Expr) int {
	switch e := e.(type) {
	case *parser.UnaryExpr:
		return need(e.X)
	case *parser.CastExpr:
		return need(e.X)
	case *parser.BinaryExpr:
		x, y := need(e.X), need(e.Y)
		if x == y && e.Op != "&&" && e.Op != "||" {
			return x + 1
		}
		return max(x, y)
	case *parser.CondExpr:
		return max(need(e.Cond)+1, need(e.Then), need(e.Else))
	case *parser.MapExpr:
		return needKeys(e.Keys)
	}
	return 1
}

// arith computes r = r op y, where r holds a value of type xt.
func (g *gen) arith(op string, r uint8, y parser.Expr, xt, yt *sema.Type) {
	if v, ok := g.p.Consts[y]; ok && (op == "+" || op == "-") {
		if op == "-" {
			v = -v
		}
		if s := int64(v); s >= math.MinInt32 && s <= math.MaxInt32 {
			if s != 0 {
				g.emit(ir.Insn{Op: ir.OpAddImm, A: r, B: r, Imm: int32(s)})
			}
			return
		}
	}
	r2 := uint8(zero)
	if v, ok := g.p.Consts[y]; !ok || v != 0 {
		r2 = g.push()
		g.exprInto(y, r2)
		defer g.pop()
	}
	g.checkedOp(op, r, r, r2, xt, yt, y)
}

// warnsInside reports whether evaluating args can emit a run-time
// warning (sema's Warns).
func (g *gen) warnsInside(args []parser.Expr) bool {
	found := false
	for _, a := range args {
		parser.Inspect(a, func(n parser.Node) bool {
			if e, ok := n.(parser.Expr); ok && g.p.Warns[e] != nil {
				found = true
			}
			return !found && n != nil
		})
	}
	return found
}

// indexWarn emits sema's warning call where the index in ri is not
// below n, an array's length: unsigned, so a negative index is past the
// end too, as bpftrace compares it.
func (g *gen) indexWarn(call *parser.CallExpr, ri uint8, n int) {
	in := newLabel()
	t := g.push()
	g.constant(t, uint64(n))
	g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: ri, C: t})
	g.jump(ir.OpJnz, t, in)
	g.record(call)
	g.bind(in)
	g.pop()
}

// checkedOp is op, and for a / or % whose divisor (the expression y
// holds) can be 0, the warning sema made for it and a = 1 where y is 0,
// as bpftrace does.
func (g *gen) checkedOp(op string, a, x, y uint8, xt, yt *sema.Type, divisor parser.Expr) {
	call := g.p.Warns[divisor]
	if call == nil {
		g.op(op, a, x, y, xt, yt)
		return
	}
	nonzero, end := newLabel(), newLabel()
	g.jump(ir.OpJnz, y, nonzero)
	g.record(call)
	g.constant(a, 1)
	g.jump(ir.OpJa, 0, end)
	g.bind(nonzero)
	g.op(op, a, x, y, xt, yt)
	g.bind(end)
}

// op emits a = x op y for integer operands of types xt and yt.
func (g *gen) op(op string, a, x, y uint8, xt, yt *sema.Type) {
	unsigned := sema.Arith(xt, yt) == sema.Uint64
	if op == ">>" {
		unsigned = sema.Promote(xt) == sema.Uint64
	}
	ops := arithOps[op]
	o := ops[0]
	if unsigned {
		o = ops[1]
	}
	if op == ">" || op == ">=" {
		x, y = y, x
	}
	g.emit(ir.Insn{Op: o, A: a, B: x, C: y})
}

// logical computes && and || as 0 or 1 without evaluating the right side
// when the left decides.
func (g *gen) logical(e *parser.BinaryExpr, r uint8) {
	end := newLabel()
	g.exprInto(e.X, r)
	if e.Op == "&&" {
		g.jump(ir.OpJz, r, end) // r is 0, the result
	} else {
		g.toBool(r, e.X)
		g.jump(ir.OpJnz, r, end) // r is 1, the result
	}
	g.exprInto(e.Y, r)
	g.toBool(r, e.Y)
	g.bind(end)
}

// toBool makes r, the value of e, 0 or 1.
func (g *gen) toBool(r uint8, e parser.Expr) {
	if g.typeOf(e).Kind != sema.KindBool {
		g.emit(ir.Insn{Op: ir.OpNe, A: r, B: r, C: zero})
	}
}

// cond lowers c ? x : y, each branch by lower (into the same place, a
// register or a slot): the condition's jump, x's code and a jump past
// y's, then y's. Every conditional expression in gen is lowered by it.
func (g *gen) cond(c *parser.CondExpr, lower func(x parser.Expr)) {
	els, end := newLabel(), newLabel()
	g.branch(c.Cond, els, false)
	lower(c.Then)
	g.jump(ir.OpJa, 0, end)
	g.bind(els)
	lower(c.Else)
	g.bind(end)
}

// branch jumps to l when e is true (jumpIf) or false (!jumpIf), and falls
// through otherwise. && and || become jumps; no bool is materialized.
func (g *gen) branch(e parser.Expr, l *label, jumpIf bool) {
	if v, ok := g.p.Consts[e]; ok {
		if (v != 0) == jumpIf {
			g.jump(ir.OpJa, 0, l)
		}
		return
	}
	switch e := e.(type) {
	case *parser.UnaryExpr:
		if e.Op == "!" {
			g.branch(e.X, l, !jumpIf)
			return
		}
	case *parser.BinaryExpr:
		if (e.Op == "&&" && !jumpIf) || (e.Op == "||" && jumpIf) {
			g.branch(e.X, l, jumpIf)
			g.branch(e.Y, l, jumpIf)
			return
		}
		if e.Op == "&&" || e.Op == "||" {
			skip := newLabel()
			g.branch(e.X, skip, !jumpIf)
			g.branch(e.Y, l, jumpIf)
			g.bind(skip)
			return
		}
		// x != 0 and x == 0 test x itself.
		if v, ok := g.p.Consts[e.Y]; ok && v == 0 && (e.Op == "!=" || e.Op == "==") && g.typeOf(e.X).IsInteger() {
			g.branch(e.X, l, jumpIf == (e.Op == "!="))
			return
		}
	}
	r := g.expr(e)
	op := ir.OpJz
	if jumpIf {
		op = ir.OpJnz
	}
	g.jump(op, r, l)
	g.pop()
}

// strEq compares two strings (or comm values) into r.
//
// OpStrEq compares the lengths of two string slots, then their texts. A
// comm value has no length, only NUL padding, so it is compared as a slot
// of length ir.CommLen, clipped by the op to the length of a literal that
// counts its NUL: the bytes up to and including the literal's NUL are
// equal exactly when the names are.
func (g *gen) strEq(e *parser.BinaryExpr, r uint8) {
	mark := g.temp
	withNUL := g.typeOf(e.X).Kind == sema.KindComm || g.typeOf(e.Y).Kind == sema.KindComm
	xoff, xn := g.strSlot(e.X, withNUL)
	yoff, yn := g.strSlot(e.Y, withNUL)
	rx := g.push()
	g.constant(rx, uint64(xoff))
	ry := g.push()
	g.constant(ry, uint64(yoff))
	n := max(xn, yn)
	if withNUL {
		n = min(xn, yn) // comm's length is clipped to the literal's
	}
	g.emit(ir.Insn{Op: ir.OpStrEq, A: r, B: rx, C: ry, Imm: int32(n)})
	g.pop()
	g.pop()
	if e.Op == "!=" {
		g.emit(ir.Insn{Op: ir.OpLNot, A: r, B: r})
	}
	g.temp = mark
}

// strSlot returns the heap offset of a string slot holding e's text, and
// the most bytes it can hold: a $var's own slot, or a temporary. A comm
// value becomes a slot of length ir.CommLen; withNUL makes a literal's
// length count its terminating NUL (see strEq).
func (g *gen) strSlot(e parser.Expr, withNUL bool) (off, n int) {
	t := g.typeOf(e)
	switch {
	case t.Kind == sema.KindComm:
		off = g.tempSlot(ir.StrHeader + ir.CommLen)
		g.commSlot(e, off)
		return off, ir.CommLen
	case t.Kind == sema.KindStrLit && withNUL:
		lit := e.(*parser.StrLit).Val
		off = g.tempSlot(ir.StrHeader + len(lit) + 1)
		g.literal(lit+"\x00", off)
		return off, len(lit) + 1
	}
	if off, ok := g.tupleSlot(e); ok {
		return off, t.Cap // a $var or a tuple's element
	}
	off = g.tempSlot(sema.SlotSize(t))
	if t.Kind == sema.KindBuf {
		g.store(e, off, t) // a slot as a string's, of raw bytes (buf.go)
		return off, t.Cap
	}
	g.text(e, off, t)
	return off, t.Cap
}

// text writes the string value e into the string slot at heap[dst], whose
// type is dt.
func (g *gen) text(e parser.Expr, dst int, dt *sema.Type) {
	if off, ok := g.tupleSlot(e); ok {
		if off != dst {
			g.copyHeap(dst, off, min(sema.SlotSize(g.typeOf(e)), sema.SlotSize(dt)))
		}
		return // a $var or a tuple's element (tuples.go)
	}
	if g.pvText(e, dst, dt) {
		return // a char * printed as a string (values.go)
	}
	switch e := e.(type) {
	case *parser.StrLit:
		text, _, _ := strings.Cut(e.Val, "\x00") // a string's text ends at a NUL, as C's
		g.literal(text, dst)
	case *parser.CallExpr: // str(p[, n])
		t := g.typeOf(e)
		if at := g.ctype(e.Args[0]); at.Kind == sema.KindArray {
			g.arrayText(e.Args[0], zero, dst, t.Cap, t.Cap, at.Len)
			return
		}
		if g.isCountedText(e.Args[0]) {
			g.countedText(e.Args[0], dst, t.Cap, 0)
			return
		}
		rp, own := g.strAddr(e.Args[0])
		rn := g.strLimit(e, t.Cap)
		g.emit(ir.Insn{Op: ir.OpStStr, A: rp, B: rn, C: own, Imm: int32(dst)})
		g.pop()
		g.pop()
	case *parser.VarExpr:
		v := g.p.Vars[e]
		if v.Offset != dst {
			g.copyHeap(dst, v.Offset, min(sema.SlotSize(v.Type), sema.SlotSize(dt)))
		}
	case *parser.MapExpr: // a map of strings
		g.mapText(e, dst, dt)
	case *parser.CondExpr:
		g.cond(e, func(x parser.Expr) { g.text(x, dst, dt) })
	default:
		panic(fmt.Sprintf("gen: unexpected string expression %T", e))
	}
}

// literal writes a string slot holding s at heap[dst] with constant
// stores: the length word, then the text in 8-byte words, NUL-padded.
func (g *gen) literal(s string, dst int) {
	r := g.push()
	g.constant(r, uint64(len(s)))
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(dst)})
	for i := 0; i < len(s); i += 8 {
		var word [8]byte
		copy(word[:], s[i:])
		src := uint8(zero)
		if v := binary.LittleEndian.Uint64(word[:]); v != 0 {
			g.constant(r, v)
			src = r
		}
		g.emit(ir.Insn{Op: ir.OpStHeap, A: src, C: 8, Imm: int32(dst + ir.StrHeader + i)})
	}
	g.pop()
}

// commSlot writes the comm value e as a string slot of length
// ir.CommLen at heap[dst] (its text NUL-padded).
func (g *gen) commSlot(e parser.Expr, dst int) {
	r := g.push()
	g.constant(r, ir.CommLen)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(dst)})
	g.pop()
	g.comm(e, dst+ir.StrHeader)
}

// comm writes the comm value e (ir.CommLen bytes) at heap[dst].
func (g *gen) comm(e parser.Expr, dst int) {
	if off, ok := g.tupleSlot(e); ok {
		if off != dst {
			g.copyHeap(dst, off, ir.CommLen)
		}
		return
	}
	switch e := e.(type) {
	case *parser.Ident:
		g.emit(ir.Insn{Op: ir.OpStComm, Imm: int32(dst)})
	case *parser.VarExpr:
		if off := g.p.Vars[e].Offset; off != dst {
			g.copyHeap(dst, off, ir.CommLen)
		}
	case *parser.CondExpr:
		g.cond(e, func(x parser.Expr) { g.comm(x, dst) })
	default:
		panic(fmt.Sprintf("gen: unexpected comm expression %T", e))
	}
}

// copyHeap copies n bytes (a multiple of 8) from heap[src] to heap[dst].
//
// TODO: an ir op for heap-to-heap copies would make this one instruction.
func (g *gen) copyHeap(dst, src, n int) {
	r := g.push()
	for i := 0; i < n; i += 8 {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(src + i)})
		g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(dst + i)})
	}
	g.pop()
}

// store writes the value of e, of type t, into the slot at heap[dst].
func (g *gen) store(e parser.Expr, dst int, t *sema.Type) {
	switch t.Kind {
	case sema.KindString, sema.KindStrLit:
		g.text(e, dst, t)
	case sema.KindComm:
		g.comm(e, dst)
	case sema.KindBuf:
		switch e := e.(type) {
		case *parser.VarExpr:
			g.copyHeap(dst, g.p.Vars[e].Offset, sema.SlotSize(t))
			return
		case *parser.MapExpr:
			g.mapText(e, dst, t) // a map of buf()s
			return
		case *parser.CondExpr: // each branch's buf(), at its own length
			g.condStore(e, dst, t)
			return
		}
		g.buf(e.(*parser.CallExpr), dst) // buf.go
	case sema.KindStack:
		if t.StackID {
			r := g.expr(e) // a map's value
			g.stHeap(r, dst)
			g.pop()
			break
		}
		g.emit(ir.Insn{Op: ir.OpStStack, C: uint8(t.Len), Imm: int32(dst)})
	case sema.KindTuple:
		g.tuple(e, dst, t) // tuples.go
	case sema.KindStruct, sema.KindUnion, sema.KindArray:
		g.held(e, dst, t) // held.go
	default:
		r := g.expr(e)
		g.convert(r, g.typeOf(e), t)
		g.stHeap(r, dst)
		g.pop()
	}
}

// stHeap stores r, a value just computed that is dead after the store, as
// 8 bytes at heap[dst]. When the instruction just emitted loaded r from a
// saved register or the context (argN, retval, pid, tid, nsecs...) and
// nothing jumps to the store, that load becomes the store (OpStReg,
// OpStCtx): one step less per hit.
func (g *gen) stHeap(r uint8, dst int) {
	if n := len(g.insns); n > 0 && g.boundAt != n {
		last := &g.insns[n-1]
		switch {
		case last.A != r:
		case last.Op == ir.OpLdReg:
			*last = ir.Insn{Op: ir.OpStReg, C: uint8(last.Imm), Imm: int32(dst)}
			return
		case last.Op == ir.OpLdCtx:
			*last = ir.Insn{Op: ir.OpStCtx, C: uint8(last.Imm), Imm: int32(dst)}
			return
		}
	}
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(dst)})
}

// record builds and emits the record of a print, printf or exit call.
func (g *gen) record(call *parser.CallExpr) {
	id := g.eventID(call) // values.go
	ev := g.p.Events[id]
	g.emit(ir.Insn{Op: ir.OpRecord, Imm: int32(id)})
	switch ev.Kind {
	case ir.EventPrintMap, ir.EventClearMap, ir.EventZeroMap:
		g.emit(ir.Insn{Op: ir.OpEmit, Imm: int32(ev.Size)}) // the header names the event, the event the map
		return
	}
	args := call.Args
	switch {
	case ev.Kind.Formatted():
		args = args[1:]
	case ev.Kind == ir.EventTime:
		args = nil
	}
	for i, a := range args {
		g.storeField(a, &ev.Fields[i]) // values.go
	}
	if g.warnsInside(args) {
		// A run-time warning is a header-only record of its own, built
		// in the same place: write this one's header again.
		g.emit(ir.Insn{Op: ir.OpRecord, Imm: int32(id)})
	}
	g.emit(ir.Insn{Op: ir.OpEmit, Imm: int32(ev.Size)})
	if ev.Kind == ir.EventExit {
		g.emit(ir.Insn{Op: ir.OpExit, Imm: 1}) // exit(): every probe stops, in the kernel
	}
}

func (g *gen) assign(s *parser.AssignStmt) {
	if me, ok := s.LHS.(*parser.MapExpr); ok {
		g.mapAssign(s, me)
		return
	}
	lhs := s.LHS.(*parser.VarExpr)
	v := g.p.Vars[lhs]
	if s.Op == "=" {
		start := len(g.insns)
		g.store(s.RHS, v.Offset, v.Type)
		g.readWarn(s.RHS, start)
		return
	}
	op := s.Op[:len(s.Op)-1]
	r := g.expr(lhs)
	g.arith(op, r, s.RHS, v.Type, g.typeOf(s.RHS))
	g.convert(r, sema.Arith(v.Type, g.typeOf(s.RHS)), v.Type)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(v.Offset)})
	g.pop()
}

// zeroVar clears a $var's slot so a read before any assignment sees 0 or
// the empty string.
func (g *gen) zeroVar(v *sema.Var) {
	n := 8
	switch v.Type.Kind {
	case sema.KindComm:
		n = ir.CommLen
	case sema.KindStruct, sema.KindUnion, sema.KindArray, sema.KindTuple:
		n = sema.SlotSize(v.Type)
	}
	for i := 0; i < n; i += 8 {
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(v.Offset + i)})
	}
}

// bswap reverses the bytes of bswap's argument, at the size of the
// result's type, into r: byte i of the value becomes byte size-1-i.
func (g *gen) bswap(e *parser.CallExpr, r uint8) {
	size := g.typeOf(e).Size
	x := g.expr(e.Args[0])
	b, k := g.push(), g.push()
	g.constant(r, 0)
	for i := 0; i < size; i++ {
		g.constant(k, uint64(8*i))
		g.emit(ir.Insn{Op: ir.OpShr, A: b, B: x, C: k})
		g.constant(k, 0xff)
		g.emit(ir.Insn{Op: ir.OpAnd, A: b, B: b, C: k})
		g.constant(k, 8)
		g.emit(ir.Insn{Op: ir.OpShl, A: r, B: r, C: k})
		g.emit(ir.Insn{Op: ir.OpOr, A: r, B: r, C: b})
	}
	g.pop()
	g.pop()
	g.pop()
}

// strcontains searches the string slot of strcontains's haystack for its
// needle into r (sema checked the size of the search): a literal, whose
// bytes and length are constants, or a string read at run time into its
// own slot. At each position the haystack's length allows, the needle's
// bytes are compared one by one (constant heap offsets, so every position
// and needle byte is its own code) until the needle's length is reached,
// and the first position that matches them all ends the search. Bytes are
// compared only below both lengths, so no byte past a string's text takes
// part.
func (g *gen) strcontains(e *parser.CallExpr, r uint8) {
	if ids, ok := g.p.ProbeMatch[e]; ok { // the probe that runs is one of ids (sema's strcontainsName)
		id, t := g.push(), g.push()
		g.emit(ir.Insn{Op: ir.OpLdCtx, A: id, Imm: int32(ir.CtxProbe)})
		g.constant(r, 0)
		for _, p := range ids {
			g.constant(t, uint64(p))
			g.emit(ir.Insn{Op: ir.OpEq, A: t, B: id, C: t})
			g.emit(ir.Insn{Op: ir.OpOr, A: r, B: r, C: t})
		}
		g.pop()
		g.pop()
		return
	}
	mark := g.temp
	lit, isLit := e.Args[1].(*parser.StrLit)
	var needle string
	if isLit {
		needle, _, _ = strings.Cut(lit.Val, "\x00")
		g.constant(r, 1)
		if len(needle) == 0 {
			return
		}
	}
	hoff, hcap := g.strSlot(e.Args[0], false)
	noff, ncap := 0, len(needle)
	if !isLit {
		noff, ncap = g.strSlot(e.Args[1], false)
		g.constant(r, 1)
	}
	hl := g.push()
	var nl uint8 // the needle's length at run time
	if !isLit {
		nl = g.push()
	}
	t, k := g.push(), g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: hl, C: 2, Imm: int32(hoff)}) // the slots' u16 lengths
	found, missing := newLabel(), newLabel()
	if !isLit {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: nl, C: 2, Imm: int32(noff)})
		g.jump(ir.OpJz, nl, found) // the empty needle is everywhere
	}
	for i := 0; i < hcap && (!isLit || i+ncap <= hcap); i++ {
		next := newLabel()
		if isLit {
			g.constant(k, uint64(i+ncap))
			g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: hl, C: k})
		} else {
			g.constant(k, uint64(i))
			g.emit(ir.Insn{Op: ir.OpAdd, A: t, B: k, C: nl})
			g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: hl, C: t})
		}
		g.jump(ir.OpJnz, t, missing) // the text ends before the needle would
		for j := 0; j < ncap && i+j < hcap; j++ {
			if !isLit && j > 0 {
				g.constant(k, uint64(j))
				g.emit(ir.Insn{Op: ir.OpLtU, A: t, B: k, C: nl})
				g.jump(ir.OpJz, t, found) // all of the needle matched
			}
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 1, Imm: int32(hoff + ir.StrHeader + i + j)})
			if isLit {
				g.constant(k, uint64(needle[j]))
			} else {
				g.emit(ir.Insn{Op: ir.OpLdHeap, A: k, C: 1, Imm: int32(noff + ir.StrHeader + j)})
			}
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
	if !isLit {
		g.pop()
	}
	g.pop()
	g.pop()
	g.temp = mark
}

// strLimit pushes a register with the most bytes str(p[, n]) e reads: n
// when it is a constant or absent (limit, its type's capacity), else n's
// value at run time, at most limit (unsigned: a negative n is limit).
func (g *gen) strLimit(e *parser.CallExpr, limit int) uint8 {
	if len(e.Args) < 2 {
		rn := g.push()
		g.constant(rn, uint64(limit))
		return rn
	}
	if _, ok := g.p.Consts[e.Args[1]]; ok {
		rn := g.push()
		g.constant(rn, uint64(limit))
		return rn
	}
	rn := g.expr(e.Args[1])
	cut := g.push()
	g.clampCount(rn, cut, limit)
	g.pop()
	return rn
}

// readWarn emits sema's -k warning of the value e (Program.Warns) where
// the code from start on read user memory (OpLoad) and the read faulted.
func (g *gen) readWarn(e parser.Expr, start int) {
	call := g.p.Warns[e]
	if call == nil || !slices.ContainsFunc(g.insns[start:], func(in ir.Insn) bool { return in.Op == ir.OpLoad }) {
		return
	}
	ok := newLabel()
	t := g.push()
	g.emit(ir.Insn{Op: ir.OpTakeFault, A: t})
	g.jump(ir.OpJz, t, ok)
	g.record(call)
	g.bind(ok)
	g.pop()
}

// stringIndexRun loads $s[i] of a string the script holds, i computed at
// run time, into r: the byte of its text at i, compared with each
// position of its capacity (the heap has no load at a computed offset);
// 0 outside it (sema's stringIndex).
func (g *gen) stringIndexRun(e *parser.IndexExpr, r uint8) {
	mark := g.temp
	off, n := g.strSlot(e.X, false)
	ri, t := g.push(), g.push()
	g.exprInto(e.Index, ri)
	g.constant(r, 0)
	for i := 0; i < n; i++ {
		skip := newLabel()
		g.constant(t, uint64(i))
		g.emit(ir.Insn{Op: ir.OpEq, A: t, B: ri, C: t})
		g.jump(ir.OpJz, t, skip)
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 1, Imm: int32(off + ir.StrHeader + i)})
		g.emit(ir.Insn{Op: ir.OpSext, A: r, B: r, C: 1}) // a char
		g.bind(skip)
	}
	g.pop()
	g.pop()
	g.temp = mark
}
