//go:build amd64

package machine

import "golang.org/x/arch/x86/x86asm"

// calls reports whether code has a call instruction, or does not decode
// (then it might).
func calls(code []byte) bool {
	s := newSweep(code, 0)
	for s.next() {
		if s.in.Op == x86asm.CALL {
			return true
		}
	}
	return s.err != nil
}
