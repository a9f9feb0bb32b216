package debuginfo

import (
	"encoding/binary"
	"strings"
	"testing"
)

func testEnv() exprEnv {
	return exprEnv{order: binary.LittleEndian, addrSize: 8, bias: true,
		addr: func(idx uint64) (uint64, error) { return 0x5000 + idx*8, nil },
		// Base types at unit offsets 0x30 (uint8), 0x31 (int), 0x2a
		// (double), 0x32 (long).
		baseType: func(off uint64) (baseType, error) {
			return map[uint64]baseType{0x30: {size: 1}, 0x31: {size: 4, signed: true}, 0x2a: {size: 8, other: true}, 0x32: {size: 8, signed: true}}[off], nil
		}}
}

// TestDecodeExpr pins the decoding of DWARF expressions; the name is the
// expression as llvm-dwarfdump would print it.
func TestDecodeExpr(t *testing.T) {
	for _, tc := range []struct {
		name string
		expr []byte
		want string // Location.String of the decoded pieces, or the error
	}{
		{"DW_OP_reg5", []byte{0x55}, "reg5"},
		{"DW_OP_regx 17", []byte{0x90, 17}, "reg17"},
		{"DW_OP_breg7 +16, DW_OP_deref", []byte{0x77, 16, 0x06}, "breg7+16 deref8"},
		{"DW_OP_bregx 6 -8, DW_OP_deref_size 4", []byte{0x92, 6, 0x78, 0x94, 4}, "breg6-8 deref4"},
		{"DW_OP_fbreg -20", []byte{0x91, 0x6c}, "fbreg-20"},
		{"DW_OP_addr 0x4010", []byte{0x03, 0x10, 0x40, 0, 0, 0, 0, 0, 0}, "addr 0x4010 +bias"},
		{"DW_OP_addrx 2", []byte{0xa1, 2}, "addr 0x5010 +bias"},
		{"DW_OP_lit3, DW_OP_stack_value", []byte{0x33, 0x9f}, "const 3 stack_value"},
		{"DW_OP_consts -5, DW_OP_stack_value", []byte{0x11, 0x7b, 0x9f}, "const -5 stack_value"},
		{"DW_OP_const2u 0x1234, DW_OP_stack_value", []byte{0x0a, 0x34, 0x12, 0x9f}, "const 4660 stack_value"},
		{"DW_OP_breg5 0, DW_OP_lit1, DW_OP_plus, DW_OP_stack_value", []byte{0x75, 0, 0x31, 0x22, 0x9f}, "breg5+0 const 1 plus stack_value"},
		{"DW_OP_breg0 0, DW_OP_plus_uconst 8", []byte{0x70, 0, 0x23, 8}, "breg0+0 plus_const 8"},
		{"DW_OP_implicit_value 2 0x0102", []byte{0x9e, 2, 1, 2}, "implicit 0x0102"},
		{"DW_OP_reg0, DW_OP_piece 8, DW_OP_reg1, DW_OP_piece 8", []byte{0x50, 0x93, 8, 0x51, 0x93, 8}, "reg0 piece8; reg1 piece8"},
		{"DW_OP_piece 4, DW_OP_reg3, DW_OP_piece 4", []byte{0x93, 4, 0x53, 0x93, 4}, "<optimized out> piece4; reg3 piece4"},
		{"DW_OP_entry_value(DW_OP_reg5), DW_OP_stack_value", []byte{0xa3, 1, 0x55, 0x9f}, "entry_value(reg5) stack_value"},
		{"DW_OP_GNU_entry_value(DW_OP_reg4), DW_OP_stack_value", []byte{0xf3, 1, 0x54, 0x9f}, "entry_value(reg4) stack_value"},
		{"DW_OP_call_frame_cfa", []byte{0x9c}, "call_frame_cfa"},
		{"DW_OP_GNU_parameter_ref", []byte{0xfa, 0, 0, 0, 0}, "error: DW_OP_GNU_parameter_ref"},
		{"DW_OP_bra", []byte{0x30, 0x28, 0, 0}, "error: DW_OP_bra"},
		{"DW_OP_lit0, DW_OP_form_tls_address", []byte{0x30, 0x9b}, "const 0 form_tls_address"},
		{"DW_OP_const8u 16, DW_OP_GNU_push_tls_address", []byte{0x0e, 16, 0, 0, 0, 0, 0, 0, 0, 0xe0}, "const 16 form_tls_address"},
		{"DW_OP_constx 2, DW_OP_form_tls_address", []byte{0xa2, 2, 0x9b}, "const 20496 form_tls_address"},
		{"DW_OP_form_tls_address", []byte{0x9b}, "error: malformed DWARF expression: form_tls_address needs 1 values on the stack, it has 0"},
		{"DW_OP_GNU_implicit_pointer", []byte{0xf2, 0, 0, 0, 0, 0}, "error: implicit pointer (DW_OP_GNU_implicit_pointer)"},
		{"DW_OP_regval_type", []byte{0xa5, 17, 0x2a}, "error: DW_OP_regval_type"},
		// DW_OP_convert to an integer: its low bytes, zero- or
		// sign-extended; to the generic type or 8 bytes, nothing; to a
		// double, not evaluated (BPF has no floating point), nor a
		// narrow value that an operation reading its high bits follows.
		{"DW_OP_breg3 0, DW_OP_convert uint8, DW_OP_plus_uconst 0x61, DW_OP_stack_value", []byte{0x73, 0, 0xa8, 0x30, 0x23, 0x61, 0x9f}, "breg3+0 const 255 and plus_const 97 stack_value"},
		{"DW_OP_breg5 0, DW_OP_convert int, DW_OP_stack_value", []byte{0x75, 0, 0xa8, 0x31, 0x9f}, "breg5+0 const 32 shl const 32 shra stack_value"},
		{"DW_OP_breg5 0, DW_OP_GNU_convert long, DW_OP_convert 0, DW_OP_stack_value", []byte{0x75, 0, 0xf7, 0x32, 0xa8, 0, 0x9f}, "breg5+0 stack_value"},
		{"DW_OP_breg5 0, DW_OP_convert int, DW_OP_convert double", []byte{0x75, 0, 0xa8, 0x31, 0xa8, 0x2a, 0x9f}, "error: DW_OP_convert"},
		{"DW_OP_breg5 0, DW_OP_convert uint8, DW_OP_lit4, DW_OP_shr", []byte{0x75, 0, 0xa8, 0x30, 0x34, 0x25, 0x9f}, "error: DW_OP_convert followed by operation 0x25"},
		{"DW_OP_breg5 0, DW_OP_convert uint8, DW_OP_piece 1, DW_OP_breg4 0, DW_OP_lit4, DW_OP_shr, DW_OP_piece 1", []byte{0x75, 0, 0xa8, 0x30, 0x9f, 0x93, 1, 0x74, 0, 0x34, 0x25, 0x9f, 0x93, 1}, "breg5+0 const 255 and stack_value piece1; breg4+0 const 4 shr stack_value piece1"},
		{"DW_OP_reg5, DW_OP_lit1", []byte{0x55, 0x31}, "error: register location followed by other operations"},
		{"truncated DW_OP_addr", []byte{0x03, 1, 2}, "error: truncated DWARF expression"},
		{"unknown op 0xe5", []byte{0xe5}, "error: DWARF operation 0xe5"},
		// Well-formed stacks only: what passes, gen can lower.
		{"DW_OP_lit1, DW_OP_lit2, DW_OP_swap, DW_OP_minus, DW_OP_stack_value", []byte{0x31, 0x32, 0x16, 0x1c, 0x9f}, "const 1 const 2 swap minus stack_value"},
		{"DW_OP_lit1, DW_OP_pick 0, DW_OP_plus, DW_OP_stack_value", []byte{0x31, 0x15, 0, 0x22, 0x9f}, "const 1 pick 0 plus stack_value"},
		{"DW_OP_breg0 0, DW_OP_deref_size 3", []byte{0x70, 0, 0x94, 3}, "error: DW_OP_deref_size 3"},
		{"DW_OP_plus", []byte{0x22}, "error: malformed DWARF expression: plus needs 2 values on the stack, it has 0"},
		{"DW_OP_lit1, DW_OP_pick 1", []byte{0x31, 0x15, 1}, "error: malformed DWARF expression: pick 1 needs 2 values on the stack, it has 1"},
		{"DW_OP_lit1, DW_OP_rot", []byte{0x31, 0x17}, "error: malformed DWARF expression: rot needs 3 values on the stack, it has 1"},
		{"DW_OP_lit1, DW_OP_drop, DW_OP_stack_value", []byte{0x31, 0x13, 0x9f}, "error: malformed DWARF expression: it leaves the stack empty"},
		{"DW_OP_stack_value", []byte{0x9f}, "error: malformed DWARF expression: it leaves the stack empty"},
		{"DW_OP_reg0, DW_OP_piece 8, DW_OP_breg7 0, DW_OP_deref_size 5, DW_OP_piece 8", []byte{0x50, 0x93, 8, 0x77, 0, 0x94, 5, 0x93, 8}, "error: DW_OP_deref_size 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pieces, err := decodeExpr(tc.expr, testEnv())
			got := ""
			if err != nil {
				got = "error: " + err.Error()
			} else {
				got = Location{Pieces: pieces}.String()
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPieceKinds(t *testing.T) {
	for expr, want := range map[string]PieceKind{
		"\x55":         PieceReg,
		"\x77\x10":     PieceMemory,
		"\x30\x9f":     PieceValue,
		"\x9e\x01\x07": PieceImplicit,
		"":             PieceUndefined,
	} {
		p, err := decodeExpr([]byte(expr), testEnv())
		if err != nil || len(p) != 1 || p[0].Kind != want {
			t.Errorf("%x: %+v %v, want kind %d", expr, p, err, want)
		}
	}
}

func TestFold(t *testing.T) {
	ops := fold([]LocOp{{Kind: LocBreg, Reg: 7, Offset: 16}, {Kind: LocPlusConst, Offset: -20}})
	if len(ops) != 1 || ops[0].String() != "breg7-4" {
		t.Errorf("fold = %v", ops)
	}
	ops = fold([]LocOp{{Kind: LocAddr, Value: 0x4000, Bias: true}, {Kind: LocConst, Value: 8}, {Kind: LocAdd}})
	if len(ops) != 1 || ops[0].String() != "addr 0x4008 +bias" {
		t.Errorf("fold = %v", ops)
	}
}

func TestLocationString(t *testing.T) {
	cfa := CFARule{Reg: 7, Offset: 16}
	for _, tc := range []struct {
		loc  Location
		want string
	}{
		{Location{Pieces: []Piece{{Kind: PieceMemory, Expr: []LocOp{{Kind: LocFbreg, Offset: -20}}}}, CFA: &cfa}, "fbreg-20 [cfa=rsp+16]"},
		{Location{Pieces: []Piece{{Kind: PieceMemory, Expr: []LocOp{{Kind: LocFbreg, Offset: -8}}}}, FrameBase: "reg6"}, "fbreg-8 [fb=reg6]"},
		{unavailable(ReasonOptimizedOut), "<optimized out>"},
		{unavailable("DW_OP_bra"), "<unavailable: DW_OP_bra>"},
	} {
		if got := tc.loc.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestLocationLists runs hand-made DWARF 4 and 5 location lists, with
// every DW_LLE kind.
func TestLocationLists(t *testing.T) {
	le := binary.LittleEndian
	u64 := func(v uint64) []byte { return le.AppendUint64(nil, v) }
	cat := func(bs ...[]byte) []byte {
		return []byte(strings.Join(func() []string {
			var s []string
			for _, b := range bs {
				s = append(s, string(b))
			}
			return s
		}(), ""))
	}
	d := &Debug{order: le, secs: map[string][]byte{}}
	u := &unit{version: 5, addrSize: 8, loaded: true, base: 0x1000, addrBase: 8}
	// .debug_addr: header (8 bytes) then 0x2000, 0x3000.
	d.secs["addr"] = cat(make([]byte, 8), u64(0x2000), u64(0x3000))
	reg := func(r byte) []byte { return []byte{1, 0x50 + r} }
	d.secs["loclists"] = cat(
		[]byte{lleOffsetPair, 0x10, 0x20}, reg(0), // [0x1010,0x1020) reg0
		[]byte{lleBaseAddressx, 0}, []byte{lleOffsetPair, 0, 0x10}, reg(1), // base 0x2000: [0x2000,0x2010) reg1
		[]byte{lleStartxLength, 1, 0x10}, reg(2), // [0x3000,0x3010) reg2
		[]byte{lleStartxEndx, 0, 1}, reg(3), // [0x2000,0x3000) reg3 (after the reg1 entry)
		[]byte{lleBaseAddress}, u64(0x4000), []byte{lleOffsetPair, 0, 8}, reg(4),
		[]byte{lleStartEnd}, u64(0x5000), u64(0x5008), reg(5),
		[]byte{lleStartLength}, u64(0x6000), []byte{8}, reg(6),
		[]byte{lleDefault}, reg(7),
		[]byte{lleEndOfList},
	)
	for pc, want := range map[uint64]string{
		0x1010: "reg0", 0x101f: "reg0", 0x2000: "reg1", 0x2010: "reg3", 0x3008: "reg2",
		0x4004: "reg4", 0x5000: "reg5", 0x6007: "reg6", 0x9999: "reg7",
	} {
		expr, ok, err := d.loclistsAt(u, 0, pc, false)
		if err != nil || !ok {
			t.Errorf("pc %#x: %v %v", pc, ok, err)
			continue
		}
		p, _ := decodeExpr(expr, testEnv())
		if got := (Location{Pieces: p}).String(); got != want {
			t.Errorf("pc %#x: %s, want %s", pc, got, want)
		}
	}

	// DWARF 4: a base address selection entry, then pairs relative to it.
	u4 := &unit{version: 4, addrSize: 8, loaded: true, base: 0x1000}
	entry := func(lo, hi uint64, e []byte) []byte {
		return cat(u64(lo), u64(hi), le.AppendUint16(nil, uint16(len(e))), e)
	}
	d.secs["loc"] = cat(
		entry(0x10, 0x20, []byte{0x50}),
		cat(u64(^uint64(0)), u64(0x8000)),
		entry(0, 4, []byte{0x51}),
		entry(4, 8, nil),
		u64(0), u64(0),
	)
	for pc, want := range map[uint64]string{0x1010: "reg0", 0x8000: "reg1", 0x8004: "", 0x1000: "none"} {
		expr, ok, err := d.locAt(u4, 0, pc, false)
		got := "none"
		if ok {
			p, _ := decodeExpr(expr, testEnv())
			got = ""
			if len(expr) > 0 {
				got = (Location{Pieces: p}).String()
			}
		}
		if err != nil || got != want {
			t.Errorf("v4 pc %#x: %q %v, want %q", pc, got, err, want)
		}
	}
}

func TestRegs(t *testing.T) {
	for reg, want := range map[int]int{5: 14, 4: 13, 1: 12, 2: 11, 8: 9, 9: 8, 0: 10, 7: 19, 6: 4, 16: 16} {
		if got, ok := PtRegsSlot(reg); !ok || got != want {
			t.Errorf("PtRegsSlot(%s) = %d %v, want %d", RegName(reg), got, ok, want)
		}
	}
	if _, ok := PtRegsSlot(17); ok {
		t.Error("xmm0 is not in pt_regs")
	}
	if RegName(17) != "xmm0" || RegName(7) != "rsp" {
		t.Error(RegName(17), RegName(7))
	}
}

func TestTypeName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"unsigned long", "unsigned long int"}, {"long unsigned int", "unsigned long int"},
		{"short", "short int"}, {"signed char", "signed char"}, {"char", "char"},
		{"long long", "long long int"}, {"unsigned", "unsigned int"},
	} {
		if got := canonicalBase(tc.in); got != tc.want {
			t.Errorf("canonicalBase(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestUnsavedReg(t *testing.T) {
	xmm := Location{Pieces: []Piece{{Kind: PieceReg, Ops: []LocOp{{Kind: LocReg, Reg: 17}}}}}
	if r, ok := xmm.UnsavedReg(); !ok || RegName(r) != "xmm0" {
		t.Errorf("UnsavedReg = %d %v", r, ok)
	}
	rdi := Location{Pieces: []Piece{{Kind: PieceReg, Ops: []LocOp{{Kind: LocReg, Reg: 5}}}}}
	if _, ok := rdi.UnsavedReg(); ok {
		t.Error("rdi is saved")
	}
}
