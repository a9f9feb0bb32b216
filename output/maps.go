package output

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// Map printouts follow bpftrace's text output:
//
//	@c[add]: 3                      one line per entry, sorted by value
//	@s: 30                          a map without keys
//	@m[1, abc]: 5                   keys joined by ", ", strings bare
//	@st: count 3, average 10, total 30
//	@h[add]:                        hist and lhist: a header, then the
//	[0]          1 |@@@@@    |      buckets from the first to the last that
//	[2, 4)       2 |@@@@@@@@@|      counted something, a blank line between
//	                                entries
//	@[                              a ustack key: its frames, one per line
//	        add+4
//	        main+30
//	]: 3
//
// and every printed map is followed by a blank line, so that maps printed
// one after another stay apart. An empty map prints nothing.

// histWidth is the width of a histogram's bar at its largest bucket.
const histWidth = 52

// MapKey is a gs_vals or gs_aggs key, zero-padded (ir/doc.go, "Maps"):
// byte 0 is the map's ID, the key values follow at ir.Map.KeyOffsets.
type MapKey [ir.MapKeySize]byte

// AggTotal is an aggregation's value combined over the CPUs.
type AggTotal struct {
	Count    uint64
	Sum      int64
	Min, Max int64
	Set      bool // Min and Max hold a value
	Buckets  [ir.MaxBuckets]uint64
	// Series are a tseries' intervals that hold a value, by epoch.
	Series []SeriesPoint
}

// SeriesPoint is one interval of a time series, its values combined over
// the CPUs: Epoch is the interval's start over the interval.
type SeriesPoint struct {
	Epoch uint64
	Value uint64
}

// MapEntry is one entry of a script map as the session read it: its key,
// and a plain map's integer (Val), an aggregation's total (Agg) or a
// string map's value bytes (Str).
type MapEntry struct {
	Key MapKey
	Val uint64
	Agg AggTotal
	Str []byte
}

// Maps writes script maps as text or, with JSON set, as JSON. Keys and
// values go through the Decoder and the walkers as records' values do.
type Maps struct {
	Prog *ir.Program
	// Symbols names stack frames and usym values; nil prints addresses.
	Symbols *Symbols
	// Stacks returns the frames of a gs_stacks id (a stack key); nil
	// means none can be read.
	Stacks func(id uint64) ([]symbolize.Frame, bool)
	// JSON writes one JSON line per map (json_map.go).
	JSON bool
	// TAIOffset is how many nanoseconds CLOCK_TAI is ahead of UTC: a
	// tseries' intervals count CLOCK_TAI's time (tseries.go).
	TAIOffset int64

	dec    *Decoder
	text   Text
	json   JSON
	sorted []ranked
	word   [8]byte // a plain map's value, as bytes to decode
	buf    []byte  // a key's text, reused
}

// Print appends map m's entries es, as bpftrace prints them: nothing for
// an empty map, except that print(@m) (explicit) of a scalar never
// written prints its zero value, as bpftrace's. top keeps the top
// largest entries, div divides the values (print(@m, top, div)).
func (p *Maps) Print(dst []byte, m *ir.Map, es []MapEntry, top int, div int64, explicit bool) []byte {
	if len(es) == 0 && explicit && zeroScalar(m) {
		es = []MapEntry{{}} // 0
	}
	if p.JSON {
		return p.appendJSON(dst, m, es, top, div)
	}
	if len(es) == 0 && explicit && zeroStrings(m) {
		es = []MapEntry{{Str: make([]byte, m.Value.RecordSize())}} // (0, )
	}
	return p.appendText(dst, m, es, top, div)
}

// isWord reports whether t, a plain map's value type, is a word printed
// as what it stands for, not as a number: func, probe, usym, ntop,
// strftime, strerror, a ustack's id (sema's wordValue).
func isWord(t *ir.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case ir.KindFunc, ir.KindProbe, ir.KindSymbol, ir.KindInet, ir.KindTime, ir.KindErrno, ir.KindUser, ir.KindMac, ir.KindSignal:
		return true
	case ir.KindStack:
		return t.StackID
	}
	return false
}

