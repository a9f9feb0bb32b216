package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The JSON shapes of DWARF values, line for line as docs/json.md gives
// them, for C, Rust and Go, against what each target says of itself.
// Pointers are numbers (addresses the test cannot know, matched as
// digits); everything else is pinned byte for byte.

// TestJSONShapesC: a C struct (char array, nested struct, enum as its
// number, bitfields, double, pointers, int array) and its members, for
// both items values.c passes to process().
func TestJSONShapesC(t *testing.T) {
	for _, v := range []variant{defaultVariant, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "values.c", "v", v)
			r := runGS(t, dir, timeout, "-q", "-f", "json", "-c", "./v 1", "-e",
				`uprobe:./v:process { print(*it); print(it->color, it->scores, it->name, it->ready, it->next->id); print(it->pos) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			self := selfLines(r.Stderr)
			if len(self) != 2 {
				t.Fatalf("the target printed %d self lines, want 2:\n%s", len(self), r.Stderr)
			}
			scores := []string{"[4,5,6]", "[7,8,9]"} // values.c's initializers
			next := []string{"200", `{"error": "read error", "addr": 0}`}
			var want []string
			for i, m := range self {
				want = append(want,
					fmt.Sprintf(`{"type": "print", "data": {"*it": {"id": %s, "name": "%s", "pos": {"x": %s, "y": %s}, "color": %s, "flags": %s, "ready": %s, "price": %s, "label": ADDR, "next": ADDR, "scores": %s}}}`,
						m["id"], m["name"], m["x"], m["y"], m["color"], m["flags"], m["ready"], m["price"], scores[i]),
					fmt.Sprintf(`{"type": "print", "data": {"it->color": %s, "it->scores": %s, "it->name": "%s", "it->ready": %s, "it->next->id": %s}}`,
						m["color"], scores[i], m["name"], m["ready"], next[i]),
					fmt.Sprintf(`{"type": "print", "data": {"it->pos": {"x": %s, "y": %s}}}`, m["x"], m["y"]))
			}
			for i := range want {
				want[i] = strings.ReplaceAll(regexp.QuoteMeta(want[i]), "ADDR", `\d+`)
			}
			matchLines(t, r.Stdout, want)
		})
	}
}

// TestJSONShapesRust: Rust's shapes (docs/json.md): enums as a name or an
// object of one member, nested Options, char as a string, u128 and i128
// as strings of digits, () as {}, floats, String, &str and Vec.
func TestJSONShapesRust(t *testing.T) {
	dir := t.TempDir()
	rustc(t, dir, "kinds.rs", "kinds", rustBuilds[0])
	r := runGS(t, dir, timeout, "-q", "-f", "json", "-c", "./kinds", "-e", "uprobe:./kinds:kinds::kinds { print(*o) }")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	if n := strings.Count(r.Stderr, "self: "); n != 3 {
		t.Fatalf("the target printed %d self lines, want 3:\n%s", n, r.Stderr)
	}
	// kinds.rs's three values (its main), as its self lines print them.
	want := []string{
		`{"type": "print", "data": {"*o": {"t": {"A": [true]}, "oo": {"Some": [{"Some": [false]}]}, "ch": "é", "ord": {"Some": [-1]}, "big": "1267650600228229401496703205376", "neg": "-1237940039285380274899124224", "unit": {}, "flag": true, "f": 2.5, "d": 1e+300, "label": {"name": "first", "short": "1st", "ids": [1,2], "names": ["one","two"]}, "shape": {"Named": [{"name": "named", "short": "n", "ids": [], "names": []}]}}}}`,
		`{"type": "print", "data": {"*o": {"t": "B", "oo": {"Some": ["None"]}, "ch": "x", "ord": "None", "big": "5", "neg": "-1", "unit": {}, "flag": false, "f": -0.5, "d": 3, "label": {"name": "", "short": "", "ids": [7], "names": ["","xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]}, "shape": "Plain"}}}`,
		`{"type": "print", "data": {"*o": {"t": "C", "oo": "None", "ch": "😀", "ord": {"Some": [1]}, "big": "0", "neg": "0", "unit": {}, "flag": false, "f": 0, "d": -0.125, "label": {"name": "third label with a longer name", "short": "3rd", "ids": [3,4,5], "names": []}, "shape": {"Named": [{"name": "xxx", "short": "three", "ids": [9], "names": []}]}}}}`,
	}
	for i := range want {
		want[i] = regexp.QuoteMeta(want[i])
	}
	matchLines(t, r.Stdout, want)
}

// TestJSONShapesGo: a Go struct through a pointer, a slice, a string and
// a pointer, against the calls goorders prints.
func TestJSONShapesGo(t *testing.T) {
	dir := t.TempDir()
	buildGo(t, dir, "goorders", "orders", goVariants[0])
	r := runGS(t, dir, timeout, "-q", "-f", "json", "-o", "gs.out", "-c", "./orders 2", "-e",
		`uprobe:./orders:main.process { print(*o.Addr, o.Items, name, o) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	var want []string
	for _, line := range strings.Split(r.Stdout, "\n") {
		m := goCall.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		want = append(want, regexp.QuoteMeta(fmt.Sprintf(`{"type": "print", "data": {"*o.Addr": {"Street": "%s Main St", "City": "%s", "Zip": %s}, "o.Items": [%s], "name": "%s", "o": `,
			m[1], m[4], m[5], strings.ReplaceAll(m[6], ", ", ","), m[2]))+`\d+\}\}`)
	}
	if len(want) != 2 {
		t.Fatalf("the target printed %d calls, want 2:\n%s", len(want), r.Stdout)
	}
	out, err := os.ReadFile(filepath.Join(dir, "gs.out"))
	if err != nil {
		t.Fatal(err)
	}
	matchLines(t, string(out), want)
}

// matchLines checks that out is the lines want (regular expressions, each
// matching a whole line), in order.
func matchLines(t *testing.T, out string, want []string) {
	t.Helper()
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out)
	}
	for i := range want {
		if !regexp.MustCompile(`^` + want[i] + `$`).MatchString(got[i]) {
			t.Errorf("line %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}
