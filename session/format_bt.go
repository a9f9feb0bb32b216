package session

import (
	"github.com/gs-tracer/gs/ir"
)

// appendBt prints a struct, union or array the script holds (a map
// value or key, a tuple element: sema/held.go) as bpftrace prints it:
// { .m = 2, .n = 3 }, arrays as [1,2,3] (no spaces), char arrays as their
// text. Other values print as appendValue does.
func (p *valuePrinter) appendBt(dst []byte, t *ir.Type, b []byte) []byte {
	if t == nil || typeSize(t) > len(b) {
		return append(dst, "<malformed>"...)
	}
	switch t.Kind {
	case ir.KindStruct, ir.KindUnion:
		if len(t.Members) == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, "{ "...)
		for i, m := range t.Members {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			if p.full(dst) {
				return append(dst, "... }"...)
			}
			p.elems++
			dst = append(append(append(dst, '.'), m.Name...), " = "...)
			end := m.Offset + typeSize(m.Type)
			switch {
			case m.Type == nil || m.Offset < 0 || end > len(b):
				dst = append(dst, "<malformed>"...)
			case m.BitSize > 0:
				dst = appendBitfield(dst, m, b[m.Offset:])
			default:
				dst = p.appendBt(dst, m.Type, b[m.Offset:end])
			}
		}
		return append(dst, " }"...)
	case ir.KindArray:
		el := t.Elem
		es := typeSize(el)
		if el == nil || t.Len < 0 || es <= 0 && t.Len > 0 || t.Len*es > len(b) {
			return append(dst, "<malformed>"...)
		}
		if el.Kind == ir.KindChar && es == 1 {
			return append(dst, trimNul(b[:t.Len])...) // bpftrace's string
		}
		dst = append(dst, '[')
		for i := 0; i < t.Len; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			if p.full(dst) {
				return append(dst, "...]"...)
			}
			p.elems++
			dst = p.appendBt(dst, el, b[i*es:(i+1)*es])
		}
		return append(dst, ']')
	case ir.KindChar:
		if len(b) >= 1 && t.Lang == ir.LangC {
			k := ir.KindInt // bpftrace's int8, uint8 for unsigned char
			if t.Unsigned {
				k = ir.KindUint
			}
			return appendInteger(dst, &ir.Type{Kind: k, Size: 1}, b)
		}
	}
	return p.appendValue(dst, t, b)
}

// isHeldKind reports whether values of t print as bpftrace prints the
// aggregates the script holds (appendBt).
func isHeldKind(t *ir.Type) bool {
	return t != nil && (t.Kind == ir.KindStruct || t.Kind == ir.KindUnion || t.Kind == ir.KindArray) &&
		(t.Lang == ir.LangC || t.Lang == ir.LangScript)
}

// appendArgs prints bpftrace's args, the probed function's parameters
// (sema/args.go), as bpftrace prints its args struct: { .n = 0x1, .c = 120 }.
func (p *valuePrinter) appendArgs(dst []byte, t *ir.Type, b []byte) []byte {
	dst = append(dst, "{ "...)
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(append(append(dst, '.'), m.Name...), " = "...)
		end := m.Offset + typeSize(m.Type)
		if m.Offset < 0 || end > len(b) {
			return append(dst, "<malformed> }"...)
		}
		eb := b[m.Offset:end]
		switch {
		case m.Type.Kind == ir.KindPointer:
			u, _ := loadUint(eb, 8)
			dst = appendHex(dst, u) // bpftrace's 0x0 for NULL too
		case m.Type.Kind == ir.KindTuple:
			dst = p.appendTuple(dst, m.Type, eb)
		default:
			dst = p.appendBt(dst, m.Type, eb)
		}
	}
	return append(dst, " }"...)
}
