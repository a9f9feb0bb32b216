package session

import (
	"errors"
	"fmt"
	"io"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/internal/cpus"
	"github.com/gs-tracer/gs/ir"
)

// Perf-event probes: interval (one CPU), profile and software (ir.Perf)
// and watchpoints (hardware breakpoints), each a perf event per online
// CPU linked to gs_perf_event with the probe id as cookie. A perf event
// per CPU sees every task: the interpreter keeps the hits of the traced
// process or tree (ir.ProbeFlagTask), so an idle CPU's samples and other
// processes' cost one lookup each. Per-task events (perf_event_open with
// a pid) would follow one thread only, and miss the threads it starts.

// perfLink is one perf event and the BPF link that runs gs_perf_event on
// it.
type perfLink struct {
	perfFD, linkFD int
}

func (l *perfLink) Close() error {
	err := unix.Close(l.linkFD)
	if err2 := unix.Close(l.perfFD); err == nil {
		err = err2
	}
	return err
}

// Kernel ABI (<linux/perf_event.h>, <linux/hw_breakpoint.h>).
const (
	perfTypeBreakpoint = 5 // PERF_TYPE_BREAKPOINT
	debugRegisters     = 4 // x86-64's DR0-DR3 (Intel SDM vol. 3, 17.2)
)

// errDebugRegisters is perf_event_open's ENOSPC for a breakpoint: the
// CPU's debug registers are all taken.
var errDebugRegisters = errors.New("the CPU's four debug registers are all in use (by this script's watchpoints, or by a debugger or other tracer)")

// perfAttr is the perf_event_attr of probe p, disabled until
// startIntervals; addr is a watchpoint's run-time address.
func perfAttr(p *ir.Probe, addr uint64) unix.PerfEventAttr {
	attr := unix.PerfEventAttr{
		Size: uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Bits: unix.PerfBitDisabled,
	}
	switch p.Kind {
	case ir.Interval:
		attr.Type, attr.Config, attr.Sample = unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_CLOCK, p.PeriodNs
	case ir.Perf:
		attr.Type, attr.Config, attr.Sample = p.PerfType, p.PerfConfig, p.Period
	case ir.Watchpoint:
		attr.Type, attr.Sample = perfTypeBreakpoint, 1
		// Enabled at once: a watch may be attached after startIntervals
		// (watch.go); its probe has no code until enableProbes.
		attr.Bits &^= unix.PerfBitDisabled
		attr.Bp_type, attr.Ext1, attr.Ext2 = p.WatchType, addr, uint64(p.WatchLen)
		// A write the kernel makes for the process (read(2) into the
		// variable) is not the program's.
		attr.Bits |= unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv
	}
	return attr
}

// attachPerfProbe opens p's perf events, on CPU 0 for an interval probe
// (one CPU, as bpftrace does) and on every online CPU otherwise, and
// links gs_perf_event to each.
func attachPerfProbe(in *interpreter, p *ir.Probe, addr uint64) ([]io.Closer, error) {
	if in.perf == nil {
		return nil, fmt.Errorf("attach probe %s: the interpreter has no perf_event program", p.Name)
	}
	if p.Kind == ir.Interval && p.PeriodNs == 0 || p.Kind == ir.Perf && p.Period == 0 {
		return nil, fmt.Errorf("attach probe %s: no period", p.Name)
	}
	on := []int{0}
	if p.Kind != ir.Interval {
		var err error
		if on, err = cpus.Online(); err != nil {
			return nil, fmt.Errorf("attach probe %s: %w", p.Name, err)
		}
	}
	var links []io.Closer
	for _, cpu := range on {
		attr := perfAttr(p, addr)
		pfd, err := unix.PerfEventOpen(&attr, -1, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
		if err != nil {
			switch {
			case isPermission(err):
				err = ErrPermission
			case p.Kind == ir.Watchpoint && errors.Is(err, unix.ENOSPC):
				err = fmt.Errorf("attach probe %s: %w", p.Name, errDebugRegisters)
			case p.Kind == ir.Watchpoint:
				err = fmt.Errorf("attach probe %s: open a hardware breakpoint at 0x%x on CPU %d: %w", p.Name, addr, cpu, err)
			default:
				err = fmt.Errorf("attach probe %s: open a perf event on CPU %d: %w", p.Name, cpu, err)
			}
			closeAll(links)
			return nil, err
		}
		lfd, err := linkPerfEvent(in.perf, pfd, uint64(p.ID))
		if err != nil {
			unix.Close(pfd)
			closeAll(links)
			if isPermission(err) {
				return nil, ErrPermission
			}
			return nil, fmt.Errorf("attach probe %s: %w", p.Name, err)
		}
		links = append(links, &perfLink{perfFD: pfd, linkFD: lfd})
	}
	return links, nil
}

// attachIntervals attaches the interval, profile and software probes.
func attachIntervals(in *interpreter, prog *ir.Program) ([]io.Closer, error) {
	var links []io.Closer
	for i := range prog.Probes {
		p := &prog.Probes[i]
		if p.Kind != ir.Interval && p.Kind != ir.Perf {
			continue
		}
		ls, err := attachPerfProbe(in, p, 0)
		links = append(links, ls...)
		if err != nil {
			return links, err
		}
	}
	return links, nil
}

// startIntervals starts the perf events of attachIntervals.
func startIntervals(links []io.Closer) error {
	for _, c := range links {
		if l, ok := c.(*perfLink); ok {
			if err := unix.IoctlSetInt(l.perfFD, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
				return fmt.Errorf("start a perf event: %w", err)
			}
		}
	}
	return nil
}
