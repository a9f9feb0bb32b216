package bpf

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/internal/elftest"
	"github.com/gs-tracer/gs/internal/testtarget"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// stackSrc calls main → a → b twice from the same place once a line
// arrives on stdin (the probes are attached by then), and exits. Frame
// pointers make the user stack walkable; the volatile local gives the leaf
// b a frame, so b begins with push %rbp and the kernel reports a's return
// address although b has not pushed its frame yet.
const stackSrc = `
#include <stdio.h>

__attribute__((noinline)) int b(int x)
{
	volatile int v = x;
	return v + 1;
}

__attribute__((noinline)) int a(int x)
{
	return b(x) * 2;
}

int main(void)
{
	volatile int n = 2; /* one call site: gcc would unroll a constant loop */
	int s = 0;

	getchar();
	for (int i = 0; i < n; i++)
		s += a(i);
	return s == 6 ? 0 : 1;
}
`

// stackFrames is the number of frames the test captures.
const stackFrames = 8

// stackProg records b's stack with OpStStack and its gs_stacks id.
var stackProg = cat(
	record(0),
	ir.Insn{Op: ir.OpStStack, C: stackFrames, Imm: 8}, // 8: count, 16-271: frames
	ir.Insn{Op: ir.OpStackID, A: 1}, st(8+8+stackFrames*ir.StackFrameSize, 1),
	emit(8+8+stackFrames*ir.StackFrameSize+8),
)

// TestStacks captures b's stack in a build with frame pointers. gs_umods
// is empty, so every frame is a bare address and the unwinder follows rbp
// from the leaf on, as the kernel would; the runtime's tests and tests/e2e
// check the walk by call frame information.
func TestStacks(t *testing.T) {
	needRoot(t)
	bin := testtarget.FromSource(t, testtarget.GCC, "stacks.c", stackSrc, "-O1", "-fno-omit-frame-pointer", "-Wl,--build-id")
	if first, err := firstByte(bin, "b"); err != nil || first != 0x55 {
		t.Fatalf("b begins with %#x (%v), want push %%rbp (0x55)", first, err)
	}
	testStacks(t, bin)
}

func testStacks(t *testing.T, bin string) {
	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, func(spec *ebpf.CollectionSpec) { spec.Maps["gs_urows"].MaxEntries = 64 })
			fillUnwindOf(t, objs, bin)
			probes := []probeCode{{"b", stackProg}}
			install(t, objs, probes)
			attach(t, objs, bin, probes, u)
			rd := newReader(t, objs)

			sym := symbolize.New()
			pid := runStackTarget(t, bin, sym)
			recs := records(t, rd, 2)
			want := []string{"b", "a", "main"}
			var ids [2]uint64
			for i, r := range recs {
				n := u64(r, 8)
				if n < uint64(len(want)) || n > stackFrames {
					t.Fatalf("record %d: %d frames, want %d-%d", i, n, len(want), stackFrames)
				}
				frames := r[16 : 16+n*ir.StackFrameSize]
				got := resolve(sym, pid, frames, int(n))
				t.Logf("record %d: %v", i, got)
				if len(got) < len(want) || fmt.Sprint(got[:len(want)]) != fmt.Sprint(want) {
					t.Errorf("record %d: stack %v, want %v first", i, got, want)
				}
				ids[i] = u64(r, 16+stackFrames*ir.StackFrameSize)
			}
			if ids[0] == ir.StackIDNone || ids[0] != ids[1] {
				t.Fatalf("stack ids %d and %d, want the same id twice", ids[0], ids[1])
			}
			var val []byte
			if err := objs.GsStacks.Lookup(ids[0], &val); err != nil {
				t.Fatalf("gs_stacks[%d]: %v", ids[0], err)
			}
			if len(val) != ir.MaxStack*ir.StackFrameSize {
				t.Fatalf("gs_stacks value of %d bytes, want %d", len(val), ir.MaxStack*ir.StackFrameSize)
			}
			if got := resolve(sym, pid, val, len(want)); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("gs_stacks[%d] = %v, want %v first", ids[0], got, want)
			}
			wantCounters(t, objs, nil)
		})
	}
}

