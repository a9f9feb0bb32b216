package session

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
)

// This file prints values of Rust types (ir.LangRust) in gdb's Rust
// syntax, without module paths and generic arguments, which is also how
// Rust's {:?} names them:
//
//	Entry {id: 3, name: "x"}    a struct
//	Point(1, 2)                 a tuple struct (fields __0, __1, ...)
//	(7, -8)                     a tuple
//	Some(5)  None  Circle {r: 1.5}   enum variants

// appendRustStruct prints a struct, a tuple struct or a tuple.
func (p *valuePrinter) appendRustStruct(dst []byte, t *ir.Type, b []byte) []byte {
	name := rustShortName(t.Name)
	if strings.HasPrefix(t.Name, "(") {
		name = "" // a tuple has no name to print
	}
	return p.appendRustFields(dst, name, t.Members, b)
}

// appendVariants prints the variant of a Rust enum that its
// discriminant selects.
func (p *valuePrinter) appendVariants(dst []byte, t *ir.Type, b []byte) []byte {
	v, d, ok := selectVariant(t, b)
	if !ok {
		if d == nil {
			return append(dst, "<malformed>"...)
		}
		dst = append(dst, "<invalid discriminant "...)
		dst = strconv.AppendUint(dst, *d, 10)
		return append(dst, '>')
	}
	if t.Lang != ir.LangRust {
		// gdb's C++ shape (sema/choice.go): the name sema gave the
		// variant, then its members as a struct's.
		dst = append(dst, v.Name...)
		if len(v.Members) == 0 {
			return dst
		}
		return p.appendStruct(append(dst, " = "...), &ir.Type{Kind: ir.KindStruct, Members: v.Members}, b)
	}
	return p.appendRustFields(dst, v.Name, v.Members, b)
}

// selectVariant returns the variant of Rust enum t whose value b holds;
// when none matches, d is the discriminant (nil: it could not be read).
func selectVariant(t *ir.Type, b []byte) (v *ir.Variant, d *uint64, ok bool) {
	var def *ir.Variant
	for i := range t.Variants {
		if t.Variants[i].Default {
			def = &t.Variants[i]
		}
	}
	if t.Discr == nil {
		return def, nil, def != nil
	}
	off := t.Discr.Offset
	if off < 0 || t.Discr.Type == nil || off > len(b) {
		return nil, nil, false
	}
	u, good := loadUint(b[off:], t.Discr.Type.Size)
	if !good {
		return nil, nil, false
	}
	for i := range t.Variants {
		if w := &t.Variants[i]; !w.Default && w.Value == u {
			return w, nil, true
		}
	}
	if def != nil {
		return def, nil, true
	}
	return nil, &u, false
}

// appendRustFields prints name and the members: "Name {a: 1, b: 2}",
// "Name(1, 2)" when they are a tuple's (__0, __1...), "Name" when there
// are none.
func (p *valuePrinter) appendRustFields(dst []byte, name string, ms []ir.Member, b []byte) []byte {
	dst = append(dst, name...)
	if len(ms) == 0 {
		if name == "" {
			return append(dst, "()"...)
		}
		return dst
	}
	tuple := isTupleFields(ms)
	open, close := byte('('), byte(')')
	if !tuple {
		if name != "" {
			dst = append(dst, ' ')
		}
		open, close = '{', '}'
	}
	dst = append(dst, open)
	for i, m := range ms {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(append(dst, "..."...), close)
		}
		p.elems++
		if !tuple {
			dst = append(dst, m.Name...)
			dst = append(dst, ": "...)
		}
		dst = p.appendMember(dst, m, b)
	}
	return append(dst, close)
}

// appendMember prints member m of the value whose bytes are b. The member
// is given the bytes from its start to the end of b, not only its own, so
// that the members of a struct it holds reach what was read for them
// after the printed struct's bytes (an ir.Member.Offset past the end of
// their struct: sema/outofline.go).
func (p *valuePrinter) appendMember(dst []byte, m ir.Member, b []byte) []byte {
	if m.Offset < 0 || m.Offset > len(b) {
		return append(dst, "<malformed>"...)
	}
	if addr, failed, ok := memberFault(m, b); !ok {
		return append(dst, "<malformed>"...)
	} else if failed {
		return appendReadError(dst, addr)
	}
	if m.BitSize > 0 {
		return appendBitfield(dst, m, b[m.Offset:])
	}
	end := m.Offset + typeSize(m.Type)
	if m.Type == nil || end > len(b) {
		return append(dst, "<malformed>"...)
	}
	return p.appendValue(dst, m.Type, b[m.Offset:]) // see appendMember
}

// memberFault reads the status slot of member m (ir.Member.Status), if
// it has one: failed when its read failed, at addr.
func memberFault(m ir.Member, b []byte) (addr uint64, failed, ok bool) {
	if m.Status == 0 {
		return 0, false, true
	}
	if m.Status < 0 || m.Status+ir.StatusSize > len(b) {
		return 0, false, false
	}
	st, _ := loadUint(b[m.Status:], 8)
	addr, _ = loadUint(b[m.Status+8:], 8)
	return addr, st == ir.StatusReadError, true
}

// appendRustChar prints a Rust char (a u32 code point; u8 and i8 are
// integers in Rust's DWARF) as Rust's {:?} does: 'é'.
func appendRustChar(dst []byte, b []byte) []byte {
	return appendQuoted(dst, rustChar(b), '\'')
}

// rustChar is the UTF-8 of the Rust char in b.
func rustChar(b []byte) []byte {
	u, ok := loadUint(b, 4)
	if !ok {
		u = uint64(b[0])
	}
	if u > utf8.MaxRune || u >= 0xd800 && u < 0xe000 {
		return []byte("\\u{" + strconv.FormatUint(u, 16) + "}")
	}
	return utf8.AppendRune(nil, rune(u))
}

// appendRust128 prints an i128 or u128 in decimal, as Rust does.
func appendRust128(dst []byte, t *ir.Type, b []byte) []byte {
	be := make([]byte, 16)
	for i := range be {
		be[i] = b[15-i]
	}
	v := new(big.Int).SetBytes(be)
	if t.Kind == ir.KindInt && be[0]&0x80 != 0 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return v.Append(dst, 10)
}

// appendRustFloat prints an f32 or f64 as Rust's {:?} does: the
// shortest digits that read back, with ".0" after an integral value, in
// exponent form (1e300, 1.5e-7) below 1e-4 and from 1e16 on.
func appendRustFloat(dst []byte, b []byte) []byte {
	f, bits, ok := decodeFloat(b)
	if !ok || bits != 32 && bits != 64 || len(b) > 8 || math.IsNaN(f) || math.IsInf(f, 0) || f == 0 {
		start := len(dst)
		dst = appendFloatValue(dst, b)
		if f == 0 && ok && !strings.Contains(string(dst[start:]), ".") {
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

// isTupleFields reports whether ms are a tuple's fields: __0, __1, ...
func isTupleFields(ms []ir.Member) bool {
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
