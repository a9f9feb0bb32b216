package machine

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
)

// FramePointers reports whether callers' frames in the module of t (b's
// unwind table) unwind from rbp alone: t.FramePointers, and no function
// of t.Frameless, which set up no frame, calls (or has code that cannot
// be read or decoded: then it might).
func FramePointers(b *debuginfo.Binary, t *debuginfo.UnwindTable) bool {
	if !t.FramePointers {
		return false
	}
	for _, f := range t.Frameless {
		lo, hi := f[0], f[1]
		if hi-lo > 1<<20 {
			return false
		}
		code, err := b.Code(debuginfo.Func{Name: fmt.Sprintf("%#x", lo), Addr: lo, Size: hi - lo})
		if err != nil || code == nil || calls(code) {
			return false
		}
	}
	return true
}
