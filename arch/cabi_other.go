//go:build !amd64

package arch

// CABI is unknown here: no result registers (retval stays untyped).
var CABI = struct {
	IntRet, SSERet []int
	X87Ret         int
}{X87Ret: -1}
