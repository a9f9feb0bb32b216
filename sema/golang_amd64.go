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
