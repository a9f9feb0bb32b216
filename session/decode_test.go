package session

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/printfmt"
)

// Types used by the tests.
var (
	tInt8   = &ir.Type{Kind: ir.KindInt, Size: 1, Name: "signed char"}
	tInt16  = &ir.Type{Kind: ir.KindInt, Size: 2, Name: "short"}
	tInt32  = &ir.Type{Kind: ir.KindInt, Size: 4, Name: "int"}
	tInt64  = &ir.Type{Kind: ir.KindInt, Size: 8, Name: "long"}
	tUint8  = &ir.Type{Kind: ir.KindUint, Size: 1, Name: "unsigned char"}
	tUint16 = &ir.Type{Kind: ir.KindUint, Size: 2, Name: "unsigned short"}
	tUint32 = &ir.Type{Kind: ir.KindUint, Size: 4, Name: "unsigned int"}
	tUint64 = &ir.Type{Kind: ir.KindUint, Size: 8, Name: "unsigned long"}
	tBool   = &ir.Type{Kind: ir.KindBool, Size: 1, Name: "_Bool"}
	tChar   = &ir.Type{Kind: ir.KindChar, Size: 1, Name: "char"}
	tPtr    = &ir.Type{Kind: ir.KindPointer, Size: 8, Name: "char *", Elem: tChar}
	tStr8   = &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 8, Cap: 8, Name: "string"}
	tComm   = &ir.Type{Kind: ir.KindComm, Size: ir.CommLen, Name: "comm"}
	tFunc   = &ir.Type{Kind: ir.KindFunc, Name: "func"}
	tProbe  = &ir.Type{Kind: ir.KindProbe, Name: "probe"}
	tFloat  = &ir.Type{Kind: ir.KindFloat, Size: 4, Name: "float"}
	tDouble = &ir.Type{Kind: ir.KindFloat, Size: 8, Name: "double"}
	tLongD  = &ir.Type{Kind: ir.KindFloat, Size: 16, Name: "long double"}
	tColor  = &ir.Type{Kind: ir.KindEnum, Size: 4, Name: "enum color", Enums: []ir.Enumerator{{Name: "RED", Value: 0}, {Name: "GREEN", Value: 1}, {Name: "BLUE", Value: 2}}}
	tSign   = &ir.Type{Kind: ir.KindEnum, Size: 4, Name: "enum sign", Enums: []ir.Enumerator{{Name: "NEG", Value: -1}, {Name: "POS", Value: 1}}}
	tPos    = &ir.Type{Kind: ir.KindStruct, Size: 8, Name: "struct pos", Members: []ir.Member{
		{Name: "x", Offset: 0, Type: tInt32},
		{Name: "y", Offset: 4, Type: tInt32},
	}}
	tName8 = &ir.Type{Kind: ir.KindArray, Size: 8, Name: "char [8]", Elem: tChar, Len: 8}
	tItem  = &ir.Type{Kind: ir.KindStruct, Size: 32, Name: "struct item", Members: []ir.Member{
		{Name: "id", Offset: 0, Type: tInt32},
		{Name: "name", Offset: 4, Type: tName8},
		{Name: "pos", Offset: 12, Type: tPos},
		{Name: "color", Offset: 20, Type: tColor},
		{Name: "next", Offset: 24, Type: tPtr},
	}}
	tArr3 = &ir.Type{Kind: ir.KindArray, Size: 12, Name: "int [3]", Elem: tInt32, Len: 3}
	tBits = &ir.Type{Kind: ir.KindStruct, Size: 4, Name: "struct bits", Members: []ir.Member{
		{Name: "a", Offset: 0, BitOffset: 0, BitSize: 3, Type: tUint32},
		{Name: "b", Offset: 0, BitOffset: 3, BitSize: 5, Type: tInt32},
		{Name: "c", Offset: 1, BitOffset: 0, BitSize: 12, Type: tUint32},
		{Name: "d", Offset: 2, BitOffset: 4, BitSize: 2, Type: tColor},
		{Name: "e", Offset: 3, BitOffset: 0, BitSize: 1, Type: tBool},
	}}
	tUnion = &ir.Type{Kind: ir.KindUnion, Size: 4, Name: "union u", Members: []ir.Member{
		{Name: "i", Offset: 0, Type: tInt32},
		{Name: "f", Offset: 0, Type: tFloat},
	}}
	tAnon = &ir.Type{Kind: ir.KindStruct, Size: 8, Name: "struct anon", Members: []ir.Member{
		{Name: "k", Offset: 0, Type: tInt32},
		{Name: "", Offset: 4, Type: tUnion},
	}}
	tStack = &ir.Type{Kind: ir.KindStack, Size: 8 + 3*ir.StackFrameSize, Name: "ustack"}
	tSym   = &ir.Type{Kind: ir.KindSymbol, Size: 8, Name: "usym"}
	tI128  = &ir.Type{Kind: ir.KindInt, Size: 16, Name: "__int128"}
	tGrid  = &ir.Type{Kind: ir.KindArray, Size: 24, Name: "int [2][3]", Elem: tArr3, Len: 2}
)

