package output

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
)

// Values in gdb's Rust syntax (ir.SyntaxRust), without module paths and
// generic arguments (sema gives the name to print, ir.Style.Prefix), which
// is also how Rust's {:?} prints them:
//
//	Entry {id: 3, name: "x"}    a struct
//	Point(1, 2)                 a tuple struct (fields __0, __1, ...)
//	(7, -8)                     a tuple
//	Some(5)  None  Circle {r: 1.5}   enum variants

// variant prints the variant of an enum that its discriminant selected:
// Rust's shape, or gdb's C++ shape (sema/choice.go), the name sema gave
// the variant and then its members as a struct's.
func (p *Text) variant(dst []byte, v *Value) []byte {
	if v.Invalid {
		dst = append(dst, "<invalid discriminant "...)
		dst = strconv.AppendUint(dst, v.U, 10)
		return append(dst, '>')
	}
	if styleOf(v.Type).Syntax != ir.SyntaxRust {
		dst = append(dst, v.Name...)
		if len(v.Members) == 0 {
			return dst
		}
		return p.fields(append(dst, " = "...), v.Members, v.Elems)
	}
	return p.rustFields(dst, v.Name, v.Choice.Tuple, v.Members, v.Elems)
}

// rustFields prints name and the members: "Name {a: 1, b: 2}",
// "Name(1, 2)" when they print by position (tuple), "Name" when there
// are none.
func (p *Text) rustFields(dst []byte, name string, tuple bool, ms []ir.Member, vs []Value) []byte {
	dst = append(dst, name...)
	if len(ms) == 0 {
		if name == "" {
			return append(dst, "()"...)
		}
		return dst
	}
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

// codePoint is the UTF-8 of the code point u (a Rust char), or its \u{...} escape when it
// is no Unicode scalar value.
func codePoint(u uint64) []byte {
	u = uint64(uint32(u))
	if u > utf8.MaxRune || u >= 0xd800 && u < 0xe000 {
		return []byte("\\u{" + strconv.FormatUint(u, 16) + "}")
	}
	return utf8.AppendRune(nil, rune(u))
}

// appendDecimal128 prints a 16-byte integer in decimal, as gdb prints an
// __int128 and Rust an i128 or u128.
func appendDecimal128(dst []byte, v *Value) []byte {
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

// appendFloatDebug prints an f32 or f64 as Rust's {:?} does: the
// shortest digits that read back, with ".0" after an integral value, in
// exponent form (1e300, 1.5e-7) below 1e-4 and from 1e16 on.
func appendFloatDebug(dst []byte, v *Value) []byte {
	f, bits := v.F, v.Bits
	if bits != 32 && bits != 64 || v.Type.Size > 8 || math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		start := len(dst)
		dst = appendFloatShortest(dst, v)
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
