package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestCommandTree runs -c commands that start the probed program in
// descendants: through sh -c, a shell script, and a program that forks
// and execs (a child, and a grandchild), where the program also forks
// without exec. Every descendant's hits must print what it printed itself
// before each call (its pid, the arguments, and a global of the PIE whose
// value differs per process), and gs -v must say that each joined the
// tree. A process outside the tree runs the same binary all the while:
// none of its calls may show.
func TestCommandTree(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "treeapp.c", "app", variant{CC: gcc, Opt: "-O2", PIE: true})
	compile(t, dir, "treespawn.c", "spawn", defaultVariant)
	script := "#!/bin/sh\n./app 2\n./app 3 fork\n"
	if err := os.WriteFile(filepath.Join(dir, "start.sh"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	// The outsider: the same binary, started before gs and running after
	// it, its calls spaced by 10ms.
	outsider := exec.Command("./app", "2000", "-", "10000")
	outsider.Dir = dir
	var outErr bytes.Buffer
	outsider.Stderr = &outErr
	if err := outsider.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { outsider.Wait(); close(exited) }()
	defer func() { outsider.Process.Kill(); <-exited }()

	probe := `uprobe:./app:add { printf("pid %d a=%d b=%d g=%d\n", pid, a, b, g) }`
	for _, tc := range []struct {
		cmd   string
		procs int // processes that call add
	}{
		{`sh -c "./app 2 && ./app 3 fork"`, 3},
		{"./start.sh", 3},
		{"./spawn", 2},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-v", "-c", tc.cmd, "-e", probe)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			pids := map[string]bool{}
			for _, l := range strings.Split(r.Stderr, "\n") {
				if s, ok := strings.CutPrefix(l, "self: "); ok {
					want = append(want, s)
					pids[strings.Fields(s)[1]] = true
				}
			}
			got := strings.Split(strings.TrimSpace(r.Stdout), "\n")
			sort.Strings(want)
			sort.Strings(got)
			if len(pids) != tc.procs || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs and the tree's processes (want %d) disagree\ngs:\n%s\ntargets:\n%s\nstderr:\n%s", tc.procs, strings.Join(got, "\n"), strings.Join(want, "\n"), r.Stderr)
			}
			for pid := range pids {
				match(t, "gs -v", r.Stderr, fmt.Sprintf(`(?m)^gs: process %s joined the traced tree \(forked by \d+\)`, regexp.QuoteMeta(pid)))
			}
			op := fmt.Sprint(outsider.Process.Pid)
			if pids[op] || strings.Contains(r.Stdout, "pid "+op+" ") {
				t.Errorf("the outsider %s was traced:\n%s", op, r.Stdout)
			}
		})
	}
	select {
	case <-exited:
		t.Fatalf("the outsider exited before the tests ended: it did not run alongside them\n%s", outErr.String())
	default:
	}
	if !strings.Contains(outErr.String(), "self: pid") {
		t.Fatalf("the outsider made no calls")
	}
}
