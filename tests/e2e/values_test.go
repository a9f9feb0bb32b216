package e2e

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// selfLines returns the "self: k=v ..." lines the values target printed.
func selfLines(stderr string) []map[string]string {
	var out []map[string]string
	sc := bufio.NewScanner(strings.NewReader(stderr))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "self: ")
		if !ok {
			continue
		}
		m := map[string]string{}
		for _, kv := range strings.Fields(line) {
			k, v, _ := strings.Cut(kv, "=")
			m[k] = v
		}
		out = append(out, m)
	}
	return out
}

// TestValuesByName checks parameters, struct fields through pointers, char
// arrays, char pointers, enums, bitfields, doubles, globals and statics
// against what the target itself prints, for every compile variant.
func TestValuesByName(t *testing.T) {
	script := `uprobe:./v:process {
	printf("id=%d name=%s x=%d y=%d color=%d flags=%u ready=%u price=%g label=%s scale=%d counter=%d file_static=%ld\n",
		it->id, it->name, it->pos.x, it->pos.y, it->color, it->flags, it->ready, it->price, it->label,
		scale, counter, file_static)
}`
	type build struct {
		v     variant
		extra []string
	}
	var builds []build
	for _, v := range variants {
		builds = append(builds, build{v: v}) // DWARF 5, the compilers' default
	}
	builds = append(builds, build{variant{CC: gcc, Opt: "-O2", PIE: true}, []string{"-gdwarf-4"}},
		build{variant{CC: clang, Opt: "-O0", PIE: false}, []string{"-gdwarf-4"}},
		build{variant{CC: gcc, Opt: "-O2", PIE: false}, []string{"-gz"}}) // compressed debug sections
	for _, b := range builds {
		v := b.v
		t.Run(v.String()+strings.Join(b.extra, ""), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "values.c", "v", v, b.extra...)
			r := runGS(t, dir, timeout, "-c", "./v 2", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			self := selfLines(r.Stderr)
			got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
			if len(self) != 4 || len(got) != 4 {
				t.Fatalf("want 4 hits, target says %d, gs printed:\n%s\nstderr:\n%s", len(self), r.Stdout, r.Stderr)
			}
			for i, m := range self {
				want := fmt.Sprintf("id=%s name=%s x=%s y=%s color=%s flags=%s ready=%s price=%s label=%s scale=%s counter=%s file_static=%s",
					m["id"], m["name"], m["x"], m["y"], m["color"], m["flags"], m["ready"], m["price"], m["label"],
					m["scale"], m["counter"], m["file_static"])
				if got[i] != want {
					t.Errorf("hit %d:\n got %s\nwant %s", i, got[i], want)
				}
			}
		})
	}
}

