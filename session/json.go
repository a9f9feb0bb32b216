package session

import (
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/printfmt"
	"github.com/gs-tracer/gs/symbolize"
)

// JSON output (--format json) writes bpftrace's JSON: one object per line,
// {"type": KIND, "data": PAYLOAD}, with bpftrace's spacing (", " and ": "
// in objects, "," alone in arrays) so that a line compares equal to
// bpftrace's as text. docs/json.md has the schema; this file has the
// values and the record messages, json_map.go the maps, json_rust.go
// Rust's values.

// JSON punctuation, as bpftrace spaces it.
const (
	jsonMemberSep = ", " // between an object's members
	jsonColon     = ": " // between a member's name and its value
	jsonElemSep   = ","  // between an array's elements
)

// Values gs cannot give as data, in the place of the value.
const (
	jsonMalformed = `{"error": "malformed"}`
	jsonCut       = `{"error": "cut"}` // the last element of a value cut at maxValueElems
)

// appendJSONHead starts a message: {"type": "KIND", "data": .
func appendJSONHead(dst []byte, kind string) []byte {
	dst = append(dst, `{"type": "`...)
	dst = append(dst, kind...)
	return append(dst, `", "data": `...)
}

// jsonMessage appends {"type": "KIND", "data": "TEXT"} and a newline: the
// message of printf, time, system ("syscall") and cat.
func jsonMessage(dst []byte, kind string, text []byte) []byte {
	dst = appendJSONString(appendJSONHead(dst, kind), text)
	return append(dst, "}\n"...)
}

// appendJSONString writes s as a JSON string. Valid UTF-8 passes through;
// a byte that is not UTF-8 becomes \u00XX (its Latin-1 reading), so no
// byte is lost and the line stays valid JSON.
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

// appendJSONName writes an object member's name and the colon.
func appendJSONName(dst []byte, name string) []byte {
	return append(appendJSONString(dst, []byte(name)), jsonColon...)
}

// appendJSONUint writes u as a number, or as a string of its digits when a
// double cannot hold it exactly (bpftrace's rule: JSON numbers are doubles
// to most readers, RFC 8259).
func appendJSONUint(dst []byte, u uint64) []byte {
	if f := float64(u); f >= 1<<64 || uint64(f) != u {
		return append(strconv.AppendUint(append(dst, '"'), u, 10), '"')
	}
	return strconv.AppendUint(dst, u, 10)
}

// appendJSONInt is appendJSONUint for a signed integer.
func appendJSONInt(dst []byte, i int64) []byte {
	if f := float64(i); f >= 1<<63 || int64(f) != i {
		return append(strconv.AppendInt(append(dst, '"'), i, 10), '"')
	}
	return strconv.AppendInt(dst, i, 10)
}

// appendJSONReadError writes a value whose read failed at addr.
func appendJSONReadError(dst []byte, addr uint64) []byte {
	dst = append(dst, `{"error": "read error", "addr": `...)
	return append(appendJSONUint(dst, addr), '}')
}

// jsonPrinter formats one value as JSON; like valuePrinter it caps the
// elements of one value.
type jsonPrinter struct {
	probe   *ir.Probe
	symbols *output.Symbols
	elems   int
}

