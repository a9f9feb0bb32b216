package arch

// CABI is where the System V x86-64 psABI returns a C function's result
// (section 3.2.3, "Returning of Values"): INTEGER eightbytes in rax then
// rdx, SSE ones in xmm0 then xmm1, an x87 long double in st0; a MEMORY
// value in the caller's buffer, whose address the callee returns in rax.
// Registers are DWARF numbers (figure 3.36). TestRetvalTyped (tests/e2e) checks
// them against gdb's finish on this machine.
var CABI = struct {
	// IntRet and SSERet are the result registers of each class, in order.
	IntRet, SSERet []int
	// X87Ret holds a long double result.
	X87Ret int
}{
	IntRet: []int{0, 1},   // rax rdx
	SSERet: []int{17, 18}, // xmm0 xmm1
	X87Ret: 33,            // st0
}
