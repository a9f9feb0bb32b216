package output

import (
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// TestFormatAttachedNested prints a struct whose base class's text and
// whose own sequence were read after its bytes (sema/outofline.go): the
// nested member's Offset points past its struct's end, into the record
// field, and reaches it; a sequence whose read failed prints as a read
// error; a member pointing past the record as malformed.
func TestFormatAttachedNested(t *testing.T) {
	str := &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 8, Cap: 8}
	seq := &ir.Type{Kind: ir.KindSeq, Size: 8 + 8, Elem: tInt32, Len: 2}
	base := &ir.Type{Kind: ir.KindStruct, Size: 8, Members: []ir.Member{{Name: "s", Offset: 16, Type: str}}} // text at 8+16
	outer := &ir.Type{Kind: ir.KindStruct, Size: 80, Members: []ir.Member{
		{Name: "<Base>", Offset: 8, Type: base},
		{Name: "v", Offset: 64, Status: 48, Type: seq},
		{Name: "n", Offset: 0, Type: tInt32},
	}}
	obj := cat(le32(7), le32(0), le64(0xaaaa), le64(0xbbbb)) // the pointers themselves are not printed
	text := cat(le64(3), le64(0x1000), []byte("abc\x00\x00\x00\x00\x00"))
	elems := cat(le32(1), le32(2), le64(2))
	for _, tt := range []struct {
		name, want, wantJ string
		b                 []byte
	}{
		{"read", `{<Base> = {s = "abc"}, v = [1, 2], n = 7}`, `{"<Base>": {"s": "abc"}, "v": [1,2], "n": 7}`,
			cat(obj, text, le64(ir.StatusOK), le64(0), elems)},
		{"fault", `{<Base> = {s = "abc"}, v = <read error at 0x2000>, n = 7}`, `{"<Base>": {"s": "abc"}, "v": {"error": "read error", "addr": 8192}, "n": 7}`,
			cat(obj, text, le64(ir.StatusReadError), le64(0x2000), elems)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(outer, tt.b); got != tt.want {
				t.Errorf("text: got %s, want %s", got, tt.want)
			}
			if got := jsonOf(outer, tt.b); got != tt.wantJ {
				t.Errorf("json: got %s, want %s", got, tt.wantJ)
			}
		})
	}
	short := &ir.Type{Kind: ir.KindStruct, Size: 8, Members: []ir.Member{{Name: "s", Offset: 64, Type: str}}}
	if got := textOf(short, make([]byte, 8)); got != "{s = <malformed>}" {
		t.Errorf("a member past the record: got %s", got)
	}
}
