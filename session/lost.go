package session

import (
	"github.com/cilium/ebpf"

	"github.com/gs-tracer/gs/ir"
)

// lossReporter watches the kernel side's loss counters (gs_lost per probe,
// gs_counters per ir.Counter) and reports every increase, so nothing is
// lost silently.
type lossReporter struct {
	prog     *ir.Program
	lost     *ebpf.Map
	counters *ebpf.Map
	status   *statusLog

	lostSeen    []uint64 // per probe, as last reported
	counterSeen [ir.NumCounters]uint64
	percpu      []uint64 // lookup buffer
	errReported bool
}

func newLossReporter(prog *ir.Program, lost, counters *ebpf.Map, status *statusLog) *lossReporter {
	return &lossReporter{
		prog:     prog,
		lost:     lost,
		counters: counters,
		status:   status,
		lostSeen: make([]uint64, len(prog.Probes)),
	}
}

// sum reads a per-CPU u64 at key and adds it up over CPUs.
func (r *lossReporter) sum(m *ebpf.Map, key uint32) (uint64, error) {
	if err := m.Lookup(key, &r.percpu); err != nil {
		return 0, err
	}
	var total uint64
	for _, v := range r.percpu {
		total += v
	}
	return total, nil
}

// check reads the counters and reports what grew since the last check.
func (r *lossReporter) check() {
	for i := range r.prog.Probes {
		n, err := r.sum(r.lost, uint32(i))
		if err != nil {
			r.readError(err)
			return
		}
		if n > r.lostSeen[i] {
			r.status.lost(r.prog.Probes[i].Name, n-r.lostSeen[i])
			r.lostSeen[i] = n
		}
	}
	for c := range ir.NumCounters {
		n, err := r.sum(r.counters, uint32(c))
		if err != nil {
			r.readError(err)
			return
		}
		if n > r.counterSeen[c] {
			r.status.counter(c, n-r.counterSeen[c], false)
			r.counterSeen[c] = n
		}
	}
}

// totals reports the whole run's losses, when there were any.
func (r *lossReporter) totals() {
	var lost uint64
	for _, n := range r.lostSeen {
		lost += n
	}
	if lost > 0 {
		r.status.lostTotal(lost)
	}
	for c, n := range r.counterSeen {
		if n > 0 {
			r.status.counter(ir.Counter(c), n, true)
		}
	}
}

func (r *lossReporter) readError(err error) {
	if !r.errReported {
		r.status.errorf("cannot read the loss counters: %v", err)
		r.errReported = true
	}
}
