package runtime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// When the kernel refuses the sleepable program, the plain one traces and
// a status line says so: dropped by -q, always shown by -v.
func TestRunSleepableFallback(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	prog := argProgram(t, bin, -1)
	const line = "gs: the kernel refused the sleepable probe program (test: refused); using the plain one"
	for _, tc := range []struct {
		fail           bool
		quiet, verbose bool
		want           bool
	}{
		{fail: false, want: false},
		{fail: false, verbose: true, want: false},
		{fail: true, want: true},
		{fail: true, quiet: true, want: false},
		{fail: true, quiet: true, verbose: true, want: true},
	} {
		t.Run(fmt.Sprintf("fail=%v/quiet=%v/verbose=%v", tc.fail, tc.quiet, tc.verbose), func(t *testing.T) {
			if tc.fail {
				testSleepableErr = errors.New("test: refused")
				defer func() { testSleepableErr = nil }()
			}
			var out, status bytes.Buffer
			err := Run(context.Background(), prog, Options{Command: []string{bin}, Out: &out, Status: &status, Quiet: tc.quiet, Verbose: tc.verbose})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(status.String(), line); got != tc.want {
				t.Errorf("status line shown: %v, want %v; status:\n%s", got, tc.want, status.String())
			}
			// The plain program traces as well.
			if want := "arg0 = 0\narg0 = 1\narg0 = 2\n"; out.String() != want {
				t.Errorf("output %q, want %q", out.String(), want)
			}
		})
	}
}
