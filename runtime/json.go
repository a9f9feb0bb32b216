package runtime

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// JSON output (--format json): one object per line for every record and
// every map print; the schema is in docs/json.md. Values keep their types:
// integers are numbers, strings strings, structs objects, arrays arrays.

// appendJSONString writes s as a JSON string. Valid UTF-8 passes through;
// a byte that is not UTF-8 becomes \u00XX (its Latin-1 reading), so no
// byte is lost.
func appendJSONString(dst []byte, s []byte) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && n == 1 {
				dst = append(dst, `\u00`...)
				dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
			} else {
				dst = append(dst, s[i:i+n]...)
			}
			i += n
			continue
		}
		i++
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, `\n`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\r':
			dst = append(dst, `\r`...)
		default:
			if c < 0x20 {
				dst = append(dst, `\u00`...)
				dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
			} else {
				dst = append(dst, c)
			}
		}
	}
	return append(dst, '"')
}

func appendJSONHex(dst []byte, u uint64) []byte {
	dst = append(dst, '"')
	dst = appendHex(dst, u)
	return append(dst, '"')
}

func appendJSONReadError(dst []byte, addr uint64) []byte {
	dst = append(dst, `{"error":"read error","addr":`...)
	dst = appendJSONHex(dst, addr)
	return append(dst, '}')
}

const jsonMalformed = `{"error":"malformed"}`

// jsonPrinter formats one value as JSON; like valuePrinter it caps the
// elements of one value.
type jsonPrinter struct {
	probe   *ir.Probe
	symbols *symbols
	elems   int
}

func (p *jsonPrinter) appendValue(dst []byte, t *ir.Type, b []byte) []byte {
	if t == nil || typeSize(t) > len(b) {
		return append(dst, jsonMalformed...)
	}
	switch t.Kind {
	case ir.KindInt, ir.KindUint:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			// __int128 and other odd sizes: the hex text, as a string.
			dst = append(dst, '"')
			dst = appendInteger(dst, t, b)
			return append(dst, '"')
		case t.Kind == ir.KindInt:
			return strconv.AppendInt(dst, signExtend(u, t.Size), 10)
		}
		return strconv.AppendUint(dst, u, 10)
	case ir.KindBool:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			return append(dst, jsonMalformed...)
		case u == 0:
			return append(dst, "false"...)
		case u == 1:
			return append(dst, "true"...)
		}
		return strconv.AppendUint(dst, u, 10)
	case ir.KindChar:
		if t.Lang == ir.LangRust {
			return appendJSONString(dst, rustChar(b)) // format_rust.go
		}
		return appendJSONString(dst, b[:1])
	case ir.KindPointer:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			return append(dst, jsonMalformed...)
		case u == 0:
			return append(dst, "null"...)
		}
		return appendJSONHex(dst, u)
	case ir.KindTime:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONString(dst, appendTime(nil, t.Format, u))
	case ir.KindErrno:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONString(dst, appendErrno(nil, u))
	case ir.KindInet:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONString(dst, appendInet(nil, u))
	case ir.KindBuf:
		s, fault := bufSlot(t, b)
		if fault != nil {
			return appendJSONReadError(dst, *fault)
		}
		return appendJSONString(dst, appendBuf(nil, s))
	case ir.KindSymbol:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONString(dst, []byte(p.symbols.resolve(symbolize.Frame{IP: u}).String()))
	case ir.KindString:
		s, fault := stringSlot(t, b)
		if fault != nil {
			return appendJSONReadError(dst, *fault)
		}
		return appendJSONString(dst, s.text)
	case ir.KindComm:
		return appendJSONString(dst, trimNul(b[:typeSize(t)]))
	case ir.KindFunc, ir.KindProbe:
		if p.probe == nil {
			return append(dst, jsonMalformed...)
		}
		if t.Kind == ir.KindFunc {
			return appendJSONString(dst, []byte(p.probe.Func))
		}
		return appendJSONString(dst, []byte(p.probe.Name))
	case ir.KindEnum:
		text := appendEnum(nil, t, b)
		if _, err := strconv.ParseInt(string(text), 10, 64); err == nil {
			return append(dst, text...)
		}
		return appendJSONString(dst, text)
	case ir.KindFloat:
		f, _, ok := decodeFloat(b[:t.Size])
		switch {
		case !ok:
			return append(dst, jsonMalformed...)
		case math.IsNaN(f) || math.IsInf(f, 0):
			return appendJSONString(dst, appendFloatValue(nil, b[:t.Size]))
		}
		return strconv.AppendFloat(dst, f, 'g', -1, 64)
	case ir.KindStruct, ir.KindUnion:
		if t.Lang == ir.LangRust {
			return p.appendRustStructJSON(dst, t, b) // format_rust.go
		}
		return p.appendStruct(dst, t, b)
	case ir.KindVariants:
		return p.appendVariantsJSON(dst, t, b) // format_rust.go
	case ir.KindTuple:
		return p.appendBtTupleJSON(dst, t, b) // format_tuple.go
	case ir.KindArray:
		return p.appendArray(dst, t, b)
	case ir.KindSeq:
		n, es, _, ok := seqElems(t, b)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		dst = append(dst, '[')
		for i := 0; i < n && p.elems < maxValueElems; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			p.elems++
			dst = p.appendValue(dst, t.Elem, b[i*es:(i+1)*es])
		}
		return append(dst, ']')
	case ir.KindStack:
		vp := valuePrinter{symbols: p.symbols}
		dst = append(dst, '[')
		for i, f := range vp.stackLines(b[:t.Size]) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, []byte(f))
		}
		return append(dst, ']')
	}
	return append(dst, jsonMalformed...)
}

