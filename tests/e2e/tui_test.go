package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tmuxPane is a tmux session on a socket of its own, one pane that runs a
// command in a terminal of a fixed size.
type tmuxPane struct {
	t      *testing.T
	socket string
}

func newTmuxPane(t *testing.T, cmd string) *tmuxPane {
	t.Helper()
	p := &tmuxPane{t: t, socket: fmt.Sprintf("gs-e2e-%d", os.Getpid())}
	p.run("new-session", "-d", "-s", "gs", "-x", "160", "-y", "45", cmd)
	t.Cleanup(func() { exec.Command("tmux", "-L", p.socket, "kill-server").Run() })
	return p
}

func (p *tmuxPane) run(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", p.socket}, args...)...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return string(out)
}

// keys types keys (tmux send-keys: "Enter" is the key).
func (p *tmuxPane) keys(keys ...string) {
	p.t.Helper()
	p.run(append([]string{"send-keys", "-t", "gs"}, keys...)...)
}

func (p *tmuxPane) capture() string {
	p.t.Helper()
	return p.run("capture-pane", "-p", "-t", "gs")
}

// alive reports whether the pane's command still runs.
func (p *tmuxPane) alive() bool {
	return exec.Command("tmux", "-L", p.socket, "has-session", "-t", "gs").Run() == nil
}

// waitFor captures the pane until it matches re, and returns the capture;
// it fails the test when that does not happen for a long time (a hang,
// not a timing assertion).
func (p *tmuxPane) waitFor(re string) string {
	p.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(timeout)
	for {
		c := p.capture()
		if rx.MatchString(c) {
			return c
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the pane does not show %q after %v:\n%s", re, timeout, c)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

var printLine = regexp.MustCompile(`(?m)^seq = (\d+), val = (\d+), sq = (\d+)\s*$`)

// TestInteractiveTUI drives gs -i's terminal UI under tmux: the source of
// a C fixture opens at main, :12 goes to line 12, enter puts a probe there
// (no block: it prints the line's locals), and the events pane shows the
// values the target printed for the same calls; the line is marked as
// traced, and :save writes a script that gs runs as it is, printing the
// same.
func TestInteractiveTUI(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, compile(t, dir, "live.c", "live", defaultVariant))
	lt := startLiveTarget(t, dir, bin)
	lt.waitPast(1)
	script := filepath.Join(dir, "tui.gs")

	p := newTmuxPane(t, fmt.Sprintf("env NO_COLOR=1 DEBUGINFOD_URLS= %s -i -p %d", gsBin, lt.cmd.Process.Pid))
	p.waitFor(`live\.c`)
	p.waitFor(`int main\(void\)`) // opened at main
	p.keys(":12", "Enter")
	p.waitFor(`at live\.c:12`)
	p.keys("Enter")
	screen := p.waitFor(`(?m)^seq = \d+, val = \d+, sq = \d+`)
	if !regexp.MustCompile(`●[+s]\s+12  `).MatchString(screen) {
		t.Errorf("line 12 is not marked as traced:\n%s", screen)
	}
	for _, want := range []string{"trace 1: uprobe:" + bin + ":live.c:12 { print(seq, val, sq) }", "local  int sq"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the pane lacks %q:\n%s", want, screen)
		}
	}
	p.keys(":save "+script, "Enter")
	p.waitFor(`saved 1 trace to ` + regexp.QuoteMeta(script))
	screen = p.capture()
	p.keys("q")
	for p.alive() {
		time.Sleep(50 * time.Millisecond)
	}
	var events []liveEvent
	for _, m := range printLine.FindAllStringSubmatch(screen, -1) {
		events = append(events, liveEvent{trace: 1, seq: atoi(m[1]), a: int64(atoi(m[2])), b: int64(atoi(m[3]))})
	}
	lt.waitPast(events[len(events)-1].seq)
	checkLive(t, lt, events)

	// The saved script, run with gs, prints the same values.
	runEvents := runSaved(t, dir, script, 10, func(l string) (liveEvent, bool) {
		m := printLine.FindStringSubmatch(l)
		if m == nil {
			return liveEvent{}, false
		}
		return liveEvent{trace: 1, seq: atoi(m[1]), a: int64(atoi(m[2])), b: int64(atoi(m[3]))}, true
	})
	lt.waitPast(runEvents[len(runEvents)-1].seq)
	checkLive(t, lt, runEvents)
	for i := 1; i < len(runEvents); i++ {
		if runEvents[i].seq != runEvents[i-1].seq+1 {
			t.Errorf("gs %s: call %d follows call %d", script, runEvents[i].seq, runEvents[i-1].seq)
		}
	}
}
