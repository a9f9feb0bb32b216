package bpf

import (
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// tlsTargetSrc answers each line on stdin from a second thread: it calls
// f, then prints its thread pointer (arch_prctl(ARCH_GET_FS)), the address
// of its __thread variable and the TLS module ids of two dlopen'd
// libraries, one whose variable it has used (a block __tls_get_addr
// allocated) and one whose variable it has not.
const tlsTargetSrc = `
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <asm/prctl.h>
#include <link.h>

__thread long tl_var = 42;

__attribute__((noinline)) long f(long a)
{
	__asm__ volatile("" : : "r"(a) : "memory");
	return a;
}

static size_t modid(const char *lib, int touch)
{
	void *h = dlopen(lib, RTLD_NOW);
	size_t id = 0;

	if (!h || dlinfo(h, RTLD_DI_TLS_MODID, &id)) {
		fprintf(stderr, "%s: %s\n", lib, dlerror());
		exit(1);
	}
	if (touch)
		((long (*)(void))dlsym(h, "get"))();
	return id;
}

static void *serve(void *arg)
{
	char line[256];
	size_t used = modid(DIR "/libused.so", 1), unused = modid(DIR "/libunused.so", 0);
	unsigned long fs = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		f(atol(line));
		syscall(SYS_arch_prctl, ARCH_GET_FS, &fs);
		printf("%lu %lu %zu %zu\n", fs, (unsigned long)&tl_var, used, unused);
	}
	return NULL;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, serve, NULL);
	pthread_join(t, NULL);
	return 0;
}
`

const tlsLibSrc = `__thread long lib_var = 7; long get(void) { return lib_var; }`

// TestDiffTLS: OpLdCtx tp and OpTLS agree on both machines, the model
// reading the target's memory as the kernel does, for module ids of the
// executable (static TLS), of dlopen'd libraries (dynamic TLS, used and
// not) and past the DTV; and what they give is what the target says: tp
// is its FS base, the executable's block is ir.ExecTLSOffset below it.
func TestDiffTLS(t *testing.T) {
	needRoot(t)
	dir := t.TempDir()
	for _, f := range [][2]string{{"tls.c", tlsTargetSrc}, {"lib.c", tlsLibSrc}} {
		if err := os.WriteFile(filepath.Join(dir, f[0]), []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "gstls")
	for _, args := range [][]string{
		{"-O1", "-fPIC", "-shared", "-o", filepath.Join(dir, "libused.so"), filepath.Join(dir, "lib.c")},
		{"-O1", "-fPIC", "-shared", "-o", filepath.Join(dir, "libunused.so"), filepath.Join(dir, "lib.c")},
		{"-O1", "-pthread", fmt.Sprintf("-DDIR=%q", dir), "-o", bin, filepath.Join(dir, "tls.c"), "-ldl"},
	} {
		testtarget.Build(t, testtarget.GCC, args...)
	}
	tg := startTarget(t, bin)
	var fs, varAddr, used, unused uint64
	ans := tg.call(t, "1") // the answer after the libraries are loaded
	if _, err := fmt.Sscan(ans, &fs, &varAddr, &used, &unused); err != nil {
		t.Fatalf("target answered %q: %v", ans, err)
	}
	objs := load(t, nil)
	defer attachF(t, objs, bin).Close()
	rd := newReader(t, objs)
	mods := []uint64{0, 1, used, unused, 1 << 20}
	code := []ir.Insn{record(0), ldctx(1, ir.CtxTP), st(8, 1)}
	for i, id := range mods {
		off := int32(16 + 24*i)
		code = append(code, ldi64(2, id)...)
		code = append(code, ir.Insn{Op: ir.OpTLS, A: 3, B: 2}, st(off, 3), ir.Insn{Op: ir.OpStStatus, Imm: off + 8})
	}
	end := int32(16 + 24*len(mods))
	code = append(code, emit(end))
	p := rndProgram(code)
	clearMaps(t, objs)
	installProgram(t, objs, p)

	mem, err := os.Open(fmt.Sprintf("/proc/%d/mem", tg.pid()))
	if err != nil {
		t.Fatal(err)
	}
	defer mem.Close()
	m := model.New()
	m.Ctx[ir.CtxTP] = fs
	m.Read = func(addr uint64, buf []byte) bool {
		n, err := mem.ReadAt(buf, int64(addr))
		return err == nil && n == len(buf)
	}
	tg.call(t, "2")
	if err := m.Run(p, 0); err != nil {
		t.Fatal(err)
	}
	got := records(t, rd, 1)[0]
	if string(got) != string(m.Records[0]) {
		t.Errorf("the records differ:\n%s", recordDiff(got, m.Records[0]))
	}

	// What the values mean, on this machine.
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var block uint64
	for _, pr := range f.Progs {
		if pr.Type == elf.PT_TLS {
			off, ok := ir.ExecTLSOffset(pr.Memsz, pr.Vaddr, pr.Align, false)
			if !ok {
				t.Fatal("no TLS offset for the executable")
			}
			block = fs - off
		}
	}
	syms, _ := f.Symbols()
	for _, s := range syms {
		if s.Name == "tl_var" && block+s.Value != varAddr {
			t.Errorf("tl_var is at %#x, the executable's block %#x + %#x", varAddr, block, s.Value)
		}
	}
	if u64(got, 8) != fs {
		t.Errorf("tp = %#x, the target's FS base is %#x", u64(got, 8), fs)
	}
	for i, id := range mods {
		off := 16 + 24*i
		val, st, addr := u64(got, off), u64(got, off+8), u64(got, off+16)
		want := uint64(ir.StatusDynamicTLS)
		if id == 1 {
			want = ir.StatusOK
			if val != block {
				t.Errorf("tls of module 1 = %#x, want the executable's block %#x", val, block)
			}
		}
		if st != want || st == ir.StatusDynamicTLS && (val != 0 || addr != id) {
			t.Errorf("tls of module %d: value %#x status %d (%#x), want status %d", id, val, st, addr, want)
		}
	}
}
