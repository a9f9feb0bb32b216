package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// compileLibcxx builds testdata/src with clang++-19 -stdlib=libc++ into
// dir/name.
func compileLibcxx(t *testing.T, dir, src, name string, v variant, extra ...string) {
	t.Helper()
	testtarget.Build(t, testtarget.ClangXX, append([]string{"-stdlib=libc++"}, v.Args(filepath.Join(dir, name), []string{filepath.Join("testdata", src)}, extra...)...)...)
}

// TestLibcxxString prints libc++'s std::string (clang++ -stdlib=libc++) as
// text: short strings (kept inside the object, up to 22 bytes) and long
// ones, as members of a struct and of a struct in a struct, through
// references, by value, with printf's %s and as map keys, and compares
// them with what the target prints itself; and the same with libc++'s
// alternate string layout (the flag bit in the last byte, the text at 0).
func TestLibcxxString(t *testing.T) {
	script := `uprobe:./l:greet { print(p, word, by, t); printf("%s|%s|%s\n", word, p.name, t.lead.name); @n[p.name] = count(); @w[word] = count() }`
	alt := []string{"-DALT_LAYOUT", "-D_LIBCPP_ABI_ALTERNATE_STRING_LAYOUT"}
	for _, b := range []struct {
		v     variant
		extra []string
	}{
		{variant{CC: clang, Opt: "-O0", PIE: false}, nil},
		{variant{CC: clang, Opt: "-O2", PIE: true}, nil},
		{variant{CC: clang, Opt: "-O0", PIE: true}, alt},
		{variant{CC: clang, Opt: "-O2", PIE: false}, alt},
	} {
		v := b.v
		name := v.String()
		if b.extra != nil {
			name += "-alternate"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			compileLibcxx(t, dir, "libcxx.cc", "l", v, b.extra...)
			r := runGS(t, dir, timeout, "-c", "./l 4", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			counts := map[string]int{}
			for _, l := range strings.Split(r.Stderr, "\n") {
				s, ok := strings.CutPrefix(l, "self: ")
				if !ok {
					continue
				}
				want = append(want, s)
				// p = {id = N, name = "NAME", ...}, word = "WORD", ...
				name := strings.SplitN(strings.SplitN(s, `name = "`, 2)[1], `"`, 2)[0]
				word := strings.SplitN(strings.SplitN(s, `word = "`, 2)[1], `"`, 2)[0]
				lead := strings.SplitN(strings.SplitN(s, `lead = {`, 2)[1], `name = "`, 2)[1]
				lead = strings.SplitN(lead, `"`, 2)[0]
				want = append(want, word+"|"+name+"|"+lead)
				counts["@n["+name+"]"]++
				counts["@w["+word+"]"]++
			}
			var got, gotKeys []string
			for _, l := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
				switch {
				case strings.HasPrefix(l, "@"):
					gotKeys = append(gotKeys, l)
				case l != "":
					got = append(got, l)
				}
			}
			var keys []string
			for k, n := range counts {
				keys = append(keys, fmt.Sprintf("%s: %d", k, n))
			}
			sort.Strings(keys)
			sort.Strings(gotKeys)
			if len(want) != 8 || strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(gotKeys, "\n") != strings.Join(keys, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s\n%s", r.Stdout, strings.Join(want, "\n"), strings.Join(keys, "\n"))
			}
		})
	}
}

