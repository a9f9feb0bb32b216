package output

import (
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
	"github.com/gs-tracer/gs/symbolize"
)

// JSON output (--format json) writes bpftrace's JSON: one object per line,
// {"type": KIND, "data": PAYLOAD}, with bpftrace's spacing (", " and ": "
// in objects, "," alone in arrays) so that a line compares equal to
// bpftrace's as text. docs/json.md has the schema; this file has the
// values and the record messages, json_map.go the maps, json_status.go
// the messages about the run.

// JSON punctuation, as bpftrace spaces it.
const (
	jsonMemberSep = ", " // between an object's members
	jsonColon     = ": " // between a member's name and its value
	jsonElemSep   = ","  // between an array's elements
)

// Values gs cannot give as data, in the place of the value.
const (
	jsonMalformed = `{"error": "malformed"}`
	jsonCut       = `{"error": "cut"}` // the last element of a value cut at MaxValueElems
)

// JSON writes Values as bpftrace's JSON: integers, enums and pointers as
// numbers, strings as strings, structs and records as objects, arrays and
// tuples as arrays (docs/json.md). It caps the elements of one value at
// MaxValueElems, with {"error": "cut"} where it stopped.
type JSON struct {
	// Symbols names stack frames and usym values; nil prints addresses.
	Symbols *Symbols

	text  Text   // printf's text
	buf   []byte // the text of a message, reused
	elems int
}

// Record appends the JSON line of a print(), printf() or time() record;
// nothing for the other kinds (Writes says which).
func (p *JSON) Record(dst []byte, r *Record) []byte {
	switch r.Event.Kind {
	case ir.EventPrint:
		if PrintsValue(r.Event) {
			dst = p.field(appendJSONHead(dst, "value"), &r.Fields[0])
			return append(dst, "}\n"...)
		}
		// gs's print of several values: one member each, named by its
		// source text, in order.
		dst = append(appendJSONHead(dst, "print"), '{')
		for i := range r.Fields {
			if i > 0 {
				dst = append(dst, jsonMemberSep...)
			}
			dst = appendJSONName(dst, r.Event.Fields[i].Name)
			dst = p.field(dst, &r.Fields[i])
		}
		return append(dst, "}}\n"...)
	case ir.EventPrintf:
		p.text.Symbols = p.Symbols
		p.buf = p.text.Printf(p.buf[:0], r.Event.Verbs, r.Fields)
		return AppendJSONMessage(dst, "printf", p.buf)
	case ir.EventTime:
		p.buf = append(p.buf[:0], printfmt.Strftime(r.Event.Text, time.Now())...)
		return AppendJSONMessage(dst, "time", p.buf)
	}
	return dst
}

// Writes reports whether Record writes the records of kind k; the
// session writes the others (maps, system, cat, warnf, errorf).
func Writes(k ir.EventKind) bool {
	switch k {
	case ir.EventPrint, ir.EventPrintf, ir.EventTime, ir.EventExit:
		return true
	}
	return false
}

// PrintsValue reports whether a print() record is bpftrace's value
// message, {"type": "value", "data": V}: print of one value that prints
// alone (ir.Field.Bare, sema/printshape.go).
func PrintsValue(ev *ir.Event) bool {
	return len(ev.Fields) == 1 && ev.Fields[0].Bare
}

// field writes a record's field: a value, or why there is none.
func (p *JSON) field(dst []byte, v *Value) []byte {
	switch {
	case v.Kind == OptimizedOut && v.NotEvaluated != "":
		return append(appendJSONString(append(dst, `{"unavailable": `...), "not evaluated: "+v.NotEvaluated), '}')
	case v.Kind == OptimizedOut:
		return append(dst, `{"unavailable": true}`...)
	case v.Kind == Failed && v.Status == ir.StatusDynamicTLS:
		return append(dst, `{"unavailable": "dynamic TLS"}`...)
	case v.Kind == Failed && v.Status == ir.StatusNoBias:
		return append(dst, `{"unavailable": "module not located"}`...)
	}
	return p.Value(dst, v)
}

// Value appends v as JSON.
func (p *JSON) Value(dst []byte, v *Value) []byte {
	p.elems = 0
	return p.value(dst, v)
}

