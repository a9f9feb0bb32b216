package bt

import (
	"archive/zip"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
	"github.com/gs-tracer/gs/sema"
)

// work is the directory the cases run in: testprogs/ (built by TestMain)
// and testdata/ (copied), as the cases name them.
var work, gsBin string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	if os.Geteuid() != 0 {
		fmt.Fprintln(os.Stderr, "FAIL: the cases attach real uprobes and need root")
		return 1
	}
	var err error
	if work, err = os.MkdirTemp("", "gs-bt-"); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	defer os.RemoveAll(work)
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	gsBin = filepath.Join(work, "gs")
	if err := testtarget.GS(gsBin); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	if err := os.MkdirAll(filepath.Join(work, "testprogs"), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	srcs, _ := filepath.Glob(filepath.Join(here, "testprogs", "*.c"))
	for _, src := range srcs {
		out := filepath.Join(work, "testprogs", strings.TrimSuffix(filepath.Base(src), ".c"))
		if err := testtarget.Compile("", testtarget.GCC, "-g", "-O0", "-o", out, src); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL:", err)
			return 1
		}
	}
	// calls again with split DWARF: its .dwo beside it in testprogs/split;
	// in testprogs/nodwo with its .dwo removed.
	for _, d := range []string{"split", "nodwo"} {
		out := filepath.Join(work, "testprogs", d, "calls")
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL:", err)
			return 1
		}
		if err := testtarget.Compile("", testtarget.GCC, "-g", "-O0", "-gsplit-dwarf", "-o", out, filepath.Join(here, "testprogs", "calls.c")); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL:", err)
			return 1
		}
	}
	if err := os.Remove(filepath.Join(work, "testprogs", "nodwo", "calls.dwo")); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	if err := zipCalls(filepath.Join(work, "testprogs")); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL: zip calls:", err)
		return 1
	}
	if b, err := exec.Command("cp", "-r", filepath.Join(here, "testdata"), work).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: copy testdata: %v\n%s", err, b)
		return 1
	}
	return m.Run()
}

// TestCases runs gs's own cases (testdata/*.txt) with the real gs. A case
// that cannot run here fails: every one of them must run on CI's kernel.
func TestCases(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(work, "testdata", "*.txt"))
	if len(files) == 0 {
		t.Fatal("no cases in testdata")
	}
	eng, err := NewEngine(gsBin, work)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		cases, err := ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			t.Run(c.ID(), func(t *testing.T) {
				r := eng.Run(c)
				if r.Status != Pass {
					t.Errorf("%s: %s\ncommand: %s\noutput:\n%s", r.Status, r.Reason, r.Command, r.Output)
				}
			})
		}
	}
}

