package output

import (
	"strconv"
	"time"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
	"github.com/gs-tracer/gs/symbolize"
)

// Limits on the text of one value, so a huge array cannot flood the output.
const (
	MaxValueElems = 200
	maxValueBytes = 4096
	// repeatThreshold is gdb's: a run of this many equal array elements
	// prints once, as "0 <repeats 16 times>".
	repeatThreshold = 10
)

// Text writes Values as text: gdb's shapes for the target's values (C's,
// Rust's, Go's), bpftrace's for the script's own, and bpftrace's lines
// for records. It caps the text of one value (elements and bytes) and
// writes "..." where it stopped.
type Text struct {
	// Symbols names stack frames and usym values; nil prints addresses.
	Symbols *Symbols

	start int // len(dst) when the value began
	elems int
	cut   bool
}

// begin starts the limits of one value written from len(dst) on.
func (p *Text) begin(dst []byte) {
	p.start, p.elems, p.cut = len(dst), 0, false
}

// Record appends the text of a print(), printf() (and the printf-shaped
// system(), cat(), warnf(), errorf()) or time() record; nothing for the
// kinds the session acts on.
func (p *Text) Record(dst []byte, r *Record) []byte {
	switch r.Event.Kind {
	case ir.EventPrint:
		for i := range r.Fields {
			f := &r.Event.Fields[i]
			if i > 0 {
				dst = append(dst, ", "...)
			}
			if f.Bare {
				dst = p.Bare(dst, &r.Fields[i])
				continue
			}
			dst = append(dst, f.Name...)
			dst = append(dst, " = "...)
			dst = p.Value(dst, &r.Fields[i])
		}
		dst = append(dst, '\n')
	case ir.EventPrintf, ir.EventSystem, ir.EventCat, ir.EventWarnf, ir.EventErrorf:
		dst = p.Printf(dst, r.Event.Verbs, r.Fields)
	case ir.EventTime:
		dst = append(dst, printfmt.Strftime(r.Event.Text, time.Now())...)
	}
	return dst
}

// Value appends v as print() shows it: gdb's shape of the value's
// language, bpftrace's for the script's types.
func (p *Text) Value(dst []byte, v *Value) []byte {
	p.begin(dst)
	return p.value(dst, v)
}

// Bare appends a value that prints alone (ir.Field.Bare): a string or a
// char array as its text and a held array in bpftrace's shape, as
// bpftrace prints them, anything else as Value does.
func (p *Text) Bare(dst []byte, v *Value) []byte {
	p.begin(dst)
	switch {
	case v.Kind == String && !v.Fault:
		dst = append(dst, v.Text...)
		if v.Truncated {
			dst = append(dst, "..."...)
		}
		return dst
	case v.Kind == Chars:
		return append(dst, v.Text...)
	case v.Kind == Array && isHeld(v.Type):
		return p.held(dst, v)
	}
	return p.value(dst, v)
}

// Key appends a map key value (or a map's string value) as bpftrace
// prints it: strings bare, func and probe by name, a stack as its frames
// on lines of their own, held aggregates in bpftrace's shape.
func (p *Text) Key(dst []byte, v *Value) []byte {
	p.begin(dst)
	switch v.Kind {
	case String:
		if v.Fault {
			return appendReadError(dst, v.U)
		}
		return append(dst, v.Text...)
	case Stack:
		return p.stack(dst, v)
	}
	if isHeld(v.Type) {
		return p.held(dst, v)
	}
	return p.value(dst, v)
}