func (p *JSON) value(dst []byte, v *Value) []byte {
	switch v.Kind {
	case Failed:
		return appendJSONReadError(dst, v.U)
	case Int:
		return appendJSONInt(dst, int64(v.U))
	case Uint, Pointer:
		return appendJSONUint(dst, v.U)
	case Big:
		// __int128 and other odd sizes: the text's digits, as a string.
		start := len(dst)
		if len(v.Text) == 16 {
			dst = appendDecimal128(dst, v) // text_rust.go
		} else {
			dst = appendBigHex(dst, v.Text)
		}
		return appendJSONText(dst, start)
	case Bool:
		if v.U <= 1 {
			return strconv.AppendBool(dst, v.U == 1)
		}
		return appendJSONUint(dst, v.U)
	case Char:
		if styleOf(v.Type).CodePoint {
			return appendJSONString(dst, codePoint(v.U)) // a Rust char: its character
		}
		// A C char is an integer, as bpftrace's int8 (uint8 for unsigned
		// char): its first byte.
		if v.Signed {
			return strconv.AppendInt(dst, int64(int8(v.U)), 10)
		}
		return strconv.AppendUint(dst, uint64(uint8(v.U)), 10)
	case Time:
		start := len(dst)
		return appendJSONText(appendTime(dst, v.Type.Format, v.U), start)
	case Errno:
		start := len(dst)
		return appendJSONText(appendErrno(dst, v.U), start)
	case Signal:
		start := len(dst)
		return appendJSONText(appendSignal(dst, v.U), start)
	case Inet:
		start := len(dst)
		return appendJSONText(appendInet(dst, v.U), start)
	case CgroupPath:
		start := len(dst)
		return appendJSONText(appendCgroupPath(dst, v.U), start)
	case User:
		start := len(dst)
		return appendJSONText(appendUser(dst, v.U), start)
	case Mac:
		start := len(dst)
		return appendJSONText(appendMac(dst, v.U), start)
	case Container:
		start := len(dst)
		return appendJSONText(appendContainer(dst, v.U), start)
	case Symbol:
		return appendJSONString(dst, p.Symbols.Resolve(symbolize.Frame{IP: v.U}).String())
	case Buf:
		if v.Fault {
			return appendJSONReadError(dst, v.U)
		}
		return appendJSONBytes(dst, v.Text)
	case String:
		if v.Fault {
			return appendJSONReadError(dst, v.U)
		}
		if v.Truncated {
			// The text format's marker, as bpftrace adds its own.
			start := len(dst)
			dst = append(append(dst, v.Text...), "..."...)
			return appendJSONText(dst, start)
		}
		return appendJSONString(dst, v.Text)
	case Chars:
		if v.Type.Len == 0 {
			return append(dst, "[]"...) // char x[0]: an array of nothing
		}
		return appendJSONString(dst, v.Text)
	case Comm:
		return appendJSONString(dst, v.Text)
	case Name:
		return appendJSONString(dst, v.Name)
	case Enum:
		// Enums are numbers, not names (bpftrace keeps JSON stable so).
		if v.Signed {
			return appendJSONInt(dst, int64(v.U))
		}
		return appendJSONUint(dst, v.U)
	case Float:
		if math.IsNaN(v.F) || math.IsInf(v.F, 0) {
			start := len(dst)
			return appendJSONText(appendFloatShortest(dst, v), start) // "nan", "-inf"
		}
		return strconv.AppendFloat(dst, v.F, 'g', -1, 64)
	case Struct:
		if st := styleOf(v.Type); st.Syntax == ir.SyntaxRust {
			return p.rustFields(dst, st.Tuple, v.Members, v.Elems) // Rust's shapes
		}
		return p.object(dst, v.Members, v.Elems)
	case Variant:
		return p.variant(dst, v)
	case Tuple:
		return p.tuple(dst, v)
	case Array:
		return p.array(dst, v)
	case Seq:
		dst = append(dst, '[')
		for i := range v.Elems {
			if i > 0 {
				dst = append(dst, jsonElemSep...)
			}
			if p.elems >= MaxValueElems {
				dst = append(dst, jsonCut...)
				break
			}
			p.elems++
			dst = p.value(dst, &v.Elems[i])
		}
		return append(dst, ']')
	case Stack:
		dst = append(dst, '[')
		for i, line := range p.Symbols.Lines(v.Frames, v.Type.StackMode) {
			if i > 0 {
				dst = append(dst, jsonElemSep...)
			}
			dst = appendJSONString(dst, line)
		}
		return append(dst, ']')
	}
	return append(dst, jsonMalformed...)
}

// object writes a struct's members as an object, {"a": 1, "b": 2}, up
// to the value's cap.
func (p *JSON) object(dst []byte, ms []ir.Member, vs []Value) []byte {
	dst = append(dst, '{')
	for i := range vs {
		if i > 0 {
			dst = append(dst, jsonMemberSep...)
		}
		dst = appendJSONName(dst, ms[i].Name)
		if p.elems >= MaxValueElems {
			dst = append(dst, jsonCut...)
			break
		}
		p.elems++
		dst = p.value(dst, &vs[i])
	}
	return append(dst, '}')
}

// array writes a fixed array's elements, every element of a run.
func (p *JSON) array(dst []byte, v *Value) []byte {
	dst = append(dst, '[')
	n := 0
	for i := range v.Elems {
		e := &v.Elems[i]
		for r := max(e.Repeat, 1); r > 0; r-- {
			if n > 0 {
				dst = append(dst, jsonElemSep...)
			}
			n++
			if p.elems >= MaxValueElems {
				return append(dst, jsonCut+"]"...)
			}
			p.elems++
			dst = p.value(dst, e)
		}
	}
	return append(dst, ']')
}

