package output

import (
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// TestFormatSeq checks counted sequences (ir.KindSeq): the elements that
// hold values, "..." when the program's count exceeds what the record
// holds, and a count the record cannot hold as malformed nowhere.
func TestFormatSeq(t *testing.T) {
	seq3 := &ir.Type{Kind: ir.KindSeq, Size: 16 + 8, Name: "[]int32", Elem: tInt32, Len: 4}
	elems := cat(le32(1), le32(2), le32(3), le32(0xdeadbeef))
	for _, tt := range []struct {
		name  string
		b     []byte
		want  string
		wantJ string
	}{
		{"empty", cat(elems, le64(0)), "[]", "[]"},
		{"three", cat(elems, le64(3)), "[1, 2, 3]", "[1,2,3]"},
		{"full", cat(elems, le64(4)), "[1, 2, 3, -559038737]", "[1,2,3,-559038737]"},
		{"longer", cat(elems, le64(1000)), "[1, 2, 3, -559038737, ...]", "[1,2,3,-559038737]"},
		{"negative count", cat(elems, le64(1<<63)), "[1, 2, 3, -559038737, ...]", "[1,2,3,-559038737]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := textOf(seq3, tt.b); got != tt.want {
				t.Errorf("text: got %q, want %q", got, tt.want)
			}
			if got := jsonOf(seq3, tt.b); got != tt.wantJ {
				t.Errorf("json: got %q, want %q", got, tt.wantJ)
			}
		})
	}
	bad := &ir.Type{Kind: ir.KindSeq, Size: 16, Elem: tInt32, Len: 4} // 4 elements do not fit
	if got := textOf(bad, make([]byte, 16)); got != "<malformed>" {
		t.Errorf("inconsistent type: got %q", got)
	}
}
