package output

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// A tseries() map prints as bpftrace prints it: per key, from the least to
// the most recently written, a graph of its last intervals, one line per
// interval from the key's first value to the latest interval any key has
// (an interval without a value is "-"), between the smallest and the
// largest value:
//
//	@a:
//	             8                                                  10
//	hh:mm:ss.ms  |___________________________________________________|
//	12:00:00.500 |                         *                         | 9
//	             v___________________________________________________v
//	             8                                                  10
//
// and in JSON as {"@a": [{"interval_start": "1970-01-01 00:00:00.500000000",
// "value": 9}, ...]}, the intervals with a value.

// tseriesWidth is the graph's width, its two edges included.
const tseriesWidth = 53

// tseriesPad is the width of the smallest value's column above the graph.
const tseriesPad = 21

func isTseries(m *ir.Map) bool { return m.IsAgg && m.Agg == ir.AggTseries && m.Tseries != nil }

// seriesPoint is one printed interval: its value, absent when ok is false.
type seriesPoint struct {
	epoch uint64
	v     num
	ok    bool
}

// seriesOrder sorts entries from the least to the most recently written
// (equal ones by key) and returns the last epoch any has.
func seriesOrder(es []MapEntry) ([]*MapEntry, uint64) {
	out := make([]*MapEntry, len(es))
	for i := range es {
		out[i] = &es[i]
	}
	latest := func(e *MapEntry) uint64 {
		if n := len(e.Agg.Series); n > 0 {
			return e.Agg.Series[n-1].Epoch
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b *MapEntry) int {
		if la, lb := latest(a), latest(b); la != lb {
			if la < lb {
				return -1
			}
			return 1
		}
		return bytes.Compare(a.Key[:], b.Key[:])
	})
	var last uint64
	for _, e := range out {
		last = max(last, latest(e))
	}
	return out, last
}

// seriesPoints are the intervals of e to print, up to last: from e's first
// value among the last Intervals epochs.
func seriesPoints(m *ir.Map, e *MapEntry, last uint64) []seriesPoint {
	ts := m.Tseries
	first := uint64(0)
	if n := uint64(ts.Intervals); last+1 > n {
		first = last + 1 - n
	}
	var out []seriesPoint
	started := false
	for ep := first; ep <= last; ep++ {
		i := slices.IndexFunc(e.Agg.Series, func(p SeriesPoint) bool { return p.Epoch == ep })
		if i < 0 {
			if started {
				out = append(out, seriesPoint{epoch: ep})
			}
			continue
		}
		started = true
		out = append(out, seriesPoint{epoch: ep, v: num{e.Agg.Series[i].Value, ts.Signed}, ok: true})
	}
	return out
}

// seriesTime is the wall-clock time an epoch starts at: epochs count
// intervals of CLOCK_TAI, taiOffset ahead of UTC.
func seriesTime(ts *ir.Tseries, epoch uint64, taiOffset int64) time.Time {
	return time.Unix(0, int64(epoch)*ts.Interval-taiOffset)
}

// appendTseries prints m's entries es as graphs.
func (p *Maps) appendTseries(dst []byte, m *ir.Map, es []MapEntry) []byte {
	order, last := seriesOrder(es)
	for i, e := range order {
		if i > 0 {
			dst = append(dst, '\n') // a blank line between graphs
		}
		dst = appendMapName(dst, m)
		dst = p.appendKeysText(dst, m, &e.Key)
		dst = append(dst, ":\n"...)
		dst = appendGraph(dst, m.Tseries, seriesPoints(m, e, last), p.TAIOffset)
	}
	return dst
}

