package debuginfo

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/arch"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestUnwindTableExpressions: the CFA expressions gs follows become their
// rows. gcc's realigned frame (-mstackrealign with a DRAP register) gives
// CFA = *(rbp - 8) with the caller's rbp at rbp + 0, and the PLT stubs
// rsp + 8 with the push at byte 11.
func TestUnwindTableExpressions(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "realign")
	src := filepath.Join("..", "tests", "e2e", "testdata", "unwind_realign.c")
	main := filepath.Join("..", "tests", "e2e", "testdata", "unwind_realign_main.c")
	obj := filepath.Join(dir, "realign.o")
	testtarget.Build(t, gcc, "-g", "-O0", "-mavx", "-mstackrealign", "-c", "-o", obj, src)
	testtarget.Build(t, gcc, "-g", "-O2", "-o", bin, obj, main)
	b, tab := openUnwind(t, bin)
	fn, ok := b.LookupFunc("mid")
	if !ok {
		t.Fatal("no function mid")
	}
	found := false
	for _, r := range tab.Rows {
		if r.PC >= fn.Addr && r.PC < fn.Addr+fn.Size && r.CFADeref {
			found = true
			if r.Kind != UnwindCFA || r.CFAReg != 6 || r.CFAOff != -8 || !r.RBPAtReg || r.RBPOff != 0 {
				t.Errorf("mid's expression row %+v, want CFA = *(rbp-8), rbp at rbp+0", r)
			}
		}
	}
	if !found {
		t.Errorf("mid has no CFA expression row: %+v", tab.Rows)
	}
	// A program that calls libc through lazy PLT stubs.
	sig := filepath.Join(dir, "sig")
	testtarget.Build(t, gcc, "-g", "-O2", "-Wl,-z,lazy", "-o", sig, filepath.Join("..", "tests", "e2e", "testdata", "unwind_signal.c"))
	sb, stab := openUnwind(t, sig)
	plt := sb.File.Section(".plt")
	if plt == nil || plt.Size < 32 {
		t.Fatalf("no PLT stubs: %+v", plt)
	}
	if r := stab.Lookup(plt.Addr + 16); r.Kind != UnwindPLT || r.CFAOff != 8 || r.PLTSplit != 11 {
		t.Errorf("row at .plt+16 (the first stub after PLT0): %+v, want UnwindPLT rsp+8 split 11", r)
	}
}

// TestSignalFrameCFI checks arch's signal frame table against glibc's own
// call frame information for its restorer (the FDE of augmentation "S":
// CFA = *(rsp + uc_mcontext.rsp), rbp and rip at rsp + their offsets) and
// that the unwind table makes that restorer an UnwindSignal row.
func TestSignalFrameCFI(t *testing.T) {
	libc := "/lib/x86_64-linux-gnu/libc.so.6"
	b, err := Open(libc)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s := b.File.Section(".eh_frame")
	data, err := s.Data()
	if err != nil {
		t.Fatal(err)
	}
	fi := &frameIndex{}
	fi.add(data, s.Addr, true, b.File.ByteOrder, 8)
	breg7 := func(off int) []byte {
		var e []byte
		e = append(e, 0x77)
		for v := off; ; { // sleb128
			c := byte(v & 0x7f)
			v >>= 7
			if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
				e = append(e, c)
				break
			}
			e = append(e, c|0x80)
		}
		return e
	}
	var sig *fde
	for _, f := range fi.fdes {
		if f.cie.signal {
			sig = f
		}
	}
	if sig == nil {
		t.Fatalf("%s has no signal frame FDE", libc)
	}
	var row cfiRow
	if err := sig.exec(b.File.ByteOrder, func(_ uint64, r cfiRow) bool { row = r; return true }); err != nil {
		t.Fatal(err)
	}
	if want := append(breg7(arch.SigUContextRSP), 0x06); !row.cfaExpr || !bytes.Equal(row.expr, want) {
		t.Errorf("glibc's restorer CFA: % x, the table's: % x", row.expr, want)
	}
	if want := breg7(arch.SigUContextRBP); row.rbp.kind != ruleExpr || !bytes.Equal(row.rbp.expr, want) {
		t.Errorf("glibc's restorer rbp: %+v, the table's: % x", row.rbp, want)
	}
	if want := breg7(arch.SigUContextRIP); row.ra.kind != ruleExpr || !bytes.Equal(row.ra.expr, want) {
		t.Errorf("glibc's restorer rip: %+v, the table's: % x", row.ra, want)
	}
	code, err := b.Code(Func{Name: "__restore_rt", Addr: sig.lo + 1, Size: uint64(len(arch.SigreturnCode))})
	if err != nil || !bytes.Equal(code, arch.SigreturnCode) {
		t.Errorf("the code after the FDE's first byte is % x (%v), want % x", code, err, arch.SigreturnCode)
	}
	tab, err := b.UnwindTable()
	if err != nil {
		t.Fatal(err)
	}
	if r := tab.Lookup(sig.lo); r.Kind != UnwindSignal {
		t.Errorf("row at the restorer %#x: %+v, want UnwindSignal", sig.lo, r)
	}
}

// TestMuslRestorer: musl's stripped libc.so has no symbol and no FDE for
// its restorer (src/signal/x86_64/restore.s): the table finds it by its
// code, as gdb does, and makes it an UnwindSignal row.
func TestMuslRestorer(t *testing.T) {
	loader, err := filepath.EvalSymlinks(MuslLoader)
	if err != nil {
		t.Fatalf("musl's libc: %v (deps.sh installs musl-tools)", err)
	}
	b, tab := openUnwind(t, loader)
	n := 0
	for _, r := range tab.Rows {
		if r.Kind != UnwindSignal {
			continue
		}
		n++
		code, err := b.Code(Func{Name: "restorer", Addr: r.PC + 1, Size: uint64(len(arch.SigreturnCode))})
		if err != nil || !bytes.Equal(code, arch.SigreturnCode) {
			t.Errorf("signal row at %#x: the code after it is % x (%v)", r.PC, code, err)
		}
	}
	if n == 0 {
		t.Errorf("%s: no signal frame row", loader)
	}
}
