package output

import (
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// TestFormatBt pins bpftrace's shape of the aggregates the script holds
// (bpftrace's src/output/text.cpp): structs with spaces inside the braces
// and after commas, arrays without spaces, char arrays as their text.
func TestFormatBt(t *testing.T) {
	i32 := &ir.Type{Kind: ir.KindInt, Size: 4, Name: "int"}
	arr := &ir.Type{Kind: ir.KindArray, Size: 8, Len: 2, Elem: i32}
	chars := &ir.Type{Kind: ir.KindArray, Size: 4, Len: 4, Elem: &ir.Type{Kind: ir.KindChar, Size: 1}}
	grid := &ir.Type{Kind: ir.KindArray, Size: 16, Len: 2, Elem: arr}
	inner := &ir.Type{Kind: ir.KindStruct, Size: 4, Members: []ir.Member{{Name: "n", Type: i32}}}
	st := &ir.Type{Kind: ir.KindStruct, Size: 20, Members: []ir.Member{
		{Name: "m", Type: i32}, {Name: "a", Offset: 4, Type: arr}, {Name: "s", Offset: 12, Type: chars}, {Name: "in", Offset: 16, Type: inner},
	}}
	le := func(ws ...int32) []byte {
		var b []byte
		for _, w := range ws {
			b = append(b, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
		}
		return b
	}
	for _, tc := range []struct {
		t    *ir.Type
		b    []byte
		want string
	}{
		{arr, le(1, -2), "[1,-2]"},
		{grid, le(5, 6, 7, 8), "[[5,6],[7,8]]"},
		{chars, []byte("ab\x00c"), "ab"},
		{st, append(le(2, 3, 4), append([]byte("xyz\x00"), le(9)...)...), "{ .m = 2, .a = [3,4], .s = xyz, .in = { .n = 9 } }"},
		{&ir.Type{Kind: ir.KindStruct}, nil, "{}"},
	} {
		v := NewDecoder(&ir.Program{}).Value(tc.t, tc.b)
		var p Text
		if got := string(p.held(nil, &v)); got != tc.want {
			t.Errorf("appendBt = %q, want %q", got, tc.want)
		}
	}
}
