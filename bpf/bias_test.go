package bpf

import (
	"encoding/binary"
	"fmt"
	"github.com/gs-tracer/gs/internal/elftest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/procmaps"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// biasLibSrc is a shared library with a static that its function changes;
// a static, so that no copy relocation moves it into the executable.
const biasLibSrc = `
static long lib_static = 1000;

__attribute__((noinline)) long lib_bump(long d)
{
	__asm__ volatile("" ::: "memory");
	lib_static += d;
	return lib_static;
}

long *lib_where(void) { return &lib_static; }
`

// biasMainSrc is a PIE that links biasLibSrc: "where" prints the run-time
// addresses of both statics, "bump N" calls exe_bump(N) and lib_bump(N).
const biasMainSrc = `
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long lib_bump(long d);
long *lib_where(void);

static long exe_static = 7;

__attribute__((noinline)) long exe_bump(long d)
{
	__asm__ volatile("" ::: "memory");
	exe_static += d;
	return exe_static;
}

int main(void)
{
	char line[256];

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		if (strncmp(line, "where", 5) == 0)
			printf("%lu %lu\n", (unsigned long)&exe_static, (unsigned long)lib_where());
		else if (strncmp(line, "bump ", 5) == 0) {
			long d = atol(line + 5);
			printf("%ld %ld\n", exe_bump(d), lib_bump(d));
		} else
			printf("?\n");
	}
	return 0;
}
`

// biasProg reads the static at link-time address static of module own (the
// probe's), through OpLdBias own, and the bias of module other.
func biasProg(own, other int32, static uint64) []ir.Insn {
	return cat(
		record(0),
		ir.Insn{Op: ir.OpLdBias, A: 1, Imm: own}, st(8, 1),
		ldi64(2, static), op3(ir.OpAdd, 2, 2, 1),
		ir.Insn{Op: ir.OpLoad, A: 3, B: 2, C: 8}, st(16, 3),
		ir.Insn{Op: ir.OpStStatus, Imm: 24}, // 24: status, 32: address
		ir.Insn{Op: ir.OpLdBias, A: 4, Imm: other}, st(40, 4),
		emit(48),
	)
}

// TestProbeModuleBias: OpLdBias of the module a probe is attached in is the
// probe's run-time address minus its link-time address, with no gs_bias
// entry, in a PIE and in a shared library, for entry and return probes, on
// every uprobe program; the bias of another module still comes from
// gs_bias (ir.BiasUnknown without an entry).
func TestProbeModuleBias(t *testing.T) {
	needRoot(t)
	exe, lib := buildBias(t)
	bins := []string{exe, lib} // module 0, module 1
	funcs := []string{"exe_bump", "lib_bump"}
	statics := []uint64{elftest.SymbolAddr(t, exe, "exe_static"), elftest.SymbolAddr(t, lib, "lib_static")}
	initial := [2]uint64{7, 1000}

	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, nil)
			// Probe 2m+ret: module m's function, at entry (ret 0) or return.
			for id := range 4 {
				m, ret := id/2, id%2
				code := biasProg(int32(m), int32(1-m), statics[m])
				for i, ins := range code {
					v := GsInsn{Op: uint8(ins.Op), A: ins.A, B: ins.B, C: ins.C, Imm: ins.Imm}
					if err := objs.GsInsns.Put(uint32(id*len(code)+i), v); err != nil {
						t.Fatal(err)
					}
				}
				gp := GsProbe{
					Start: uint32(id * len(code)), Len: uint32(len(code)), Version: ir.Version,
					Module: uint32(m), Address: elftest.SymbolAddr(t, bins[m], funcs[m]),
				}
				if err := objs.GsProbes.Put(uint32(id), gp); err != nil {
					t.Fatal(err)
				}
				ex, err := link.OpenExecutable(bins[m])
				if err != nil {
					t.Fatal(err)
				}
				var l link.Link
				switch {
				case u.multi && ret == 0:
					l, err = ex.UprobeMulti([]string{funcs[m]}, u.prog(objs), &link.UprobeMultiOptions{Cookies: []uint64{uint64(id)}})
				case u.multi:
					l, err = ex.UretprobeMulti([]string{funcs[m]}, u.prog(objs), &link.UprobeMultiOptions{Cookies: []uint64{uint64(id)}})
				case ret == 0:
					l, err = ex.Uprobe(funcs[m], u.prog(objs), &link.UprobeOptions{Cookie: uint64(id)})
				default:
					l, err = ex.Uretprobe(funcs[m], u.prog(objs), &link.UprobeOptions{Cookie: uint64(id)})
				}
				if err != nil {
					t.Fatalf("attach %s to %s: %v", u, funcs[m], err)
				}
				t.Cleanup(func() { l.Close() })
			}
			rd := newReader(t, objs)
			tg := startTarget(t, exe)

			var bias [2]uint64
			where := strings.Fields(tg.call(t, "where"))
			for m := range bias {
				addr, err := strconv.ParseUint(where[m], 10, 64)
				if len(where) != 2 || err != nil {
					t.Fatalf("where answered %q", where)
				}
				bias[m] = addr - statics[m]
				if bias[m] == 0 {
					t.Fatalf("%s is loaded at its link-time address: the test needs a bias", bins[m])
				}
			}

			// otherBias is what the probes of module m read as the bias
			// of the other module, from gs_bias.
			otherBias := [2]uint64{ir.BiasUnknown, ir.BiasUnknown} // no entry
			values := initial
			for d := uint64(1); d <= 4; d++ {
				if d == 3 {
					// A gs_bias entry for module 1 serves module 0's
					// probes, and module 1's own ignore it.
					if err := objs.GsBias.Put(GsBiasKey{Tgid: tg.pid(), Module: 1}, biasVal(t, tg, 0x1000)); err != nil {
						t.Fatal(err)
					}
					otherBias[0] = 0x1000
				}
				want := fmt.Sprintf("%d %d", values[0]+d, values[1]+d)
				if got := tg.call(t, fmt.Sprintf("bump %d", d)); got != want {
					t.Fatalf("bump %d answered %q, want %q", d, got, want)
				}
				for _, r := range records(t, rd, 4) {
					id := binary.LittleEndian.Uint32(r[4:])
					if id >= 4 || len(r) != 48 {
						t.Fatalf("record of %d bytes from probe %d", len(r), id)
					}
					m, ret := id/2, id%2
					v := values[m]
					if ret == 1 {
						v += d
					}
					what := fmt.Sprintf("bump %d: %s %s", d, funcs[m], [2]string{"entry", "return"}[ret])
					if got := u64(r, 8); got != bias[m] {
						t.Errorf("%s: bias %#x, want %#x", what, got, bias[m])
					}
					if st, addr := u64(r, 24), u64(r, 32); st != ir.StatusOK {
						t.Errorf("%s: read error at %#x", what, addr)
					} else if got := u64(r, 16); got != v {
						t.Errorf("%s: static = %d, want %d", what, got, v)
					}
					if got := u64(r, 40); got != otherBias[m] {
						t.Errorf("%s: other module's bias %#x, want %#x", what, got, otherBias[m])
					}
				}
				values[0] += d
				values[1] += d
			}
			wantCounters(t, objs, nil)
		})
	}
}

