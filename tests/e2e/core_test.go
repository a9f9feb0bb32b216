package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const timeout = 60 * time.Second

// TestOneLiner is the acceptance one-liner, in both block forms and
// for every compile variant.
func TestOneLiner(t *testing.T) {
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "basic.c", "app", v)
			for _, script := range []string{
				`uprobe:./app:add < print(arg0) >`,
				`uprobe:./app:add { print(arg0) }`,
			} {
				r := runGS(t, dir, timeout, "-c", "./app 3", "-e", script)
				if r.Code != 0 {
					t.Fatalf("%s: exit %d\n%s", script, r.Code, r.Stderr)
				}
				if r.Stdout != "0\n1\n2\n" {
					t.Errorf("%s: stdout:\n%s", script, r.Stdout)
				}
			}
		})
	}
}

// TestScripts runs scripts against basic.c (gcc -O0 PIE) and matches their output.
func TestScripts(t *testing.T) {
	tests := []struct {
		script string
		cmd    string
		want   string // regexp for stdout
	}{
		{`u:./app:add { printf("a=%d b=%d\n", arg0, arg1) }`, "./app 3",
			`^a=0 b=0\na=1 b=10\na=2 b=20\n$`},
		{`uprobe:./app:add /arg0 == 1/ { print(arg0, arg1) }`, "./app 3",
			`^arg0 = 1, arg1 = 10\n$`},
		{`uretprobe:./app:add { printf("%d\n", retval) }`, "./app 3",
			`^0\n11\n22\n$`},
		{`ur:./app:neg { printf("%ld\n", retval) }`, "./app 2",
			`^1\n2\n$`},
		{`uprobe:./app:greet { printf("%s %d\n", str(arg0), arg1) }`, "./app 2",
			`^world 0\nworld 1\n$`},
		{`uprobe:./app:greet { print(str(arg0, 3)) }`, "./app 1",
			`^wor\.\.\.\n$`},
		{`uprobe:./app:greet { printf("[%s]\n", str(arg0, 3)) }`, "./app 1",
			`^\[wor\]\n$`},
		{`uprobe:./app:add { printf("%s %s %s\n", comm, func, probe) }`, "./app 1",
			`^app add uprobe:\./app:add\n$`},
		{`uprobe:./app:add { $x = arg0 * 2 + 1; if ($x > 3) { printf("big %d\n", $x) } else if ($x == 3) { printf("three\n") } else { printf("small %d\n", $x) } }`, "./app 3",
			`^small 1\nthree\nbig 5\n$`},
		{`uprobe:./app:add { printf("%s\n", arg0 % 2 == 0 ? "even" : "odd") }`, "./app 3",
			`^even\nodd\neven\n$`},
		{`uprobe:./app:add /arg0 > 0 && arg1 < 20/ { print(arg0) }`, "./app 3",
			`^1\n$`},
		{`uprobe:./app:add { printf("%d\n", arg0); if (arg0 == 1) { exit() } }`, "./app 1000000",
			`^0\n1\n$`},
		{`uprobe:./app:add { printf("%5d|%-4x|%04u|%c|%%\n", arg0, arg1, arg0, 65 + arg0) }`, "./app 2",
			`^    0\|0   \|0000\|A\|%\n    1\|a   \|0001\|B\|%\n$`},
		{`uprobe:./app:add { print(str(1)) }`, "./app 1",
			`^<read error at 0x1>\n$`},
		{`uprobe:./app:add, uprobe:./app:neg { printf("%s\n", func) }`, "./app 2",
			`^add\nneg\nadd\nneg\n$`},
		{`uprobe:./app:add { printf("%d %d %d %d\n", pid == tid, uid, gid, cpu >= 0) }`, "./app 1",
			`^1 0 0 1\n$`},
		{`uprobe:./app:add { printf("%d\n", elapsed > 0 && nsecs > elapsed) }`, "./app 1",
			`^1\n$`},
	}
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			r := runGS(t, dir, timeout, "-c", tt.cmd, "-e", tt.script)
			if r.Code != 0 {
				t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
			}
			match(t, "stdout", r.Stdout, tt.want)
		})
	}
}

// TestPidBuiltin checks pid against the pid the target reports itself.
func TestPidBuiltin(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	r := runGS(t, dir, timeout, "-c", "./app 1", "-e", `uprobe:./app:add { printf("pid=%d\n", pid) }`)
	m := regexp.MustCompile(`pid=(\d+)`).FindStringSubmatch(r.Stderr)
	if m == nil {
		t.Fatalf("target did not report its pid:\n%s", r.Stderr)
	}
	if r.Stdout != "pid="+m[1]+"\n" {
		t.Errorf("gs printed %q, the target says pid=%s", r.Stdout, m[1])
	}
}

