//go:build !amd64

package arch

// GoABI is unknown here: no registers, no g register, no stack pointer.
var GoABI = struct {
	IntRegs       []int
	FloatRegs     []int
	G             int
	SP, StackArgs int
}{G: -1, SP: -1}
