package gen

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/sema"
)

// This file lowers DWARF locations (debuginfo.Location, already resolved
// for one probe's address) to bytecode.
//
// A piece's Ops is a DWARF stack program; its stack maps onto gen's
// register stack one entry per register, so the program runs at compile
// time over registers and leaves instructions:
//
//	DW_OP_bregN off       ldreg rX, slot(N); addi rX, rX, off
//	DW_OP_fbreg, CFA      (resolved by debuginfo into bregs)
//	DW_OP_addr a          ldi64 rX, a; ldbias rT, module; add rX, rX, rT
//	                      (ldbias only in a PIE or shared library)
//	DW_OP_deref_size n    load rX, [rX+0], n
//	thread-local storage  ldctx rT, tp (executable), tls rX, rX (a library's
//	                      block, from the module id in its GOT): sema
//	                      rewrites DW_OP_form_tls_address (sema/tls.go)
//	DW_OP_plus, ...       the matching ALU op on the top two registers
//
// A value is then one of: a register piece (ldreg), a computed value
// (DW_OP_stack_value: the program's result), an address (memory: load
// the value's size from it), constant bytes (DW_OP_implicit_value,
// DW_AT_const_value), or several pieces, assembled byte by byte in the
// heap.

// failf records an internal error at the current statement: sema refuses
// what gen cannot lower (valuepass.go, cexpr.go, debuginfo's checkStack),
// so getting here is a bug. The statement's text says where.
func (g *gen) failf(format string, args ...any) {
	if g.err == nil {
		stmt := g.p.File.Text(g.stmtSp)
		if i := strings.IndexByte(stmt, '\n'); i >= 0 {
			stmt = stmt[:i] + " ..."
		}
		g.err = fmt.Errorf("%w: generate %q: %s", ErrInternal, stmt, fmt.Sprintf(format, args...))
	}
}

// addImm adds the constant v to register r, folding it into an addi to r
// just before (a field of a field) when no jump lands between them.
func (g *gen) addImm(r uint8, v int64) {
	if n := len(g.insns); n > 0 && v != 0 && g.boundAt != n {
		if last := &g.insns[n-1]; last.Op == ir.OpAddImm && last.A == r && last.B == r {
			if s := int64(last.Imm) + v; s >= math.MinInt32 && s <= math.MaxInt32 {
				last.Imm = int32(s)
				if s == 0 {
					g.insns = g.insns[:n-1]
				}
				return
			}
		}
	}
	switch {
	case v == 0:
	case v >= math.MinInt32 && v <= math.MaxInt32:
		g.emit(ir.Insn{Op: ir.OpAddImm, A: r, B: r, Imm: int32(v)})
	default:
		t := g.push()
		g.constant(t, uint64(v))
		g.emit(ir.Insn{Op: ir.OpAdd, A: r, B: r, C: t})
		g.pop()
	}
}

// ldreg loads saved DWARF register reg into r.
func (g *gen) ldreg(r uint8, reg int) {
	slot, ok := debuginfo.PtRegsSlot(reg)
	if !ok {
		g.failf("register %s is not saved by a uprobe", debuginfo.RegName(reg))
	}
	g.emit(ir.Insn{Op: ir.OpLdReg, A: r, Imm: int32(slot)})
}

