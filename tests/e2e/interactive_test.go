package e2e

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// liveTarget is testdata/live.c running: what it printed, by call.
type liveTarget struct {
	cmd  *exec.Cmd
	mu   sync.Mutex
	cond *sync.Cond
	tick map[int][2]int // seq -> val, sq
	tock map[int]int64  // seq -> w
	max  int            // the last seq it printed
}

var (
	tickLine = regexp.MustCompile(`^tick seq=(\d+) val=(\d+) sq=(\d+)$`)
	tockLine = regexp.MustCompile(`^tock seq=(\d+) w=(\d+)$`)
)

func startLiveTarget(t *testing.T, dir, bin string) *liveTarget {
	t.Helper()
	lt := &liveTarget{tick: map[int][2]int{}, tock: map[int]int64{}, max: -1}
	lt.cond = sync.NewCond(&lt.mu)
	lt.cmd = exec.Command(bin)
	lt.cmd.Dir = dir
	out, err := lt.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := lt.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lt.cmd.Process.Kill(); lt.cmd.Wait() })
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lt.mu.Lock()
			if m := tickLine.FindStringSubmatch(sc.Text()); m != nil {
				seq, val, sq := atoi(m[1]), atoi(m[2]), atoi(m[3])
				lt.tick[seq] = [2]int{val, sq}
			} else if m := tockLine.FindStringSubmatch(sc.Text()); m != nil {
				seq, _ := strconv.Atoi(m[1])
				w, _ := strconv.ParseInt(m[2], 10, 64)
				lt.tock[seq] = w
				lt.max = seq
			}
			lt.cond.Broadcast()
			lt.mu.Unlock()
		}
		lt.mu.Lock()
		lt.max = 1 << 30 // exited: nobody waits forever
		lt.cond.Broadcast()
		lt.mu.Unlock()
	}()
	return lt
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// last is the last call the target printed.
func (lt *liveTarget) last() int {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	return lt.max
}

// waitPast waits until the target has printed call seq.
func (lt *liveTarget) waitPast(seq int) {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	for lt.max < seq {
		lt.cond.Wait()
	}
}

// lineReader hands out the lines of a stream, failing the test when none
// comes for a long time (a hang, not a timing assertion).
type lineReader struct {
	t    *testing.T
	ch   chan string
	seen []string
}

func newLineReader(t *testing.T, r io.Reader) *lineReader {
	lr := &lineReader{t: t, ch: make(chan string, 1024)}
	go func() {
		defer close(lr.ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			lr.ch <- sc.Text()
		}
	}()
	return lr
}

func (lr *lineReader) next() (string, bool) {
	lr.t.Helper()
	select {
	case l, ok := <-lr.ch:
		if ok {
			lr.seen = append(lr.seen, l)
		}
		return l, ok
	case <-time.After(timeout):
		lr.t.Fatalf("no output for %v; so far:\n%s", timeout, strings.Join(lr.seen, "\n"))
	}
	return "", false
}

// liveEvent is one event line of the session's probes: T1 SEQ VAL SQ or
// T2 SEQ W.
type liveEvent struct {
	trace, seq int
	a, b       int64
}

var liveEventLine = regexp.MustCompile(`^T([123]) (\d+) (-?\d+)(?: (-?\d+))?$`)