// TestEngine checks the engine's verdicts on commands whose behaviour is
// known, so that a broken engine cannot pass everything.
func TestEngine(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "want.txt"), []byte("\nafter attach\n\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "want.ndjson"), []byte(`{"a": 1, "b": [2]}`+"\n"+`{"c":"d"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "snooze"), []byte("#!/bin/sh\nsleep 20\n"), 0o755)
	eng := &Engine{GS: "/bin/sh", Dir: dir, Features: map[string]bool{"uprobe_multi": true}, Kernel: "6.18.0"}
	const notify = `echo ` + NotifyAttached + `; `
	for _, tc := range []struct {
		text   string
		status Status
		reason string // a part of the reason
	}{
		{"NAME ok\nRUN echo '  hello world  '\nEXPECT hello world", Pass, ""},
		{"NAME line\nRUN echo 'hello world!'\nEXPECT hello world", Fail, `no line "hello world"`},
		{"NAME none\nRUN echo a; echo b\nEXPECT_NONE b", Fail, `a line "b"`},
		{"NAME regex\nRUN echo x=42\nEXPECT_REGEX ^x=\\d+$\nEXPECT_REGEX_NONE y", Pass, ""},
		{"NAME regex none\nRUN echo x=42\nEXPECT_REGEX_NONE \\d", Fail, "a match"},
		{"NAME continued\nRUN printf 'a\\nb\\n'\nEXPECT_REGEX a\n             b", Pass, ""},
		{"NAME exit code\nRUN echo x; exit 1\nEXPECT x", Fail, "exit code 1, want 0"},
		{"NAME will fail\nRUN echo x; exit 1\nEXPECT x\nWILL_FAIL", Pass, ""},
		{"NAME will fail but ok\nRUN echo x\nEXPECT x\nWILL_FAIL", Fail, "WILL_FAIL"},
		{"NAME return code\nRUN exit 3\nRETURN_CODE 3", Pass, ""},
		{"NAME stderr counts\nRUN echo oops >&2\nEXPECT oops", Pass, ""},
		{"NAME bpftrace is gs\nRUN {{BPFTRACE}} -c 'echo via sh'\nEXPECT via sh", Pass, ""},
		{"NAME env\nRUN echo $FOO-$test\nENV FOO=bar\nEXPECT bar-env", Pass, ""},
		{"NAME requires\nRUN echo x\nEXPECT x\nREQUIRES false", NotRun, "REQUIRES false"},
		{"NAME feature\nRUN echo x\nEXPECT x\nREQUIRES_FEATURE btf", NotRun, "feature btf"},
		{"NAME feature present\nRUN echo x\nEXPECT x\nREQUIRES_FEATURE uprobe_multi !btf", Pass, ""},
		{"NAME min kernel\nRUN echo x\nEXPECT x\nMIN_KERNEL 7.0", NotRun, "MIN_KERNEL"},
		{"NAME max kernel\nRUN echo x\nEXPECT x\nMAX_KERNEL 6.19", Pass, ""},
		{"NAME arch\nRUN echo x\nEXPECT x\nARCH s390x", NotRun, "ARCH"},
		{"NAME not arch\nRUN echo x\nEXPECT x\nARCH !s390x", Pass, ""},
		{"NAME timeout\nRUN " + notify + "sleep 30\nEXPECT never\nTIMEOUT 1", Timeout, "timed out"},
		{"NAME timeout but matched\nRUN " + notify + "echo found; sleep 30\nEXPECT found\nTIMEOUT 1", Pass, ""},
		{"NAME file after attach\nRUN echo before; " + notify + "echo after attach\nEXPECT_FILE want.txt", Pass, ""},
		{"NAME file differs\nRUN echo before; echo after attach\nEXPECT_FILE want.txt", Fail, "differs"},
		{"NAME json lines\nRUN " + notify + `echo '{"b":[2],"a":1.0}'; echo '{"c": "d"}'` + "\nEXPECT_JSON want.ndjson", Pass, ""},
		{"NAME json differs\nRUN " + notify + `echo '{"b":[3],"a":1}'; echo '{"c": "d"}'` + "\nEXPECT_JSON want.ndjson", Fail, "JSON line 1"},
		{"NAME after\nRUN " + notify + "sleep 0.5; cat after.out\nAFTER echo from-after > after.out\nEXPECT from-after", Pass, ""},
		{"NAME setup and cleanup\nSETUP echo s > setup.out\nRUN cat setup.out\nCLEANUP rm setup.out\nEXPECT s", Pass, ""},
		{"NAME setup fails\nSETUP false\nRUN echo x\nEXPECT x", Fail, "SETUP"},
		{"NAME before pid\nBEFORE ./snooze\nRUN cat /proc/{{BEFORE_PID}}/comm\nEXPECT snooze", Pass, ""},
		{"NAME before never starts\nBEFORE ./nosuch\nRUN true\nEXPECT x", Fail, "BEFORE"},
		{"NAME prog\nPROG echo-me\nEXPECT_REGEX .", Fail, "exit code"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			cases, err := Parse("engine", tc.text)
			if err != nil || len(cases) != 1 {
				t.Fatalf("parse: %v, %d cases", err, len(cases))
			}
			t0 := time.Now()
			r := eng.Run(cases[0])
			if r.Status != tc.status || !strings.Contains(r.Reason, tc.reason) {
				t.Errorf("got %s %q, want %s %q\noutput:\n%s", r.Status, r.Reason, tc.status, tc.reason, r.Output)
			}
			if d := time.Since(t0); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestParse(t *testing.T) {
	cases, err := Parse("dir/suite", `# a comment
NAME first
PROG uprobe:a:b { x }
     more
EXPECT one
       two
EXPECT_REGEX r
TIMEOUT 2
BEFORE ./p 1
BEFORE ./q
ENV A=1 B=2
ARCH x86_64|!s390x
REQUIRES_FEATURE dwarf !btf

NAME second
RUN {{BPFTRACE}} -l
EXPECT_NONE z
WILL_FAIL
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 2 {
		t.Fatalf("%d cases", len(cases))
	}
	c := cases[0]
	got := fmt.Sprintf("%s|%q|%v|%d|%q|%v|%q|%q|%d", c.ID(), c.Prog, c.Expects, c.Timeout, c.Befores, c.Env, c.Arch, c.Features, c.Line)
	want := `suite.first|"uprobe:a:b { x }\nmore"|[{0 one` + "\n" + `two} {2 r}]|2|["./p 1" "./q"]|map[A:1 B:2]|["x86_64" "!s390x"]|["dwarf" "!btf"]|2`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if c := cases[1]; c.Run != "{{BPFTRACE}} -l" || !c.WillFail || c.Timeout != DefaultTimeout || c.Line != 15 {
		t.Errorf("second: %+v", c)
	}
	for _, bad := range []string{
		"RUN x\nEXPECT y",
		"NAME a\nEXPECT y",
		"NAME a\nRUN x\nPROG y\nEXPECT z",
		"NAME a\nRUN x",
		"NAME a\nRUN x\nEXPECT_FILE f\nEXPECT g",
		"NAME a\nRUN x\nEXPECT y\nBOGUS z",
		"NAME a\nRUN x\nRETURN_CODE 2\nWILL_FAIL",
		"NAME a\nRUN x\nEXPECT y\nNEW_PIDNS",
	} {
		if _, err := Parse("s", bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSelection(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"NAME a\nPROG uprobe:./x:f { printf(\"t: %d\\n\", 1) }\nEXPECT x", true},
		{"NAME a\nPROG ur:./x:f, BEGIN { } interval:s:1 { exit() }\nEXPECT x", true},
		{"NAME a\nPROG kprobe:f { }\nEXPECT x", false},
		{"NAME a\nPROG uprobe:./x:f { } t:syscalls:sys_enter_read { }\nEXPECT x", false},
		{"NAME a\nRUN {{BPFTRACE}} -l 'tracepoint:*'\nEXPECT x", false},
		{"NAME a\nRUN {{BPFTRACE}} -l\nEXPECT x", false},
		{"NAME a\nRUN {{BPFTRACE}} -l 'uprobe:./x:*'\nEXPECT x", true},
		{"NAME a\nRUN {{BPFTRACE}} --version\nEXPECT x", true},
		{"NAME a\nPROG uprobe:./x:f { }\nREQUIRES_FEATURE btf\nEXPECT x", false},
		{"NAME a\nPROG uprobe:./x:f { }\nARCH s390x\nEXPECT x", false},
		{"NAME a\nPROG self:signal:SIGUSR1 { }\nEXPECT x", false},
	} {
		cs, err := Parse("s", tc.text)
		if err != nil {
			t.Fatal(err)
		}
		if got, why := Selection(cs[0], t.TempDir()); got != tc.want {
			t.Errorf("%q: selected %v (%s), want %v", tc.text, got, why, tc.want)
		}
	}
}

// TestStyle: gs's positioned diagnostics become bpftrace's
// "stdin:L:C-END: KIND: msg", END from the caret or the call's ")".
func TestStyle(t *testing.T) {
	prog := `begin { errorf("a (%d)", 1); }`
	for _, tt := range []struct{ in, want string }{
		{"<expr>:1:9: error: a (1)", "stdin:1:9-28: ERROR: a (1)"},
		{"<expr>:1:9: warning: unreachable statement\n    x\n        ^~~", "stdin:1:9-12: WARNING: Unreachable statement\nx\n    ~~~"},
		{"<expr>:1:3: error: no kernel symbol \"zz\"\n    f(kaddr(\"zz\"))\n      ^~~~~~~~~~~", "stdin:1:3-14: ERROR: Failed to resolve kernel symbol: zz\nf(kaddr(\"zz\"))\n  ~~~~~~~~~~~"},
		{`gs: cat: cannot open "/x": no such file or directory`, "ERROR: failed to open file '/x' (No such file or directory)"},
		{"<expr>:1:1: error: function \"g\" not found in \"./x\"\n    ur:./x:g { }\n    ^~~~~~~~", "stdin:1:1-9: ERROR: No matches for uretprobe ./x:g.\nur:./x:g { }\n~~~~~~~~"},
		{"<expr>:1:1: warning: function \"g\" not found in \"./x\": skipping the probe (missing_probes = \"warn\")", "stdin:1:1-28: WARNING: No matches for uprobe ./x:g. Skipping."},
		{"<expr>:1:5: warning: unused map: @a\n    x\n        ^~", "stdin:1:5-7: WARNING: Unused map: @a\nx\n    ~~"},
		{`<expr>:1:1: error: could not resolve address 0xa in "/bin/sh": it is in no function`, "ERROR: Could not resolve address: /bin/sh:0xa"},
		{`<expr>:1:9: error: license "P" is not one the kernel's BPF accepts`, "<expr>:1:9: ERROR: Invalid value for license. Found: P. Valid values: Dual MIT/GPL, Dual BSD/GPL, Dual MPL/GPL, GPL and additional rights, GPL v2, GPL"},
	} {
		if got := bpftraceStyle(tt.in, prog); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestStyleLookup: -k's warning of a map read that finds no key becomes
// bpftrace's, with its helper line and the read underlined.
func TestStyleLookup(t *testing.T) {
	prog := `i:ms:1 { printf("%d\n", @m["a]", 2]); }`
	in := "<expr>:1:25: warning: " + sema.MapLookupMsg
	want := "stdin:1:25-36: WARNING: Can't lookup map element because it does not exist.\nAdditional Info - helper: map_lookup_elem, retcode: 0\n" + prog + "\n" + strings.Repeat(" ", 24) + strings.Repeat("~", 11)
	if got := bpftraceStyle(in, prog); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// zipCalls writes dir/calls.zip holding dir/calls twice: stored as it is
// (zip -0, as an APK stores libraries) as calls, and compressed as
// calls.z.
func zipCalls(dir string) error {
	data, err := os.ReadFile(filepath.Join(dir, "calls"))
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "calls.zip"))
	if err != nil {
		return err
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, e := range []struct {
		name   string
		method uint16
	}{{"calls", zip.Store}, {"calls.z", zip.Deflate}} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method})
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return zw.Close()
}
