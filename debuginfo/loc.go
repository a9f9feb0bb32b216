package debuginfo

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// LocKind is the kind of one step of a decoded DWARF expression. The
// expression runs on a stack, as in DWARF; "x" is the top of the stack and
// "y" the entry below it.
type LocKind uint8

// Location operations.
const (
	LocReg           LocKind = iota + 1 // the value is in register Reg (a piece's only op)
	LocBreg                             // push reg[Reg] + Offset
	LocFbreg                            // push frame base + Offset (only in Piece.Expr)
	LocCFA                              // push the CFA (only in Piece.Expr)
	LocAddr                             // push Value, a link-time address; add the module's load bias when Bias
	LocConst                            // push Value
	LocPlusConst                        // x = x + Offset
	LocDeref                            // x = Size bytes at address x, zero-extended
	LocAdd                              // y x → y + x
	LocSub                              // y x → y - x
	LocMul                              // y x → y * x
	LocDiv                              // y x → y / x, signed
	LocMod                              // y x → y % x, unsigned
	LocAnd                              // y x → y & x
	LocOr                               // y x → y | x
	LocXor                              // y x → y ^ x
	LocShl                              // y x → y << x
	LocShr                              // y x → y >> x, logical
	LocShra                             // y x → y >> x, arithmetic
	LocEq                               // y x → y == x
	LocNe                               // y x → y != x
	LocLt                               // y x → y < x, signed
	LocLe                               // y x → y <= x, signed
	LocGt                               // y x → y > x, signed
	LocGe                               // y x → y >= x, signed
	LocNeg                              // x → -x
	LocNot                              // x → ^x
	LocAbs                              // x → |x|
	LocDup                              // x → x x
	LocDrop                             // x →
	LocOver                             // y x → y x y
	LocPick                             // push the entry Value places below the top
	LocSwap                             // y x → x y
	LocRot                              // z y x → x z y
	LocStackValue                       // the value is x itself, not the memory at x
	LocImplicitValue                    // the value is Data
	LocEntryValue                       // push the value Sub had at function entry (only in Piece.Expr)
	// LocTLS is DW_OP_form_tls_address (DW_OP_GNU_push_tls_address):
	// x → the address of offset x in the module's TLS block, for the
	// current thread. sema replaces it (Location.ResolveTLS) by the
	// two below and plain ops, which gen lowers.
	LocTLS
	LocTP       // push the thread pointer (ir.CtxTP)
	LocTLSBlock // x → the start of the static TLS block of DTV module x (ir.OpTLS; Value: whose DTV, ir.TLSGlibc or ir.TLSMusl)
	// LocNeedCaller is x →: when x is 0 the value is not available at
	// run time (an entry value whose caller no call site DWARF lists
	// names, callsites.go); gen lowers it to a read that fails there
	// (ir.AddrUnavailable). Only in Piece.Ops.
	LocNeedCaller
)

var locNames = map[LocKind]string{
	LocAdd: "plus", LocSub: "minus", LocMul: "mul", LocDiv: "div", LocMod: "mod", LocAnd: "and",
	LocOr: "or", LocXor: "xor", LocShl: "shl", LocShr: "shr", LocShra: "shra", LocEq: "eq",
	LocNe: "ne", LocLt: "lt", LocLe: "le", LocGt: "gt", LocGe: "ge", LocNeg: "neg", LocNot: "not",
	LocAbs: "abs", LocDup: "dup", LocDrop: "drop", LocOver: "over", LocSwap: "swap", LocRot: "rot",
	LocStackValue: "stack_value", LocCFA: "call_frame_cfa",
	LocTLS: "form_tls_address", LocTP: "tp", LocTLSBlock: "tls_block", LocNeedCaller: "need_caller",
}

// LocOp is one decoded DWARF expression operation.
type LocOp struct {
	Kind   LocKind
	Reg    int    // DWARF register number (x86-64: see RegName)
	Offset int64  // LocBreg, LocFbreg, LocPlusConst
	Value  uint64 // LocAddr, LocConst (two's complement), LocPick
	Size   int    // LocDeref
	Bias   bool   // LocAddr in a PIE or shared library
	Data   []byte // LocImplicitValue
	Sub    []LocOp
}

