package debuginfo

import (
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/internal/minidebugtest"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// fuzzExtra are FuzzDebugInfo's fixtures beyond fuzzConfigs: other
// languages and other ways of laying out debug information, each built
// once into testDir. Their section choices are fuzzExtraSections.
var fuzzExtra = []struct {
	name  string
	build func(t testing.TB, out string)
	// funcs is the pattern of the functions queried ("" is every one):
	// Go's and Rust's runtimes would take minutes an input.
	funcs string
	// noVars: gs reads no variables from it (a skeleton whose units
	// are in the .dwo; symbols only).
	noVars bool
	// src is the source file whose lines are queried ("" is target.c).
	src string
}{
	{"cxx-gcc-O2", func(t testing.TB, out string) { // libstdc++ templates, namespaces, classes
		testtarget.Build(t, gxx, "-g", "-O2", "-o", out, e2eSource(t, "shapes.cc"))
	}, "", false, "shapes.cc"},
	{"cxx-clang-O0", func(t testing.TB, out string) {
		testtarget.Build(t, clangxx, "-g", "-O0", "-o", out, e2eSource(t, "names.cpp"))
	}, "", false, "names.cpp"},
	{"rust", func(t testing.TB, out string) {
		testtarget.Build(t, testtarget.Rustc, "-g", "-C", "opt-level=1", "-o", out, e2eSource(t, "kinds.rs"))
	}, "kinds::*", false, "kinds.rs"},
	{"go", func(t testing.TB, out string) {
		testtarget.GoBuildEnv(t, "", []string{"CGO_ENABLED=0"}, out, e2eSource(t, "goorders/main.go"))
	}, "main.*", false, "main.go"},
	{"lto", func(t testing.TB, out string) { // one unit for all, abstract origins across units
		testtarget.Build(t, gcc, "-g", "-O2", "-flto", "-o", out, targetSource(t))
	}, "", false, ""},
	{"splitdwarf", func(t testing.TB, out string) { // skeleton units, .debug_addr, a .dwo beside it
		testtarget.BuildIn(t, filepath.Dir(out), gcc, "-g", "-O2", "-gsplit-dwarf", "-o", out, targetSource(t))
	}, "", true, ""},
	{"minidebuginfo", func(t testing.TB, out string) { // symbols only in .gnu_debugdata
		testtarget.Build(t, gcc, "-g", "-O2", "-o", out+".full", targetSource(t))
		if _, err := minidebugtest.Make(out+".full", out); err != nil {
			t.Fatal(err)
		}
	}, "", true, ""},
}

// fuzzExtraSections add what only fuzzExtra's fixtures have to
// fuzzSections (which the corpus of fuzzConfigs' inputs indexes).
var fuzzExtraSections = append(append([]string(nil), fuzzSections...),
	".gnu_debugdata", ".dynsym", ".dynstr", ".gopclntab", ".debug_str_offsets.dwo", ".strtab")

func e2eSource(t testing.TB, name string) string {
	p, err := filepath.Abs(filepath.Join("..", "tests", "e2e", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func targetSource(t testing.TB) string {
	p, err := filepath.Abs("testdata/target.c")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// buildExtra builds fuzzExtra[i] once and returns its path.
func buildExtra(t testing.TB, i int) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	key := "fuzz-" + fuzzExtra[i].name
	if p, ok := builds[key]; ok {
		return p
	}
	if err, ok := buildErr[key]; ok {
		t.Fatal(err)
	}
	out := filepath.Join(testDir, key)
	fuzzExtra[i].build(t, out)
	builds[key] = out
	return out
}
