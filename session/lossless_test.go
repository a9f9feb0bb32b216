package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf/link"
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
			// bpftrace's line, its own words, unless quiet.
			if got := strings.Contains(status.String(), "\nAttached 1 probe\n") || strings.HasPrefix(status.String(), "Attached 1 probe\n"); got == tc.quiet {
				t.Errorf("\"Attached 1 probe\" shown: %v, quiet %v; status:\n%s", got, tc.quiet, status.String())
			}
			// The plain program traces as well.
			if want := "arg0 = 0\narg0 = 1\narg0 = 2\n\n\n"; out.String() != want {
				t.Errorf("output %q, want %q", out.String(), want)
			}
		})
	}
}

// ourLinks returns the ids of the uprobe_multi links this process holds
// (their fds' fdinfo names them: -c's uprobes attach in every process and
// filter on its tree in the interpreter), with the pids of this process's
// children (the -c command).
func ourLinks(t *testing.T) (ids []link.ID, pids []int) {
	fds, err := os.ReadDir("/proc/self/fdinfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fds {
		b, err := os.ReadFile("/proc/self/fdinfo/" + fd.Name())
		if err != nil || !strings.Contains(string(b), "link_type:\tuprobe_multi") {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "link_id:\t"); ok {
				id, _ := strconv.Atoi(v)
				ids = append(ids, link.ID(id))
			}
		}
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil && parent(stat) == os.Getpid() {
			pids = append(pids, pid)
		}
	}
	return ids, pids
}

// parent reads the parent pid from /proc/PID/stat.
func parent(stat []byte) int {
	_, rest, _ := strings.Cut(string(stat), ") ")
	var state string
	var ppid int
	fmt.Sscan(rest, &state, &ppid)
	return ppid
}

// A panic on one of the runtime's goroutines reaches Run's caller as a
// panic (cmd/gs reports it and exits 70), after the probes are detached
// and the -c command is ended.
func TestRunGoroutinePanic(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	// Before the command is released, and after.
	for _, in := range []string{"watching for interrupts", "watching the command"} {
		t.Run(in, func(t *testing.T) { testGoroutinePanic(t, bin, in) })
	}
}

func testGoroutinePanic(t *testing.T, bin, in string) {
	var before []int
	testPanicIn = func(where string) {
		if where == in {
			if ids, pids := ourLinks(t); len(ids) > 0 {
				before = pids
			}
			panic("test panic")
		}
	}
	defer func() { testPanicIn = nil }()
	var out, status bytes.Buffer
	var recovered any
	func() {
		defer func() { recovered = recover() }()
		err := Run(context.Background(), argProgram(t, bin, -1), Options{Command: []string{bin, "-1"}, Out: &out, Status: &status})
		t.Errorf("Run returned %v, want a panic", err)
	}()
	err, ok := recovered.(error)
	if !ok || err.Error() != "test panic (while "+in+")" {
		t.Fatalf("recovered %v, want the goroutine's panic", recovered)
	}
	if len(before) == 0 {
		t.Fatal("no link found while tracing: the test cannot see links")
	}
	if ids, _ := ourLinks(t); len(ids) > 0 {
		t.Errorf("links %v still attached after the panic", ids)
	}
	// The command was ended (SIGTERM) and reaped.
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(before[0], 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("command %d still runs after the panic", before[0])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
