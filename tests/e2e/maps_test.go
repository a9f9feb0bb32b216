package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// histLine is one bucket line as bpftrace prints it: the label in 16
// columns, the count in 8, a bar of width 52 scaled to the largest bucket.
func histLine(label string, count, maxCount int) string {
	w := int(float32(count) / float32(maxCount) * 52)
	return fmt.Sprintf("%-16s%8d |%-52s|\n", label, count, strings.Repeat("@", w))
}

// TestMaps runs scripts with maps against basic.c and matches what gs
// prints when the target exits: every map, in bpftrace's shapes.
//
// basic.c N calls add(i, 10*i), greet("world", i) and neg(-i-1) for i < N.
func TestMaps(t *testing.T) {
	tests := []struct {
		script string
		cmd    string
		want   string // exact stdout, or a regexp when it starts with ^
	}{
		{`uprobe:./app:add { @c[func] = count() }`, "./app 5", "@c[add]: 5\n\n"},
		{`uprobe:./app:add { @s = sum(arg1) }`, "./app 5", "@s: 100\n\n"},
		{`uprobe:./app:add { @a = avg(arg1) }`, "./app 5", "@a: 20\n\n"},
		{`uprobe:./app:add { @lo = min(arg1 - 15) }`, "./app 5", "@lo: -15\n\n"},
		{`uprobe:./app:add { @hi = max(arg1) }`, "./app 5", "@hi: 40\n\n"},
		{`uprobe:./app:add { @st = stats(arg1) }`, "./app 5", "@st: { .count = 5, .average = 20, .total = 100 }\n\n"},
		{`uprobe:./app:add { @h = hist(arg1) }`, "./app 5", "@h:\n" +
			histLine("[0]", 1, 2) + histLine("[1]", 0, 2) + histLine("[2, 4)", 0, 2) + histLine("[4, 8)", 0, 2) +
			histLine("[8, 16)", 1, 2) + histLine("[16, 32)", 2, 2) + histLine("[32, 64)", 1, 2) + "\n"},
		{`uprobe:./app:add { @l = lhist(arg0, 0, 3, 1) }`, "./app 5", "@l:\n" +
			histLine("[0, 1)", 1, 2) + histLine("[1, 2)", 1, 2) + histLine("[2, 3)", 1, 2) + histLine("[3, ...)", 2, 2) + "\n"},
		{`uprobe:./app:add { @l = lhist(arg1 - 5, 0, 100, 50) }`, "./app 3", "@l:\n" +
			histLine("(..., 0)", 1, 2) + histLine("[0, 50)", 2, 2) + "\n"},
		// Sorted by value, keys of two kinds.
		{`uprobe:./app:add { @m[comm, arg0 % 2] = count() }`, "./app 5", "@m[app, 1]: 2\n@m[app, 0]: 3\n\n"},
		{`uprobe:./app:greet { @g[str(arg0), arg1] = sum(arg1) }`, "./app 3", "@g[world, 0]: 0\n@g[world, 1]: 1\n@g[world, 2]: 2\n\n"},
		{`uprobe:./app:add { @p[probe] = count() }`, "./app 2", "@p[uprobe:./app:add]: 2\n\n"},
		// delete, of plain maps and aggregations (a func key too).
		{`uprobe:./app:add { @d[arg0] = arg1; if (arg0 < 3) { delete(@d[arg0]) } }`, "./app 5", "@d[3]: 30\n@d[4]: 40\n\n"},
		{`uprobe:./app:add { @s[arg0] = sum(arg1); if (arg0 < 3) { delete(@s[arg0]) } }`, "./app 5", "@s[3]: 30\n@s[4]: 40\n\n"},
		{`uprobe:./app:add { @[func] = count(); if (arg0 == 2) { delete(@[func]) } }`, "./app 5", "@[add]: 2\n\n"},
		// Maps of strings: str(), comm and literals; read back in printf.
		{`uprobe:./app:greet { @g[arg1] = str(arg0); @c = comm; @l = "lit"; if (arg1 == 1) { delete(@g[0]) } }`, "./app 3",
			"@c: app\n\n@g[1]: world\n@g[2]: world\n\n@l: lit\n\n"}, // sorted by name, as bpftrace
		{`uprobe:./app:greet { @g[tid] = str(arg0) } uretprobe:./app:greet { printf("%s=%d\n", @g[tid], retval) }`, "./app 1", "^world=-?\\d+\n@g\\[\\d+\\]: world\n\n$"},
		// print() does not keep a map from printing at the end (bpftrace's rule).
		{`uprobe:./app:add /arg0 == 1/ { @c = count(); print(@c) }`, "./app 3", "@c: 1\n\n@c: 1\n\n"},
		// The latency pattern: @start is empty at the end and not printed.
		{`uprobe:./app:add { @start[tid] = nsecs } uretprobe:./app:add /@start[tid]/ { @lat = hist(nsecs - @start[tid]); @n = count(); delete(@start[tid]) }`,
			"./app 5", `^@lat:\n(\[\d+[KM]?, \d+[KM]?\) +\d+ \|@*\s*\|\n)+\n@n: 5\n\n$`},
		// Wildcards and several functions in one map.
		{`uprobe:./app:*e* { @[func] = count() }`, "./app 3", `^(@\[\w+\]: 1\n)*@\[greet\]: 3\n@\[neg\]: 3\n\n$`},
		// Keyless maps and func/probe keys live in each probe's cells: the
		// probes of one key add up, across groups too.
		{`uprobe:./app:add,uprobe:./app:neg { @c = count() }`, "./app 4", "@c: 8\n\n"},
		{`uprobe:./app:add { @s = sum(arg0) } uprobe:./app:neg { @s = sum(arg0) }`, "./app 4", "@s: -4\n\n"},
		{`uprobe:./app:add { @m = min(arg1) } uprobe:./app:neg { @m = min(arg0) }`, "./app 3", "@m: -3\n\n"},
		{`uprobe:./app:add { @st = stats(arg1) } uprobe:./app:neg { @st = stats(arg0) }`, "./app 3", "@st: { .count = 6, .average = 4, .total = 24 }\n\n"},
		{`uprobe:./app:add,uprobe:./app:neg { @k[func, probe] = count() }`, "./app 2", "@k[add, uprobe:./app:add]: 2\n@k[neg, uprobe:./app:neg]: 2\n\n"},
		// A library by its short name; basic.c calls getpid once.
		{`uprobe:libc:getpid { @[comm] = count() }`, "./app 2", "@[app]: 1\n\n"},
		// Stacks as keys, resolved after the target exited.
		{`uprobe:./app:add { @s[ustack] = count() }`, "./app 3", `^@s\[\n        add\+\d+\n        main\+\d+\n(        [^\n]+\n)*\]: 3\n\n$`},
		{`uprobe:./app:add { @s[ustack(1), comm] = count() }`, "./app 3", "@s[\n        add+0\n, app]: 3\n\n"},
		// exit() stops printing; maps still print.
		{`uprobe:./app:add { printf("%d\n", arg0); @c = count(); if (arg0 == 1) { exit() } }`, "./app 1000000", `^0\n1\n@c: \d+\n\n$`},
	}
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-c", tt.cmd, "-e", tt.script)
			if r.Code != 0 {
				t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
			}
			if strings.HasPrefix(tt.want, "^") {
				match(t, "stdout", r.Stdout, tt.want)
			} else if r.Stdout != tt.want {
				t.Errorf("stdout:\n%s\nwant:\n%s", r.Stdout, tt.want)
			}
		})
	}
}