// locOps runs the location program ops on the register stack and leaves
// its result (the top of its stack) in r, which the caller has pushed.
// module is the ir.Program.Modules index for biased addresses.
func (g *gen) locOps(ops []debuginfo.LocOp, r uint8, module int) {
	var st []uint8 // st[0] is r; the others were pushed in order
	push := func() uint8 {
		if len(st) == 0 {
			st = append(st, r)
			return r
		}
		x := g.push()
		st = append(st, x)
		return x
	}
	pop := func() {
		if len(st) > 1 {
			g.pop()
		}
		st = st[:len(st)-1]
	}
	var cur debuginfo.LocOp
	need := func(n int) bool {
		if len(st) < n {
			g.failf("malformed DWARF location: %s needs %d operands", cur, n)
			return false
		}
		return true
	}
	binop := func(op ir.Op, swap bool) {
		if !need(2) {
			return
		}
		y, x := st[len(st)-2], st[len(st)-1]
		if swap {
			g.emit(ir.Insn{Op: op, A: y, B: x, C: y})
		} else {
			g.emit(ir.Insn{Op: op, A: y, B: y, C: x})
		}
		pop()
	}
	for _, o := range ops {
		cur = o
		switch o.Kind {
		case debuginfo.LocReg:
			g.ldreg(push(), o.Reg)
		case debuginfo.LocBreg:
			x := push()
			g.ldreg(x, o.Reg)
			g.addImm(x, o.Offset)
		case debuginfo.LocAddr:
			x := push()
			g.constant(x, o.Value)
			if o.Bias {
				t := g.push()
				g.emit(ir.Insn{Op: ir.OpLdBias, A: t, Imm: int32(module)})
				g.emit(ir.Insn{Op: ir.OpAdd, A: x, B: x, C: t})
				g.pop()
			}
		case debuginfo.LocConst:
			g.constant(push(), o.Value)
		case debuginfo.LocTP:
			g.emit(ir.Insn{Op: ir.OpLdCtx, A: push(), Imm: int32(ir.CtxTP)})
		case debuginfo.LocTLSBlock:
			if need(1) {
				x := st[len(st)-1]
				g.emit(ir.Insn{Op: ir.OpTLS, A: x, B: x, Imm: int32(o.Value)})
			}
		case debuginfo.LocNeedCaller:
			if need(1) {
				x := st[len(st)-1]
				ok := newLabel()
				g.jump(ir.OpJnz, x, ok)
				g.constant(x, ir.AddrUnavailable) // fails: the value prints as <optimized out>
				g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: x, C: 8})
				g.bind(ok)
				pop()
			}
		case debuginfo.LocPlusConst:
			if need(1) {
				g.addImm(st[len(st)-1], o.Offset)
			}
		case debuginfo.LocDeref:
			if !need(1) {
				return
			}
			if o.Size != 1 && o.Size != 2 && o.Size != 4 && o.Size != 8 {
				g.failf("DW_OP_deref_size %d is not supported", o.Size)
				return
			}
			x := st[len(st)-1]
			g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: x, C: uint8(o.Size)})
		case debuginfo.LocAdd:
			binop(ir.OpAdd, false)
		case debuginfo.LocSub:
			binop(ir.OpSub, false)
		case debuginfo.LocMul:
			binop(ir.OpMul, false)
		case debuginfo.LocDiv:
			binop(ir.OpDivS, false)
		case debuginfo.LocMod:
			binop(ir.OpModU, false)
		case debuginfo.LocAnd:
			binop(ir.OpAnd, false)
		case debuginfo.LocOr:
			binop(ir.OpOr, false)
		case debuginfo.LocXor:
			binop(ir.OpXor, false)
		case debuginfo.LocShl:
			binop(ir.OpShl, false)
		case debuginfo.LocShr:
			binop(ir.OpShr, false)
		case debuginfo.LocShra:
			binop(ir.OpSar, false)
		case debuginfo.LocEq:
			binop(ir.OpEq, false)
		case debuginfo.LocNe:
			binop(ir.OpNe, false)
		case debuginfo.LocLt:
			binop(ir.OpLtS, false)
		case debuginfo.LocLe:
			binop(ir.OpLeS, false)
		case debuginfo.LocGt: // y > x is x < y
			binop(ir.OpLtS, true)
		case debuginfo.LocGe:
			binop(ir.OpLeS, true)
		case debuginfo.LocNeg, debuginfo.LocNot:
			if need(1) {
				x := st[len(st)-1]
				op := ir.OpNeg
				if o.Kind == debuginfo.LocNot {
					op = ir.OpNot
				}
				g.emit(ir.Insn{Op: op, A: x, B: x})
			}
		case debuginfo.LocAbs:
			if need(1) {
				x := st[len(st)-1]
				t := g.push() // t = x >> 63 (all ones when negative); |x| = (x ^ t) - t
				g.emit(ir.Insn{Op: ir.OpMovImm, A: t, Imm: 63})
				g.emit(ir.Insn{Op: ir.OpSar, A: t, B: x, C: t})
				g.emit(ir.Insn{Op: ir.OpXor, A: x, B: x, C: t})
				g.emit(ir.Insn{Op: ir.OpSub, A: x, B: x, C: t})
				g.pop()
			}
		case debuginfo.LocDup:
			if need(1) {
				src := st[len(st)-1]
				g.emit(ir.Insn{Op: ir.OpMov, A: push(), B: src})
			}
		case debuginfo.LocDrop:
			if need(1) {
				pop()
			}
		case debuginfo.LocOver:
			if need(2) {
				src := st[len(st)-2]
				g.emit(ir.Insn{Op: ir.OpMov, A: push(), B: src})
			}
		case debuginfo.LocPick:
			if need(int(o.Value) + 1) {
				src := st[len(st)-1-int(o.Value)]
				g.emit(ir.Insn{Op: ir.OpMov, A: push(), B: src})
			}
		case debuginfo.LocSwap:
			if need(2) {
				a, b := st[len(st)-2], st[len(st)-1]
				t := g.push()
				g.emit(ir.Insn{Op: ir.OpMov, A: t, B: b})
				g.emit(ir.Insn{Op: ir.OpMov, A: b, B: a})
				g.emit(ir.Insn{Op: ir.OpMov, A: a, B: t})
				g.pop()
			}
		case debuginfo.LocRot: // z y x → x z y
			if need(3) {
				z, y, x := st[len(st)-3], st[len(st)-2], st[len(st)-1]
				t := g.push()
				g.emit(ir.Insn{Op: ir.OpMov, A: t, B: x})
				g.emit(ir.Insn{Op: ir.OpMov, A: x, B: y})
				g.emit(ir.Insn{Op: ir.OpMov, A: y, B: z})
				g.emit(ir.Insn{Op: ir.OpMov, A: z, B: t})
				g.pop()
			}
		default:
			g.failf("DWARF location operation %s is not supported", o)
			return
		}
	}
	switch len(st) {
	case 0:
		g.failf("malformed DWARF location: an empty expression")
	case 1:
	default:
		g.emit(ir.Insn{Op: ir.OpMov, A: r, B: st[len(st)-1]})
		for len(st) > 1 {
			pop()
		}
	}
}

