package session

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/gs-tracer/gs/internal/elftest"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestBiasPoint: a bias probe goes on an executable's entry point (PIE or
// not), a library's DT_INIT (_init), and, in a library without one, its
// first DT_INIT_ARRAY entry (a global constructor: R_X86_64_64; a static one:
// R_X86_64_RELATIVE), at that function's file
// offset.
func TestBiasPoint(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "x.c")
	if err := os.WriteFile(src, []byte(`
int x_value = 3;
#ifndef STATIC
#define STATIC
#endif
__attribute__((constructor)) STATIC void x_ctor(void) { x_value++; }
int main(void) { return x_value; }
`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		sym  string
	}{
		{"pie", []string{"-fPIE", "-pie"}, "_start"},
		{"nopie", []string{"-fno-PIE", "-no-pie"}, "_start"},
		{"lib.so", []string{"-fPIC", "-shared"}, "_init"},
		{"nostart.so", []string{"-fPIC", "-shared", "-nostartfiles"}, "x_ctor"},
		{"static.so", []string{"-fPIC", "-shared", "-nostartfiles", "-DSTATIC=static"}, "x_ctor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bin := filepath.Join(dir, c.name)
			testtarget.Build(t, testtarget.GCC, append([]string{"-O1", "-o", bin, src}, c.args...)...)
			addr, off, err := biasPoint(bin)
			if err != nil {
				t.Fatal(err)
			}
			wantOff, wantAddr := elftest.FuncOffset(t, bin, c.sym)
			if addr != wantAddr || off != wantOff {
				t.Errorf("bias point %#x (offset %#x), want %s at %#x (offset %#x)", addr, off, c.sym, wantAddr, wantOff)
			}
		})
	}
}

// BenchmarkProcBias measures procBias's scans of this machine's /proc: the
// first (every process's maps) and a later one (the listing and the map's
// entries only).
func BenchmarkProcBias(b *testing.B) {
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.LRUHash, KeySize: 8, ValueSize: 24, MaxEntries: 16384})
	if err != nil {
		b.Fatal(err)
	}
	defer m.Close()
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, first := range []bool{true, false} {
		b.Run(map[bool]string{true: "first", false: "later"}[first], func(b *testing.B) {
			w, err := newProcBias(m, []string{exe, "/usr/lib/x86_64-linux-gnu/libc.so.6"})
			if err != nil {
				b.Fatal(err)
			}
			if err := w.update(); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if first {
					clear(w.seen)
				}
				w.last = time.Time{}
				if err := w.update(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(w.seen)), "processes")
		})
	}
}
