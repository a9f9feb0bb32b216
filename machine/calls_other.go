//go:build !amd64

package machine

// calls cannot decode this architecture's code: it might call.
func calls(code []byte) bool { return true }
