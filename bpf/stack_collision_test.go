package bpf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/gs-tracer/gs/internal/testtarget"
	"github.com/gs-tracer/gs/ir"
)

// collisionSrc calls main → a → b three times from the same place, each
// after a line on stdin, so that the test can change gs_stacks between
// the calls.
const collisionSrc = `
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
	int s = 0;

	for (int i = 0; i < 3; i++) {
		if (getchar() != '\n')
			return 2;
		s += a(i);
	}
	return s == 12 ? 0 : 1;
}
`

// TestStackCollision: OpStackID never gives two different stacks one id.
// After b's first hit the test overwrites its stack's gs_stacks entry with
// another stack, the same frames less the last (only the frame count
// differs); the second hit, the same stack as the first, must then take a
// new id holding its frames, and count one collision. Then that entry is
// overwritten with the frames but the innermost address one byte off; the
// third hit collides with both and takes a third id. The old ids keep
// what the test wrote: nothing merged two stacks under one id.
func TestStackCollision(t *testing.T) {
	needRoot(t)
	bin := testtarget.FromSource(t, testtarget.GCC, "collide.c", collisionSrc, "-O1", "-fno-omit-frame-pointer", "-Wl,--build-id")
	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, func(spec *ebpf.CollectionSpec) { spec.Maps["gs_urows"].MaxEntries = 64 })
			fillUnwindOf(t, objs, bin)
			probes := []probeCode{{"b", stackProg}}
			install(t, objs, probes)
			attach(t, objs, bin, probes, u)
			rd := newReader(t, objs)

			cmd := exec.Command(bin)
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			defer func() {
				in.Close()
				select {
				case err := <-done:
					if err != nil && !t.Failed() {
						t.Errorf("target: %v", err)
					}
				case <-time.After(10 * time.Second):
					cmd.Process.Kill()
					<-done
					t.Error("target did not exit")
				}
			}()
			waitRead(t, cmd.Process.Pid)
			idOf := func() uint64 {
				t.Helper()
				in.Write([]byte("\n"))
				r := records(t, rd, 1)[0]
				id := u64(r, 16+stackFrames*ir.StackFrameSize)
				if id == ir.StackIDNone {
					t.Fatal("no stack id")
				}
				return id
			}
			lookup := func(id uint64) []byte {
				t.Helper()
				var v []byte
				if err := objs.GsStacks.Lookup(id, &v); err != nil {
					t.Fatalf("gs_stacks[%#x]: %v", id, err)
				}
				return v
			}

			id1 := idOf()
			stack := lookup(id1)
			n := 0
			for n < ir.MaxStack && binary.LittleEndian.Uint32(stack[n*ir.StackFrameSize:]) != ir.StackFrameEmpty {
				n++
			}
			if n < 3 || n >= ir.MaxStack {
				t.Fatalf("the stack has %d frames, want b, a, main and more", n)
			}
			want := stack[:(n+1)*ir.StackFrameSize] // the frames and the empty one after them
			shorter := bytes.Clone(stack)
			binary.LittleEndian.PutUint32(shorter[(n-1)*ir.StackFrameSize:], ir.StackFrameEmpty)
			if err := objs.GsStacks.Put(id1, shorter); err != nil {
				t.Fatal(err)
			}

			id2 := idOf()
			if id2 == id1 {
				t.Fatalf("the second hit took id %#x, which holds a stack one frame shorter", id1)
			}
			if got := lookup(id2); !bytes.Equal(got[:len(want)], want) {
				t.Errorf("gs_stacks[%#x] is not the first hit's stack", id2)
			}
			wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterStackCollision: 1})

			moved := bytes.Clone(stack)
			a := moved[ir.StackFrameAddr:]
			binary.LittleEndian.PutUint64(a, binary.LittleEndian.Uint64(a)+1)
			if err := objs.GsStacks.Put(id2, moved); err != nil {
				t.Fatal(err)
			}
			id3 := idOf()
			if id3 == id1 || id3 == id2 {
				t.Fatalf("the third hit took id %#x (ids before: %#x, %#x), which holds another stack", id3, id1, id2)
			}
			if got := lookup(id3); !bytes.Equal(got[:len(want)], want) {
				t.Errorf("gs_stacks[%#x] is not the first hit's stack", id3)
			}
			if !bytes.Equal(lookup(id1), shorter) || !bytes.Equal(lookup(id2), moved) {
				t.Error("an id that held another stack was overwritten")
			}
			wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterStackCollision: 3})
		})
	}
}

// waitRead waits until process pid blocks reading (its stdin).
func waitRead(t *testing.T, pid int) {
	t.Helper()
	for i := 0; i < 500; i++ {
		if st, err := os.ReadFile(fmt.Sprintf("/proc/%d/wchan", pid)); err == nil && strings.Contains(string(st), "read") {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the target never waited on stdin")
}
