package machine

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
)

// ReturnSites returns the addresses of the RETs of the function at entry,
// where a uretprobe's uprobes go when they sit on RETs (sema/retsites.go):
// in the function's symbol and, for gcc's hot/cold splitting, its
// NAME.cold part.
func ReturnSites(bin *debuginfo.Binary, entry uint64) ([]uint64, error) {
	fn, ok := bin.FuncAt(entry)
	if !ok || fn.Addr != entry {
		return nil, fmt.Errorf("no function starts at %#x", entry)
	}
	parts := []debuginfo.Func{fn}
	if !bin.IsGo() {
		for _, n := range []string{fn.Name + ".cold", fn.Name + ".cold.0"} {
			if cold, ok := bin.LookupFunc(n); ok {
				parts = append(parts, cold)
			}
		}
	}
	var out []uint64
	for _, part := range parts {
		code, err := bin.Code(part)
		if err != nil {
			return nil, err
		}
		if code == nil {
			return nil, fmt.Errorf("the code of %s is in no executable section, or its size is unknown", part.Name)
		}
		rets, err := rets(code, part.Addr)
		if err != nil {
			return nil, err
		}
		out = append(out, rets...)
	}
	return out, nil
}

// GoStackCheckLen returns the length of the stack check that opens the Go
// function at entry, 0 when bin is not Go, entry is not a function's
// entry, or its code has none. When the goroutine stack is too small, the
// check calls runtime.morestack, which grows the stack and runs the
// function again from its entry: a probe there would fire twice for one
// call. The check reads and writes no argument register.
func GoStackCheckLen(bin *debuginfo.Binary, entry uint64) uint64 {
	if !bin.IsGo() {
		return 0
	}
	fn, found := bin.FuncAt(entry)
	if !found || fn.Addr != entry {
		return 0
	}
	code, err := bin.Code(fn)
	if err != nil || code == nil {
		return 0
	}
	return uint64(goStackCheckEnd(code))
}
