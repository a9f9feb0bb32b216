package session

import (
	"errors"
	"fmt"
	"sync"

	"github.com/cilium/ebpf"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/metrics"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/symbolize"
)

// MetricsReader reads a running trace's maps and gs's own counters for
// the metrics exporters (metrics.Reader), apart from the loop that prints
// records: it has its own walk of the maps, stack cache and symbols, so a
// scrape never waits for the loop nor the loop for a scrape. The BPF maps
// are read while the probes write them: a map is as consistent as a
// print() of it. Options.Metrics gets one once the probes are attached;
// it fails with ErrTraceEnded once the trace has ended.
type MetricsReader struct {
	mu       sync.Mutex
	prog     *ir.Program
	maps     *scriptMaps
	syms     *output.Symbols
	lost     *ebpf.Map
	counters *ebpf.Map
	percpu   []uint64
	closed   bool
	onClose  []func()
}

// ErrTraceEnded: the trace a MetricsReader read has ended.
var ErrTraceEnded = errors.New("read metrics: the trace has ended")

var _ metrics.Reader = (*MetricsReader)(nil)

func (s *session) newMetricsReader() (*MetricsReader, error) {
	sm, err := newScriptMaps(s.prog, s.in)
	if err != nil {
		return nil, err
	}
	return &MetricsReader{prog: s.prog, maps: sm, syms: output.NewSymbols(s.modules(), s.tracedPID), lost: s.in.lost, counters: s.in.counters}, nil
}

// ReadMaps returns every script map's entries, by map ID.
func (r *MetricsReader) ReadMaps() (map[uint8][]output.MapEntry, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, ErrTraceEnded
	}
	want := make([]bool, len(r.prog.Maps))
	for i := range want {
		want[i] = true
	}
	return r.maps.read(want)
}

// Stack returns the frames of gs_stacks[id].
func (r *MetricsReader) Stack(id uint64) ([]symbolize.Frame, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil, false
	}
	return r.maps.stack(id)
}

// Symbols names frames and usym values.
func (r *MetricsReader) Symbols() *output.Symbols { return r.syms }

// Health reads the loss counters: per probe (gs_lost) and per ir.Counter
// (gs_counters), added up over CPUs.
func (r *MetricsReader) Health() (metrics.Health, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := metrics.Health{ProbesAttached: len(r.prog.Probes), Lost: make([]uint64, len(r.prog.Probes))}
	if r.closed {
		return h, ErrTraceEnded
	}
	sum := func(m *ebpf.Map, key uint32) (uint64, error) {
		if err := m.Lookup(key, &r.percpu); err != nil {
			return 0, err
		}
		var n uint64
		for _, v := range r.percpu {
			n += v
		}
		return n, nil
	}
	var err error
	for i := range h.Lost {
		if h.Lost[i], err = sum(r.lost, uint32(i)); err != nil {
			return h, fmt.Errorf("read lost events: %w", err)
		}
	}
	for c := range h.Counters {
		if h.Counters[c], err = sum(r.counters, uint32(c)); err != nil {
			return h, fmt.Errorf("read counters: %w", err)
		}
	}
	return h, nil
}

// OnClose has f called when the trace ends, before the reader ends: the
// maps still read, as they are at the end (the OTLP push's last push).
func (r *MetricsReader) OnClose(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.onClose = append(r.onClose, f)
}

// close ends the reader before the maps are closed, once the OnClose
// functions have returned.
func (r *MetricsReader) close() {
	if r == nil {
		return
	}
	r.mu.Lock()
	fs := r.onClose
	r.onClose = nil
	r.mu.Unlock()
	for _, f := range fs {
		f()
	}
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
}
