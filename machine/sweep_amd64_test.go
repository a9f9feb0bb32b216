//go:build amd64

package machine

import (
	"errors"
	"testing"
)

// TestRegisters: the x86 encodings of the general registers map to the
// psABI's DWARF numbers (figure 3.36: rax rdx rcx rbx rsi rdi rbp rsp
// r8-r15 are 0-15), read from arch.
func TestRegisters(t *testing.T) {
	want := [16]int{0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15} // rax rcx rdx rbx rsp rbp rsi rdi r8-r15
	if gprDWARF != want {
		t.Errorf("gprDWARF = %v, want %v", gprDWARF, want)
	}
	if dwarfRSP != 7 || dwarfRBP != 6 || nTags != 17 {
		t.Errorf("rsp %d rbp %d tags %d, want 7 6 17", dwarfRSP, dwarfRBP, nTags)
	}
	if x, ok := xmm(18); !ok || x.String() != "X1" {
		t.Errorf("xmm(18) = %v %v, want X1", x, ok)
	}
}

// TestSweep: endbr64 is one 4-byte instruction (x86asm reads a 1-byte
// REP), and code that does not decode stops the sweep with its offset.
func TestSweep(t *testing.T) {
	// endbr64; push %rbp; call .+0; ret
	code := []byte{0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0xe8, 0, 0, 0, 0, 0xc3}
	var offs []int
	s := newSweep(code, 0x1000)
	for s.next() {
		offs = append(offs, s.in.off)
	}
	if s.err != nil || len(offs) != 4 || offs[1] != 4 || offs[2] != 5 || offs[3] != 10 {
		t.Errorf("offsets %v (err %v), want [0 4 5 10]", offs, s.err)
	}
	if !calls(code) || calls(code[:5]) {
		t.Errorf("calls: %v with the call, %v without", calls(code), calls(code[:5]))
	}
	s = newSweep([]byte{0x55, 0x0f, 0x0f}, 0x1000) // push; 3DNow!, which x86asm does not decode
	for s.next() {
	}
	var de *DecodeError
	if s.err == nil || !errors.As(s.err, &de) || de.Off != 1 || de.Addr != 0x1001 {
		t.Errorf("err = %v, want one at offset 1", s.err)
	}
	if _, _, on, _ := instStarts(code, 1); on {
		t.Error("offset 1 (inside endbr64) is an instruction's start")
	}
}
