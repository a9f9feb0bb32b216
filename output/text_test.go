package output

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

func TestFormatRepeats(t *testing.T) {
	arr := &ir.Type{Kind: ir.KindArray, Size: 64, Elem: tInt32, Len: 16}
	b := cat(le32(7), make([]byte, 60))
	if got, want := textOf(arr, b), "{7, 0 <repeats 15 times>}"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// Runs shorter than the threshold print in full.
	arr = &ir.Type{Kind: ir.KindArray, Size: 16, Elem: tInt32, Len: 4}
	if got, want := textOf(arr, make([]byte, 16)), "{0, 0, 0, 0}"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestFormatCaps(t *testing.T) {
	// 1000 distinct elements: cut at MaxValueElems.
	n := 1000
	arr := &ir.Type{Kind: ir.KindArray, Size: 4 * n, Elem: tInt32, Len: n}
	b := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(i))
	}
	got := textOf(arr, b)
	if !strings.HasSuffix(got, ", 199, ...}") || strings.Count(got, ",") != MaxValueElems {
		t.Errorf("got %d bytes ending %q", len(got), got[max(0, len(got)-30):])
	}
	// Big elements: cut near maxValueBytes.
	big := &ir.Type{Kind: ir.KindArray, Size: 1000 * 8, Elem: tStr8, Len: 1000 / 3}
	sb := make([]byte, 0, big.Size)
	for len(sb)+len(mkStr("", 0, 0)) <= big.Size {
		sb = append(sb, mkStr(fmt.Sprintf("\x01\x01\x01\x01%04d", len(sb)), 0, 0)...)
	}
	big.Len = len(sb) / (ir.StrHeader + 8)
	big.Size = len(sb)
	got = textOf(big, sb)
	if len(got) > maxValueBytes+200 || !strings.HasSuffix(got, "...}") {
		t.Errorf("got %d bytes ending %q", len(got), got[max(0, len(got)-30):])
	}
}

