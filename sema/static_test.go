package sema

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestStaticCommandLibrary: with -c of a statically linked program (musl's
// and glibc's), a probe on libc by its short name warns, at the probe,
// that the command maps no libc (its own libc is in the executable); a
// dynamic command does not.
func TestStaticCommandLibrary(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "s.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void) { puts(\"hi\"); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	libc, err := (&debuginfo.Resolver{}).Library("libc")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		cc     testtarget.Compiler
		static bool
	}{{testtarget.MuslGCC, true}, {testtarget.GCC, true}, {testtarget.GCC, false}} {
		bin := filepath.Join(dir, fmt.Sprintf("%s-%v", c.cc, c.static))
		args := []string{"-o", bin, src}
		if c.static {
			args = append(args, "-static")
		}
		testtarget.Build(t, c.cc, args...)
		_, diags := check(t, "uprobe:libc:puts { print(1) }", Config{DefaultBinary: bin, Command: true})
		var want []string
		if c.static {
			want = []string{fmt.Sprintf(`1:1: warning: "libc" is %s, which the command %s, linked statically, does not map: only programs it starts can hit this probe [the command's own libc functions are in the executable: uprobe:%s:puts]`, libc, bin, bin)}
		}
		if got := brief(diags); !slices.Equal(got, want) {
			t.Errorf("%s static=%v:\n got %q\nwant %q", c.cc, c.static, got, want)
		}
	}
}
