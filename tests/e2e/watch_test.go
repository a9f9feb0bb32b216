package e2e

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// buildWatch builds watch.c against libwatch.so in dir with cc and opt.
func buildWatch(t *testing.T, dir string, cc testtarget.Compiler, opt string, pie bool) {
	t.Helper()
	src, _ := filepath.Abs("testdata")
	build(t, dir, cc, "-g", opt, "-fPIC", "-shared", "-o", "libwatch.so", filepath.Join(src, "watchlib.c"))
	args := []string{"-g", opt, "-o", "watch", filepath.Join(src, "watch.c"), "-L.", "-lwatch", "-Wl,-rpath,$ORIGIN"}
	if !pie {
		args = append(args, "-no-pie", "-fno-pie")
	}
	build(t, dir, cc, args...)
}

// TestWatchpointByName: watchpoint:./watch:g_counter:w on the global of
// a PIE (and of a non-PIE) started with -c fires once per write the
// target counts, after the write: print(g_counter) prints each value the
// target printed, in order, and func names main, the writer.
func TestWatchpointByName(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildWatch(t, dir, v.CC, v.Opt, v.PIE)
			r := runGS(t, dir, timeout, "-c", "./watch 9", "-e", `watchpoint:./watch:g_counter:w { print(g_counter); @n = count(); @f[func] = count() }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want, got []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if v, ok := strings.CutPrefix(l, "value "); ok {
					want = append(want, v)
				}
				if v, ok := strings.CutPrefix(l, "g_counter = "); ok {
					got = append(got, v)
				}
			}
			m := regexp.MustCompile(`wrote g_counter (\d+) `).FindStringSubmatch(r.Stderr)
			if m == nil {
				t.Fatalf("the target printed no count:\n%s", r.Stderr)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") || strconv.Itoa(len(got)) != m[1] {
				t.Errorf("gs printed g_counter %v, the target wrote %v (%s writes)", got, want, m[1])
			}
			match(t, "the count", r.Stdout, `(?m)^@n: `+m[1]+`$`)
			// func is the interrupted pc's function: main, which writes.
			match(t, "func", r.Stdout, `(?m)^@f\[main\+\d+\]: `+m[1]+`$`)
		})
	}
}

// TestWatchpointProcess: with -p, a watch by name on a library's global
// (libwatch:lib_counter, its bias the library's load address in the
// process) and bpftrace's watch on an absolute address (g_counter's, as
// the target prints it) each count the writes the target says it made.
func TestWatchpointProcess(t *testing.T) {
	dir := t.TempDir()
	buildWatch(t, dir, gcc, "-O2", true)
	tg := exec.Command("./watch", "6", "wait")
	tg.Dir = dir
	stdin, err := tg.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := tg.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { tg.Process.Kill(); tg.Wait() }()
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() || !strings.HasPrefix(lines.Text(), "ready 0x") {
		t.Fatalf("the target printed %q", lines.Text())
	}
	addr := strings.TrimPrefix(lines.Text(), "ready ")
	gs := exec.Command(gsBin, "-p", strconv.Itoa(tg.Process.Pid), "-e",
		`watchpoint:libwatch:lib_counter:w { @lib = count() } watchpoint:`+addr+`:8:w { @abs = count() }`)
	gs.Dir = dir
	var out strings.Builder
	gs.Stdout = &out
	gsErr, err := gs.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	defer gs.Process.Kill()
	status := bufio.NewScanner(gsErr)
	for status.Scan() && !strings.HasPrefix(status.Text(), "Attached") {
		t.Logf("gs: %s", status.Text())
	}
	go func() {
		for status.Scan() {
		}
	}()
	stdin.Write([]byte("g"))
	if !lines.Scan() {
		t.Fatal("the target printed no count")
	}
	m := regexp.MustCompile(`^wrote g_counter (\d+) lib_counter (\d+)$`).FindStringSubmatch(lines.Text())
	if m == nil {
		t.Fatalf("the target printed %q", lines.Text())
	}
	done := make(chan error, 1)
	go func() { done <- gs.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("gs: %v\n%s", err, out.String())
		}
	case <-time.After(timeout):
		t.Fatal("gs did not stop when the target exited")
	}
	match(t, "the library watch", out.String(), `(?m)^@lib: `+m[2]+`$`)
	match(t, "the address watch", out.String(), `(?m)^@abs: `+m[1]+`$`)
}

// TestWatchpointErrors: what the debug registers cannot do is said at
// the probe.
func TestWatchpointErrors(t *testing.T) {
	dir := t.TempDir()
	buildWatch(t, dir, gcc, "-O0", true)
	for _, tc := range []struct{ script, want string }{
		{`watchpoint:0x1000:8:r { }`, `invalid watchpoint mode "r"`},
		{`watchpoint:./watch:g_counter:w {} watchpoint:./watch:g_counter:rw {} watchpoint:0x1000:8:w {} watchpoint:0x2000:8:w {} watchpoint:0x3000:4:w {}`,
			`too many watchpoints: the CPU has 4 debug registers, and this is watchpoint 5`},
		{`watchpoint:./watch:nothere:w { }`, `global variable "nothere"`},
	} {
		t.Run(tc.script, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-c", "./watch 1", "-e", tc.script)
			if r.Code != 3 || !strings.Contains(r.Stderr, tc.want) {
				t.Errorf("exit %d, want 3 and %q in:\n%s", r.Code, tc.want, r.Stderr)
			}
		})
	}
	r := runGS(t, dir, timeout, "-e", `watchpoint:0x1000:8:w { }`)
	if r.Code != 3 || !strings.Contains(r.Stderr, "error: a watchpoint needs a process") {
		t.Errorf("without -p or -c: exit %d:\n%s", r.Code, r.Stderr)
	}
}

// TestWatchpointExec: an execute watchpoint (bpftrace's form, any
// length) on main's address (nm's, a non-PIE) fires once, in main, as
// main runs once.
func TestWatchpointExec(t *testing.T) {
	dir := t.TempDir()
	buildWatch(t, dir, gcc, "-O2", false)
	out, err := exec.Command("nm", filepath.Join(dir, "watch")).Output()
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^([0-9a-f]+) T main$`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("nm shows no main:\n%s", out)
	}
	r := runGS(t, dir, timeout, "-c", "./watch 3", "-e", `watchpoint:0x`+string(m[1])+`:1:x { @[func] = count() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "the exec watch", r.Stdout, `(?m)^@\[main\]: 1$`)
}
