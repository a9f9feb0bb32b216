package output

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// A stack frame's line in bpftrace's stack modes (bpftrace's get_stack):
//
//	bpftrace  main+43             the offset always, +0 included
//	perf      1172 main+43 (/path/to/app)
//	raw       1172
//	build_id  8f0e...3a 0x1172    the module's build id (hex) and the file offset
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
	case ir.StackRaw, ir.StackBuildID:
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

// buildIDFrame is a frame in build_id mode, as bpftrace's
// format_build_id_stack prints a frame the kernel captured with
// BPF_F_USER_BUILD_ID: the module's build id in hex, padded to the
// kernel's 20 bytes, and the frame's file offset in it ("%02x"); the
// address in hex where no module with a build id holds the frame.
func buildIDFrame(loc symbolize.Location, fr symbolize.Frame) string {
	id, off := loc.BuildID, loc.Offset
	if fr.HasBuildID {
		id, off = hex.EncodeToString(fr.BuildID[:]), fr.Offset
	}
	if id == "" {
		return strconv.FormatUint(fr.IP, 16)
	}
	if len(id) < 40 {
		id += strings.Repeat("0", 40-len(id))
	}
	return fmt.Sprintf("%s 0x%02x", id, off)
}
