package output

import (
	"math"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// TestFormatRust checks Rust values in text and JSON: a tagged enum
// (tuple, struct and unit variants), a niche layout whose dataful variant
// is the default, a tag no variant has, structs, tuple structs and
// tuples.
func TestFormatRust(t *testing.T) {
	u32 := &ir.Type{Kind: ir.KindUint, Size: 4, Name: "u32"}
	u64 := &ir.Type{Kind: ir.KindUint, Size: 8, Name: "u64"}
	i32 := &ir.Type{Kind: ir.KindInt, Size: 4, Name: "i32"}
	f64 := &ir.Type{Kind: ir.KindFloat, Size: 8, Name: "f64"}
	// Rust's presentation, as sema/style.go gives it.
	rs := ir.Style{Syntax: ir.SyntaxRust, Fixed: true, CodePoint: true, Float: ir.FloatDebug}
	named := func(prefix string, tuple bool) ir.Style { st := rs; st.Prefix, st.Tuple = prefix, tuple; return st }
	ref := &ir.Type{Kind: ir.KindPointer, Size: 8, Name: "&Entry", Style: rs}
	shape := &ir.Type{Kind: ir.KindVariants, Size: 16, Name: "Shape", Style: rs,
		Discr: &ir.Member{Offset: 0, Type: u32},
		Variants: []ir.Variant{
			{Name: "Circle", Value: 0, Members: []ir.Member{{Name: "r", Offset: 8, Type: f64}}},
			{Name: "Rect", Value: 1, Tuple: true, Members: []ir.Member{{Name: "__0", Offset: 4, Type: i32}, {Name: "__1", Offset: 8, Type: i32}}},
			{Name: "Empty", Value: 2},
		}}
	option := &ir.Type{Kind: ir.KindVariants, Size: 8, Name: "Option<&Entry>", Style: rs,
		Discr: &ir.Member{Offset: 0, Type: u64},
		Variants: []ir.Variant{
			{Name: "None", Value: 0},
			{Name: "Some", Default: true, Tuple: true, Members: []ir.Member{{Name: "__0", Offset: 0, Type: ref}}},
		}}
	pair := &ir.Type{Kind: ir.KindStruct, Size: 16, Name: "(u8, i64)", Style: named("", true), Members: []ir.Member{
		{Name: "__0", Offset: 8, Type: &ir.Type{Kind: ir.KindUint, Size: 1, Name: "u8"}},
		{Name: "__1", Offset: 0, Type: tInt64},
	}}
	point := &ir.Type{Kind: ir.KindStruct, Size: 8, Name: "Point<i32>", Style: named("Point", true), Members: []ir.Member{
		{Name: "__0", Offset: 0, Type: i32}, {Name: "__1", Offset: 4, Type: i32},
	}}
	entry := &ir.Type{Kind: ir.KindStruct, Size: 24, Name: "Entry", Style: named("Entry", false), Members: []ir.Member{
		{Name: "id", Offset: 0, Type: tInt64}, {Name: "pair", Offset: 8, Type: pair},
	}}
	unit := &ir.Type{Kind: ir.KindStruct, Name: "Marker", Style: named("Marker", false)}
	// A struct {name: &str, tags: Vec<i32>} whose text and elements were
	// read after its 40 bytes: a string slot at 40, a status slot at 64
	// and a sequence of 2 at 80.
	text := &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 8, Cap: 8}
	seq := &ir.Type{Kind: ir.KindSeq, Size: 16, Elem: i32, Len: 2}
	attached := &ir.Type{Kind: ir.KindStruct, Size: 96, Name: "Row", Style: named("Row", false), Members: []ir.Member{
		{Name: "name", Offset: 40, Type: text},
		{Name: "tags", Offset: 80, Status: 64, Type: seq},
	}}
	slot := func(s string) []byte {
		return cat(le64(uint64(len(s))), le64(0), []byte((s + "\x00\x00\x00\x00\x00\x00\x00\x00")[:8]))
	}
	raw := make([]byte, 40)
	char := &ir.Type{Kind: ir.KindChar, Size: 4, Name: "char", Style: rs}
	u128 := &ir.Type{Kind: ir.KindUint, Size: 16, Name: "u128", Style: rs}
	i128 := &ir.Type{Kind: ir.KindInt, Size: 16, Name: "i128", Style: rs}
	rf64 := &ir.Type{Kind: ir.KindFloat, Size: 8, Name: "f64", Style: rs}
	f := func(v float64) []byte { return le64(math.Float64bits(v)) }
	for _, tt := range []struct {
		name  string
		t     *ir.Type
		b     []byte
		want  string
		wantJ string
	}{
		{"tuple variant", shape, cat(le32(1), le32(2), le32(3), le32(0)), "Rect(2, 3)", `{"Rect": [2,3]}`},
		{"struct variant", shape, cat(le32(0), le32(0), le64(0x3ff8000000000000)), "Circle {r: 1.5}", `{"Circle": {"r": 1.5}}`},
		{"unit variant", shape, cat(le32(2), le32(9), le64(9)), "Empty", `"Empty"`},
		{"bad tag", shape, cat(le32(7), le32(0), le64(0)), "<invalid discriminant 7>", `{"error": "invalid discriminant", "discriminant": 7}`},
		{"niche none", option, le64(0), "None", `"None"`},
		{"niche some", option, le64(0x7ffd1000), "Some(0x7ffd1000)", `{"Some": [2147291136]}`},
		{"tuple", pair, cat(le64(uint64(1<<64-8)), le64(7)), "(7, -8)", `[7,-8]`},
		{"tuple struct", point, cat(le32(1), le32(2)), "Point(1, 2)", `[1,2]`},
		{"struct", entry, cat(le64(3), le64(uint64(1<<64-8)), le64(7)), "Entry {id: 3, pair: (7, -8)}", `{"id": 3, "pair": [7,-8]}`},
		{"unit struct", unit, nil, "Marker", `{}`},
		{"char", char, le32(0xe9), `'é'`, `"é"`},
		{"char quote", char, le32('\''), `'\''`, `"'"`},
		{"u128", u128, cat(le64(0), le64(1<<36)), "1267650600228229401496703205376", `"1267650600228229401496703205376"`},
		{"i128", i128, cat(le64(1<<64-1), le64(1<<64-1)), "-1", `"-1"`},
		{"f64 integral", rf64, f(3), "3.0", "3"},
		{"f64 big", rf64, f(1e300), "1e300", "1e+300"},
		{"f64 small", rf64, f(1.5e-7), "1.5e-7", "1.5e-07"},
		{"f64 plain", rf64, f(0.125), "0.125", "0.125"},
		{"f64 zero", rf64, f(math.Copysign(0, -1)), "-0.0", "-0"},
		{"attached", attached, cat(raw, slot("ab"), le64(ir.StatusOK), le64(0), le32(4), le32(5), le64(2)),
			`Row {name: "ab", tags: [4, 5]}`, `{"name": "ab", "tags": [4,5]}`},
		{"attached read error", attached, cat(raw, slot("ab"), le64(ir.StatusReadError), le64(0x10), le32(4), le32(5), le64(2)),
			`Row {name: "ab", tags: <read error at 0x10>}`, `{"name": "ab", "tags": {"error": "read error", "addr": 16}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(tt.t, tt.b); got != tt.want {
				t.Errorf("text: got %q, want %q", got, tt.want)
			}
			if got := jsonOf(tt.t, tt.b); got != tt.wantJ {
				t.Errorf("json: got %q, want %q", got, tt.wantJ)
			}
		})
	}
}
