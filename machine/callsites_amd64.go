//go:build amd64

package machine

import "golang.org/x/arch/x86/x86asm"

// sweepCalls adds what the code at link-time address base says about
// function entries to r (callsites.go), or says why it cannot.
func sweepCalls(code []byte, base uint64, inText func(uint64) bool, r *callRefs) string {
	s := newSweep(code, base)
	dead := true // the code before cannot run into the next instruction
	for {
		if s.off < len(code) {
			// x86asm decodes some VEX instructions, with wrong lengths.
			if n, target, ok := vexLen(code[s.off:], base+uint64(s.off)); ok {
				if target != 0 && inText(target) {
					r.other[target] = "its address is taken (a vector instruction names it)"
				}
				s.off, dead = s.off+n, false
				continue
			}
		}
		if !s.next() {
			break
		}
		in := &s.in
		if dead {
			r.deadStart[in.addr] = true
		}
		if rel, ok := in.Args[0].(x86asm.Rel); ok {
			t := in.target(int64(rel))
			class, emulated := classify(in.b, &in.Inst)
			switch {
			case (in.Op == x86asm.CALL || in.Op == x86asm.JMP) && emulated:
				r.sites[t] = append(r.sites[t], in.addr)
				if in.Op == x86asm.JMP {
					r.jmps[in.addr] = true
				}
			case in.Op == x86asm.CALL || in.Op == x86asm.JMP:
				r.other[t] = "a " + class + " the kernel single-steps goes to it"
			default:
				r.other[t] = "a conditional jump goes to it"
			}
		} else {
			for _, arg := range in.Args {
				a, ok := uint64(0), false
				switch arg := arg.(type) {
				case x86asm.Mem:
					switch {
					case arg.Base == x86asm.RIP:
						a, ok = in.target(arg.Disp), true
					case arg.Base == 0:
						a, ok = uint64(arg.Disp), true
					}
				case x86asm.Imm:
					a, ok = uint64(arg), true
				}
				if ok && inText(a) {
					r.other[a] = "its address is taken (" + lower(in.Op.String()) + " of it)"
				}
			}
		}
		switch in.Op {
		case x86asm.RET, x86asm.JMP, x86asm.UD2, x86asm.HLT:
			dead = true
		case x86asm.INT:
			dead = in.b[0] == 0xcc // int3, not int $0x80
		case x86asm.NOP:
			// padding keeps what came before
		default:
			dead = false
		}
	}
	if s.err != nil {
		return "its code does not all decode (" + s.err.Error() + ")"
	}
	return ""
}

// callLen returns the length of the instruction code starts with, which
// CallSites found to be a call.
func callLen(code []byte) (int, bool) {
	s := newSweep(code, 0)
	if !s.next() || s.in.Op != x86asm.CALL {
		return 0, false
	}
	return s.in.Len, true
}

// callTarget returns where the direct call that code at addr starts
// with goes, false when it starts with no direct call.
func callTarget(code []byte, addr uint64) (uint64, bool) {
	s := newSweep(code, addr)
	if !s.next() || s.in.Op != x86asm.CALL {
		return 0, false
	}
	rel, ok := s.in.Args[0].(x86asm.Rel)
	if !ok {
		return 0, false
	}
	return s.in.target(int64(rel)), true
}

// vexLen returns the length of the VEX or EVEX instruction code (at addr)
// starts with, which x86asm does not decode (AVX in Go's runtime and
// crypto assembly), and the address a rip-relative operand names (0 for
// none); false when code starts with no such instruction. Such an
// instruction is never a branch, so the sweep only needs to step over
// it. The encoding is the Intel SDM's, vol. 2, 2.3 (VEX) and 2.7 (EVEX):
// the prefix (c5 and one byte, c4 and two, 62 and three), the opcode,
// ModRM, SIB and displacement, and an imm8 in map 0f3a and for a few
// opcodes of map 0f.
func vexLen(code []byte, addr uint64) (int, uint64, bool) {
	i := 0
	if len(code) > 0 && code[0] == 0x67 {
		i++ // address size
	}
	if len(code) < i+2 {
		return 0, 0, false
	}
	var m byte // opcode map: 1 0f, 2 0f38, 3 0f3a
	switch code[i] {
	case 0xc5:
		m, i = 1, i+2
	case 0xc4:
		m, i = code[i+1]&0x1f, i+3
	case 0x62:
		m, i = code[i+1]&0x07, i+4
	default:
		return 0, 0, false
	}
	if len(code) > i && m == 1 && code[i] == 0x77 {
		return i + 1, 0, true // vzeroupper, vzeroall: no ModRM
	}
	if len(code) < i+2 {
		return 0, 0, false
	}
	op, modrm := code[i], code[i+1]
	i += 2
	mod, rm := modrm>>6, modrm&7
	ripRel := false
	if mod != 3 {
		if rm == 4 {
			if len(code) < i+1 {
				return 0, 0, false
			}
			if mod == 0 && code[i]&7 == 5 {
				i += 4 // no base: disp32
			}
			i++
		}
		switch {
		case mod == 1:
			i++
		case mod == 2:
			i += 4
		case mod == 0 && rm == 5:
			ripRel = true
			i += 4
		}
	}
	dispEnd := i
	switch {
	case m == 3:
		i++
	case m == 1 && (op >= 0x70 && op <= 0x73 || op == 0xc2 || op == 0xc4 || op == 0xc5 || op == 0xc6):
		i++
	}
	if len(code) < i {
		return 0, 0, false
	}
	var target uint64
	if ripRel {
		d := int32(uint32(code[dispEnd-4]) | uint32(code[dispEnd-3])<<8 | uint32(code[dispEnd-2])<<16 | uint32(code[dispEnd-1])<<24)
		target = uint64(int64(addr) + int64(i) + int64(d))
	}
	return i, target, true
}
