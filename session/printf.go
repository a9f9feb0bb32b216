package session

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// badFormat replaces a conversion whose argument does not fit it. The
// compiler checks formats against their arguments, so this only shows up
// when the program and its layouts disagree.
const badFormat = "<bad format>"

// appendPrintf interprets a parsed format over the record's fields, taken
// in order as the arguments.
func (d *decoder) appendPrintf(dst []byte, r record, verbs []printfmt.Verb) []byte {
	arg := 0
	for _, v := range verbs {
		if v.IsLiteral() {
			dst = append(dst, v.Lit...)
			continue
		}
		if arg >= len(r.ev.Fields) {
			dst = append(dst, badFormat...)
			continue
		}
		f := &r.ev.Fields[arg]
		arg++
		dst = d.appendArg(dst, v, r, f)
	}
	return dst
}

// appendArg formats one argument for one conversion.
func (d *decoder) appendArg(dst []byte, v printfmt.Verb, r record, f *ir.Field) []byte {
	text := func(s []byte) []byte {
		tv := v
		tv.Prec = -1
		return printfmt.AppendString(dst, tv, s)
	}
	if f.Unavailable {
		return text([]byte("<optimized out>"))
	}
	if fl, ok := r.fault(f); ok {
		return text(appendFailure(nil, fl))
	}
	t := f.Type
	b := r.value(f)
	switch v.Class() {
	case printfmt.ClassSigned, printfmt.ClassUnsigned, printfmt.ClassChar, printfmt.ClassPointer:
		raw, size, ok := integerOf(t, b)
		if !ok {
			return append(dst, badFormat...)
		}
		switch v.Class() {
		case printfmt.ClassChar:
			return printfmt.AppendChar(dst, v, byte(raw))
		case printfmt.ClassPointer:
			return printfmt.AppendPointer(dst, v, raw)
		}
		if t.Kind == ir.KindInt || t.Kind == ir.KindChar && !t.Unsigned || (t.Kind == ir.KindEnum && enumSigned(t)) {
			// Sign-extend to 64 bits so %ld of an int keeps its sign, as
			// C's default argument promotion does.
			raw = uint64(signExtend(raw, size))
		}
		return printfmt.AppendInt(dst, v, raw)
	case printfmt.ClassFloat:
		if t.Kind != ir.KindFloat {
			return append(dst, badFormat...)
		}
		x, _, ok := decodeFloat(b[:t.Size])
		if !ok {
			return append(dst, badFormat...)
		}
		return printfmt.AppendFloat(dst, v, x)
	case printfmt.ClassBuf:
		if t.Kind != ir.KindBuf {
			return append(dst, badFormat...)
		}
		s, fault := bufSlot(t, b) // textcalls.go
		if fault != nil {
			return text(appendReadError(nil, *fault))
		}
		return printfmt.AppendBuf(dst, v, s)
	case printfmt.ClassString:
		switch t.Kind {
		case ir.KindString:
			s, fault := stringSlot(t, b)
			if fault != nil && *fault == 0 {
				return printfmt.AppendString(dst, v, []byte("(null)")) // glibc's %s of NULL
			}
			if fault != nil {
				return text(appendReadError(nil, *fault))
			}
			return printfmt.AppendString(dst, v, s.text)
		case ir.KindComm:
			return printfmt.AppendString(dst, v, trimNul(b))
		case ir.KindArray:
			if t.Elem != nil && t.Elem.Kind == ir.KindChar && typeSize(t.Elem) == 1 && t.Len <= len(b) {
				return printfmt.AppendString(dst, v, trimNul(b[:max(t.Len, 0)]))
			}
		}
		// Anything else prints as print() would show it.
		p := valuePrinter{probe: r.probe, symbols: d.symbols}
		return printfmt.AppendString(dst, v, p.appendValue(nil, t, b))
	}
	return append(dst, badFormat...)
}

// integerOf returns the bits and byte size of a value that a numeric
// conversion can print.
func integerOf(t *ir.Type, b []byte) (raw uint64, size int, ok bool) {
	if t == nil {
		return 0, 0, false
	}
	switch t.Kind {
	case ir.KindInt, ir.KindUint, ir.KindBool, ir.KindChar, ir.KindPointer, ir.KindEnum:
		size = t.Size
	case ir.KindSymbol:
		size = 8
	default:
		return 0, 0, false
	}
	raw, ok = loadUint(b, size)
	if size == 0 || !ok {
		return 0, 0, false
	}
	return raw, size, true
}
