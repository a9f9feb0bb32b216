package e2e

import (
	"slices"
	"strings"
	"testing"
)

// TestBpftraceTuples builds bpftrace tuples from pair(a, name)'s arguments
// in a uprobe, prints them whole and element by element, and keys a map
// with one and holds them as a map's values, and checks every line against what tuples.c prints itself for
// the same call.
func TestBpftraceTuples(t *testing.T) {
	script := `uprobe:./tuples:pair {
  $t = (arg0, str(arg1), (arg0 * 2, -arg0));
  print($t);
  printf("t %d %s %d %d\n", $t.0, $t.1, $t.2.0, $t.2.1);
  @m[(arg0, str(arg1))] = arg0 * 2;
  @v[arg0] = (str(arg1), -arg0);
  printf("v %d %s %d\n", arg0, @v[arg0].0, @v[arg0].1);
}`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "tuples.c", "tuples", v)
			r := runGS(t, dir, timeout, "-c", "./tuples", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			keep := func(s string) []string {
				var out []string
				for _, l := range strings.Split(s, "\n") {
					if strings.HasPrefix(l, "(") || strings.HasPrefix(l, "t ") || strings.HasPrefix(l, "@m[") || strings.HasPrefix(l, "@v[") || strings.HasPrefix(l, "v ") {
						out = append(out, l)
					}
				}
				slices.Sort(out)
				return out
			}
			want, got := keep(r.Stderr), keep(r.Stdout)
			if len(want) != 20 {
				t.Fatalf("the target printed %d lines, want 20:\n%s", len(want), r.Stderr)
			}
			if !slices.Equal(got, want) {
				t.Errorf("gs printed\n%s\nthe target\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
