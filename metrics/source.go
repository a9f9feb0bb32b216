package metrics

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/symbolize"
)

// Health is gs's own counters at one moment.
type Health struct {
	Lost           []uint64 // events lost per probe (ring buffer full), by probe ID
	Counters       [ir.NumCounters]uint64
	ProbesAttached int
}

// Reader reads a running trace's maps (session.Live). A Source calls it
// from one goroutine at a time.
type Reader interface {
	// ReadMaps returns every script map's entries, by map ID.
	ReadMaps() (map[uint8][]output.MapEntry, error)
	// Stack returns the frames of a gs_stacks id (a stack key).
	Stack(id uint64) ([]symbolize.Frame, bool)
	// Symbols names frames and usym values; nil prints addresses.
	Symbols() *output.Symbols
	Health() (Health, error)
}

// Maps turns a program's maps into snapshots. NewMaps names the families;
// Attach gives it the running trace to read.
type Maps struct {
	prog  *ir.Program
	plans []familyPlan
	r     atomic.Pointer[Reader]

	mu    sync.Mutex // the decoder and text writer below, and one Reader call at a time
	dec   *output.Decoder
	text  output.Text
	buf   []byte
	extra []func() Family // AddHealth's
}

// ErrNotAttached is a snapshot's error before the trace's probes are
// attached.
var ErrNotAttached = errors.New("read metrics: the probes are not attached yet")

// NewMaps names prog's maps as metric families with prefix (names.go).
// Names that collide are positioned errors.
func NewMaps(prog *ir.Program, prefix string) (*Maps, *diag.List) {
	plans, diags := plan(prog, prefix)
	return &Maps{prog: prog, plans: plans, dec: output.NewDecoder(prog)}, diags
}

// Attach makes snapshots read r.
func (ms *Maps) Attach(r Reader) { ms.r.Store(&r) }

// AddHealth adds the family f returns to every snapshot's health
// families: an exporter's own counters (the OTLP push's failed pushes).
// f must not take a snapshot.
func (ms *Maps) AddHealth(f func() Family) {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	ms.extra = append(ms.extra, f)
}

// Source returns the Source of ms's snapshots.
func (ms *Maps) Source(prefix string) Source {
	return func() (*Snapshot, error) { return ms.Snapshot(prefix) }
}

// Snapshot reads every map and gs's health once.
func (ms *Maps) Snapshot(prefix string) (*Snapshot, error) {
	rp := ms.r.Load()
	if rp == nil {
		return nil, ErrNotAttached
	}
	r := *rp
	ms.mu.Lock()
	defer ms.mu.Unlock()
	all, err := r.ReadMaps()
	if err != nil {
		return nil, err
	}
	h, err := r.Health()
	if err != nil {
		return nil, err
	}
	s := &Snapshot{Time: time.Now()}
	ms.dec.Stacks = r.Stack
	ms.text.Symbols = r.Symbols()
	for i := range ms.plans {
		s.Families = append(s.Families, ms.family(&ms.plans[i], all[ms.plans[i].m.ID]))
	}
	s.Families = append(s.Families, ms.health(prefix, &h)...)
	for _, f := range ms.extra {
		s.Families = append(s.Families, f())
	}
	return s, nil
}

// family is one map's family.
func (ms *Maps) family(f *familyPlan, es []output.MapEntry) Family {
	fam := Family{Name: f.name, Help: f.help, Kind: f.kind, LabelNames: f.labels, Points: make([]Point, 0, len(es))}
	for i := range es {
		e := &es[i]
		p := Point{Labels: ms.labels(f, e)}
		if !ms.value(f, e, &p) {
			continue
		}
		fam.Points = append(fam.Points, p)
	}
	slices.SortFunc(fam.Points, func(a, b Point) int { return slices.Compare(a.Labels, b.Labels) })
	fam.Points = merge(f.m, fam.Points)
	return fam
}

