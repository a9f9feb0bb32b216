//go:build !amd64

package arch

// GoABI is unknown here: no registers, and no g register.
var GoABI = struct {
	IntRegs   []int
	FloatRegs []int
	G         int
}{G: -1}
