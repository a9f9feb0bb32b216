package symbolize

import (
	"encoding/hex"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/debuginfo"

	"github.com/gs-tracer/gs/internal/testtarget"
)

const src = `
__attribute__((noinline)) int work(int x) { return x * 3; }
#include <unistd.h>
int main(int argc, char **argv) { if (argc > 1) pause(); return work(argc) == 0; }
`

func compileTarget(t *testing.T, pie bool) string { return compileWithID(t, pie, "") }

// compileWithID compiles the target with build-id id (hex; "" for ld's
// default, a sha1).
func compileWithID(t *testing.T, pie bool, id string) string {
	t.Helper()
	flag := "-no-pie"
	if pie {
		flag = "-pie"
	}
	bid := "-Wl,--build-id"
	if id != "" {
		bid += "=0x" + id
	}
	return testtarget.FromSource(t, testtarget.GCC, "t.c", src, "-O1", flag, bid)
}

// TestBuildIDFrames resolves (build id, file offset) frames after the
// module is indexed, without any process. The build ids are set at link
// time; the kernel zero-pads the 8-byte one to 20 bytes.
func TestBuildIDFrames(t *testing.T) {
	for _, tt := range []struct {
		pie bool
		id  string
	}{
		{false, "0123456789abcdef0123456789abcdef01234567"},
		{true, "fedcba9876543210fedcba9876543210fedcba98"},
		{true, "1122334455667788"},
	} {
		pie := tt.pie
		bin := compileWithID(t, pie, tt.id)
		b, err := debuginfo.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		fn, ok := b.LookupFunc("work")
		if !ok {
			t.Fatal("no symbol work")
		}
		id, _ := hex.DecodeString(tt.id)
		var fr Frame
		copy(fr.BuildID[:], id)
		fr.HasBuildID, fr.Offset = true, fn.Offset+3

		s := New()
		if got := s.Resolve(1, fr); got.Func != "" {
			t.Errorf("resolved %v before the module was indexed", got)
		}
		s.AddModule(bin)
		got := s.Resolve(1, fr)
		if got.Func != "work" || got.Off != 3 || got.String() != "work+3" {
			t.Errorf("pie=%v: got %+v (%s), want work+3", pie, got, got)
		}
	}
}

// TestProcessSnapshot resolves a plain address of a process from a
// /proc/PID/maps snapshot, after the process has exited.
func TestProcessSnapshot(t *testing.T) {
	bin := compileTarget(t, true)
	cmd := exec.Command(bin, "wait")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	s := New()
	var err error
	for i := 0; i < 100; i++ { // until the exec has happened
		if err = s.SnapshotProcess(pid); err == nil && len(s.procs[pid]) > 0 && strings.HasSuffix(s.procs[pid][0].Path, "/t") {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := debuginfo.Open(bin)
	fn, _ := b.LookupFunc("work")
	var ip uint64
	for _, m := range s.procs[pid] {
		if m.Path == bin && fn.Offset >= m.Offset && fn.Offset < m.Offset+(m.End-m.Start) {
			ip = m.Start + fn.Offset - m.Offset + 2
		}
	}
	if ip == 0 {
		t.Fatalf("work's code is not in the snapshot %+v", s.procs[pid])
	}
	if got := s.Resolve(pid, Frame{IP: ip}); got.String() != "work+2" {
		t.Errorf("got %+v (%s), want work+2", got, got)
	}
	if got := s.Resolve(pid+1_000_000, Frame{IP: 0x1234}); !reflect.DeepEqual(got, Symbol{Addr: 0x1234}) || got.String() != "0x1234" {
		t.Errorf("unknown process: got %+v", got)
	}
}

// TestFixedAddressWithoutProcess resolves a plain address of a non-PIE
// executable without its process's maps (a usym value taken system-wide):
// ET_EXEC loads at its link addresses, so the address is work's symbol
// value (from the ELF symbol table) plus 3. A PIE's address does not
// resolve so.
func TestFixedAddressWithoutProcess(t *testing.T) {
	for _, pie := range []bool{false, true} {
		bin := compileTarget(t, pie)
		b, err := debuginfo.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		fn, ok := b.LookupFunc("work")
		if !ok {
			t.Fatal("no symbol work")
		}
		s := New()
		s.AddModule(bin)
		got := s.Resolve(0, Frame{IP: fn.Addr + 3})
		if !pie && got.String() != "work+3" {
			t.Errorf("non-PIE: got %+v (%s), want work+3", got, got)
		}
		if pie && got.Func != "" {
			t.Errorf("PIE: resolved %v without the process's maps", got)
		}
	}
}