func le16(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
func le32(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
func le64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// strSlot builds a string slot of capacity 8.
func mkStr(text string, flags byte, addr uint64) []byte {
	b := make([]byte, ir.StrHeader+8)
	binary.LittleEndian.PutUint16(b, uint16(len(text)))
	b[2] = flags
	binary.LittleEndian.PutUint64(b[8:], addr)
	copy(b[ir.StrHeader:], text)
	return b
}

func longDouble(f float64) []byte {
	// x87 extended: explicit integer bit, 15-bit exponent.
	bits := math.Float64bits(f)
	sign := bits >> 63
	exp := int(bits>>52&0x7ff) - 1023 + 16383
	mant := (bits&(1<<52-1))<<11 | 1<<63
	b := binary.LittleEndian.AppendUint64(nil, mant)
	b = binary.LittleEndian.AppendUint16(b, uint16(sign<<15)|uint16(exp))
	return append(b, make([]byte, 6)...)
}

// ipFrame and idFrame build stack frames (ir/doc.go "Stacks").
func ipFrame(addr uint64) []byte {
	b := make([]byte, ir.StackFrameSize)
	binary.LittleEndian.PutUint32(b, ir.StackFrameIP)
	binary.LittleEndian.PutUint64(b[ir.StackFrameAddr:], addr)
	return b
}

func idFrame(off uint64) []byte {
	b := make([]byte, ir.StackFrameSize)
	binary.LittleEndian.PutUint32(b, ir.StackFrameValid)
	copy(b[ir.StackFrameBuildID:], "build-id-20-bytes...")
	binary.LittleEndian.PutUint64(b[ir.StackFrameAddr:], off)
	return b
}

var testProbe = &ir.Probe{ID: 0, Name: "uprobe:/bin/app:handle", Func: "handle"}

// formatValueCase is one value of every kind, for text and JSON.
type formatValueCase struct {
	name string
	typ  *ir.Type
	b    []byte
	want string // text
}

func formatValueCases() []formatValueCase {
	item := cat(le32(100), []byte("apple\x00\x00\x00"), le32(0), le32(0xffffffff), le32(0), le64(0))
	return []formatValueCase{
		{"int8", tInt8, []byte{0xff}, "-1"},
		{"int16", tInt16, le16(0x8000), "-32768"},
		{"int32", tInt32, le32(0xfffffffe), "-2"},
		{"int64", tInt64, le64(math.MaxUint64), "-1"},
		{"uint8", tUint8, []byte{0xff}, "255"},
		{"uint16", tUint16, le16(65535), "65535"},
		{"uint32", tUint32, le32(math.MaxUint32), "4294967295"},
		{"uint64", tUint64, le64(math.MaxUint64), "18446744073709551615"},
		{"int128", tI128, cat(le64(1), le64(2)), "0x00000000000000020000000000000001"},
		{"bool-false", tBool, []byte{0}, "false"},
		{"bool-true", tBool, []byte{1}, "true"},
		{"bool-other", tBool, []byte{7}, "7"},
		{"char", tChar, []byte{'A'}, "'A'"},
		{"char-newline", tChar, []byte{'\n'}, `'\n'`},
		{"char-nul", tChar, []byte{0}, `'\0'`},
		{"char-quote", tChar, []byte{'\''}, `'\''`},
		{"char-high", tChar, []byte{0xff}, `'\377'`},
		{"pointer", tPtr, le64(0x7ffd1234), "0x7ffd1234"},
		{"pointer-null", tPtr, le64(0), "NULL"},
		{"string", tStr8, mkStr("hello", 0, 0x1000), `"hello"`},
		{"string-escapes", tStr8, mkStr("a\"b\\\t\x01", 0, 0x1000), `"a\"b\\\t\001"`},
		{"string-utf8", tStr8, mkStr("héllo", 0, 0x1000), `"héllo"`},
		{"string-truncated", tStr8, mkStr("wor", ir.StrTruncated, 0x1000), `"wor"...`},
		{"string-fault", tStr8, mkStr("", ir.StrFault, 0xdead), "<read error at 0xdead>"},
		{"string-len-past-cap", tStr8, func() []byte { b := mkStr("12345678", 0, 1); b[0] = 200; return b }(), `"12345678"`},
		{"comm", tComm, []byte("bash\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), "bash"},
		{"comm-full", tComm, []byte("0123456789abcdef"), "0123456789abcdef"},
		{"func", tFunc, nil, "handle"},
		{"probe", tProbe, nil, "uprobe:/bin/app:handle"},
		{"enum", tColor, le32(2), "BLUE"},
		{"enum-unknown", tColor, le32(7), "7"},
		{"enum-negative", tSign, le32(0xffffffff), "NEG"},
		{"enum-negative-unknown", tSign, le32(0xfffffffe), "-2"},
		{"float", tFloat, le32(math.Float32bits(3.14)), "3.14"},
		{"float-neg", tFloat, le32(math.Float32bits(-0.5)), "-0.5"},
		{"double", tDouble, le64(math.Float64bits(1.1)), "1.1"},
		{"double-int", tDouble, le64(math.Float64bits(1000000)), "1000000"},
		{"double-big", tDouble, le64(math.Float64bits(1e20)), "1e+20"},
		{"double-small", tDouble, le64(math.Float64bits(1e-5)), "1e-05"},
		{"double-tiny", tDouble, le64(math.Float64bits(0.0001)), "0.0001"},
		{"double-inf", tDouble, le64(math.Float64bits(math.Inf(-1))), "-inf"},
		{"double-nan", tDouble, le64(math.Float64bits(math.NaN())), "nan"},
		{"long-double", tLongD, longDouble(2.5), "2.5"},
		{"long-double-neg", tLongD, longDouble(-1e10), "-10000000000"},
		{"long-double-zero", tLongD, make([]byte, 16), "0"},
		{"long-double-inf", tLongD, cat(le64(1<<63), le16(0x7fff), make([]byte, 6)), "inf"},
		{"struct", tItem, item, `{id = 100, name = "apple", pos = {x = 0, y = -1}, color = RED, next = NULL}`},
		{"union", tUnion, le32(math.Float32bits(1)), "{i = 1065353216, f = 1}"},
		{"anonymous-member", tAnon, cat(le32(1), le32(2)), "{k = 1, {i = 2, f = 3e-45}}"},
		{"array", tArr3, cat(le32(1), le32(2), le32(3)), "{1, 2, 3}"},
		{"array-2d", tGrid, cat(le32(1), le32(2), le32(3), le32(4), le32(5), le32(6)), "{{1, 2, 3}, {4, 5, 6}}"},
		{"char-array-full", tName8, []byte("abcdefgh"), `"abcdefgh"`},
		{"bitfields", tBits, []byte{0b11111_101, 0xff, 0b0001_1111, 1}, "{a = 5, b = -1, c = 4095, d = GREEN, e = true}"},
		{"stack", tStack, cat(le64(2), ipFrame(0x401000), idFrame(0x1234), ipFrame(0)), "\n        0x401000\n        0x1234\n"},
		{"stack-count-too-big", tStack, cat(le64(100), ipFrame(1), ipFrame(2), ipFrame(3)), "\n        0x1\n        0x2\n        0x3\n"},
		{"stack-empty-frame-ends", tStack, cat(le64(3), ipFrame(1), make([]byte, 32), ipFrame(3)), "\n        0x1\n"},
		{"symbol", tSym, le64(0x401136), "0x401136"},
	}
}

func TestFormatValue(t *testing.T) {
	for _, tt := range formatValueCases() {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(tt.typ, tt.b); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// testProgram has one event of each kind and a probe.
func testProgram() *ir.Program {
	return &ir.Program{
		Version: ir.Version,
		Probes:  []ir.Probe{*testProbe},
		Events: []ir.Event{
			{ID: 0, Kind: ir.EventPrint, Size: 8 + 4 + 4 + 16 + 24 + 16 + 32, Fields: []ir.Field{
				{Name: "arg0", Offset: 8, Type: tInt32, Status: -1},
				{Name: "x->id", Offset: 12, Type: tInt32, Status: 16},
				{Name: "str(arg1)", Offset: 32, Type: tStr8, Status: -1},
				{Name: "y", Unavailable: true, Status: -1},
				{Name: "func", Type: tFunc, Status: -1},
				{Name: "*it", Offset: 72, Type: tItem, Status: 56},
			}},
			{ID: 1, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%s: %d %5.2s|%-4c|%p %p %hhd %#x\n"), Size: 8 + 24 + 4 + 4 + 8 + 8 + 4 + 4, Fields: []ir.Field{
				{Name: "func", Type: tFunc, Status: -1},
				{Name: "arg0", Offset: 8 + 24, Type: tInt32, Status: -1},
				{Name: "str(arg1)", Offset: 8, Type: tStr8, Status: -1},
				{Name: "c", Offset: 8 + 24 + 4, Type: tChar, Status: -1},
				{Name: "p", Offset: 8 + 24 + 8, Type: tPtr, Status: -1},
				{Name: "q", Offset: 8 + 24 + 16, Type: tPtr, Status: -1},
				{Name: "n", Offset: 8 + 24 + 24, Type: tInt32, Status: -1},
				{Name: "color", Offset: 8 + 24 + 28, Type: tColor, Status: -1},
			}},
			{ID: 2, Kind: ir.EventExit, Size: 8},
			{ID: 3, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%d %s %f %c|%d|%s|%s\n"), Size: 8 + 24 + 4 + 16, Fields: []ir.Field{
				{Name: "s", Offset: 8, Type: tStr8, Status: -1}, // %d of a string
				{Name: "pos", Offset: 8 + 24, Type: tInt32, Status: -1},
				{Name: "n", Offset: 8 + 24, Type: tInt32, Status: -1}, // %f of an int
				{Name: "st", Offset: 8 + 24, Type: tPos, Status: -1},  // %c of a struct (8 bytes from offset 32)
				{Name: "bad", Offset: 8 + 24, Type: tInt32, Status: 8 + 24 + 4},
				{Name: "opt", Unavailable: true, Status: -1},
				// the last %s has no argument
			}},
			// A conversion the runtime does not know (the compiler refuses %n).
			{ID: 4, Kind: ir.EventPrintf, Verbs: []printfmt.Verb{{Conv: 'n', Width: -1, Prec: -1}}, Size: 8 + 4, Fields: []ir.Field{
				{Name: "arg0", Offset: 8, Type: tInt32, Status: -1},
			}},
			{ID: 5, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%s|%s|%s|%d|%ld|%lu|%5.1f|%e\n"), Size: 8 + 16 + 8 + 32 + 4 + 4 + 8, Fields: []ir.Field{
				{Name: "comm", Offset: 8, Type: tComm, Status: -1},
				{Name: "name", Offset: 24, Type: tName8, Status: -1},
				{Name: "pos", Offset: 32, Type: tPos, Status: -1},
				{Name: "e", Offset: 40, Type: tSign, Status: -1},
				{Name: "i", Offset: 44, Type: tInt32, Status: -1},
				{Name: "u", Offset: 44, Type: tInt32, Status: -1},
				{Name: "d", Offset: 48, Type: tDouble, Status: -1},
				{Name: "d", Offset: 48, Type: tDouble, Status: -1},
			}},
		},
	}
}

func header(ev, probe uint32) []byte { return cat(le32(ev), le32(probe)) }

func TestDecode(t *testing.T) {
	prog := testProgram()
	d := newDecoder(prog)
	item := cat(le32(7), []byte("pear\x00\x00\x00\x00"), le32(1), le32(2), le32(1), le64(0x5000))
	for _, tt := range []struct {
		name string
		rec  []byte
		want string
		kind ir.EventKind
	}{
		{"print", cat(header(0, 0), le32(42), le32(9), le64(ir.StatusOK), le64(0), mkStr("hi", 0, 0x10),
			le64(ir.StatusOK), le64(0), item),
			`arg0 = 42, x->id = 9, str(arg1) = "hi", y = <optimized out>, func = handle, *it = {id = 7, name = "pear", pos = {x = 1, y = 2}, color = GREEN, next = 0x5000}` + "\n", ir.EventPrint},
		{"print-read-errors", cat(header(0, 0), le32(42), le32(0), le64(ir.StatusReadError), le64(0x18), mkStr("", ir.StrFault, 0x20),
			le64(ir.StatusReadError), le64(0x30), make([]byte, 32)),
			`arg0 = 42, x->id = <read error at 0x18>, str(arg1) = <read error at 0x20>, y = <optimized out>, func = handle, *it = <read error at 0x30>` + "\n", ir.EventPrint},
		{"printf", cat(header(1, 0), mkStr("hello", 0, 1), le32(0xfffffff6), le32('x'), le64(0x7ffd00), le64(0), le32(300), le32(2)),
			"handle: -10    he|x   |0x7ffd00 (nil) 44 0x2\n", ir.EventPrintf},
		{"printf-mismatch", cat(header(3, 0), mkStr("s", 0, 1), le32(65), le64(ir.StatusReadError), le64(0x40), le32(0)),
			"<bad format> 65 <bad format> <bad format>|<read error at 0x40>|<optimized out>|<bad format>\n", ir.EventPrintf},
		{"printf-bad-format", cat(header(4, 0), le32(1)), "<bad format>", ir.EventPrintf},
		{"printf-strings", cat(header(5, 0), []byte("bash\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), []byte("name\x00\x00\x00\x00"),
			le32(3), le32(4), le32(0xffffffff), le32(0xffffffff), le64(math.Float64bits(2.25))),
			"bash|name|{x = 3, y = 4}|-1|-1|18446744073709551615|  2.2|2.250000e+00\n", ir.EventPrintf},
		{"exit", header(2, 0), "", ir.EventExit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, kind, err := d.decode(nil, tt.rec)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want || kind != tt.kind {
				t.Errorf("got  %q (kind %d)\nwant %q (kind %d)", out, kind, tt.want, tt.kind)
			}
		})
	}
}

func TestDecodeMalformed(t *testing.T) {
	prog := testProgram()
	prog.Events = append(prog.Events,
		ir.Event{ID: 6, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "nil", Offset: 8, Status: -1}}},
		ir.Event{ID: 7, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "neg", Offset: -4, Type: tInt32, Status: -1}}},
		ir.Event{ID: 8, Kind: 99, Size: 8},
	)
	d := newDecoder(prog)
	for _, tt := range []struct {
		name string
		rec  []byte
		want string
	}{
		{"empty", nil, "malformed record: 0 bytes, shorter than its header"},
		{"short", []byte{1, 2, 3}, "malformed record: 3 bytes"},
		{"unknown-event", header(1000, 0), "malformed record: event 1000 does not exist (9 events)"},
		{"unknown-probe", header(0, 5), "malformed record: probe 5 does not exist (1 probes)"},
		{"field-outside", cat(header(0, 0), le32(1)), `malformed record: event 0 field "x->id" [12, 16) is outside the record's 12 bytes`},
		{"status-outside", cat(header(3, 0), mkStr("", 0, 0), le64(1)), `malformed record: event 3 field "bad" status at 36 is outside the record's 40 bytes`},
		{"nil-type", cat(header(6, 0), le64(0)), `malformed record: event 6 field "nil"`},
		{"negative-offset", cat(header(7, 0), le64(0)), `malformed record: event 7 field "neg" [-4, 0)`},
		{"unknown-kind", header(8, 0), "malformed record: event 8 has unknown kind 99"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := d.decode([]byte("keep"), tt.rec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
			if string(out) != "keep" {
				t.Errorf("dst changed to %q", out)
			}
		})
	}
}

// textOf decodes a value of type typ from b, in a record of testProbe,
// and writes it as print() does.
func textOf(typ *ir.Type, b []byte) string {
	v := output.NewDecoder(&ir.Program{}).ProbeValue(testProbe, typ, b)
	var p output.Text
	return string(p.Value(nil, &v))
}

// jsonOf is textOf in JSON.
func jsonOf(typ *ir.Type, b []byte) string {
	v := output.NewDecoder(&ir.Program{}).ProbeValue(testProbe, typ, b)
	var p output.JSON
	return string(p.Value(nil, &v))
}