// num is a map value: a count or sum, signed or not.
type num struct {
	u      uint64
	signed bool
}

func (a num) less(b num) bool {
	if a.signed || b.signed {
		return int64(a.u) < int64(b.u)
	}
	return a.u < b.u
}

// div divides the value as print(@m, top, div) does; d < 2 leaves it.
func (a num) div(d int64) num {
	if d < 2 {
		return a
	}
	if a.signed {
		return num{uint64(int64(a.u) / d), true}
	}
	return num{a.u / uint64(d), false}
}

func (a num) appendTo(dst []byte) []byte {
	if a.signed {
		return strconv.AppendInt(dst, int64(a.u), 10)
	}
	return strconv.AppendUint(dst, a.u, 10)
}

func isHist(m *ir.Map) bool {
	return m.IsAgg && (m.Agg == ir.AggHist || m.Agg == ir.AggLhist)
}

// average is avg's and stats' integer average (0 without samples).
func average(t *AggTotal) int64 {
	if t.Count == 0 {
		return 0
	}
	return t.Sum / int64(t.Count)
}

// zeroScalar reports whether m, when it has no entry, prints as 0: a
// scalar (no keys) of integers, counts, sums, minima, maxima or averages.
func zeroScalar(m *ir.Map) bool {
	if len(m.Keys) > 0 || m.HoldsStrings() {
		return false
	}
	if !m.IsAgg {
		return true
	}
	switch m.Agg {
	case ir.AggCount, ir.AggSum, ir.AggMin, ir.AggMax, ir.AggAvg, ir.AggStats:
		return true
	}
	return false
}

// zeroStrings reports whether m, when it has no entry, prints the zero
// value of its strings or tuples: a scalar that holds them.
func zeroStrings(m *ir.Map) bool {
	return len(m.Keys) == 0 && !m.IsAgg && m.HoldsStrings() && m.Value != nil
}

// value is an entry's printed value: the count, sum, min, max or average,
// a plain map's integer; for stats its average, for hist and lhist the
// total count (what entries are sorted by).
func value(m *ir.Map, e *MapEntry) num {
	if !m.IsAgg {
		signed := m.Value == nil || m.Value.Kind != ir.KindUint
		return num{e.Val, signed}
	}
	t := &e.Agg
	switch m.Agg {
	case ir.AggCount:
		return num{t.Count, false}
	case ir.AggSum:
		return num{uint64(t.Sum), true}
	case ir.AggMin:
		return num{uint64(t.Min), true}
	case ir.AggMax:
		return num{uint64(t.Max), true}
	case ir.AggAvg, ir.AggStats:
		return num{uint64(average(t)), true}
	}
	var total uint64
	for _, c := range t.Buckets {
		total += c
	}
	return num{total, false}
}

// ranked is an entry and the value it sorts by.
type ranked struct {
	v num
	e *MapEntry
}

// order sorts entries by value, ascending as bpftrace does (equal values
// by key, so output is stable), and keeps the top largest when top > 0.
// It sorts pointers, not the entries (each holds a histogram's buckets),
// in a slice it reuses.
func (p *Maps) order(m *ir.Map, es []MapEntry, top int) []ranked {
	rs := p.sorted[:0]
	for i := range es {
		rs = append(rs, ranked{value(m, &es[i]), &es[i]})
	}
	slices.SortFunc(rs, func(a, b ranked) int {
		switch {
		case a.v.less(b.v):
			return -1
		case b.v.less(a.v):
			return 1
		}
		return bytes.Compare(a.e.Key[:], b.e.Key[:])
	})
	p.sorted = rs
	if top > 0 && len(rs) > top {
		rs = rs[len(rs)-top:]
	}
	return rs
}

// appendMapName writes @name.
func appendMapName(dst []byte, m *ir.Map) []byte { return append(append(dst, '@'), m.Name...) }

