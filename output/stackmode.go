package output

import (
	"fmt"

	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/symbolize"
)

// A stack frame's line in bpftrace's stack modes (bpftrace's get_stack):
//
//	bpftrace  main+43             the offset always, +0 included
//	perf      1172 main+43 (/path/to/app)
//	raw       1172
//
// A frame captured as a build id and an offset has no run-time address:
// perf and raw print the offset in its module (nm's address in an
// executable that is not PIE) where bpftrace prints the address.

// framePrefix starts each frame's line in mode: bpftrace's padding of 8
// spaces, perf's tab, nothing in raw.
func framePrefix(mode ir.StackMode) string {
	switch mode {
	case ir.StackPerf:
		return "\t"
	case ir.StackRaw:
		return ""
	}
	return "        "
}

// bpftraceFrame is sym in bpftrace's mode; withLine adds gs's -v
// " (file:line)".
func bpftraceFrame(sym symbolize.Symbol, withLine bool) string {
	text := sym.String()
	if sym.Func != "" {
		text = fmt.Sprintf("%s+%d", sym.Func, sym.Off)
	}
	if withLine && sym.Line != 0 {
		text += fmt.Sprintf(" (%s:%d)", sym.File, sym.Line)
	}
	return text
}

// perfFrame is sym at addr in perf's mode.
func perfFrame(addr uint64, sym symbolize.Symbol) string {
	name, mod := "[unknown]", sym.Path
	if sym.Func != "" {
		name = fmt.Sprintf("%s+%d", sym.Func, sym.Off)
	}
	if mod == "" {
		mod = sym.Module
	}
	if mod == "" {
		mod = "[unknown]"
	}
	return fmt.Sprintf("%x %s (%s)", addr, name, mod)
}