// merge combines points whose labels print alike (two addresses in one
// function as usym keys, two stacks whose frames name the same lines): a
// series is one label set. Counts, sums and buckets add up; a gauge keeps
// the least of a min() and the largest value of anything else.
func merge(m *ir.Map, ps []Point) []Point {
	out := ps[:0]
	for i := range ps {
		p := &ps[i]
		if len(out) == 0 || !slices.Equal(out[len(out)-1].Labels, p.Labels) {
			out = append(out, *p)
			continue
		}
		q := &out[len(out)-1]
		switch {
		case kindOf(m) == Gauge && m.IsAgg && m.Agg == ir.AggMin:
			q.Value = min(q.Value, p.Value)
		case kindOf(m) == Gauge:
			q.Value = max(q.Value, p.Value)
		default:
			q.Value += p.Value
			q.Count += p.Count
			q.Sum += p.Sum
			if len(p.Buckets) > len(q.Buckets) {
				p.Buckets, q.Buckets = q.Buckets, p.Buckets
			}
			for j := range p.Buckets { // the same bounds, as far as the shorter goes
				q.Buckets[j].Count += p.Buckets[j].Count
			}
			for j := len(p.Buckets); j < len(q.Buckets) && len(p.Buckets) > 0; j++ {
				q.Buckets[j].Count += p.Buckets[len(p.Buckets)-1].Count // cumulative: p's last holds all of p up to there
			}
		}
	}
	return out
}

// labels are an entry's label values: the keys' text as bpftrace prints
// them (the Decoder and Text walker), a stack as its frames outermost
// first joined by ";" (a flame graph's folded stack), a record, tuple or
// struct key member by member.
func (ms *Maps) labels(f *familyPlan, e *output.MapEntry) []string {
	out := make([]string, 0, len(f.labels))
	keys := ms.dec.Keys(f.m, e.Key[:])
	for i := range keys {
		v := &keys[i]
		if i < len(f.keys) && f.keys[i].members && (v.Kind == output.Tuple || v.Kind == output.Struct) {
			for j := range v.Elems {
				out = append(out, ms.labelText(&v.Elems[j]))
			}
			continue
		}
		out = append(out, ms.labelText(v))
	}
	if f.info {
		v := ms.dec.Value(f.m.Value, e.Str)
		out = append(out, ms.labelText(&v))
	}
	// A label per name, whatever the bytes held.
	for len(out) < len(f.labels) {
		out = append(out, "")
	}
	return out[:len(f.labels)]
}

func (ms *Maps) labelText(v *output.Value) string {
	if v.Kind == output.Stack {
		if v.Missing {
			return "<stack not captured>"
		}
		lines := ms.text.Symbols.Lines(v.Frames, v.Type.StackMode)
		slices.Reverse(lines)
		return strings.Join(lines, ";")
	}
	ms.buf = ms.text.Key(ms.buf[:0], v)
	return strings.ToValidUTF8(string(ms.buf), "\uFFFD")
}

// value sets p's value from entry e; false for an entry with none (a min
// or max never set).
func (ms *Maps) value(f *familyPlan, e *output.MapEntry, p *Point) bool {
	m := f.m
	if !m.IsAgg {
		switch {
		case f.info:
			p.Value = 1
		case m.Value != nil && m.Value.Kind == ir.KindUint, m.Value != nil && m.Value.Kind == ir.KindPointer:
			p.Value = float64(e.Val)
		default:
			p.Value = float64(int64(e.Val))
		}
		return true
	}
	t := &e.Agg
	switch m.Agg {
	case ir.AggCount:
		p.Value = float64(t.Count)
	case ir.AggSum:
		p.Value = float64(t.Sum)
	case ir.AggMin:
		p.Value = float64(t.Min)
		return t.Set
	case ir.AggMax:
		p.Value = float64(t.Max)
		return t.Set
	case ir.AggAvg:
		if t.Count == 0 {
			return false
		}
		p.Value = float64(t.Sum) / float64(t.Count)
	case ir.AggStats:
		p.Count, p.Sum = t.Count, float64(t.Sum)
	case ir.AggHist:
		p.Count, p.Sum = t.Count, float64(t.Sum)
		p.Buckets = histBuckets(t.Buckets[:])
	case ir.AggLhist:
		p.Count, p.Sum = t.Count, float64(t.Sum)
		p.Buckets = lhistBuckets(m, f.buckets, t.Buckets[:])
	}
	return true
}

