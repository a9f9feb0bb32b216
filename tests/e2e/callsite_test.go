package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCallSites: an entry probe that no placement helps moves to the
// direct calls of its function (sema/callsites.go) where every caller is
// known, and each call is one hit with the arguments the target passed
// (it prints them); a function whose address is taken keeps its entry
// probe and still counts the calls through the pointer; a script that
// reads program names keeps the entry; --exact-placement turns it off.
func TestCallSites(t *testing.T) {
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			b := "./" + compile(t, dir, "callsite.c", "callsite", v)
			script := fmt.Sprintf(`uprobe:%[1]s:leaf, uprobe:%[1]s:asmleaf, uprobe:%[1]s:taken { printf("%%s %%d %%d\n", func, arg0, arg1); @[func] = count() }`, b)
			byName := fmt.Sprintf(`uprobe:%[1]s:leaf { printf("leaf %%d %%d\n", a, b) }`, b)
			type run struct {
				args  []string
				funcs []string // the functions whose probe must sit on its calls
			}
			moved := []string{"asmleaf"}
			if v.Opt == "-O2" {
				moved = append(moved, "leaf") // lea; add; ret, called twice and jumped to once (viatail)
			}
			runs := []run{
				{[]string{"-v", "-e", script}, moved},
				{[]string{"-v", "--exact-placement", "-e", script}, nil},
				{[]string{"-v", "-e", byName}, nil},
			}
			for _, rn := range runs {
				r := runGSAsIs(t, dir, timeout, append([]string{"-c", b + " 4"}, rn.args...)...)
				if r.Code != 0 {
					t.Fatalf("gs %s: exit %d\n%s", rn.args, r.Code, r.Stderr)
				}
				for _, f := range rn.funcs {
					match(t, "gs -v", r.Stderr, regexp.QuoteMeta(b+":"+f)+` at its \d+ calls? \(call, emulated\), moved from \+0 \((mov|lea)\)`)
				}
				if rn.funcs == nil {
					if m := regexp.MustCompile(`:\w+ at its \d+ call`).FindString(r.Stderr); m != "" {
						t.Errorf("gs %s: a probe moved to call sites (%s):\n%s", rn.args, m, r.Stderr)
					}
				}
				for _, l := range regexp.MustCompile(`(?m)^gs: uprobe:.* at .*$`).FindAllString(r.Stderr, -1) {
					t.Logf("%s", l)
				}
				// The address of taken is in a data word: its probe stays.
				if regexp.MustCompile(`:taken at its`).MatchString(r.Stderr) {
					t.Errorf("taken, whose address is taken, moved to its calls:\n%s", r.Stderr)
				}
				// Each call the target made, with its arguments, is one hit.
				var want, got []string
				calls := regexp.MustCompile(`(?m)^(\w+ -?\d+ -?\d+) = -?\d+$`)
				hits := regexp.MustCompile(`(?m)^(\w+ -?\d+ -?\d+)$`)
				for _, m := range calls.FindAllStringSubmatch(r.Stdout, -1) {
					if strings.Contains(rn.args[len(rn.args)-1], ":"+strings.Fields(m[1])[0]+" ") ||
						strings.Contains(rn.args[len(rn.args)-1], ":"+strings.Fields(m[1])[0]+",") {
						want = append(want, m[1])
					}
				}
				for _, m := range hits.FindAllStringSubmatch(r.Stdout, -1) {
					got = append(got, m[1])
				}
				slices.Sort(want)
				slices.Sort(got)
				if len(want) == 0 || !slices.Equal(want, got) {
					t.Errorf("gs %s: the probes saw\n%s\nthe target made the calls\n%s\n%s", rn.args,
						strings.Join(got, "\n"), strings.Join(want, "\n"), r.Stderr)
				}
			}
		})
	}
}
