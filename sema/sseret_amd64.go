package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
	"golang.org/x/arch/x86/x86asm"
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

// funcInsts decodes a function's code by a linear sweep (gcc, clang and
// Go put no data in functions) and collects the direct branch targets.
// why is set when the code does not decode or has an indirect jump.
func funcInsts(code []byte, base uint64) (addrs []uint64, insts []x86asm.Inst, targets map[uint64]bool, why string) {
	targets = map[uint64]bool{}
	for off := 0; off < len(code); {
		in, err := x86asm.Decode(code[off:], 64)
		if isEndbr(code[off:]) {
			in, err = x86asm.Inst{Op: x86asm.NOP, Len: 4}, nil
		}
		if err != nil || in.Len == 0 {
			if code[off] == 0xcc { // INT3 padding
				off++
				continue
			}
			return nil, nil, nil, fmt.Sprintf("its code does not decode at +%#x", off)
		}
		a := base + uint64(off)
		for _, arg := range in.Args {
			if rel, ok := arg.(x86asm.Rel); ok {
				targets[uint64(int64(a)+int64(in.Len)+int64(rel))] = true
			}
		}
		if in.Op == x86asm.JMP {
			if _, ok := in.Args[0].(x86asm.Rel); !ok {
				return nil, nil, nil, fmt.Sprintf("it has an indirect jump at +%#x", off)
			}
		}
		addrs, insts = append(addrs, a), append(insts, in)
		off += in.Len
	}
	return addrs, insts, targets, ""
}

// funcRets returns the RETs of the function and says why they are not
// all its exits: a jump out of it (a tail call returns the callee's
// result through it).
func funcRets(addrs []uint64, insts []x86asm.Inst, base uint64, size int) ([]uint64, string) {
	var rets []uint64
	for i, in := range insts {
		switch in.Op {
		case x86asm.RET:
			rets = append(rets, addrs[i])
		case x86asm.JMP:
			if rel, ok := in.Args[0].(x86asm.Rel); ok {
				to := uint64(int64(addrs[i]) + int64(in.Len) + int64(rel))
				if to < base || to >= base+uint64(size) {
					return nil, fmt.Sprintf("it jumps out at +%#x (a tail call, whose result it returns)", addrs[i]-base)
				}
			}
		}
	}
	if len(rets) == 0 {
		return nil, "it has no RET"
	}
	return rets, ""
}

// sseCopyAt proves where the bits of SSE register xmm (a DWARF number,
// 17 = xmm0) also are when the RET at ret runs, for a value of size
// bytes (4 or 8); why says why nothing is proven.
func sseCopyAt(addrs []uint64, insts []x86asm.Inst, targets map[uint64]bool, base, ret uint64, xmm, size int) (sseCopy, string) {
	x := x86asm.X0 + x86asm.Reg(xmm-17)
	name := debuginfo.RegName(xmm)
	i := -1
	for k, a := range addrs {
		if a == ret {
			i = k
		}
	}
	if i < 0 || insts[i].Op != x86asm.RET {
		return sseCopy{}, fmt.Sprintf("+%#x is not a RET", ret-base)
	}
	written := map[int]bool{} // general-purpose registers written between
	sp, spKnown := int64(0), true
	for j := i - 1; j >= 0; j-- {
		if targets[addrs[j+1]] {
			return sseCopy{}, fmt.Sprintf("a branch enters at +%#x, after the last write to %s", addrs[j+1]-base, name)
		}
		in := insts[j]
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
			written[6], spKnown = true, false // rsp = rbp + 8, rbp popped
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
					return sseCopy{}, fmt.Sprintf("%s at +%#x copies only 4 bytes into %s", lower(in.String()), addrs[j]-base, name)
				}
				if written[gpr(r)] {
					return sseCopy{}, fmt.Sprintf("%s is copied from %s at +%#x, which is overwritten before the RET", name, lower(r.String()), addrs[j]-base)
				}
				return sseCopy{reg: gpr(r)}, ""
			}
		case (in.Op == x86asm.MOVSD_XMM && size == 8 || in.Op == x86asm.MOVSS && size == 4) && in.Args[1] == x:
			if m, ok := in.Args[0].(x86asm.Mem); ok && m.Base == x86asm.RSP && m.Index == 0 && m.Segment == 0 && spKnown {
				return sseCopy{reg: -1, spOff: m.Disp - sp}, ""
			}
		}
		if writesReg(in, x) {
			return sseCopy{}, fmt.Sprintf("%s is computed by %s at +%#x, and no general-purpose register or stack slot holds a copy", name, lower(in.Op.String()), addrs[j]-base)
		}
		return sseCopy{}, fmt.Sprintf("%s at +%#x comes between the last write to %s and the RET", lower(in.String()), addrs[j]-base, name)
	}
	return sseCopy{}, fmt.Sprintf("nothing writes %s before the RET at +%#x: it holds the caller's value", name, ret-base)
}

// writesReg reports whether in's destination (its first operand, in
// Intel order) is register r.
func writesReg(in x86asm.Inst, r x86asm.Reg) bool {
	return in.Args[0] == r
}

// redZone is the psABI's 128 bytes below rsp that signal handlers leave
// alone (section 3.2.2): a copy stored there survives until the RET.
const redZone = 128

// sseResult finds a copy of the floating-point value of type t that the
// function probe pv returns from has in SSE register reg, at the probe:
// its location, or why there is none. At a probe on a RET (Go's, and
// C++'s RET-site probes) the copy may be in the frame just popped; at a
// kernel uretprobe, which fires after the RET with the trampoline's
// pushes below rsp, it must be in the same general-purpose register at
// every RET.
func (c *checker) sseResult(pv *probeView, t *Type, reg int) (debuginfo.Location, string) {
	if t.Kind != KindFloat || t.Size != 4 && t.Size != 8 {
		return debuginfo.Location{}, "gs looks for copies of a float or double result only"
	}
	p := &c.p.Probes[pv.id]
	fn, ok := pv.bin.FuncAt(p.Address)
	if !ok {
		return debuginfo.Location{}, "no symbol holds the probe"
	}
	code := readCode(pv.bin, fn)
	if code == nil {
		return debuginfo.Location{}, "its code cannot be read"
	}
	addrs, insts, targets, why := funcInsts(code, fn.Addr)
	if why != "" {
		return debuginfo.Location{}, why
	}
	regLoc := func(r int) debuginfo.Location {
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocReg, Reg: r}}
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceReg, Size: t.Size, Ops: ops, Expr: ops}}}
	}
	if c.retSite[pv.id] {
		cp, why := sseCopyAt(addrs, insts, targets, fn.Addr, p.Address, reg, t.Size)
		switch {
		case why != "":
			return debuginfo.Location{}, why
		case cp.reg >= 0:
			return regLoc(cp.reg), ""
		case cp.spOff < -redZone && !pv.bin.IsGo():
			return debuginfo.Location{}, fmt.Sprintf("its copy at rsp%+d is below the red zone, where a signal handler may write", cp.spOff)
		}
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: 7, Offset: cp.spOff}} // rsp
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceMemory, Ops: ops, Expr: ops}}}, ""
	}
	rets, why := funcRets(addrs, insts, fn.Addr, len(code))
	if why != "" {
		return debuginfo.Location{}, why
	}
	at := -1
	for _, ret := range rets {
		cp, why := sseCopyAt(addrs, insts, targets, fn.Addr, ret, reg, t.Size)
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