// fillUnwindOf writes bin's unwind rows into gs_umods and gs_urows, keyed
// by its file (the runtime's tables, reduced here to what b's stack needs:
// rows of a CFA on rsp or rbp).
func fillUnwindOf(t *testing.T, objs *GsObjects, bin string) {
	t.Helper()
	b, tab := elftest.OpenUnwind(t, bin)
	var st syscall.Stat_t
	if err := syscall.Stat(bin, &st); err != nil {
		t.Fatal(err)
	}
	key := GsUmodKey{Dev: unix.Major(st.Dev)<<20 | unix.Minor(st.Dev), Ino: st.Ino}
	m := GsUmod{Count: uint32(len(tab.Rows))}
	copy(m.BuildId[:], debuginfo.ReadBuildID(b.File))
	if len(tab.Rows) > 64 {
		t.Fatalf("%d rows", len(tab.Rows))
	}
	for i, r := range tab.Rows {
		row := GsUrow{Pc: uint32(r.PC), CfaOff: int16(r.CFAOff), RbpOff: int8(r.RBPOff), Kind: ir.UnwindNone}
		switch {
		case r.Kind == debuginfo.UnwindEnd:
			row.Kind = ir.UnwindEnd
		case r.Kind == debuginfo.UnwindCFA && r.CFAReg == 7:
			row.Kind = ir.UnwindRSP
		case r.Kind == debuginfo.UnwindCFA && r.CFAReg == 6:
			row.Kind = ir.UnwindRBP
		}
		if err := objs.GsUrows.Put(uint32(i), row); err != nil {
			t.Fatal(err)
		}
	}
	if err := objs.GsUmods.Put(key, m); err != nil {
		t.Fatal(err)
	}
}

// runStackTarget runs the stack target to its end and returns its pid;
// sym snapshots its mappings before it calls a (gs_umods is empty: its
// frames are bare addresses).
func runStackTarget(t *testing.T, bin string, sym *symbolize.Symbolizer) int {
	t.Helper()
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	// The mappings are complete once the target waits on stdin.
	for i := 0; i < 500; i++ {
		if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/wchan", cmd.Process.Pid)); err == nil && strings.Contains(string(st), "read") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := sym.SnapshotProcess(cmd.Process.Pid); err != nil {
		t.Fatal(err)
	}
	in.Write([]byte("\n"))
	in.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("target: %v", err)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("target did not exit")
	}
	return cmd.Process.Pid
}

// resolve names the first n frames of a stack in the OpStStack layout.
func resolve(sym *symbolize.Symbolizer, pid int, frames []byte, n int) []string {
	var out []string
	for off := 0; off+ir.StackFrameSize <= len(frames) && len(out) < n; off += ir.StackFrameSize {
		f := frames[off:]
		var fr symbolize.Frame
		switch binary.LittleEndian.Uint32(f) {
		case ir.StackFrameValid:
			fr.HasBuildID = true
			copy(fr.BuildID[:], f[ir.StackFrameBuildID:ir.StackFrameAddr])
			fr.Offset = u64(f, ir.StackFrameAddr)
		case ir.StackFrameIP:
			fr.IP = u64(f, ir.StackFrameAddr)
		default:
			return out
		}
		s := sym.Resolve(pid, fr)
		if s.Func == "" {
			out = append(out, s.String())
		} else {
			out = append(out, s.Func)
		}
	}
	return out
}

// buildID returns bin's GNU build id, zero-padded to 20 bytes as the kernel
// reports it.
func buildID(t *testing.T, bin string) []byte {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	raw := debuginfo.ReadBuildID(f)
	if len(raw) == 0 || len(raw) > 20 {
		t.Fatalf("%s: build id %x", bin, raw)
	}
	id := make([]byte, 20) // the kernel's frames hold it zero-padded
	copy(id, raw)
	return id
}

// fileOffset returns the file offset of function sym in bin.
func fileOffset(t testing.TB, bin, sym string) uint64 {
	off, _ := elftest.FuncOffset(t, bin, sym)
	return off
}
