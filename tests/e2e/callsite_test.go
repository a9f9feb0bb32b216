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
// (it prints them), by argN and by name; a function whose address is
// taken keeps its entry probe and still counts the calls through the
// pointer; a script that reads a global, or a parameter passed on the
// stack, keeps the entry; --exact-placement keeps every entry.
func TestCallSites(t *testing.T) {
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			b := "./" + compile(t, dir, "callsite.c", "callsite", v)
			byArg := fmt.Sprintf(`uprobe:%[1]s:leaf, uprobe:%[1]s:asmleaf, uprobe:%[1]s:taken { printf("%%s %%d %%d\n", func, arg0, arg1); @[func] = count() }`, b)
			byName := fmt.Sprintf(`uprobe:%[1]s:leaf { printf("leaf %%d %%d\n", a, b) }
uprobe:%[1]s:pleaf { printf("pleaf %%d %%d\n", p->x, p->y) }
uprobe:%[1]s:many { printf("many %%d %%d\n", a, g) }
uprobe:%[1]s:asmleaf /gcount >= 0/ { printf("asmleaf %%d %%d\n", arg0, arg1) }`, b)
			type run struct {
				args       []string
				moved      []string // the functions whose probe must sit on its calls
				stay       []string // and those whose probe must not
				calledFrom string   // which of the target's calls the script sees
			}
			o2 := func(fns ...string) []string {
				if v.Opt == "-O2" {
					return fns
				}
				return nil
			}
			runs := []run{
				// lea; add; ret at -O2, called twice and jumped to once (viatail)
				{[]string{"-v", "-e", byArg}, append([]string{"asmleaf"}, o2("leaf")...), []string{"taken"}, "leaf asmleaf taken"},
				{[]string{"-v", "--exact-placement", "-e", byArg}, nil, []string{"leaf", "asmleaf", "taken"}, "leaf asmleaf taken"},
				// g is on the stack; gcount is a global
				{[]string{"-v", "-e", byName}, o2("leaf", "pleaf"), []string{"many", "asmleaf"}, "leaf pleaf many asmleaf"},
			}
			for _, rn := range runs {
				r := runGSAsIs(t, dir, timeout, append([]string{"-c", b + " 4"}, rn.args...)...)
				if r.Code != 0 {
					t.Fatalf("gs %s: exit %d\n%s", rn.args, r.Code, r.Stderr)
				}
				for _, l := range regexp.MustCompile(`(?m)^gs: uprobe:.* at .*$`).FindAllString(r.Stderr, -1) {
					t.Logf("%s", l)
				}
				for _, f := range rn.moved {
					match(t, "gs -v", r.Stderr, regexp.QuoteMeta(b+":"+f)+` at its \d+ calls? \(call, emulated\), moved from \+0 \((mov|lea)\)`)
				}
				for _, f := range rn.stay {
					if regexp.MustCompile(regexp.QuoteMeta(":"+f) + ` at its`).MatchString(r.Stderr) {
						t.Errorf("gs %s: %s moved to its calls:\n%s", rn.args, f, r.Stderr)
					}
				}
				// Each call the target made, with its arguments, is one hit.
				var want, got []string
				for _, m := range regexp.MustCompile(`(?m)^(\w+) (-?\d+ -?\d+) = -?\d+$`).FindAllStringSubmatch(r.Stdout, -1) {
					if slices.Contains(strings.Fields(rn.calledFrom), m[1]) {
						want = append(want, m[1]+" "+m[2])
					}
				}
				got = regexp.MustCompile(`(?m)^\w+ -?\d+ -?\d+$`).FindAllString(r.Stdout, -1)
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
