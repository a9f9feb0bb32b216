package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/gs-tracer/gs/internal/elftest"
	"github.com/gs-tracer/gs/printfmt"
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

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/rlimit"

	"github.com/gs-tracer/gs/bpf"
	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

func TestMain(m *testing.M) {
	RunShimIfRequested() // -c tests re-execute the test binary as the shim
	os.Exit(m.Run())
}

// Targets, compiled with gcc into the test's temporary directory.
const (
	// addSrc calls add(0), add(1), ... add(N-1) and exits; N is the
	// argument, 3 by default. With N < 0 it calls add every millisecond
	// until killed.
	addSrc = `
#include <stdlib.h>
#include <unistd.h>
__attribute__((noinline)) int add(int a) { __asm__ volatile(""); return a + 1; }
int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int i = 0; n < 0 || i < n; i++) { add(i); if (n < 0) usleep(1000); }
	return 0;
}
`
	// hotSrc calls add 20000 times as fast as it can.
	hotSrc = `
__attribute__((noinline)) int add(int a) { __asm__ volatile(""); return a + 1; }
int main(void) { int s = 0; for (int i = 0; i < 20000; i++) s += add(i); return s == 0; }
`
	// globalSrc reads a global in add, three times, bumping it in between;
	// as a PIE, the global's run-time address needs the load bias.
	globalSrc = `
#include <stdlib.h>
#include <unistd.h>
int counter = 12345;
__attribute__((noinline)) int add(int a) { __asm__ volatile(""); return a + counter; }
int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int i = 0; n < 0 || i < n; i++) { add(i); counter++; if (n < 0) usleep(1000); }
	return 0;
}
`
	// failSrc exits with status 3 without calling add.
	failSrc = `
__attribute__((noinline)) int add(int a) { __asm__ volatile(""); return a + 1; }
int main(int argc, char **argv) { return argc > 5 ? add(argc) : 3; }
`
)

// buildTarget compiles src into dir/name.
func buildTarget(t *testing.T, name, src string) string {
	t.Helper()
	dir := t.TempDir()
	c := filepath.Join(dir, name+".c") // beside the binary: TestRunErrors runs it
	bin := filepath.Join(dir, name)
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	testtarget.Build(t, testtarget.GCC, "-O1", "-g", "-fno-omit-frame-pointer", "-o", bin, c)
	return bin
}

var int64Type = &ir.Type{Kind: ir.KindInt, Size: 8, Name: "long"}

// argProgram prints arg0 at every call of add in bin:
//
//	uprobe:bin:add { print(arg0) }
//
// With exitAt >= 0 the probe also calls exit() when arg0 == exitAt.
func argProgram(t *testing.T, bin string, exitAt int32) *ir.Program {
	t.Helper()
	off, addr := elftest.FuncOffset(t, bin, "add")
	insns := []ir.Insn{
		{Op: ir.OpRecord, Imm: 0},
		{Op: ir.OpLdReg, A: 1, Imm: 14}, // rdi
		{Op: ir.OpStHeap, A: 1, C: 8, Imm: 8},
		{Op: ir.OpEmit, Imm: 16},
	}
	events := []ir.Event{{
		ID: 0, Kind: ir.EventPrint, Size: 16,
		Fields: []ir.Field{{Name: "arg0", Offset: 8, Type: int64Type, Status: -1}},
	}}
	if exitAt >= 0 {
		insns = append(insns,
			ir.Insn{Op: ir.OpMovImm, A: 2, Imm: exitAt},
			ir.Insn{Op: ir.OpEq, A: 3, B: 1, C: 2},
			ir.Insn{Op: ir.OpJz, A: 3, Imm: 2},
			ir.Insn{Op: ir.OpRecord, Imm: 1},
			ir.Insn{Op: ir.OpEmit, Imm: 8},
		)
		events = append(events, ir.Event{ID: 1, Kind: ir.EventExit, Size: 8})
	}
	insns = append(insns, ir.Insn{Op: ir.OpExit})
	return &ir.Program{
		Version: ir.Version,
		Insns:   insns,
		Probes: []ir.Probe{{
			ID: 0, Kind: ir.Uprobe, Name: "uprobe:" + bin + ":add", Func: "add",
			Binary: bin, Symbol: "add", Offset: off, Address: addr,
			Start: 0, Len: uint32(len(insns)),
		}},
		Events: events,
	}
}