// extend makes r, which holds a value of type t in its low t.Size bytes,
// a proper 64-bit value of t: sign- or zero-extended.
func (g *gen) extend(r uint8, t *sema.Type) {
	if t.Size >= 8 || t.Size <= 0 {
		return
	}
	op := ir.OpZext
	if t.Signed && t.Kind != sema.KindBool {
		op = ir.OpSext
	}
	if t.Size != 1 && t.Size != 2 && t.Size != 4 {
		g.failf("%d-byte integers are not supported", t.Size)
		return
	}
	g.emit(ir.Insn{Op: op, A: r, B: r, C: uint8(t.Size)})
}

// extendConst is v as a register holding a value of type t holds it.
func extendConst(v uint64, t *sema.Type) uint64 {
	if t.Size >= 8 || t.Size <= 0 {
		return v
	}
	sh := 64 - 8*uint(t.Size)
	if t.Signed && t.Kind != sema.KindBool {
		return uint64(int64(v<<sh) >> sh)
	}
	return v << sh >> sh
}

// scalarSize checks that values of t fit an ir load: 1, 2, 4 or 8 bytes.
func (g *gen) scalarSize(t *sema.Type) int {
	switch t.Size {
	case 1, 2, 4, 8:
		return t.Size
	}
	g.failf("cannot load a %d-byte %s into a register", t.Size, t)
	return 8
}

// loadScalar replaces the address in r by the value of type t there.
func (g *gen) loadScalar(r uint8, t *sema.Type, off int64) {
	n := g.scalarSize(t)
	if off < math.MinInt32 || off > math.MaxInt32 {
		g.addImm(r, off)
		off = 0
	}
	g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: uint8(n), Imm: int32(off)})
	if t.Signed && n < 8 && t.Kind != sema.KindBool {
		g.emit(ir.Insn{Op: ir.OpSext, A: r, B: r, C: uint8(n)})
	}
}

// heapScalar loads the value of type t at heap[off] into r.
func (g *gen) heapScalar(r uint8, off int, t *sema.Type) {
	n := g.scalarSize(t)
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: uint8(n), Imm: int32(off)})
	if t.Signed && n < 8 && t.Kind != sema.KindBool {
		g.emit(ir.Insn{Op: ir.OpSext, A: r, B: r, C: uint8(n)})
	}
}

