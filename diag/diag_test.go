package diag

import (
	"bytes"
	"slices"
	"testing"
)

func TestSuggest(t *testing.T) {
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"nme", []string{"id", "name", "next"}, "name"},
		{"pdi", []string{"it", "pid", "d"}, "pid"}, // a swap is one edit: closer than "d"
		{"xyzzy", []string{"pid", "tid"}, ""},      // nothing close
		{"pid", []string{"pid", "tid"}, ""},        // the name itself is no typo
		// Equally close: the least by name, whatever the order.
		{"cat", []string{"cut", "bat", "cab"}, "bat"},
		{"ab", []string{"ax", "xb"}, "ax"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fwd := slices.Clone(tt.candidates)
			rev := slices.Clone(tt.candidates)
			slices.Reverse(rev)
			for _, cs := range [][]string{fwd, rev} {
				if got := Suggest(tt.name, cs); got != tt.want {
					t.Errorf("Suggest(%q, %q) = %q, want %q", tt.name, cs, got, tt.want)
				}
			}
		})
	}
}

func TestRender(t *testing.T) {
	f := &File{Name: "trace.gs", Src: "BEGIN {\n\tprintf(\"%d\\n\", it->nme)\n}\n"}
	l := &List{File: f}
	start := f.PosAt(28)
	end := f.PosAt(31)
	l.Errorf(Span{Start: start, End: end}, "struct item has no field %q", "nme").WithHint("did you mean %q?", "name")
	var b bytes.Buffer
	l.Render(&b, false)
	want := "trace.gs:2:21: error: struct item has no field \"nme\"\n" +
		"     printf(\"%d\\n\", it->nme)\n" +
		"                        ^~~\n" +
		"hint: did you mean \"name\"?\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"nme", "name", 1},
		{"pdi", "pid", 1}, // a swap
		{"pdi", "d", 2},
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // no edits of a swapped pair
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}
