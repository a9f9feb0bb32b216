package e2e

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// usdtScript prints each probe's arguments as testdata/usdt.c prints them
// itself before the probe fires.
const usdtScript = `
usdt:./usdt:app:sizes { printf("sizes %d %u %d %u %d %u %lld %llu\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7) }
usdt:./usdt:globals { printf("globals %d %u %d %u %d %u %lld %llu\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7) }
usdt:./usdt:app:consts { printf("consts %d %d %lld\n", arg0, arg1, arg2) }
usdt:./usdt:app:indexed { printf("indexed %ld %d\n", arg0, arg1) }
`

// selfText returns the target's "self: " lines that start with one of
// prefixes, without "self: ".
func selfText(stderr string, prefixes ...string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		l, ok := strings.CutPrefix(l, "self: ")
		if !ok {
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
			}
		}
	}
	return out
}

// TestUSDTArgs reads USDT arguments of every size and signedness, in
// registers, on the stack, in globals, in arrays and as constants, for gcc and clang
// at -O0 and -O2, PIE and not, and compares them with what the target
// prints before each probe.
func TestUSDTArgs(t *testing.T) {
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "usdt.c", "usdt", v)
			r := runGS(t, dir, timeout, "-c", "./usdt 3", "-e", usdtScript)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			want := selfText(r.Stderr, "sizes", "globals", "consts", "indexed")
			if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 12 || got != strings.Join(want, "\n") {
				t.Errorf("gs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}

// TestUSDTErrors: argN past a probe's arguments, and a name no probe has,
// are positioned errors.
func TestUSDTErrors(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "usdt.c", "usdt", defaultVariant)
	r := runGS(t, dir, timeout, "-e", `usdt:./usdt:app:consts { print(arg3) }`)
	want := `<expr>:1:32: error: arg3 is not available: usdt:./usdt:app:consts has 3 arguments
    usdt:./usdt:app:consts { print(arg3) }
                                   ^~~~
hint: its arguments are arg0..arg2
`
	if r.Code != 3 || !strings.Contains(r.Stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", r.Code, r.Stderr, want)
	}
	r = runGS(t, dir, timeout, "-e", `usdt:./usdt:app:nothere { exit() }`)
	if r.Code != 3 || !strings.Contains(r.Stderr, `error: no usdt probe in "./usdt" matches "app:nothere"`) {
		t.Errorf("exit %d, stderr:\n%s", r.Code, r.Stderr)
	}
}

// target is a program the test started, with its stderr lines.
type target struct {
	cmd   *exec.Cmd
	lines chan string
}

// startTarget starts argv in dir and reads its stderr lines.
func startTarget(t *testing.T, dir string, argv ...string) *target {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tg := &target{cmd: cmd, lines: make(chan string, 1<<16)}
	go func() {
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			tg.lines <- sc.Text()
		}
		close(tg.lines)
	}()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return tg
}

// waitLine reads lines until one matches re and returns it and the lines
// before it; it fails the test if none comes within a minute.
func (tg *target) waitLine(t *testing.T, re string) (string, []string) {
	t.Helper()
	rx := regexp.MustCompile(re)
	var before []string
	deadline := time.After(time.Minute)
	for {
		select {
		case l, ok := <-tg.lines:
			if !ok {
				t.Fatalf("the target exited before printing %q; it printed:\n%s", re, strings.Join(before, "\n"))
			}
			if rx.MatchString(l) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			t.Fatalf("no line matching %q in a minute; the target printed:\n%s", re, strings.Join(before, "\n"))
		}
	}
}

