package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestUnmangledScopedNames probes functions whose symbol is their plain
// name while their DWARF puts them in a scope (Rust's #[no_mangle] in a
// module, C++'s extern "C" in a namespace) by that plain name, and reads
// their parameters by name after the prologue, compared with what the
// targets print of them.
func TestUnmangledScopedNames(t *testing.T) {
	cases := []struct {
		name, src string
		build     func(t *testing.T, dir string, opt string)
		script    string
		opts      []string
	}{
		{name: "rust", src: "nomangle.rs", opts: []string{"0", "2"},
			build: func(t *testing.T, dir, opt string) {
				testtarget.Build(t, testtarget.Rustc, "-g", "-C", "opt-level="+opt, "-o", filepath.Join(dir, "prog"), filepath.Join("testdata", "nomangle.rs"))
			},
			script: `uprobe:./prog:post { printf("self: id=%d k=%d\n", e.id, k) }`},
		{name: "c++", src: "externc.cc", opts: []string{"-O0", "-O2"},
			build: func(t *testing.T, dir, opt string) {
				testtarget.Build(t, testtarget.GXX, "-g", opt, "-o", filepath.Join(dir, "prog"), filepath.Join("testdata", "externc.cc"))
			},
			script: `uprobe:./prog:area { printf("self: w=%d h=%d\n", w, h) }`},
	}
	for _, c := range cases {
		for _, opt := range c.opts {
			t.Run(c.name+opt, func(t *testing.T) {
				dir := t.TempDir()
				c.build(t, dir, opt)
				r := runGS(t, dir, timeout, "-q", "-c", "./prog", "-e", c.script)
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				var want []string
				for _, l := range strings.Split(r.Stderr, "\n") {
					if strings.HasPrefix(l, "self: ") {
						want = append(want, l)
					}
				}
				// The target's own result line shares stdout with gs's.
				var got []string
				for _, l := range strings.Split(r.Stdout, "\n") {
					if strings.HasPrefix(l, "self: ") {
						got = append(got, l)
					}
				}
				if len(want) != 3 {
					t.Fatalf("want 3 calls, the target printed %d; gs printed:\n%s\nstderr:\n%s", len(want), r.Stdout, r.Stderr)
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("gs printed\n%s\nthe target printed\n%s\nstderr:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), r.Stderr)
				}
			})
		}
	}
}
