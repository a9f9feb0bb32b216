package main

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./app 3", []string{"./app", "3"}},
		{`  ./app   'a b'  "c \"d\""  e\ f `, []string{"./app", "a b", `c "d"`, "e f"}},
		{`x ''`, []string{"x", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := splitCommand(tt.in)
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "   ", "'open", `"open`} {
		if _, err := splitCommand(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestUsage checks the exit codes and messages that need no kernel.
func TestUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-h"}, exitOK, "\nUSAGE:\n    gs [options] FILE\n"},
		{[]string{"-Ydonotexist"}, exitUsage, "gs: unknown shorthand flag: 'Y' in -Ydonotexist\n\ngs - trace"},
		{[]string{"-idonotexist"}, exitUsage, "gs: -i takes no -d, -l or -e: add probes in the session (trace PROBE { ... })\n\ngs - trace"}, // bpftrace's bad-flag case: -i -d onotexist
		{[]string{"--version"}, exitOK, "bytecode version"},
		{[]string{"-V"}, exitOK, "gs dev (bytecode version"},
		// bpftrace's words for the command line's errors.
		{[]string{"-p", "a1111", "-e", "BEGIN {}"}, exitUsage, "ERROR: Failed to parse pid: invalid integer: a1111\n"},
		{[]string{"-p", "111a1", "-e", "BEGIN {}"}, exitUsage, "ERROR: Failed to parse pid: invalid trailing bytes: 111a1\n"},
		{[]string{"-p", "5000000", "-e", "BEGIN {}"}, exitUsage, "ERROR: Pid out of range: 5000000\n"},
		{[]string{"-f", "jsonx", "-e", "BEGIN {}"}, exitUsage, "ERROR: Invalid output format \"jsonx\"\n"},
		{[]string{"no-such-script.bt"}, exitUsage, "ERROR: failed to open file 'no-such-script.bt': No such file or directory\n"},
		{[]string{"--cmd", "x", "-p", "1", "-e", "BEGIN {}"}, exitUsage, "cannot be used together"},
		// The kernel the tests run on (6.18, root) has every feature.
		{[]string{"--version"}, exitOK, "\nkernel features: all present\nattach: uprobe_multi links\n" +
			"reads: sleepable, faulting pages in (bpf_copy_from_user, bpf_copy_from_user_str)\n" +
			"load bias: bpf_get_func_ip at the probe, a probe at each module's entry point or initializer, /proc/PID/maps for processes already running\n"},
		{[]string{}, exitUsage, "no script"},
		{[]string{"-d", "cfg", "-e", "BEGIN {}"}, exitUsage, "-d takes ast or ir"},
		{[]string{"-p", "1", "-c", "x", "-e", "BEGIN {}"}, exitUsage, "cannot be used together"}, // tools: none (gs refuses the command line before it runs x)
		{[]string{"--buffer-size", "1000", "-e", "BEGIN {}"}, exitUsage, "power of two"},
		{[]string{"-d", "ir", "-e", "BEGIN { print($1 + 1, $#, getopt(\"named\", 5)) }", "41", "--", "--named=7"}, exitOK, "movi r1, 42\n"},
		{[]string{"-e", "BEGIN { print(getopt(\"aa\", 1)) }", "--", "--bb"}, exitUsage, "ERROR: unexpected program command line options: --bb\nHINT: expected program options: --aa\n"},
		{[]string{"-e", "BEGIN { print(1 }"}, exitScript, "<expr>:1:"},
		{[]string{"-d", "ast", "-e", "BEGIN { print(1) }"}, exitOK, "print"},
		// --pprof refuses, before anything attaches, a script with no map
		// to profile and a file it cannot create.
		{[]string{"--pprof", "p.pb.gz", "-e", "BEGIN { @[comm] = count(); exit() }"}, exitUsage,
			"gs: --pprof: no map of the script is keyed by ustack with a count() or sum() value (docs/pprof.md)\n"},
		{[]string{"--pprof", "/no/such/dir/p.pb.gz", "-e", "BEGIN { @[ustack] = count(); exit() }"}, exitUsage,
			"gs: --pprof: open /no/such/dir/p.pb.gz: no such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstderr: %s", code, tt.code, stderr.String())
			}
			if out := stdout.String() + stderr.String(); !strings.Contains(out, tt.want) {
				t.Errorf("output does not contain %q:\n%s", tt.want, out)
			}
		})
	}
}

// TestGenLimit checks that a limit only gen can see is a script error,
// rendered as a diagnostic.
func TestGenLimit(t *testing.T) {
	e := "pid" // a balanced tree of depth 15 needs 16 registers
	for i := 0; i < 15; i++ {
		e = "(" + e + " - " + e + ")"
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-d", "ir", "-e", "BEGIN { print(" + e + ") }"}, &stdout, &stderr)
	if code != exitScript {
		t.Errorf("exit %d, want %d\nstderr: %.300s", code, exitScript, stderr.String())
	}
	want := "<expr>:1:9: error: this needs more than the 15 registers an expression can use\n"
	if !strings.HasPrefix(stderr.String(), want) || !strings.Contains(stderr.String(), "\n            ^~~~~~") {
		t.Errorf("stderr does not start with %q and a caret:\n%.300s", want, stderr.String())
	}
}
