//go:build !amd64

package machine

import "github.com/gs-tracer/gs/debuginfo"

// FloatResult finds nothing on this architecture: its code is not decoded.
func FloatResult(bin *debuginfo.Binary, addr uint64, atRet bool, reg, size int) (debuginfo.Location, string) {
	return debuginfo.Location{}, "the code of this architecture is not analysed"
}