// TestCxxChoicesMatchGDB prints libstdc++'s std::optional and
// std::variant, as members, references and parameters, holding values of
// base types, strings and structs or nothing, and compares them with what
// gdb prints at the same line with its libstdc++ pretty-printers.
func TestCxxChoicesMatchGDB(t *testing.T) {
	place := fmt.Sprintf("choices.cc:%d", srcLine(t, "choices.cc", "LOOK_LINE"))
	exprs := []string{"h", "o", "h.n", "h.v", "h.pv", "h.name"}
	script := fmt.Sprintf("uprobe:./c:%s { print(%s) }", place, strings.Join(exprs, ", "))
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "choices.cc", "c", v)
			vals := gdbValues(t, dir, "c", "3", []string{place}, [][]string{exprs})
			r := runGS(t, dir, timeout, "-c", "./c 3", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			if len(vals) != 3*len(exprs) {
				t.Fatalf("gdb printed %d values, want %d:\n%s", len(vals), 3*len(exprs), strings.Join(vals, "\n"))
			}
			var want []string
			for hit := 0; hit < 3; hit++ {
				var parts []string
				for i, e := range exprs {
					parts = append(parts, e+" = "+gdbNormal(vals[hit*len(exprs)+i]))
				}
				want = append(want, strings.Join(parts, ", "))
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestLibcxxOptional prints libc++'s std::optional, holding a value or
// none, and std::variant, holding each of its alternatives, and compares
// them with what the target prints itself.
func TestLibcxxOptional(t *testing.T) {
	for _, v := range []variant{{CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileLibcxx(t, dir, "choices.cc", "c", v)
			r := runGS(t, dir, timeout, "-c", "./c 3", "-e", `uprobe:./c:look { print(h.n, o, h.v, h.pv) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, s)
				}
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 3 || got != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestCxxNodesMatchGDB prints libstdc++'s std::map and
// std::unordered_map, empty, small and longer than a record holds, as
// reference parameters and as members, and compares them with what gdb's
// libstdc++ printers print at the same line; gs prints the first
// sema.NodeCap (8) elements, then ", ...".
func TestCxxNodesMatchGDB(t *testing.T) {
	place := fmt.Sprintf("nodes.cc:%d", srcLine(t, "nodes.cc", "COUNT_LINE"))
	exprs := []string{"ix", "pts", "ix.hashed"}
	script := fmt.Sprintf("uprobe:./n:%s { print(%s) }", place, strings.Join(exprs, ", "))
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "nodes.cc", "n", v)
			vals := gdbValues(t, dir, "n", "3", []string{place}, [][]string{exprs})
			r := runGS(t, dir, timeout, "-c", "./n 3", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			if len(vals) != 3*len(exprs) {
				t.Fatalf("gdb printed %d values, want %d:\n%s", len(vals), 3*len(exprs), strings.Join(vals, "\n"))
			}
			var want []string
			for hit := 0; hit < 3; hit++ {
				var parts []string
				for i, e := range exprs {
					parts = append(parts, e+" = "+firstElements(gdbNormal(vals[hit*len(exprs)+i]), 8))
				}
				want = append(want, strings.Join(parts, ", "))
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// firstElements cuts each "with N elements = {...}" list of gdb's output
// after n elements, ending it in ", ..." as gs does.
func firstElements(s string, n int) string {
	const mark = " elements = {"
	var b strings.Builder
	for {
		i := strings.Index(s, mark)
		if i < 0 {
			return b.String() + s
		}
		i += len(mark)
		b.WriteString(s[:i])
		s = s[i:]
		depth, elems, cut := 0, 0, -1
		j := 0
		for ; j < len(s); j++ {
			switch s[j] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			case ',':
				if depth == 0 {
					elems++
					if elems == n && cut < 0 {
						cut = j
					}
				}
			}
			if depth < 0 {
				break
			}
		}
		if cut >= 0 {
			b.WriteString(s[:cut] + ", ...")
			s = s[j:]
		}
	}
}

// TestCxxChoicesJSON: in JSON, a std::optional is null when it holds
// nothing, else an object of one member, the alternative's name, whose
// value is compared with what the target prints itself.
func TestCxxChoicesJSON(t *testing.T) {
	dir := t.TempDir()
	compileCxx(t, dir, "choices.cc", "c", variant{CC: gcc, Opt: "-O2", PIE: true})
	r := runGS(t, dir, timeout, "-f", "json", "-c", "./c 3", "-e", `uprobe:./c:look { print(h.n, o) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	held := regexp.MustCompile(`^h\.n = std::optional<int> (?:= \{\[contained value\] = (-?\d+)\}|\[no contained value\]), o = std::optional<long> (?:= \{\[contained value\] = (-?\d+)\}|\[no contained value\]), h\.v = `)
	js := func(typ, v string) string {
		if v == "" {
			return "null"
		}
		return `{"std::optional<` + typ + `>": ` + v + `}`
	}
	var want []string
	for _, l := range strings.Split(r.Stderr, "\n") {
		if s, ok := strings.CutPrefix(l, "self: "); ok {
			m := held.FindStringSubmatch(s)
			if m == nil {
				t.Fatalf("the target printed %q", s)
			}
			want = append(want, `{"type": "print", "data": {"h.n": `+js("int", m[1])+`, "o": `+js("long", m[2])+`}}`)
		}
	}
	var got []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if strings.Contains(l, `"type": "print"`) {
			got = append(got, l)
		}
	}
	if len(want) != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gs printed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLibcxxNodes prints libc++'s std::map and std::unordered_map
// (clang++ -stdlib=libc++), empty, small and longer than the record holds,
// by reference and as a member, and compares them with what the target
// prints itself walking them in iteration order (gdb has no libc++
// printers): they print as gdb's libstdc++ printers print libstdc++'s.
func TestLibcxxNodes(t *testing.T) {
	for _, v := range []variant{{CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileLibcxx(t, dir, "libcxxnodes.cc", "n", v)
			r := runGS(t, dir, timeout, "-c", "./n 3", "-e", `uprobe:./n:look { print(m, u, ix) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, s)
				}
			}
			if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 3 || got != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestCxxStringMaps prints std::map and std::unordered_map with
// std::string keys and values, a map of structs with a std::string member
// and one of std::vector values, of libstdc++ (g++ and clang++) and libc++
// (clang++ -stdlib=libc++), empty, of 1 element, of 3 and of 12: they
// print as gdb's printers print them (a vector as gs prints one). Each
// build is compared with what the target prints itself, and the
// libstdc++ builds with what gdb prints at the same stop (look's entry)
// too.
func TestCxxStringMaps(t *testing.T) {
	exprs := [][]string{{"m", "r"}, {"u"}, {"g"}, {"lists"}}
	script := "uprobe:./s:look { print(m, r); print(u); print(g); print(lists) }"
	for _, b := range []struct {
		v      variant
		libcxx bool
	}{
		{variant{CC: gcc, Opt: "-O0", PIE: true}, false},
		{variant{CC: gcc, Opt: "-O2", PIE: false}, false},
		{variant{CC: clang, Opt: "-O0", PIE: false}, false},
		{variant{CC: clang, Opt: "-O2", PIE: true}, false},
		{variant{CC: clang, Opt: "-O0", PIE: true}, true},
		{variant{CC: clang, Opt: "-O2", PIE: false}, true},
	} {
		name := b.v.String()
		if b.libcxx {
			name += "-libc++"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if b.libcxx {
				compileLibcxx(t, dir, "strmaps.cc", "s", b.v)
			} else {
				compileCxx(t, dir, "strmaps.cc", "s", b.v)
			}
			r := runGS(t, dir, timeout, "-c", "./s 4", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			got := strings.TrimSuffix(r.Stdout, "\n")
			var self []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					self = append(self, s)
				}
			}
			if len(self) != 16 || got != strings.Join(self, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(self, "\n"))
			}
			if b.libcxx {
				return // gdb has no printers for libc++
			}
			vals := gdbValues(t, dir, "s", "4", []string{"look"}, [][]string{{"m", "r", "u", "g", "lists"}})
			if len(vals) != 4*5 {
				t.Fatalf("gdb printed %d values, want 20:\n%s", len(vals), strings.Join(vals, "\n"))
			}
			var want []string
			for hit := 0; hit < 4; hit++ {
				i := hit * 5
				for _, es := range exprs {
					var parts []string
					for _, e := range es {
						parts = append(parts, e+" = "+firstElements(gdbNormal(vals[i]), 8))
						i++
					}
					want = append(want, strings.Join(parts, ", "))
				}
			}
			if got != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestLibcxxStringInRegisters prints a libc++ short string that the
// program holds in registers (clang++ -stdlib=libc++ -O2: DWARF pieces
// computed from a register, with DW_OP_convert), with print, printf's %s
// and as a map key, and compares it with what the target prints itself.
func TestLibcxxStringInRegisters(t *testing.T) {
	place := fmt.Sprintf("libcxxregs.cc:%d", srcLine(t, "libcxxregs.cc", "MADE_LINE"))
	for _, v := range []variant{{CC: clang, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileLibcxx(t, dir, "libcxxregs.cc", "r", v)
			lv := runGS(t, dir, timeout, "-lv", "uprobe:./r:"+place)
			if !regexp.MustCompile(`(?m)^    local  std::__1::string s +here: .*piece`).MatchString(lv.Stdout) {
				t.Fatalf("s is not in pieces at %s (the case this test is for):\n%s%s", place, lv.Stdout, lv.Stderr)
			}
			r := runGS(t, dir, timeout, "-c", "./r 3", "-e", fmt.Sprintf(`uprobe:./r:%s { print(s); printf("%%s|\n", s); @[s] = count() }`, place))
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			var keys []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, fmt.Sprintf("s = %q", s), s+"|")
					keys = append(keys, "@["+s+"]: 1")
				}
			}
			got := strings.Fields(r.Stdout)
			want = append(want, keys...)
			if len(keys) != 3 || strings.Join(got, " ") != strings.Join(strings.Fields(strings.Join(want, "\n")), " ") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", r.Stdout, strings.Join(want, "\n"))
			}
		})
	}
}