func (o LocOp) String() string {
	switch o.Kind {
	case LocReg:
		return fmt.Sprintf("reg%d", o.Reg)
	case LocBreg:
		return fmt.Sprintf("breg%d%+d", o.Reg, o.Offset)
	case LocFbreg:
		return fmt.Sprintf("fbreg%+d", o.Offset)
	case LocAddr:
		if o.Bias {
			return fmt.Sprintf("addr %#x +bias", o.Value)
		}
		return fmt.Sprintf("addr %#x", o.Value)
	case LocConst:
		return fmt.Sprintf("const %d", int64(o.Value))
	case LocPlusConst:
		return fmt.Sprintf("plus_const %d", o.Offset)
	case LocDeref:
		return fmt.Sprintf("deref%d", o.Size)
	case LocPick:
		return fmt.Sprintf("pick %d", o.Value)
	case LocImplicitValue:
		return fmt.Sprintf("implicit 0x%x", o.Data)
	case LocEntryValue:
		return "entry_value(" + opsString(o.Sub) + ")"
	}
	if n, ok := locNames[o.Kind]; ok {
		return n
	}
	return fmt.Sprintf("op%d", o.Kind)
}

func opsString(ops []LocOp) string {
	s := make([]string, len(ops))
	for i, o := range ops {
		s[i] = o.String()
	}
	return strings.Join(s, " ")
}

// PieceKind says how a piece's value is found.
type PieceKind uint8

// Piece kinds.
const (
	PieceUndefined PieceKind = iota // optimized out
	PieceReg                        // in register Ops[0].Reg
	PieceMemory                     // Ops compute its address
	PieceValue                      // Ops compute the value itself (DW_OP_stack_value)
	PieceImplicit                   // the value is Data (DW_OP_implicit_value, DW_AT_const_value)
)

// Piece is one part of a variable's value. Ops is the program to run at
// the probe: it uses only registers (LocReg, LocBreg), link-time addresses
// (LocAddr, plus the load bias when Bias is set), constants, memory reads
// and arithmetic; frame base, CFA and entry values are already resolved
// for the pc. Expr is the expression as DWARF wrote it, for display.
type Piece struct {
	Kind PieceKind
	Size int // bytes; 0 means the whole variable
	Ops  []LocOp
	Data []byte // PieceImplicit
	Expr []LocOp
}

// Location is where a variable lives at one pc: a list of pieces (one
// unless the compiler split the variable), or nothing, with the reason.
type Location struct {
	Pieces []Piece
	Reason string // why it is not (completely) available
	// Context of Expr, for String: the frame base and CFA rule used.
	FrameBase string
	CFA       *CFARule
	// Callers is how many call sites an entry value is chosen among at
	// run time (callsites.go), 0 for none.
	Callers int
	// Unsupported marks an unavailable location whose DWARF expression gs
	// cannot evaluate (Reason names the operation: DW_OP_convert's typed
	// floating-point stack, say): the value exists, unlike an optimized-out
	// one, and prints so.
	Unsupported bool
}

// Reasons a location is unavailable.
const (
	ReasonOptimizedOut = "optimized out"
	ReasonPartial      = "partly optimized out"
)

// Available reports whether every piece of the value can be read.
func (l Location) Available() bool {
	if len(l.Pieces) == 0 {
		return false
	}
	for _, p := range l.Pieces {
		if p.Kind == PieceUndefined {
			return false
		}
	}
	return true
}

// UnsavedReg returns a register the location reads that a uprobe's saved
// pt_regs does not hold (an SSE register holding a double, say): such a
// value exists but gs cannot read it.
func (l Location) UnsavedReg() (reg int, ok bool) {
	for _, p := range l.Pieces {
		for _, o := range p.Ops {
			if o.Kind == LocReg || o.Kind == LocBreg {
				if _, saved := PtRegsSlot(o.Reg); !saved {
					return o.Reg, true
				}
			}
		}
	}
	return 0, false
}