// TestInteractiveLines drives gs -i's line mode on a running target: a
// trace's values equal the target's prints; a disabled trace prints
// nothing while the target runs on, and resumes when enabled; adding a
// second trace and deleting the first lose and repeat none of the other's
// events (the target's sequence numbers are consecutive); errors are
// positioned and the session goes on; the saved script run with gs FILE
// prints the same values.
func TestInteractiveLines(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, compile(t, dir, "live.c", "live", defaultVariant))
	lt := startLiveTarget(t, dir, bin)
	lt.waitPast(1)

	gs := exec.Command(gsBin, "-i", "-p", strconv.Itoa(lt.cmd.Process.Pid))
	gs.Dir = dir
	gs.Env = append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS=")
	stdin, err := gs.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := gs.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	gs.Stderr = &stderr
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	defer gs.Process.Kill()
	out := newLineReader(t, stdout)
	send := func(cmd string) {
		t.Helper()
		if _, err := io.WriteString(stdin, cmd+"\n"); err != nil {
			t.Fatalf("write %q: %v", cmd, err)
		}
	}
	var events []liveEvent
	// until reads lines to the one that matches re, keeping the events.
	until := func(re string) []string {
		t.Helper()
		rx := regexp.MustCompile(re)
		deadline := time.Now().Add(timeout) // a hang guard: events keep coming
		for {
			l, ok := out.next()
			if !ok || time.Now().After(deadline) {
				t.Fatalf("gs -i printed no line matching %q; stderr:\n%s\nstdout:\n%s", re, stderr.String(), strings.Join(out.seen, "\n"))
			}
			if m := liveEventLine.FindStringSubmatch(l); m != nil {
				e := liveEvent{trace: atoi(m[1]), seq: atoi(m[2])}
				e.a, _ = strconv.ParseInt(m[3], 10, 64)
				e.b, _ = strconv.ParseInt(m[4], 10, 64)
				events = append(events, e)
			}
			if m := rx.FindStringSubmatch(l); m != nil {
				return m
			}
		}
	}
	count := func(trace int) int {
		n := 0
		for _, e := range events {
			if e.trace == trace {
				n++
			}
		}
		return n
	}
	eventsOf := func(trace, from int) []liveEvent { // from: an index in events
		var es []liveEvent
		for _, e := range events[from:] {
			if e.trace == trace {
				es = append(es, e)
			}
		}
		return es
	}
	waitEvents := func(trace, n int) {
		t.Helper()
		deadline := time.Now().Add(timeout)
		for want := count(trace) + n; count(trace) < want; {
			if time.Now().After(deadline) {
				t.Fatalf("trace %d printed %d of the %d events awaited", trace, count(trace)-(want-n), n)
			}
			until(`^T\d `)
		}
	}
	consecutive := func(what string, es []liveEvent) {
		t.Helper()
		for i := 1; i < len(es); i++ {
			if es[i].seq != es[i-1].seq+1 {
				t.Errorf("%s: call %d follows call %d (lost or repeated events)", what, es[i].seq, es[i-1].seq)
			}
		}
	}

	// A trace on FILE:LINE of the session's binary, after tick computed sq.
	send(`trace live.c:12 { printf("T1 %d %d %d\n", seq, val, sq) }`)
	until(`^trace 1: uprobe:` + regexp.QuoteMeta(bin) + `:live\.c:12 .*\(1 probe\)$`)
	send("bogus 3")
	send(`trace tock { print(nosuch) }`)
	waitEvents(1, 20)
	consecutive("trace 1", eventsOf(1, 0))

	// A second trace while the first runs: trace 2 on tock is the clock
	// below, tock(k) runs after tick(k) printed trace 1's call k.
	send(`trace uprobe:` + bin + `:tock /seq >= 0/ { printf("T2 %d %ld\n", seq, w); @calls = count() }`)
	until(`^trace 2: uprobe:` + regexp.QuoteMeta(bin) + `:tock .*\(1 probe\)$`)
	waitEvents(2, 20)
	waitEvents(1, 5)
	// ticksAlone waits until the target made n calls (trace 2's events)
	// after trace 1's last event, in the order gs printed the records
	// (the ring buffer's, one thread's calls in order): calls of a
	// disabled or deleted trace 1 that printed nothing. An enabled one
	// prints each call before trace 2 does, and this never ends (the
	// hang guard fails the test).
	ticksAlone := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(timeout); ; {
			if time.Now().After(deadline) {
				t.Fatalf("trace 1 still prints: the target made no %d calls in a row without its events", n)
			}
			alone := 0
			for _, e := range events {
				switch e.trace {
				case 1:
					alone = 0
				case 2:
					alone++
				}
			}
			if alone >= n {
				return
			}
			until(`^T\d `)
		}
	}

	// Disabled, it prints nothing while the target goes on.
	send("disable 1")
	until(`^trace 1 disabled$`)
	ticksAlone(30)
	send("enable 1")
	until(`^trace 1 enabled$`)
	onAt := len(events)
	waitEvents(1, 20)

	// Deleted, it prints nothing more; a third trace joins.
	send("delete 1")
	until(`^trace 1 deleted$`)
	ticksAlone(30)
	delAt := len(events)
	send(`trace tick { printf("T3 %d %d\n", seq, val) }`)
	until(`^trace 3: uprobe:` + regexp.QuoteMeta(bin) + `:tick .*\(1 probe\)$`)
	waitEvents(3, 20)
	waitEvents(2, 5)
	if es := eventsOf(1, delAt); len(es) > 0 {
		t.Errorf("deleted trace 1 printed call %d", es[0].seq)
	}
	consecutive("trace 1 once enabled again", eventsOf(1, onAt))
	consecutive("trace 2", eventsOf(2, 0))
	consecutive("trace 3", eventsOf(3, 0))
	send("print @calls")
	m := until(`^@calls: (\d+)$`)
	if n := atoi(m[1]); n < count(2) {
		t.Errorf("@calls is %d, and trace 2 printed %d events", n, count(2))
	}
	script := filepath.Join(dir, "saved.gs")
	send("save " + script)
	until(`^saved 2 traces to ` + regexp.QuoteMeta(script) + `$`)
	send("quit")
	stdin.Close()
	for {
		if _, ok := out.next(); !ok {
			break
		}
	}
	if err := gs.Wait(); err != nil {
		t.Errorf("gs -i: %v\n%s", err, stderr.String())
	}

	// Ground truth: every value equals what the target printed for that call.
	last := 0
	for _, e := range events {
		last = max(last, e.seq)
	}
	lt.waitPast(last)
	checkLive(t, lt, events)
	for _, want := range []string{
		"<stdin>:2:1: error: unknown command \"bogus\"\n    bogus 3\n    ^~~~~\n",
		"<stdin>:3:",
		"nosuch",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}

	// The saved script, run as it is, prints the same.
	saved, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(saved), "live.c:12") {
		t.Errorf("the saved script has the deleted trace:\n%s", saved)
	}
	runEvents := runSaved(t, dir, script, 40, func(l string) (liveEvent, bool) {
		m := liveEventLine.FindStringSubmatch(l)
		if m == nil {
			return liveEvent{}, false
		}
		e := liveEvent{trace: atoi(m[1]), seq: atoi(m[2])}
		e.a, _ = strconv.ParseInt(m[3], 10, 64)
		return e, true
	})
	lt.waitPast(runEvents[len(runEvents)-1].seq)
	for _, tr := range []int{2, 3} {
		var es []liveEvent
		for _, e := range runEvents {
			if e.trace == tr {
				es = append(es, e)
			}
		}
		if len(es) < 5 {
			t.Errorf("gs %s: %d events of trace %d", script, len(es), tr)
		}
		consecutive(fmt.Sprintf("gs %s, trace %d", script, tr), es)
	}
	checkLive(t, lt, runEvents)
	if t.Failed() {
		t.Logf("saved script:\n%s\ngs -i stdout:\n%s", saved, strings.Join(out.seen, "\n"))
	}
}

