package debuginfo

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// unwindSrc is a call chain whose frames differ in shape: none (lookup,
// which calls with rsp misaligned), a large one (mid's array), rbp used
// as a general register and saved (busy), and main.
const unwindSrc = `
#include <string.h>
volatile unsigned long sink;
__attribute__((noinline)) unsigned djb(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + *s++; sink += h; return h; }
__attribute__((noinline)) unsigned lookup(const char *k) { return djb(k) + 1; }
__attribute__((noinline)) unsigned mid(const char *k) { char buf[2000]; strcpy(buf, k); sink += buf[1]; return lookup(buf) * 3; }
__attribute__((noinline)) unsigned busy(const char *k, unsigned a, unsigned b, unsigned c, unsigned d, unsigned e) {
	unsigned r = 0;
	for (unsigned i = 0; i < a; i++) { r += mid(k) * b + c * i + d * e + (r >> 3) * (i ^ a) + (b << (i & 7)); sink += r ^ d ^ e ^ c; }
	return r + a + b + c + d + e;
}
int main(int argc, char **argv) { return (int)busy(argc > 5 ? argv[1] : "hello", 1, (unsigned)argc, 3, 4, 5) & 1; }
`

// TestUnwindTableCapturedStack stops the chain at djb's first instruction
// under gdb, captures rip, rsp, rbp and the top of the stack, walks it with
// the unwind table (CFA, return address at CFA-8, rbp at CFA+RBPOff; a
// caller looked up at its return address - 1) and checks the return
// addresses against gdb's bt, down to main.
func TestUnwindTableCapturedStack(t *testing.T) {
	for _, cc := range []struct {
		cc    testtarget.Compiler
		flags []string
	}{
		{gcc, []string{"-O2", "-fomit-frame-pointer"}},
		{clang, []string{"-O2"}},
		{gcc, []string{"-O0", "-fno-omit-frame-pointer"}},
	} {
		t.Run(cc.cc.String()+cc.flags[0], func(t *testing.T) {
			dir := t.TempDir()
			src, bin := filepath.Join(dir, "chain.c"), filepath.Join(dir, "chain")
			if err := os.WriteFile(src, []byte(unwindSrc), 0o644); err != nil {
				t.Fatal(err)
			}
			testtarget.Build(t, cc.cc, append(append([]string{}, cc.flags...), "-g", "-fno-pie", "-no-pie", "-o", bin, src)...)
			stack := filepath.Join(dir, "stack.bin")
			out, err := exec.Command("timeout", "60", "gdb", "-nx", "-batch", "-ex", "break *djb", "-ex", "run",
				"-ex", "p/x $pc", "-ex", "p/x $rsp", "-ex", "p/x $rbp",
				"-ex", "dump binary memory "+stack+" $rsp $rsp+3800", "-ex", "bt", bin).CombinedOutput()
			if err != nil {
				t.Fatalf("gdb: %v\n%s", err, out)
			}
			var regs []uint64
			for _, m := range regexp.MustCompile(`(?m)^\$\d+ = 0x([0-9a-f]+)$`).FindAllStringSubmatch(string(out), -1) {
				v, _ := strconv.ParseUint(m[1], 16, 64)
				regs = append(regs, v)
			}
			if len(regs) != 3 {
				t.Fatalf("gdb printed %d registers:\n%s", len(regs), out)
			}
			want := []uint64{regs[0]}
			for _, m := range regexp.MustCompile(`(?m)^#\d+\s+0x([0-9a-f]+) in (\w+)`).FindAllStringSubmatch(string(out), -1) {
				v, _ := strconv.ParseUint(m[1], 16, 64)
				want = append(want, v)
				if m[2] == "main" {
					break
				}
			}
			if len(want) != 5 {
				t.Fatalf("gdb's bt has %d frames down to main, want 5:\n%s", len(want), out)
			}
			mem, err := os.ReadFile(stack)
			if err != nil {
				t.Fatal(err)
			}
			_, tab := openUnwind(t, bin)
			base := regs[1]
			read := func(addr uint64) (uint64, bool) {
				if addr < base || addr+8 > base+uint64(len(mem)) {
					return 0, false
				}
				return binary.LittleEndian.Uint64(mem[addr-base:]), true
			}
			pc, sp, bp := regs[0], regs[1], regs[2]
			got := []uint64{pc}
			for i := 0; len(got) < len(want); i++ {
				at := pc
				if i > 0 {
					at--
				}
				row := tab.Lookup(at)
				if row.Kind != UnwindCFA {
					t.Fatalf("frame %d at %#x: row %+v", i, pc, row)
				}
				cfa := sp + uint64(row.CFAOff)
				if row.CFAReg == 6 {
					cfa = bp + uint64(row.CFAOff)
				}
				ra, ok := read(cfa - 8)
				if !ok {
					t.Fatalf("frame %d: return address at %#x is outside the capture", i, cfa-8)
				}
				if row.RBPOff != 0 {
					if bp, ok = read(cfa + uint64(row.RBPOff)); !ok {
						t.Fatalf("frame %d: rbp at %#x is outside the capture", i, cfa+uint64(row.RBPOff))
					}
				}
				pc, sp = ra, cfa
				got = append(got, pc)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("frame %d: %#x, gdb %#x (got %x, gdb %x)", i, got[i], want[i], got, want)
					break
				}
			}
		})
	}
}
