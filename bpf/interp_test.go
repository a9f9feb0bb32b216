package bpf

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/ringbuf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// These tests load the interpreter into the kernel and run hand-assembled
// bytecode in a small C program. They need root; when the kernel refuses
// anything they fail: CI runs them on a kernel that has every feature used.

// targetSrc is the traced program. It reads commands from stdin, calls the
// probed functions and answers one line per command, so every probe hit has
// happened (and its record is in the ring buffer) when the answer arrives.
const targetSrc = `
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int add(int a, int b)
{
	__asm__ volatile("" ::: "memory");
	return a + b;
}

__attribute__((noinline)) int greet(const char *s)
{
	__asm__ volatile("" :: "r"(s) : "memory");
	return 0;
}

int main(void)
{
	char line[4096];

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = 0;
		if (strncmp(line, "add ", 4) == 0) {
			long a = 0, b = 0;
			sscanf(line + 4, "%ld %ld", &a, &b);
			printf("%d\n", add(a, b));
		} else if (strncmp(line, "greet ", 6) == 0) {
			printf("%d %lu\n", greet(line + 6), (unsigned long)(line + 6));
		} else if (strncmp(line, "greetaddr ", 10) == 0) {
			unsigned long p = strtoul(line + 10, 0, 0);
			printf("%d %lu\n", greet((const char *)p), p);
		} else {
			printf("?\n");
		}
	}
	return 0;
}
`

// Saved-register slots the tests read (OpLdReg), from package arch's table.
var (
	regDI = arch.ArgRegs[0]
	regSI = arch.ArgRegs[1]
	regIP = arch.IP
)

func needRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Fatal("loading BPF needs root: run the tests as root (make test)")
	}
}

// buildTarget compiles targetSrc into a temporary directory.
func buildTarget(t *testing.T) string {
	t.Helper()
	return testtarget.FromSource(t, testtarget.GCC, "gstarget.c", targetSrc, "-O1")
}

type target struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startTarget(t *testing.T, bin string) *target {
	t.Helper()
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tg := &target{cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return tg
}

// call sends one command and returns the target's answer.
func (tg *target) call(t *testing.T, line string) string {
	t.Helper()
	if _, err := fmt.Fprintln(tg.in, line); err != nil {
		t.Fatal(err)
	}
	type result struct {
		s   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		s, err := tg.out.ReadString('\n')
		ch <- result{strings.TrimSpace(s), err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			t.Fatalf("target: %v", r.err)
		}
		return r.s
	case <-time.After(10 * time.Second):
		t.Fatalf("target did not answer %q", line)
	}
	return ""
}

func (tg *target) pid() uint32 { return uint32(tg.cmd.Process.Pid) }

// load loads the interpreter, after edit changes the spec.
func load(t *testing.T, edit func(*ebpf.CollectionSpec)) *GsObjects {
	t.Helper()
	return loadVariant(t, Variants[len(Variants)-1], edit)
}

// loadVariant is load with variant v of the interpreter.
func loadVariant(t *testing.T, v *Variant, edit func(*ebpf.CollectionSpec)) *GsObjects {
	t.Helper()
	needRoot(t)
	spec, err := v.Spec()
	if err != nil {
		t.Fatal(err)
	}
	// Every CPU's cells are read (aggregations read in an expression), as
	// runtime sets it: the hit may run on any CPU.
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.Variables["gs_nr_cpus"].Set(uint32(ncpu)); err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		edit(spec)
	}
	var objs GsObjects
	if err := spec.LoadAndAssign(&objs, nil); err != nil {
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			t.Fatalf("load interpreter: %+v", ve)
		}
		t.Fatalf("load interpreter: %v", err)
	}
	t.Cleanup(func() { objs.Close() })
	return &objs
}

// probeCode is one probe's instructions.
type probeCode struct {
	sym   string
	insns []ir.Insn
}

// install writes the probes' code to gs_insns, one range each, and their
// gs_probes entries (id = index).
func install(t testing.TB, objs *GsObjects, probes []probeCode) {
	t.Helper()
	pc := uint32(0)
	for id, p := range probes {
		for i, ins := range p.insns {
			v := GsInsn{Op: uint8(ins.Op), A: ins.A, B: ins.B, C: ins.C, Imm: ins.Imm}
			if err := objs.GsInsns.Put(pc+uint32(i), v); err != nil {
				t.Fatal(err)
			}
		}
		gp := GsProbe{Start: pc, Len: uint32(len(p.insns)), Version: ir.Version, Module: ir.ModuleNone}
		if err := objs.GsProbes.Put(uint32(id), gp); err != nil {
			t.Fatal(err)
		}
		pc += uint32(len(p.insns))
	}
}

// uprobeProg names one of the four uprobe programs.
type uprobeProg struct {
	multi     bool // gs_uprobe_multi[_s]: one link for all probes, else one per probe
	sleepable bool // gs_uprobe[_multi]_s: user reads fault pages in
}

// uprobeProgs are all of them.
var uprobeProgs = []uprobeProg{{}, {multi: true}, {sleepable: true}, {multi: true, sleepable: true}}

func (u uprobeProg) String() string {
	name := "gs_uprobe"
	if u.multi {
		name += "_multi"
	}
	if u.sleepable {
		name += "_s"
	}
	return name
}

func (u uprobeProg) prog(objs *GsObjects) *ebpf.Program {
	switch u {
	case uprobeProg{multi: true}:
		return objs.GsUprobeMulti
	case uprobeProg{sleepable: true}:
		return objs.GsUprobeS
	case uprobeProg{multi: true, sleepable: true}:
		return objs.GsUprobeMultiS
	}
	return objs.GsUprobe
}

// attach attaches every probe to its symbol in bin with program u.
func attach(t *testing.T, objs *GsObjects, bin string, probes []probeCode, u uprobeProg) {
	t.Helper()
	ex, err := link.OpenExecutable(bin)
	if err != nil {
		t.Fatal(err)
	}
	if u.multi {
		var syms []string
		var cookies []uint64
		for id, p := range probes {
			syms = append(syms, p.sym)
			cookies = append(cookies, uint64(id))
		}
		l, err := ex.UprobeMulti(syms, u.prog(objs), &link.UprobeMultiOptions{Cookies: cookies})
		if err != nil {
			t.Fatalf("attach %s: %v", u, err)
		}
		t.Cleanup(func() { l.Close() })
		return
	}
	for id, p := range probes {
		l, err := ex.Uprobe(p.sym, u.prog(objs), &link.UprobeOptions{Cookie: uint64(id)})
		if err != nil {
			t.Fatalf("attach %s to %s: %v", u, p.sym, err)
		}
		t.Cleanup(func() { l.Close() })
	}
}

