//go:build amd64

package sema

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

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

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// x86 register encodings 0-15 (rax rcx rdx rbx rsp rbp rsi rdi r8-r15) as
// DWARF register numbers.
var encDWARF = [16]int{0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15}

// gpr returns the DWARF number of the 64-bit register r is part of, or -1.
func gpr(r x86asm.Reg) int {
	switch {
	case r >= x86asm.AL && r <= x86asm.BL:
		return encDWARF[r-x86asm.AL]
	case r >= x86asm.AH && r <= x86asm.BH:
		return encDWARF[r-x86asm.AH]
	case r >= x86asm.SPB && r <= x86asm.R15B:
		return encDWARF[r-x86asm.SPB+4]
	case r >= x86asm.AX && r <= x86asm.R15W:
		return encDWARF[r-x86asm.AX]
	case r >= x86asm.EAX && r <= x86asm.R15L:
		return encDWARF[r-x86asm.EAX]
	case r >= x86asm.RAX && r <= x86asm.R15:
		return encDWARF[r-x86asm.RAX]
	}
	return -1
}

// scanFloor decodes the function's code and finds where a probe at at
// may move: the first instruction the kernel emulates, reached from at
// by straight-line code that no branch enters. code is the containing
// function at link-time address base; more holds other code that may
// branch into it (its .cold part), as {address, bytes}. atEntry says at
// is a function's entry, where the stack below the stack pointer holds
// nothing yet.
//
// An indirect jump (a switch's jump table, a tail call through a
// function pointer) may land on any address indirectTargets finds
// (jumptable_amd64.go) in the binary's data, which data returns (nil:
// none is read, and a function with an indirect jump keeps its probes).
func scanFloor(code []byte, base uint64, more []codeRange, at uint64, atEntry bool, data func() *binData) floorScan {
	s := floorScan{from: at, to: at}
	insts := map[uint64]x86asm.Inst{}
	targets := map[uint64]bool{}
	refs := newAddrRefs()
	indirect := false
	decode := func(b []byte, addr uint64, own bool) bool {
		for pc := 0; pc < len(b); {
			in, err := x86asm.Decode(b[pc:], 64)
			if isEndbr(b[pc:]) {
				in, err = x86asm.Inst{Op: x86asm.NOP, Len: 4}, nil // x86asm does not know it
			}
			if err != nil || in.Len == 0 {
				return false
			}
			a := addr + uint64(pc)
			if own {
				insts[a] = in
			}
			for _, arg := range in.Args {
				switch arg := arg.(type) {
				case x86asm.Rel:
					targets[uint64(int64(a)+int64(in.Len)+int64(arg))] = true
				case x86asm.Mem:
					if arg.Base == x86asm.RIP {
						targets[uint64(int64(a)+int64(in.Len)+arg.Disp)] = true // an address taken (computed goto)
					}
				}
			}
			refs.note(&in, a)
			if in.Op == x86asm.JMP && in.Args[0] != nil {
				if _, ok := in.Args[0].(x86asm.Rel); !ok {
					indirect = true // a jump table, or a pointer from anywhere
				}
			}
			pc += in.Len
		}
		return true
	}
	if !decode(code, base, true) {
		s.why = "the function's code does not decode"
		return s
	}
	for _, m := range more {
		decode(m.code, m.addr, false)
	}
	in, ok := insts[at]
	if !ok {
		s.why = "not on an instruction"
		return s
	}
	s.fromClass, s.fromEmulated = classify(code[at-base:], &in)
	s.toClass, s.toEmulated = s.fromClass, s.fromEmulated
	if s.fromEmulated {
		return s
	}
	if indirect {
		if data == nil {
			s.why = "the function has an indirect jump, whose targets are unknown"
			return s
		}
		inCode := func(a uint64) bool {
			if a >= base && a < base+uint64(len(code)) {
				return true
			}
			for _, m := range more {
				if a >= m.addr && a < m.addr+uint64(len(m.code)) {
					return true
				}
			}
			return false
		}
		indirectTargets(refs, data(), inCode, targets)
	}
	s.tags = newTags()
	for pc := at; ; {
		in, ok := insts[pc]
		if !ok {
			s.why = "no emulated instruction before the function's end"
			return s
		}
		b := code[pc-base:]
		if pc != at {
			if targets[pc] {
				s.why = fmt.Sprintf("a branch targets +%d", pc-at)
				return s
			}
			if cl, emu := classify(b, &in); emu {
				s.to, s.toClass, s.toEmulated = pc, cl, true
				return s
			}
		}
		if isEndbr(b) {
			// no effect: user-space IBT is not enforced
		} else if why := s.tags.step(&in, atEntry); why != "" {
			s.why = why
			return s
		}
		s.skipped++
		pc += uint64(in.Len)
	}
}

// isEndbr matches endbr64 and endbr32 (f3 0f 1e fa/fb).
func isEndbr(b []byte) bool {
	return len(b) >= 4 && b[0] == 0xf3 && b[1] == 0x0f && b[2] == 0x1e && (b[3] == 0xfa || b[3] == 0xfb)
}

