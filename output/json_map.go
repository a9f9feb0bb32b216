package output

import (
	"encoding/binary"
	"strconv"

	"github.com/gs-tracer/gs/ir"
)

// Maps in JSON, as bpftrace writes them: one line per printed map,
//
//	{"type": "map", "data": {"@c": {"add": 3, "sub": 1}}}
//	{"type": "map", "data": {"@s": 30}}                      a map without keys
//	{"type": "stats", "data": {"@st": {"count": 3, "average": 10, "total": 30}}}
//	{"type": "hist", "data": {"@h": [{"min": 4, "max": 7, "count": 3}]}}
//
// A keyed map's data is an object from the key's text to the value,
// entries in the order the text output prints them.

// jsonMapType is the message type of map m: bpftrace's classes.
func jsonMapType(m *ir.Map) string {
	switch {
	case isHist(m):
		return "hist"
	case m.IsAgg && (m.Agg == ir.AggAvg || m.Agg == ir.AggStats):
		return "stats"
	case isTseries(m):
		return "tseries"
	}
	return "map"
}

// appendJSON writes m's entries as one JSON line; nothing when there are
// none (bpftrace prints no empty map).
func (p *Maps) appendJSON(dst []byte, m *ir.Map, es []MapEntry, top int, div int64) []byte {
	if len(es) == 0 {
		return dst
	}
	if isTseries(m) {
		return p.appendTseriesMapJSON(dst, m, es)
	}
	rs := p.order(m, es, top)
	dst = appendJSONHead(dst, jsonMapType(m))
	dst = appendJSONName(append(dst, '{'), "@"+m.Name)
	if len(m.Keys) == 0 {
		dst = p.appendEntryJSON(dst, m, rs[len(rs)-1].e, div)
	} else {
		dst = append(dst, '{')
		for i, r := range rs {
			if i > 0 {
				dst = append(dst, jsonMemberSep...)
			}
			p.buf = p.keyTextJSON(p.buf[:0], m, &r.e.Key)
			dst = appendJSONString(dst, p.buf)
			dst = append(dst, jsonColon...)
			dst = p.appendEntryJSON(dst, m, r.e, div)
		}
		dst = append(dst, '}')
	}
	return append(dst, "}}\n"...)
}

// appendTseriesMapJSON writes a tseries map: a key's intervals, from the
// least to the most recently written key (tseries.go).
func (p *Maps) appendTseriesMapJSON(dst []byte, m *ir.Map, es []MapEntry) []byte {
	order, last := seriesOrder(es)
	dst = appendJSONHead(dst, jsonMapType(m))
	dst = appendJSONName(append(dst, '{'), "@"+m.Name)
	if len(m.Keys) == 0 {
		dst = appendTseriesJSON(dst, m, order[len(order)-1], last, p.TAIOffset)
	} else {
		dst = append(dst, '{')
		for i, e := range order {
			if i > 0 {
				dst = append(dst, jsonMemberSep...)
			}
			p.buf = p.keyTextJSON(p.buf[:0], m, &e.Key)
			dst = appendJSONString(dst, p.buf)
			dst = append(dst, jsonColon...)
			dst = appendTseriesJSON(dst, m, e, last, p.TAIOffset)
		}
		dst = append(dst, '}')
	}
	return append(dst, "}}\n"...)
}

// appendEntryJSON writes the value of one entry: hist and lhist buckets,
// stats' object, or the value.
func (p *Maps) appendEntryJSON(dst []byte, m *ir.Map, e *MapEntry, div int64) []byte {
	switch {
	case isHist(m):
		return appendBucketsJSON(dst, m, e.Agg.Buckets[:], div)
	case m.IsAgg && m.Agg == ir.AggStats:
		dst = append(dst, `{"count": `...)
		dst = appendJSONUint(dst, e.Agg.Count)
		dst = append(dst, `, "average": `...)
		dst = appendJSONNum(dst, num{uint64(average(&e.Agg)), true}.div(div))
		dst = append(dst, `, "total": `...)
		dst = appendJSONInt(dst, e.Agg.Sum)
		return append(dst, '}')
	case m.HoldsStrings():
		dec, _ := p.values()
		v := dec.Value(m.Value, e.Str)
		return p.json.Value(dst, &v)
	case !m.IsAgg && m.Value != nil && div < 2:
		// A plain map's value by its type: a bool, pointer or enum too.
		dec, _ := p.values()
		binary.LittleEndian.PutUint64(p.word[:], e.Val)
		v := dec.Value(m.Value, p.word[:])
		return p.json.Value(dst, &v)
	}
	return appendJSONNum(dst, value(m, e).div(div))
}