func newReader(t *testing.T, objs *GsObjects) *ringbuf.Reader {
	t.Helper()
	rd, err := ringbuf.NewReader(objs.GsEvents)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rd.Close() })
	return rd
}

// records reads exactly n records, then checks that no more are there.
func records(t *testing.T, rd *ringbuf.Reader, n int) [][]byte {
	t.Helper()
	var out [][]byte
	rd.SetDeadline(time.Now().Add(5 * time.Second))
	for len(out) < n {
		r, err := rd.Read()
		if err != nil {
			t.Fatalf("read record %d of %d: %v", len(out)+1, n, err)
		}
		out = append(out, r.RawSample)
	}
	if extra := rd.AvailableBytes(); extra != 0 {
		t.Fatalf("%d unexpected bytes in the ring buffer after %d records", extra, n)
	}
	return out
}

// counters sums gs_counters over the CPUs.
func counters(t *testing.T, objs *GsObjects) [ir.NumCounters]uint64 {
	t.Helper()
	var out [ir.NumCounters]uint64
	for c := range out {
		var per []uint64
		if err := objs.GsCounters.Lookup(uint32(c), &per); err != nil {
			t.Fatal(err)
		}
		for _, v := range per {
			out[c] += v
		}
	}
	return out
}

func wantCounters(t *testing.T, objs *GsObjects, want map[ir.Counter]uint64) {
	t.Helper()
	got := counters(t, objs)
	for c := range got {
		if got[c] != want[ir.Counter(c)] {
			t.Errorf("counter %q = %d, want %d", ir.CounterNames[c], got[c], want[ir.Counter(c)])
		}
	}
}

func u64(b []byte, off int) uint64 { return binary.LittleEndian.Uint64(b[off:]) }

// Assembler shorthands.
func record(ev int32) ir.Insn         { return ir.Insn{Op: ir.OpRecord, Imm: ev} }
func emit(size int32) ir.Insn         { return ir.Insn{Op: ir.OpEmit, Imm: size} }
func movi(a uint8, v int32) ir.Insn   { return ir.Insn{Op: ir.OpMovImm, A: a, Imm: v} }
func ldreg(a uint8, slot int) ir.Insn { return ir.Insn{Op: ir.OpLdReg, A: a, Imm: int32(slot)} }
func ldctx(a uint8, c ir.Ctx) ir.Insn { return ir.Insn{Op: ir.OpLdCtx, A: a, Imm: int32(c)} }
func st(off int32, a uint8) ir.Insn   { return ir.Insn{Op: ir.OpStHeap, A: a, C: 8, Imm: off} }
func op3(op ir.Op, a, b, c uint8) ir.Insn {
	return ir.Insn{Op: op, A: a, B: b, C: c}
}
func ldi64(a uint8, v uint64) []ir.Insn {
	return []ir.Insn{{Op: ir.OpLdImm64, A: a, Imm: int32(uint32(v))}, {Op: ir.OpNop, Imm: int32(uint32(v >> 32))}}
}

func cat(parts ...any) []ir.Insn {
	var out []ir.Insn
	for _, p := range parts {
		switch p := p.(type) {
		case ir.Insn:
			out = append(out, p)
		case []ir.Insn:
			out = append(out, p...)
		default:
			panic(fmt.Sprintf("cat: %T", p))
		}
	}
	return out
}

func TestLoad(t *testing.T) {
	needRoot(t)
	for _, v := range Variants {
		t.Run(v.Name, func(t *testing.T) { testLoad(t, v) })
	}
}

// verifiedMax bounds the instructions the verifier processes on each
// variant's uprobe programs (see testLoad).
var verifiedMax = map[string]uint32{"core": 4500, "maps": 6500, "full": 12500}

