//go:build amd64

package machine

import (
	"fmt"

	"golang.org/x/arch/x86/x86asm"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
)

// This file proves, from the instructions before a RET, where a copy of
// a floating-point result is when the RET runs. A uprobe saves only the
// general-purpose registers, and the psABI (and Go's ABI) return a float
// or double in an SSE register. Some code leaves a copy the probe can
// read: gcc at -O0 moves a double's bits through rax (movq %xmm0,%rax;
// movq %rax,%xmm0; pop %rbp; ret), Go's -N -l code stores the result to
// its frame before popping it (MOVSD X0, 0(SP); ADDQ $8, SP; POPQ BP;
// RET). The proof is local: the last instruction before the RET that
// writes the SSE register must copy it from a general-purpose register,
// or the one before must store it to the stack, and only instructions
// that touch neither the register nor the copy (a pop of another
// register, an add to rsp, leave, a nop) may come between, none of them
// the target of a branch. Anything else, and gs refuses the value.

// sseCopy is where a copy of an SSE register's bits is at a RET: in a
// general-purpose register (reg, a DWARF number), or, when reg is -1, in
// the stack at rsp+spOff at the RET itself.
type sseCopy struct {
	reg   int
	spOff int64
}

// funcInsts decodes a function's code and collects the direct branch
// targets. why is set when the code does not decode or has an indirect
// jump.
func funcInsts(code []byte, base uint64) (insts []inst, targets map[uint64]bool, why string) {
	targets = map[uint64]bool{}
	s := newSweep(code, base)
	for s.next() {
		in := s.in
		for _, arg := range in.Args {
			if rel, ok := arg.(x86asm.Rel); ok {
				targets[in.target(int64(rel))] = true
			}
		}
		if in.Op == x86asm.JMP {
			if _, ok := in.Args[0].(x86asm.Rel); !ok {
				return nil, nil, fmt.Sprintf("it has an indirect jump at +%#x", in.off)
			}
		}
		insts = append(insts, in)
	}
	if s.err != nil {
		return nil, nil, fmt.Sprintf("its code does not decode at +%#x", s.err.Off)
	}
	return insts, targets, ""
}

// funcRets returns the RETs of the function and says why they are not
// all its exits: a jump out of it (a tail call returns the callee's
// result through it).
func funcRets(insts []inst, base uint64, size int) ([]uint64, string) {
	var rets []uint64
	for _, in := range insts {
		switch in.Op {
		case x86asm.RET:
			rets = append(rets, in.addr)
		case x86asm.JMP:
			if rel, ok := in.Args[0].(x86asm.Rel); ok {
				to := in.target(int64(rel))
				if to < base || to >= base+uint64(size) {
					return nil, fmt.Sprintf("it jumps out at +%#x (a tail call, whose result it returns)", in.addr-base)
				}
			}
		}
	}
	if len(rets) == 0 {
		return nil, "it has no RET"
	}
	return rets, ""
}

