package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// rustBuild is one way of building a Rust target: rustc with flags, or
// cargo with a profile.
type rustBuild struct {
	name    string
	flags   []string
	profile string // cargo's: "dev" or "release"
}

// rustBuilds are debug builds and release builds with debug info, by
// rustc and by cargo.
var rustBuilds = []rustBuild{
	{name: "rustc-debug", flags: []string{"-g"}},
	{name: "rustc-release", flags: []string{"-g", "-C", "opt-level=2"}},
	{name: "cargo-debug", profile: "dev"},
	{name: "cargo-release", profile: "release"},
}

// rustc builds testdata/src with b into dir/name: with rustc, or as the
// main.rs of a throwaway cargo package (no dependencies; release with
// debug = true).
func rustc(t *testing.T, dir, src, name string, b rustBuild) {
	t.Helper()
	if b.profile == "" {
		testtarget.Build(t, testtarget.Rustc, append(append([]string{}, b.flags...), "-o", filepath.Join(dir, name), filepath.Join("testdata", src))...)
		return
	}
	testtarget.CargoBuild(t, filepath.Join(dir, name), filepath.Join("testdata", src), name, b.profile)
}

// lineOf returns the line of testdata/src that holds marker.
func lineOf(t *testing.T, src, marker string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", src))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line with %s", src, marker)
	return 0
}

// rustSelf returns the values the Rust target printed with {:?}, one map
// per call of post, spaced as gs spaces them ("Circle {r: 1.5}").
func rustSelf(stderr string) []map[string]string {
	return selfValues(stderr, "entry.id")
}

// unspace spaces Rust's {:?} as gs spaces it: "Circle { r: 1.5 }" is
// "Circle {r: 1.5}".
var unspace = strings.NewReplacer("{ ", "{", " }", "}")

// TestRustValues reads Rust values by name through a reference: &str and
// String as text, a Vec<i64> and a slice as elements, enums by variant
// (a tag, and the niches of Option<&T> and Option<Box<T>>), tuples, Box
// and Rc, a whole struct with its text and elements, in debug and release
// builds of rustc and cargo, and compares them with what the program
// prints of them with {:?}.
func TestRustValues(t *testing.T) {
	names := []string{"entry.id", "entry.name", "entry.owner", "entry.tags", "entry.amount", "entry.pair", "entry.note",
		"*shape", "color", "prev", "res", "limit", "*boxed", "rc.id", "*rc", "window", "entry.parent"}
	self := map[string]string{"*shape": "shape", "*boxed": "boxed", "*rc": "rc"}
	var stmts []string
	for _, n := range names {
		stmts = append(stmts, "print("+n+")")
	}
	line := lineOf(t, "ledger.rs", "POST_LINE")
	for _, b := range rustBuilds {
		dir := t.TempDir()
		rustc(t, dir, "ledger.rs", "ledger", b)
		// The function's entry by its Rust name, and a line in it.
		for _, probe := range []string{"ledger::post", fileName(b, "ledger.rs") + ":" + strconv.Itoa(line)} {
			t.Run(b.name+"/"+probe, func(t *testing.T) {
				script := "uprobe:./ledger:" + probe + " { " + strings.Join(stmts, "; ") + " }"
				r := runGS(t, dir, timeout, "-c", "./ledger", "-e", script)
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				want := rustSelf(r.Stderr)
				got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
				if len(want) != 3 || len(got) != 3*len(names) {
					t.Fatalf("want 3 hits of %d values, the target says %d, gs printed:\n%s\nstderr:\n%s", len(names), len(want), r.Stdout, r.Stderr)
				}
				for i, m := range want {
					for j, n := range names {
						k := n
						if s, ok := self[n]; ok {
							k = s
						}
						if w, g := n+" = "+m[k], got[i*len(names)+j]; g != w {
							t.Errorf("hit %d:\n got %s\nwant %s", i, g, w)
						}
					}
				}
			})
		}
	}
}

// fileName is the name of testdata/src in b's line table.
func fileName(b rustBuild, src string) string {
	if b.profile != "" {
		return "main.rs"
	}
	return src
}

// TestRustKinds prints whole Rust values of many kinds (a niche in a
// bool, nested Options, char, Ordering, u128 and i128, (), floats) and
// compares them with the program's {:?} of the same values.
func TestRustKinds(t *testing.T) {
	for _, b := range rustBuilds[:2] {
		t.Run(b.name, func(t *testing.T) {
			dir := t.TempDir()
			rustc(t, dir, "kinds.rs", "kinds", b)
			r := runGS(t, dir, timeout, "-c", "./kinds", "-e", "uprobe:./kinds:kinds::kinds { print(*o) }")
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if v, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, "*o = "+unspace.Replace(v))
				}
			}
			got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
			if len(want) != 3 || len(got) != 3 {
				t.Fatalf("want 3 hits, the target says %d, gs printed:\n%s\nstderr:\n%s", len(want), r.Stdout, r.Stderr)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("hit %d:\n got %s\nwant %s", i, got[i], want[i])
				}
			}
		})
	}
}
