package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// TestSharedLibrary traces a function of a shared library by path, reading
// its parameters, a field through a pointer and the library's global and
// static (which need the library's load bias in the traced process).
func TestSharedLibrary(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(cc.String()+opt, func(t *testing.T) {
				dir := t.TempDir()
				src, _ := filepath.Abs("testdata")
				build(t, dir, cc, "-g", opt, "-fPIC", "-shared", "-o", "libvals.so", filepath.Join(src, "lib.c"))
				build(t, dir, cc, "-g", opt, "-o", "main", filepath.Join(src, "libmain.c"), "-L.", "-lvals", "-Wl,-rpath,$ORIGIN")
				r := runGS(t, dir, timeout, "-c", "./main", "-e",
					`uprobe:./libvals.so:lib_move { printf("x=%ld y=%ld dx=%ld counter=%d static=%d\n", p->x + dx, p->y, dx, lib_counter + 1, lib_static + 2) }`)
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				var want []string
				for _, m := range selfLines(r.Stderr) {
					want = append(want, fmt.Sprintf("x=%s y=%s dx=%s counter=%s static=%s", m["x"], m["y"], m["dx"], m["counter"], m["static"]))
				}
				if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 3 || got != strings.Join(want, "\n") {
					t.Errorf("gs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
				}
			})
		}
	}
}

// TestSeparateDebugFile: a stripped binary finds its DWARF through
// .gnu_debuglink, or through --debug-file; a debug file of another build is
// refused; with no debug file the error says how to supply one.
func TestSeparateDebugFile(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "values.c", "v", variant{CC: gcc, Opt: "-O2", PIE: true})
	compile(t, dir, "basic.c", "other", defaultVariant)
	run(t, dir, "objcopy", "--only-keep-debug", "v", "v.debug")
	run(t, dir, "objcopy", "--strip-debug", "--add-gnu-debuglink=v.debug", "v", "v.linked")
	run(t, dir, "objcopy", "--strip-debug", "v", "v.bare")
	if err := os.Mkdir(filepath.Join(dir, "elsewhere"), 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, dir, "cp", "v.debug", "elsewhere/v.dbg")
	run(t, dir, "objcopy", "--only-keep-debug", "other", "other.debug")

	script := func(bin string) string { return `uprobe:./` + bin + `:process { printf("%d %s\n", scale, it->name) }` }
	want := "1 apple\n2 banana\n"

	r := runGS(t, dir, timeout, "-c", "./v.linked 1", "-e", script("v.linked"))
	if r.Code != 0 || r.Stdout != want {
		t.Errorf("debuglink: exit %d stdout %q\n%s", r.Code, r.Stdout, r.Stderr)
	}
	r = runGS(t, dir, timeout, "--debug-file", "elsewhere/v.dbg", "-c", "./v.bare 1", "-e", script("v.bare"))
	if r.Code != 0 || r.Stdout != want {
		t.Errorf("--debug-file: exit %d stdout %q\n%s", r.Code, r.Stdout, r.Stderr)
	}
	r = runGS(t, dir, timeout, "--debug-file", "other.debug", "-e", script("v.bare"))
	if r.Code != 3 {
		t.Errorf("mismatched debug file: exit %d, want 3\n%s", r.Code, r.Stderr)
	}
	match(t, "stderr", r.Stderr, `does not match`)
	r = runGS(t, dir, timeout, "-e", script("v.bare"))
	if r.Code != 3 {
		t.Errorf("no debug file: exit %d, want 3\n%s", r.Code, r.Stderr)
	}
	match(t, "stderr", r.Stderr, `(?s)no DWARF.*--debug-file`)
}
