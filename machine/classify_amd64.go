//go:build amd64

package machine

import "golang.org/x/arch/x86/x86asm"

// kernelEmulates is the one table of the x86-64 instructions the kernel
// runs in the uprobe trap itself, without single-stepping a copy out of
// line (~0.5 µs a hit instead of ~11 µs here). It mirrors
// arch/x86/kernel/uprobes.c as of Linux 6.18, arch_uprobe_analyze_insn:
//
//   - branch_setup_xol_ops: jmp rel8/rel32 (eb, e9), call rel32 (e8),
//     jcc rel8/rel32 (70-7f, 0f 80-8f), none of them with a 0x66 prefix;
//     opcode 0x90 with any prefixes, and since the 6.x uprobe optimization
//     work, any of the kernel's own NOPs (x86_nops[1..8]: 90, 66 90,
//     0f 1f 00 ... 0f 1f 84 00 00 00 00 00). Branch and nop emulation
//     date from 3.15 (Oleg Nesterov, 2014).
//   - push_setup_xol_ops: push of a register, 50-57 and 41 50-57 (added
//     in 2024, 6.x: "uprobes/x86: emulate push insns").
//
// Every instruction with a segment (26 2e 36 3e) or lock (f0) prefix is
// refused by is_prefix_bad; all others are single-stepped.
// TestKernelEmulates (tests/e2e) measures each class on the running
// kernel.
var kernelEmulates = []struct {
	class string
	match func(b []byte, in *x86asm.Inst) bool
}{
	{"nop", isKernelNop},
	{"jmp", func(b []byte, in *x86asm.Inst) bool { op, p66 := opcode(b); return !p66 && (op == 0xeb || op == 0xe9) }},
	{"call", func(b []byte, in *x86asm.Inst) bool { op, p66 := opcode(b); return !p66 && op == 0xe8 }},
	{"jcc", func(b []byte, in *x86asm.Inst) bool {
		op, p66 := opcode(b)
		if op == 0x0f && len(b) > prefixLen(b)+1 {
			op = b[prefixLen(b)+1] - 0x10
		}
		return !p66 && op >= 0x70 && op <= 0x7f
	}},
	{"push", func(b []byte, in *x86asm.Inst) bool {
		return (in.Len == 1 && b[0] >= 0x50 && b[0] <= 0x57) ||
			(in.Len == 2 && b[0] == 0x41 && b[1] >= 0x50 && b[1] <= 0x57)
	}},
}

// x86Nops are the kernel's x86_nops[] for x86-64 (arch/x86/include/asm/nops.h).
var x86Nops = [][]byte{
	{0x90},
	{0x66, 0x90},
	{0x0f, 0x1f, 0x00},
	{0x0f, 0x1f, 0x40, 0x00},
	{0x0f, 0x1f, 0x44, 0x00, 0x00},
	{0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00},
	{0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00},
	{0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
}

// isKernelNop matches what the kernel treats as a nop. An opcode 0x90
// with a REX.B prefix is xchg with r8, which the kernel would "emulate"
// as a nop too: gs never moves a probe onto one.
func isKernelNop(b []byte, in *x86asm.Inst) bool {
	for _, n := range x86Nops {
		if in.Len == len(n) && string(b[:in.Len]) == string(n) {
			return true
		}
	}
	op, _ := opcode(b)
	return op == 0x90 && (in.Op == x86asm.NOP || in.Op == x86asm.PAUSE) && !hasREX(b)
}

// prefixLen counts the legacy and REX prefixes of an instruction.
func prefixLen(b []byte) int {
	n := 0
	for n < len(b) {
		switch c := b[n]; {
		case c == 0x66, c == 0x67, c == 0xf2, c == 0xf3, c == 0x64, c == 0x65,
			c == 0x26, c == 0x2e, c == 0x36, c == 0x3e, c == 0xf0, c >= 0x40 && c <= 0x4f:
			n++
		default:
			return n
		}
	}
	return n
}

func hasREX(b []byte) bool {
	n := prefixLen(b)
	return n > 0 && b[n-1] >= 0x40 && b[n-1] <= 0x4f
}

// opcode returns the first opcode byte and whether a 0x66 prefix is present.
func opcode(b []byte) (op byte, p66 bool) {
	n := prefixLen(b)
	for _, c := range b[:n] {
		p66 = p66 || c == 0x66
	}
	if n < len(b) {
		op = b[n]
	}
	return op, p66
}

// badPrefix mirrors is_prefix_bad: the kernel refuses a uprobe there.
func badPrefix(b []byte) bool {
	for _, c := range b[:prefixLen(b)] {
		switch c {
		case 0x26, 0x2e, 0x36, 0x3e, 0xf0:
			return true
		}
	}
	return false
}

// classify names the instruction's class and whether the kernel emulates it.
func classify(b []byte, in *x86asm.Inst) (string, bool) {
	if isEndbr(b) {
		return "endbr64", false
	}
	if badPrefix(b) {
		return lower(in.Op.String()), false
	}
	for _, k := range kernelEmulates {
		if k.match(b, in) {
			return k.class, true
		}
	}
	return lower(in.Op.String()), false
}
