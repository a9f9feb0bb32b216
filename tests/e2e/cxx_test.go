package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// compileCxx builds testdata/src with v's C++ compiler into dir/name.
// clang leaves out the definitions of libstdc++ classes it expects the
// library's own debug info to have (-fno-standalone-debug), at -O0 even
// std::string's, which neither gs nor gdb can then read: clang -O0
// builds get -fstandalone-debug.
func compileCxx(t *testing.T, dir, src, name string, v variant) string {
	t.Helper()
	var extra []string
	if v.CC != gcc && v.Opt == "-O0" {
		extra = append(extra, "-fstandalone-debug")
	}
	testtarget.Build(t, v.CC.CXX(), v.Args(filepath.Join(dir, name), []string{filepath.Join("testdata", src)}, extra...)...)
	return name
}

// srcLine returns the line of testdata/src that carries marker.
func srcLine(t *testing.T, src, marker string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", src))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line marked %s", src, marker)
	return 0
}

// TestCxxValues reads, in probes on methods by their qualified names, a
// method's this->field, bare members (this->name without this), its
// parameter, a parameter that hides a member, a namespaced global, a
// static member, an
// enum class, a std::string member as text, a base class's member, and in
// probes on functions reference parameters and smart pointers; it
// compares them with what the target prints itself, for every compile
// variant.
func TestCxxValues(t *testing.T) {
	script := `uprobe:./s:geo::Rect::scale {
	printf("w=%d h=%d k=%d name=%s x=%d y=%d kind=%d counter=%d marks=%d made=%d\n",
		this->w, h, k, name_, origin.x, this->origin.y, kind, geo::counter,
		(this->marks._M_impl._M_finish - marks._M_impl._M_start), geo::Rect::made)
}
uprobe:./s:geo::Rect::grow { printf("grow w=%d this.w=%d\n", w, this->w) }
uprobe:./s:move { printf("px=%d py=%d bx=%d by=%d n=%d\n", p.x, p.y, by.x, by.y, n) }
uprobe:./s:boxed { printf("value=%d tag=%d u=%p ux=%d s=%p sw=%d sname=%s\n", b->value, b->tag, u, u->x, s, s->w, s->name_) }`
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "shapes.cc", "s", v)
			r := runGS(t, dir, timeout, "-c", "./s 3", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, s)
				}
			}
			got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
			if len(want) != 12 || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", r.Stdout, strings.Join(want, "\n"))
			}
		})
	}
}