// varValue loads the value of a variable of type t, located by at, into r.
func (g *gen) varValue(at *sema.VarAt, t *sema.Type, r uint8) {
	ps := at.Loc.Pieces
	if !at.Available() {
		g.constant(r, 0) // sema lets only print() see it, and print() skips it
		return
	}
	if len(ps) == 1 && (ps[0].Size == 0 || ps[0].Size >= t.Size) {
		p := ps[0]
		switch p.Kind {
		case debuginfo.PieceReg:
			g.ldreg(r, p.Ops[0].Reg)
			g.extend(r, t)
			return
		case debuginfo.PieceValue:
			if len(p.Ops) == 1 && p.Ops[0].Kind == debuginfo.LocConst {
				g.constant(r, extendConst(p.Ops[0].Value, t))
				return
			}
			g.locOps(p.Ops, r, at.Module)
			g.extend(r, t)
			return
		case debuginfo.PieceImplicit:
			var b [8]byte
			copy(b[:], p.Data[:min(len(p.Data), t.Size, 8)])
			g.constant(r, extendConst(binary.LittleEndian.Uint64(b[:]), t))
			return
		case debuginfo.PieceMemory:
			g.locOps(p.Ops, r, at.Module)
			g.loadScalar(r, t, 0)
			return
		}
	}
	off := g.tempSlot(t.Size)
	g.materialize(at, t.Size, off)
	g.heapScalar(r, off, t)
}

// materialize writes the size bytes of a variable's value, located by at,
// to heap[dst:], piece by piece.
func (g *gen) materialize(at *sema.VarAt, size, dst int) {
	off := 0
	for _, p := range at.Loc.Pieces {
		n := p.Size
		if n == 0 {
			n = size - off
		}
		if off+n > size {
			n = size - off
		}
		if n <= 0 {
			break
		}
		switch p.Kind {
		case debuginfo.PieceReg, debuginfo.PieceValue:
			r := g.push()
			if p.Kind == debuginfo.PieceReg {
				g.ldreg(r, p.Ops[0].Reg)
			} else {
				g.locOps(p.Ops, r, at.Module)
			}
			g.storeBytes(r, dst+off, n)
			g.pop()
		case debuginfo.PieceImplicit:
			data := make([]byte, n)
			copy(data, p.Data)
			g.constBytes(data, dst+off)
		case debuginfo.PieceMemory:
			r := g.push()
			g.locOps(p.Ops, r, at.Module)
			t := g.push()
			for k := 0; k < n; {
				c := chunk(n - k)
				g.emit(ir.Insn{Op: ir.OpLoad, A: t, B: r, C: uint8(c), Imm: int32(k)})
				g.emit(ir.Insn{Op: ir.OpStHeap, A: t, C: uint8(c), Imm: int32(dst + off + k)})
				k += c
			}
			g.pop()
			g.pop()
		default: // optimized out: zeros (sema keeps such values from being used)
			g.constBytes(make([]byte, n), dst+off)
		}
		off += n
	}
}

// chunk is the largest access size (8, 4, 2, 1) not above n.
func chunk(n int) int {
	for _, c := range []int{8, 4, 2} {
		if n >= c {
			return c
		}
	}
	return 1
}

// storeBytes writes the low n bytes (n <= 8) of r to heap[dst:]; r is
// clobbered when n is not a single access size.
func (g *gen) storeBytes(r uint8, dst, n int) {
	if n > 8 {
		g.failf("a %d-byte register piece is not supported", n)
		return
	}
	for k := 0; k < n; {
		c := chunk(n - k)
		g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: uint8(c), Imm: int32(dst + k)})
		k += c
		if k < n {
			t := g.push()
			g.emit(ir.Insn{Op: ir.OpMovImm, A: t, Imm: int32(8 * c)})
			g.emit(ir.Insn{Op: ir.OpShr, A: r, B: r, C: t})
			g.pop()
		}
	}
}

// constBytes writes data to heap[dst:] with constant stores.
func (g *gen) constBytes(data []byte, dst int) {
	r := g.push()
	for k := 0; k < len(data); {
		c := chunk(len(data) - k)
		var w [8]byte
		copy(w[:], data[k:k+c])
		v := binary.LittleEndian.Uint64(w[:])
		src := uint8(zero)
		if v != 0 {
			g.constant(r, v)
			src = r
		}
		g.emit(ir.Insn{Op: ir.OpStHeap, A: src, C: uint8(c), Imm: int32(dst + k)})
		k += c
	}
	g.pop()
}
