package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSplitDWARF: a target built with -gsplit-dwarf (two units, so two
// .dwo files) is traced by argument names, struct members through a
// pointer and strings, and gs prints what the target prints itself;
// the same with the .dwo files bundled into a .dwp by llvm-dwp-19; -lv
// lists the parameters with their types. With neither, looking up a name
// is an error naming the files, and arg0 still works.
func TestSplitDWARF(t *testing.T) {
	script := `uprobe:./s:lib_sum { printf("fn=lib_sum label=%s k=%d tag=%c\n", str(args.label), args.k, args.tag); }
uprobe:./s:scaled { printf("fn=scaled x=%d y=%d label=%s n=%d c=%d\n", args.p->x, args.p->y, str(args.p->label), args.n, args.c); }`
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			build(t, dir, v.CC, v.Args("s", []string{abs(t, "testdata/split.c"), abs(t, "testdata/split_lib.c")}, "-gsplit-dwarf")...)
			dwos, _ := filepath.Glob(filepath.Join(dir, "*.dwo"))
			if len(dwos) != 2 {
				t.Fatalf("-gsplit-dwarf left %v, want two .dwo files", dwos)
			}
			trace := func(how, from string) {
				t.Helper()
				r := runGS(t, dir, timeout, "-c", "./s 3", "-e", script)
				if r.Code != 0 {
					t.Fatalf("%s: exit %d\n%s", how, r.Code, r.Stderr)
				}
				var want []string
				for _, m := range selfLines(r.Stderr) {
					if m["fn"] == "lib_sum" {
						want = append(want, fmt.Sprintf("fn=lib_sum label=%s k=%s tag=%s", m["label"], m["k"], m["tag"]))
					} else {
						want = append(want, fmt.Sprintf("fn=scaled x=%s y=%s label=%s n=%s c=%s", m["x"], m["y"], m["label"], m["n"], m["c"]))
					}
				}
				var got []string
				for _, l := range strings.Split(r.Stdout, "\n") {
					if strings.HasPrefix(l, "fn=") {
						got = append(got, l)
					}
				}
				if len(want) != 6 || strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s: gs printed\n%s\nthe target\n%s", how, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				l := runGS(t, dir, timeout, "-lv", "uprobe:./s:lib_sum")
				match(t, how+": -lv", l.Stdout, `(?m)^uprobe:./s:lib_sum\n    const char\* label\n    int k\n    char tag$`)
				match(t, how+": -lv", l.Stderr, `(?m)^gs: debug info for \S*/s: \S*/`+from+` \(split DWARF\)$`)
			}
			trace("with the .dwo files", `s-split_lib\.dwo`)

			// llvm-dwp-19 loops forever on some of gcc's .dwo files (one
			// with a struct point * parameter beside a char): cut it off.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if out, err := exec.CommandContext(ctx, "llvm-dwp-19", "-e", filepath.Join(dir, "s"), "-o", filepath.Join(dir, "s.dwp")).CombinedOutput(); err != nil {
				t.Fatalf("llvm-dwp-19: %v\n%s", err, out)
			}
			for _, f := range dwos {
				if err := os.Remove(f); err != nil {
					t.Fatal(err)
				}
			}
			trace("with s.dwp", `s\.dwp`)

			if err := os.Remove(filepath.Join(dir, "s.dwp")); err != nil {
				t.Fatal(err)
			}
			r := runGS(t, dir, timeout, "-c", "./s 1", "-e", `uprobe:./s:lib_sum { printf("k=%d\n", args.k); }`)
			if r.Code == 0 {
				t.Errorf("no .dwo nor .dwp: exit 0\n%s", r.Stdout)
			}
			match(t, "no .dwo nor .dwp", r.Stderr, `error: cannot look up "k": split DWARF not found: ./s was built with -gsplit-dwarf and the .dwo files of 2 of its 2 units are missing: \S*s-split(_lib)?\.dwo\b.*; \S*s-split(_lib)?\.dwo\b.*, nor in a package at \./s\.dwp; `)
			r = runGS(t, dir, timeout, "-c", "./s 1", "-e", `uprobe:./s:lib_sum { printf("k=%d\n", arg1); }`)
			if r.Code != 0 {
				t.Fatalf("arg1 without split DWARF: exit %d\n%s", r.Code, r.Stderr)
			}
			match(t, "arg1 without split DWARF", r.Stdout, `(?m)^k=0$`)
		})
	}
}

func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
