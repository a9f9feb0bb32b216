//go:build amd64

package machine

import "golang.org/x/arch/x86/x86asm"

// rets returns the addresses of the RET instructions in code, the machine
// code of a function at addr.
func rets(code []byte, addr uint64) ([]uint64, error) {
	var out []uint64
	s := newSweep(code, addr)
	for s.next() {
		if s.in.Op == x86asm.RET {
			out = append(out, s.in.addr)
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	return out, nil
}

// goStackCheckEnd returns the offset after the stack check that opens a
// Go function (CMPQ SP or R12, 16(R14), then a conditional jump to the
// call of runtime.morestack: cmd/internal/obj/x86 stacksplit), or 0 when
// its first instructions have none.
func goStackCheckEnd(code []byte) int {
	cmp := false
	s := newSweep(code, 0)
	for i := 0; i < 6 && s.next(); i++ {
		in := &s.in
		if cmp {
			switch in.Op {
			case x86asm.JBE, x86asm.JB, x86asm.JA, x86asm.JAE:
				return s.off
			}
			return 0
		}
		if in.Op == x86asm.CMP {
			for _, a := range in.Args {
				if m, ok := a.(x86asm.Mem); ok && m.Base == x86asm.R14 {
					cmp = true
				}
			}
		}
	}
	return 0
}