// appendText prints m's entries as bpftrace does, followed by a blank
// line; nothing when there are none.
func (p *Maps) appendText(dst []byte, m *ir.Map, es []MapEntry, top int, div int64) []byte {
	if len(es) == 0 {
		return dst
	}
	if isTseries(m) {
		return append(p.appendTseries(dst, m, es), '\n') // tseries.go
	}
	for i, r := range p.order(m, es, top) {
		e := r.e
		if i > 0 && isHist(m) {
			dst = append(dst, '\n') // a blank line between histograms
		}
		dst = appendMapName(dst, m)
		dst = p.appendKeysText(dst, m, &e.Key)
		switch {
		case isHist(m):
			dst = append(dst, ":\n"...)
			if m.Agg == ir.AggHist {
				dst = appendHist(dst, e.Agg.Buckets[:], div)
			} else {
				dst = appendLhist(dst, m, e.Agg.Buckets[:], div)
			}
		case m.IsAgg && m.Agg == ir.AggStats:
			t := &e.Agg
			dst = append(dst, ": { .count = "...) // bpftrace's shape since its records
			dst = strconv.AppendUint(dst, t.Count, 10)
			dst = append(dst, ", .average = "...)
			dst = num{uint64(average(t)), true}.div(div).appendTo(dst)
			dst = append(dst, ", .total = "...)
			dst = strconv.AppendInt(dst, t.Sum, 10)
			dst = append(dst, " }\n"...)
		case m.HoldsStrings():
			dst = append(dst, ": "...)
			dec, text := p.values()
			v := dec.Value(m.Value, e.Str)
			dst = text.Key(dst, &v)
			dst = append(dst, '\n')
		case !m.IsAgg && m.Value != nil && (m.Value.Kind == ir.KindBool || m.Value.Kind == ir.KindEnum) && div < 2:
			dst = append(dst, ": "...)
			dec, text := p.values()
			binary.LittleEndian.PutUint64(p.word[:], e.Val)
			v := dec.Value(m.Value, p.word[:])
			dst = text.Value(dst, &v) // true, an enumerator's name
			dst = append(dst, '\n')
		case !m.IsAgg && isWord(m.Value):
			dst = append(dst, ": "...)
			dec, text := p.values()
			binary.LittleEndian.PutUint64(p.word[:], e.Val)
			v := dec.Value(m.Value, p.word[:])
			dst = text.Key(dst, &v) // a name, an address, a time, a stack's frames
			if v.Kind != Stack {
				dst = append(dst, '\n')
			}
		case !m.IsAgg && m.Value != nil && m.Value.Kind == ir.KindPointer:
			dst = append(dst, ": "...)
			dst = strconv.AppendUint(append(dst, "0x"...), e.Val, 16) // an address, as bpftrace prints it
			dst = append(dst, '\n')
		default:
			dst = append(dst, ": "...)
			dst = value(m, e).div(div).appendTo(dst)
			dst = append(dst, '\n')
		}
	}
	return append(dst, '\n')
}

// appendKeysText prints a key as "[k1, k2]", or nothing for a map without
// keys.
func (p *Maps) appendKeysText(dst []byte, m *ir.Map, key *MapKey) []byte {
	if len(m.Keys) == 0 {
		return dst
	}
	dec, text := p.values()
	dst = append(dst, '[')
	for i, v := range dec.Keys(m, key[:]) {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = text.Key(dst, &v)
	}
	return append(dst, ']')
}

// values returns the decoder and the text writer of the printer's values
// (and readies its JSON writer).
func (p *Maps) values() (*Decoder, *Text) {
	if p.dec == nil {
		p.dec = NewDecoder(p.Prog)
		p.dec.Stacks = p.Stacks
	}
	p.text.Symbols, p.json.Symbols = p.Symbols, p.Symbols
	return p.dec, &p.text
}

// histLabel is 2^power with bpftrace's suffixes: 1K, 2M, 4G...
func histLabel(power int) string {
	decade := min(power/10, 6)
	s := strconv.FormatUint(uint64(1)<<(power-10*decade), 10)
	if decade > 0 {
		s += string("KMGTPE"[decade-1])
	}
	return s
}