// TestPrintValues checks print() of whole structs, enums, arrays, NULL
// pointers and failed reads.
func TestPrintValues(t *testing.T) {
	tests := []struct {
		script string
		want   string
	}{
		{`uprobe:./v:process /it->id == 100/ { print(*it) }`,
			`^\*it = \{id = 100, name = "apple", pos = \{x = 1, y = 2\}, color = GREEN, flags = 5, ready = 1, price = 1\.5, label = 0x[0-9a-f]+, next = 0x[0-9a-f]+, scores = \{4, 5, 6\}\}\n$`},
		{`uprobe:./v:process { print(it->color, it->scores[scale - 1]) }`,
			`^it->color = GREEN, it->scores\[scale - 1\] = 4\nit->color = BLUE, it->scores\[scale - 1\] = 8\n$`},
		{`uprobe:./v:process { print(it->next) }`,
			`^it->next = 0x[0-9a-f]+\nit->next = NULL\n$`},
		{`uprobe:./v:process { print(it->next->id) }`,
			`^it->next->id = 200\nit->next->id = <read error at 0x0>\n$`},
		{`uprobe:./v:process { printf("%s %s\n", it->name, it->next != 0 ? "has next" : "last") }`,
			`^apple has next\nbanana last\n$`},
		{`uprobe:./v:process /it->name == "banana"/ { print(args.scale, sizeof(struct item) > 40, counter) }`,
			`^args\.scale = 2, sizeof\(struct item\) > 40 = (1|true), counter = 8\n$`},
	}
	for _, v := range []variant{defaultVariant, {CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		dir := t.TempDir()
		compile(t, dir, "values.c", "v", v)
		for _, tt := range tests {
			t.Run(v.String()+"/"+tt.script, func(t *testing.T) {
				r := runGS(t, dir, timeout, "-c", "./v 1", "-e", tt.script)
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				match(t, "stdout", r.Stdout, tt.want)
			})
		}
	}
}

// TestLineProbeMatchesGDB puts a line probe inside a loop of a gcc -O2
// program and compares every hit with what gdb prints at a breakpoint on
// the same line.
func TestLineProbeMatchesGDB(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "values.c"))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "LOOP_LINE") {
			line = i + 1
		}
	}
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: gcc, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "values.c", "v", v)
			gdbScript := fmt.Sprintf(`set pagination off
set print address off
break values.c:%d
commands
silent
printf "i = "
output i
printf ", scale = "
output scale
printf ", it->id = "
output it->id
printf "\n"
continue
end
run 2 2>/dev/null
`, line)
			if err := os.WriteFile(filepath.Join(dir, "cmds.gdb"), []byte(gdbScript), 0o644); err != nil {
				t.Fatal(err)
			}
			gdb := exec.Command("gdb", "-nx", "-batch", "-x", "cmds.gdb", "./v")
			gdb.Dir = dir
			out, err := gdb.CombinedOutput()
			if err != nil {
				t.Fatalf("gdb: %v\n%s", err, out)
			}
			var want []string
			for _, l := range strings.Split(string(out), "\n") {
				if strings.HasPrefix(l, "i = ") {
					want = append(want, l)
				}
			}
			if len(want) == 0 {
				t.Fatalf("gdb stopped nowhere:\n%s", out)
			}
			r := runGS(t, dir, timeout, "-c", "./v 2", "-e",
				fmt.Sprintf(`uprobe:./v:values.c:%d { print(i, scale, it->id) }`, line))
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs and gdb disagree at values.c:%d\ngs:\n%s\ngdb:\n%s", line, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestValueDiagnostics: unknown names get suggestions; optimized-out values
// cannot be used in a filter.
func TestValueDiagnostics(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "values.c", "v", defaultVariant)
	tests := []struct{ script, want string }{
		{`uprobe:./v:process { print(scal) }`, `unknown identifier "scal"(?s:.*)did you mean "scale"`},
		{`uprobe:./v:process { print(it->nme) }`, `no (field|member) "nme"(?s:.*)did you mean "name"`},
		{`uprobe:./v:process { print((struct itm *)it) }`, `(?s)itm.*did you mean "struct item"`},
		{`uprobe:./v:values.c:1 { print(1) }`, `(?i)no code.*line`},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-e", tt.script)
			if r.Code != 3 {
				t.Errorf("exit %d, want 3\n%s", r.Code, r.Stderr)
			}
			match(t, "stderr", r.Stderr, tt.want)
		})
	}
	// A stripped binary: names need DWARF, arguments still work.
	out, err := exec.Command("strip", "-g", "-o", filepath.Join(dir, "stripped"), filepath.Join(dir, "v")).CombinedOutput()
	if err != nil {
		t.Fatalf("strip: %v\n%s", err, out)
	}
	r := runGS(t, dir, timeout, "-e", `uprobe:./stripped:process { print(scale) }`)
	if r.Code != 3 || !regexp.MustCompile(`(?i)no (DWARF|debug)`).MatchString(r.Stderr) {
		t.Errorf("stripped: exit %d\n%s", r.Code, r.Stderr)
	}
	r = runGS(t, dir, timeout, "-c", "./stripped 1", "-e", `uprobe:./stripped:process { print(arg1) }`)
	if r.Code != 0 || r.Stdout != "1\n2\n" {
		t.Errorf("stripped with argN: exit %d stdout %q\n%s", r.Code, r.Stdout, r.Stderr)
	}
}

// TestOptimizedOutStatic prints file statics that the compiler left no
// storage for (gdb: <optimized out>; gs called them unknown) and folded
// into a constant (clang's DW_AT_const_value), beside a global, and
// compares them with gdb's print at the same line.
func TestOptimizedOutStatic(t *testing.T) {
	place := fmt.Sprintf("gone.c:%d", srcLine(t, "gone.c", "WORK_LINE"))
	exprs := []string{"hidden", "written", "kept"}
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "gone.c", "g", v)
			vals := gdbValues(t, dir, "g", "", []string{place}, [][]string{exprs})
			r := runGS(t, dir, timeout, "-c", "./g", "-e", "uprobe:./g:"+place+" { print("+strings.Join(exprs, ", ")+") }")
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			if len(vals) != 2*len(exprs) {
				t.Fatalf("gdb printed %d values, want %d", len(vals), 2*len(exprs))
			}
			var want []string
			for hit := 0; hit < 2; hit++ {
				var parts []string
				for i, e := range exprs {
					parts = append(parts, e+" = "+vals[hit*len(exprs)+i])
				}
				want = append(want, strings.Join(parts, ", "))
			}
			var got []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "hidden = ") {
					got = append(got, l)
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") || !strings.Contains(strings.Join(want, ""), "<optimized out>") {
				t.Errorf("gs and gdb disagree\ngs:\n%s\ngdb:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
