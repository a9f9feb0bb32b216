package debuginfo

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

func TestNameParts(t *testing.T) {
	for _, c := range []struct{ fn, in, want string }{
		{"canon", "geo::sum(int, int)", "geo::sum(int,int)"},
		{"canon", "f(unsigned  int, char const *)", "f(unsigned int,char const*)"},
		{"strip", "geo::biggest<int>", "geo::biggest"},
		{"strip", "geo::Box<std::pair<int, int> >::get", "geo::Box::get"},
		{"strip", "geo::Rect::operator<<", "geo::Rect::operator<<"},
		{"strip", "<ledger::Book as core::fmt::Display>::fmt", "<ledger::Book as core::fmt::Display>::fmt"},
		{"last", "geo::Rect::scale", "scale"},
		{"last", "geo::Box<a::b>::get", "get"},
		{"last", "std::map<int, int>::operator<", "operator<"},
		{"last", "main.(*Server).Handle", ""},
		{"rust", "<ledger::Book>::add", "ledger::Book::add"},
		{"rust", "<*mut u8>::add", "<*mut u8>::add"},
		{"rust", "<ledger::Book as core::fmt::Display>::fmt", "<ledger::Book as core::fmt::Display>::fmt"},
	} {
		var got string
		switch c.fn {
		case "canon":
			got = canonSig(c.in)
		case "strip":
			got = stripTemplateArgs(c.in)
		case "last":
			got = lastComponent(c.in)
		case "rust":
			got = rustInherent(c.in)
		}
		if got != c.want {
			t.Errorf("%s(%q) = %q, want %q", c.fn, c.in, got, c.want)
		}
	}
}

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		pat, s string
		want   bool
	}{
		{"geo::*", "geo::Rect::scale", true},
		{"*::scale", "geo::Rect::scale", true},
		{"*::scale", "geo::Rect::scaled", false},
		{"main.*", "main.(*Server).Handle", true},
		{"github.com/*.F", "github.com/a/b.F", true}, // '*' crosses '/'
		{"f?o", "foo", true},
		{"[fg]oo", "goo", true},
		{"[!f]oo", "foo", false},
		{"operator[", "operator[", true}, // a '[' without ']' is itself
		{"a*b*c", "aXbYbZc", true},
		{"a*b", "aXbYc", false},
	} {
		if got := glob(c.pat, c.s); got != c.want {
			t.Errorf("glob(%q, %q) = %v, want %v", c.pat, c.s, got, c.want)
		}
	}
}

func TestQueryMatch(t *testing.T) {
	scale := mangledNames("_ZN3geo4Rect5scaleEi", true)
	sumII := mangledNames("_ZN3geo3sumEii", true)
	big := mangledNames("_ZN3geo7biggestIiEET_S1_S1_", true)
	cold := mangledNames("_ZN3geo3sumEii.cold", true)
	c := names{raw: "add", qual: "add"}
	for _, tc := range []struct {
		q    string
		n    names
		want int
	}{
		{"geo::Rect::scale", scale, exact},
		{"_ZN3geo4Rect5scaleEi", scale, exact},
		{"geo::Rect::scale(int)", scale, exact},
		{"geo::Rect::scale(long)", scale, noMatch},
		{"scale", scale, byLast},
		{"Rect::scale", scale, noMatch},
		{"geo::sum(int,int)", sumII, exact},
		{"geo::sum( int , int )", sumII, exact},
		{"geo::biggest", big, exact},
		{"geo::biggest<int>", big, exact},
		{"geo::biggest<int>(int, int)", big, exact},
		{"geo::biggest<long>", big, noMatch},
		{"biggest", big, byLast},
		{"geo::sum", cold, noMatch},
		{"_ZN3geo3sumEii.cold", cold, exact},
		{"add", c, exact},
		{"ad", c, noMatch},
	} {
		if got := NewQuery(tc.q).match(tc.n); got != tc.want {
			t.Errorf("%q matches %+v at %d, want %d", tc.q, tc.n, got, tc.want)
		}
	}
}

// cxxSymbol is a function symbol of a C++ fixture as binutils sees it.
type cxxSymbol struct {
	raw, qual, full string
	addr            string
}

// nmSymbols lists the defined function symbols of bin with their
// demanglings by c++filt (-p: without parameters).
func nmSymbols(t *testing.T, bin string) []cxxSymbol {
	t.Helper()
	out, err := exec.Command("nm", "--defined-only", bin).Output()
	if err != nil {
		t.Fatalf("nm: %v", err)
	}
	var syms []cxxSymbol
	var raws []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || !strings.ContainsAny(f[1], "TtWw") || !strings.HasPrefix(f[2], "_Z") || strings.Contains(f[2], ".") {
			continue
		}
		syms = append(syms, cxxSymbol{raw: f[2], addr: f[0]})
		raws = append(raws, f[2])
	}
	filt := func(flags ...string) []string {
		cmd := exec.Command("c++filt", flags...)
		cmd.Stdin = strings.NewReader(strings.Join(raws, "\n") + "\n")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("c++filt: %v", err)
		}
		return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	}
	quals, fulls := filt("-p"), filt()
	for i := range syms {
		syms[i].qual, syms[i].full = quals[i], fulls[i]
	}
	return syms
}

