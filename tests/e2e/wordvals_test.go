package e2e

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestWordValues stores what a probe knows of a call (func, probe, ntop,
// strerror, strftime, username, ustack, a tuple of them) in maps, $variables and
// tuples in connect_to's uprobe, and reads them back in outer's
// uretprobe: the values are connect_to's, as the target itself prints
// them, not those of the probe that reads them (outer's). A func read
// from a map keys a count, which must count under connect_to.
func TestWordValues(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "wordvals.c", "wv", defaultVariant)
	script := `
uprobe:./wv:connect_to {
	@f[tid] = func;
	@i[tid] = ntop(arg0);
	@e[tid] = strerror(arg1);
	@y[tid] = strftime("%Y", nsecs);
	@s[tid] = ustack(2);
	@t[tid] = (probe, ntop(arg0), func);
	@w[tid] = username;
}
uretprobe:./wv:outer {
	$i = @i[tid];
	$t = @t[tid];
	printf("gs: func=%s addr=%s err=%s year=%s user=%s\n", @f[tid], $i, @e[tid], @y[tid], @w[tid]);
	printf("tuple: %s %s %s\n", $t.0, $t.1, $t.2);
	@n[@f[tid]] = count();
	@st = @s[tid];
	delete(@f, tid); delete(@i, tid); delete(@e, tid); delete(@y, tid); delete(@s, tid); delete(@t, tid); delete(@w, tid);
}`
	r := runGS(t, dir, timeout, "-c", "./wv 3", "-e", script)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	var want, got, tuples []string
	for _, l := range strings.Split(r.Stderr, "\n") {
		if s, ok := strings.CutPrefix(l, "target: "); ok {
			want = append(want, s)
		}
	}
	for _, l := range strings.Split(r.Stdout, "\n") {
		if s, ok := strings.CutPrefix(l, "gs: "); ok {
			got = append(got, s)
		}
		if s, ok := strings.CutPrefix(l, "tuple: "); ok {
			tuples = append(tuples, s)
		}
	}
	if len(want) != 3 || !slices.Equal(got, want) {
		t.Errorf("gs printed\n%s\nthe target\n%s\nstdout:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), r.Stdout)
	}
	for i, s := range tuples {
		addr := strings.Fields(want[min(i, len(want)-1)])[1] // addr=...
		if s != "uprobe:./wv:connect_to "+strings.TrimPrefix(addr, "addr=")+" connect_to" {
			t.Errorf("tuple %d: %q, want connect_to's probe, its %s and connect_to", i, s, addr)
		}
	}
	if len(tuples) != 3 {
		t.Errorf("%d tuples printed, want 3:\n%s", len(tuples), r.Stdout)
	}
	match(t, "stdout", r.Stdout, `(?m)^@n\[connect_to\]: 3$`)
	match(t, "stdout", r.Stdout, `(?m)^@st: \n        connect_to\+\d+\n        outer\+\d+\n`)
	if regexp.MustCompile(`@n\[outer\]`).MatchString(r.Stdout) {
		t.Errorf("a stored func counted under the reading probe's:\n%s", r.Stdout)
	}
}

// TestReg reads the probe's saved registers by name: the instruction
// pointer names connect_to, and rsi (pt_regs' si) holds its second
// argument, i+1 for the target's call i, as arg1 does.
func TestReg(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "wordvals.c", "wv", defaultVariant)
	r := runGS(t, dir, timeout, "-c", "./wv 3", "-e", `uprobe:./wv:connect_to { printf("%s %d %d\n", usym(reg("ip")), reg("si"), reg("rsi") == arg1) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	if want := "connect_to 1 1\nconnect_to 2 1\nconnect_to 3 1\n"; r.Stdout != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", r.Stdout, want)
	}
}

// TestExitCode: exit(code) ends the trace and gs exits with code, after
// END and the maps, as bpftrace does; exit() exits 0. connect_to's second
// argument is i+1 for the target's call i.
func TestExitCode(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "wordvals.c", "wv", defaultVariant)
	for _, tt := range []struct {
		script string
		code   int
		want   string
	}{
		{`uprobe:./wv:connect_to /arg1 == 2/ { @n = count(); exit(arg1 + 40) } END { printf("end\n") }`, 42, "end\n@n: 1\n\n"},
		{`uprobe:./wv:connect_to { _ = { @n = count(); 1 }; exit() }`, 0, "@n: 1\n\n"},
	} {
		r := runGS(t, dir, timeout, "-c", "./wv 3", "-e", tt.script)
		if r.Code != tt.code || r.Stdout != tt.want {
			t.Errorf("%s: exit %d, stdout:\n%s\nwant exit %d, stdout:\n%s\nstderr:\n%s", tt.script, r.Code, r.Stdout, tt.code, tt.want, r.Stderr)
		}
	}
}