func testLoad(t *testing.T, v *Variant) {
	spec, err := v.Spec()
	if err != nil {
		t.Fatal(err)
	}
	var version uint32
	if err := spec.Variables["gs_version"].Get(&version); err != nil || version != ir.Version {
		t.Errorf("gs_version = %d (%v), want %d", version, err, ir.Version)
	}
	coll, err := ebpf.NewCollectionWithOptions(spec, ebpf.CollectionOptions{
		Programs: ebpf.ProgramOptions{LogLevel: ebpf.LogLevelStats},
	})
	if err != nil {
		t.Fatalf("load interpreter: %+v", err)
	}
	defer coll.Close()
	for _, name := range []string{"gs_uprobe", "gs_uprobe_multi", "gs_uprobe_s", "gs_uprobe_multi_s", "gs_perf_event"} {
		p := coll.Programs[name]
		if p == nil {
			t.Fatalf("no program %s", name)
		}
		info, err := p.Info()
		if err != nil {
			t.Fatal(err)
		}
		n, ok := info.VerifiedInstructions()
		if !ok {
			t.Fatalf("%s: the kernel does not report verified instructions", name)
		}
		t.Logf("%s: verifier processed %d instructions", name, n)
		// The verifier sees gs_step once (about 4,300 instructions) and
		// the stack walk's callback once (OpStStack and OpStackID share
		// its call, stack_op; about 2,000 with its row search's 24
		// bounded iterations, signal frames and CFA expressions) and the
		// fallback to gs_uvmas for a mapping bpf_find_vma cannot look up
		// (gs_find_uvma, about 200: its halving is branch-free), OpStackID's search for a free id
		// about 450; a jump past this means that it explores one of them
		// several times (see struct scratch and struct unwind). The map walks (OpMapKeys,
		// OpMapNext, an aggregation's value over the CPUs) add about 600,
		// OpTseries about 300.
		// The core variant, without strings, maps and stacks, about 3,600;
		// maps, without strings and stacks, about 5,100.
		if max := verifiedMax[v.Name]; n > max {
			t.Errorf("%s: verifier processed %d instructions, want at most %d\n%s", name, n, max, p.VerifierLog)
		}
		if err := mainFrameError(p.VerifierLog); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// privateStackMin is the kernel's BPF_PRIV_STACK_MIN_SIZE: from 6.13 the
// JIT puts a program's (or subprogram's) frame of at least this many bytes
// on a per-CPU private stack.
const privateStackMin = 64

// mainFrameError checks the frame sizes in a verifier log ("stack depth
// 56+120+0": the main program's, then each subprogram's). The main
// program's must stay on the task's stack, under privateStackMin: a
// private stack is shared by every run on the CPU, and a sleepable (or
// preempted) run would find its frame overwritten by the next hit's (a
// kernel oops, as TestSleepingProbe once showed). The bpf_loop callbacks
// run only under the scratch entry's busy flag, one per CPU at a time, and
// may be larger (bpf/c/interp.bpf.c, "Stack frames").
func mainFrameError(log string) error {
	m := regexp.MustCompile(`stack depth (\d+)`).FindStringSubmatch(log)
	if m == nil {
		return fmt.Errorf("no stack depth in the verifier log:\n%s", log)
	}
	if main, _ := strconv.Atoi(m[1]); main >= privateStackMin {
		return fmt.Errorf("the main program's frame is %d bytes; at %d or more the kernel moves it to a per-CPU stack that a second hit on the CPU overwrites", main, privateStackMin)
	}
	return nil
}

func TestMainFrameError(t *testing.T) {
	if err := mainFrameError("processed 10 insns\nstack depth 56+120+0\n"); err != nil {
		t.Errorf("56 bytes: %v", err)
	}
	if err := mainFrameError("stack depth 64+8+0"); err == nil {
		t.Error("a 64-byte main frame passed")
	}
	if err := mainFrameError("processed 10 insns"); err == nil {
		t.Error("a log without stack depth passed")
	}
}

// addProg records add's arguments and the context values.
var addProg = cat(
	record(0),
	ldreg(1, regDI), st(8, 1),
	ldreg(1, regSI), st(16, 1),
	ldctx(1, ir.CtxPid), st(24, 1),
	ldctx(1, ir.CtxTid), st(32, 1),
	ldctx(1, ir.CtxUid), st(40, 1),
	ldctx(1, ir.CtxGid), st(48, 1),
	ldctx(1, ir.CtxNsecs), st(56, 1),
	ldctx(1, ir.CtxElapsed), st(64, 1),
	ldctx(1, ir.CtxCpu), st(72, 1),
	ldctx(1, ir.CtxProbe), st(80, 1),
	ir.Insn{Op: ir.OpLdBias, A: 1, Imm: 0}, st(88, 1),
	ir.Insn{Op: ir.OpLdBias, A: 1, Imm: 1}, st(96, 1),
	ir.Insn{Op: ir.OpStStack, C: 4, Imm: 104}, // 104: count, 112-239: frames
	ldreg(1, regIP), st(240, 1),
	emit(248),
)

// greetProg records a string argument in several ways.
var greetProg = cat(
	record(1),
	ir.Insn{Op: ir.OpStComm, Imm: 56}, // right after the string slot: ststr must not clobber it
	ldreg(1, regDI),
	movi(2, 32),
	ir.Insn{Op: ir.OpStStr, A: 1, B: 2, Imm: 8}, // 8: slot, 24-55: text
	ir.Insn{Op: ir.OpLoad, A: 3, B: 1, C: 8, Imm: 0},
	ir.Insn{Op: ir.OpStStatus, Imm: 72},
	st(88, 3),
	ir.Insn{Op: ir.OpTakeFault, A: 4}, st(96, 4),
	// A string slot holding "hello" at 104.
	movi(5, 5), st(104, 5),
	movi(5, 0), st(112, 5),
	ldi64(5, binary.LittleEndian.Uint64([]byte("hello\x00\x00\x00"))), st(120, 5),
	movi(6, 8), movi(7, 104),
	ir.Insn{Op: ir.OpStrEq, A: 8, B: 6, C: 7, Imm: 5}, st(128, 8),
	ir.Insn{Op: ir.OpStrEq, A: 8, B: 6, C: 7, Imm: 64}, st(136, 8),
	movi(9, 6),
	ir.Insn{Op: ir.OpStMem, A: 1, B: 9, Imm: 144}, // 144: status, 152: address, 160-165: bytes
	emit(168),
)

func TestEndToEnd(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			const start = 1000
			objs := load(t, func(spec *ebpf.CollectionSpec) {
				if err := spec.Variables["gs_start_ns"].Set(uint64(start)); err != nil {
					t.Fatal(err)
				}
				spec.Maps["gs_urows"].MaxEntries = 64
			})
			fillUnwindOf(t, objs, bin)
			probes := []probeCode{{"add", addProg}, {"greet", greetProg}}
			install(t, objs, probes)
			tg := startTarget(t, bin)
			if err := objs.GsBias.Put(GsBiasKey{Tgid: tg.pid(), Module: 0}, biasVal(t, tg, 0x5555000)); err != nil {
				t.Fatal(err)
			}
			attach(t, objs, bin, probes, u)
			rd := newReader(t, objs)

			t.Run("add", func(t *testing.T) {
				if got := tg.call(t, "add 40 -2"); got != "38" {
					t.Fatalf("add answered %q", got)
				}
				r := records(t, rd, 1)[0]
				if len(r) != 248 {
					t.Fatalf("record of %d bytes, want 248", len(r))
				}
				pid := uint64(tg.pid())
				checks := []struct {
					name string
					got  uint64
					want uint64
				}{
					{"event id", uint64(binary.LittleEndian.Uint32(r)), 0},
					{"probe id", uint64(binary.LittleEndian.Uint32(r[4:])), 0},
					{"arg0", uint64(int32(u64(r, 8))), 40},
					{"arg1", uint64(int64(int32(u64(r, 16)))), ^uint64(1)},
					{"pid", u64(r, 24), pid},
					{"tid", u64(r, 32), pid},
					{"uid", u64(r, 40), 0},
					{"gid", u64(r, 48), 0},
					{"probe", u64(r, 80), 0},
					{"bias 0", u64(r, 88), 0x5555000},
					{"bias 1", u64(r, 96), ir.BiasUnknown}, // no gs_bias entry
					{"stack[0] status", uint64(binary.LittleEndian.Uint32(r[112:])), ir.StackFrameValid},
					{"stack[0] offset", u64(r, 112+ir.StackFrameAddr), fileOffset(t, bin, "add")},
				}
				for _, c := range checks {
					if c.got != c.want {
						t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
					}
				}
				if u64(r, 56) == 0 {
					t.Error("nsecs is 0")
				}
				// elapsed reads the clock after nsecs did.
				if d := u64(r, 64) - (u64(r, 56) - start); d > uint64(time.Millisecond) {
					t.Errorf("elapsed = %d, want nsecs - %d = %d", u64(r, 64), start, u64(r, 56)-start)
				}
				if cpu := u64(r, 72); cpu >= uint64(runtime.NumCPU()) {
					t.Errorf("cpu = %d", cpu)
				}
				if n := u64(r, 104); n < 2 || n > 4 {
					t.Errorf("stack has %d frames, want 2-4", n)
				}
				if id := r[112+ir.StackFrameBuildID : 112+ir.StackFrameAddr]; !bytes.Equal(id, buildID(t, bin)) {
					t.Errorf("stack[0] build id %x, want %x", id, buildID(t, bin))
				}
			})

			long := strings.Repeat("abcdefghij", 4)
			exact := long[:32]
			for _, tc := range []struct {
				arg      string
				text     string
				flags    uint8
				eq5      uint64
				eq64     uint64
				readAddr uint64 // 0: read from the string, as answered
			}{
				{arg: "greet hello, world", text: "hello, world", eq5: 1},
				{arg: "greet hello", text: "hello", eq5: 1, eq64: 1},
				{arg: "greet ", text: ""},
				{arg: "greet " + exact, text: exact},
				{arg: "greet " + long, text: exact, flags: ir.StrTruncated},
				{arg: "greetaddr 16", flags: ir.StrFault, readAddr: 16},
			} {
				t.Run(tc.arg, func(t *testing.T) {
					ans := strings.Fields(tg.call(t, tc.arg))
					if len(ans) != 2 {
						t.Fatalf("greet answered %q", ans)
					}
					addr, _ := strconv.ParseUint(ans[1], 10, 64)
					r := records(t, rd, 1)[0]
					if len(r) != 168 {
						t.Fatalf("record of %d bytes, want 168", len(r))
					}
					if id := binary.LittleEndian.Uint32(r[4:]); id != 1 {
						t.Errorf("probe id %d, want 1", id)
					}
					n := binary.LittleEndian.Uint16(r[8:])
					if n != uint16(len(tc.text)) || r[10] != tc.flags || string(r[24:24+int(n)]) != tc.text {
						t.Errorf("string slot {len %d, flags %d, %q}, want {%d, %d, %q}",
							n, r[10], r[24:24+int(min(n, 32))], len(tc.text), tc.flags, tc.text)
					}
					if got := u64(r, 16); got != addr {
						t.Errorf("string address %#x, want %#x", got, addr)
					}
					if comm := string(bytes.TrimRight(r[56:72], "\x00")); comm != "gstarget" {
						t.Errorf("comm %q, want %q (clobbered by the string read?)", comm, "gstarget")
					}
					wantStatus, wantFault, wantVal := uint64(ir.StatusOK), uint64(0), uint64(0)
					var buf [8]byte
					copy(buf[:], tc.text+"\x00")
					wantVal = binary.LittleEndian.Uint64(buf[:])
					if tc.flags&ir.StrFault != 0 {
						wantStatus, wantFault, wantVal = ir.StatusReadError, tc.readAddr, 0
					}
					if len(tc.text) < 7 && tc.flags == 0 {
						wantVal = u64(r, 88) // bytes past the NUL are the target's
					}
					if u64(r, 72) != wantStatus || u64(r, 80) != wantFault || u64(r, 88) != wantVal {
						t.Errorf("load status {%d, %#x} value %#x, want {%d, %#x} %#x",
							u64(r, 72), u64(r, 80), u64(r, 88), wantStatus, wantFault, wantVal)
					}
					if u64(r, 96) != 0 {
						t.Error("takefault after ststatus returned 1")
					}
					if u64(r, 128) != tc.eq5 || u64(r, 136) != tc.eq64 {
						t.Errorf("streq(hello, 5) = %d, streq(hello, 64) = %d, want %d, %d",
							u64(r, 128), u64(r, 136), tc.eq5, tc.eq64)
					}
					if tc.flags&ir.StrFault != 0 {
						if u64(r, 144) != ir.StatusReadError || u64(r, 152) != tc.readAddr {
							t.Errorf("stmem status {%d, %#x}, want {1, %#x}", u64(r, 144), u64(r, 152), tc.readAddr)
						}
					} else if u64(r, 144) != ir.StatusOK || u64(r, 152) != 0 ||
						len(tc.text) >= 6 && string(r[160:166]) != tc.text[:6] {
						t.Errorf("stmem {%d, %#x, %q}, want {0, 0, %q}", u64(r, 144), u64(r, 152), r[160:166], tc.text)
					}
				})
			}
			wantCounters(t, objs, nil)
			var lost []uint64
			if err := objs.GsLost.Lookup(uint32(0), &lost); err != nil {
				t.Fatal(err)
			}
			for _, v := range lost {
				if v != 0 {
					t.Errorf("gs_lost[0] = %v", lost)
				}
			}
		})
	}
}

