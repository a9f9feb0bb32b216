package machine

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
)

// OffsetProblem says why fn+off cannot take a probe (past fn's end, not
// on an instruction boundary), with a hint; "" when it can. sema checks
// FUNC+OFF probes with it, and gs -lv too. A function whose bytes cannot
// be read or decoded is not checked.
func OffsetProblem(bin *debuginfo.Binary, fn debuginfo.Func, off uint64) (msg, hint string) {
	if fn.Size != 0 && off >= fn.Size {
		return fmt.Sprintf("offset %d is past the end of %q (%d bytes)", off, fn.Name, fn.Size),
			fmt.Sprintf("Offset outside the function bounds ('%s' size is %d), as bpftrace says: use an offset below %d", fn.Name, fn.Size, fn.Size)
	}
	code, _ := bin.Code(fn)
	if code == nil {
		return "", ""
	}
	prev, next, on, ok := instStarts(code, off)
	if on || !ok {
		return "", ""
	}
	msg = fmt.Sprintf("offset %d is not on an instruction boundary of %q", off, fn.Name)
	switch {
	case prev >= 0 && next >= 0:
		hint = fmt.Sprintf("the nearest instructions start at %s+%d and %s+%d", fn.Name, prev, fn.Name, next)
	case prev >= 0:
		hint = fmt.Sprintf("the nearest instruction starts at %s+%d", fn.Name, prev)
	}
	return msg, hint
}