// TestUSDTSemaphore traces a probe guarded by its semaphore in a running
// process: the target runs the probe (and says so) only while gs is
// attached, the kernel raising the semaphore (ref_ctr_offset); after gs
// exits, and after gs is killed with SIGKILL, the target reads its
// semaphore as 0 again.
func TestUSDTSemaphore(t *testing.T) {
	for _, v := range []variant{defaultVariant, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "usdt.c", "usdt", v)
			tg := startTarget(t, dir, "./usdt", "0")
			_, before := tg.waitLine(t, `^self: sem=0$`)
			for _, l := range before {
				if strings.HasPrefix(l, "self: fired") {
					t.Fatalf("the guarded probe ran before gs attached: %s", l)
				}
			}
			pid := fmt.Sprint(tg.cmd.Process.Pid)

			// gs exits by itself after the first hit.
			r := runGS(t, dir, timeout, "-p", pid, "-e", `usdt:./usdt:app:guarded { printf("round %d\n", arg0); exit() }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			fired, _ := tg.waitLine(t, `^self: fired `)
			var round int
			fmt.Sscanf(strings.TrimPrefix(fired, "self: fired "), "%d", &round)
			got := strings.TrimSpace(r.Stdout)
			if !regexp.MustCompile(`^round \d+$`).MatchString(got) {
				t.Fatalf("gs printed %q", got)
			}
			var gsRound int
			fmt.Sscanf(got, "round %d", &gsRound)
			if gsRound < round {
				t.Errorf("gs saw round %d, before the first the target ran the probe in (%d)", gsRound, round)
			}
			tg.waitLine(t, `^self: sem=0$`) // released at gs's exit

			// gs killed while attached.
			cmd := exec.Command(gsBin, "-p", pid, "-e", `usdt:./usdt:app:guarded { printf("round %d\n", arg0) }`)
			cmd.Dir = dir
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil || !strings.HasPrefix(line, "round ") {
				cmd.Process.Kill()
				t.Fatalf("gs printed %q: %v", line, err)
			}
			tg.waitLine(t, `^self: sem=1$`)
			cmd.Process.Signal(syscall.SIGKILL)
			go io.Copy(io.Discard, out)
			cmd.Wait()
			tg.waitLine(t, `^self: sem=0$`) // the kernel dropped the uprobe with gs's last reference
		})
	}
}

// TestUSDTSharedLibrary traces a probe of a shared library by its path
// with -c, and by no binary at all with -p (every module the process
// maps), reading an int and a string argument.
func TestUSDTSharedLibrary(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		t.Run(cc.String(), func(t *testing.T) {
			dir := t.TempDir()
			src, _ := filepath.Abs("testdata")
			build(t, dir, cc, "-g", "-O2", "-fPIC", "-shared", "-o", "libusdt.so", filepath.Join(src, "libusdt.c"))
			build(t, dir, cc, "-g", "-O2", "-o", "main", filepath.Join(src, "libusdtmain.c"), "-L.", "-lusdt", "-Wl,-rpath,$ORIGIN")
			r := runGS(t, dir, timeout, "-c", "./main 3", "-e", `usdt:./libusdt.so:lib:hit { printf("lib %d %s sem=1\n", arg0, str(arg1)) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			want := selfText(r.Stderr, "lib ")
			if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 3 || got != strings.Join(want, "\n") {
				t.Errorf("gs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}

			tg := startTarget(t, dir, "./main", "0")
			tg.waitLine(t, `^self: lib `)
			r = runGS(t, dir, timeout, "-p", fmt.Sprint(tg.cmd.Process.Pid), "-e", `usdt::lib:hit { printf("lib %d %s sem=1\n", arg0, str(arg1)); exit() }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			got := strings.TrimSpace(r.Stdout)
			for {
				l, _ := tg.waitLine(t, `^self: lib `)
				if strings.TrimPrefix(l, "self: ") == got {
					break // the target printed the same arguments with the semaphore raised
				}
			}
		})
	}
}

// TestUSDTPython traces Debian's own /usr/bin/python3.11 (its probes are
// semaphore-guarded): gc__done's count of collected objects must equal
// what gc.collect() returns to the script, for each collection the script
// asks for. Automatic collections are off from the script's first line;
// those of start-up come before and os._exit skips those of the
// interpreter's exit, so the script's collections are gs's last lines.
func TestUSDTPython(t *testing.T) {
	dir := t.TempDir()
	script := `import gc, os, sys
gc.disable()
class Node:
    pass
for i in range(5):
    for j in range(i * 7):
        a = Node(); b = Node(); a.peer = b; b.peer = a
        a = b = None
    print("self: collected", gc.collect(), file=sys.stderr, flush=True)
os._exit(0)
`
	if err := os.WriteFile(filepath.Join(dir, "gc.py"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runGS(t, dir, timeout, "-c", "/usr/bin/python3.11 gc.py", "-e",
		`usdt:/usr/bin/python3.11:python:gc__done { printf("collected %d\n", arg0) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	want := selfText(r.Stderr, "collected ")
	got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
	if len(want) != 5 || want[4] == "collected 0" {
		t.Fatalf("the script printed %q: want 5 collections, the last of cycles", want)
	}
	if len(got) < 5 || strings.Join(got[len(got)-5:], "\n") != strings.Join(want, "\n") {
		t.Errorf("gs:\n%s\nthe script:\n%s", r.Stdout, strings.Join(want, "\n"))
	}
}

// TestUSDTList lists USDT probes as bpftrace does: -l 'usdt:BIN:*' names
// every probe readelf -n shows; -lv gives each argument the type of its
// spec (int8_t for -1@...); -l -p PID and -l 'usdt:*' -p PID list a
// library's probes too, by the path the process maps.
func TestUSDTList(t *testing.T) {
	dir := t.TempDir()
	src, _ := filepath.Abs("testdata")
	compile(t, dir, "usdt.c", "usdt", variant{CC: gcc, Opt: "-O2", PIE: true})
	out, err := exec.Command("readelf", "-n", filepath.Join(dir, "usdt")).Output()
	if err != nil {
		t.Fatal(err)
	}
	notes := regexp.MustCompile(`(?m)^\s+Provider: (\S+)\n\s+Name: (\S+)\n.*\n\s+Arguments: (.*)$`).FindAllStringSubmatch(string(out), -1)
	if len(notes) != 5 {
		t.Fatalf("readelf -n shows %d probes:\n%s", len(notes), out)
	}
	var want []string
	for _, n := range notes {
		want = append(want, "usdt:./usdt:"+n[1]+":"+n[2])
	}
	r := runGS(t, dir, timeout, "-l", "usdt:./usdt:*")
	if got := strings.TrimSpace(r.Stdout); r.Code != 0 || got != strings.Join(want, "\n") {
		t.Errorf("exit %d, -l:\n%s\nreadelf:\n%s\n%s", r.Code, got, strings.Join(want, "\n"), r.Stderr)
	}
	r = runGS(t, dir, timeout, "-lv", "usdt:./usdt:app:sizes")
	var types []string
	for _, spec := range strings.Fields(notes[0][3]) {
		size := strings.SplitN(spec, "@", 2)[0]
		typ := map[string]string{"-1": "int8_t", "1": "uint8_t", "-2": "int16_t", "2": "uint16_t", "-4": "int32_t", "4": "uint32_t", "-8": "int64_t", "8": "uint64_t"}[size]
		types = append(types, fmt.Sprintf("%s arg%d %s", typ, len(types), spec))
	}
	var got []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if f := strings.Fields(l); len(f) == 3 && strings.HasPrefix(f[1], "arg") {
			got = append(got, strings.Join(f, " "))
		}
	}
	if r.Code != 0 || notes[0][2] != "sizes" || strings.Join(got, "\n") != strings.Join(types, "\n") {
		t.Errorf("exit %d, -lv:\n%s\nwant the arguments:\n%s", r.Code, r.Stdout, strings.Join(types, "\n"))
	}

	build(t, dir, gcc, "-g", "-O2", "-fPIC", "-shared", "-o", "libusdt.so", filepath.Join(src, "libusdt.c"))
	build(t, dir, gcc, "-g", "-O2", "-o", "main", filepath.Join(src, "libusdtmain.c"), "-L.", "-lusdt", "-Wl,-rpath,$ORIGIN")
	tg := startTarget(t, dir, "./main", "0")
	tg.waitLine(t, `^self: lib `)
	pid := fmt.Sprint(tg.cmd.Process.Pid)
	lib := "usdt:" + filepath.Join(dir, "libusdt.so") + ":lib:hit"
	for _, args := range [][]string{{"-l", "-p", pid}, {"-l", "usdt:*", "-p", pid}, {"-l", "usdt:*:lib:*", "-p", pid}} {
		r := runGS(t, dir, timeout, args...)
		if r.Code != 0 || !strings.Contains(r.Stdout+"\n", "\n"+lib+"\n") && !strings.HasPrefix(r.Stdout, lib+"\n") {
			t.Errorf("gs %q: exit %d, no %s in:\n%s\n%s", args, r.Code, lib, r.Stdout, r.Stderr)
		}
	}
}

// TestUSDTSystemWide: usdt:*:PROVIDER:NAME with no -p finds the probe in
// the files the machine's processes map, and its semaphore is raised in
// the process already running.
func TestUSDTSystemWide(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "usdt.c", "usdt", defaultVariant)
	tg := startTarget(t, dir, "./usdt", "0")
	tg.waitLine(t, `^self: sem=0$`)
	r := runGS(t, dir, timeout, "-e", `usdt:*:app:guarded { printf("%s %d\n", probe, arg0); exit() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	fired, _ := tg.waitLine(t, `^self: fired `)
	match(t, "gs's output", r.Stdout, `^usdt:`+regexp.QuoteMeta(filepath.Join(dir, "usdt"))+`:app:guarded \d+\n$`)
	var round, gsRound int
	fmt.Sscanf(fired, "self: fired %d", &round)
	fmt.Sscanf(r.Stdout[strings.LastIndexByte(r.Stdout, ' ')+1:], "%d", &gsRound)
	if gsRound < round {
		t.Errorf("gs saw round %d, before the first the target ran the probe in (%d)", gsRound, round)
	}
}