// Bucket bounds. hist's buckets (ir.AggSlots) are 0: x < 0, 1: x == 0,
// 2: x == 1, and 2+k: [2^k, 2^(k+1)) for k = 1..62; as integers each
// holds the values up to le = -1, 0, 1, then 2^(k+1)-1. (Past 2^53 a
// float64 rounds the bound: le="9223372036854775807" reads as 2^63.)
// lhist(min, max, step)'s are 0: x < min (le = min-1), then
// [min+(i-1)*step, min+i*step) (le = min+i*step-1) for i = 1..n, then
// x >= max (the +Inf bucket only).

// histBound is hist bucket i's inclusive upper bound.
func histBound(i int) float64 {
	switch i {
	case 0:
		return -1
	case 1:
		return 0
	}
	return float64(uint64(1)<<(i-1) - 1) // bucket 2+k: 2^(k+1)-1
}

// histBuckets are the cumulative buckets from the negative one to the
// last that counted something: the set only grows as values come (until
// a clear()), so a series never loses a bucket it had.
func histBuckets(b []uint64) []Bucket {
	last := -1
	for i, n := range b {
		if n > 0 {
			last = i
		}
	}
	last = min(last, ir.MaxBuckets-2) // 64: [2^62, 2^63), the last a value reaches
	out := make([]Bucket, 0, last+1)
	var cum uint64
	for i := 0; i <= last; i++ {
		cum += b[i]
		out = append(out, Bucket{UpperBound: histBound(i), Count: cum})
	}
	return out
}

// lhistBuckets are the n finite cumulative buckets of m's lhist: every
// one, so the set is the same at every scrape. Bucket n (x >= max) is the
// +Inf bucket.
func lhistBuckets(m *ir.Map, n int, b []uint64) []Bucket {
	out := make([]Bucket, 0, n)
	var cum uint64
	for i := 0; i < n && i < len(b); i++ {
		cum += b[i]
		out = append(out, Bucket{UpperBound: float64(m.Min + int64(i)*m.Step - 1), Count: cum})
	}
	return out
}

// health is gs's own families.
func (ms *Maps) health(prefix string, h *Health) []Family {
	lost := Family{Name: prefix + lostName, Help: "events the probes could not send because the ring buffer was full, by probe", Kind: Counter, LabelNames: []string{"probe"}}
	for i, n := range h.Lost {
		if i < len(ms.prog.Probes) {
			lost.Points = append(lost.Points, Point{Labels: []string{validUTF8(ms.prog.Probes[i].Name)}, Value: float64(n)})
		}
	}
	slices.SortFunc(lost.Points, func(a, b Point) int { return slices.Compare(a.Labels, b.Labels) })
	lost.Points = slices.CompactFunc(lost.Points, func(a, b Point) bool { return slices.Equal(a.Labels, b.Labels) })
	fs := []Family{lost}
	for c, n := range healthNames {
		fs = append(fs, Family{Name: prefix + n, Help: ir.CounterNames[c], Kind: Counter, Points: []Point{{Value: float64(h.Counters[c])}}})
	}
	fs = append(fs, Family{Name: prefix + probesName, Help: "probes attached (every attach point, begin, end and interval probes included)", Kind: Gauge, Points: []Point{{Value: float64(h.ProbesAttached)}}})
	return fs
}

func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
