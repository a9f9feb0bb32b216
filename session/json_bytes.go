package session

import (
	"encoding/binary"
	"strconv"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// The JSON writer's readers of value bytes, kept until JSON walks
// output's values as text does (issue 19).
//
// TODO: remove with the JSON walker over output.Value.

// maxValueElems caps the elements of one value.
const maxValueElems = output.MaxValueElems

// loadUint reads a little-endian unsigned integer of size 1, 2, 4 or 8.
func loadUint(b []byte, size int) (uint64, bool) {
	if size > len(b) {
		return 0, false
	}
	switch size {
	case 1:
		return uint64(b[0]), true
	case 2:
		return uint64(binary.LittleEndian.Uint16(b)), true
	case 4:
		return uint64(binary.LittleEndian.Uint32(b)), true
	case 8:
		return binary.LittleEndian.Uint64(b), true
	}
	return 0, false
}

func signExtend(u uint64, size int) int64 {
	if size >= 8 || size <= 0 {
		return int64(u)
	}
	shift := 64 - 8*size
	return int64(u<<shift) >> shift
}

// enumSigned reports whether an enum has negative enumerators, which makes
// its underlying type signed.
func enumSigned(t *ir.Type) bool {
	for _, e := range t.Enums {
		if e.Value < 0 {
			return true
		}
	}
	return false
}

// strSlot is a decoded string slot (see ir/doc.go).
type strSlot struct {
	text      []byte
	truncated bool
}

// stringSlot decodes a string slot; fault is the failing address when the
// read failed.
func stringSlot(t *ir.Type, b []byte) (s strSlot, fault *uint64) {
	if len(b) < ir.StrHeader {
		return strSlot{text: []byte("<malformed>")}, nil
	}
	n := int(binary.LittleEndian.Uint16(b))
	flags := b[2]
	addr := binary.LittleEndian.Uint64(b[8:])
	if flags&ir.StrFault != 0 {
		return strSlot{}, &addr
	}
	text := b[ir.StrHeader:]
	if t.Cap < len(text) {
		text = text[:max(t.Cap, 0)]
	}
	if n < len(text) {
		text = text[:n]
	}
	return strSlot{text: trimNul(text), truncated: flags&ir.StrTruncated != 0}, nil
}

func trimNul(b []byte) []byte {
	for i, c := range b {
		if c == 0 {
			return b[:i]
		}
	}
	return b
}

// seqElems returns how many elements of a counted sequence (ir.KindSeq)
// hold values, their size, and whether the program's sequence was longer.
func seqElems(t *ir.Type, b []byte) (n, es int, more, ok bool) {
	if t.Elem == nil || t.Size < 8 || t.Len < 0 {
		return 0, 0, false, false
	}
	es = t.Elem.RecordSize()
	count, ok := loadUint(b[t.Size-8:t.Size], 8)
	if !ok || es <= 0 || t.Len*es > t.Size-8 {
		return 0, 0, false, false
	}
	n = t.Len
	if count <= uint64(t.Len) {
		n = int(count)
	}
	return n, es, count > uint64(t.Len), true
}

// bitfieldBits returns the bits of bitfield m in b, false when they are
// not all in b.
func bitfieldBits(m ir.Member, b []byte) (uint64, bool) {
	end := m.BitOffset + m.BitSize
	if m.BitOffset < 0 || m.BitSize > 64 || end > 8*len(b) || end > 128 {
		return 0, false
	}
	var raw [16]byte
	copy(raw[:], b[:(end+7)/8])
	lo := binary.LittleEndian.Uint64(raw[:])
	hi := binary.LittleEndian.Uint64(raw[8:])
	u := lo >> m.BitOffset
	if m.BitOffset > 0 && m.BitOffset < 64 {
		u |= hi << (64 - m.BitOffset)
	} else if m.BitOffset >= 64 {
		u = hi >> (m.BitOffset - 64)
	}
	if m.BitSize < 64 {
		u &= 1<<m.BitSize - 1
	}
	return u, true
}

// bitfieldSigned reports whether a bitfield of type t is signed: a signed
// integer or char, or an enum with a negative enumerator.
func bitfieldSigned(t *ir.Type) bool {
	switch {
	case t == nil:
		return false
	case t.Kind == ir.KindEnum:
		return enumSigned(t)
	}
	return t.Kind == ir.KindInt || t.Kind == ir.KindChar && !t.Unsigned
}

// signExtendBits sign-extends the low n bits of u (0 < n < 64).
func signExtendBits(u uint64, n int) int64 {
	return int64(u<<(64-n)) >> (64 - n)
}

const hexDigits = "0123456789abcdef"

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

// isTupleFields reports whether ms are a tuple's fields: __0, __1, ...
func isTupleFields(ms []ir.Member) bool {
	for i, m := range ms {
		if m.Name != "__"+strconv.Itoa(i) {
			return false
		}
	}
	return len(ms) > 0
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

// bufSlot returns a buf() slot's bytes, or the address its read failed at.
func bufSlot(t *ir.Type, b []byte) ([]byte, *uint64) {
	if len(b) < ir.StrHeader {
		return []byte("<malformed>"), nil
	}
	n := int(binary.LittleEndian.Uint16(b))
	if b[2]&ir.StrFault != 0 {
		addr := binary.LittleEndian.Uint64(b[8:])
		return nil, &addr
	}
	text := b[ir.StrHeader:]
	return text[:min(n, t.Cap, len(text))], nil
}