// NeedsBias reports whether the location uses a link-time address, which
// must be relocated by the module's load bias at run time (ir.OpLdBias).
func (l Location) NeedsBias() bool {
	for _, p := range l.Pieces {
		for _, o := range p.Ops {
			if o.Kind == LocAddr && o.Bias {
				return true
			}
		}
	}
	return false
}

// TLS reports whether the location reads thread-local storage (LocTLS):
// sema must resolve it for the module before gen can lower it.
func (l Location) TLS() bool {
	for _, p := range l.Pieces {
		for _, o := range p.Ops {
			if o.Kind == LocTLS {
				return true
			}
		}
	}
	return false
}

// ResolveTLS returns l with every LocTLS replaced by with, the operations
// that turn a TLS offset (the top of the stack) into its address for the
// current thread in the module whose location l is.
func (l Location) ResolveTLS(with []LocOp) Location {
	out := l
	out.Pieces = make([]Piece, len(l.Pieces))
	for i, p := range l.Pieces {
		var ops []LocOp
		for _, o := range p.Ops {
			if o.Kind == LocTLS {
				ops = append(ops, with...)
				continue
			}
			ops = append(ops, o)
		}
		p.Ops = ops
		out.Pieces[i] = p
	}
	return out
}

// String renders the location for tests and debugging, e.g. "reg5",
// "fbreg-20 [cfa=rsp+16]", "addr 0x4010 +bias", "<optimized out>".
func (l Location) String() string {
	if len(l.Pieces) == 0 {
		if l.Reason == "" || l.Reason == ReasonOptimizedOut {
			return "<optimized out>"
		}
		return "<unavailable: " + l.Reason + ">"
	}
	var parts []string
	for _, p := range l.Pieces {
		var s string
		switch p.Kind {
		case PieceUndefined:
			s = "<optimized out>"
		case PieceImplicit:
			s = fmt.Sprintf("implicit 0x%x", p.Data)
		default:
			s = opsString(p.Expr)
		}
		if len(l.Pieces) > 1 || p.Size > 0 {
			s += fmt.Sprintf(" piece%d", p.Size)
		}
		parts = append(parts, s)
	}
	s := strings.Join(parts, "; ")
	var ctx []string
	if l.FrameBase != "" {
		ctx = append(ctx, "fb="+l.FrameBase)
	}
	if l.CFA != nil {
		ctx = append(ctx, "cfa="+l.CFA.String())
	}
	if l.Callers > 0 {
		ctx = append(ctx, fmt.Sprintf("entry value from %d call sites", l.Callers))
	}
	if len(ctx) > 0 {
		s += " [" + strings.Join(ctx, " ") + "]"
	}
	return s
}

func unavailable(reason string) Location { return Location{Reason: reason} }

// errUnsupported marks an expression gs cannot evaluate.
type errUnsupported string

func (e errUnsupported) Error() string { return string(e) }

// exprReader decodes the operands of DWARF expressions.
type exprReader struct {
	b     []byte
	order binary.ByteOrder
	err   error
}

var errShort = errors.New("truncated DWARF expression")

