package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestEntryValueFromCallers reads, at a line past the first call of pick
// (-O2), its parameter x, which DWARF gives there as
// DW_OP_entry_value(rdi): gs chooses the value among main's call sites by
// the return address at run time, and prints <optimized out> for the
// call through a pointer, which no call site describes; gdb, at a
// breakpoint on the same line, prints the same (gcc's DWARF 5 and 4,
// PIE and not; clang, whose DWARF has no entry value for x there, both
// print <optimized out>).
func TestEntryValueFromCallers(t *testing.T) {
	place := fmt.Sprintf("entryval.c:%d", srcLine(t, "entryval.c", "AFTER_LINE"))
	for _, b := range []struct {
		v     variant
		extra []string
	}{
		{variant{CC: gcc, Opt: "-O2", PIE: false}, nil},
		{variant{CC: gcc, Opt: "-O2", PIE: true}, nil},
		{variant{CC: gcc, Opt: "-O2", PIE: true}, []string{"-gdwarf-4"}},
		{variant{CC: clang, Opt: "-O2", PIE: true}, nil},
	} {
		name := b.v.String() + strings.Join(b.extra, "")
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "entryval.c", "e", b.v, b.extra...)
			vals := gdbValues(t, dir, "e", "2", []string{place}, [][]string{{"x"}})
			if len(vals) != 6 {
				t.Fatalf("gdb printed %d values, want 6: %q", len(vals), vals)
			}
			r := runGS(t, dir, timeout, "-c", "./e 2", "-e", fmt.Sprintf("uprobe:./e:%s { print(x) }", place))
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want, got []string
			for _, v := range vals {
				want = append(want, "x = "+v)
			}
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "x = ") { // not the target's own output
					got = append(got, l)
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
