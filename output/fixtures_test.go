package output

import (
	"encoding/binary"
	"math"

	"github.com/gs-tracer/gs/ir"
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
	tUChar  = &ir.Type{Kind: ir.KindChar, Size: 1, Name: "uint8_t", Unsigned: true}
	tPtr    = &ir.Type{Kind: ir.KindPointer, Size: 8, Name: "char *", Elem: tChar}
	tStr8   = &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 8, Cap: 8, Name: "string"}
	tComm   = &ir.Type{Kind: ir.KindComm, Size: ir.CommLen, Name: "comm"}
	tFunc   = &ir.Type{Kind: ir.KindFunc, Size: 8, Name: "func"}
	tProbe  = &ir.Type{Kind: ir.KindProbe, Size: 8, Name: "probe"}
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
	tU128  = &ir.Type{Kind: ir.KindUint, Size: 16, Name: "unsigned __int128"}
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

// testProgram has one event of each kind and a probe.
func testProgram() *ir.Program {
	return &ir.Program{
		Version: ir.Version,
		Probes:  []ir.Probe{*testProbe, {ID: 1, Name: "uprobe:/bin/app:other", Func: "other"}},
		Events: []ir.Event{
			{ID: 0, Kind: ir.EventPrint, Size: 8 + 4 + 4 + 16 + 24 + 16 + 32 + 8, Fields: []ir.Field{
				{Name: "arg0", Offset: 8, Type: tInt32, Status: -1},
				{Name: "x->id", Offset: 12, Type: tInt32, Status: 16},
				{Name: "str(arg1)", Offset: 32, Type: tStr8, Status: -1},
				{Name: "y", Unavailable: true, Status: -1},
				{Name: "func", Offset: 104, Type: tFunc, Status: -1},
				{Name: "*it", Offset: 72, Type: tItem, Status: 56},
			}},
			{ID: 1, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%s: %d %5.2s|%-4c|%p %p %hhd %#x\n"), Size: 8 + 24 + 4 + 4 + 8 + 8 + 4 + 4 + 8, Fields: []ir.Field{
				{Name: "func", Offset: 64, Type: tFunc, Status: -1},
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

// textOf decodes a value of type typ from b (func and probe name
// testProbe) and writes it as print() does.
func textOf(typ *ir.Type, b []byte) string {
	v := NewDecoder(&ir.Program{Probes: []ir.Probe{*testProbe}}).Value(typ, b)
	var p Text
	return string(p.Value(nil, &v))
}
