package sema

import "golang.org/x/arch/x86/x86asm"

// goRets returns the addresses of the RET instructions in code, the
// machine code of a function at addr. Go's amd64 code has no data in
// functions (jump tables live in rodata), so a linear sweep finds every
// instruction.
func goRets(code []byte, addr uint64) ([]uint64, error) {
	var out []uint64
	for off := 0; off < len(code); {
		in, err := x86asm.Decode(code[off:], 64)
		if err != nil {
			if code[off] == 0xcc { // INT3 padding after the last instruction
				off++
				continue
			}
			return nil, goRetsErr(err, addr+uint64(off))
		}
		if in.Op == x86asm.RET {
			out = append(out, addr+uint64(off))
		}
		off += in.Len
	}
	return out, nil
}

// goStackCheckEnd returns the offset after the stack check that opens a
// Go function (CMPQ SP or R12, 16(R14), then a conditional jump to the
// call of runtime.morestack: cmd/internal/obj/x86 stacksplit), or 0 when
// its first instructions have none.
func goStackCheckEnd(code []byte) int {
	off := 0
	cmp := false
	for i := 0; i < 6 && off < len(code); i++ {
		in, err := x86asm.Decode(code[off:], 64)
		if err != nil {
			return 0
		}
		off += in.Len
		if cmp {
			switch in.Op {
			case x86asm.JBE, x86asm.JB, x86asm.JA, x86asm.JAE:
				return off
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