func TestBadProgram(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, nil)
	probes := []probeCode{
		{"add", cat(record(0), ir.Insn{Op: ir.Op(200)}, emit(8))},       // unknown op
		{"add", cat(record(0), ir.Insn{Op: ir.OpJa, Imm: 2}, emit(8))},  // past the end
		{"add", cat(record(0), ir.Insn{Op: ir.OpJa, Imm: -3}, emit(8))}, // before the start
		{"add", cat(record(0), emit(0))},                                // empty record
		{"add", cat(record(0), emit(ir.HeapSize+1))},                    // record past the heap
		{"add", cat(record(0), ir.Insn{Op: ir.OpStHeap, C: 8, Imm: ir.HeapSize - 4}, emit(8))},
		{"add", cat(record(0), ir.Insn{Op: ir.OpStHeap, C: 3, Imm: 8}, emit(8))}, // bad size
		{"add", cat(record(0), ir.Insn{Op: ir.OpLdReg, Imm: ir.PtRegsSlots}, emit(8))},
		{"add", cat(record(0), ir.Insn{Op: ir.OpLdCtx, Imm: 99}, emit(8))},
		{"add", cat(record(0), ir.Insn{Op: ir.OpLdImm64})},                         // no second slot
		{"add", cat(record(0), ir.Insn{Op: ir.OpMapAgg, C: 99, Imm: 64}, emit(8))}, // unknown aggregation
		{"add", cat(record(0), ir.Insn{Op: ir.OpStStack, C: ir.MaxStack + 1, Imm: 64}, emit(8))},
		{"add", cat(record(0), emit(8))}, // a good one, so we know the probes fire
		{"add", cat(record(0), emit(8))}, // wrong version, set below
	}
	install(t, objs, probes)
	last := uint32(len(probes) - 1)
	var p GsProbe
	if err := objs.GsProbes.Lookup(last, &p); err != nil {
		t.Fatal(err)
	}
	p.Version = ir.Version + 1
	if err := objs.GsProbes.Put(last, p); err != nil {
		t.Fatal(err)
	}
	attach(t, objs, bin, probes, uprobeProg{})
	rd := newReader(t, objs)
	tg := startTarget(t, bin)
	tg.call(t, "add 1 2")
	r := records(t, rd, 1)[0]
	if id := binary.LittleEndian.Uint32(r[4:]); id != last-1 {
		t.Errorf("record from probe %d, want %d", id, last-1)
	}
	wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterBadProgram: uint64(len(probes) - 1)})
}