// lhistLabel prints a bucket bound; with a step that is a multiple of
// 1024, round values get K or M.
func lhistLabel(n, step int64) string {
	const kilo, mega = 1024, 1024 * 1024
	switch {
	case step%kilo != 0 || n == 0:
	case n%mega == 0:
		return strconv.FormatInt(n/mega, 10) + "M"
	case n%kilo == 0:
		return strconv.FormatInt(n/kilo, 10) + "K"
	}
	return strconv.FormatInt(n, 10)
}

// histRange returns the first and last bucket in [0, n) that counted
// something, and the largest count; ok is false when none did.
func histRange(b []uint64, n int) (lo, hi int, top uint64, ok bool) {
	lo = -1
	for i := 0; i < n && i < len(b); i++ {
		if b[i] > 0 {
			if lo < 0 {
				lo = i
			}
			hi = i
		}
		top = max(top, b[i])
	}
	return lo, hi, top, lo >= 0
}

// appendBucket writes one histogram line: the label in 16 columns, the
// count in 8, and a bar scaled to the largest bucket (bpftrace's float
// arithmetic, so bars match).
func appendBucket(dst []byte, label string, count, top uint64, div int64) []byte {
	bar := 0
	if top > 0 {
		bar = int(float32(count) / float32(top) * histWidth)
	}
	shown := count
	if div > 1 {
		shown /= uint64(div)
	}
	dst = fmt.Appendf(dst, "%-16s%8d |", label, shown)
	for i := 0; i < histWidth; i++ {
		if i < bar {
			dst = append(dst, '@')
		} else {
			dst = append(dst, ' ')
		}
	}
	return append(dst, "|\n"...)
}

// appendHist prints hist buckets (numbered as ir.AggSlots says).
func appendHist(dst []byte, b []uint64, div int64) []byte {
	lo, hi, top, ok := histRange(b, ir.MaxBuckets)
	if !ok {
		return dst
	}
	for i := lo; i <= hi; i++ {
		var label string
		switch i {
		case 0:
			label = "(..., 0)"
		case 1:
			label = "[0]"
		case 2:
			label = "[1]"
		default:
			label = "[" + histLabel(i-2) + ", " + histLabel(i-1) + ")"
		}
		dst = appendBucket(dst, label, b[i], top, div)
	}
	return dst
}

// lhistBuckets is the number of buckets of m's lhist between min and max
// (the two outer ones excluded), and false for parameters that make none.
func lhistBuckets(m *ir.Map) (int, bool) {
	if m.Step <= 0 || m.Max <= m.Min {
		return 0, false
	}
	return int(min((m.Max-m.Min)/m.Step, ir.MaxBuckets-2)), true
}

// appendLhist prints lhist buckets.
func appendLhist(dst []byte, m *ir.Map, b []uint64, div int64) []byte {
	n, ok := lhistBuckets(m)
	if !ok {
		return append(dst, "<malformed lhist>\n"...)
	}
	lo, hi, top, ok := histRange(b, n+2)
	if !ok {
		return dst
	}
	for i := lo; i <= hi; i++ {
		var label string
		switch {
		case i == 0:
			label = "(..., " + lhistLabel(m.Min, m.Step) + ")"
		case i == n+1:
			label = "[" + lhistLabel(m.Max, m.Step) + ", ...)"
		default:
			label = "[" + lhistLabel(int64(i-1)*m.Step+m.Min, m.Step) + ", " + lhistLabel(int64(i)*m.Step+m.Min, m.Step) + ")"
		}
		dst = appendBucket(dst, label, b[i], top, div)
	}
	return dst
}

// LhistBuckets is the number of buckets of m's lhist between min and max
// (the two outer ones excluded), and false for parameters that make none:
// what the metrics exporters read a lhist's buckets by.
func LhistBuckets(m *ir.Map) (int, bool) { return lhistBuckets(m) }