func appendJSONNum(dst []byte, n num) []byte {
	if n.signed {
		return appendJSONInt(dst, int64(n.u))
	}
	return appendJSONUint(dst, n.u)
}

// keyTextJSON appends the text of an entry's key, an object member name:
// bpftrace's text of the key without spaces, the values of a key of
// several joined by ","; strings keep their spaces (bpftrace drops them).
func (p *Maps) keyTextJSON(dst []byte, m *ir.Map, key *MapKey) []byte {
	dec, text := p.values()
	for i, v := range dec.Keys(m, key[:]) {
		if i > 0 {
			dst = append(dst, ',')
		}
		t := m.Keys[i]
		switch t.Kind {
		case ir.KindString, ir.KindComm, ir.KindFunc, ir.KindProbe, ir.KindSymbol, ir.KindTime, ir.KindErrno, ir.KindInet,
			ir.KindCgroupPath, ir.KindContainer, ir.KindUser, ir.KindMac, ir.KindSignal:
			dst = text.Key(dst, &v)
		case ir.KindStack:
			// bpftrace's text of a stack without its indentation: each
			// frame after a newline, and one at the end.
			if v.Kind != Stack {
				dst = append(dst, "<malformed>"...)
				continue
			}
			lines := []string{"<stack not captured>"}
			if !v.Missing {
				lines = p.Symbols.Lines(v.Frames, t.StackMode)
			}
			for _, f := range lines {
				dst = append(append(dst, '\n'), f...)
			}
			dst = append(dst, '\n')
		default:
			start := len(dst)
			dst = text.Key(dst, &v)
			text := dst[start:]
			n := 0
			for _, c := range text {
				if c != ' ' {
					text[n] = c
					n++
				}
			}
			dst = dst[:start+n]
		}
	}
	return dst
}

// appendBucketsJSON writes a histogram's buckets from the first to the
// last that counted something, the empty ones between included, with
// inclusive bounds (bpftrace's JSON): the bucket holds min <= x <= max;
// the first of a hist has no min (all smaller values), the outer ones of
// an lhist no min or no max. div divides hist counts (not lhist's, as in
// bpftrace).
func appendBucketsJSON(dst []byte, m *ir.Map, b []uint64, div int64) []byte {
	n := ir.MaxBuckets
	lhistN := 0
	if m.Agg == ir.AggLhist {
		var ok bool
		if lhistN, ok = lhistBuckets(m); !ok {
			return append(dst, jsonMalformed...)
		}
		n = lhistN + 2
	}
	dst = append(dst, '[')
	lo, hi, _, ok := histRange(b, n)
	for i := lo; ok && i <= hi; i++ {
		if i > lo {
			dst = append(dst, jsonElemSep...)
		}
		dst = append(dst, '{')
		c := b[i]
		if m.Agg == ir.AggHist {
			// Bucket i holds [label(i-1), label(i)): label(0) is 0, then
			// label(i) is 2^(i-1).
			label := func(i int) uint64 {
				if i == 0 {
					return 0
				}
				return uint64(1) << (i - 1)
			}
			if i == 0 {
				dst = append(dst, `"max": -1`...)
			} else {
				dst = appendJSONUint(append(dst, `"min": `...), label(i-1))
				dst = appendJSONUint(append(dst, `, "max": `...), label(i)-1) // bucket 65: 2^64-1
			}
			if div > 1 {
				c /= uint64(div)
			}
		} else {
			switch {
			case i == 0:
				dst = appendJSONInt(append(dst, `"max": `...), m.Min-1)
			case i == lhistN+1:
				dst = appendJSONInt(append(dst, `"min": `...), int64(lhistN)*m.Step+m.Min)
			default:
				dst = appendJSONInt(append(dst, `"min": `...), int64(i-1)*m.Step+m.Min)
				dst = appendJSONInt(append(dst, `, "max": `...), int64(i)*m.Step+m.Min-1)
			}
		}
		dst = strconv.AppendUint(append(dst, `, "count": `...), c, 10)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}
