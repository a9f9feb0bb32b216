//go:build !amd64

package sema

import "github.com/gs-tracer/gs/debuginfo"

// sseResult finds nothing on this architecture: its code is not decoded.
func (c *checker) sseResult(pv *probeView, t *Type, reg int) (debuginfo.Location, string) {
	return debuginfo.Location{}, "the code of this architecture is not analysed"
}