// TestSpecialProbes: BEGIN before everything, END after everything and
// before the maps, interval with exit(), print/clear/zero in order.
func TestSpecialProbes(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-c", "./app 3", "-e", `BEGIN { printf("begin\n") } BEGIN { printf("begin 2\n") }
			uprobe:./app:add { printf("add %d\n", arg0) } END { printf("end\n") } END { printf("end 2\n") }`},
			"begin\nbegin 2\nadd 0\nadd 1\nadd 2\nend\nend 2\n"},
		// Only BEGIN: exit() ends the trace at once.
		{[]string{"-e", `BEGIN { @x = 7; printf("hi\n"); exit() } END { printf("bye %d\n", @x) }`}, "hi\nbye 7\n@x: 7\n\n"},
		// Interval probes run until exit().
		{[]string{"-e", `interval:ms:20 { @n = @n + 1; if (@n == 5) { exit() } } END { printf("n=%d\n", @n) }`}, "n=5\n@n: 5\n\n"},
		// print, clear and zero act in order; at the end every map prints
		// again, as in bpftrace (an empty one prints nothing; print() of a
		// scalar with no value prints 0).
		{[]string{"-c", "./app 5", "-e", `uprobe:./app:add { @c = count(); @m[arg0] = sum(arg1); @z[arg0] = count() }
			END { print(@c); clear(@c); print(@c); zero(@z); print(@m, 2, 10) }`},
			"@c: 5\n\n@c: 0\n\n@m[3]: 3\n@m[4]: 4\n\n" +
				"@m[0]: 0\n@m[1]: 10\n@m[2]: 20\n@m[3]: 30\n@m[4]: 40\n\n@z[0]: 0\n@z[1]: 0\n@z[2]: 0\n@z[3]: 0\n@z[4]: 0\n\n"},
		{[]string{"-e", `interval:ms:10 { @n = @n + 1; @h[@n % 2] = count(); if (@n == 4) { print(@h); clear(@h) } if (@n == 6) { exit() } }`},
			"@h[0]: 2\n@h[1]: 2\n\n@h[0]: 1\n@h[1]: 1\n\n@n: 6\n\n"}, // exit prints maps by name, as bpftrace
	}
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runGS(t, dir, timeout, tt.args...)
			if r.Code != 0 {
				t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
			}
			if r.Stdout != tt.want {
				t.Errorf("stdout:\n%s\nwant:\n%s", r.Stdout, tt.want)
			}
		})
	}
}

// TestMapFull: a map that cannot take another key drops the update and gs
// says why, with the fix.
func TestMapFull(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	r := runGS(t, dir, timeout, "--map-entries", "4", "-c", "./app 10", "-e", `uprobe:./app:add { @m[arg0] = count(); @v[arg0] = arg1 }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	if n := strings.Count(r.Stdout, "@m["); n != 4 {
		t.Errorf("%d entries of @m, want 4:\n%s", n, r.Stdout)
	}
	if n := strings.Count(r.Stdout, "@v["); n != 4 {
		t.Errorf("%d entries of @v, want 4:\n%s", n, r.Stdout)
	}
	match(t, "stderr", r.Stderr, `gs: 12 map updates dropped because the map was full \(raise --map-entries\)\n`)
}