// buildBias builds biasMainSrc (a PIE) and biasLibSrc (libbias.so) and
// returns their paths.
func buildBias(t *testing.T) (exe, lib string) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{"lib.c": biasLibSrc, "main.c": biasMainSrc} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-O1", "-fPIC", "-shared", "-o", "libbias.so", "lib.c"},
		{"-O1", "-fPIE", "-pie", "-o", "biasmain", "main.c", "-L.", "-lbias", "-Wl,-rpath,$ORIGIN"},
	} {
		testtarget.BuildIn(t, dir, testtarget.GCC, args...)
	}
	return filepath.Join(dir, "biasmain"), filepath.Join(dir, "libbias.so")
}

// TestBiasProbe: a gs_probes entry flagged ir.ProbeFlagBias runs no code
// and stores its module's load bias in this process, its hit address
// minus its link-time address, in gs_bias, on every uprobe program.
func TestBiasProbe(t *testing.T) {
	needRoot(t)
	exe, lib := buildBias(t)
	addr := elftest.SymbolAddr(t, lib, "lib_bump")
	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, nil)
			gp := GsProbe{Version: ir.Version, Flags: ir.ProbeFlagBias, Module: 1, Address: addr}
			if err := objs.GsProbes.Put(uint32(0), gp); err != nil {
				t.Fatal(err)
			}
			ex, err := link.OpenExecutable(lib)
			if err != nil {
				t.Fatal(err)
			}
			var l link.Link
			if u.multi {
				l, err = ex.UprobeMulti([]string{"lib_bump"}, u.prog(objs), &link.UprobeMultiOptions{Cookies: []uint64{0}})
			} else {
				l, err = ex.Uprobe("lib_bump", u.prog(objs), &link.UprobeOptions{Cookie: 0})
			}
			if err != nil {
				t.Fatalf("attach %s: %v", u, err)
			}
			defer l.Close()
			tg := startTarget(t, exe)
			where := strings.Fields(tg.call(t, "where"))
			at, err := strconv.ParseUint(where[len(where)-1], 10, 64)
			if err != nil {
				t.Fatalf("where answered %q", where)
			}
			want := at - elftest.SymbolAddr(t, lib, "lib_static")
			key := GsBiasKey{Tgid: tg.pid(), Module: 1}
			var got GsBiasVal
			if err := objs.GsBias.Lookup(key, &got); err == nil {
				t.Fatalf("gs_bias has %#x before the bias probe ran", got.Bias)
			}
			tg.call(t, "bump 1")
			if err := objs.GsBias.Lookup(key, &got); err != nil {
				t.Fatalf("no gs_bias entry after the bias probe ran: %v", err)
			}
			if w := biasVal(t, tg, want); got != w {
				t.Errorf("gs_bias = %+v, want %+v (the bias and the image of the process)", got, w)
			}
			wantCounters(t, objs, nil)
		})
	}
}

// biasVal is a gs_bias value of bias for tg's current image, as the
// runtime writes it.
func biasVal(t *testing.T, tg *target, bias uint64) GsBiasVal {
	t.Helper()
	im, err := procmaps.ReadImage(int(tg.pid()))
	if err != nil {
		t.Fatal(err)
	}
	return GsBiasVal{Bias: bias, StartStack: im.StartStack, ArgStart: im.ArgStart}
}
