// Package e2e runs the gs binary for real: it compiles small C targets with
// gcc and clang at -O0 and -O2, PIE and not, attaches real uprobes through
// gs, and matches what gs prints (bpftrace's runtime tests are the model:
// a script, a target command, an expected pattern, a timeout).
//
// These tests need root and a kernel with uprobes, BTF, bpf_loop and ring
// buffers. They fail, never skip, when that is missing: CI runs as root on
// such a kernel.
package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

var gsBin string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	if os.Geteuid() != 0 {
		fmt.Fprintln(os.Stderr, "FAIL: the end-to-end tests attach real uprobes and need root (run make test as root)")
		return 1
	}
	dir, err := os.MkdirTemp("", "gs-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	gsBin = filepath.Join(dir, "gs")
	if err := testtarget.GS(gsBin); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	return m.Run()
}

// variant is one way of compiling a C or C++ target.
type variant = testtarget.Variant

// The C compilers of the variants.
var (
	gcc     = testtarget.GCC
	clang   = testtarget.Clang
	muslGCC = testtarget.MuslGCC
)

// variants is the compile matrix: gcc and clang, -O0 and -O2, PIE and not.
var variants = testtarget.Variants

var defaultVariant = testtarget.Default

// compile builds testdata/src with v into dir/name and returns name.
func compile(t *testing.T, dir, src, name string, v variant, extra ...string) string {
	t.Helper()
	testtarget.Build(t, v.CC, v.Args(filepath.Join(dir, name), []string{filepath.Join("testdata", src)}, extra...)...)
	return name
}

// result is what one gs run produced.
type result struct {
	Stdout, Stderr string
	Code           int
}

// runGS runs gs with args in dir, killing it after timeout. With
// GS_EXACT_PLACEMENT=1 in the environment every run adds
// --exact-placement (make test-exact): the end-to-end tests then check
// that probes left where the script names them print the same values.
func runGS(t *testing.T, dir string, timeout time.Duration, args ...string) result {
	t.Helper()
	return runGSEnv(t, dir, timeout, nil, args...)
}

// runGSEnv is runGS with env (NAME=value) added to the environment. gs
// asks no debuginfod server unless env names one.
func runGSEnv(t *testing.T, dir string, timeout time.Duration, env []string, args ...string) result {
	t.Helper()
	if os.Getenv("GS_EXACT_PLACEMENT") == "1" && (len(args) == 0 || !strings.HasPrefix(args[0], "-l")) {
		args = append([]string{"--exact-placement"}, args...)
	}
	return runGSWith(t, dir, timeout, env, args...)
}

// runGSAsIs is runGS without GS_EXACT_PLACEMENT, for the tests of
// placement itself.
func runGSAsIs(t *testing.T, dir string, timeout time.Duration, args ...string) result {
	t.Helper()
	return runGSWith(t, dir, timeout, nil, args...)
}

func runGSWith(t *testing.T, dir string, timeout time.Duration, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, gsBin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS="), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second // a target left running keeps the pipes open
	err := cmd.Run()
	r := result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exitErr *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("gs %q timed out after %v\nstdout:\n%s\nstderr:\n%s", args, timeout, r.Stdout, r.Stderr)
	case errors.As(err, &exitErr):
		r.Code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("run gs: %v", err)
	}
	r.Stdout = unframe(r.Stdout)
	return r
}

// unframe drops the two newlines gs's text output ends a trace with, as
// bpftrace's does, before the maps printed at exit (runtime's tests check
// them): the tests compare the lines the probes printed.
func unframe(out string) string {
	for i := len(out) - 2; i >= 0; i-- {
		if out[i:i+2] == "\n\n" && (i == 0 || out[i-1] == '\n') && (i+2 == len(out) || out[i+2] == '@') {
			return out[:i] + out[i+2:]
		}
	}
	return out
}

// match fails the test unless s matches the regular expression re.
func match(t *testing.T, what, s, re string) {
	t.Helper()
	if !regexp.MustCompile(re).MatchString(s) {
		t.Errorf("%s does not match %q:\n%s", what, re, s)
	}
}

// build runs the compiler cc with args in dir.
func build(t *testing.T, dir string, cc testtarget.Compiler, args ...string) {
	t.Helper()
	testtarget.BuildIn(t, dir, cc, args...)
}