func TestStepLimit(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, nil)
	probes := []probeCode{{"add", cat(record(0), ir.Insn{Op: ir.OpJa, Imm: -1}, emit(8))}}
	install(t, objs, probes)
	attach(t, objs, bin, probes, uprobeProg{})
	rd := newReader(t, objs)
	tg := startTarget(t, bin)
	tg.call(t, "add 1 2")
	tg.call(t, "add 1 2")
	records(t, rd, 0)
	wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterStepLimit: 2})
}

func TestRingBufferFull(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, func(spec *ebpf.CollectionSpec) {
		spec.Maps["gs_events"].MaxEntries = uint32(os.Getpagesize())
	})
	probes := []probeCode{{"add", cat(record(0), ldreg(1, regDI), st(8, 1), emit(1024))}}
	install(t, objs, probes)
	attach(t, objs, bin, probes, uprobeProg{})
	tg := startTarget(t, bin)
	const calls = 10
	for i := range calls {
		tg.call(t, fmt.Sprintf("add %d 0", i))
	}
	var per []uint64
	if err := objs.GsLost.Lookup(uint32(0), &per); err != nil {
		t.Fatal(err)
	}
	var lost uint64
	for _, v := range per {
		lost += v
	}
	fit := uint64(os.Getpagesize() / (1024 + 8))
	if lost != calls-fit {
		t.Errorf("lost %d records, want %d", lost, calls-fit)
	}
	rd := newReader(t, objs)
	for i, r := range records(t, rd, int(calls-lost)) {
		if got := u64(r, 8); got != uint64(i) {
			t.Errorf("record %d holds %d", i, got)
		}
	}
	wantCounters(t, objs, nil)
}

// aggKey is the gs_aggs/gs_vals key of map id with no key values.
func aggKey(id uint8) []byte {
	k := make([]byte, ir.MapKeySize)
	k[0] = id
	return k
}

// TestAggregations runs on a sleepable program too: gs_aggs and gs_vals
// are hash maps, which sleepable programs may use.
func TestAggregations(t *testing.T) {
	for _, u := range []uprobeProg{{}, {sleepable: true}} {
		t.Run(u.String(), func(t *testing.T) { testAggregations(t, u) })
	}
}

// setCells gives probe id its first cell in gs_cells, as the runtime
// does from ir.Probe.Cells.
func setCells(t *testing.T, objs *GsObjects, id, cells uint32) {
	t.Helper()
	var gp GsProbe
	if err := objs.GsProbes.Lookup(id, &gp); err != nil {
		t.Fatal(err)
	}
	gp.Cells = cells
	if err := objs.GsProbes.Put(id, gp); err != nil {
		t.Fatal(err)
	}
}

// keyOff is where argAndEmptyKey builds its map key.
const keyOff = 256

// argAndEmptyKey loads add's first argument (an int) into r1 and builds
// an all-zero map key at heap[keyOff], for the aggregation tests.
func argAndEmptyKey() []ir.Insn {
	code := cat(ldreg(1, regDI), ir.Insn{Op: ir.OpSext, A: 1, B: 1, C: 4}, movi(2, 0))
	for off := int32(8); off < ir.MapKeySize; off += 8 {
		code = append(code, st(keyOff+off, 2))
	}
	return code
}

