package debuginfo

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// buildCxx compiles the end-to-end tests' C++ target with cxx (g++ or clang++-19) and
// flags, and opens it.
func buildCxx(t *testing.T, cxx testtarget.Compiler, flags ...string) *Debug {
	t.Helper()
	out := filepath.Join(t.TempDir(), "shapes")
	args := append([]string{"-g", "-o", out, filepath.Join("..", "tests", "e2e", "testdata", "shapes.cc")}, flags...)
	testtarget.Build(t, cxx, args...)
	_, d := openBin(t, out)
	return d
}

// TestCxxTypes checks what cxx.go adds to debug/dwarf's types: base
// classes as leading fields, no vtable pointer, qualified names of
// classes, enumerators and globals, references as the objects they refer
// to, and the prologue of a function in a unit whose line table is not in
// address order.
func TestCxxTypes(t *testing.T) {
	for _, c := range []struct {
		cxx testtarget.Compiler
		opt string
	}{{gxx, "-O0"}, {gxx, "-O2"}, {clangxx, "-O0"}, {clangxx, "-O2"}} {
		t.Run(c.cxx.String()+c.opt, func(t *testing.T) {
			d := buildCxx(t, c.cxx, c.opt)
			rt, err := d.Types("geo::Rect")
			if err != nil {
				t.Fatal(err)
			}
			if got := TypeName(rt); got != "class geo::Rect" {
				t.Errorf("TypeName = %q, want class geo::Rect", got)
			}
			ms := StructMembers(rt)
			var names []string
			for _, m := range ms {
				if m.Base {
					names = append(names, "<"+TypeName(m.Type)+">")
				} else {
					names = append(names, m.Name)
				}
			}
			if got, want := strings.Join(names, " "), "<class geo::Shape> w h origin kind marks"; got != want {
				t.Errorf("members of geo::Rect: %s, want %s", got, want)
			}
			if m, ok := FindMember(rt, "name_"); !ok || m.Offset != 8 {
				t.Errorf("FindMember(name_) = %+v, %v; want the base's member after its vtable pointer", m, ok)
			}
			var vals []string
			for _, v := range EnumValues(ms[4].Type) {
				vals = append(vals, v.Name)
			}
			if got := strings.Join(vals, " "); got != "geo::Kind::Square geo::Kind::Wide geo::Kind::Tall" {
				t.Errorf("enumerators of geo::Kind: %s", got)
			}
			g, err := d.Global("geo::counter")
			if err != nil || !g.Available {
				t.Fatalf("Global(geo::counter) = %v, %v", g, err)
			}
			insts, err := d.FuncInstances("move")
			if err != nil || len(insts) == 0 {
				t.Fatalf("FuncInstances(move): %v", err)
			}
			fi := insts[0]
			if c.opt == "-O0" && fi.PrologueEnd == fi.Entry {
				t.Errorf("move's prologue ends at its entry %#x", fi.Entry)
			}
			vars, err := d.VarsAt(fi.PrologueEnd)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []struct{ name, typ string }{{"p", "struct geo::Point"}, {"by", "const struct geo::Point"}, {"n", "int"}} {
				v, ok := FindVar(vars, want.name)
				if !ok || !v.Ref || TypeName(v.Type) != want.typ || !v.Available {
					t.Errorf("%s: %+v, want the %s it refers to", want.name, v, want.typ)
				}
			}
		})
	}
}