// appendValue writes the value of type t whose bytes are b, as bpftrace
// does: integers, enums and pointers as numbers, strings as strings,
// structs and records as objects, arrays and tuples as arrays.
func (p *jsonPrinter) appendValue(dst []byte, t *ir.Type, b []byte) []byte {
	if t == nil || t.RecordSize() > len(b) {
		return append(dst, jsonMalformed...)
	}
	switch t.Kind {
	case ir.KindInt, ir.KindUint:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			// __int128 and other odd sizes: the text (hex, or an i128's
			// decimal), as a string.
			return appendJSONText(dst, t, b)
		case t.Kind == ir.KindInt:
			return appendJSONInt(dst, signExtend(u, t.Size))
		}
		return appendJSONUint(dst, u)
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
		return appendJSONUint(dst, u)
	case ir.KindChar:
		if len(b) < 1 {
			return append(dst, jsonMalformed...)
		}
		if t.Lang == ir.LangRust {
			return appendJSONString(dst, rustChar(b)) // format_rust.go
		}
		// A C char is an integer, as bpftrace's int8 (uint8 for unsigned char).
		if t.Unsigned {
			return strconv.AppendUint(dst, uint64(b[0]), 10)
		}
		return strconv.AppendInt(dst, int64(int8(b[0])), 10)
	case ir.KindPointer:
		u, ok := loadUint(b, t.Size)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONUint(dst, u)
	case ir.KindTime, ir.KindErrno, ir.KindInet:
		return appendJSONText(dst, t, b) // strftime's, strerror's and ntop's text
	case ir.KindBuf:
		s, fault := bufSlot(t, b)
		if fault != nil {
			return appendJSONReadError(dst, *fault)
		}
		return appendJSONBytes(dst, s)
	case ir.KindSymbol:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		return appendJSONString(dst, []byte(p.symbols.Resolve(symbolize.Frame{IP: u}).String()))
	case ir.KindString:
		s, fault := stringSlot(t, b)
		if fault != nil {
			return appendJSONReadError(dst, *fault)
		}
		if s.truncated {
			// The text format's marker, as bpftrace adds its own.
			return appendJSONString(dst, append(append([]byte(nil), s.text...), "..."...))
		}
		return appendJSONString(dst, s.text)
	case ir.KindComm:
		return appendJSONString(dst, trimNul(b[:t.RecordSize()]))
	case ir.KindFunc, ir.KindProbe:
		if p.probe == nil {
			return append(dst, jsonMalformed...)
		}
		if t.Kind == ir.KindFunc {
			return appendJSONString(dst, []byte(p.probe.Func))
		}
		return appendJSONString(dst, []byte(p.probe.Name))
	case ir.KindEnum:
		// Enums are numbers, not names (bpftrace keeps JSON stable so).
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			return append(dst, jsonMalformed...)
		case enumSigned(t):
			return appendJSONInt(dst, signExtend(u, t.Size))
		}
		return appendJSONUint(dst, u)
	case ir.KindFloat:
		var dec output.Decoder
		v := dec.Value(t, b)
		switch {
		case v.Kind != output.Float:
			return append(dst, jsonMalformed...)
		case math.IsNaN(v.F) || math.IsInf(v.F, 0):
			return appendJSONText(dst, t, b) // "nan", "-inf"
		}
		return strconv.AppendFloat(dst, v.F, 'g', -1, 64)
	case ir.KindStruct, ir.KindUnion:
		if t.Lang == ir.LangRust {
			return p.appendRustStructJSON(dst, t, b) // json_rust.go
		}
		return p.appendStruct(dst, t, b)
	case ir.KindVariants:
		return p.appendVariantsJSON(dst, t, b) // json_rust.go
	case ir.KindTuple:
		return p.appendTuple(dst, t, b)
	case ir.KindArray:
		return p.appendArray(dst, t, b)
	case ir.KindSeq:
		n, es, _, ok := seqElems(t, b)
		if !ok {
			return append(dst, jsonMalformed...)
		}
		dst = append(dst, '[')
		for i := 0; i < n; i++ {
			if i > 0 {
				dst = append(dst, jsonElemSep...)
			}
			if p.elems >= maxValueElems {
				dst = append(dst, jsonCut...)
				break
			}
			p.elems++
			dst = p.appendValue(dst, t.Elem, b[i*es:(i+1)*es])
		}
		return append(dst, ']')
	case ir.KindStack:
		return appendJSONStrings(dst, stackLines(p.symbols, b[:t.Size], t.StackMode))
	}
	return append(dst, jsonMalformed...)
}

// appendJSONText writes the text output of a value of type t whose bytes
// are b as a JSON string.
func appendJSONText(dst []byte, t *ir.Type, b []byte) []byte {
	var dec output.Decoder
	v := dec.Value(t, b)
	if v.Kind == output.Malformed {
		return append(dst, jsonMalformed...)
	}
	var text output.Text
	return appendJSONString(dst, text.Value(nil, &v))
}

// appendJSONBytes writes a buf()'s bytes as an array of numbers.
func appendJSONBytes(dst, b []byte) []byte {
	dst = append(dst, '[')
	for i, c := range b {
		if i > 0 {
			dst = append(dst, jsonElemSep...)
		}
		dst = strconv.AppendUint(dst, uint64(c), 10)
	}
	return append(dst, ']')
}

// appendJSONStrings writes ss as an array of strings (a stack's frames).
func appendJSONStrings(dst []byte, ss []string) []byte {
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, jsonElemSep...)
		}
		dst = appendJSONString(dst, []byte(s))
	}
	return append(dst, ']')
}

func (p *jsonPrinter) appendStruct(dst []byte, t *ir.Type, b []byte) []byte {
	dst = append(dst, '{')
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, jsonMemberSep...)
		}
		dst = appendJSONName(dst, m.Name)
		if p.elems >= maxValueElems {
			dst = append(dst, jsonCut...)
			break
		}
		p.elems++
		if m.Offset < 0 || m.Offset > len(b) {
			dst = append(dst, jsonMalformed...)
			continue
		}
		if m.BitSize > 0 {
			dst = appendBitfieldJSON(dst, m, b[m.Offset:])
			continue
		}
		end := m.Offset + m.Type.RecordSize()
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