func (r *exprReader) u8() uint8 {
	if len(r.b) < 1 {
		r.err = errShort
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *exprReader) fixed(n int) uint64 {
	if len(r.b) < n {
		r.err = errShort
		r.b = nil
		return 0
	}
	var v uint64
	switch n {
	case 1:
		v = uint64(r.b[0])
	case 2:
		v = uint64(r.order.Uint16(r.b))
	case 4:
		v = uint64(r.order.Uint32(r.b))
	case 8:
		v = r.order.Uint64(r.b)
	}
	r.b = r.b[n:]
	return v
}

func (r *exprReader) uleb() uint64 {
	v, next, ok := uleb(r.b, 0)
	r.advance(next, ok)
	return v
}

func (r *exprReader) sleb() int64 {
	v, next, ok := sleb(r.b, 0)
	r.advance(next, ok)
	return v
}

// advance moves r past a number that ends at next, read whole or not (ok).
func (r *exprReader) advance(next int, ok bool) {
	r.b = r.b[next:]
	if !ok {
		r.err = errShort
	}
}

func (r *exprReader) bytes(n uint64) []byte {
	if uint64(len(r.b)) < n {
		r.err = errShort
		r.b = nil
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// exprEnv is what decoding needs from the unit: address size and the
// .debug_addr table for DW_OP_addrx.
type exprEnv struct {
	order    binary.ByteOrder
	addrSize int
	bias     bool
	addr     func(idx uint64) (uint64, error) // .debug_addr lookup
	// baseType describes the base type DIE at off in the unit (the
	// operand of DW_OP_convert); nil outside a unit.
	baseType func(off uint64) (baseType, error)
}

// baseType is what DW_OP_convert needs of a DW_TAG_base_type: its size
// and whether it is a signed or unsigned integer (else Other: floating
// point and the rest, which gs does not convert).
type baseType struct {
	size          int
	signed, other bool
}

// piece markers produced by decodeOps.
type rawPiece struct {
	ops  []LocOp
	size int
	bit  bool
}

// decodeExpr decodes a DWARF expression into pieces. Unsupported
// operations give an errUnsupported naming them.
func decodeExpr(b []byte, env exprEnv) ([]Piece, error) {
	ops, pieces, err := decodeOps(b, env)
	if err != nil {
		return nil, err
	}
	if len(pieces) == 0 {
		pieces = []rawPiece{{ops: ops}}
	} else if len(ops) > 0 {
		return nil, errUnsupported("operations after the last DW_OP_piece")
	}
	out := make([]Piece, 0, len(pieces))
	for _, rp := range pieces {
		if rp.bit {
			return nil, errUnsupported("DW_OP_bit_piece")
		}
		p, err := classify(rp.ops)
		if err != nil {
			return nil, err
		}
		p.Size = rp.size
		out = append(out, p)
	}
	return out, nil
}

// classify decides how a piece's value is found from its ops.
func classify(ops []LocOp) (Piece, error) {
	p := Piece{Expr: ops}
	n := len(ops)
	switch {
	case n == 0:
		p.Kind = PieceUndefined
	case ops[0].Kind == LocReg:
		if n != 1 {
			return p, errUnsupported("register location followed by other operations")
		}
		p.Kind = PieceReg
	case ops[0].Kind == LocImplicitValue:
		if n != 1 {
			return p, errUnsupported("implicit value followed by other operations")
		}
		p.Kind, p.Data = PieceImplicit, ops[0].Data
	case ops[n-1].Kind == LocStackValue:
		p.Kind = PieceValue
	default:
		p.Kind = PieceMemory
	}
	for i, o := range ops {
		if (o.Kind == LocReg || o.Kind == LocImplicitValue) && i > 0 {
			return p, errUnsupported("register or implicit value inside an expression")
		}
		if o.Kind == LocStackValue && i != n-1 {
			return p, errUnsupported("DW_OP_stack_value before the end of an expression")
		}
	}
	if p.Kind == PieceMemory || p.Kind == PieceValue {
		if err := checkStack(ops); err != nil {
			return p, err
		}
	}
	return p, nil
}

// checkStack runs an expression's stack discipline without values: every
// operation finds its operands, the result is on the stack, and memory is
// read in sizes a load can do. What passes here gen can lower (it lowers
// one stack entry to one register); what does not is an unavailable value
// with the reason, not a failure later.
func checkStack(ops []LocOp) error {
	depth := 0
	for _, o := range ops {
		need, push := 0, 0
		switch o.Kind {
		case LocBreg, LocFbreg, LocCFA, LocAddr, LocConst, LocEntryValue:
			push = 1
		case LocPlusConst, LocNeg, LocNot, LocAbs, LocTLS, LocTLSBlock:
			need, push = 1, 1
		case LocTP:
			push = 1
		case LocDeref:
			if o.Size != 1 && o.Size != 2 && o.Size != 4 && o.Size != 8 {
				return errUnsupported(fmt.Sprintf("DW_OP_deref_size %d", o.Size))
			}
			need, push = 1, 1
		case LocAdd, LocSub, LocMul, LocDiv, LocMod, LocAnd, LocOr, LocXor, LocShl, LocShr, LocShra,
			LocEq, LocNe, LocLt, LocLe, LocGt, LocGe:
			need, push = 2, 1
		case LocDup:
			need, push = 1, 2
		case LocDrop:
			need = 1
		case LocOver:
			need, push = 2, 3
		case LocPick:
			need = int(min(o.Value, 255)) + 1
			push = need + 1
		case LocSwap:
			need, push = 2, 2
		case LocRot:
			need, push = 3, 3
		case LocStackValue:
		default:
			return errUnsupported(fmt.Sprintf("DWARF operation %s inside an expression", o))
		}
		if depth < need {
			return fmt.Errorf("malformed DWARF expression: %s needs %d values on the stack, it has %d", o, need, depth)
		}
		depth += push - need
	}
	if depth == 0 {
		return errors.New("malformed DWARF expression: it leaves the stack empty")
	}
	return nil
}

// DWARF expression opcodes (DWARF 5 section 7.7.1) that need names here.
const (
	opAddr            = 0x03
	opDeref           = 0x06
	opConst1u         = 0x08
	opConst1s         = 0x09
	opConst2u         = 0x0a
	opConst2s         = 0x0b
	opConst4u         = 0x0c
	opConst4s         = 0x0d
	opConst8u         = 0x0e
	opConst8s         = 0x0f
	opConstu          = 0x10
	opConsts          = 0x11
	opPick            = 0x15
	opPlusUconst      = 0x23
	opBra             = 0x28
	opSkip            = 0x2f
	opLit0            = 0x30
	opReg0            = 0x50
	opBreg0           = 0x70
	opRegx            = 0x90
	opFbreg           = 0x91
	opBregx           = 0x92
	opPiece           = 0x93
	opDerefSize       = 0x94
	opNop             = 0x96
	opFormTLSAddress  = 0x9b
	opCallFrameCFA    = 0x9c
	opBitPiece        = 0x9d
	opImplicitValue   = 0x9e
	opStackValue      = 0x9f
	opImplicitPointer = 0xa0
	opAddrx           = 0xa1
	opConstx          = 0xa2
	opEntryValue      = 0xa3
	opConvert         = 0xa8
	opGNUConvert      = 0xf7
	opGNUPushTLS      = 0xe0
	opGNUUninit       = 0xf0
	opGNUImplicitPtr  = 0xf2
	opGNUEntryValue   = 0xf3
	opGNUParameterRef = 0xfa
	opGNUAddrIndex    = 0xfb
	opGNUConstIndex   = 0xfc
)

var simpleOps = map[byte]LocKind{
	0x12: LocDup, 0x13: LocDrop, 0x14: LocOver, 0x16: LocSwap, 0x17: LocRot, 0x19: LocAbs,
	0x1a: LocAnd, 0x1b: LocDiv, 0x1c: LocSub, 0x1d: LocMod, 0x1e: LocMul, 0x1f: LocNeg,
	0x20: LocNot, 0x21: LocOr, 0x22: LocAdd, 0x24: LocShl, 0x25: LocShr, 0x26: LocShra,
	0x27: LocXor, 0x29: LocEq, 0x2a: LocGe, 0x2b: LocGt, 0x2c: LocLe, 0x2d: LocLt, 0x2e: LocNe,
	opStackValue: LocStackValue, opCallFrameCFA: LocCFA,
	opFormTLSAddress: LocTLS, opGNUPushTLS: LocTLS,
}

var unsupportedOps = map[byte]string{
	0x18: "DW_OP_xderef", 0x95: "DW_OP_xderef_size", 0x97: "DW_OP_push_object_address",
	0x98: "DW_OP_call2", 0x99: "DW_OP_call4", 0x9a: "DW_OP_call_ref",
	opImplicitPointer: "implicit pointer (DW_OP_implicit_pointer)", opGNUImplicitPtr: "implicit pointer (DW_OP_GNU_implicit_pointer)",
	0xa4: "DW_OP_const_type", 0xa5: "DW_OP_regval_type", 0xa6: "DW_OP_deref_type", 0xa7: "DW_OP_xderef_type",
	0xa9: "DW_OP_reinterpret", 0xf4: "DW_OP_GNU_const_type", 0xf5: "DW_OP_GNU_regval_type",
	0xf6: "DW_OP_GNU_deref_type", 0xf9: "DW_OP_GNU_reinterpret",
	0xfd: "DW_OP_GNU_variable_value", 0xf1: "DW_OP_GNU_encoded_addr",
	opBra: "DW_OP_bra", opSkip: "DW_OP_skip", opGNUParameterRef: "DW_OP_GNU_parameter_ref",
}

// highBitOps are the operations whose result's low bits depend on the
// high bits of their operands: after a narrowing DW_OP_convert they would
// see bits the typed value does not have.
var highBitOps = map[byte]bool{
	0x1b: true, 0x1d: true, 0x25: true, 0x26: true, // div, mod, shr, shra
	0x29: true, 0x2a: true, 0x2b: true, 0x2c: true, 0x2d: true, 0x2e: true, // eq, ge, gt, le, lt, ne
	0x19: true, opDeref: true, opDerefSize: true, opBra: true, // abs, the derefs
}

// convertOps are the operations that make the top of the stack a value
// of the base type at unit offset off (DW_OP_convert, DWARF 5 section
// 2.5.1.6): for an integer narrower than 8 bytes, its low bytes zero- or
// sign-extended; nothing for 8 bytes or the generic type (off 0). Other
// types (floating point: BPF has none) are not evaluated.
func convertOps(off uint64, env exprEnv) ([]LocOp, error) {
	if off == 0 {
		return nil, nil
	}
	if env.baseType == nil {
		return nil, errUnsupported("DW_OP_convert")
	}
	bt, err := env.baseType(off)
	if err != nil {
		return nil, err
	}
	switch {
	case bt.other || bt.size <= 0 || bt.size > 8:
		return nil, errUnsupported("DW_OP_convert")
	case bt.size == 8:
		return nil, nil
	case bt.signed:
		sh := uint64(64 - 8*bt.size)
		return []LocOp{{Kind: LocConst, Value: sh}, {Kind: LocShl}, {Kind: LocConst, Value: sh}, {Kind: LocShra}}, nil
	}
	return []LocOp{{Kind: LocConst, Value: 1<<(8*bt.size) - 1}, {Kind: LocAnd}}, nil
}

func decodeOps(b []byte, env exprEnv) (ops []LocOp, pieces []rawPiece, err error) {
	r := &exprReader{b: b, order: env.order}
	narrow := false // a DW_OP_convert to a narrower integer type happened in this piece
	for len(r.b) > 0 && r.err == nil {
		op := r.u8()
		if narrow && highBitOps[op] {
			// The typed value wraps at its type's width, gs's stack at 64
			// bits: only operations whose low bits agree may follow.
			return nil, nil, errUnsupported(fmt.Sprintf("DW_OP_convert followed by operation %#x", op))
		}
		switch {
		case op >= opLit0 && op < opLit0+32:
			ops = append(ops, LocOp{Kind: LocConst, Value: uint64(op - opLit0)})
			continue
		case op >= opReg0 && op < opReg0+32:
			ops = append(ops, LocOp{Kind: LocReg, Reg: int(op - opReg0)})
			continue
		case op >= opBreg0 && op < opBreg0+32:
			ops = append(ops, LocOp{Kind: LocBreg, Reg: int(op - opBreg0), Offset: r.sleb()})
			continue
		}
		if k, ok := simpleOps[op]; ok {
			ops = append(ops, LocOp{Kind: k})
			continue
		}
		if what, ok := unsupportedOps[op]; ok {
			return nil, nil, errUnsupported(what)
		}
		switch op {
		case opAddr:
			ops = append(ops, LocOp{Kind: LocAddr, Value: r.fixed(env.addrSize), Bias: env.bias})
		case opAddrx, opGNUAddrIndex, opConstx, opGNUConstIndex:
			idx := r.uleb()
			if env.addr == nil {
				return nil, nil, errUnsupported("DW_OP_addrx without .debug_addr")
			}
			v, err := env.addr(idx)
			if err != nil {
				return nil, nil, err
			}
			if op == opAddrx || op == opGNUAddrIndex {
				ops = append(ops, LocOp{Kind: LocAddr, Value: v, Bias: env.bias})
			} else if len(r.b) > 0 && (r.b[0] == opFormTLSAddress || r.b[0] == opGNUPushTLS) {
				// A TLS offset: relocated at link time into the offset in
				// the module's block, which is what the TLS op takes.
				ops = append(ops, LocOp{Kind: LocConst, Value: v})
			} else {
				// DW_OP_constx is an address-sized constant that is still
				// relocated (TLS offsets and the like): not a plain value.
				return nil, nil, errUnsupported("DW_OP_constx")
			}
		case opDeref:
			ops = append(ops, LocOp{Kind: LocDeref, Size: env.addrSize})
		case opDerefSize:
			ops = append(ops, LocOp{Kind: LocDeref, Size: int(r.u8())})
		case opConst1u:
			ops = append(ops, LocOp{Kind: LocConst, Value: r.fixed(1)})
		case opConst1s:
			ops = append(ops, LocOp{Kind: LocConst, Value: uint64(int64(int8(r.fixed(1))))})
		case opConst2u:
			ops = append(ops, LocOp{Kind: LocConst, Value: r.fixed(2)})
		case opConst2s:
			ops = append(ops, LocOp{Kind: LocConst, Value: uint64(int64(int16(r.fixed(2))))})
		case opConst4u:
			ops = append(ops, LocOp{Kind: LocConst, Value: r.fixed(4)})
		case opConst4s:
			ops = append(ops, LocOp{Kind: LocConst, Value: uint64(int64(int32(r.fixed(4))))})
		case opConst8u, opConst8s:
			ops = append(ops, LocOp{Kind: LocConst, Value: r.fixed(8)})
		case opConstu:
			ops = append(ops, LocOp{Kind: LocConst, Value: r.uleb()})
		case opConsts:
			ops = append(ops, LocOp{Kind: LocConst, Value: uint64(r.sleb())})
		case opPick:
			ops = append(ops, LocOp{Kind: LocPick, Value: uint64(r.u8())})
		case opPlusUconst:
			ops = append(ops, LocOp{Kind: LocPlusConst, Offset: int64(r.uleb())})
		case opRegx:
			ops = append(ops, LocOp{Kind: LocReg, Reg: int(r.uleb())})
		case opBregx:
			reg := int(r.uleb())
			ops = append(ops, LocOp{Kind: LocBreg, Reg: reg, Offset: r.sleb()})
		case opFbreg:
			ops = append(ops, LocOp{Kind: LocFbreg, Offset: r.sleb()})
		case opConvert, opGNUConvert:
			conv, err := convertOps(r.uleb(), env)
			if err != nil {
				return nil, nil, err
			}
			ops = append(ops, conv...)
			narrow = narrow || len(conv) > 0
		case opPiece:
			pieces = append(pieces, rawPiece{ops: ops, size: int(r.uleb())})
			ops, narrow = nil, false
		case opBitPiece:
			size, off := r.uleb(), r.uleb()
			pieces = append(pieces, rawPiece{ops: ops, size: int(size / 8), bit: size%8 != 0 || off != 0})
			ops = nil
		case opNop, opGNUUninit:
		case opImplicitValue:
			n := r.uleb()
			ops = append(ops, LocOp{Kind: LocImplicitValue, Data: r.bytes(n)})
		case opEntryValue, opGNUEntryValue:
			n := r.uleb()
			sub, subPieces, err := decodeOps(r.bytes(n), env)
			if err != nil {
				return nil, nil, err
			}
			if len(subPieces) > 0 {
				return nil, nil, errUnsupported("DW_OP_piece inside DW_OP_entry_value")
			}
			ops = append(ops, LocOp{Kind: LocEntryValue, Sub: sub})
		default:
			return nil, nil, errUnsupported(fmt.Sprintf("DWARF operation %#x", op))
		}
	}
	if r.err != nil {
		return nil, nil, r.err
	}
	return ops, pieces, nil
}
