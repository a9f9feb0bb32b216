package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/minidebugtest"
)

// TestMiniDebugInfo: a binary made by Fedora's MiniDebugInfo recipe has
// its static functions only in .gnu_debugdata. Probes by name attach
// there and print what the target prints itself (arguments, results);
// func and ustack name the functions; -l lists them and -v says the
// table that named each; the unstripped build names them by DWARF. A
// corrupt .gnu_debugdata is a clear error.
func TestMiniDebugInfo(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "minidebug.c", "m", v)
			keep, err := minidebugtest.Make(filepath.Join(dir, "m"), filepath.Join(dir, "m.mini"))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(keep, "scale") || !slices.Contains(keep, "outer") {
				t.Fatalf("the recipe kept %v, not scale and outer", keep)
			}
			script := `uprobe:./m.mini:scale { printf("a=%d b=%d in %s\n", arg0, arg1, func); }
uretprobe:./m.mini:scale { printf("ret=%d\n", retval); }
uprobe:./m.mini:scale /arg0 == 2/ { print(ustack(3)); }`
			r := runGS(t, dir, timeout, "-v", "-c", "./m.mini 3", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, m := range selfLines(r.Stderr) {
				want = append(want, fmt.Sprintf("a=%s b=%s in scale", m["a"], m["b"]), "ret="+m["ret"])
			}
			var got []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "a=") || strings.HasPrefix(l, "ret=") {
					got = append(got, l)
				}
			}
			if len(want) != 6 || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nthe target\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			match(t, "the stack", r.Stdout, `(?m)^\s+scale\+0\n\s+outer\+\d+\n\s+main\+\d+`)
			match(t, "-v", r.Stderr, `gs: uprobe:./m.mini:scale: scale named by .gnu_debugdata`)

			l := runGS(t, dir, timeout, "-lv", "uprobe:./m.mini:*")
			match(t, "-lv", l.Stdout, `(?m)^uprobe:./m.mini:scale\n    \(named by .gnu_debugdata\)$`)
			match(t, "-lv", l.Stdout, `(?m)^uprobe:./m.mini:outer$`)

			// With DWARF in the file, DWARF names it (gdb's order).
			r = runGS(t, dir, timeout, "-v", "-c", "./m 1", "-e", `uprobe:./m:scale { printf("a=%d\n", a); }`)
			match(t, "-v with DWARF", r.Stderr, `gs: uprobe:./m:scale: scale named by DWARF \(the binary itself\)`)
			match(t, "by name with DWARF", r.Stdout, `(?m)^a=2$`)

			// A corrupt .gnu_debugdata: not xz, and xz cut short.
			junk := filepath.Join(dir, "junk")
			if err := os.WriteFile(junk, []byte(strings.Repeat("not xz ", 40)), 0o644); err != nil {
				t.Fatal(err)
			}
			run(t, dir, "objcopy", "--update-section", ".gnu_debugdata="+junk, "m.mini", "m.junk")
			run(t, dir, "objcopy", "--dump-section", ".gnu_debugdata=m.xz", "m.mini")
			xz, err := os.ReadFile(filepath.Join(dir, "m.xz"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "cut.xz"), xz[:len(xz)/2], 0o644); err != nil {
				t.Fatal(err)
			}
			run(t, dir, "objcopy", "--update-section", ".gnu_debugdata=cut.xz", "m.mini", "m.cut")
			for bin, why := range map[string]string{"m.junk": "not xz data", "m.cut": "decompress: unexpected EOF"} {
				r := runGS(t, dir, timeout, "-c", "./"+bin+" 1", "-e", `uprobe:./`+bin+`:scale { print(arg0) }`)
				if r.Code == 0 || strings.Contains(r.Stderr, "panic") {
					t.Errorf("%s: exit %d\n%s", bin, r.Code, r.Stderr)
				}
				match(t, bin, r.Stderr, `error: "./`+bin+`" has no symbol table it can read: corrupt .gnu_debugdata \(MiniDebugInfo\): `+why)
			}
		})
	}
}
