package e2e

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// selfValues returns the "self: NAME=VALUE" lines a Rust target printed
// on stderr, one map a hit, with Rust's {:?} spaced as gs spaces it
// (unspace); a hit starts at the name first.
func selfValues(stderr, first string) []map[string]string {
	var hits []map[string]string
	sc := bufio.NewScanner(strings.NewReader(stderr))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "self: ")
		if !ok {
			continue
		}
		k, v, _ := strings.Cut(line, "=")
		if k == first {
			hits = append(hits, map[string]string{})
		}
		if len(hits) > 0 {
			hits[len(hits)-1][k] = unspace.Replace(v)
		}
	}
	return hits
}

// TestRustEnumSelf prints, in one print, a tagged enum through a
// reference, the niche of Option<&T> (None is 0), a field through a
// reference and a struct whose &str is read after its bytes, at the
// function's entry and at a line in it, in debug and release builds of
// rustc and cargo, and compares them with the program's {:?} of them. It
// was the bytecode golden values_rust_enum, which pinned rustc's frame
// offsets and never checked a value.
func TestRustEnumSelf(t *testing.T) {
	names := []string{"*shape", "prev", "entry.id", "*entry"}
	line := lineOf(t, "rustenum.rs", "ENUM_LINE")
	for _, b := range rustBuilds {
		dir := t.TempDir()
		rustc(t, dir, "rustenum.rs", "rustenum", b)
		for _, probe := range []string{"post", fileName(b, "rustenum.rs") + ":" + strconv.Itoa(line)} {
			t.Run(b.name+"/"+probe, func(t *testing.T) {
				r := runGS(t, dir, timeout, "-q", "-c", "./rustenum", "-e", "uprobe:./rustenum:"+probe+" { print("+strings.Join(names, ", ")+") }")
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				var want []string
				for _, hit := range selfValues(r.Stderr, names[0]) {
					var parts []string
					for _, n := range names {
						parts = append(parts, n+" = "+hit[n])
					}
					want = append(want, strings.Join(parts, ", "))
				}
				if len(want) != 3 || !strings.Contains(strings.Join(want, "\n"), "Circle {r: 1.5}") {
					t.Fatalf("the target printed %d hits, want 3 with Circle {r: 1.5}:\n%s", len(want), r.Stderr)
				}
				if got := strings.TrimRight(r.Stdout, "\n"); got != strings.Join(want, "\n") {
					t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
				}
			})
		}
	}
}

// TestCxxStringSelf reads a std::string member of a base class (counted
// text, its layout from libstdc++'s DWARF) in a filter, a print and a map
// key, and prints the object whole, for g++ and clang++ at -O0 and -O2,
// compared with what the target prints of them. It was the bytecode
// golden cxx_string, which pinned g++'s frame offsets.
func TestCxxStringSelf(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "cxxstring.cc", "s", v)
			r := runGS(t, dir, timeout, "-q", "-c", "./s", "-e", `uprobe:./s:greet /p->name == "bob"/ { print(p->name); @n[p->name] = count(); print(*p) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			bobs := 0
			for _, hit := range selfValues(r.Stderr, "name") {
				name, age, _ := strings.Cut(hit["name"], " age=")
				if name != "bob" {
					continue
				}
				bobs++
				want = append(want, fmt.Sprintf("p->name = %q", name), fmt.Sprintf("*p = {<Base> = {name = %q}, age = %s}", name, age))
			}
			want = append(want, fmt.Sprintf("@n[bob]: %d", bobs))
			if bobs != 2 || !strings.Contains(r.Stderr, "self: name=a name too long") {
				t.Fatalf("the target printed:\n%s", r.Stderr)
			}
			if got := strings.TrimRight(r.Stdout, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}
