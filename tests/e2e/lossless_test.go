package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A failed write stops the trace: gs names the file and the error, says
// how many events it could not write, and exits 1.
func TestOutputWriteError(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			start := time.Now()
			r := runGS(t, dir, timeout, "-f", format, "-o", "/dev/full", "-c", "./app loop",
				"-e", `uprobe:./app:tick { printf("%d\n", arg0) }`)
			if r.Code != 1 {
				t.Fatalf("exit %d, want 1\nstderr:\n%s", r.Code, r.Stderr)
			}
			// The target loops until killed: gs stopped it.
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("gs took %v to stop", took)
			}
			match(t, "stderr", r.Stderr, `write /dev/full: no space left on device; [1-9][0-9]* events? not written`)
			if format == "json" {
				match(t, "stderr", r.Stderr, `(?m)^\{"type": "status", "level": "error", "msg": "write /dev/full: `)
			}
		})
	}
}

// gs ... | head -3: when the reader goes away, gs detaches and exits 0
// without a word, as Unix tools do.
func TestOutputClosedPipe(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	gs := exec.Command(gsBin, "-c", "./app loop", "-e", `uprobe:./app:tick { printf("%d\n", arg0) }`)
	gs.Dir = dir
	var stderr bytes.Buffer
	gs.Stderr = &stderr
	head := exec.Command("head", "-3")
	pipe, err := gs.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	head.Stdin = pipe
	var headOut bytes.Buffer
	head.Stdout = &headOut
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	if err := head.Start(); err != nil {
		t.Fatal(err)
	}
	pipe.(io.Closer).Close() // head holds the read end now
	waited := make(chan error, 1)
	go func() { waited <- gs.Wait() }()
	if err := head.Wait(); err != nil {
		t.Fatalf("head: %v", err)
	}
	var gsErr error
	select {
	case gsErr = <-waited:
	case <-time.After(timeout):
		gs.Process.Kill()
		t.Fatalf("gs did not stop after its reader went away\nstderr:\n%s", stderr.String())
	}
	if headOut.String() != "0\n1\n2\n" {
		t.Errorf("head printed:\n%s", headOut.String())
	}
	// The target writes its pid on the same stderr; gs writes only
	// bpftrace's attach line.
	rest := regexp.MustCompile(`(?m)^(pid=\d+|Attached 1 probe)\n`).ReplaceAllString(stderr.String(), "")
	if gsErr != nil || rest != "" {
		t.Errorf("gs: %v, want exit 0\nstderr:\n%s", gsErr, rest)
	}
}

