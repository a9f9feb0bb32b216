package session

import (
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/sema"
)

// TestSoftwareEvents checks sema's table of software events against
// <linux/perf_event.h> as x/sys/unix has it, and opens each one on this
// machine (counting, for this thread).
func TestSoftwareEvents(t *testing.T) {
	want := map[string]int{
		"cpu-clock": unix.PERF_COUNT_SW_CPU_CLOCK, "task-clock": unix.PERF_COUNT_SW_TASK_CLOCK,
		"page-faults": unix.PERF_COUNT_SW_PAGE_FAULTS, "context-switches": unix.PERF_COUNT_SW_CONTEXT_SWITCHES,
		"cpu-migrations": unix.PERF_COUNT_SW_CPU_MIGRATIONS, "minor-faults": unix.PERF_COUNT_SW_PAGE_FAULTS_MIN,
		"major-faults": unix.PERF_COUNT_SW_PAGE_FAULTS_MAJ, "alignment-faults": unix.PERF_COUNT_SW_ALIGNMENT_FAULTS,
		"emulation-faults": unix.PERF_COUNT_SW_EMULATION_FAULTS, "dummy": unix.PERF_COUNT_SW_DUMMY,
		"bpf-output": unix.PERF_COUNT_SW_BPF_OUTPUT,
	}
	if len(sema.SoftwareEvents) != len(want) {
		t.Errorf("%d software events, want %d", len(sema.SoftwareEvents), len(want))
	}
	for _, e := range sema.SoftwareEvents {
		c, ok := want[e.Name]
		if !ok || uint64(c) != e.Config {
			t.Errorf("%s: config %d, <linux/perf_event.h> has %d (%v)", e.Name, e.Config, c, ok)
			continue
		}
		attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_SOFTWARE, Config: e.Config, Size: uint32(unsafe.Sizeof(unix.PerfEventAttr{}))}
		fd, err := unix.PerfEventOpen(&attr, 0, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
		if err != nil {
			t.Errorf("open software event %s: %v", e.Name, err)
			continue
		}
		unix.Close(fd)
	}
}

// TestBreakpointABI checks the breakpoint constants perf.go and sema use
// against x/sys/unix's copy of the kernel's headers.
func TestBreakpointABI(t *testing.T) {
	if perfTypeBreakpoint != unix.PERF_TYPE_BREAKPOINT {
		t.Errorf("perfTypeBreakpoint = %d, want %d", perfTypeBreakpoint, unix.PERF_TYPE_BREAKPOINT)
	}
}
