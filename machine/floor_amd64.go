//go:build amd64

package machine

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

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
	insts := map[uint64]inst{}
	targets := map[uint64]bool{}
	refs := newAddrRefs()
	indirect := false
	decode := func(b []byte, addr uint64, own bool) bool {
		sw := newSweep(b, addr)
		for sw.next() {
			in := &sw.in
			if own {
				insts[in.addr] = *in
			}
			for _, arg := range in.Args {
				switch arg := arg.(type) {
				case x86asm.Rel:
					targets[in.target(int64(arg))] = true
				case x86asm.Mem:
					if arg.Base == x86asm.RIP {
						targets[in.target(arg.Disp)] = true // an address taken (computed goto)
					}
				}
			}
			refs.note(&in.Inst, in.addr)
			if in.Op == x86asm.JMP && in.Args[0] != nil {
				if _, ok := in.Args[0].(x86asm.Rel); !ok {
					indirect = true // a jump table, or a pointer from anywhere
				}
			}
		}
		return sw.err == nil
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
	s.fromClass, s.fromEmulated = classify(in.b, &in.Inst)
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
		b := in.b
		if pc != at {
			if targets[pc] {
				s.why = fmt.Sprintf("a branch targets +%d", pc-at)
				return s
			}
			if cl, emu := classify(b, &in.Inst); emu {
				s.to, s.toClass, s.toEmulated = pc, cl, true
				return s
			}
		}
		if isEndbr(b) {
			// no effect: user-space IBT is not enforced
		} else if why := s.tags.step(&in.Inst, atEntry); why != "" {
			s.why = why
			return s
		}
		s.skipped++
		pc += uint64(in.Len)
	}
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

func newTags() *regTags {
	t := &regTags{r: make([]tag, nTags)}
	for i := range t.r {
		t.r[i] = tag{i, 0}
	}
	return t
}
