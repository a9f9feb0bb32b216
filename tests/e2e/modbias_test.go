package e2e

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// systemGS runs gs on script system-wide (no -p, no -c) in dir, waits
// until its BEGIN probe printed "ready" (the uprobes are attached), runs
// targets, and then stops gs with SIGINT and returns what it printed
// after "ready" and what each target printed.
func systemGS(t *testing.T, dir, script string, targets ...[]string) (string, []string) {
	t.Helper()
	cmd := exec.Command(gsBin, "-e", `BEGIN { printf("ready\n") } `+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	defer func() {
		cmd.Process.Kill()
		<-done
		cmd.Wait()
	}()
	lines := make(chan string, 100)
	go func() {
		defer close(done)
		defer close(lines)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	select {
	case l, ok := <-lines:
		if !ok || l != "ready" {
			t.Fatalf("gs did not start (first line %q)\nstderr:\n%s", l, stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("gs did not print ready in 60 s\nstderr:\n%s", stderr.String())
	}
	outs := make([]string, len(targets))
	cmds := make([]*exec.Cmd, len(targets))
	bufs := make([]*bytes.Buffer, len(targets))
	for i, argv := range targets { // all at once: they run side by side
		cmds[i] = exec.Command(argv[0], argv[1:]...)
		cmds[i].Dir = dir
		bufs[i] = &bytes.Buffer{}
		cmds[i].Stdout, cmds[i].Stderr = bufs[i], bufs[i]
		cmds[i].WaitDelay = 5 * time.Second
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range cmds {
		timer := time.AfterFunc(30*time.Second, func() { c.Process.Kill() })
		err := c.Wait()
		timer.Stop()
		if err != nil {
			t.Fatalf("target %q: %v\n%s", targets[i], err, bufs[i])
		}
		outs[i] = bufs[i].String()
	}
	time.Sleep(500 * time.Millisecond) // the last records
	cmd.Process.Signal(syscall.SIGINT)
	var got []string
	timeout := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				return strings.Join(got, "\n"), outs
			}
			got = append(got, l)
		case <-timeout:
			t.Fatalf("gs did not exit after SIGINT\nstdout:\n%s\nstderr:\n%s", strings.Join(got, "\n"), stderr.String())
		}
	}
}

// buildModules builds libmodglob.so and, linked with it, modmain as v.
func buildModules(t *testing.T, dir string, v variant) {
	t.Helper()
	src, _ := filepath.Abs("testdata")
	build(t, dir, v.CC, "-g", v.Opt, "-fPIC", "-shared", "-o", "libmodglob.so", filepath.Join(src, "modglob.c"))
	compile(t, dir, "modmain.c", "modmain", v, "-L"+dir, "-lmodglob", "-Wl,-rpath,$ORIGIN")
}

var pidValue = regexp.MustCompile(`(?m)^pid=\d+ value=-?\d+$`)

// targetLines returns the lines of out that match re, sorted.
func targetLines(out string, re *regexp.Regexp) []string {
	ls := re.FindAllString(out, -1)
	slices.Sort(ls)
	return ls
}

// TestLaterProcessLibraryGlobal: gs traces system-wide, and processes
// started after it (two at once, at different load addresses) read a
// global of a shared library from a probe in the executable: each hit
// prints the value the process itself printed, in PIE and non-PIE
// executables. Before the bias probes the library's bias was unknown in
// any process gs had not been given with -p or -c.
func TestLaterProcessLibraryGlobal(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildModules(t, dir, v)
			exe := filepath.Join(dir, "modmain")
			got, outs := systemGS(t, dir, `uprobe:./modmain:mod_tick { printf("pid=%d value=%ld\n", pid, mod_value) }`,
				[]string{exe}, []string{exe})
			if w0, w1 := regexp.MustCompile(`where \d+`).FindString(outs[0]), regexp.MustCompile(`where \d+`).FindString(outs[1]); w0 == w1 {
				t.Fatalf("both processes mapped the library at the same address (%s): no ASLR, the test proves nothing", w0)
			}
			want := targetLines(outs[0]+outs[1], pidValue)
			if len(want) != 6 {
				t.Fatalf("targets printed:\n%s%s", outs[0], outs[1])
			}
			if g := targetLines(got, pidValue); !slices.Equal(g, want) {
				t.Errorf("gs printed:\n%s\nthe targets:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestDlopenLibraryGlobal: a probe on a library no process has loaded
// when gs starts fires once a process dlopens it, and prints that
// library's global and the global of the library it links, which the
// dlopen maps too.
func TestDlopenLibraryGlobal(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		t.Run(cc.String(), func(t *testing.T) {
			dir := t.TempDir()
			src, _ := filepath.Abs("testdata")
			build(t, dir, cc, "-g", "-O2", "-fPIC", "-shared", "-o", "libmodglob.so", filepath.Join(src, "modglob.c"))
			build(t, dir, cc, "-g", "-O2", "-fPIC", "-shared", "-o", "libmodplug.so", filepath.Join(src, "modplug.c"),
				"-L.", "-lmodglob", "-Wl,-rpath,$ORIGIN")
			build(t, dir, cc, "-g", "-O2", "-o", "moddl", filepath.Join(src, "moddl.c"), "-ldl")
			got, outs := systemGS(t, dir, `uprobe:./libmodplug.so:plug_run { printf("plug=%ld value=%ld\n", plug_value, mod_value) }`,
				[]string{filepath.Join(dir, "moddl"), filepath.Join(dir, "libmodplug.so")})
			re := regexp.MustCompile(`(?m)^plug=\d+ value=\d+$`)
			want := re.FindAllString(outs[0], -1)
			if len(want) != 3 {
				t.Fatalf("target printed:\n%s", outs[0])
			}
			if g := re.FindAllString(got, -1); !slices.Equal(g, want) {
				t.Errorf("gs printed:\n%s\nthe target:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestForkLibraryGlobal: a child forked by a process started after gs
// runs no initializer, and gs finds it in /proc within a second: its hits
// print its own values, as its parent's do.
func TestForkLibraryGlobal(t *testing.T) {
	dir := t.TempDir()
	buildModules(t, dir, defaultVariant)
	got, outs := systemGS(t, dir, `uprobe:./modmain:mod_tick { printf("pid=%d value=%ld\n", pid, mod_value) }`,
		[]string{filepath.Join(dir, "modmain"), "fork"})
	want := targetLines(outs[0], pidValue)
	if len(want) != 6 {
		t.Fatalf("target printed:\n%s", outs[0])
	}
	if g := targetLines(got, pidValue); !slices.Equal(g, want) {
		t.Errorf("gs printed:\n%s\nthe target:\n%s", got, strings.Join(want, "\n"))
	}
}
