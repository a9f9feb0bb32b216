//go:build !amd64

package machine

// sweepCalls cannot decode this architecture's code.
func sweepCalls(code []byte, base uint64, inText func(uint64) bool, r *callRefs) string {
	return "gs decodes x86-64 code only"
}

func callLen(code []byte) (int, bool) { return 0, false }

func callTarget(code []byte, addr uint64) (uint64, bool) { return 0, false }
