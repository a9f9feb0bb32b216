//go:build !amd64

package machine

// instStarts does not decode this architecture's code: every offset is
// taken as an instruction's start.
func instStarts(code []byte, off uint64) (prev, next int, on, ok bool) {
	return -1, -1, true, true
}
