//go:build amd64

package machine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/arch/x86/x86asm"

	"github.com/gs-tracer/gs/arch"
)

// inst is one instruction of a sweep.
type inst struct {
	x86asm.Inst
	addr uint64 // link-time address
	off  int    // offset in the swept code
	b    []byte // the code from the instruction on
}

// DecodeError is code that does not decode.
type DecodeError struct {
	Addr uint64 // link-time address
	Off  int    // offset in the swept code
	Err  error
}

func (e *DecodeError) Error() string { return fmt.Sprintf("at %#x: %v", e.Addr, e.Err) }
func (e *DecodeError) Unwrap() error { return e.Err }

// sweep decodes code at link-time address base one instruction after
// another: a linear sweep, which finds every instruction of the code gcc,
// clang and Go emit (they put no data in functions: jump tables live in
// .rodata). Every analysis of this package reads code through it:
//
//	s := newSweep(code, base)
//	for s.next() { ... s.in ... }
//	if s.err != nil { ... }
//
// endbr64 and endbr32, which x86asm does not know (it reads a 1-byte REP),
// decode as a 4-byte NOP.
type sweep struct {
	code []byte
	base uint64
	off  int
	in   inst
	err  *DecodeError // why the sweep stopped before the code's end
}

func newSweep(code []byte, base uint64) *sweep { return &sweep{code: code, base: base} }

// next decodes the next instruction into s.in, false at the end of the
// code or where it does not decode (s.err).
func (s *sweep) next() bool {
	if s.err != nil || s.off >= len(s.code) {
		return false
	}
	b := s.code[s.off:]
	in, err := x86asm.Decode(b, 64)
	if isEndbr(b) {
		in, err = x86asm.Inst{Op: x86asm.NOP, Len: 4}, nil
	}
	if err == nil && in.Len == 0 {
		err = errors.New("empty instruction")
	}
	if err != nil {
		s.err = &DecodeError{Addr: s.base + uint64(s.off), Off: s.off, Err: err}
		return false
	}
	s.in = inst{Inst: in, addr: s.base + uint64(s.off), off: s.off, b: b}
	s.off += in.Len
	return true
}

// target returns the address a relative operand rel of in names.
func (in *inst) target(rel int64) uint64 { return uint64(int64(in.addr) + int64(in.Len) + rel) }

// isEndbr matches endbr64 and endbr32 (f3 0f 1e fa/fb).
func isEndbr(b []byte) bool {
	return len(b) >= 4 && b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e && (b[3] == 0xfa || b[3] == 0xfb)
}

// Registers, as arch numbers them (DWARF).
var (
	// gprDWARF maps x86asm's RAX..R15 (encoding order) to their DWARF
	// numbers, by the psABI names in arch.Regs.
	gprDWARF = func() (t [16]int) {
		for i := range t {
			t[i] = dwarfNamed(strings.ToLower((x86asm.RAX + x86asm.Reg(i)).String()))
		}
		return t
	}()
	dwarfRSP = arch.Regs[arch.SP].DWARF
	dwarfRBP = dwarfNamed("rbp")
	// nTags counts the DWARF numbers placement tracks: the general
	// registers and rip.
	nTags = max(slicesMax(gprDWARF[:]), dwarfNamed("rip")) + 1
)

func dwarfNamed(name string) int {
	for _, r := range arch.Regs {
		if r.Name == name {
			return r.DWARF
		}
	}
	panic("machine: arch has no register " + name)
}

func slicesMax(s []int) int {
	m := s[0]
	for _, v := range s {
		m = max(m, v)
	}
	return m
}

// gpr returns the DWARF number of the 64-bit register r is part of, or -1.
func gpr(r x86asm.Reg) int {
	switch {
	case r >= x86asm.AL && r <= x86asm.BL:
		return gprDWARF[r-x86asm.AL]
	case r >= x86asm.AH && r <= x86asm.BH:
		return gprDWARF[r-x86asm.AH]
	case r >= x86asm.SPB && r <= x86asm.R15B:
		return gprDWARF[r-x86asm.SPB+4]
	case r >= x86asm.AX && r <= x86asm.R15W:
		return gprDWARF[r-x86asm.AX]
	case r >= x86asm.EAX && r <= x86asm.R15L:
		return gprDWARF[r-x86asm.EAX]
	case r >= x86asm.RAX && r <= x86asm.R15:
		return gprDWARF[r-x86asm.RAX]
	}
	return -1
}

// xmm returns the SSE register of DWARF number n ("xmm0" in arch).
func xmm(n int) (x86asm.Reg, bool) {
	name := arch.DWARFName(n)
	for i := 0; i < 16; i++ {
		if name == "xmm"+strconv.Itoa(i) {
			return x86asm.X0 + x86asm.Reg(i), true
		}
	}
	return 0, false
}

func lower(s string) string { return strings.ToLower(s) }
