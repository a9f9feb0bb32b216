package output

import (
	"strconv"
	"time"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// Symbols names the addresses of stacks and usym values of the traced
// process (pid 0 when tracing system-wide: build-id frames still resolve,
// plain addresses print as numbers). A nil *Symbols names none.
type Symbols struct {
	Sym *symbolize.Symbolizer
	// DebugInfo: bpftrace's mode prints each frame as bpftrace's
	// show_debug_info does: func+off@file:line, after a line
	// "[inlined] f@file:line" for each function inlined there.
	DebugInfo bool
	pid       int
	snapped   time.Time // last snapshot of the process's maps
	snapOnce  bool
}

// resnapEvery bounds how often an unresolved address refreshes the
// snapshot of the process's maps (a library loaded with dlopen).
const resnapEvery = time.Second

// NewSymbols returns the symbols of modules in process pid.
func NewSymbols(modules []string, pid int) *Symbols {
	s := &Symbols{Sym: symbolize.New(), pid: pid}
	for _, m := range modules {
		s.Sym.AddModule(m)
	}
	return s
}

// Resolve names a frame; without symbols it is the bare address.
func (s *Symbols) Resolve(fr symbolize.Frame) symbolize.Symbol {
	if s == nil {
		if fr.HasBuildID {
			return symbolize.Symbol{Addr: fr.Offset}
		}
		return symbolize.Symbol{Addr: fr.IP}
	}
	s.fresh(fr)
	sym := s.Sym.Resolve(s.pid, fr)
	if sym.Func == "" && s.stale(fr) {
		sym = s.Sym.Resolve(s.pid, fr)
	}
	return sym
}

// Locations resolves the frames of a stack as Lines does in bpftrace's
// mode, innermost first up to the thread's entry function, each with its
// module, file offset and the functions inlined at it (package pprof's
// profiles). Without symbols a frame has its address alone.
func (s *Symbols) Locations(frs []symbolize.Frame) []symbolize.Location {
	var out []symbolize.Location
	for i, fr := range frs {
		fr.Caller = i > 0
		var loc symbolize.Location
		if s == nil {
			loc.Symbol = s.Resolve(fr)
		} else {
			s.fresh(fr)
			loc = s.Sym.Locate(s.pid, fr)
			if loc.Func == "" && s.stale(fr) {
				loc = s.Sym.Locate(s.pid, fr)
			}
		}
		out = append(out, loc)
		if entryFuncs[loc.Func] {
			break
		}
	}
	return out
}

// fresh takes the first snapshot of the process's maps before a plain
// address is resolved, and a new one when the last is old.
func (s *Symbols) fresh(fr symbolize.Frame) {
	if !fr.HasBuildID && s.pid != 0 && (!s.snapOnce || time.Since(s.snapped) > resnapEvery) {
		s.Snapshot()
	}
}

// stale takes a new snapshot for a plain address that did not resolve,
// at most every resnapEvery, and reports whether it did.
func (s *Symbols) stale(fr symbolize.Frame) bool {
	if !fr.HasBuildID && s.pid != 0 && time.Since(s.snapped) > resnapEvery {
		s.Snapshot()
		return true
	}
	return false
}

// entryFuncs are the outermost functions of a process's threads. The
// kernel walks a user stack by frame pointers, and code built without them
// (a static glibc's __libc_start_call_main) leaves a frame pointer that
// points at anything: what follows these frames is junk.
var entryFuncs = map[string]bool{
	"_start": true, "__libc_start_call_main": true, "__libc_start_main": true,
	"libc_start_main_stage2": true, "start_thread": true, "thread_start": true,
	"clone": true, "clone3": true, "__clone": true, "__clone3": true,
}

// stack resolves the frames of a stack, innermost first, up to the
// thread's entry function.
func (s *Symbols) stack(frs []symbolize.Frame) []string {
	var lines []string
	for i, fr := range frs {
		fr.Caller = i > 0
		sym := s.Resolve(fr)
		if s != nil && s.DebugInfo && sym.Func != "" {
			lines = append(lines, debugFrames(s.Sym.Locate(s.pid, fr))...) // stackmode.go
		} else {
			lines = append(lines, bpftraceFrame(sym, s != nil && s.Sym.Lines)) // stackmode.go
		}
		if entryFuncs[sym.Func] {
			break
		}
	}
	return lines
}

// Lines resolves frames as stack prints them in bpftrace's mode; perf
// adds each frame's address and module, raw prints only the address (a
// file offset in its module when the frame was captured as one).
func (s *Symbols) Lines(frs []symbolize.Frame, mode ir.StackMode) []string {
	if mode == ir.StackBpftrace {
		return s.stack(frs)
	}
	var lines []string
	for i, fr := range frs {
		if mode == ir.StackBuildID {
			fr.Caller = i > 0
			var loc symbolize.Location
			if s != nil {
				s.fresh(fr)
				loc = s.Sym.Locate(s.pid, fr)
			}
			lines = append(lines, buildIDFrame(loc, fr)) // stackmode.go
			if entryFuncs[loc.Func] {
				break
			}
			continue
		}
		sym := s.Resolve(fr)
		addr := sym.Addr
		if addr == 0 {
			addr = fr.IP
			if fr.HasBuildID {
				addr = fr.Offset
			}
		}
		if mode == ir.StackRaw {
			lines = append(lines, strconv.FormatUint(addr, 16))
		} else {
			if s != nil && s.DebugInfo && sym.Func != "" {
				at := fr
				at.Caller = i > 0
				lines = append(lines, perfInlined(addr, s.Sym.Locate(s.pid, at))...) // stackmode.go
			}
			lines = append(lines, perfFrame(addr, sym)) // stackmode.go
		}
		if entryFuncs[sym.Func] {
			break
		}
	}
	return lines
}

// Snapshot records the process's mappings while it runs, so its addresses
// resolve also after it exits.
func (s *Symbols) Snapshot() {
	if s == nil || s.pid == 0 {
		return
	}
	if s.Sym.SnapshotProcess(s.pid) == nil {
		s.snapOnce = true
	}
	s.snapped = time.Now()
}