// globalProgram prints the global counter at every call of add:
//
//	uprobe:bin:add { print(counter) }
func globalProgram(t *testing.T, bin string) *ir.Program {
	off, addr := elftest.FuncOffset(t, bin, "add")
	g := elftest.SymbolAddr(t, bin, "counter")
	insns := []ir.Insn{
		{Op: ir.OpRecord, Imm: 0},
		{Op: ir.OpLdBias, A: 1, Imm: 0},
		{Op: ir.OpLdImm64, A: 2, Imm: int32(uint32(g))},
		{Op: ir.OpNop, Imm: int32(g >> 32)},
		{Op: ir.OpAdd, A: 3, B: 1, C: 2},
		{Op: ir.OpLoad, A: 4, B: 3, C: 4},
		{Op: ir.OpSext, A: 4, B: 4, C: 4},
		{Op: ir.OpStHeap, A: 4, C: 8, Imm: 8},
		{Op: ir.OpStStatus, Imm: 16},
		{Op: ir.OpEmit, Imm: 32},
		{Op: ir.OpExit},
	}
	return &ir.Program{
		Version: ir.Version,
		Insns:   insns,
		Probes: []ir.Probe{{
			ID: 0, Kind: ir.Uprobe, Name: "uprobe:" + bin + ":add", Func: "add",
			Binary: bin, Symbol: "add", Offset: off, Address: addr, Len: uint32(len(insns)),
		}},
		Events: []ir.Event{{
			ID: 0, Kind: ir.EventPrint, Size: 32,
			Fields: []ir.Field{{Name: "counter", Offset: 8, Type: int64Type, Status: 16}},
		}},
		Modules: []string{bin},
	}
}

func TestRunGlobalBias(t *testing.T) {
	bin := buildTarget(t, "global", globalSrc)
	t.Run("command", func(t *testing.T) {
		out, _, err := run(t, context.Background(), globalProgram(t, bin), Options{Command: []string{bin}})
		if err != nil {
			t.Fatal(err)
		}
		if want := "counter = 12345\ncounter = 12346\ncounter = 12347\n"; out != want {
			t.Errorf("output %q, want %q", out, want)
		}
	})
	t.Run("pid", func(t *testing.T) {
		cmd := exec.Command(bin, "-1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer cmd.Wait()
		defer cmd.Process.Kill()
		startDecoy(t, bin)
		ctx, cancel := context.WithCancel(context.Background())
		attached := func() { time.AfterFunc(300*time.Millisecond, cancel) }
		out, _, err := run(t, ctx, globalProgram(t, bin), Options{PID: cmd.Process.Pid, Attached: attached})
		if err != nil {
			t.Fatal(err)
		}
		// The target counts up from 12345 once a millisecond, for as
		// long as gs takes to attach: the values read are consecutive
		// (a decoy's would go back) and not below 12345.
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		prev := int64(12344)
		for i, l := range lines {
			v, err := strconv.ParseInt(strings.TrimPrefix(l, "counter = "), 10, 64)
			if err != nil || !strings.HasPrefix(l, "counter = ") || v < 12345 || i > 0 && v != prev+1 {
				t.Fatalf("line %d of the output is %q after counter = %d: %q", i+1, l, prev, out)
			}
			prev = v
		}
	})
}

// startDecoy runs another copy of a looping target, whose calls the PID
// filter must keep out of the trace.
func startDecoy(t *testing.T, bin string) {
	t.Helper()
	cmd := exec.Command(bin, "-1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
}

// syncBuffer is a bytes.Buffer safe to read while Run writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// run runs prog with a timeout and returns the trace output and status.
func run(t *testing.T, ctx context.Context, prog *ir.Program, opts Options) (out, status string, err error) {
	t.Helper()
	var o, st syncBuffer
	opts.Status, opts.Verbose = &st, true
	if opts.Out == nil {
		opts.Out = &o
	} else {
		opts.Out = io.MultiWriter(opts.Out, &o)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	start := time.Now()
	err = Run(ctx, prog, opts)
	if ctx.Err() == context.DeadlineExceeded {
		t.Fatalf("Run did not stop within 30s; output:\n%s\nstatus:\n%s", o.String(), st.String())
	}
	t.Logf("Run took %v; status:\n%s", time.Since(start).Round(time.Millisecond), st.String())
	out = o.String()
	if err == nil && opts.Format == FormatText && !opts.DryRun {
		out = unframe(t, out)
	}
	return out, st.String(), err
}

// unframe returns out without the two newlines bpftrace's text ends its
// main loop with, before the maps printed at exit ("@...", which hold no
// blank line after another), and fails the test when they are missing.
func unframe(t *testing.T, out string) string {
	t.Helper()
	for i := len(out) - 2; i >= 0; i-- {
		if out[i:i+2] == "\n\n" && (i == 0 || out[i-1] == '\n') && (i+2 == len(out) || out[i+2] == '@') {
			return out[:i] + out[i+2:]
		}
	}
	t.Errorf("output lacks the two newlines that end the trace before the maps:\n%q", out)
	return out
}

func TestRunCommand(t *testing.T) {
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			bin := buildTarget(t, "add", addSrc)
			startDecoy(t, bin)
			out, status, err := run(t, context.Background(), argProgram(t, bin, -1), Options{Command: []string{bin}, forceSingle: single})
			if err != nil {
				t.Fatal(err)
			}
			if want := "arg0 = 0\narg0 = 1\narg0 = 2\n"; out != want {
				t.Errorf("output %q, want %q", out, want)
			}
			mode := "(uprobe_multi)"
			if single {
				mode = "(single uprobes)"
			}
			if !strings.Contains(status, mode) {
				t.Errorf("status does not say %s:\n%s", mode, status)
			}
		})
	}
}

