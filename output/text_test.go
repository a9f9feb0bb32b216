package output

import (
	"encoding/binary"
	"fmt"
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
