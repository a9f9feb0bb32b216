//go:build amd64

package machine

import "golang.org/x/arch/x86/x86asm"

// sweepCalls adds what the code at link-time address base says about
// function entries to r (callsites.go), or says why it cannot.
func sweepCalls(code []byte, base uint64, inText func(uint64) bool, r *callRefs) string {
	s := newSweep(code, base)
	dead := true // the code before cannot run into the next instruction
	for s.next() {
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
