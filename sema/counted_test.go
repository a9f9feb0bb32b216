package sema

import (
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
)

// TestCounted checks which structs countedRules map onto counted values:
// Go's string and slice headers in a Go binary only, with members of the
// right kinds, and a [begin, end) pair through nested members.
func TestCounted(t *testing.T) {
	u8 := &Type{Kind: KindInt, Size: 1, Name: "uint8"}
	i64 := &Type{Kind: KindInt, Size: 8, Signed: true, Name: "int"}
	str := &Type{Kind: KindStruct, Size: 16, Name: "string", Members: []Member{
		{Name: "str", Offset: 0, Type: PointerTo(u8)},
		{Name: "len", Offset: 8, Type: i64},
	}}
	slice := &Type{Kind: KindStruct, Size: 24, Name: "[]int", Members: []Member{
		{Name: "array", Offset: 0, Type: PointerTo(i64)},
		{Name: "len", Offset: 8, Type: i64},
		{Name: "cap", Offset: 16, Type: i64},
	}}
	badStr := &Type{Kind: KindStruct, Size: 16, Name: "string", Members: []Member{
		{Name: "str", Offset: 0, Type: i64}, // not a pointer
		{Name: "len", Offset: 8, Type: i64},
	}}
	impl := &Type{Kind: KindStruct, Size: 24, Name: "impl", Members: []Member{
		{Name: "start", Offset: 0, Type: PointerTo(i64)},
		{Name: "finish", Offset: 8, Type: PointerTo(i64)},
	}}
	vec := &Type{Kind: KindStruct, Size: 32, Name: "vec<long>", Members: []Member{
		{Name: "pad", Offset: 0, Type: i64},
		{Name: "impl", Offset: 8, Type: impl},
	}}
	saved := countedRules
	defer func() { countedRules = saved }()
	countedRules = append(countedRules[:len(countedRules):len(countedRules)],
		CountedRule{Lang: debuginfo.LangAny, Name: "vec<*", Ptr: "impl.start", End: "impl.finish"})

	for _, tt := range []struct {
		name string
		t    *Type
		lang debuginfo.Language
		want *Counted
	}{
		{"go string", str, debuginfo.LangGo, &Counted{Text: true, Elem: u8, Ptr: str.Members[0], Len: str.Members[1]}},
		{"c struct string", str, debuginfo.LangC, nil},
		{"go slice", slice, debuginfo.LangGo, &Counted{Elem: i64, Ptr: slice.Members[0], Len: slice.Members[1]}},
		{"slice in C", slice, debuginfo.LangC, nil},
		{"string of wrong kinds", badStr, debuginfo.LangGo, nil},
		{"begin end", vec, debuginfo.LangC, &Counted{Elem: i64,
			Ptr: Member{Name: "start", Offset: 8, Type: impl.Members[0].Type},
			Len: Member{Name: "finish", Offset: 16, Type: impl.Members[1].Type}, End: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := counted(tt.t, tt.t.Name, tt.lang)
			switch {
			case got == nil && tt.want == nil:
			case got == nil || tt.want == nil:
				t.Fatalf("got %+v, want %+v", got, tt.want)
			case got.Text != tt.want.Text || got.Elem != tt.want.Elem || got.End != tt.want.End ||
				got.Ptr.Offset != tt.want.Ptr.Offset || got.Ptr.Type != tt.want.Ptr.Type ||
				got.Len.Offset != tt.want.Len.Offset || got.Len.Type != tt.want.Len.Type:
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