// appendGraph draws one key's intervals as bpftrace's text output does.
func appendGraph(dst []byte, ts *ir.Tseries, pts []seriesPoint, taiOffset int64) []byte {
	if len(pts) == 0 {
		return append(dst, "<no data>\n"...)
	}
	lo, hi := pts[0].v, pts[0].v
	for _, pt := range pts {
		if !pt.ok {
			continue
		}
		if pt.v.less(lo) {
			lo = pt.v
		}
		if hi.less(pt.v) {
			hi = pt.v
		}
	}
	if lo == hi { // room on both sides, where the type has it
		lo, hi = lo.step(-1), hi.step(1)
	}
	// The time column's precision is the interval's unit.
	var interval uint64
	if len(pts) > 1 {
		interval = (pts[len(pts)-1].epoch - pts[0].epoch) * uint64(ts.Interval) / uint64(len(pts)-1)
	}
	digits := 0
	switch {
	case interval >= 1e9:
	case interval >= 1e6:
		digits = 3
	case interval >= 1e3:
		digits = 6
	default:
		digits = 9
	}
	head := "hh:mm:ss"
	if digits > 0 {
		head += "." + map[int]string{3: "ms", 6: "μs", 9: "ns"}[digits]
	}
	tw := 8
	if digits > 0 {
		tw += 1 + digits
	}
	bounds := func(dst []byte, indent int) []byte {
		dst = append(dst, strings.Repeat(" ", indent)...)
		l := lo.appendTo(nil)
		dst = append(dst, l...)
		dst = append(dst, strings.Repeat(" ", max(0, tseriesPad-len(l)))...)
		h := hi.appendTo(nil)
		dst = append(dst, strings.Repeat(" ", max(0, tseriesWidth-tseriesPad-len(h)))...)
		dst = append(dst, h...)
		return append(dst, '\n')
	}
	dst = bounds(dst, tw+1)
	dst = append(dst, head...)
	dst = append(dst, strings.Repeat(" ", max(0, tw+1-len([]rune(head))))...)
	dst = append(append(dst, '|'), strings.Repeat("_", tseriesWidth-2)...)
	dst = append(dst, "|\n"...)
	zero, origin := 0, num{}
	if lo.dist(origin) < 0 && origin.dist(hi) < 0 { // lo < 0 < hi: a dotted zero line
		zero = int(float32(tseriesWidth) * float32(-lo.dist(origin)) / float32(hi.dist(lo)))
	}
	for _, pt := range pts {
		t := seriesTime(ts, pt.epoch, taiOffset)
		dst = append(dst, printfmt.Strftime("%H:%M:%S", t)...)
		if digits > 0 {
			frac := fmt.Sprintf("%09d", t.Nanosecond())
			dst = append(append(dst, '.'), frac[:digits]...)
		}
		dst = append(dst, ' ')
		line := bytes.Repeat([]byte{' '}, tseriesWidth)
		line[0], line[tseriesWidth-1] = '|', '|'
		if zero > 0 {
			line[zero] = '.'
		}
		if !pt.ok {
			dst = append(append(dst, line...), " -\n"...)
			continue
		}
		at := tseriesWidth / 2
		if lo != hi {
			at = int(float32(tseriesWidth-1) * float32(pt.v.dist(lo)) / float32(hi.dist(lo)))
		}
		line[max(0, min(tseriesWidth-1, at))] = '*'
		dst = append(append(dst, line...), ' ')
		dst = append(pt.v.appendTo(dst), '\n')
	}
	dst = append(dst, strings.Repeat(" ", tw+1)...)
	dst = append(append(dst, 'v'), strings.Repeat("_", tseriesWidth-2)...)
	dst = append(dst, "v\n"...)
	return bounds(dst, tw+1)
}

// step adds d (1 or -1) to n unless that overflows its type.
func (n num) step(d int) num {
	switch {
	case n.signed && d > 0 && int64(n.u) < 1<<63-1, n.signed && d < 0 && int64(n.u) > -1<<63,
		!n.signed && d > 0 && n.u < 1<<64-1, !n.signed && d < 0 && n.u > 0:
		n.u += uint64(d)
	}
	return n
}

// dist is n - o as a signed number (bpftrace's distance).
func (n num) dist(o num) int64 { return int64(n.u) - int64(o.u) }

// appendTseriesJSON writes one key's intervals that hold a value.
func appendTseriesJSON(dst []byte, m *ir.Map, e *MapEntry, last uint64, taiOffset int64) []byte {
	dst = append(dst, '[')
	n := 0
	for _, pt := range seriesPoints(m, e, last) {
		if !pt.ok {
			continue
		}
		if n > 0 {
			dst = append(dst, jsonElemSep...)
		}
		n++
		t := seriesTime(m.Tseries, pt.epoch, taiOffset).UTC()
		dst = append(dst, `{"interval_start": `...)
		dst = appendJSONString(dst, t.Format("2006-01-02 15:04:05.000000000"))
		dst = append(dst, `, "value": `...)
		dst = appendJSONNum(dst, pt.v)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}