// step applies one skipped instruction to the tags, or says why the probe
// cannot move over it.
func (t *regTags) step(in *x86asm.Inst, atEntry bool) string {
	name := lower(in.Op.String())
	dst := in.Args[0]
	writes := true
	switch in.Op {
	case x86asm.CMP, x86asm.TEST, x86asm.BT, x86asm.NOP, x86asm.PREFETCHT0, x86asm.PREFETCHT1,
		x86asm.PREFETCHT2, x86asm.PREFETCHNTA, x86asm.PREFETCHW:
		writes = false
	case x86asm.MOV, x86asm.MOVZX, x86asm.MOVSX, x86asm.MOVSXD, x86asm.LEA,
		x86asm.ADD, x86asm.SUB, x86asm.AND, x86asm.OR, x86asm.XOR, x86asm.ADC, x86asm.SBB,
		x86asm.SHL, x86asm.SHR, x86asm.SAR, x86asm.ROL, x86asm.ROR, x86asm.NEG, x86asm.NOT,
		x86asm.INC, x86asm.DEC, x86asm.BSF, x86asm.BSR, x86asm.TZCNT, x86asm.LZCNT, x86asm.POPCNT,
		x86asm.BSWAP, x86asm.MOVAPS, x86asm.MOVUPS, x86asm.MOVDQA, x86asm.MOVDQU, x86asm.MOVQ,
		x86asm.MOVD, x86asm.MOVSS, x86asm.PXOR, x86asm.XORPS, x86asm.PUNPCKLQDQ,
		x86asm.CMOVA, x86asm.CMOVAE, x86asm.CMOVB, x86asm.CMOVBE, x86asm.CMOVE, x86asm.CMOVG,
		x86asm.CMOVGE, x86asm.CMOVL, x86asm.CMOVLE, x86asm.CMOVNE, x86asm.CMOVNO, x86asm.CMOVNP,
		x86asm.CMOVNS, x86asm.CMOVO, x86asm.CMOVP, x86asm.CMOVS,
		x86asm.SETA, x86asm.SETAE, x86asm.SETB, x86asm.SETBE, x86asm.SETE, x86asm.SETG,
		x86asm.SETGE, x86asm.SETL, x86asm.SETLE, x86asm.SETNE, x86asm.SETNO, x86asm.SETNP,
		x86asm.SETNS, x86asm.SETO, x86asm.SETP, x86asm.SETS:
	case x86asm.IMUL:
		if in.Args[1] == nil {
			t.kill(0)
			t.kill(1)
			return ""
		}
	case x86asm.CDQE, x86asm.CWDE:
		t.kill(0)
		return ""
	case x86asm.CQO, x86asm.CDQ:
		t.kill(1)
		return ""
	case x86asm.RET, x86asm.UD2, x86asm.SYSCALL, x86asm.JMP, x86asm.CALL, x86asm.INT,
		x86asm.LOOP, x86asm.LOOPE, x86asm.LOOPNE, x86asm.JRCXZ, x86asm.JECXZ, x86asm.HLT:
		return "a " + name + " comes before any emulated instruction"
	default:
		return "skipped " + name + " is not modelled"
	}
	if !writes || dst == nil {
		return ""
	}
	switch d := dst.(type) {
	case x86asm.Mem:
		// A store could change what the script reads through a pointer.
		// Only the new frame below the stack pointer of a function's
		// entry holds nothing anyone reads.
		// Other stores are noted: they matter only to a script that
		// reads memory (readsSurvive).
		switch {
		case t.store != "":
		case !atEntry || gpr(d.Base) != dwarfRSP || d.Index != 0 || t.r[dwarfRSP].reg != dwarfRSP:
			t.store = "skipped " + name + " stores to memory"
		case d.Disp+int64(in.MemBytes)+t.r[dwarfRSP].off > 0:
			t.store = "skipped " + name + " stores at or above the entry's stack pointer"
		}
		return ""
	case x86asm.Reg:
		r := gpr(d)
		if r < 0 {
			return "" // an SSE register: uprobes do not save them, scripts cannot read them
		}
		t.write(r, in)
	}
	return ""
}

// write records what the instruction leaves in 64-bit register r.
func (t *regTags) write(r int, in *x86asm.Inst) {
	src := in.Args[1]
	full := func(x x86asm.Reg) bool { return x >= x86asm.RAX && x <= x86asm.R15 }
	d := in.Args[0].(x86asm.Reg)
	switch {
	case in.Op == x86asm.MOV && full(d):
		if s, ok := src.(x86asm.Reg); ok && full(s) {
			t.r[r] = t.r[gpr(s)]
			return
		}
	case in.Op == x86asm.LEA && full(d):
		if m, ok := src.(x86asm.Mem); ok && m.Index == 0 && gpr(m.Base) >= 0 && m.Segment == 0 {
			v := t.r[gpr(m.Base)]
			if v.reg >= 0 {
				t.r[r] = tag{v.reg, v.off + m.Disp}
				return
			}
		}
	case (in.Op == x86asm.ADD || in.Op == x86asm.SUB) && full(d):
		if imm, ok := src.(x86asm.Imm); ok && t.r[r].reg >= 0 {
			if in.Op == x86asm.SUB {
				imm = -imm
			}
			t.r[r].off += int64(imm)
			return
		}
	}
	t.kill(r)
}