func (p *jsonPrinter) appendStruct(dst []byte, t *ir.Type, b []byte) []byte {
	dst = append(dst, '{')
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendJSONString(dst, []byte(m.Name))
		dst = append(dst, ':')
		if p.elems >= maxValueElems {
			dst = append(dst, `{"error":"cut"}`...)
			break
		}
		p.elems++
		if m.Offset < 0 || m.Offset > len(b) {
			dst = append(dst, jsonMalformed...)
			continue
		}
		if m.BitSize > 0 {
			text := appendBitfield(nil, m, b[m.Offset:])
			if _, err := strconv.ParseInt(string(text), 10, 64); err == nil || string(text) == "true" || string(text) == "false" {
				dst = append(dst, text...)
			} else if _, err := strconv.ParseUint(string(text), 10, 64); err == nil {
				dst = append(dst, text...)
			} else {
				dst = appendJSONString(dst, text)
			}
			continue
		}
		end := m.Offset + typeSize(m.Type)
		if m.Type == nil || end > len(b) {
			dst = append(dst, jsonMalformed...)
			continue
		}
		if addr, failed, ok := memberFault(m, b); !ok {
			dst = append(dst, jsonMalformed...)
			continue
		} else if failed {
			dst = appendJSONReadError(dst, addr)
			continue
		}
		dst = p.appendValue(dst, m.Type, b[m.Offset:]) // to the end, as valuePrinter.appendMember
	}
	return append(dst, '}')
}

func (p *jsonPrinter) appendArray(dst []byte, t *ir.Type, b []byte) []byte {
	el := t.Elem
	if el == nil || t.Len < 0 {
		return append(dst, jsonMalformed...)
	}
	es := typeSize(el)
	if t.Len == 0 {
		return append(dst, "[]"...)
	}
	if es <= 0 || t.Len*es > len(b) {
		return append(dst, jsonMalformed...)
	}
	if el.Kind == ir.KindChar && es == 1 {
		return appendJSONString(dst, trimNul(b[:t.Len]))
	}
	dst = append(dst, '[')
	for i := 0; i < t.Len; i++ {
		if i > 0 {
			dst = append(dst, ',')
		}
		if p.elems >= maxValueElems {
			dst = append(dst, `{"error":"cut"}`...)
			break
		}
		p.elems++
		dst = p.appendValue(dst, el, b[i*es:(i+1)*es])
	}
	return append(dst, ']')
}

// appendFieldJSON formats one record field.
func (d *decoder) appendFieldJSON(dst []byte, r record, f *ir.Field) []byte {
	if f.Unavailable {
		return append(dst, `{"unavailable":true}`...)
	}
	if fl, ok := r.fault(f); ok {
		switch fl.status {
		case ir.StatusDynamicTLS:
			return append(dst, `{"unavailable":"dynamic TLS"}`...)
		case ir.StatusNoBias:
			return append(dst, `{"unavailable":"module not located"}`...)
		}
		return appendJSONReadError(dst, fl.addr)
	}
	p := jsonPrinter{probe: r.probe, symbols: d.symbols}
	return p.appendValue(dst, f.Type, r.value(f))
}

// decodeJSON appends the JSON line of a checked record (nothing for exit
// and map events, which the session handles).
func (d *decoder) decodeJSON(dst []byte, r record) []byte {
	switch r.ev.Kind {
	case ir.EventPrint:
		dst = append(dst, `{"type":"print","probe":`...)
		dst = appendJSONString(dst, []byte(r.probe.Name))
		dst = append(dst, `,"values":{`...)
		for i := range r.ev.Fields {
			f := &r.ev.Fields[i]
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, []byte(f.Name))
			dst = append(dst, ':')
			dst = d.appendFieldJSON(dst, r, f)
		}
		dst = append(dst, "}}\n"...)
	case ir.EventPrintf:
		msg := d.appendPrintf(nil, r, r.ev.Verbs)
		dst = append(dst, `{"type":"printf","probe":`...)
		dst = appendJSONString(dst, []byte(r.probe.Name))
		dst = append(dst, `,"msg":`...)
		dst = appendJSONString(dst, msg)
		dst = append(dst, "}\n"...)
	}
	return dst
}