// TestCxxNames checks, on names.cpp built by g++ and clang++ at -O0 and
// -O2, that every C++ function symbol is found by the qualified name and
// the signature c++filt gives it, and that gs prints it as c++filt does;
// and that DWARF finds the copies of a function by its qualified name and
// one overload by its signature.
func TestCxxNames(t *testing.T) {
	src, _ := filepath.Abs("../tests/e2e/testdata/names.cpp")
	for _, cc := range []testtarget.Compiler{gxx, clangxx} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(cc.String()+opt, func(t *testing.T) {
				bin := filepath.Join(t.TempDir(), "names")
				testtarget.Build(t, cc, "-g", opt, "-o", bin, src)
				b, err := Open(bin)
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
				syms := nmSymbols(t, bin)
				if len(syms) < 8 {
					t.Fatalf("only %d C++ symbols in %s", len(syms), bin)
				}
				sameSig := map[string]map[uint64]bool{} // signature → addresses of its symbols
				for _, s := range syms {
					if fn, ok := b.LookupFunc(s.raw); ok {
						k := canonSig(s.full)
						if sameSig[k] == nil {
							sameSig[k] = map[uint64]bool{}
						}
						sameSig[k][fn.Addr] = true
					}
				}
				for _, s := range syms {
					fn, ok := b.LookupFunc(s.raw)
					if !ok {
						t.Errorf("no symbol %s", s.raw)
						continue
					}
					if got := b.FuncName(fn); canonSig(got) != canonSig(s.full) {
						t.Errorf("%s prints as %q, c++filt says %q", s.raw, got, s.full)
					}
					if !hasAddr(b.FindFuncs(s.qual), fn.Addr) {
						t.Errorf("FindFuncs(%q) misses %s at %#x", s.qual, s.raw, fn.Addr)
					}
					// A signature names one function, or the variants of a
					// constructor or destructor (complete, base, deleting).
					sig := s.full[strings.Index(s.full, s.qual):]
					got := map[uint64]bool{}
					for _, f := range b.FindFuncs(sig) {
						got[f.Addr] = true
					}
					if want := sameSig[canonSig(s.full)]; len(got) != len(want) || !got[fn.Addr] {
						t.Errorf("FindFuncs(%q) = %v, want the addresses %v", sig, got, want)
					}
				}
				d, err := b.Debug()
				if err != nil {
					t.Fatal(err)
				}
				scale, _ := b.LookupFunc("_ZN3geo4Rect5scaleEi")
				insts, err := d.FuncInstances("geo::Rect::scale")
				if err != nil || len(insts) == 0 || insts[0].Entry != scale.Addr || insts[0].Name != "geo::Rect::scale" ||
					insts[0].Display() != "geo::Rect::scale(int)" {
					t.Errorf("FuncInstances(geo::Rect::scale) = %+v, %v; want the copy at %#x", insts, err, scale.Addr)
				}
				insts, err = d.FuncInstances("geo::sum")
				if got := displays(insts); err != nil || strings.Join(got, "; ") != "geo::sum(int, int); geo::sum(long, long, long)" {
					t.Errorf("FuncInstances(geo::sum) = %q, %v; want both overloads", got, err)
				}
				insts, err = d.FuncInstances("geo::sum(long, long, long)")
				if got := displays(insts); err != nil || strings.Join(got, "; ") != "geo::sum(long, long, long)" {
					t.Errorf("FuncInstances(geo::sum(long, long, long)) = %q, %v; want that overload", got, err)
				}
				insts, err = d.FuncInstances("geo::biggest")
				if got := displays(insts); err != nil || len(got) != 2 {
					t.Errorf("FuncInstances(geo::biggest) = %q, %v; want both instances", got, err)
				}
				if insts, err := d.FuncInstances("geo::Shape::scale"); err == nil {
					t.Errorf("FuncInstances(geo::Shape::scale) = %+v, want none", insts)
				}
				if opt == "-O0" {
					checkPrologues(t, bin, d, "plain_c", "geo::Rect::scale")
				}
				var specs []string
				for _, l := range b.ListFuncs("geo::*") {
					specs = append(specs, l.Spec)
				}
				for _, want := range []string{`"geo::sum(int, int)"`, `"geo::sum(long, long, long)"`, `"geo::biggest<int>"`,
					"geo::Rect::scale", "geo::Rect::area", "geo::Square::area", "geo::detail::twice"} {
					if !contains1(specs, want) {
						t.Errorf("ListFuncs(geo::*) = %q, misses %s", specs, want)
					}
				}
			})
		}
	}
}

// checkPrologues compares the prologue ends of functions with where gdb
// puts a breakpoint on them. A C++ line table holds a sequence for each
// COMDAT section (inline functions, template instances) before the one
// of the other functions, out of address order.
func checkPrologues(t *testing.T, bin string, d *Debug, fns ...string) {
	t.Helper()
	args := []string{"-batch", "-nx"}
	for _, fn := range fns {
		args = append(args, "-ex", "break "+fn)
	}
	out, err := exec.Command("gdb", append(args, bin)...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	re := regexp.MustCompile(`Breakpoint (\d+) at 0x([0-9a-f]+)`)
	ms := re.FindAllStringSubmatch(string(out), -1)
	if len(ms) != len(fns) {
		t.Fatalf("gdb set %d breakpoints, want %d:\n%s", len(ms), len(fns), out)
	}
	for i, fn := range fns {
		insts, err := d.FuncInstances(fn)
		if err != nil || len(insts) != 1 {
			t.Errorf("FuncInstances(%s) = %+v, %v", fn, insts, err)
			continue
		}
		if got := fmt.Sprintf("%x", insts[0].PrologueEnd); got != ms[i][2] {
			t.Errorf("%s: prologue ends at %s, gdb breaks at %s", fn, got, ms[i][2])
		}
	}
}

func hasAddr(fns []Func, addr uint64) bool {
	for _, fn := range fns {
		if fn.Addr == addr {
			return true
		}
	}
	return false
}

// displays returns the distinct Display names of insts, sorted.
func displays(insts []FuncInstance) []string {
	seen := map[string]bool{}
	var out []string
	for i := range insts {
		if d := insts[i].Display(); !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}

func contains1(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
