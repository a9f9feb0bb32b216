package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
	"github.com/gs-tracer/gs/parser"
)

// TestListFinds checks that -l finds binaries as probes do (one resolver):
// a command in $PATH, a library's short name, a path. What it lists is
// checked against nm.
func TestListFinds(t *testing.T) {
	bin := testtarget.FromSource(t, testtarget.GCC, "gs-list-target.c", "int gs_listed_one(int x) { return x + 1; }\nint gs_listed_two(int x) { return x + 2; }\nint main(void) { return gs_listed_one(1) + gs_listed_two(2); }\n", "-O0")
	dir := filepath.Dir(bin)
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))

	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(nm(t, "-D", bash), " T readline\n") {
		t.Fatalf("%s exports no readline: this test needs one that does", bash)
	}
	if !regexp.MustCompile(`(?m) [TW] malloc_usable_size(@|$)`).MatchString(nm(t, "-D", "/lib/x86_64-linux-gnu/libc.so.6")) {
		t.Fatal("libc exports no malloc_usable_size")
	}
	if !strings.Contains(nm(t, bin), " T gs_listed_one\n") {
		t.Fatal("the target has no gs_listed_one")
	}
	tests := []struct {
		spec string
		want string
	}{
		{"uprobe:bash:readline", "uprobe:bash:readline\n"},
		{"uprobe:gs-list-target:gs_listed_*", "uprobe:gs-list-target:gs_listed_one\nuprobe:gs-list-target:gs_listed_two\n"},
		{"uprobe:" + bin + ":gs_listed_one", "uprobe:" + bin + ":gs_listed_one\n"},
		{"uretprobe:libc:malloc_usable_size", "uretprobe:libc:malloc_usable_size\n"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{"-l", tt.spec}, &stdout, &stderr); code != exitOK || stdout.String() != tt.want {
				t.Errorf("exit %d, stdout:\n%s\nwant:\n%s\nstderr: %s", code, stdout.String(), tt.want, stderr.String())
			}
		})
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"-l", "uprobe:gs-no-such-thing:f"}, &stdout, &stderr)
	if want := `gs: cannot find "gs-no-such-thing" as a library or a command in $PATH` + "\n"; code != exitRuntime || stderr.String() != want {
		t.Errorf("exit %d, stderr %q, want %q", code, stderr.String(), want)
	}
}

func nm(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("nm", args...).Output()
	if err != nil {
		t.Fatalf("nm %s: %v", strings.Join(args, " "), err)
	}
	return string(out)
}

// TestListSoftware: -l 'software:*' and -l 'profile:*' list bpftrace's
// software events (names and aliases) and profile units as bpftrace
// does, and a pattern picks them.
func TestListSoftware(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"software:*", "software:alignment-faults:\nsoftware:bpf-output:\nsoftware:context-switches:\nsoftware:cs:\nsoftware:cpu-clock:\nsoftware:cpu:\nsoftware:cpu-migrations:\nsoftware:dummy:\nsoftware:emulation-faults:\nsoftware:major-faults:\nsoftware:minor-faults:\nsoftware:page-faults:\nsoftware:faults:\nsoftware:task-clock:\n"},
		{"software:*-faults", "software:alignment-faults:\nsoftware:emulation-faults:\nsoftware:major-faults:\nsoftware:minor-faults:\nsoftware:page-faults:\n"},
		{"s:cs", "software:cs:\n"},
		{"profile:*", "profile:hz:\nprofile:s:\nprofile:ms:\nprofile:us:\n"},
	} {
		var out, errb bytes.Buffer
		if code := list(tc.spec, 0, false, false, &out, &errb); code != 0 || out.String() != tc.want {
			t.Errorf("-l %s: exit %d, got:\n%s%s\nwant:\n%s", tc.spec, code, out.String(), errb.String(), tc.want)
		}
	}
}

// TestListTimed: -l 'interval:*' and 'profile:*' list the units the parser
// takes, each as bpftrace lists it (interval:ms:), a pattern picks among
// them, and a script's interval and profile probes list the same way.
func TestListTimed(t *testing.T) {
	for _, kind := range []string{"interval", "profile"} {
		var out, errb bytes.Buffer
		if code := run([]string{"-l", kind + ":*"}, &out, &errb); code != exitOK {
			t.Fatalf("-l %s:*: exit %d: %s", kind, code, errb.String())
		}
		got := strings.Fields(out.String())
		if len(got) < 4 {
			t.Fatalf("-l %s:* listed %q", kind, got)
		}
		for _, unit := range []string{"hz", "s", "ms", "us", "ns", "m", "ks"} {
			_, diags := parser.ParseString("<t>", kind+":"+unit+":1 {}")
			listed := slices.Contains(got, kind+":"+unit+":")
			if listed == diags.HasErrors() {
				t.Errorf("%s:%s: listed %v, parses with errors %v", kind, unit, listed, diags.HasErrors())
			}
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-l", "i:m*"}, &out, &errb); code != exitOK || out.String() != "interval:ms:\n" {
		t.Errorf("-l i:m*: exit %d, got %q %s", code, out.String(), errb.String())
	}
	script := filepath.Join(t.TempDir(), "timed.bt")
	if err := os.WriteFile(script, []byte("interval:ms:1000 {}\ninterval:s:1 {}\nprofile:hz:99 {}\ninterval:500ms {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"-l", script}, &out, &errb); code != exitOK || out.String() != "interval:ms:\ninterval:s:\nprofile:hz:\n" {
		t.Errorf("-l %s: exit %d, got %q %s", script, code, out.String(), errb.String())
	}
}

// TestListPattern: a bare pattern (bpftrace's -l '*clock*') and a wildcard
// in the probe type ('*ware:*') list the special probes whose name matches;
// with -p a bare pattern also lists the process's functions (checked
// against nm); a pattern nothing matches fails.
func TestListPattern(t *testing.T) {
	bin := testtarget.FromSource(t, testtarget.GCC, "gs-listpat-target.c", "#include <unistd.h>\nint gs_pat_one(int x) { return x + 1; }\nint gs_pat_two(int x) { return x + 2; }\nint main(void) { pause(); return gs_pat_one(1) + gs_pat_two(2); }\n", "-O0")
	if syms := nm(t, bin); !strings.Contains(syms, " T gs_pat_one\n") || !strings.Contains(syms, " T gs_pat_two\n") {
		t.Fatal("the target has no gs_pat_one and gs_pat_two")
	}
	cmd := exec.Command(bin)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-l", "*clock*"}, "software:cpu-clock:\nsoftware:task-clock:\n"},
		{[]string{"-l", "*ware:*-faults"}, "software:alignment-faults:\nsoftware:emulation-faults:\nsoftware:major-faults:\nsoftware:minor-faults:\nsoftware:page-faults:\n"},
		{[]string{"-l", "*val:ms"}, "interval:ms:\n"},
		{[]string{"-l", "-p", strconv.Itoa(cmd.Process.Pid), "gs_pat_*"}, "uprobe:" + bin + ":gs_pat_one\nuprobe:" + bin + ":gs_pat_two\n"},
	} {
		var out, errb bytes.Buffer
		if code := run(tc.args, &out, &errb); code != exitOK || out.String() != tc.want {
			t.Errorf("%q: exit %d, got:\n%s%s\nwant:\n%s", tc.args, code, out.String(), errb.String(), tc.want)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-l", "*do_nanosleep*"}, &out, &errb); code != exitRuntime || out.Len() != 0 || !strings.Contains(errb.String(), `no probe matches "*do_nanosleep*"`) {
		t.Errorf("-l *do_nanosleep*: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
