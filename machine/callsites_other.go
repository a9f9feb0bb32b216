//go:build !amd64

package machine

// sweepCalls cannot decode this architecture's code.
func sweepCalls(code []byte, base uint64, inText func(uint64) bool, r *callRefs) string {
	return "gs decodes x86-64 code only"
}