// appendJSON writes m's entries as one JSON line (docs/json.md):
//
//	{"type":"map","name":"@c","agg":"count","entries":[{"key":["add"],"value":3}]}
//	{"type":"hist","name":"@h","agg":"hist","entries":[{"key":[],"buckets":[{"min":0,"max":0,"count":1}]}]}
func (p *mapPrinter) appendJSON(dst []byte, m *ir.Map, es []mapEntry, top int, div int64) []byte {
	es = order(m, es, top)
	typ := "map"
	if isHist(m) {
		typ = "hist"
	}
	dst = append(dst, `{"type":"`...)
	dst = append(dst, typ...)
	dst = append(dst, `","name":`...)
	dst = appendJSONString(dst, []byte(mapName(m)))
	if m.IsAgg && int(m.Agg) < len(ir.AggNames) {
		dst = append(dst, `,"agg":"`...)
		dst = append(dst, ir.AggNames[m.Agg]...)
		dst = append(dst, '"')
	}
	dst = append(dst, `,"entries":[`...)
	for i := range es {
		e := &es[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"key":[`...)
		for k, t := range m.Keys {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = p.appendKeyJSON(dst, t, keyBytes(m, k, &e.key))
		}
		dst = append(dst, ']')
		switch {
		case isHist(m):
			dst = append(dst, `,"buckets":`...)
			dst = appendBucketsJSON(dst, m, e.agg.buckets[:], div)
		case m.IsAgg && m.Agg == ir.AggStats:
			dst = append(dst, `,"value":{"count":`...)
			dst = strconv.AppendUint(dst, e.agg.count, 10)
			dst = append(dst, `,"average":`...)
			dst = num{uint64(average(&e.agg)), true}.div(div).appendTo(dst)
			dst = append(dst, `,"total":`...)
			dst = strconv.AppendInt(dst, e.agg.sum, 10)
			dst = append(dst, '}')
		case m.HoldsStrings():
			dst = append(dst, `,"value":`...)
			dst = p.appendKeyJSON(dst, m.Value, e.str)
		default:
			dst = append(dst, `,"value":`...)
			dst = value(m, e).div(div).appendTo(dst)
		}
		dst = append(dst, '}')
	}
	return append(dst, "]}\n"...)
}

// appendKeyJSON writes one key value: integers as numbers, a stack as an
// array of frames, the rest as strings.
func (p *mapPrinter) appendKeyJSON(dst []byte, t *ir.Type, b []byte) []byte {
	if b == nil {
		return append(dst, jsonMalformed...)
	}
	switch t.Kind {
	case ir.KindString:
		s, fault := stringSlot(t, b)
		if fault != nil {
			return appendJSONReadError(dst, *fault)
		}
		return appendJSONString(dst, s.text)
	case ir.KindFunc, ir.KindProbe:
		return appendJSONString(dst, []byte(p.probeName(t, b)))
	case ir.KindStack:
		dst = append(dst, '[')
		for i, f := range p.frames(t, b) {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, []byte(f))
		}
		return append(dst, ']')
	}
	jp := jsonPrinter{symbols: p.symbols}
	return jp.appendValue(dst, t, b)
}

// appendBucketsJSON writes the buckets from the first to the last that
// counted something, with inclusive bounds; the outer buckets have no
// lower or upper bound (bpftrace's JSON).
func appendBucketsJSON(dst []byte, m *ir.Map, b []uint64, div int64) []byte {
	n := ir.MaxBuckets
	lhistN := 0
	if m.Agg == ir.AggLhist {
		var ok bool
		if lhistN, ok = lhistBuckets(m); !ok {
			return append(dst, "[]"...)
		}
		n = lhistN + 2
	}
	dst = append(dst, '[')
	lo, hi, _, ok := histRange(b, n)
	for i := lo; ok && i <= hi; i++ {
		if i > lo {
			dst = append(dst, ',')
		}
		dst = append(dst, '{')
		if m.Agg == ir.AggHist {
			switch {
			case i == 0:
				dst = append(dst, `"max":-1`...)
			case i <= 2:
				dst = strconv.AppendInt(append(dst, `"min":`...), int64(i-1), 10)
				dst = strconv.AppendInt(append(dst, `,"max":`...), int64(i-1), 10)
			default:
				dst = strconv.AppendUint(append(dst, `"min":`...), uint64(1)<<(i-2), 10)
				dst = strconv.AppendUint(append(dst, `,"max":`...), uint64(1)<<(i-1)-1, 10)
			}
		} else {
			switch {
			case i == 0:
				dst = strconv.AppendInt(append(dst, `"max":`...), m.Min-1, 10)
			case i == lhistN+1:
				dst = strconv.AppendInt(append(dst, `"min":`...), m.Max, 10)
			default:
				dst = strconv.AppendInt(append(dst, `"min":`...), int64(i-1)*m.Step+m.Min, 10)
				dst = strconv.AppendInt(append(dst, `,"max":`...), int64(i)*m.Step+m.Min-1, 10)
			}
		}
		c := b[i]
		if div > 1 {
			c /= uint64(div)
		}
		dst = strconv.AppendUint(append(dst, `,"count":`...), c, 10)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}
