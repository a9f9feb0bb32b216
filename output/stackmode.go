package output

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
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

// debugFrames is one frame in bpftrace's mode with show_debug_info: a
// line "[inlined] f@file:line" for each function inlined at it, innermost
// first, then "func+off@file:line" (without @ when DWARF gives no line).
func debugFrames(loc symbolize.Location) []string {
	at := func(f debuginfo.InlineFrame) string {
		if f.Line == 0 {
			return ""
		}
		return fmt.Sprintf("@%s:%d", f.File, f.Line)
	}
	var lines []string
	for i, f := range loc.Funcs {
		if i == len(loc.Funcs)-1 {
			break
		}
		lines = append(lines, "[inlined] "+f.Func+at(f))
	}
	last := fmt.Sprintf("%s+%d", loc.Func, loc.Off)
	if n := len(loc.Funcs); n > 0 {
		last += at(loc.Funcs[n-1])
	}
	return append(lines, last)
}

// perfInlined are the lines perf's mode prints with show_debug_info
// before a frame at addr: "addr f (inlined)" for each function inlined
// there, innermost first, as bpftrace prints them.
func perfInlined(addr uint64, loc symbolize.Location) []string {
	var lines []string
	for i := 0; i+1 < len(loc.Funcs); i++ {
		lines = append(lines, fmt.Sprintf("%x %s (inlined)", addr, loc.Funcs[i].Func))
	}
	return lines
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