// TestCommandStress runs a short -c trace 50 times on a loaded machine: it
// once hung for 60 s under load. A run that takes too long gets SIGQUIT,
// so the failure shows where gs was stuck.
func TestCommandStress(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	// Load every CPU twice over.
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var spinners []*exec.Cmd
	for i := 0; i < 2*numCPU(); i++ {
		c := exec.CommandContext(ctx, "sh", "-c", "while :; do :; done")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		spinners = append(spinners, c)
	}
	defer func() {
		stop()
		for _, c := range spinners {
			c.Wait()
		}
	}()
	var slowest time.Duration
	for i := 0; i < 50; i++ {
		start := time.Now()
		out, errOut, err := runWithQuit(dir, 20*time.Second, "-c", "./app 2", "-e", `ur:./app:neg { printf("%ld\n", retval) }`)
		took := time.Since(start)
		slowest = max(slowest, took)
		if err != nil || out != "1\n2\n\n\n" {
			t.Fatalf("run %d after %v: %v\nstdout:\n%s\nstderr:\n%s", i, took.Round(time.Millisecond), err, out, errOut)
		}
	}
	t.Logf("slowest of 50 runs: %v", slowest.Round(time.Millisecond))
}

func numCPU() int {
	out, err := exec.Command("nproc").Output()
	n := 0
	if err == nil {
		fmt.Sscan(string(out), &n)
	}
	return max(n, 1)
}

// runWithQuit runs gs; past timeout it sends SIGQUIT (Go prints every
// goroutine's stack) and then kills it.
func runWithQuit(dir string, timeout time.Duration, args ...string) (string, string, error) {
	cmd := exec.Command(gsBin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second // a child that keeps the pipes open
	if err := cmd.Start(); err != nil {
		return "", "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return stdout.String(), stderr.String(), err
	case <-time.After(timeout):
	}
	cmd.Process.Signal(syscall.SIGQUIT)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
	}
	return stdout.String(), stderr.String(), errors.New("timed out (SIGQUIT sent: goroutine stacks in stderr)")
}