// checkLive compares the events with the target's own prints.
func checkLive(t *testing.T, lt *liveTarget, events []liveEvent) {
	t.Helper()
	lt.mu.Lock()
	defer lt.mu.Unlock()
	if len(events) == 0 {
		t.Error("no events")
	}
	for _, e := range events {
		switch e.trace {
		case 1:
			if got, want := [2]int{int(e.a), int(e.b)}, lt.tick[e.seq]; got != want {
				t.Errorf("call %d: trace 1 printed val, sq = %v, the target %v", e.seq, got, want)
			}
		case 2:
			if want := lt.tock[e.seq]; e.a != want {
				t.Errorf("call %d: trace 2 printed w = %d, the target %d", e.seq, e.a, want)
			}
		case 3:
			if want := lt.tick[e.seq][0]; int(e.a) != want {
				t.Errorf("call %d: trace 3 printed val = %d, the target %d", e.seq, e.a, want)
			}
		default:
			t.Errorf("event of trace %d", e.trace)
		}
	}
}

// TestInteractiveGrowing adds traces that bring maps, $vars, longer
// records and strings to a session whose first trace has a map and a
// $var, the last two from a script file (source): each is taken, each
// prints the target's values, and the first one's calls stay consecutive
// while the others join.
func TestInteractiveGrowing(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, compile(t, dir, "live.c", "live", defaultVariant))
	lt := startLiveTarget(t, dir, bin)
	lt.waitPast(1)
	script := filepath.Join(dir, "more.gs")
	more := "// two more traces\n" +
		"uprobe:" + bin + `:live.c:12 { @s[val % 3] = sum(sq); $q = sq; printf("B %d %d %d %s\n", seq, val, $q, comm) }` + "\n" +
		"uprobe:" + bin + `:tock { @t = (seq, comm); printf("C %d %ld\n", seq, w) }` + "\n"
	if err := os.WriteFile(script, []byte(more), 0o644); err != nil {
		t.Fatal(err)
	}

	gs := exec.Command(gsBin, "-i", "-p", strconv.Itoa(lt.cmd.Process.Pid))
	gs.Dir = dir
	gs.Env = append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS=")
	stdin, err := gs.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := gs.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	gs.Stderr = &stderr
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	defer gs.Process.Kill()
	out := newLineReader(t, stdout)
	line := regexp.MustCompile(`^([ABC]) (\d+) (\d+)(?: (\d+) (\S+))?$`)
	got := map[string][][]string{}
	until := func(re string) {
		t.Helper()
		rx := regexp.MustCompile(re)
		deadline := time.Now().Add(timeout) // a hang guard: events keep coming
		for {
			l, ok := out.next()
			if !ok || time.Now().After(deadline) {
				t.Fatalf("gs -i printed no line matching %q; stderr:\n%s", re, stderr.String())
			}
			if m := line.FindStringSubmatch(l); m != nil {
				got[m[1]] = append(got[m[1]], m)
			}
			if rx.MatchString(l) {
				return
			}
		}
	}
	io.WriteString(stdin, `trace tick { @c = count(); $v = val; printf("A %d %d\n", seq, $v) }`+"\n")
	until(`^trace 1: `)
	for deadline := time.Now().Add(timeout); len(got["A"]) < 10; {
		if time.Now().After(deadline) {
			t.Fatalf("%d events of trace 1", len(got["A"]))
		}
		until(`^A `)
	}
	io.WriteString(stdin, "source "+script+"\n")
	until(`^trace 2: uprobe:.*:live\.c:12 `)
	until(`^trace 3: uprobe:.*:tock `)
	for deadline := time.Now().Add(timeout); len(got["B"]) < 10 || len(got["C"]) < 10 || len(got["A"]) < 30; {
		if time.Now().After(deadline) {
			t.Fatalf("events A, B, C: %d, %d, %d of 30, 10, 10", len(got["A"]), len(got["B"]), len(got["C"]))
		}
		until(`^[ABC] `)
	}
	io.WriteString(stdin, "quit\n")
	stdin.Close()
	for {
		if _, ok := out.next(); !ok {
			break
		}
	}
	if err := gs.Wait(); err != nil {
		t.Errorf("gs -i: %v\n%s", err, stderr.String())
	}
	last := 0
	for _, ms := range got {
		for _, m := range ms {
			last = max(last, atoi(m[2]))
		}
	}
	lt.waitPast(last)
	lt.mu.Lock()
	defer lt.mu.Unlock()
	for i, m := range got["A"] {
		seq := atoi(m[2])
		if want := lt.tick[seq][0]; atoi(m[3]) != want {
			t.Errorf("A: call %d: $v = %s, the target's val %d", seq, m[3], want)
		}
		if i > 0 && seq != atoi(got["A"][i-1][2])+1 {
			t.Errorf("A: call %d follows call %s (lost or repeated while traces were added)", seq, got["A"][i-1][2])
		}
	}
	for _, m := range got["B"] {
		seq := atoi(m[2])
		if want := lt.tick[seq]; [2]int{atoi(m[3]), atoi(m[4])} != want || m[5] != "live" {
			t.Errorf("B: call %d: val, $q, comm = %s, %s, %s; the target's %v, live", seq, m[3], m[4], m[5], want)
		}
	}
	for _, m := range got["C"] {
		seq := atoi(m[2])
		if want := lt.tock[seq]; int64(atoi(m[3])) != want {
			t.Errorf("C: call %d: w = %s, the target's %d", seq, m[3], want)
		}
	}
	if t.Failed() {
		t.Logf("stderr:\n%s", stderr.String())
	}
}

// runSaved runs a saved session's script with gs, reads its first n
// events (parse picks them out of its lines), and stops it with SIGINT
// as a user would.
func runSaved(t *testing.T, dir, script string, n int, parse func(string) (liveEvent, bool)) []liveEvent {
	t.Helper()
	again := exec.Command(gsBin, script)
	again.Dir = dir
	again.Env = append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS=")
	aout, err := again.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var aerr strings.Builder
	again.Stderr = &aerr
	if err := again.Start(); err != nil {
		t.Fatal(err)
	}
	defer again.Process.Kill()
	ar := newLineReader(t, aout)
	var events []liveEvent
	for len(events) < n {
		l, ok := ar.next()
		if !ok {
			t.Fatalf("gs %s ended; stderr:\n%s", script, aerr.String())
		}
		if e, ok := parse(l); ok {
			events = append(events, e)
		}
	}
	again.Process.Signal(syscall.SIGINT)
	for {
		if _, ok := ar.next(); !ok {
			break
		}
	}
	if err := again.Wait(); err != nil {
		t.Errorf("gs %s: %v\n%s", script, err, aerr.String())
	}
	return events
}
