package arch

// GoABI is what Go's internal register ABI (ABIInternal, Go 1.17+) decides
// on this machine. Source: the Go tree's src/cmd/compile/abi-internal.md,
// "amd64 architecture": integer arguments and results in RAX, RBX, RCX,
// RDI, RSI, R8, R9, R10, R11; floating-point ones in X0-X14; R14 holds the
// current goroutine (the g) on call, on return and in the body.
// TestGoABI (tests/e2e) checks it against a Go program on this machine.
var GoABI = struct {
	// IntRegs are the DWARF numbers of the integer argument and result
	// registers, in assignment order.
	IntRegs []int
	// FloatRegs are the DWARF numbers of the floating-point ones (xmm0 is
	// DWARF 17; a uprobe does not save them).
	FloatRegs []int
	// G is the DWARF number of the register holding the current g.
	G int
	// SP is the DWARF number of the stack pointer; at a RET the stack
	// sequence of stack-assigned arguments and results starts StackArgs
	// bytes above it (past the return PC that CALL pushed).
	SP, StackArgs int
}{
	IntRegs:   []int{0, 3, 2, 5, 4, 8, 9, 10, 11}, // rax rbx rcx rdi rsi r8 r9 r10 r11
	FloatRegs: []int{17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31},
	G:         14, // r14
	SP:        7,  // rsp
	StackArgs: 8,
}