// The -c shim is gs itself until it execs the command, in the same
// process: only the command may be traced. Here malloc, which the shim
// calls too (comm "exe").
func TestCommandShimNotTraced(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "flood.c", "mallocer", defaultVariant, "-pthread")
	r := runGS(t, dir, timeout, "-c", "./mallocer mallocs 100", "-e", `uprobe:libc:malloc { @[comm] = count() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	m := regexp.MustCompile(`(?m)^@\[(.*)\]: (\d+)$`).FindAllStringSubmatch(r.Stdout, -1)
	if len(m) != 1 || m[0][1] != "mallocer" {
		t.Fatalf("want only the command's comm, got:\n%s", r.Stdout)
	}
	if n, _ := strconv.Atoi(m[0][2]); n < 100 {
		t.Errorf("%d mallocs counted, the command made at least 100", n)
	}
}

// Under overload nothing is lost silently: two threads emit a million
// events each into a small ring buffer; what gs printed plus what it
// reported lost is what the target emitted, exactly, and the map that
// counts the same hits in the kernel has every one.
func TestOverloadAccounting(t *testing.T) {
	const perThread = 1000000
	dir := t.TempDir()
	compile(t, dir, "flood.c", "flood", variant{CC: gcc, Opt: "-O2", PIE: true}, "-pthread")
	r := runGS(t, dir, 5*timeout, "--buffer-size", "4096", "-o", "out.txt",
		"-c", "./flood flood "+strconv.Itoa(perThread),
		"-e", `uprobe:./flood:emit { printf("%d %d\n", arg0, arg1); @n[arg0] = count() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	em := regexp.MustCompile(`(?m)^emitted (\d+)$`).FindStringSubmatch(r.Stderr)
	if em == nil {
		t.Fatalf("the target did not report what it emitted\nstderr:\n%s", r.Stderr)
	}
	emitted, _ := strconv.Atoi(em[1])
	if emitted != 2*perThread {
		t.Fatalf("the target emitted %d, want %d", emitted, 2*perThread)
	}
	printed, maps := countOutput(t, dir+"/out.txt")
	lost := 0
	if m := regexp.MustCompile(`(?m)^gs: lost (\d+) events in total$`).FindStringSubmatch(r.Stderr); m != nil {
		lost, _ = strconv.Atoi(m[1])
	}
	// Hits dropped before they ran (a CPU busy with another probe) are
	// missing from the map too.
	dropped := 0
	for _, m := range regexp.MustCompile(`(?m)^gs: (\d+) (.*) in total$`).FindAllStringSubmatch(r.Stderr, -1) {
		if !strings.HasPrefix(m[2], "probe hits dropped") {
			t.Errorf("unexpected counter: %s", m[0])
		}
		n, _ := strconv.Atoi(m[1])
		dropped += n
	}
	t.Logf("emitted %d, printed %d, lost %d, dropped %d", emitted, printed, lost, dropped)
	if printed+lost+dropped != emitted {
		t.Errorf("printed %d + lost %d + dropped %d = %d, the target emitted %d", printed, lost, dropped, printed+lost+dropped, emitted)
	}
	if lost == 0 {
		t.Errorf("nothing was lost: a %d-byte ring buffer should overflow", 4096)
	}
	if got := maps[0] + maps[1]; got+dropped != emitted {
		t.Errorf("@n counted %d + dropped %d, the target emitted %d", got, dropped, emitted)
	}
}

// countOutput counts the printf lines ("thread i") in a trace output and
// reads the @n map printed after them.
func countOutput(t *testing.T, path string) (printed int, n [2]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mapLine := regexp.MustCompile(`^@n\[([01])\]: (\d+)$`)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := mapLine.FindStringSubmatch(line); m != nil {
			k, _ := strconv.Atoi(m[1])
			n[k], _ = strconv.Atoi(m[2])
			continue
		}
		if line == "" {
			continue
		}
		var th, i int
		if _, err := fmt.Sscan(line, &th, &i); err != nil || th > 1 || i < 0 {
			t.Fatalf("unexpected output line %q", line)
		}
		printed++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return printed, n
}

// Once -c's whole tree has exited, gs reads the maps with the links still
// attached and closes them after its report (session/release.go): every
// call made up to the last thread's exit is in the maps, the child's that
// outlives the command too, and END still runs (in gs, with the tree's
// filter on). Counts are the target's own.
func TestLastHitsCounted(t *testing.T) {
	const threads, per = 4, 200000
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "lasthit.c", "lasthit", v, "-pthread")
			r := runGS(t, dir, 5*timeout, "-v", "-c", fmt.Sprintf("./lasthit %d %d", threads, per), "-e",
				`uprobe:./lasthit:hit { @n[arg0] = count(); @s = sum(arg1) } uretprobe:./lasthit:hit { @r = count() } END { printf("end\n") }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
			}
			for _, want := range []string{fmt.Sprintf("parent made %d calls", threads*per), fmt.Sprintf("child made %d calls", per)} {
				if !strings.Contains(r.Stderr, want) {
					t.Fatalf("the target did not report %q\nstderr:\n%s", want, r.Stderr)
				}
			}
			if !strings.Contains(r.Stderr, "links after the report, as no traced process is left") {
				t.Errorf("gs detached before reading the maps, not after\nstderr:\n%s", r.Stderr)
			}
			dropped := regexp.MustCompile(`(?m)^gs: (\d+) probe hits dropped.* in total$`).FindStringSubmatch(r.Stderr)
			if dropped != nil {
				t.Fatalf("hits dropped, the counts cannot be compared: %s", dropped[0])
			}
			want := map[string]int{}
			for w := 0; w < threads; w++ {
				want[fmt.Sprintf("@n[%d]", w)] = per
			}
			want["@n[100]"] = per
			want["@s"] = (threads + 1) * per * (per - 1) / 2
			want["@r"] = (threads + 1) * per
			got := map[string]int{}
			for _, m := range regexp.MustCompile(`(?m)^(@\w+(?:\[\d+\])?): (\d+)$`).FindAllStringSubmatch(r.Stdout, -1) {
				got[m[1]], _ = strconv.Atoi(m[2])
			}
			for k, n := range want {
				if got[k] != n {
					t.Errorf("%s = %d, the target made %d", k, got[k], n)
				}
			}
			if len(got) != len(want) {
				t.Errorf("maps %v, want %v", got, want)
			}
			if !strings.HasPrefix(r.Stdout, "end\n") && !strings.Contains(r.Stdout, "\nend\n") {
				t.Errorf("END did not print\nstdout:\n%s", r.Stdout)
			}
		})
	}
}
