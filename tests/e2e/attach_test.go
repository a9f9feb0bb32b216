package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestCxxNestedCounted prints a struct whose std::string and std::vector
// members sit in structs held by value at offsets other than 0 (16, and 8
// in a struct at 64), and compares it with what gdb prints at a
// breakpoint on the same line. A vector's read status is kept beside its
// elements, after the printed struct's bytes, and its offset counts from
// the struct the vector is a member of, as the member's own offset does
// (sema/outofline.go): counted from the printed struct's start, as
// rustAttach counted them, the status read for tags.ids is its first
// element, 1, read as a failed read of address 0x2.
func TestCxxNestedCounted(t *testing.T) {
	place := fmt.Sprintf("nested.cc:%d", srcLine(t, "nested.cc", "TAKE_LINE"))
	exprs := []string{"*o", "o->tags", "o->pair"}
	script := fmt.Sprintf("uprobe:./n:%s { print(%s) }", place, strings.Join(exprs, ", "))
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "nested.cc", "n", v)
			vals := gdbValues(t, dir, "n", "2", []string{place}, [][]string{exprs})
			if len(vals) != 2*len(exprs) {
				t.Fatalf("gdb printed %d values, want %d:\n%s", len(vals), 2*len(exprs), strings.Join(vals, "\n"))
			}
			var want []string
			for hit := 0; hit < 2; hit++ {
				var parts []string
				for i, e := range exprs {
					parts = append(parts, e+" = "+gdbNormal(vals[hit*len(exprs)+i]))
				}
				want = append(want, strings.Join(parts, ", "))
			}
			r := runGS(t, dir, timeout, "-c", "./n 2", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}
