package session

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// -c through sh -c traces the processes the shell starts; where the
// tracepoint programs cannot load, a warning says that only the command's
// own process is traced, and the shell's children print nothing.
func TestRunCommandTree(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	prog := argProgram(t, bin, -1)
	const warning = "gs: warning: cannot follow the processes the command starts: test: refused; only the command's own process is traced"
	for _, fail := range []bool{false, true} {
		name := map[bool]string{false: "tree", true: "fallback"}[fail]
		t.Run(name, func(t *testing.T) {
			if fail {
				testTreeErr = errors.New("test: refused")
				defer func() { testTreeErr = nil }()
			}
			var out, status bytes.Buffer
			err := Run(context.Background(), prog, Options{Command: []string{"sh", "-c", bin + " 2; " + bin + " 3"}, Out: &out, Status: &status, Verbose: true})
			if err != nil {
				t.Fatal(err)
			}
			want := "arg0 = 0\narg0 = 1\narg0 = 0\narg0 = 1\narg0 = 2\n\n\n"
			if fail {
				want = "\n\n"
			}
			if out.String() != want {
				t.Errorf("output %q, want %q; status:\n%s", out.String(), want, status.String())
			}
			if got := strings.Contains(status.String(), warning); got != fail {
				t.Errorf("warning shown: %v, want %v; status:\n%s", got, fail, status.String())
			}
			if joined := strings.Count(status.String(), "joined the traced tree"); !fail && joined != 2 {
				t.Errorf("-v says %d processes joined, want 2; status:\n%s", joined, status.String())
			}
		})
	}
}
