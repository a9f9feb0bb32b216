package output

import (
	"math"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// printfOne formats one argument of type typ (bytes b) with format.
func printfOne(t *testing.T, format string, typ *ir.Type, b []byte) string {
	t.Helper()
	prog := &ir.Program{
		Probes: []ir.Probe{*testProbe},
		Events: []ir.Event{{ID: 0, Kind: ir.EventPrintf, Verbs: printfmt.MustParse(format), Size: 8 + len(b), Fields: []ir.Field{
			{Name: "x", Offset: 8, Type: typ, Status: -1},
		}}},
	}
	r, err := NewDecoder(prog).Record(cat(header(0, 0), b))
	if err != nil {
		t.Fatal(err)
	}
	var p Text
	return string(p.Record(nil, r))
}

func TestPrintfArgs(t *testing.T) {
	for _, tt := range []struct {
		format string
		typ    *ir.Type
		b      []byte
		want   string
	}{
		{"%d", tInt32, le32(0xffffffff), "-1"},
		{"%u", tInt32, le32(0xffffffff), "4294967295"},
		{"%ld", tInt32, le32(0xffffffff), "-1"}, // promoted with its sign
		{"%lu", tUint32, le32(0xffffffff), "4294967295"},
		{"%x", tInt64, le64(math.MaxUint64), "ffffffff"}, // no modifier: an int, as C and bpftrace
		{"%lx", tInt64, le64(math.MaxUint64), "ffffffffffffffff"},
		{"%d", tInt64, le64(0x12345678abcdef), "2024525295"},
		{"%hhd", tInt32, le32(300), "44"},
		{"%hu", tInt32, le32(0xffffffff), "65535"},
		{"%d", tInt8, []byte{0x80}, "-128"},
		{"%u", tChar, []byte{0xff}, "4294967295"}, // char is signed: -1, promoted to int
		{"%hhu", tChar, []byte{0xff}, "255"},
		{"%d", tChar, []byte{0xff}, "-1"},
		{"%d", tBool, []byte{1}, "1"},
		{"%d", tColor, le32(2), "2"},
		{"%d", tSign, le32(0xffffffff), "-1"},
		{"%s", tColor, le32(2), "BLUE"},
		{"%c", tInt32, le32('z'), "z"},
		{"%c", tChar, []byte{'q'}, "q"},
		{"%p", tPtr, le64(0x7ffd0000), "0x7ffd0000"},
		{"%p", tPtr, le64(0), "(nil)"},
		{"%p", tUint64, le64(0x1000), "0x1000"},
		{"%#x", tPtr, le64(0x10), "0x10"},
		{"%d", tPtr, le64(16), "16"},
		{"%s", tPtr, le64(16), "0x10"},
		{"%f", tFloat, le32(math.Float32bits(1.5)), "1.500000"},
		{"%.3e", tDouble, le64(math.Float64bits(12345.678)), "1.235e+04"},
		{"%g", tLongD, longDouble(0.25), "0.25"},
		{"%s", tStr8, mkStr("hello", 0, 1), "hello"},
		{"%s", tStr8, mkStr("wor", ir.StrTruncated, 1), "wor"},
		{"%.2s|%-7s|", tStr8, mkStr("hello", 0, 1), "he|<bad format>|"},
		{"%10s|", tStr8, mkStr("", ir.StrFault, 0xbad), "<read error at 0xbad>|"},
		{"%s", tName8, []byte("abc\x00\x00\x00\x00\x00"), "abc"},
		{"%s", tComm, []byte("sh\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), "sh"},
		{"%s", tArr3, cat(le32(1), le32(2), le32(3)), "{1, 2, 3}"},
		{"%s", tFunc, le64(0), "handle"},
		{"%s", tProbe, le64(0), "uprobe:/bin/app:handle"},
		{"%d", tStr8, mkStr("1", 0, 1), "<bad format>"},
		{"%d", tPos, make([]byte, 8), "<bad format>"},
		{"%f", tInt32, le32(1), "<bad format>"},
		{"%c", tDouble, le64(0), "<bad format>"},
		{"%p", tStr8, mkStr("", 0, 1), "<bad format>"},
		{"%d", tI128, make([]byte, 16), "<bad format>"},
		{"%d %d", tInt32, le32(1), "1 <bad format>"},
		{"100%% %d", tInt32, le32(1), "100% 1"},
	} {
		t.Run(tt.format, func(t *testing.T) {
			if got := printfOne(t, tt.format, tt.typ, tt.b); got != tt.want {
				t.Errorf("printf(%q) of %s = %q, want %q", tt.format, tt.typ.Name, got, tt.want)
			}
		})
	}
}