// gdbValues runs gdb on dir/bin with a breakpoint at each of places and
// returns, per hit, what `output` printed for each expression, in order.
func gdbValues(t *testing.T, dir, bin, args string, places []string, exprs [][]string) []string {
	t.Helper()
	var b strings.Builder
	b.WriteString("set pagination off\nset print address on\n")
	for i, pl := range places {
		fmt.Fprintf(&b, "break %s\ncommands\nsilent\n", pl)
		for _, e := range exprs[i] {
			fmt.Fprintf(&b, "printf \"GDB: \"\noutput %s\nprintf \"\\n\"\n", e)
		}
		b.WriteString("continue\nend\n")
	}
	fmt.Fprintf(&b, "run %s 2>/dev/null\n", args)
	if err := os.WriteFile(filepath.Join(dir, "cmds.gdb"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("gdb", "-nx", "-batch", "-x", "cmds.gdb", "./"+bin)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	var vals []string
	for _, l := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(l, "GDB: "); ok {
			vals = append(vals, v)
		}
	}
	return vals
}

// gdbNormal rewrites gdb's notation where gs prints the same value
// otherwise: vtable pointers and static members left out (gs reads a
// static member by name, geo::Rect::made), a reference as the object it
// refers to, a std::vector as [elements], a smart pointer as its pointer.
func gdbNormal(s string) string {
	for _, r := range []struct{ re, to string }{
		{`_vptr[.$]\w+ = 0x[0-9a-f]+ <[^>]*>, `, ""},
		{`, static \w+ = [^,{}]*`, ""},
		{`^\([^()]*&+\) @0x[0-9a-f]+: `, ""},
		{`std::vector of length \d+, capacity \d+ = \{([^{}]*)\}`, "[$1]"},
		{`std::vector of length 0, capacity \d+`, "[]"},
		{`std::(unique|shared)_ptr<[^=]*> (\(use count \d+, weak count \d+\) )?= \{get\(\) = (0x[0-9a-f]+)\}`, "$3"},
	} {
		s = regexp.MustCompile(r.re).ReplaceAllString(s, r.to)
	}
	return s
}

// TestCxxPrintMatchesGDB compares print() of C++ values with what gdb
// prints at breakpoints on the same lines: a method's this, members and
// parameter, a static member by its bare name, an enum class, a
// namespaced global, a std::string, a std::vector, references and smart
// pointers.
func TestCxxPrintMatchesGDB(t *testing.T) {
	places := []string{
		fmt.Sprintf("shapes.cc:%d", srcLine(t, "shapes.cc", "SCALE_LINE")),
		fmt.Sprintf("shapes.cc:%d", srcLine(t, "shapes.cc", "MOVE_LINE")),
		fmt.Sprintf("shapes.cc:%d", srcLine(t, "shapes.cc", "BOXED_LINE")),
	}
	exprs := [][]string{
		{"*this", "this->w", "k", "kind", "geo::counter", "name_", "this->marks", "origin", "made"},
		{"p", "by", "n", "p.x"},
		{"*b", "u", "s", "s->name_"},
	}
	var script strings.Builder
	for i, pl := range places {
		fmt.Fprintf(&script, "uprobe:./s:%s { print(%s) }\n", pl, strings.Join(exprs[i], ", "))
	}
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "shapes.cc", "s", v)
			vals := gdbValues(t, dir, "s", "2", places, exprs)
			r := runGS(t, dir, timeout, "-c", "./s 2", "-e", script.String())
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			k := 0
			for hit := 0; hit < 2; hit++ {
				for i := range places {
					var parts []string
					for _, e := range exprs[i] {
						if k >= len(vals) {
							t.Fatalf("gdb printed %d values, want %d:\n%s", len(vals), 2*(9+4+4), strings.Join(vals, "\n"))
						}
						parts = append(parts, e+" = "+gdbNormal(vals[k]))
						k++
					}
					want = append(want, strings.Join(parts, ", "))
				}
			}
			// Heap addresses differ between the runs (gdb turns address
			// randomization off); TestCxxValues checks them against the
			// target's own.
			addr := regexp.MustCompile(`0x[0-9a-f]+`)
			got := addr.ReplaceAllString(strings.TrimSuffix(r.Stdout, "\n"), "0xADDR")
			if got != addr.ReplaceAllString(strings.Join(want, "\n"), "0xADDR") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestCxxDiagnostics: inside a method, a misspelt member is suggested
// from *this's members, bases' included.
func TestCxxDiagnostics(t *testing.T) {
	dir := t.TempDir()
	compileCxx(t, dir, "shapes.cc", "s", variant{CC: gcc, Opt: "-O0", PIE: true})
	for _, tt := range []struct{ script, want string }{
		{`uprobe:./s:geo::Rect::scale { print(nme_) }`, `unknown identifier "nme_"(?s:.*)did you mean "name_"`},
		{`uprobe:./s:geo::Rect::scale { print(this->orign) }`, `class geo::Rect has no field "orign"(?s:.*)did you mean "origin"`},
		{`uprobe:./s:move { print(w) }`, `unknown identifier "w"`}, // no this outside a method
	} {
		t.Run(tt.script, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-e", tt.script)
			if r.Code != 3 {
				t.Errorf("exit %d, want 3\n%s", r.Code, r.Stderr)
			}
			match(t, "stderr", r.Stderr, tt.want)
		})
	}
}

// TestCxxVectorElements prints a std::vector member, of libstdc++ and of
// libc++ (clang++ -stdlib=libc++), and compares it with the elements the
// target prints; a vector longer than a record holds ends in "...".
func TestCxxVectorElements(t *testing.T) {
	for _, b := range []struct {
		v     variant
		extra string
	}{
		{variant{CC: gcc, Opt: "-O2", PIE: true}, ""},
		{variant{CC: clang, Opt: "-O0", PIE: false}, "-stdlib=libc++"},
		{variant{CC: clang, Opt: "-O2", PIE: true}, "-stdlib=libc++"},
	} {
		t.Run(b.v.String()+b.extra, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"-g", b.v.Opt, "-o", filepath.Join(dir, "s"), filepath.Join("testdata", "shapes.cc")}
			if b.extra != "" {
				args = append(args, b.extra)
			}
			testtarget.Build(t, b.v.CC.CXX(), args...)
			r := runGS(t, dir, timeout, "-c", "./s 3", "-e", `uprobe:./s:geo::Rect::scale { print(marks) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self-marks: "); ok {
					want = append(want, "marks = "+s)
				}
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 3 || got != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestCxxMemberBeforeGlobal: inside a method, a bare name that is a member
// of this and also a global is the member (gdb's lookup: locals and
// parameters, then members of this and its bases, then globals). gs and
// gdb at a breakpoint on the method print the same w, h, k and g.
func TestCxxMemberBeforeGlobal(t *testing.T) {
	exprs := []string{"w", "h", "k", "g"}
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "members.cc", "m", v)
			want := gdbValues(t, dir, "m", "1", []string{"R::area"}, [][]string{exprs})
			if len(want) != len(exprs) {
				t.Fatalf("gdb printed %q", want)
			}
			r := runGS(t, dir, timeout, "-c", "./m 1", "-e", `uprobe:./m:R::area { print(w, h, k, g) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var parts []string
			for i, e := range exprs {
				parts = append(parts, e+" = "+want[i])
			}
			if got, w := strings.TrimSpace(r.Stdout), strings.Join(parts, ", "); got != w {
				t.Errorf("gs printed %q, gdb %q", got, w)
			}
		})
	}
}
