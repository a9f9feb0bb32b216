package testtarget

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const hello = "#include <stdio.h>\nint main(void) { puts(GREETING); return 0; }\n"

// TestCache builds one source twice: the second build runs no compiler
// and copies the first's output from the cache; a change to a header
// beside the source is a new build.
func TestCache(t *testing.T) {
	t.Setenv("GS_TESTTARGET_CACHE", t.TempDir())
	src := Source(t, "hello.c", "#include \"greeting.h\"\n"+hello)
	if err := os.WriteFile(filepath.Join(filepath.Dir(src), "greeting.h"), []byte("#define GREETING \"one\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(t.TempDir(), "a")
	// gcc is a wrapper that logs each run: the cached build runs nothing.
	bin, log := t.TempDir(), filepath.Join(t.TempDir(), "runs")
	real, err := exec.LookPath("gcc")
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\necho \"$*\" >> " + log + "\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "gcc"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	Build(t, GCC, "-O0", "-o", a, src)
	first, _ := os.ReadFile(log)
	Build(t, GCC, "-O0", "-o", b, src)
	if again, _ := os.ReadFile(log); len(first) == 0 || string(again) != string(first) {
		t.Errorf("gcc ran %q for the first build and %q in all: the second was not taken from the cache", first, again)
	}
	ab, _ := os.ReadFile(a)
	bb, _ := os.ReadFile(b)
	if len(ab) == 0 || string(ab) != string(bb) {
		t.Errorf("the cached build differs from the first (%d and %d bytes)", len(ab), len(bb))
	}
	if fi, err := os.Stat(b); err != nil || fi.Mode().Perm()&0o100 == 0 {
		t.Errorf("the cached build is not executable: %v %v", fi.Mode(), err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(src), "greeting.h"), []byte("#define GREETING \"two\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := filepath.Join(dir, "c")
	Build(t, GCC, "-O0", "-o", c, src)
	cb, _ := os.ReadFile(c)
	if !strings.Contains(string(cb), "two") {
		t.Errorf("a changed header left the old build in the cache")
	}
}

// TestFailure checks that a failed build names its command and the
// compiler's own message.
func TestFailure(t *testing.T) {
	t.Setenv("GS_TESTTARGET_CACHE", t.TempDir())
	src := Source(t, "bad.c", "int main(void) { return nope; }\n")
	err := build("", nil, Clang, []string{"-O2", "-o", filepath.Join(t.TempDir(), "bad"), src})
	if err == nil {
		t.Fatal("a build of a broken source did not fail")
	}
	for _, want := range []string{"clang-19 -O2 -o ", "bad.c", "nope"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error does not say %q:\n%v", want, err)
		}
	}
	// A compiler that is not installed: no $PATH, no ~/.cargo/bin.
	t.Setenv("PATH", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	versions.Delete(Rustc.prog)
	defer versions.Delete(Rustc.prog)
	err = build("", nil, Rustc, []string{"-o", "x", src})
	if err == nil || !strings.Contains(err.Error(), "rustc") || !strings.Contains(err.Error(), "deps.sh") {
		t.Errorf("a missing compiler gave %v, want an error naming it", err)
	}
}

// TestVariants pins the names and flags the subtests use.
func TestVariants(t *testing.T) {
	if len(Variants) != 8 || Variants[0].String() != "gcc-O0-nopie" || Variants[7].String() != "clang-O2-pie" {
		t.Errorf("Variants = %v", Variants)
	}
	if got := strings.Join(Default.Args("o", []string{"s.c"}, "-x"), " "); got != "-g -O0 -o o s.c -fPIE -pie -x" {
		t.Errorf("Default.Args = %q", got)
	}
	if Clang.CXX() != ClangXX || GCC.CXX() != GXX || GXX.CXX() != GXX {
		t.Errorf("CXX: %v %v %v", Clang.CXX(), GCC.CXX(), GXX.CXX())
	}
}