// sseCopyAt proves where the bits of SSE register reg (a DWARF number)
// also are when the RET at ret runs, for a value of size bytes (4 or 8);
// why says why nothing is proven.
func sseCopyAt(insts []inst, targets map[uint64]bool, base, ret uint64, reg, size int) (sseCopy, string) {
	x, ok := xmm(reg)
	name := arch.DWARFName(reg)
	if !ok {
		return sseCopy{}, name + " is no SSE register"
	}
	i := -1
	for k, in := range insts {
		if in.addr == ret {
			i = k
		}
	}
	if i < 0 || insts[i].Op != x86asm.RET {
		return sseCopy{}, fmt.Sprintf("+%#x is not a RET", ret-base)
	}
	written := map[int]bool{} // general-purpose registers written between
	sp, spKnown := int64(0), true
	for j := i - 1; j >= 0; j-- {
		if targets[insts[j+1].addr] {
			return sseCopy{}, fmt.Sprintf("a branch enters at +%#x, after the last write to %s", insts[j+1].addr-base, name)
		}
		in, at := insts[j].Inst, insts[j].addr
		switch {
		case in.Op == x86asm.NOP:
			continue
		case in.Op == x86asm.POP:
			if r, ok := in.Args[0].(x86asm.Reg); ok && gpr(r) >= 0 {
				written[gpr(r)] = true
				sp += 8
				continue
			}
		case in.Op == x86asm.LEAVE:
			written[dwarfRBP], spKnown = true, false // rsp = rbp + 8, rbp popped
			continue
		case in.Op == x86asm.ADD && in.Args[0] == x86asm.RSP:
			if imm, ok := in.Args[1].(x86asm.Imm); ok {
				sp += int64(imm)
				continue
			}
		case (in.Op == x86asm.MOVQ || in.Op == x86asm.MOVD) && in.Args[0] == x:
			if r, ok := in.Args[1].(x86asm.Reg); ok && gpr(r) >= 0 {
				full := r >= x86asm.RAX && r <= x86asm.R15
				if size == 8 && !full {
					return sseCopy{}, fmt.Sprintf("%s at +%#x copies only 4 bytes into %s", lower(in.String()), at-base, name)
				}
				if written[gpr(r)] {
					return sseCopy{}, fmt.Sprintf("%s is copied from %s at +%#x, which is overwritten before the RET", name, lower(r.String()), at-base)
				}
				return sseCopy{reg: gpr(r)}, ""
			}
		case (in.Op == x86asm.MOVSD_XMM && size == 8 || in.Op == x86asm.MOVSS && size == 4) && in.Args[1] == x:
			if m, ok := in.Args[0].(x86asm.Mem); ok && m.Base == x86asm.RSP && m.Index == 0 && m.Segment == 0 && spKnown {
				return sseCopy{reg: -1, spOff: m.Disp - sp}, ""
			}
		}
		if in.Args[0] == x { // its destination (the first operand, in Intel order)
			return sseCopy{}, fmt.Sprintf("%s is computed by %s at +%#x, and no general-purpose register or stack slot holds a copy", name, lower(in.Op.String()), at-base)
		}
		return sseCopy{}, fmt.Sprintf("%s at +%#x comes between the last write to %s and the RET", lower(in.String()), at-base, name)
	}
	return sseCopy{}, fmt.Sprintf("nothing writes %s before the RET at +%#x: it holds the caller's value", name, ret-base)
}

// redZone is the psABI's 128 bytes below rsp that signal handlers leave
// alone (section 3.2.2): a copy stored there survives until the RET.
const redZone = 128

// FloatResult finds a copy of the floating-point result of size bytes (4
// or 8) that the function holding a probe at addr returns in SSE register
// reg (a DWARF number): its location at the probe, or why there is none.
// At a probe on a RET (atRet: Go's, and C++'s RET-site probes) the copy
// may be in the frame just popped; at a kernel uretprobe, which fires
// after the RET with the trampoline's pushes below rsp, it must be in the
// same general-purpose register at every RET.
func FloatResult(bin *debuginfo.Binary, addr uint64, atRet bool, reg, size int) (debuginfo.Location, string) {
	fn, ok := bin.FuncAt(addr)
	if !ok {
		return debuginfo.Location{}, "no symbol holds the probe"
	}
	code := readCode(bin, fn)
	if code == nil {
		return debuginfo.Location{}, "its code cannot be read"
	}
	insts, targets, why := funcInsts(code, fn.Addr)
	if why != "" {
		return debuginfo.Location{}, why
	}
	regLoc := func(r int) debuginfo.Location {
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocReg, Reg: r}}
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceReg, Size: size, Ops: ops, Expr: ops}}}
	}
	if atRet {
		cp, why := sseCopyAt(insts, targets, fn.Addr, addr, reg, size)
		switch {
		case why != "":
			return debuginfo.Location{}, why
		case cp.reg >= 0:
			return regLoc(cp.reg), ""
		case cp.spOff < -redZone && !bin.IsGo():
			return debuginfo.Location{}, fmt.Sprintf("its copy at rsp%+d is below the red zone, where a signal handler may write", cp.spOff)
		}
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: dwarfRSP, Offset: cp.spOff}}
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceMemory, Ops: ops, Expr: ops}}}, ""
	}
	rets, why := funcRets(insts, fn.Addr, len(code))
	if why != "" {
		return debuginfo.Location{}, why
	}
	at := -1
	for _, ret := range rets {
		cp, why := sseCopyAt(insts, targets, fn.Addr, ret, reg, size)
		switch {
		case why != "":
			return debuginfo.Location{}, why
		case cp.reg < 0:
			return debuginfo.Location{}, fmt.Sprintf("its copy at the RET at +%#x is in the stack just popped, where the uretprobe's trampoline writes", ret-fn.Addr)
		case at >= 0 && cp.reg != at:
			return debuginfo.Location{}, "its RETs leave copies in different registers"
		}
		at = cp.reg
	}
	return regLoc(at), ""
}
