package sema

import (
	"fmt"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// Perf events and hardware breakpoints: profile, software and watchpoint
// probes (ir.Perf, ir.Watchpoint), which the runtime opens on every CPU.

// SoftwareEvent is a software perf event by bpftrace's names.
type SoftwareEvent struct {
	Name, Alias string
	Config      uint64 // perf_event_attr.config: PERF_COUNT_SW_*
	Period      uint64 // the default sampling period
}

// SoftwareEvents are bpftrace's software probes: its SW_PROBE_LIST
// (src/probe_matcher.h: names, aliases and default periods), with the
// PERF_COUNT_SW_* numbers of <linux/perf_event.h> (enum perf_sw_ids).
// session's TestSoftwareEvents opens each on this machine.
var SoftwareEvents = []SoftwareEvent{
	{"alignment-faults", "", 7, 1},
	{"bpf-output", "", 10, 1},
	{"context-switches", "cs", 3, 1000},
	{"cpu-clock", "cpu", 0, 1000000},
	{"cpu-migrations", "", 4, 1},
	{"dummy", "", 9, 1},
	{"emulation-faults", "", 8, 1},
	{"major-faults", "", 6, 1},
	{"minor-faults", "", 5, 100},
	{"page-faults", "faults", 2, 100},
	{"task-clock", "", 1, 1},
}

// Kernel ABI numbers of perf_event_attr (<linux/perf_event.h>,
// <linux/hw_breakpoint.h>).
const (
	perfTypeSoftware = 1 // PERF_TYPE_SOFTWARE
	perfSWCPUClock   = 0 // PERF_COUNT_SW_CPU_CLOCK
	// HW_BREAKPOINT_R, _W, _X: perf_event_attr.bp_type bits.
	bpRead, bpWrite, bpExec = 1, 2, 4
	// debugRegisters is how many addresses x86-64 watches (DR0-DR3).
	debugRegisters = 4
)

// watchModes are the modes x86-64's debug registers take (Intel SDM
// vol. 3, 17.2.4: execute, write, read or write; no read alone), as
// bpftrace's arch/x86_64.cpp lists them.
var watchModes = map[string]uint32{"w": bpWrite, "rw": bpRead | bpWrite, "wr": bpRead | bpWrite, "x": bpExec}

// sampled are the probe types whose hits interrupt the traced program
// anywhere (Group.Special): their func is the symbol of the interrupted
// pc, as bpftrace's is in a profile probe, not a probed function's name.
var sampled = map[string]bool{"profile": true, "software": true, "watchpoint": true}

// perfProbe adds a profile or software probe.
func (c *checker) perfProbe(g *Group, pr *parser.Probe) {
	at := ir.Probe{ID: uint32(len(c.p.Probes)), Kind: ir.Perf, Sp: pr.Sp, PerfType: perfTypeSoftware}
	switch pr.Kind {
	case parser.ProbeProfile:
		period, ok := c.periodNs(pr, "profile")
		if !ok {
			return
		}
		at.Period = period
		at.PerfConfig = perfSWCPUClock
		at.Name = fmt.Sprintf("profile:%s:%d", pr.IntervalUnit, pr.IntervalN)
	case parser.ProbeSoftware:
		var ev *SoftwareEvent
		for i := range SoftwareEvents {
			if e := &SoftwareEvents[i]; pr.Event == e.Name || (e.Alias != "" && pr.Event == e.Alias) {
				ev = e
			}
		}
		if ev == nil {
			if pr.Event != "" {
				c.errorf(pr, "%q is not a software event", pr.Event).
					WithHint("software events: cpu-clock (cpu), task-clock, page-faults (faults), minor-faults, major-faults, context-switches (cs), cpu-migrations, alignment-faults, emulation-faults, bpf-output, dummy")
			}
			return
		}
		at.PerfConfig, at.Period = ev.Config, ev.Period
		if pr.Count != 0 {
			at.Period = pr.Count
		}
		at.Name = pr.Text // as written, alias and count too: bpftrace's probe
		if i := strings.IndexByte(pr.Text, ':'); i >= 0 {
			at.Name = "software" + pr.Text[i:]
		}
	}
	if c.cfg.DefaultBinary != "" {
		at.Binary = c.cfg.DefaultBinary // the traced program's names (its globals) are in scope
		if be := c.openBinary(at.Binary); be.bin != nil {
			at.Binary = be.bin.Path
		} else {
			at.Binary = ""
		}
	}
	c.addSpecial(g, pr, at)
}

// addSpecial adds at, a probe of pr that is no function's.
func (c *checker) addSpecial(g *Group, pr *parser.Probe, at ir.Probe) {
	if g.Special == "" {
		g.Special = pr.Kind.String()
	}
	g.Probes = append(g.Probes, len(c.p.Probes))
	c.p.Probes = append(c.p.Probes, at)
}

// watchProbe adds a watchpoint: on an address, or on a variable by name
// (its address and size from DWARF; the runtime adds its module's load
// bias in the traced process).
func (c *checker) watchProbe(g *Group, pr *parser.Probe) {
	typ, ok := watchModes[pr.WatchMode]
	if !ok {
		if pr.WatchMode != "" && len(pr.WatchMode) <= 3 && pr.WatchMode == trimRWX(pr.WatchMode) {
			c.errorf(pr, "invalid watchpoint mode %q", pr.WatchMode).WithHint("x86-64's debug registers watch w, rw or x (a read alone is not among them)")
		}
		return
	}
	if c.cfg.DefaultBinary == "" {
		c.errorf(pr, "a watchpoint needs a process").WithHint("trace one with -p PID or -c CMD")
		return
	}
	at := ir.Probe{ID: uint32(len(c.p.Probes)), Kind: ir.Watchpoint, Sp: pr.Sp, WatchType: typ}
	n := 0
	for _, p := range c.p.Probes {
		if p.Kind == ir.Watchpoint {
			n++
		}
	}
	if n == debugRegisters {
		c.errorf(pr, "too many watchpoints: the CPU has %d debug registers, and this is watchpoint %d", debugRegisters, n+1).
			WithHint("watch at most %d addresses at once", debugRegisters)
		return
	}
	if pr.HasAddr {
		if pr.WatchLen == 0 {
			return // the parser reported it
		}
		// An absolute address, in no module: Binary stays "".
		at.Address, at.WatchLen = pr.Addr, uint32(pr.WatchLen)
		if typ == bpExec {
			// x86-64 takes an instruction breakpoint of sizeof(long) only
			// (arch_build_bp_info); bpftrace's scripts write any length.
			at.WatchLen = 8
		}
		at.Name = fmt.Sprintf("watchpoint:0x%x:%d:%s", pr.Addr, pr.WatchLen, pr.WatchMode)
		c.addSpecial(g, pr, at)
		return
	}
	name := pr.Binary
	if name == "" {
		name = c.cfg.DefaultBinary
	}
	be := c.openBinary(name)
	if be.bin == nil {
		d := c.errorf(pr, "%s", be.err)
		if be.hint != "" {
			d.WithHint("%s", be.hint)
		}
		return
	}
	d, err := be.bin.Debug()
	if err != nil {
		c.errorf(pr, "watchpoint on %q: %v", pr.WatchVar, err)
		return
	}
	v, err := d.Global(pr.WatchVar)
	if err != nil {
		c.errorf(pr, "watchpoint: %v", err)
		return
	}
	addr, ok := globalAddr(v)
	if !ok {
		c.errorf(pr, "watchpoint on %q: it has no fixed address", pr.WatchVar).WithHint("a watchpoint watches a global or static variable")
		return
	}
	size := uint64(0)
	if v.Type != nil && v.Type.Size() > 0 {
		size = uint64(v.Type.Size())
	}
	wl := uint64(0)
	for _, l := range []uint64{8, 4, 2, 1} {
		if size >= l && addr%l == 0 {
			wl = l
			break
		}
	}
	if wl == 0 {
		c.errorf(pr, "watchpoint on %q: %d bytes at 0x%x fit no debug register", pr.WatchVar, size, addr).
			WithHint("a debug register watches 1, 2, 4 or 8 aligned bytes")
		return
	}
	if typ == bpExec {
		c.errorf(pr, "watchpoint on %q: a variable is not executed", pr.WatchVar).WithHint("use w or rw")
		return
	}
	// The runtime adds Binary's load bias in the process (0 if not PIE).
	at.Address, at.WatchLen, at.Binary = addr, uint32(wl), be.bin.Path
	at.Name = fmt.Sprintf("watchpoint:%s:%s:%s", name, pr.WatchVar, pr.WatchMode)
	if size > wl {
		c.diags.Warnf(pr.Span(), "watchpoint on %q watches its first %d of %d bytes", pr.WatchVar, wl, size)
	}
	c.addSpecial(g, pr, at)
}

// globalAddr is the link-time address of a variable whose location is
// one address.
func globalAddr(v *debuginfo.Var) (addr uint64, ok bool) {
	if len(v.Loc.Pieces) != 1 || v.Loc.Pieces[0].Kind != debuginfo.PieceMemory || len(v.Loc.Pieces[0].Ops) != 1 {
		return 0, false
	}
	op := v.Loc.Pieces[0].Ops[0]
	return op.Value, op.Kind == debuginfo.LocAddr
}

func trimRWX(s string) string {
	for _, r := range s {
		if r != 'r' && r != 'w' && r != 'x' {
			return ""
		}
	}
	return s
}