func TestRunCommandExitStatus(t *testing.T) {
	bin := buildTarget(t, "fail", failSrc)
	out, status, err := run(t, context.Background(), argProgram(t, bin, -1), Options{Command: []string{bin}})
	if err != nil {
		t.Fatal(err)
	}
	if out != "" {
		t.Errorf("output %q, want none", out)
	}
	if !strings.Contains(status, "gs: command exit status 3") {
		t.Errorf("status does not report the exit status:\n%s", status)
	}
}

func TestRunExit(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	out, _, err := run(t, context.Background(), argProgram(t, bin, 1), Options{Command: []string{bin, "-1"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "arg0 = 0\narg0 = 1\n") {
		t.Errorf("output %q, want it to start with arg0 = 0, 1", out)
	}
}

func TestRunPID(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	cmd := exec.Command(bin, "-1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	startDecoy(t, bin)
	var o, st syncBuffer
	errc := make(chan error, 1)
	go func() {
		errc <- Run(context.Background(), argProgram(t, bin, -1), Options{PID: cmd.Process.Pid, Out: &o, Status: &st, Verbose: true})
	}()
	// Wait for some output, then end the target.
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(o.String(), "\n") < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("no output from -p; status:\n%s", st.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	killed := time.Now()
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Run did not return after the process exited")
	}
	t.Logf("returned %v after the kill; status:\n%s", time.Since(killed).Round(time.Millisecond), st.String())
	if want := fmt.Sprintf("gs: process %d exited\n", cmd.Process.Pid); !strings.Contains(st.String(), want) {
		t.Errorf("status lacks %q:\n%s", want, st.String())
	}
	if !regexp.MustCompile(`^(arg0 = \d+\n)+\n\n$`).MatchString(o.String()) {
		t.Errorf("output %q", o.String())
	}
	// Consecutive values: nothing was lost between the first and last line.
	var first, last, n int
	for i, line := range strings.Split(strings.TrimSpace(o.String()), "\n") {
		fmt.Sscanf(line, "arg0 = %d", &last)
		if i == 0 {
			first = last
		}
		n++
	}
	if last-first+1 != n {
		t.Errorf("%d lines for arg0 %d..%d", n, first, last)
	}
}

func TestRunInterrupt(t *testing.T) {
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			bin := buildTarget(t, "add", addSrc)
			startDecoy(t, bin)
			ctx, cancel := context.WithCancel(context.Background())
			var o, st syncBuffer
			errc := make(chan error, 1)
			go func() {
				errc <- Run(ctx, argProgram(t, bin, -1), Options{Command: []string{bin, "-1"}, Out: &o, Status: &st, Verbose: true, forceSingle: single})
			}()
			deadline := time.Now().Add(20 * time.Second)
			for !strings.Contains(o.String(), "arg0 = 5\n") {
				if time.Now().After(deadline) {
					t.Fatalf("no output; status:\n%s", st.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			cancel()
			stopped := time.Now()
			select {
			case err := <-errc:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("Run did not return after cancel")
			}
			t.Logf("returned %v after cancel; status:\n%s", time.Since(stopped).Round(time.Millisecond), st.String())
		})
	}
}

// slowWriter makes the reader fall behind, so the ring buffer fills.
type slowWriter struct{}

func (slowWriter) Write(p []byte) (int, error) {
	time.Sleep(20 * time.Millisecond)
	return len(p), nil
}

func TestRunLostEvents(t *testing.T) {
	bin := buildTarget(t, "hot", hotSrc)
	out, status, err := run(t, context.Background(), argProgram(t, bin, -1), Options{Command: []string{bin}, BufferSize: 4096, Out: slowWriter{}})
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`gs: lost (\d+) events on probe uprobe:\S+:add \(ring buffer full; raise --buffer-size\)`)
	if !re.MatchString(status) {
		t.Fatalf("no lost-events line:\n%s", status)
	}
	var total int
	m := regexp.MustCompile(`gs: lost (\d+) events in total`).FindStringSubmatch(status)
	if m == nil {
		t.Fatalf("no total:\n%s", status)
	}
	fmt.Sscanf(m[1], "%d", &total)
	lines := strings.Count(out, "\n")
	if lines+total != 20000 {
		t.Errorf("%d printed + %d lost = %d, want 20000", lines, total, lines+total)
	}
}

func TestRunDryRun(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	out, _, err := run(t, context.Background(), argProgram(t, bin, -1), Options{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if out != "" {
		t.Errorf("dry run printed %q", out)
	}
}

func TestRunErrors(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	missing := argProgram(t, bin, -1)
	missing.Probes[0].Binary = "/nonexistent/app"
	missing.Probes[0].Name = "uprobe:/nonexistent/app:add"
	garbage := filepath.Join(t.TempDir(), "garbage")
	if err := os.WriteFile(garbage, []byte{0, 1, 2, 3}, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		prog *ir.Program
		opts Options
		is   error
		msg  string
	}{
		{"no-pid", argProgram(t, bin, -1), Options{PID: 1 << 22}, ErrNoProcess, "no process with pid 4194304"},
		{"no-command", argProgram(t, bin, -1), Options{Command: []string{"gs-no-such-command"}}, ErrTargetStart,
			`start command "gs-no-such-command": executable file not found in $PATH`},
		{"not-executable", argProgram(t, bin, -1), Options{Command: []string{bin + ".c"}}, ErrTargetStart,
			`start command "` + bin + `.c": permission denied`},
		{"exec-fails", argProgram(t, bin, -1), Options{Command: []string{garbage}}, ErrTargetStart,
			"start command: exec " + garbage + ": exec format error"},
		{"missing-binary", missing, Options{Command: []string{bin}}, nil,
			"attach probe uprobe:/nonexistent/app:add: open /nonexistent/app: no such file or directory"},
		{"buffer-size", argProgram(t, bin, -1), Options{BufferSize: 5000}, nil, "buffer size 5000: must be a power of two"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := run(t, context.Background(), tt.prog, tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			t.Logf("error: %v", err)
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %q", err, tt.is)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q, want %q", err, tt.msg)
			}
		})
	}
}

func TestRunVerifierError(t *testing.T) {
	orig := loadSpec
	defer func() { loadSpec = orig }()
	loadSpec = func(v *bpf.Variant) (*ebpf.CollectionSpec, error) {
		spec, err := orig(v)
		if err != nil {
			return nil, err
		}
		// A program that returns without setting r0.
		for _, p := range spec.Programs {
			p.Instructions = asm.Instructions{asm.Return()}
		}
		return spec, nil
	}
	bin := buildTarget(t, "add", addSrc)
	_, _, err := run(t, context.Background(), argProgram(t, bin, -1), Options{DryRun: true})
	var ve *ebpf.VerifierError
	if err == nil || !errors.As(err, &ve) {
		t.Fatalf("error %v, want a verifier error", err)
	}
	t.Logf("error: %v", err)
	// One line, an internal error, naming the file with the whole log.
	msg := err.Error()
	_, file, ok := strings.Cut(msg, "; its log is in ")
	if !ok || strings.Contains(msg, "\n") || !errors.Is(err, ErrInternal) {
		t.Fatalf("error %q is not one line naming the log file", msg)
	}
	defer os.Remove(file)
	log, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "R0 !read_ok") {
		t.Errorf("%s lacks the verifier's reason:\n%s", file, log)
	}
}

// Without privileges Run says what is needed in one sentence. The test
// binary runs itself as nobody for that.
func TestRunNotRoot(t *testing.T) {
	if os.Getenv("GS_TEST_HELPER") == "notroot" {
		err := Run(context.Background(), &ir.Program{Version: ir.Version}, Options{DryRun: true})
		fmt.Printf("err=%v is=%v\n", err, errors.Is(err, ErrPermission))
		return
	}
	dir, err := os.MkdirTemp("", "gs-notroot")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	self := filepath.Join(dir, "runtime.test")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(self, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^TestRunNotRoot$")
	cmd.Env = append(os.Environ(), "GS_TEST_HELPER=notroot")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := "err=gs needs root or CAP_BPF and CAP_PERFMON to attach probes (try sudo) is=true"
	if !strings.Contains(string(out), want) {
		t.Errorf("output\n%s\nwant %q", out, want)
	}
}

func TestRunVersionMismatch(t *testing.T) {
	orig := loadSpec
	defer func() { loadSpec = orig }()
	loadSpec = func(v *bpf.Variant) (*ebpf.CollectionSpec, error) {
		spec, err := orig(v)
		if err != nil {
			return nil, err
		}
		if err := spec.Variables[varVersion].Set(uint32(ir.Version + 1)); err != nil {
			return nil, err
		}
		return spec, nil
	}
	bin := buildTarget(t, "add", addSrc)
	_, _, err := run(t, context.Background(), argProgram(t, bin, -1), Options{DryRun: true})
	if err == nil || !strings.Contains(err.Error(), "built for bytecode version") {
		t.Fatalf("error %v, want a version mismatch", err)
	}
}

// probesProgram attaches n uprobes (and n uretprobes when ret) to add,
// each printing its probe name and arg0 (retval for returns).
func probesProgram(t *testing.T, bin string, n int, ret bool) *ir.Program {
	off, addr := elftest.FuncOffset(t, bin, "add")
	probeType := &ir.Type{Kind: ir.KindProbe, Size: 8, Name: "probe"}
	prog := &ir.Program{Version: ir.Version}
	for _, kind := range []ir.ProbeKind{ir.Uprobe, ir.Uretprobe} {
		if kind == ir.Uretprobe && !ret {
			break
		}
		reg, name := int32(14), "arg0" // rdi
		if kind == ir.Uretprobe {
			reg, name = 10, "retval" // rax
		}
		ev := uint32(len(prog.Events))
		start := uint32(len(prog.Insns))
		prog.Insns = append(prog.Insns,
			ir.Insn{Op: ir.OpRecord, Imm: int32(ev)},
			ir.Insn{Op: ir.OpLdReg, A: 1, Imm: reg},
			ir.Insn{Op: ir.OpStHeap, A: 1, C: 8, Imm: 8},
			ir.Insn{Op: ir.OpStCtx, C: uint8(ir.CtxProbe), Imm: 16},
			ir.Insn{Op: ir.OpEmit, Imm: 24},
			ir.Insn{Op: ir.OpExit},
		)
		prog.Events = append(prog.Events, ir.Event{ID: ev, Kind: ir.EventPrint, Size: 24, Fields: []ir.Field{
			{Name: "probe", Offset: 16, Type: probeType, Status: -1},
			{Name: name, Offset: 8, Type: int64Type, Status: -1},
		}})
		for i := 0; i < n; i++ {
			prog.Probes = append(prog.Probes, ir.Probe{
				ID: uint32(len(prog.Probes)), Kind: kind, Name: fmt.Sprintf("%s#%d", kind, i), Func: "add",
				Binary: bin, Symbol: "add", Offset: off, Address: addr, Start: start, Len: 6,
			})
		}
	}
	return prog
}

func TestRunEntryAndReturn(t *testing.T) {
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			bin := buildTarget(t, "add", addSrc)
			out, _, err := run(t, context.Background(), probesProgram(t, bin, 1, true), Options{Command: []string{bin}, forceSingle: single})
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			for i := 0; i < 3; i++ {
				want += fmt.Sprintf("probe = uprobe#0, arg0 = %d\nprobe = uretprobe#0, retval = %d\n", i, i+1)
			}
			if out != want {
				t.Errorf("output\n%s\nwant\n%s", out, want)
			}
		})
	}
}