// TestScriptFile runs a script given as a file, with comments and several groups.
func TestScriptFile(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	script := `// count calls
uprobe:./app:add
{
	printf("add %d\n", arg0); /* entry */
}

uretprobe:./app:add < printf("ret %d\n", retval) >
`
	if err := os.WriteFile(filepath.Join(dir, "t.gs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runGS(t, dir, timeout, "-c", "./app 2", "t.gs")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `^add 0\nret 0\nadd 1\nret 11\n$`)
}

// TestPid attaches to a running process with -p and stops when it exits.
func TestPid(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	target := exec.Command(filepath.Join(dir, "app"), "loop")
	if err := target.Start(); err != nil {
		t.Fatal(err)
	}
	defer target.Process.Kill()
	pid := strconv.Itoa(target.Process.Pid)

	// exit() after the first hit.
	r := runGS(t, dir, timeout, "-p", pid, "-e", `uprobe:./app:tick { printf("tick %d\n", pid); exit() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `^tick `+pid+`\n$`)

	// The target exits while gs traces it: gs says so and exits 0.
	go func() {
		time.Sleep(500 * time.Millisecond)
		target.Process.Signal(syscall.SIGTERM)
		target.Wait()
	}()
	r = runGS(t, dir, timeout, "-p", pid, "-e", `uprobe:./app:tick { printf("tick\n") }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `^(tick\n)+$`)
	match(t, "stderr", r.Stderr, `process `+pid+` exited`)
}

// TestPidFilter: with -p, hits of other processes running the same binary are not seen.
func TestPidFilter(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	var pids []string
	for i := 0; i < 2; i++ {
		c := exec.Command(filepath.Join(dir, "app"), "loop")
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { c.Process.Kill(); c.Wait() }()
		pids = append(pids, strconv.Itoa(c.Process.Pid))
	}
	r := runGS(t, dir, timeout, "-p", pids[1], "-e",
		`uprobe:./app:tick { printf("%d\n", pid); if (arg0 > 0) { exit() } }`)
	for _, line := range strings.Fields(r.Stdout) {
		if line != pids[1] {
			t.Errorf("saw pid %s, traced only %s", line, pids[1])
		}
	}
	if r.Stdout == "" {
		t.Errorf("no output; stderr:\n%s", r.Stderr)
	}
}

// TestSignal: SIGINT detaches, drains and exits 0.
func TestSignal(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	target := exec.Command(filepath.Join(dir, "app"), "loop")
	if err := target.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { target.Process.Kill(); target.Wait() }()
	cmd := exec.Command(gsBin, "-p", strconv.Itoa(target.Process.Pid), "-e", `uprobe:./app:tick { printf("tick %d\n", arg0) }`)
	cmd.Dir = dir
	var out strings.Builder
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("gs after SIGINT: %v", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("gs did not exit after SIGINT")
	}
	match(t, "stdout", out.String(), `^(tick \d+\n)+\n\n$`) // bpftrace's framing at exit
}

// TestBadInput: positioned messages and non-zero exits, never a panic.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	tests := []struct {
		args []string
		code int
		want string // regexp for stderr
	}{
		{[]string{"-e", `uprobe:./app:add { print(arg0 }`}, 3,
			`<expr>:1:\d+: error: .*\n.*\n\s+\^`},
		{[]string{"-e", `uprobe:./app:ad { print(arg0) }`}, 3,
			`<expr>:1:1: error: .*"ad".*(?s:.*)hint: did you mean "add"\?`},
		{[]string{"-e", `uprobe:./nosuch:add { print(arg0) }`}, 3,
			`<expr>:1:1: error: .*nosuch`},
		{[]string{"-e", `uprobe:./app:add { printf("%d %d\n", arg0) }`}, 3,
			`<expr>:1:\d+: error: .*printf`},
		{[]string{"-e", `uprobe:./app:add { print(nosuchvar) }`}, 3,
			`<expr>:1:26: error: unknown identifier "nosuchvar"`},
		{[]string{"-e", `uprobe:./app:add { print(retval) }`}, 3,
			`error: .*retval`},
		{[]string{"-e", `uprobe:./app:add { prnt(arg0) }`}, 3,
			`error: .*"prnt"(?s:.*)did you mean "print"`},
		{[]string{}, 2, `no script`},
		{[]string{"--nosuchflag", "-e", "BEGIN {}"}, 2, `unknown flag`},
		{[]string{"-c", "./nosuchcmd", "-e", `uprobe:./app:add { print(arg0) }`}, 1, `nosuchcmd`},
		{[]string{"-p", "999999999", "-e", `uprobe:./app:add { print(arg0) }`}, 2, `Pid out of range: 999999999`},
		{[]string{"-p", "4194303", "-e", `uprobe:./app:add { print(arg0) }`}, 1, `4194303`}, // pid_max's last pid, never running here
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runGS(t, dir, timeout, tt.args...)
			if r.Code != tt.code {
				t.Errorf("exit %d, want %d\nstderr:\n%s", r.Code, tt.code, r.Stderr)
			}
			match(t, "stderr", r.Stderr, tt.want)
			if strings.Contains(r.Stderr, "goroutine ") || strings.Contains(r.Stderr, "panic") {
				t.Errorf("a Go panic reached the user:\n%s", r.Stderr)
			}
		})
	}
}

