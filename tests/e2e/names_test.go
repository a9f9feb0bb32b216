package e2e

import (
	"bufio"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// selfCalls returns the "self: " lines a target printed, without the
// prefix, sorted.
func selfCalls(stderr string) []string {
	var out []string
	sc := bufio.NewScanner(strings.NewReader(stderr))
	for sc.Scan() {
		if l, ok := strings.CutPrefix(sc.Text(), "self: "); ok {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// linesWith returns the lines of s that start with one of prefixes,
// sorted.
func linesWith(s string, prefixes ...string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

// sameLines fails unless gs printed, for the calls of the target that
// start with one of prefixes, exactly what the target printed itself.
func sameLines(t *testing.T, gsOut, targetErr string, prefixes ...string) {
	t.Helper()
	got := linesWith(gsOut, prefixes...)
	want := linesWith(strings.Join(selfCalls(targetErr), "\n"), prefixes...)
	if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gs printed:\n%s\nthe target printed:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// mapCount returns the count gs printed for @name[key].
func mapCount(t *testing.T, out, name, key string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^@` + name + `\[` + regexp.QuoteMeta(key) + `\]: (\d+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Errorf("no @%s[%s] in:\n%s", name, key, out)
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// countSelf returns how many of the target's calls are line.
func countSelf(targetErr, line string) int {
	n := 0
	for _, l := range selfCalls(targetErr) {
		if l == line {
			n++
		}
	}
	return n
}

// TestCxxNames probes names.cpp, built by g++ and clang++ at -O0 and
// -O2, by qualified name (a method, a function in a nested namespace),
// by quoted signature (one overload of geo::sum), by template instance,
// by mangled name and by wildcard (geo::*::area, the two virtual
// overrides), and compares the arguments and hit counts with what the
// target prints itself; func and ustack print demangled names.
func TestCxxNames(t *testing.T) {
	const n = 5
	script := `uprobe:./cx:geo::Rect::scale { printf("scale k=%d\n", k) }
uprobe:./cx:"geo::sum(int, int)" { printf("sum2 a=%d b=%d\n", a, b) }
uprobe:./cx:"geo::sum(long, long, long)" { printf("sum3 a=%ld b=%ld c=%ld\n", a, b, c) }
uprobe:./cx:"geo::biggest<int>" { printf("biggest a=%d b=%d\n", a, b) }
uprobe:./cx:geo::sum { @sums[func] = count() }
uprobe:./cx:_ZN3geo3sumEii { @mangled = count() }
uprobe:./cx:geo::*::area { @areas[func] = count() }
uprobe:./cx:geo::detail::twice { @stack[ustack] = count() }
uprobe:./cx:"geo::(anonymous namespace)::hidden" { @hidden = count() }`
	for _, cc := range []testtarget.Compiler{testtarget.GXX, testtarget.ClangXX} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(cc.String()+opt, func(t *testing.T) {
				dir := t.TempDir()
				testtarget.Build(t, cc, "-g", opt, "-o", filepath.Join(dir, "cx"), filepath.Join("testdata", "names.cpp"))
				r := runGS(t, dir, timeout, "-q", "-c", "./cx "+strconv.Itoa(n), "-e", script)
				if r.Code != 0 {
					t.Fatalf("gs exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
				}
				sameLines(t, r.Stdout, r.Stderr, "scale ", "sum2 ", "sum3 ", "biggest ")
				if got := mapCount(t, r.Stdout, "sums", "geo::sum(int, int)"); got != n {
					t.Errorf("geo::sum(int, int) counted %d times, want %d", got, n)
				}
				if got := mapCount(t, r.Stdout, "sums", "geo::sum(long, long, long)"); got != n {
					t.Errorf("geo::sum(long, long, long) counted %d times, want %d", got, n)
				}
				match(t, "gs output", r.Stdout, `(?m)^@mangled: `+strconv.Itoa(n)+`$`)
				if calls := strings.Count(r.Stderr, "self: hidden x="); calls != n {
					t.Errorf("the target called hidden %d times, want %d", calls, n)
				}
				match(t, "gs output", r.Stdout, `(?m)^@hidden: `+strconv.Itoa(n)+`$`)
				for _, f := range []string{"geo::Rect::area() const", "geo::Square::area() const"} {
					if got, want := mapCount(t, r.Stdout, "areas", f), countSelf(r.Stderr, "area "+f); got != want || want == 0 {
						t.Errorf("%s counted %d times, the target called it %d times", f, got, want)
					}
				}
				match(t, "ustack", r.Stdout, `@stack\[\s*geo::detail::twice\(int\)\+\d+\s`)
				if opt == "-O0" { // frame pointers: the caller too
					match(t, "ustack", r.Stdout, `@stack\[\s*geo::detail::twice\(int\)\+\d+\s+main\+\d+`)
				}
				if strings.Contains(r.Stdout, "_Z") {
					t.Errorf("gs printed a mangled name:\n%s", r.Stdout)
				}
			})
		}
	}
}

// TestCxxList checks that gs -l lists demangled names, each as a probe
// takes it (overloads by their quoted signature), and -lv also the
// mangled symbols; every listed name attaches to its function alone.
func TestCxxList(t *testing.T) {
	dir := t.TempDir()
	testtarget.Build(t, testtarget.GXX, "-g", "-O0", "-o", filepath.Join(dir, "cx"), filepath.Join("testdata", "names.cpp"))
	r := runGS(t, dir, timeout, "-l", "uprobe:./cx:geo::*")
	if r.Code != 0 {
		t.Fatalf("gs -l exit %d\n%s", r.Code, r.Stderr)
	}
	for _, want := range []string{`uprobe:./cx:geo::Rect::scale`, `uprobe:./cx:"geo::sum(int, int)"`,
		`uprobe:./cx:"geo::sum(long, long, long)"`, `uprobe:./cx:"geo::biggest<int>"`, `uprobe:./cx:geo::detail::twice`,
		`uprobe:./cx:geo::Rect::area`, `uprobe:./cx:geo::Square::area`, `uprobe:./cx:"geo::(anonymous namespace)::hidden"`} {
		match(t, "gs -l", r.Stdout, `(?m)^`+regexp.QuoteMeta(want)+`$`)
	}
	if strings.Contains(r.Stdout, "_Z") || strings.Contains(r.Stdout, "plain_c") || strings.Contains(r.Stdout, "main") {
		t.Errorf("gs -l geo::* lists a mangled name or a function outside geo:\n%s", r.Stdout)
	}
	r = runGS(t, dir, timeout, "-lv", `uprobe:./cx:"geo::sum(int, int)"`)
	match(t, "gs -lv", r.Stdout, `(?m)^uprobe:./cx:"geo::sum\(int, int\)"  _ZN3geo3sumEii\n    int a\n    int b\n\s+probe `)
	match(t, "gs -lv", r.Stdout, `param\s+int a `)
	if strings.Contains(r.Stdout, "long") {
		t.Errorf("gs -lv of one overload lists another:\n%s", r.Stdout)
	}
	r = runGS(t, dir, timeout, "-l", "uprobe:./cx:scale") // no scope: every function it ends
	match(t, "gs -l scale", r.Stdout, `^uprobe:./cx:geo::Rect::scale\n$`)
	r = runGS(t, dir, timeout, "-e", "uprobe:./cx:geo::Rect::scal {}")
	match(t, "a misspelt name", r.Stderr, `hint: did you mean "geo::Rect::scale"\?`)
}

// TestRustNames probes ledger::post and the method ledger::Book::add of
// a cargo crate, built for debug and for release with debug info, and
// each instance of a generic function by its name as gdb takes it
// ("ledger::generic_max<i64>", "ledger::generic_max<i32>"), and compares the arguments and hit counts
// with what the target prints.
func TestRustNames(t *testing.T) {
	src, _ := filepath.Abs(filepath.Join("testdata", "namescargo"))
	for _, profile := range []string{"debug", "release"} {
		t.Run(profile, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"build", "--offline", "--quiet", "--manifest-path", filepath.Join(src, "Cargo.toml"), "--target-dir", dir}
			if profile == "release" {
				args = append(args, "--release")
			}
			testtarget.Build(t, testtarget.Cargo, args...)
			bin := filepath.Join(dir, profile, "ledger")
			script := `uprobe:` + bin + `:ledger::post { printf("post amount=%d times=%d\n", amount, times) }
uprobe:` + bin + `:ledger::Book::add { @adds[func] = count() }
uprobe:` + bin + `:ledger::* { @all[func] = count() }
uprobe:` + bin + `:"ledger::generic_max<i64>" { printf("max8 a=%d b=%d\n", a, b) }
uprobe:` + bin + `:"ledger::generic_max<i32>" { printf("max4 a=%d b=%d\n", a, b) }`
			const n = 6
			r := runGS(t, dir, timeout, "-q", "-c", bin+" "+strconv.Itoa(n), "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
			}
			sameLines(t, r.Stdout, r.Stderr, "post ", "max8 ", "max4 ")
			adds := 0
			for _, c := range selfCalls(r.Stderr) {
				var amount, times int
				if _, err := fmt.Sscanf(c, "post amount=%d times=%d", &amount, &times); err == nil {
					adds += times
				}
			}
			if got := mapCount(t, r.Stdout, "adds", "ledger::Book::add"); got != adds || adds == 0 {
				t.Errorf("ledger::Book::add counted %d times, the target called it %d times", got, adds)
			}
			if got := mapCount(t, r.Stdout, "all", "ledger::post"); got != n {
				t.Errorf("ledger::* counted ledger::post %d times, want %d", got, n)
			}
			l := runGS(t, dir, timeout, "-l", "uprobe:"+bin+":ledger::*")
			match(t, "gs -l", l.Stdout, `(?m)^uprobe:`+regexp.QuoteMeta(bin)+`:ledger::post$`)
			match(t, "gs -l", l.Stdout, `(?m)^uprobe:`+regexp.QuoteMeta(bin)+`:ledger::Book::add$`)
		})
	}
}

// TestGoNames probes main.price and the method main.(*Server).Handle of
// a Go program, built with the defaults and with -N -l, by name and by
// the wildcard main.*, and compares the arguments and hit counts with
// what the target prints. A generic function by its name (main.Map, as
// gdb's break takes it) is every instance of it.
func TestGoNames(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "gonames", "srv", v)
			const n = 4
			script := `uprobe:./srv:main.price { printf("price qty=%d cents=%d\n", qty, cents) }
uprobe:./srv:main.(*Server).Handle { printf("handle n=%d\n", n) }
uprobe:./srv:main.* { @calls[func] = count() }
uprobe:./srv:main.Map { @maps[func] = count() }`
			r := runGS(t, dir, timeout, "-q", "-c", "./srv "+strconv.Itoa(n), "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
			}
			sameLines(t, r.Stdout, r.Stderr, "price ", "handle ")
			for _, f := range []string{"main.price", "main.(*Server).Handle"} {
				if got := mapCount(t, r.Stdout, "calls", f); got != n {
					t.Errorf("main.* counted %s %d times, want %d", f, got, n)
				}
			}
			// main calls Map once for ints and once for strings a round.
			for _, f := range []string{"main.Map[go.shape.int,go.shape.int]", "main.Map[go.shape.string,go.shape.string]"} {
				if got := mapCount(t, r.Stdout, "maps", f); got != n {
					t.Errorf("main.Map counted %s %d times, want %d", f, got, n)
				}
			}
			l := runGS(t, dir, timeout, "-l", "uprobe:./srv:main.(*Server).Handle")
			match(t, "gs -l", l.Stdout, `^uprobe:./srv:main\.\(\*Server\)\.Handle\n$`)
		})
	}
}