// appendBitfieldJSON writes a bitfield member: a number (an enum's too),
// or true/false for a bool.
func appendBitfieldJSON(dst []byte, m ir.Member, b []byte) []byte {
	u, ok := bitfieldBits(m, b)
	switch {
	case !ok:
		return append(dst, jsonMalformed...)
	case m.Type != nil && m.Type.Kind == ir.KindBool && u <= 1:
		return strconv.AppendBool(dst, u == 1)
	case bitfieldSigned(m.Type) && m.BitSize < 64:
		return appendJSONInt(dst, signExtendBits(u, m.BitSize))
	}
	return appendJSONUint(dst, u)
}

func (p *jsonPrinter) appendArray(dst []byte, t *ir.Type, b []byte) []byte {
	el := t.Elem
	if el == nil || t.Len < 0 {
		return append(dst, jsonMalformed...)
	}
	es := el.RecordSize()
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
			dst = append(dst, jsonElemSep...)
		}
		if p.elems >= maxValueElems {
			dst = append(dst, jsonCut...)
			break
		}
		p.elems++
		dst = p.appendValue(dst, el, b[i*es:(i+1)*es])
	}
	return append(dst, ']')
}

// appendTuple writes a bpftrace tuple as an array, [1,"abc"], and a
// record as an object, {"a": 1, "b": "abc"}.
func (p *jsonPrinter) appendTuple(dst []byte, t *ir.Type, b []byte) []byte {
	record := t.Name == "record"
	open, sep, end := byte('['), jsonElemSep, byte(']')
	if record {
		open, sep, end = '{', jsonMemberSep, '}'
	}
	dst = append(dst, open)
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, sep...)
		}
		if record {
			dst = appendJSONName(dst, m.Name)
		}
		stop := m.Offset + m.Type.RecordSize()
		if m.Type == nil || m.Offset < 0 || stop > len(b) {
			return append(append(dst, jsonMalformed...), end)
		}
		dst = p.appendValue(dst, m.Type, b[m.Offset:stop])
	}
	return append(dst, end)
}

// appendFieldJSON formats one record field.
func (d *decoder) appendFieldJSON(dst []byte, r record, f *ir.Field) []byte {
	if f.Unavailable {
		return append(dst, `{"unavailable": true}`...)
	}
	if fl, ok := r.fault(f); ok {
		switch fl.status {
		case ir.StatusDynamicTLS:
			return append(dst, `{"unavailable": "dynamic TLS"}`...)
		case ir.StatusNoBias:
			return append(dst, `{"unavailable": "module not located"}`...)
		}
		return appendJSONReadError(dst, fl.addr)
	}
	p := jsonPrinter{probe: r.probe, symbols: d.symbols()}
	return p.appendValue(dst, f.Type, r.value(f))
}

// decodesJSON reports whether decodeJSON writes the records of kind k;
// the session writes the others (maps, system, cat, warnf, errorf).
func decodesJSON(k ir.EventKind) bool {
	switch k {
	case ir.EventPrint, ir.EventPrintf, ir.EventTime, ir.EventExit:
		return true
	}
	return false
}

// printsValue reports whether a print() record is bpftrace's value
// message, {"type": "value", "data": V}: print of one value that prints
// alone (ir.Field.Bare, sema/printshape.go).
func printsValue(ev *ir.Event) bool {
	return len(ev.Fields) == 1 && ev.Fields[0].Bare
}

// decodeJSON appends the JSON line of a checked record of a kind
// decodesJSON accepts (nothing for exit).
func (d *decoder) decodeJSON(dst []byte, r record) []byte {
	switch r.ev.Kind {
	case ir.EventPrint:
		if printsValue(r.ev) {
			dst = d.appendFieldJSON(appendJSONHead(dst, "value"), r, &r.ev.Fields[0])
			return append(dst, "}\n"...)
		}
		// gs's print of several values: one member each, named by its
		// source text, in order.
		dst = append(appendJSONHead(dst, "print"), '{')
		for i := range r.ev.Fields {
			f := &r.ev.Fields[i]
			if i > 0 {
				dst = append(dst, jsonMemberSep...)
			}
			dst = appendJSONName(dst, f.Name)
			dst = d.appendFieldJSON(dst, r, f)
		}
		dst = append(dst, "}}\n"...)
	case ir.EventPrintf:
		dst = jsonMessage(dst, "printf", d.text.Printf(nil, r.ev.Verbs, r.out.Fields))
	case ir.EventTime:
		dst = jsonMessage(dst, "time", []byte(printfmt.Strftime(r.ev.Text, time.Now())))
	}
	return dst
}

// stackLines resolves the frames of a captured stack: a u64 count, then
// the frames.
func stackLines(syms *output.Symbols, b []byte, mode ir.StackMode) []string {
	n, ok := loadUint(b, 8)
	if !ok {
		return nil
	}
	if max := uint64(len(b)-8) / ir.StackFrameSize; n > max {
		n = max
	}
	return syms.Lines(output.StackFrames(b[8:], int(n)), mode)
}