func testAggregations(t *testing.T, u uprobeProg) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, nil)
	code := argAndEmptyKey()
	// Each aggregation twice: into gs_aggs, and into cells (the probe's
	// first cell is cellBase), which must hold the same first slots.
	aggs := []ir.Agg{ir.AggCount, ir.AggSum, ir.AggMin, ir.AggMax, ir.AggAvg, ir.AggStats, ir.AggHist, ir.AggLhist}
	const cellBase = 7
	cellOff := make([]int, len(aggs))
	for id, agg := range aggs {
		code = append(code, ir.Insn{Op: ir.OpMapAgg, A: 1, B: uint8(id + 1), C: uint8(agg), Imm: keyOff})
		if id > 0 {
			cellOff[id] = cellOff[id-1] + ir.CellsOf(aggs[id-1])
		}
		code = append(code, ir.Insn{Op: ir.OpCellAgg, A: 1, B: uint8(id + 1), C: uint8(agg), Imm: int32(cellOff[id])})
	}
	// OpCellAggReg reads the saved register itself: b (rsi) is 0 at every
	// call, so a sum of it next to a count.
	regCells := cellOff[len(aggs)-1] + ir.CellsOf(aggs[len(aggs)-1])
	code = append(code, ir.Insn{Op: ir.OpCellAggReg, A: uint8(regSI), B: 2, C: uint8(ir.AggSum), Imm: int32(regCells)})
	// @m[] = arg0; @n[] = @m[] * 2 (through mapget); @d[] = 1 then deleted.
	code = append(code,
		ir.Insn{Op: ir.OpMapUpdate, A: 1, B: 20, Imm: keyOff},
		ir.Insn{Op: ir.OpMapLookup, A: 3, B: 20, Imm: keyOff},
		op3(ir.OpAdd, 3, 3, 3),
		ir.Insn{Op: ir.OpMapUpdate, A: 3, B: 21, Imm: keyOff},
		ir.Insn{Op: ir.OpMapUpdate, A: 3, B: 22, Imm: keyOff},
		ir.Insn{Op: ir.OpMapDelete, B: 22, Imm: keyOff},
	)
	probes := []probeCode{{"add", code}}
	install(t, objs, probes)
	setCells(t, objs, 0, cellBase)
	if err := objs.GsMapinfo.Put(uint32(8), GsMapinfo{Min: 0, Max: 10, Step: 2, Agg: uint32(ir.AggLhist)}); err != nil {
		t.Fatal(err)
	}
	attach(t, objs, bin, probes, u)
	tg := startTarget(t, bin)
	values := []int64{0, 1, 2, 3, 5, -1, 100, 9, 10}
	for _, v := range values {
		tg.call(t, fmt.Sprintf("add %d 0", v))
	}
	combine := func(per []GsAgg) (sum GsAgg) {
		first := true
		for _, a := range per {
			if a.V[ir.AggSetSlot] != 0 {
				if first || int64(a.V[ir.AggMinSlot]) < int64(sum.V[ir.AggMinSlot]) {
					sum.V[ir.AggMinSlot] = a.V[ir.AggMinSlot]
				}
				if first || int64(a.V[ir.AggMaxSlot]) > int64(sum.V[ir.AggMaxSlot]) {
					sum.V[ir.AggMaxSlot] = a.V[ir.AggMaxSlot]
				}
				sum.V[ir.AggSetSlot] = 1
				first = false
			}
			for i := range a.V {
				if i != ir.AggMinSlot && i != ir.AggMaxSlot && i != ir.AggSetSlot {
					sum.V[i] += a.V[i]
				}
			}
		}
		return sum
	}
	agg := func(id uint8) GsAgg {
		var per []GsAgg
		if err := objs.GsAggs.Lookup(aggKey(id), &per); err != nil {
			t.Fatalf("gs_aggs[%d]: %v", id, err)
		}
		return combine(per)
	}
	n, total := uint64(len(values)), uint64(0)
	for _, v := range values {
		total += uint64(v)
	}
	minv, maxv := ^uint64(0), uint64(100) // -1 and 100
	if g := agg(1); g.V[ir.AggCountSlot] != n {
		t.Errorf("count = %d, want %d", g.V[ir.AggCountSlot], n)
	}
	if g := agg(2); g.V[ir.AggSumSlot] != total || g.V[ir.AggCountSlot] != n {
		t.Errorf("sum = %d (count %d), want %d", g.V[ir.AggSumSlot], g.V[ir.AggCountSlot], total)
	}
	if g := agg(3); g.V[ir.AggMinSlot] != minv || g.V[ir.AggSetSlot] != 1 {
		t.Errorf("min = %d, want -1", int64(g.V[ir.AggMinSlot]))
	}
	if g := agg(4); g.V[ir.AggMaxSlot] != maxv {
		t.Errorf("max = %d, want 100", int64(g.V[ir.AggMaxSlot]))
	}
	if g := agg(5); g.V[ir.AggCountSlot] != n || g.V[ir.AggSumSlot] != total {
		t.Errorf("avg = {%d, %d}, want {%d, %d}", g.V[ir.AggCountSlot], g.V[ir.AggSumSlot], n, total)
	}
	if g := agg(6); g.V[ir.AggCountSlot] != n || g.V[ir.AggSumSlot] != total || g.V[ir.AggMinSlot] != minv || g.V[ir.AggMaxSlot] != maxv {
		t.Errorf("stats = %v, want {%d, %d, -1, 100}", g.V[:4], n, total)
	}
	buckets := func(g GsAgg) map[int]uint64 {
		m := map[int]uint64{}
		for i := range ir.MaxBuckets {
			if v := g.V[ir.AggBucketBase+i]; v != 0 {
				m[i] = v
			}
		}
		return m
	}
	// hist: -1 → 0, 0 → 1, 1 → 2, [2,4) → 3, [4,8) → 4, [8,16) → 5, [64,128) → 8.
	wantHist := map[int]uint64{0: 1, 1: 1, 2: 1, 3: 2, 4: 1, 5: 2, 8: 1}
	if got := buckets(agg(7)); fmt.Sprint(got) != fmt.Sprint(wantHist) {
		t.Errorf("hist buckets = %v, want %v", got, wantHist)
	}
	// lhist(0, 10, 2): -1 → 0, [0,2) → 1, [2,4) → 2, [4,6) → 3, [8,10) → 5, >= 10 → 6.
	wantLhist := map[int]uint64{0: 1, 1: 2, 2: 2, 3: 1, 5: 1, 6: 2}
	if got := buckets(agg(8)); fmt.Sprint(got) != fmt.Sprint(wantLhist) {
		t.Errorf("lhist buckets = %v, want %v", got, wantLhist)
	}
	var cells []GsCells
	if err := objs.GsCells.Lookup(uint32(0), &cells); err != nil {
		t.Fatal(err)
	}
	var regCount, regSum uint64
	for _, c := range cells {
		regCount += c.V[cellBase+regCells+ir.AggCountSlot]
		regSum += c.V[cellBase+regCells+ir.AggSumSlot]
	}
	if regCount != uint64(len(values)) || regSum != 0 {
		t.Errorf("cellaggreg sum of rsi: count %d, sum %d; want %d, 0", regCount, regSum, len(values))
	}
	for id, a := range aggs {
		want := agg(uint8(id + 1))
		per := make([]GsAgg, len(cells))
		for cpu, c := range cells {
			copy(per[cpu].V[:ir.CellsOf(a)], c.V[cellBase+cellOff[id]:])
		}
		got := combine(per)
		for i := range ir.CellsOf(a) {
			if got.V[i] != want.V[i] {
				t.Errorf("%s in cells: slot %d = %d, gs_aggs has %d", ir.AggNames[a], i, int64(got.V[i]), int64(want.V[i]))
			}
		}
	}
	var v uint64
	if err := objs.GsVals.Lookup(aggKey(20), &v); err != nil || v != 10 {
		t.Errorf("@m = %d (%v), want 10", v, err)
	}
	if err := objs.GsVals.Lookup(aggKey(21), &v); err != nil || v != 20 {
		t.Errorf("@n = %d (%v), want 20", v, err)
	}
	if err := objs.GsVals.Lookup(aggKey(22), &v); !errors.Is(err, ebpf.ErrKeyNotExist) {
		t.Errorf("@d = %d (%v), want deleted", v, err)
	}
	wantCounters(t, objs, nil)
}