// value appends v in gdb's shape of its language.
func (p *Text) value(dst []byte, v *Value) []byte {
	st := styleOf(v.Type)
	switch v.Kind {
	case OptimizedOut:
		return appendOptimizedOut(dst, v)
	case Failed:
		return appendFailure(dst, v)
	case Int, Uint:
		if v.Type != nil && v.Type.Kind == ir.KindChar && st.Syntax != ir.SyntaxBt && !st.CodePoint {
			return appendCChar(dst, v.Type.Unsigned, byte(v.U)) // a char bitfield, as gdb: 85 'U'
		}
		if v.Kind == Int {
			return strconv.AppendInt(dst, int64(v.U), 10)
		}
		return strconv.AppendUint(dst, v.U, 10)
	case Big:
		if len(v.Text) == 16 {
			return appendDecimal128(dst, v) // __int128, i128: in decimal, as gdb prints them
		}
		return appendBigHex(dst, v.Text)
	case Bool:
		switch v.U {
		case 0:
			return append(dst, "false"...)
		case 1:
			return append(dst, "true"...)
		}
		return strconv.AppendUint(dst, v.U, 10)
	case Char:
		if st.CodePoint {
			return appendQuoted(dst, codePoint(v.U), '\'') // text_rust.go
		}
		if st.Syntax == ir.SyntaxBt {
			return appendQuoted(dst, []byte{byte(v.U)}, '\'') // a char the script makes: $s[0] is 'a'
		}
		return appendCChar(dst, v.Type.Unsigned, byte(v.U)) // gdb's 200 '\310'
	case Pointer:
		if v.U == 0 {
			return append(dst, "NULL"...)
		}
		return appendHex(dst, v.U)
	case Time:
		return appendTime(dst, v.Type.Format, v.U)
	case Errno:
		return appendErrno(dst, v.U)
	case Signal:
		return appendSignal(dst, v.U)
	case CgroupPath:
		return appendCgroupPath(dst, v.U)
	case Container:
		return appendContainer(dst, v.U)
	case User:
		return appendUser(dst, v.U)
	case Mac:
		return appendMac(dst, v.U)
	case Inet:
		return appendInet(dst, v.U)
	case Buf:
		if v.Fault {
			return appendReadError(dst, v.U)
		}
		return printfmt.AppendBuf(dst, printfmt.Verb{}, v.Text) // %r's escapes
	case Symbol:
		return append(dst, p.Symbols.Resolve(symbolize.Frame{IP: v.U}).String()...)
	case String:
		if v.Fault && v.U == 0 {
			return append(dst, "NULL"...) // a NULL char *, as gdb shows 0x0
		}
		if v.Fault {
			return appendReadError(dst, v.U)
		}
		dst = appendQuoted(dst, v.Text, '"')
		if v.Truncated {
			dst = append(dst, "..."...)
		}
		return dst
	case Comm:
		return append(dst, v.Text...)
	case Name:
		return append(dst, v.Name...)
	case Enum:
		if v.Name != "" {
			return append(dst, v.Name...)
		}
		if v.Signed {
			return strconv.AppendInt(dst, int64(v.U), 10)
		}
		return strconv.AppendUint(dst, v.U, 10)
	case Float:
		if st.Float == ir.FloatDebug {
			return appendFloatDebug(dst, v) // text_rust.go
		}
		return appendFloat(dst, v)
	case Struct:
		switch st.Syntax {
		case ir.SyntaxRust:
			return p.rustFields(dst, st.Prefix, st.Tuple, v.Members, v.Elems) // text_rust.go
		case ir.SyntaxBt:
			return p.held(dst, v) // text_bt.go: the script's type, as bpftrace prints it
		}
		return p.fields(dst, v.Members, v.Elems)
	case Variant:
		return p.variant(dst, v) // text_rust.go
	case Tuple:
		return p.tuple(dst, v) // text_bt.go
	case Chars, Array:
		if st.Syntax == ir.SyntaxBt {
			return p.held(dst, v) // text_bt.go: [1,2,3], as bpftrace prints it
		}
		if v.Kind == Chars {
			// A char array is a string: up to the first NUL, like gdb
			// does with `print null-stop on`.
			return appendQuoted(dst, v.Text, '"')
		}
		return p.array(dst, v)
	case Seq:
		if v.Type.Pairs != "" {
			return p.pairs(dst, v)
		}
		return p.seq(dst, v)
	case Stack:
		return p.stack(dst, v)
	}
	return append(dst, "<malformed>"...)
}

// full reports whether the value has reached its size limits; the caller
// then writes "..." and stops.
func (p *Text) full(dst []byte) bool {
	if p.cut {
		return true
	}
	if p.elems >= MaxValueElems || len(dst)-p.start >= maxValueBytes {
		p.cut = true
	}
	return p.cut
}

// fields prints a struct's members as gdb does: {a = 1, b = 2}.
func (p *Text) fields(dst []byte, ms []ir.Member, vs []Value) []byte {
	dst = append(dst, '{')
	for i := range vs {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...}"...)
		}
		p.elems++
		if ms[i].Name != "" { // gdb prints anonymous members by value only
			dst = append(dst, ms[i].Name...)
			dst = append(dst, " = "...)
		}
		dst = p.value(dst, &vs[i])
	}
	return append(dst, '}')
}