// TestDryRunAndDump: --dry-run loads into the kernel and attaches nothing; -d ir prints bytecode.
func TestDryRunAndDump(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	r := runGS(t, dir, timeout, "--dry-run", "-e", `uprobe:./app:add { printf("%d\n", arg0) }`)
	if r.Code != 0 || r.Stdout != "" {
		t.Errorf("--dry-run: exit %d stdout %q stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	r = runGS(t, dir, timeout, "-d", "ir", "-e", `uprobe:./app:add { printf("%d\n", arg0) }`)
	if r.Code != 0 {
		t.Fatalf("-d ir: exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "-d ir", r.Stdout, `(?s); <expr>:1:\d+.*emit`)
}

// TestUntouchedPage reads a string from a page the target has never
// touched, on the first and only hit.
func TestUntouchedPage(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "untouched.c", "u", defaultVariant)
	r := runGS(t, dir, timeout, "-c", "./u", "-e", `uprobe:./u:show { print(str(arg0)) }`)
	if r.Code != 0 || r.Stdout != "far away\n" {
		t.Errorf("exit %d stdout %q\n%s", r.Code, r.Stdout, r.Stderr)
	}
}

// TestFailedReads: a read of memory that is not mapped prints as a read
// error at the address that failed, never as the address itself, a 0 or a
// NULL. Address 8 is never mapped (mmap_min_addr).
func TestFailedReads(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	tests := []struct {
		cmd, script, want string
	}{
		{"", `BEGIN { print(*(int *)8); exit() }`, "<read error at 0x8>\n"},
		{"", `BEGIN { printf("%d %d\n", *(long *)16 + 1, 5); exit() }`, "<read error at 0x10> 5\n"},
		{"./app 1", `uprobe:./app:add { print(*(const char **)8, str(*(char **)16), *(char **)24 == 0) }`,
			"*(const char **)8 = <read error at 0x8>, str(*(char **)16) = <read error at 0x10>, *(char **)24 == 0 = <read error at 0x18>\n"},
		// A failed read before a string does not make the string fail.
		{"./app 1", `uprobe:./app:greet { if (*(int *)8 == 0) { print(str(arg0)) } }`,
			"world\n"},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			args := []string{"-e", tt.script}
			if tt.cmd != "" {
				args = append([]string{"-c", tt.cmd}, args...)
			}
			r := runGS(t, dir, timeout, args...)
			if r.Code != 0 || r.Stdout != tt.want {
				t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr:\n%s", r.Code, r.Stdout, tt.want, r.Stderr)
			}
		})
	}
}

// TestStaticUstack: the frame-pointer walk in a static binary runs off the
// end of the stack through glibc's entry code, built without frame
// pointers; the stack ends at the entry function, without junk frames.
func TestStaticUstack(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", variant{CC: gcc, Opt: "-O0"}, "-static")
	r := runGS(t, dir, timeout, "-c", "./app 3", "-e", `uprobe:./app:add { @s[ustack] = count(); if (arg0 == 0) { print(ustack) } }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `^\n {8}add\+\d+\n {8}main\+\d+\n {8}__libc_start_call_main\+\d+\n\n@s\[\n        add\+\d+\n        main\+\d+\n        __libc_start_call_main\+\d+\n\]: 3\n\n$`)
}