// aluOps are checked against Go's arithmetic on int64 operands a and b.
var aluOps = []struct {
	op   ir.Op
	want func(a, b int64) int64
}{
	{ir.OpAdd, func(a, b int64) int64 { return a + b }},
	{ir.OpSub, func(a, b int64) int64 { return a - b }},
	{ir.OpMul, func(a, b int64) int64 { return a * b }},
	{ir.OpDivU, func(a, b int64) int64 {
		if b == 0 {
			return 0
		}
		return int64(uint64(a) / uint64(b))
	}},
	{ir.OpDivS, func(a, b int64) int64 {
		if b == 0 {
			return 0
		}
		return a / b
	}},
	{ir.OpModU, func(a, b int64) int64 {
		if b == 0 {
			return a
		}
		return int64(uint64(a) % uint64(b))
	}},
	{ir.OpModS, func(a, b int64) int64 {
		if b == 0 {
			return a
		}
		return a % b
	}},
	{ir.OpAnd, func(a, b int64) int64 { return a & b }},
	{ir.OpOr, func(a, b int64) int64 { return a | b }},
	{ir.OpXor, func(a, b int64) int64 { return a ^ b }},
	{ir.OpShl, func(a, b int64) int64 { return a << (b & 63) }},
	{ir.OpShr, func(a, b int64) int64 { return int64(uint64(a) >> (b & 63)) }},
	{ir.OpSar, func(a, b int64) int64 { return a >> (b & 63) }},
	{ir.OpEq, func(a, b int64) int64 { return b2i(a == b) }},
	{ir.OpNe, func(a, b int64) int64 { return b2i(a != b) }},
	{ir.OpLtS, func(a, b int64) int64 { return b2i(a < b) }},
	{ir.OpLeS, func(a, b int64) int64 { return b2i(a <= b) }},
	{ir.OpLtU, func(a, b int64) int64 { return b2i(uint64(a) < uint64(b)) }},
	{ir.OpLeU, func(a, b int64) int64 { return b2i(uint64(a) <= uint64(b)) }},
	// Unary ops and immediates use a only.
	{ir.OpNeg, func(a, b int64) int64 { return -a }},
	{ir.OpNot, func(a, b int64) int64 { return ^a }},
	{ir.OpLNot, func(a, b int64) int64 { return b2i(a == 0) }},
	{ir.OpMov, func(a, b int64) int64 { return a }},
	{ir.OpAddImm, func(a, b int64) int64 { return a - 5 }},
	{ir.OpSext, func(a, b int64) int64 { return int64(int8(a)) }},
	{ir.OpZext, func(a, b int64) int64 { return int64(uint16(a)) }},
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func TestALU(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, nil)
	// r1 = a, r2 = b (from add's int arguments, or from r10/r11 when
	// the argument is 0x7fffffff, to reach 64-bit values).
	code := cat(
		record(0),
		ldreg(1, regDI), op3(ir.OpSext, 1, 1, 4),
		ldreg(2, regSI), op3(ir.OpSext, 2, 2, 4),
		ldi64(10, 1<<63), movi(11, -1), ldi64(12, 0x7fffffff),
		op3(ir.OpEq, 13, 1, 12), ir.Insn{Op: ir.OpJz, A: 13, Imm: 1}, op3(ir.OpMov, 1, 10, 0),
		op3(ir.OpEq, 13, 2, 12), ir.Insn{Op: ir.OpJz, A: 13, Imm: 1}, op3(ir.OpMov, 2, 11, 0),
	)
	for i, o := range aluOps {
		ins := op3(o.op, 3, 1, 2)
		switch o.op {
		case ir.OpAddImm:
			ins.Imm = -5
		case ir.OpSext:
			ins.C = 1
		case ir.OpZext:
			ins.C = 2
		}
		code = append(code, ins, st(int32(8+8*i), 3))
	}
	size := int32(8 + 8*len(aluOps))
	// A loop: r4 = a + (a-1) + ... + 1 for a > 0, and sized heap loads.
	code = append(code,
		op3(ir.OpMov, 5, 1, 0), movi(4, 0),
		ir.Insn{Op: ir.OpLeS, A: 6, B: 5, C: 0}, // r0 is 0
		ir.Insn{Op: ir.OpJnz, A: 6, Imm: 3},
		op3(ir.OpAdd, 4, 4, 5),
		ir.Insn{Op: ir.OpAddImm, A: 5, B: 5, Imm: -1},
		ir.Insn{Op: ir.OpJa, Imm: -5},
		st(size, 4),
		movi(7, -2), st(size+8, 7),
		ir.Insn{Op: ir.OpLdHeap, A: 8, C: 1, Imm: size + 8}, st(size+16, 8),
		ir.Insn{Op: ir.OpLdHeap, A: 8, C: 2, Imm: size + 8}, st(size+24, 8),
		ir.Insn{Op: ir.OpLdHeap, A: 8, C: 4, Imm: size + 8}, st(size+32, 8),
		ir.Insn{Op: ir.OpLdHeap, A: 8, C: 8, Imm: size + 8}, st(size+40, 8),
		ir.Insn{Op: ir.OpStHeap, A: 11, C: 2, Imm: size + 48}, // only 2 bytes of -1
		emit(size+56),
	)
	probes := []probeCode{{"add", code}}
	install(t, objs, probes)
	attach(t, objs, bin, probes, uprobeProg{})
	rd := newReader(t, objs)
	tg := startTarget(t, bin)
	const big = 0x7fffffff // stands for 1<<63 as a, -1 as b
	for _, ab := range [][2]int64{{7, 3}, {-7, 3}, {7, -3}, {-7, -3}, {7, 0}, {0, 0}, {-2147483648, -1},
		{100, 65}, {-1, 63}, {-1, 64}, {300, 300}, {big, big}, {big, 2}, {5, big}} {
		t.Run(fmt.Sprint(ab), func(t *testing.T) {
			tg.call(t, fmt.Sprintf("add %d %d", ab[0], ab[1]))
			r := records(t, rd, 1)[0]
			a, b := ab[0], ab[1]
			if a == big {
				a = -1 << 63
			}
			if b == big {
				b = -1
			}
			for i, o := range aluOps {
				if got, want := int64(u64(r, 8+8*i)), o.want(a, b); got != want {
					t.Errorf("%s(%d, %d) = %d, want %d", o.op, a, b, got, want)
				}
			}
			sum := int64(0)
			for i := a; i > 0 && a < 1000; i-- {
				sum += i
			}
			if a < 1000 {
				if got := int64(u64(r, int(size))); got != sum {
					t.Errorf("loop sum = %d, want %d", got, sum)
				}
			}
			for i, want := range []uint64{0xfffffffffffffffe, 0xfe, 0xfffe, 0xfffffffe, 0xfffffffffffffffe} {
				if got := u64(r, int(size)+8+8*i); got != want {
					t.Errorf("heap word %d = %#x, want %#x", i, got, want)
				}
			}
			if got := binary.LittleEndian.Uint16(r[size+48:]); got != 0xffff {
				t.Errorf("2-byte store wrote %#x", got)
			}
		})
	}
	wantCounters(t, objs, nil)
}

// attachPerfEvent links prog to a perf event with a cookie. cilium/ebpf has
// no exported way to set a perf_event link's cookie, so this is the raw
// BPF_LINK_CREATE.
func attachPerfEvent(t *testing.T, prog *ebpf.Program, perfFD int, cookie uint64) {
	t.Helper()
	attr := struct {
		progFD, targetFD, attachType, flags uint32
		cookie                              uint64
		_                                   [24]byte
	}{progFD: uint32(prog.FD()), targetFD: uint32(perfFD), attachType: unix.BPF_PERF_EVENT, cookie: cookie}
	fd, _, errno := unix.Syscall(unix.SYS_BPF, unix.BPF_LINK_CREATE, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr))
	if errno != 0 {
		t.Fatalf("create perf_event link: %v", errno)
	}
	t.Cleanup(func() { unix.Close(int(fd)) })
}