// array prints a fixed array as gdb does: {1, 2, 0 <repeats 15 times>}.
func (p *Text) array(dst []byte, v *Value) []byte {
	dst = append(dst, '{')
	first := true
	for i := range v.Elems {
		e := &v.Elems[i]
		run := max(e.Repeat, 1)
		for n := run; n > 0; n-- {
			if !first {
				dst = append(dst, ", "...)
			}
			first = false
			if p.full(dst) {
				return append(dst, "...}"...)
			}
			p.elems++
			dst = p.value(dst, e)
			if run >= repeatThreshold {
				dst = append(dst, " <repeats "...)
				dst = strconv.AppendInt(dst, int64(run), 10)
				dst = append(dst, " times>"...)
				break
			}
		}
	}
	return append(dst, '}')
}

// seq prints a counted sequence as Go prints a slice, with commas:
// [1, 2, 3], and ", ..." when the program's was longer than the record.
func (p *Text) seq(dst []byte, v *Value) []byte {
	dst = append(dst, '[')
	for i := range v.Elems {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...]"...)
		}
		p.elems++
		dst = p.value(dst, &v.Elems[i])
	}
	if v.More {
		if len(v.Elems) > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(dst, "..."...)
	}
	return append(dst, ']')
}

// pairs prints a sequence of key/value pairs as gdb prints a C++ map
// (ir.Type.Pairs): std::map with 2 elements = {[1] = 2, [3] = 4}, and
// "with 1 element" (libstdcxx/v6/printers.py, num_elements).
func (p *Text) pairs(dst []byte, v *Value) []byte {
	dst = append(dst, v.Type.Pairs...)
	dst = append(dst, " with "...)
	dst = strconv.AppendUint(dst, v.U, 10)
	dst = append(dst, " element"...)
	if v.U != 1 {
		dst = append(dst, 's')
	}
	if len(v.Elems) == 0 {
		return dst
	}
	if len(v.Type.Elem.Members) < 2 {
		return append(dst, " = <malformed>"...)
	}
	dst = append(dst, " = {"...)
	for i := range v.Elems {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...}"...)
		}
		p.elems++
		e := &v.Elems[i]
		if e.Kind != Struct || len(e.Elems) < 2 {
			dst = append(dst, "[<malformed>] = <malformed>"...)
			continue
		}
		dst = append(dst, '[')
		dst = p.value(dst, &e.Elems[0])
		dst = append(dst, "] = "...)
		dst = p.value(dst, &e.Elems[1])
	}
	if v.More {
		dst = append(dst, ", ..."...)
	}
	return append(dst, '}')
}

// stack prints a stack as bpftrace does: each frame on its own line after
// its mode's prefix, innermost first.
func (p *Text) stack(dst []byte, v *Value) []byte {
	dst = append(dst, '\n')
	prefix := framePrefix(v.Type.StackMode) // stackmode.go
	if v.Missing {
		return append(append(append(dst, prefix...), "<stack not captured>"...), '\n')
	}
	for _, line := range p.Symbols.Lines(v.Frames, v.Type.StackMode) {
		dst = append(dst, prefix...)
		dst = append(dst, line...)
		dst = append(dst, '\n')
	}
	return dst
}

// dynamicTLS is how a thread-local variable of a module in dynamic TLS
// prints (ir.StatusDynamicTLS).
const dynamicTLS = "<not available: dynamic TLS>"

// noBias is how a value at an address in a module prints when gs does not
// know where this process loaded the module (ir.StatusNoBias).
const noBias = "<not available: module not located in this process>"

// appendOptimizedOut writes an OptimizedOut value: <optimized out>, or
// for a location gs does not evaluate <not evaluated: DW_OP_convert>.
func appendOptimizedOut(dst []byte, v *Value) []byte {
	if v.NotEvaluated != "" {
		return append(append(append(dst, "<not evaluated: "...), v.NotEvaluated...), '>')
	}
	return append(dst, "<optimized out>"...)
}

// appendFailure writes a Failed value.
func appendFailure(dst []byte, v *Value) []byte {
	switch v.Status {
	case ir.StatusDynamicTLS:
		return append(dst, dynamicTLS...)
	case ir.StatusNoBias:
		return append(dst, noBias...)
	}
	return appendReadError(dst, v.U)
}
