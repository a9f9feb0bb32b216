package output

import (
	"strconv"

	"github.com/gs-tracer/gs/ir"
)

// held prints a struct, union or array the script holds (a map value or
// key, a tuple element: sema/held.go) as bpftrace prints it:
// { .m = 2, .n = 3 }, arrays as [1,2,3] (no spaces), char arrays as their
// text. Other values print as value does.
func (p *Text) held(dst []byte, v *Value) []byte {
	switch v.Kind {
	case Struct:
		if len(v.Elems) == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, "{ "...)
		for i := range v.Elems {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			if p.full(dst) {
				return append(dst, "... }"...)
			}
			p.elems++
			dst = append(append(append(dst, '.'), v.Members[i].Name...), " = "...)
			dst = p.held(dst, &v.Elems[i])
		}
		return append(dst, " }"...)
	case Chars:
		return append(dst, v.Text...) // bpftrace's string
	case Array:
		dst = append(dst, '[')
		first := true
		for i := range v.Elems {
			for n := max(v.Elems[i].Repeat, 1); n > 0; n-- {
				if !first {
					dst = append(dst, ',')
				}
				first = false
				if p.full(dst) {
					return append(dst, "...]"...)
				}
				p.elems++
				dst = p.held(dst, &v.Elems[i])
			}
		}
		return append(dst, ']')
	case Int: // a char bitfield too: bpftrace's number
		return strconv.AppendInt(dst, int64(v.U), 10)
	case Uint:
		return strconv.AppendUint(dst, v.U, 10)
	case Char:
		if charAsNumber(v.Type) { // bpftrace's int8, uint8 for unsigned char
			if v.Type.Unsigned {
				return strconv.AppendUint(dst, uint64(uint8(v.U)), 10)
			}
			return strconv.AppendInt(dst, int64(int8(v.U)), 10)
		}
	}
	return p.value(dst, v)
}

// tuple prints a bpftrace tuple as bpftrace does, (1, abc, (4, 5)), and a
// record as { .a = 1, .b = abc }: strings unquoted, held aggregates in
// bpftrace's shape.
func (p *Text) tuple(dst []byte, v *Value) []byte {
	shape := styleOf(v.Type).Shape
	if shape == ir.TupleArgs {
		return p.args(dst, v)
	}
	record := shape == ir.TupleRecord
	if record {
		dst = append(dst, "{ "...)
	} else {
		dst = append(dst, '(')
	}
	for i := range v.Elems {
		e := &v.Elems[i]
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if record {
			dst = append(append(append(dst, '.'), v.Members[i].Name...), " = "...)
		}
		switch {
		case e.Kind == Malformed:
			return append(dst, "<malformed>)"...)
		case e.Kind == String && !e.Fault:
			dst = append(dst, e.Text...)
		case isHeld(e.Type):
			dst = p.held(dst, e)
		default:
			dst = p.value(dst, e)
		}
	}
	if record {
		return append(dst, " }"...)
	}
	return append(dst, ')')
}

// args prints bpftrace's args, the probed function's parameters
// (sema/args.go), as bpftrace prints its args struct: { .n = 0x1, .c = 120 }.
func (p *Text) args(dst []byte, v *Value) []byte {
	dst = append(dst, "{ "...)
	for i := range v.Elems {
		e := &v.Elems[i]
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(append(append(dst, '.'), v.Members[i].Name...), " = "...)
		switch {
		case e.Kind == Malformed:
			return append(dst, "<malformed> }"...)
		case e.Kind == Pointer:
			dst = appendHex(dst, e.U) // bpftrace's 0x0 for NULL too
		case e.Kind == Tuple:
			dst = p.tuple(dst, e)
		default:
			dst = p.held(dst, e)
		}
	}
	return append(dst, " }"...)
}