// Probes on one function run in script order, entries and returns alike,
// as bpftrace runs them: a script that sets @start in one probe reads it in
// the next.
func TestRunProbeOrder(t *testing.T) {
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			bin := buildTarget(t, "add", addSrc)
			out, _, err := run(t, context.Background(), probesProgram(t, bin, 3, true), Options{Command: []string{bin}, forceSingle: single})
			if err != nil {
				t.Fatal(err)
			}
			want := ""
			for i := 0; i < 3; i++ {
				for p := 0; p < 3; p++ {
					want += fmt.Sprintf("probe = uprobe#%d, arg0 = %d\n", p, i)
				}
				for p := 0; p < 3; p++ {
					want += fmt.Sprintf("probe = uretprobe#%d, retval = %d\n", p, i+1)
				}
			}
			if out != want {
				t.Errorf("output\n%s\nwant\n%s", out, want)
			}
		})
	}
}

// Many probes: every one fires (cookies are right), and attaching and
// detaching stay fast (links close concurrently). The timings are logged.
func TestRunManyProbes(t *testing.T) {
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			// Detaching a perf-event uprobe takes ~100 ms of kernel time and
			// the kernel serializes them: keep the single case small.
			n := 32
			if single {
				n = 4
			}
			bin := buildTarget(t, "add", addSrc)
			start := time.Now()
			out, _, err := run(t, context.Background(), probesProgram(t, bin, n, true), Options{Command: []string{bin}, forceSingle: single})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d probes, single=%v: whole run %v", 2*n, single, time.Since(start).Round(time.Millisecond))
			for i := 0; i < n; i++ {
				for _, want := range []string{
					fmt.Sprintf("probe = uprobe#%d, arg0 = 2\n", i),
					fmt.Sprintf("probe = uretprobe#%d, retval = 3\n", i),
				} {
					if strings.Count(out, want) != 1 {
						t.Errorf("%q appears %d times", want, strings.Count(out, want))
					}
				}
			}
			if lines := strings.Count(out, "\n"); lines != 3*2*n {
				t.Errorf("%d lines, want %d", lines, 3*2*n)
			}
		})
	}
}