// tuple writes a bpftrace tuple as an array, [1,"abc"], and a record as
// an object, {"a": 1, "b": "abc"}; it stops at a malformed element.
func (p *JSON) tuple(dst []byte, v *Value) []byte {
	record := styleOf(v.Type).Shape == ir.TupleRecord
	open, sep, end := byte('['), jsonElemSep, byte(']')
	if record {
		open, sep, end = '{', jsonMemberSep, '}'
	}
	dst = append(dst, open)
	for i := range v.Elems {
		if i > 0 {
			dst = append(dst, sep...)
		}
		if record {
			dst = appendJSONName(dst, v.Members[i].Name)
		}
		if v.Elems[i].Kind == Malformed {
			return append(append(dst, jsonMalformed...), end)
		}
		dst = p.value(dst, &v.Elems[i])
	}
	return append(dst, end)
}

// Rust's values in JSON (gs's own shapes, in bpftrace's spacing): structs
// as objects, tuples and tuple structs as arrays, enums as variant below.

// variant writes an enum's variant. Rust's: a variant without fields as
// its name ("None"), others as an object of one member, the variant's
// name: its fields as an array for a tuple variant ({"Some": [5]}), an
// object for named fields ({"Circle": {"r": 1.5}}). gdb's C++ shape
// (sema/choice.go): null for no contained value, else {"Name": value}.
func (p *JSON) variant(dst []byte, v *Value) []byte {
	if v.Invalid {
		dst = append(dst, `{"error": "invalid discriminant", "discriminant": `...)
		return append(strconv.AppendUint(dst, v.U, 10), '}')
	}
	if styleOf(v.Type).Syntax != ir.SyntaxRust {
		if len(v.Members) != 1 {
			return append(dst, "null"...) // no contained value
		}
		dst = appendJSONName(append(dst, '{'), v.Name)
		return append(p.rustMember(dst, &v.Elems[0]), '}')
	}
	if len(v.Members) == 0 {
		return appendJSONString(dst, v.Name)
	}
	dst = appendJSONName(append(dst, '{'), v.Name)
	return append(p.rustFields(dst, v.Choice.Tuple, v.Members, v.Elems), '}')
}

// rustFields writes a Rust struct's fields as an object, or as an array
// when they print by position (tuple: a tuple's, a tuple struct's).
func (p *JSON) rustFields(dst []byte, tuple bool, ms []ir.Member, vs []Value) []byte {
	open, sep, end := byte('{'), jsonMemberSep, byte('}')
	if tuple {
		open, sep, end = '[', jsonElemSep, ']'
	}
	dst = append(dst, open)
	for i := range vs {
		if i > 0 {
			dst = append(dst, sep...)
		}
		if !tuple {
			dst = appendJSONName(dst, ms[i].Name)
		}
		dst = p.rustMember(dst, &vs[i])
	}
	return append(dst, end)
}

// rustMember writes a member of a Rust value: one that failed or does not
// fit says so also past the value's cap.
func (p *JSON) rustMember(dst []byte, v *Value) []byte {
	switch {
	case v.Kind == Malformed || v.Kind == Failed:
		return p.value(dst, v)
	case p.elems >= MaxValueElems:
		return append(dst, jsonCut...)
	}
	p.elems++
	return p.value(dst, v)
}

// appendJSONHead starts a message: {"type": "KIND", "data": .
func appendJSONHead(dst []byte, kind string) []byte {
	dst = append(dst, `{"type": "`...)
	dst = append(dst, kind...)
	return append(dst, `", "data": `...)
}

// AppendJSONMessage appends {"type": "KIND", "data": "TEXT"} and a
// newline: the message of printf, time, system ("syscall") and cat.
func AppendJSONMessage(dst []byte, kind string, text []byte) []byte {
	dst = appendJSONString(appendJSONHead(dst, kind), text)
	return append(dst, "}\n"...)
}

// appendJSONString writes s as a JSON string. Valid UTF-8 passes through;
// a byte that is not UTF-8 becomes \u00XX (its Latin-1 reading), so no
// byte is lost and the line stays valid JSON.
func appendJSONString[S ~string | ~[]byte](dst []byte, s S) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
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

// appendJSONText makes the text written in dst from start on a JSON
// string, in place.
func appendJSONText(dst []byte, start int) []byte {
	n := len(dst)
	dst = appendJSONString(dst, dst[start:n])
	return append(dst[:start], dst[n:]...)
}

// appendJSONName writes an object member's name and the colon.
func appendJSONName(dst []byte, name string) []byte {
	return append(appendJSONString(dst, name), jsonColon...)
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
