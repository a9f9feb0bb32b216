package session

import (
	"strconv"

	"github.com/gs-tracer/gs/ir"
)

// Rust's values in JSON (gs's own shapes, in bpftrace's spacing): structs
// as objects, tuples and tuple structs as arrays, enums as below.

// appendVariantsJSON prints a Rust enum as JSON: a variant without
// fields as its name ("None"), others as an object of one member, the
// variant's name: its fields as an array for a tuple variant
// ({"Some": [5]}), an object for named fields ({"Circle": {"r": 1.5}}).
func (p *jsonPrinter) appendVariantsJSON(dst []byte, t *ir.Type, b []byte) []byte {
	v, d, ok := selectVariant(t, b)
	if !ok {
		if d == nil {
			return append(dst, jsonMalformed...)
		}
		dst = append(dst, `{"error": "invalid discriminant", "discriminant": `...)
		return append(strconv.AppendUint(dst, *d, 10), '}')
	}
	if t.Lang != ir.LangRust { // gdb's C++ shape (sema/choice.go)
		if len(v.Members) != 1 {
			return append(dst, "null"...) // no contained value
		}
		dst = appendJSONName(append(dst, '{'), v.Name)
		return append(p.appendMemberJSON(dst, v.Members[0], b), '}')
	}
	if len(v.Members) == 0 {
		return appendJSONString(dst, []byte(v.Name))
	}
	dst = appendJSONName(append(dst, '{'), v.Name)
	return append(p.appendRustStructJSON(dst, &ir.Type{Kind: ir.KindStruct, Lang: ir.LangRust, Members: v.Members}, b), '}')
}

// appendRustStructJSON prints a Rust struct as a JSON object, a tuple
// or a tuple struct as an array.
func (p *jsonPrinter) appendRustStructJSON(dst []byte, t *ir.Type, b []byte) []byte {
	if isTupleFields(t.Members) {
		dst = append(dst, '[')
		for i, m := range t.Members {
			if i > 0 {
				dst = append(dst, jsonElemSep...)
			}
			dst = p.appendMemberJSON(dst, m, b)
		}
		return append(dst, ']')
	}
	dst = append(dst, '{')
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, jsonMemberSep...)
		}
		dst = appendJSONName(dst, m.Name)
		dst = p.appendMemberJSON(dst, m, b)
	}
	return append(dst, '}')
}

// appendMemberJSON prints member m of the value whose bytes are b.
func (p *jsonPrinter) appendMemberJSON(dst []byte, m ir.Member, b []byte) []byte {
	end := m.Offset + m.Type.RecordSize()
	if m.Type == nil || m.BitSize > 0 || m.Offset < 0 || end > len(b) {
		return append(dst, jsonMalformed...)
	}
	if addr, failed, ok := memberFault(m, b); !ok {
		return append(dst, jsonMalformed...)
	} else if failed {
		return appendJSONReadError(dst, addr)
	}
	if p.elems >= maxValueElems {
		return append(dst, jsonCut...)
	}
	p.elems++
	return p.appendValue(dst, m.Type, b[m.Offset:]) // see appendMember
}
