package output

import (
	"encoding/json"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// jsonWant is the JSON of each of formatValueCases, as docs/json.md gives
// it (bpftrace's shapes): what the JSON walker must write byte for byte.
var jsonWant = map[string]string{
	"int8":                   `-1`,
	"int16":                  `-32768`,
	"int32":                  `-2`,
	"int64":                  `-1`,
	"uint8":                  `255`,
	"uint16":                 `65535`,
	"uint32":                 `4294967295`,
	"uint64":                 `"18446744073709551615"`,
	"int128":                 `"36893488147419103233"`,
	"int128-neg":             `"-129127208515966861317"`,
	"uint128":                `"129127208515966861317"`,
	"char-dquote":            `34`,
	"char-backslash":         `92`,
	"char-bell":              `7`,
	"char-esc":               `27`,
	"char-del":               `127`,
	"uchar-high":             `200`,
	"char-script":            `65`,
	"float-tenth":            `0.10000000149011612`,
	"float-big":              `1.0000000200408773e+20`,
	"float-nan":              `"nan"`,
	"double-tenth":           `0.1`,
	"double-half":            `1.5`,
	"double-neg-zero":        `-0`,
	"double-1e16":            `1e+16`,
	"double-1e17":            `1e+17`,
	"double-denormal":        `5e-324`,
	"double-max":             `1.7976931348623157e+308`,
	"double-neg-nan":         `"nan"`,
	"double-snan":            `"nan"`,
	"long-double-nan":        `"nan"`,
	"long-double-tenth":      `0.1`,
	"long-double-third":      `0.3333333333333333`,
	"long-double-1e-4000":    `0`,
	"long-double-denormal":   `0`,
	"bool-false":             `false`,
	"bool-true":              `true`,
	"bool-other":             `7`,
	"char":                   `65`,
	"char-newline":           `10`,
	"char-nul":               `0`,
	"char-quote":             `39`,
	"char-high":              `-1`,
	"pointer":                `2147291700`,
	"pointer-null":           `0`,
	"string":                 `"hello"`,
	"string-escapes":         `"a\"b\\\t\u0001"`,
	"string-utf8":            `"héllo"`,
	"string-truncated":       `"wor..."`,
	"string-fault":           `{"error": "read error", "addr": 57005}`,
	"string-len-past-cap":    `"12345678"`,
	"comm":                   `"bash"`,
	"comm-full":              `"0123456789abcdef"`,
	"func":                   `"handle"`,
	"probe":                  `"uprobe:/bin/app:handle"`,
	"enum":                   `2`,
	"enum-unknown":           `7`,
	"enum-negative":          `-1`,
	"enum-negative-unknown":  `-2`,
	"float":                  `3.140000104904175`,
	"float-neg":              `-0.5`,
	"double":                 `1.1`,
	"double-int":             `1e+06`,
	"double-big":             `1e+20`,
	"double-small":           `1e-05`,
	"double-tiny":            `0.0001`,
	"double-inf":             `"-inf"`,
	"double-nan":             `"nan"`,
	"long-double":            `2.5`,
	"long-double-neg":        `-1e+10`,
	"long-double-zero":       `0`,
	"long-double-inf":        `"inf"`,
	"struct":                 `{"id": 100, "name": "apple", "pos": {"x": 0, "y": -1}, "color": 0, "next": 0}`,
	"union":                  `{"i": 1065353216, "f": 1}`,
	"anonymous-member":       `{"k": 1, "": {"i": 2, "f": 2.802596928649634e-45}}`,
	"array":                  `[1,2,3]`,
	"array-2d":               `[[1,2,3],[4,5,6]]`,
	"char-array-full":        `"abcdefgh"`,
	"bitfields":              `{"a": 5, "b": -1, "c": 4095, "d": 1, "e": true}`,
	"stack":                  `["0x401000","0x1234"]`,
	"stack-count-too-big":    `["0x1","0x2","0x3"]`,
	"stack-empty-frame-ends": `["0x1"]`,
	"symbol":                 `"0x401136"`,
}

func TestFormatValueJSON(t *testing.T) {
	for _, tt := range formatValueCases() {
		t.Run(tt.name, func(t *testing.T) {
			want, ok := jsonWant[tt.name]
			if !ok {
				t.Fatalf("no JSON given for the case")
			}
			got := jsonOf(tt.typ, tt.b)
			if got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("not valid JSON: %s", got)
			}
		})
	}
}

// Bitfields in JSON are numbers, an enum's too (not its name), bool's
// true and false, and past 2^53 a string of the digits, as any integer.
func TestBitfieldJSON(t *testing.T) {
	u64 := &ir.Type{Kind: ir.KindUint, Size: 8, Name: "unsigned long"}
	i64 := &ir.Type{Kind: ir.KindInt, Size: 8, Name: "long"}
	wide := &ir.Type{Kind: ir.KindStruct, Size: 16, Name: "struct wide", Members: []ir.Member{
		{Name: "u", Offset: 0, BitOffset: 0, BitSize: 60, Type: u64},
		{Name: "s", Offset: 8, BitOffset: 0, BitSize: 60, Type: i64},
	}}
	bits := &ir.Type{Kind: ir.KindStruct, Size: 4, Name: "struct bits", Members: []ir.Member{
		{Name: "d", Offset: 0, BitOffset: 0, BitSize: 3, Type: tColor},
		{Name: "n", Offset: 0, BitOffset: 3, BitSize: 3, Type: tSign},
		{Name: "e", Offset: 1, BitOffset: 0, BitSize: 2, Type: tBool},
		{Name: "c", Offset: 2, BitOffset: 0, BitSize: 4, Type: tChar},
		{Name: "x", Offset: 3, BitOffset: 6, BitSize: 7, Type: tUint32},
	}}
	for _, tt := range []struct {
		name string
		typ  *ir.Type
		b    []byte
		want string
	}{
		{"wide-small", wide, cat(le64(5), le64(1<<60-1)), `{"u": 5, "s": -1}`},
		{"wide-past-2^53", wide, cat(le64(1<<55+1), le64(1<<59+1)), `{"u": "36028797018963969", "s": "-576460752303423487"}`},
		{"enum-bool-char", bits, []byte{7 | 7<<3, 2, 0xf, 0}, `{"d": 7, "n": -1, "e": 2, "c": -1, "x": {"error": "malformed"}}`},
		{"enum-known", bits, []byte{1 | 1<<3, 1, 3, 0}, `{"d": 1, "n": 1, "e": true, "c": 3, "x": {"error": "malformed"}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := jsonOf(tt.typ, tt.b); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