func TestLoadFillsMaps(t *testing.T) {
	if err := rlimit.RemoveMemlock(); err != nil {
		t.Fatal(err)
	}
	prog := &ir.Program{
		Version: ir.Version,
		Insns: []ir.Insn{
			{Op: ir.OpMovImm, A: 1, Imm: -5},
			{Op: ir.OpLdImm64, A: 2, Imm: 0x12345678},
			{Op: ir.OpNop, Imm: 0x7fffffff},
			{Op: ir.OpExit},
		},
		Probes: []ir.Probe{
			{ID: 0, Start: 0, Len: 4, Binary: "/x/prog", Address: 0x401234, Cells: 9},
			{ID: 1, Start: 3, Len: 1, Binary: "/x/other", Address: 0x5678},
			{ID: 2, Kind: ir.End, Start: 3, Len: 1, Binary: "/x/prog"}, // no module: not a uprobe
		},
		Modules: []string{"/x/lib.so", "/x/prog"},
		Maps: []ir.Map{
			{ID: 0, Name: "count", IsAgg: true, Agg: ir.AggCount},
			{ID: 3, Name: "lat", IsAgg: true, Agg: ir.AggLhist, Min: -10, Max: 100, Step: 5},
			{ID: 4, Name: "last"},
		},
	}
	in, err := loadInterpreter(prog, loadConfig{bufSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var insn [8]byte
	for pc, want := range prog.Insns {
		if err := in.coll.Maps[mapInsns].Lookup(uint32(pc), &insn); err != nil {
			t.Fatal(err)
		}
		if got, _ := ir.DecodeInsn(insn[:]); got != want {
			t.Errorf("gs_insns[%d] = %+v, want %+v", pc, got, want)
		}
	}
	type probeValue struct {
		Start, Len, Version, Flags, Module, Cells uint32
		Address                                   uint64
	}
	// The uprobe in a module of prog.Modules names it; the others none.
	for i, module := range []uint32{1, probeModuleNone, probeModuleNone} {
		var got probeValue
		if err := in.coll.Maps[mapProbes].Lookup(uint32(i), &got); err != nil {
			t.Fatal(err)
		}
		p := prog.Probes[i]
		if want := (probeValue{p.Start, p.Len, ir.Version, 0, module, p.Cells, p.Address}); got != want {
			t.Errorf("gs_probes[%d] = %+v, want %+v", i, got, want)
		}
	}
	var mi struct {
		Min, Max, Step int64
		Agg, Flags     uint32
	}
	for _, m := range prog.Maps {
		if err := in.coll.Maps[mapMapinfo].Lookup(uint32(m.ID), &mi); err != nil {
			t.Fatal(err)
		}
		flags := uint32(0)
		if m.IsAgg {
			flags = mapinfoIsAgg
		}
		if mi.Min != m.Min || mi.Max != m.Max || mi.Step != m.Step || mi.Agg != uint32(m.Agg) || mi.Flags != flags {
			t.Errorf("gs_mapinfo[%d] = %+v, want %+v", m.ID, mi, m)
		}
	}
	if got := in.events.MaxEntries(); got != 4096 {
		t.Errorf("gs_events has %d bytes, want 4096", got)
	}
}

// A record that does not fit its layout is reported, not printed, and the
// trace goes on.
func TestRunMalformedRecord(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	prog := argProgram(t, bin, -1)
	prog.Events[0].Fields = append(prog.Events[0].Fields, ir.Field{Name: "beyond", Offset: 16, Type: int64Type, Status: -1})
	out, status, err := run(t, context.Background(), prog, Options{Command: []string{bin}})
	if err != nil {
		t.Fatal(err)
	}
	if out != "" {
		t.Errorf("output %q, want none", out)
	}
	want := `gs: internal error: malformed record: event 0 field "beyond" [16, 24) is outside the record's 16 bytes`
	if strings.Count(status, want) != 3 {
		t.Errorf("status lacks 3 times %q:\n%s", want, status)
	}
}

// Stacks and usym resolve to function names.
func TestRunSymbols(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	off, addr := elftest.FuncOffset(t, bin, "add")
	stackType := &ir.Type{Kind: ir.KindStack, Size: 8 + 4*ir.StackFrameSize, Name: "ustack"}
	insns := []ir.Insn{
		{Op: ir.OpRecord, Imm: 0},
		{Op: ir.OpLdReg, A: 1, Imm: 16}, // ip
		{Op: ir.OpStHeap, A: 1, C: 8, Imm: 8},
		{Op: ir.OpStStack, C: 4, Imm: 16},
		{Op: ir.OpEmit, Imm: 16 + 8 + 4*ir.StackFrameSize},
		{Op: ir.OpExit},
	}
	prog := &ir.Program{
		Version: ir.Version,
		Insns:   insns,
		Probes:  []ir.Probe{{ID: 0, Kind: ir.Uprobe, Name: "uprobe:add", Func: "add", Binary: bin, Offset: off, Address: addr, Len: uint32(len(insns))}},
		Events: []ir.Event{{ID: 0, Kind: ir.EventPrint, Size: 16 + 8 + 4*ir.StackFrameSize, Fields: []ir.Field{
			{Name: "usym(ip)", Offset: 8, Type: &ir.Type{Kind: ir.KindSymbol, Size: 8}, Status: -1},
			{Name: "ustack", Offset: 16, Type: stackType, Status: -1},
		}}},
	}
	out, _, err := run(t, context.Background(), prog, Options{Command: []string{bin, "1"}})
	if err != nil {
		t.Fatal(err)
	}
	// At a function's entry the return address is at [rsp]: the caller
	// (main) is the next frame, whatever rbp holds. Verbose adds each
	// frame's line: add's first, main's call of add.
	if !regexp.MustCompile(`^usym\(ip\) = add, ustack = \n {8}add\+0 \(\S+/add\.c:4\)\n {8}main\+\d+ \(\S+/add\.c:7\)\n( {8}\S[^\n]*\n)*\n$`).MatchString(out) {
		t.Errorf("output %q", out)
	}
}

// specialProgram prints from two Begin probes, a uprobe on add (arg0, and
// a count in @c[arg0 % 2]), two End probes, and with interval > 0 an
// interval probe that calls exit():
//
//	BEGIN { printf("b0\n") } BEGIN { printf("b1\n") }
//	uprobe:bin:add { print(arg0); @c[arg0 & 1] = count() }
//	END { printf("e0\n") } END { printf("e1\n"); print(@c) }
func specialProgram(t *testing.T, bin string, interval uint64) *ir.Program {
	off, addr := elftest.FuncOffset(t, bin, "add")
	prog := &ir.Program{Version: ir.Version}
	printf := func(text string) []ir.Insn {
		ev := uint32(len(prog.Events))
		prog.Events = append(prog.Events, ir.Event{ID: ev, Kind: ir.EventPrintf, Verbs: printfmt.MustParse(text), Size: 8})
		return []ir.Insn{{Op: ir.OpRecord, Imm: int32(ev)}, {Op: ir.OpEmit, Imm: 8}}
	}
	event := func(ev ir.Event) []ir.Insn {
		ev.ID = uint32(len(prog.Events))
		ev.Size = 8
		prog.Events = append(prog.Events, ev)
		return []ir.Insn{{Op: ir.OpRecord, Imm: int32(ev.ID)}, {Op: ir.OpEmit, Imm: 8}}
	}
	add := func(kind ir.ProbeKind, name string, code ...[]ir.Insn) {
		start := uint32(len(prog.Insns))
		for _, c := range code {
			prog.Insns = append(prog.Insns, c...)
		}
		prog.Insns = append(prog.Insns, ir.Insn{Op: ir.OpExit})
		p := ir.Probe{ID: uint32(len(prog.Probes)), Kind: kind, Name: name, Start: start, Len: uint32(len(prog.Insns)) - start}
		if kind == ir.Uprobe {
			p.Func, p.Binary, p.Symbol, p.Offset, p.Address = "add", bin, "add", off, addr
		}
		p.PeriodNs = interval
		prog.Probes = append(prog.Probes, p)
	}
	prog.Maps = []ir.Map{{ID: 0, Name: "c", Keys: []*ir.Type{int64Type}, KeySize: 8, KeyOffsets: []int{8},
		Value: &ir.Type{Kind: ir.KindUint, Size: 8}, Agg: ir.AggCount, IsAgg: true}}
	add(ir.Begin, "BEGIN", printf("b0\n"))
	add(ir.Begin, "BEGIN", printf("b1\n"))
	ev := uint32(len(prog.Events))
	prog.Events = append(prog.Events, ir.Event{ID: ev, Kind: ir.EventPrint, Size: 16,
		Fields: []ir.Field{{Name: "arg0", Offset: 8, Type: int64Type, Status: -1}}})
	add(ir.Uprobe, "uprobe:add", []ir.Insn{
		{Op: ir.OpRecord, Imm: int32(ev)},
		{Op: ir.OpLdReg, A: 1, Imm: 14}, // rdi
		{Op: ir.OpStHeap, A: 1, C: 8, Imm: 8},
		{Op: ir.OpEmit, Imm: 16},
		{Op: ir.OpMovImm, A: 2, Imm: 1},
		{Op: ir.OpAnd, A: 1, B: 1, C: 2},
		{Op: ir.OpStHeap, A: 1, C: 8, Imm: 1024 + 8},
		{Op: ir.OpMapAgg, A: 0, B: 0, C: uint8(ir.AggCount), Imm: 1024},
	})
	add(ir.End, "END", printf("e0\n"))
	add(ir.End, "END", printf("e1\n"), event(ir.Event{Kind: ir.EventPrintMap, Map: 0}))
	if interval > 0 {
		add(ir.Interval, "interval", printf("tick\n"), event(ir.Event{Kind: ir.EventExit}))
	}
	prog.HeapSize = 2048
	return prog
}

// Begin probes run first and in order, End probes last and in order, then
// every map (also one that End printed); with single uprobes too.
func TestRunSpecialProbes(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	for _, single := range []bool{false, true} {
		t.Run(fmt.Sprintf("single=%v", single), func(t *testing.T) {
			out, _, err := run(t, context.Background(), specialProgram(t, bin, 0), Options{Command: []string{bin, "4"}, forceSingle: single})
			if err != nil {
				t.Fatal(err)
			}
			want := "b0\nb1\narg0 = 0\narg0 = 1\narg0 = 2\narg0 = 3\ne0\ne1\n@c[0]: 2\n@c[1]: 2\n\n@c[0]: 2\n@c[1]: 2\n\n"
			if out != want {
				t.Errorf("output\n%s\nwant\n%s", out, want)
			}
		})
	}
}

// An interval probe fires on its own; its exit() ends the trace, the End
// probes run, and no record after the exit is printed.
func TestRunInterval(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	out, _, err := run(t, context.Background(), specialProgram(t, bin, 10_000_000), Options{Command: []string{bin, "-1"}})
	if err != nil {
		t.Fatal(err)
	}
	// The tick may come before the command's first call on a loaded
	// machine: then @c is empty and prints nothing, else twice (End's
	// print(@c) and the end's).
	if !regexp.MustCompile(`^b0\nb1\n(arg0 = \d+\n)*tick\ne0\ne1\n(((@c\[[01]\]: \d+\n)+\n){2})?$`).MatchString(out) {
		t.Errorf("output\n%s", out)
	}
}

// JSON output of the same program.
func TestRunJSON(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	out, _, err := run(t, context.Background(), specialProgram(t, bin, 0), Options{Command: []string{bin, "2"}, Format: FormatJSON})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type": "attached_probes", "count": 5, "data": {"probes": 5}}
{"type": "printf", "data": "b0\n"}
{"type": "printf", "data": "b1\n"}
{"type": "print", "data": {"arg0": 0}}
{"type": "print", "data": {"arg0": 1}}
{"type": "printf", "data": "e0\n"}
{"type": "printf", "data": "e1\n"}
{"type": "map", "data": {"@c": {"0": 1, "1": 1}}}
{"type": "map", "data": {"@c": {"0": 1, "1": 1}}}
`
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
}

// The shim writes its status byte and execs at once; when the reader's
// slice ends after both (a loaded machine), the stop it finds is the
// exec's SIGTRAP, which must not be passed on: that would kill the
// command.
func TestRunCommandSlowStatus(t *testing.T) {
	bin := buildTarget(t, "add", addSrc)
	testStatusPause = func() { time.Sleep(200 * time.Millisecond) }
	defer func() { testStatusPause = nil }()
	for i := 0; i < 3; i++ {
		out, status, err := run(t, context.Background(), argProgram(t, bin, -1), Options{Command: []string{bin}})
		if err != nil {
			t.Fatal(err)
		}
		if want := "arg0 = 0\narg0 = 1\narg0 = 2\n"; out != want {
			t.Fatalf("output %q, want %q\nstatus:\n%s", out, want, status)
		}
	}
}