func TestPerfEvent(t *testing.T) {
	needRoot(t)
	objs := load(t, nil)
	const id = 7
	probes := make([]probeCode, id+1)
	probes[id] = probeCode{insns: cat(
		record(3),
		ldctx(1, ir.CtxCpu), st(8, 1),
		ldctx(1, ir.CtxProbe), st(16, 1),
		ldreg(1, regIP), st(24, 1),
		emit(32),
	)}
	install(t, objs, probes)
	pfd, err := unix.PerfEventOpen(&unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Sample: 1000000, // 1 ms
	}, -1, 0, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		t.Fatalf("perf_event_open: %v", err)
	}
	t.Cleanup(func() { unix.Close(pfd) })
	// A sample of the idle task or a kernel thread has no user registers
	// (ip 0): a shell spinning on CPU 0 gives most samples a user ip.
	spin := exec.Command("sh", "-c", "while :; do :; done")
	if err := spin.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { spin.Process.Kill(); spin.Wait() })
	var cpu0 unix.CPUSet
	cpu0.Set(0)
	if err := unix.SchedSetaffinity(spin.Process.Pid, &cpu0); err != nil {
		t.Fatal(err)
	}
	attachPerfEvent(t, objs.GsPerfEvent, pfd, id)
	rd := newReader(t, objs)
	rd.SetDeadline(time.Now().Add(5 * time.Second))
	userIP := false
	for i := 0; i < 200 && !userIP; i++ {
		r, err := rd.Read()
		if err != nil {
			t.Fatalf("read record %d: %v", i, err)
		}
		b := r.RawSample
		if len(b) != 32 || binary.LittleEndian.Uint32(b) != 3 || binary.LittleEndian.Uint32(b[4:]) != id {
			t.Fatalf("record % x", b)
		}
		if cpu, probe := u64(b, 8), u64(b, 16); cpu != 0 || probe != id {
			t.Fatalf("cpu %d probe %d, want 0 and %d", cpu, probe, id)
		}
		userIP = u64(b, 24) != 0
	}
	if !userIP {
		t.Error("the interrupted ip is 0 in 200 samples of a CPU a user process spins on")
	}
}

// TestHistBuckets checks hist's bucket (log2) for every power of two an
// int argument reaches and its neighbours, against bpftrace's numbering
// (ir.AggSlots' comment): 0 for x < 0, 1 for 0, 2+floor(log2(x)).
func TestHistBuckets(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	objs := load(t, nil)
	code := argAndEmptyKey()
	code = append(code, ir.Insn{Op: ir.OpMapAgg, A: 1, B: 1, C: uint8(ir.AggHist), Imm: keyOff})
	probes := []probeCode{{"add", code}}
	install(t, objs, probes)
	attach(t, objs, bin, probes, uprobeProg{})
	tg := startTarget(t, bin)
	want := map[int]uint64{}
	for _, v := range []int64{-5, 0, 1, 2, 3} {
		tg.call(t, fmt.Sprintf("add %d 0", v))
		want[int(histBucket(v))]++
	}
	for k := 2; k < 31; k++ {
		for _, v := range []int64{1<<k - 1, 1 << k, 1<<k + 1} {
			tg.call(t, fmt.Sprintf("add %d 0", v))
			want[int(histBucket(v))]++
		}
	}
	var per []GsAgg
	if err := objs.GsAggs.Lookup(aggKey(1), &per); err != nil {
		t.Fatal(err)
	}
	got := map[int]uint64{}
	for _, a := range per {
		for b := range ir.MaxBuckets {
			if n := a.V[ir.AggBucketBase+b]; n != 0 {
				got[b] += n
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("hist buckets\n got %v\nwant %v", got, want)
	}
}

func histBucket(x int64) uint64 {
	switch {
	case x < 0:
		return 0
	case x == 0:
		return 1
	}
	return 2 + uint64(63-bits.LeadingZeros64(uint64(x)))
}

// TestOneAggregation runs programs that are one aggregation into cells,
// which run() does without the interpreter (one_agg): count() of r0 and
// aggregations of a saved register, on plain and sleepable programs.
func TestOneAggregation(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	values := []int64{0, 1, 5, 40, 1000}
	var sum uint64
	for _, v := range values {
		sum += uint64(v)
	}
	tests := []struct {
		name  string
		ins   ir.Insn
		check func(t *testing.T, c *[ir.AggSlots]uint64)
	}{
		{"count", ir.Insn{Op: ir.OpCellAgg, A: 0, B: 1, C: uint8(ir.AggCount), Imm: 3}, func(t *testing.T, c *[ir.AggSlots]uint64) {
			if c[ir.AggCountSlot] != uint64(len(values)) {
				t.Errorf("count %d, want %d", c[ir.AggCountSlot], len(values))
			}
		}},
		{"sum(arg0)", ir.Insn{Op: ir.OpCellAggReg, A: uint8(regDI), B: 1, C: uint8(ir.AggSum), Imm: 3}, func(t *testing.T, c *[ir.AggSlots]uint64) {
			if c[ir.AggCountSlot] != uint64(len(values)) || c[ir.AggSumSlot] != sum {
				t.Errorf("count %d sum %d, want %d %d", c[ir.AggCountSlot], c[ir.AggSumSlot], len(values), sum)
			}
		}},
		{"hist(arg0)", ir.Insn{Op: ir.OpCellAggReg, A: uint8(regDI), B: 1, C: uint8(ir.AggHist), Imm: 3}, func(t *testing.T, c *[ir.AggSlots]uint64) {
			for _, v := range values {
				if b := histBucket(v); c[ir.AggBucketBase+b] == 0 {
					t.Errorf("bucket %d of %d is empty", b, v)
				}
			}
			if c[ir.AggCountSlot] != uint64(len(values)) {
				t.Errorf("count %d, want %d", c[ir.AggCountSlot], len(values))
			}
		}},
	}
	for _, tt := range tests {
		for _, u := range []uprobeProg{{}, {multi: true, sleepable: true}} {
			t.Run(tt.name+"/"+u.String(), func(t *testing.T) {
				objs := load(t, nil)
				probes := []probeCode{{"add", cat(tt.ins)}}
				install(t, objs, probes)
				setCells(t, objs, 0, 5)
				attach(t, objs, bin, probes, u)
				tg := startTarget(t, bin)
				for _, v := range values {
					tg.call(t, fmt.Sprintf("add %d 0", v))
				}
				var cells []GsCells
				if err := objs.GsCells.Lookup(uint32(0), &cells); err != nil {
					t.Fatal(err)
				}
				var total [ir.AggSlots]uint64
				for _, c := range cells {
					for i := range total {
						total[i] += c.V[5+3+i]
					}
				}
				tt.check(t, &total)
				wantCounters(t, objs, nil)
			})
		}
	}
}
