//go:build amd64

package machine

// instStarts returns the offsets of the instructions of code that start
// before off and at or after it: prev is the last before, next the first
// after (-1 for none), on is true when one starts at off. ok is false
// when the code does not decode up to there.
func instStarts(code []byte, off uint64) (prev, next int, on, ok bool) {
	prev, next = -1, -1
	s := newSweep(code, 0)
	for s.next() {
		pc := s.in.off
		switch {
		case uint64(pc) == off:
			return prev, next, true, true
		case uint64(pc) < off:
			prev = pc
		case next < 0:
			next = pc
		}
	}
	return prev, next, false, s.err == nil
}