// Types whose layouts contradict their sizes print <malformed>, not panic.
func TestFormatInconsistentTypes(t *testing.T) {
	for _, tt := range []struct {
		name string
		typ  *ir.Type
		b    []byte
		want string
	}{
		{"member-past-end", &ir.Type{Kind: ir.KindStruct, Size: 4, Members: []ir.Member{{Name: "a", Offset: 2, Type: tInt32}}}, make([]byte, 4), "{a = <malformed>}"},
		{"member-negative", &ir.Type{Kind: ir.KindStruct, Size: 4, Members: []ir.Member{{Name: "a", Offset: -1, Type: tInt32}}}, make([]byte, 4), "{a = <malformed>}"},
		{"member-nil-type", &ir.Type{Kind: ir.KindStruct, Size: 4, Members: []ir.Member{{Name: "a", Offset: 0}}}, make([]byte, 4), "{a = <malformed>}"},
		{"bitfield-past-end", &ir.Type{Kind: ir.KindStruct, Size: 1, Members: []ir.Member{{Name: "a", Offset: 0, BitOffset: 6, BitSize: 7, Type: tUint32}}}, make([]byte, 1), "{a = <malformed>}"},
		{"array-too-long", &ir.Type{Kind: ir.KindArray, Size: 8, Elem: tInt32, Len: 1 << 40}, make([]byte, 8), "<malformed>"},
		{"array-nil-elem", &ir.Type{Kind: ir.KindArray, Size: 8, Len: 2}, make([]byte, 8), "<malformed>"},
		{"array-negative", &ir.Type{Kind: ir.KindArray, Size: 8, Elem: tInt32, Len: -1}, make([]byte, 8), "<malformed>"},
		{"array-empty", &ir.Type{Kind: ir.KindArray, Size: 0, Elem: tInt32, Len: 0}, nil, "{}"},
		{"size-past-bytes", tInt64, make([]byte, 4), "<malformed>"},
		{"odd-int-size", &ir.Type{Kind: ir.KindInt, Size: 3}, make([]byte, 3), "0x000000"},
		{"odd-float-size", &ir.Type{Kind: ir.KindFloat, Size: 2}, make([]byte, 2), "<malformed>"},
		{"bool-size-3", &ir.Type{Kind: ir.KindBool, Size: 3}, make([]byte, 3), "<malformed>"},
		{"unknown-kind", &ir.Type{Kind: 200, Size: 1}, make([]byte, 1), "<malformed>"},
		{"nil", nil, nil, "<malformed>"},
		{"string-short", &ir.Type{Kind: ir.KindString, Size: 4, Cap: 8}, make([]byte, 4), "<malformed>"},
		{"string-negative-cap", &ir.Type{Kind: ir.KindString, Size: 20, Cap: -5}, mkStr("abc", 0, 0)[:20], `""`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(tt.typ, tt.b); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestDecodeCap: an array longer than a walker writes decodes only the
// elements it can write, and More says there were more.
func TestDecodeCap(t *testing.T) {
	n := 5000
	arr := &ir.Type{Kind: ir.KindArray, Size: 4 * n, Elem: tInt32, Len: n}
	b := make([]byte, 4*n)
	for i := range n {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(i))
	}
	v := NewDecoder(&ir.Program{}).Value(arr, b)
	if len(v.Elems) != MaxValueElems+1 || !v.More {
		t.Errorf("decoded %d elements (More %v), want %d and More", len(v.Elems), v.More, MaxValueElems+1)
	}
	var p Text
	if got := string(p.Value(nil, &v)); !strings.HasSuffix(got, ", 199, ...}") {
		t.Errorf("text ends %q", got[max(0, len(got)-20):])
	}
}

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
		{"int128", tI128, cat(le64(1), le64(2)), "36893488147419103233"},
		{"int128-neg", tI128, cat(le64(math.MaxUint64-4), le64(math.MaxUint64-7)), "-129127208515966861317"}, // gdb: -(7<<64)-5
		{"uint128", tU128, cat(le64(5), le64(7)), "129127208515966861317"},
		{"bool-false", tBool, []byte{0}, "false"},
		{"bool-true", tBool, []byte{1}, "true"},
		{"bool-other", tBool, []byte{7}, "7"},
		// gdb's print of each char (set print: defaults).
		{"char", tChar, []byte{'A'}, "65 'A'"},
		{"char-newline", tChar, []byte{'\n'}, `10 '\n'`},
		{"char-nul", tChar, []byte{0}, `0 '\000'`},
		{"char-quote", tChar, []byte{'\''}, `39 '\''`},
		{"char-dquote", tChar, []byte{'"'}, `34 '"'`},
		{"char-backslash", tChar, []byte{'\\'}, `92 '\\'`},
		{"char-bell", tChar, []byte{7}, `7 '\a'`},
		{"char-esc", tChar, []byte{27}, `27 '\033'`},
		{"char-del", tChar, []byte{127}, `127 '\177'`},
		{"char-high", tChar, []byte{0xff}, `-1 '\377'`},
		{"uchar-high", tUChar, []byte{200}, `200 '\310'`},
		{"char-script", &ir.Type{Kind: ir.KindChar, Size: 1, Style: ir.Style{Syntax: ir.SyntaxBt}}, []byte{'A'}, "'A'"},
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
		{"func", tFunc, le64(0), "handle"},
		{"probe", tProbe, le64(0), "uprobe:/bin/app:handle"},
		{"enum", tColor, le32(2), "BLUE"},
		{"enum-unknown", tColor, le32(7), "7"},
		{"enum-negative", tSign, le32(0xffffffff), "NEG"},
		{"enum-negative-unknown", tSign, le32(0xfffffffe), "-2"},
		{"float", tFloat, le32(math.Float32bits(3.14)), "3.1400001"},
		{"float-tenth", tFloat, le32(math.Float32bits(0.1)), "0.100000001"},
		{"float-big", tFloat, le32(math.Float32bits(1e20)), "1.00000002e+20"},
		{"float-nan", tFloat, le32(0x7fc00000), "nan(0x400000)"},
		{"float-neg", tFloat, le32(math.Float32bits(-0.5)), "-0.5"},
		{"double", tDouble, le64(math.Float64bits(1.1)), "1.1000000000000001"},
		{"double-tenth", tDouble, le64(math.Float64bits(0.1)), "0.10000000000000001"},
		{"double-half", tDouble, le64(math.Float64bits(1.5)), "1.5"},
		{"double-neg-zero", tDouble, le64(1 << 63), "-0"},
		{"double-1e16", tDouble, le64(math.Float64bits(1e16)), "10000000000000000"},
		{"double-1e17", tDouble, le64(math.Float64bits(1e17)), "1e+17"},
		{"double-denormal", tDouble, le64(1), "4.9406564584124654e-324"},
		{"double-max", tDouble, le64(math.Float64bits(math.MaxFloat64)), "1.7976931348623157e+308"},
		{"double-int", tDouble, le64(math.Float64bits(1000000)), "1000000"},
		{"double-big", tDouble, le64(math.Float64bits(1e20)), "1e+20"},
		{"double-small", tDouble, le64(math.Float64bits(1e-5)), "1.0000000000000001e-05"},
		{"double-tiny", tDouble, le64(math.Float64bits(0.0001)), "0.0001"},
		{"double-inf", tDouble, le64(math.Float64bits(math.Inf(-1))), "-inf"},
		{"double-nan", tDouble, le64(0x7ff8000000000000), "nan(0x8000000000000)"},
		{"double-neg-nan", tDouble, le64(0xfff8000000000000), "-nan(0x8000000000000)"},
		{"double-snan", tDouble, le64(0x7ff0000000000001), "nan(0x000000001)"},
		{"long-double", tLongD, longDouble(2.5), "2.5"},
		{"long-double-neg", tLongD, longDouble(-1e10), "-10000000000"},
		{"long-double-zero", tLongD, make([]byte, 16), "0"},
		{"long-double-inf", tLongD, cat(le64(1<<63), le16(0x7fff), make([]byte, 6)), "inf"},
		{"long-double-nan", tLongD, cat(le64(0xc000000000000000), le16(0x7fff), make([]byte, 6)), "nan(0xc000000000000000)"},
		{"long-double-tenth", tLongD, cat(le64(0xcccccccccccccccd), le16(0x3ffb), make([]byte, 6)), "0.100000000000000000001"},
		{"long-double-third", tLongD, cat(le64(0xaaaaaaaaaaaaaaab), le16(0x3ffd), make([]byte, 6)), "0.333333333333333333342"},
		{"long-double-1e-4000", tLongD, cat(le64(0x9c3d73864f3805c0), le16(0x0c17), make([]byte, 6)), "9.99999999999999999987e-4001"},
		{"long-double-denormal", tLongD, cat(le64(1), le16(0), make([]byte, 6)), "3.64519953188247460253e-4951"},
		{"struct", tItem, item, `{id = 100, name = "apple", pos = {x = 0, y = -1}, color = RED, next = NULL}`},
		{"union", tUnion, le32(math.Float32bits(1)), "{i = 1065353216, f = 1}"},
		{"anonymous-member", tAnon, cat(le32(1), le32(2)), "{k = 1, {i = 2, f = 2.80259693e-45}}"},
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
