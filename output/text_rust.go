package output

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
)

// Values in gdb's Rust syntax (syntaxRust), without module paths and
// generic arguments, which is also how Rust's {:?} names them:
//
//	Entry {id: 3, name: "x"}    a struct
//	Point(1, 2)                 a tuple struct (fields __0, __1, ...)
//	(7, -8)                     a tuple
//	Some(5)  None  Circle {r: 1.5}   enum variants

// rustStruct prints a struct, a tuple struct or a tuple.
func (p *Text) rustStruct(dst []byte, v *Value) []byte {
	name := rustShortName(v.Type.Name)
	if strings.HasPrefix(v.Type.Name, "(") {
		name = "" // a tuple has no name to print
	}
	return p.rustFields(dst, name, v.Members, v.Elems)
}

// variant prints the variant of an enum that its discriminant selected:
// Rust's shape, or gdb's C++ shape (sema/choice.go), the name sema gave
// the variant and then its members as a struct's.
func (p *Text) variant(dst []byte, v *Value) []byte {
	if v.Invalid {
		dst = append(dst, "<invalid discriminant "...)
		dst = strconv.AppendUint(dst, v.U, 10)
		return append(dst, '>')
	}
	if presentationOf(v.Type).syntax != syntaxRust {
		dst = append(dst, v.Name...)
		if len(v.Members) == 0 {
			return dst
		}
		return p.fields(append(dst, " = "...), v.Members, v.Elems)
	}
	return p.rustFields(dst, v.Name, v.Members, v.Elems)
}

// rustFields prints name and the members: "Name {a: 1, b: 2}",
// "Name(1, 2)" when they are a tuple's (__0, __1...), "Name" when there
// are none.
func (p *Text) rustFields(dst []byte, name string, ms []ir.Member, vs []Value) []byte {
	dst = append(dst, name...)
	if len(ms) == 0 {
		if name == "" {
			return append(dst, "()"...)
		}
		return dst
	}
	tuple := IsTupleFields(ms)
	open, close := byte('('), byte(')')
	if !tuple {
		if name != "" {
			dst = append(dst, ' ')
		}
		open, close = '{', '}'
	}
	dst = append(dst, open)
	for i := range vs {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(append(dst, "..."...), close)
		}
		p.elems++
		if !tuple {
			dst = append(dst, ms[i].Name...)
			dst = append(dst, ": "...)
		}
		dst = p.value(dst, &vs[i])
	}
	return append(dst, close)
}

// rustChar is the UTF-8 of the Rust char u, or its \u{...} escape when it
// is no Unicode scalar value.
func rustChar(u uint64) []byte {
	u = uint64(uint32(u))
	if u > utf8.MaxRune || u >= 0xd800 && u < 0xe000 {
		return []byte("\\u{" + strconv.FormatUint(u, 16) + "}")
	}
	return utf8.AppendRune(nil, rune(u))
}

// appendRust128 prints an i128 or u128 in decimal, as Rust does.
func appendRust128(dst []byte, v *Value) []byte {
	be := make([]byte, 16)
	for i := range be {
		be[i] = v.Text[15-i]
	}
	n := new(big.Int).SetBytes(be)
	if v.Type.Kind == ir.KindInt && be[0]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return n.Append(dst, 10)
}

// appendRustFloat prints an f32 or f64 as Rust's {:?} does: the
// shortest digits that read back, with ".0" after an integral value, in
// exponent form (1e300, 1.5e-7) below 1e-4 and from 1e16 on.
func appendRustFloat(dst []byte, v *Value) []byte {
	f, bits := v.F, v.Bits
	if bits != 32 && bits != 64 || v.Type.Size > 8 || math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		start := len(dst)
		dst = appendFloat(dst, v)
		if f == 0 && !strings.Contains(string(dst[start:]), ".") {
			dst = append(dst, ".0"...)
		}
		return dst
	}
	if a := math.Abs(f); a < 1e-4 || a >= 1e16 {
		e := strconv.AppendFloat(nil, f, 'e', -1, bits)
		mant, exp, _ := strings.Cut(string(e), "e")
		n, _ := strconv.Atoi(exp)
		return strconv.AppendInt(append(append(dst, mant...), 'e'), int64(n), 10)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'f', -1, bits)
	if !strings.Contains(string(dst[start:]), ".") {
		dst = append(dst, ".0"...)
	}
	return dst
}

// IsTupleFields reports whether ms are a tuple's fields: __0, __1, ...
func IsTupleFields(ms []ir.Member) bool {
	for i, m := range ms {
		if m.Name != "__"+strconv.Itoa(i) {
			return false
		}
	}
	return len(ms) > 0
}

// rustShortName is a Rust type's name without module path and generic
// arguments: "Vec" for "alloc::vec::Vec<i64, alloc::alloc::Global>".
func rustShortName(name string) string {
	if i := strings.IndexByte(name, '<'); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	return name
}
