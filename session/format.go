package session

import (
	"encoding/binary"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// Limits on the text of one value, so a huge array cannot flood the output.
const (
	maxValueElems = 200
	maxValueBytes = 4096
	// repeatThreshold is gdb's: a run of this many equal array elements
	// prints once, as "0 <repeats 16 times>".
	repeatThreshold = 10
)

// typeSize returns how many record bytes a value of type t occupies.
func typeSize(t *ir.Type) int {
	if t == nil {
		return 0
	}
	switch t.Kind {
	case ir.KindFunc, ir.KindProbe:
		return 0
	case ir.KindString:
		if t.Size > 0 {
			return t.Size
		}
		return ir.StrHeader + t.Cap
	case ir.KindComm:
		if t.Size > 0 {
			return t.Size
		}
		return ir.CommLen
	}
	return t.Size
}

// valuePrinter formats one value in gdb's style. It caps the output of a
// single value (elements and bytes) and appends "..." where it stopped.
type valuePrinter struct {
	probe   *ir.Probe
	symbols *symbols // nil: addresses print as numbers
	start   int      // len(dst) when the value began
	elems   int
	cut     bool
}

// appendValue formats the value whose bytes are b. b holds at least
// typeSize(t) bytes unless the program is inconsistent, which prints as
// <malformed>.
func (p *valuePrinter) appendValue(dst []byte, t *ir.Type, b []byte) []byte {
	if t == nil {
		return append(dst, "<malformed>"...)
	}
	if n := typeSize(t); n > len(b) {
		return append(dst, "<malformed>"...)
	}
	switch t.Kind {
	case ir.KindInt, ir.KindUint:
		if t.Lang == ir.LangRust && t.Size == 16 {
			return appendRust128(dst, t, b) // format_rust.go
		}
		return appendInteger(dst, t, b)
	case ir.KindBool:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			return append(dst, "<malformed>"...)
		case u == 0:
			return append(dst, "false"...)
		case u == 1:
			return append(dst, "true"...)
		}
		return strconv.AppendUint(dst, u, 10)
	case ir.KindChar:
		if len(b) < 1 {
			return append(dst, "<malformed>"...)
		}
		if t.Lang == ir.LangRust {
			return appendRustChar(dst, b) // format_rust.go
		}
		return appendQuoted(dst, b[:1], '\'')
	case ir.KindPointer:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok:
			return append(dst, "<malformed>"...)
		case u == 0:
			return append(dst, "NULL"...)
		}
		return appendHex(dst, u)
	case ir.KindTime:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, "<malformed>"...)
		}
		return appendTime(dst, t.Format, u)
	case ir.KindErrno:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, "<malformed>"...)
		}
		return appendErrno(dst, u) // textcalls.go
	case ir.KindInet:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, "<malformed>"...)
		}
		return appendInet(dst, u)
	case ir.KindBuf:
		s, fault := bufSlot(t, b) // textcalls.go
		if fault != nil {
			return appendReadError(dst, *fault)
		}
		return appendBuf(dst, s)
	case ir.KindSymbol:
		u, ok := loadUint(b, 8)
		if !ok {
			return append(dst, "<malformed>"...)
		}
		return append(dst, p.symbols.resolve(symbolize.Frame{IP: u}).String()...)
	case ir.KindString:
		s, fault := stringSlot(t, b)
		if fault != nil && *fault == 0 {
			return append(dst, "NULL"...) // a NULL char *, as gdb shows 0x0
		}
		if fault != nil {
			return appendReadError(dst, *fault)
		}
		dst = appendQuoted(dst, s.text, '"')
		if s.truncated {
			dst = append(dst, "..."...)
		}
		return dst
	case ir.KindComm:
		return append(dst, trimNul(b[:typeSize(t)])...)
	case ir.KindFunc:
		if p.probe == nil {
			return append(dst, "<malformed>"...)
		}
		return append(dst, p.probe.Func...)
	case ir.KindProbe:
		if p.probe == nil {
			return append(dst, "<malformed>"...)
		}
		return append(dst, p.probe.Name...)
	case ir.KindEnum:
		return appendEnum(dst, t, b)
	case ir.KindFloat:
		if t.Lang == ir.LangRust {
			return appendRustFloat(dst, b[:t.Size]) // format_rust.go
		}
		return appendFloatValue(dst, b[:t.Size])
	case ir.KindStruct, ir.KindUnion:
		switch t.Lang {
		case ir.LangRust:
			return p.appendRustStruct(dst, t, b) // format_rust.go
		case ir.LangScript:
			return p.appendBt(dst, t, b) // format_bt.go: the script's type, as bpftrace prints it
		}
		return p.appendStruct(dst, t, b)
	case ir.KindVariants:
		return p.appendVariants(dst, t, b)
	case ir.KindTuple:
		return p.appendTuple(dst, t, b) // format_tuple.go
	case ir.KindArray:
		if t.Lang == ir.LangScript {
			return p.appendBt(dst, t, b) // format_bt.go: [1,2,3], as bpftrace prints it
		}
		return p.appendArray(dst, t, b)
	case ir.KindSeq:
		return p.appendSeq(dst, t, b)
	case ir.KindStack:
		return p.appendStack(dst, b[:t.Size], t.StackMode)
	}
	return append(dst, "<malformed>"...)
}

// appendPairs prints a KindSeq of key/value pairs as gdb prints a C++
// map (ir.Type.Pairs): std::map with 2 elements = {[1] = 2, [3] = 4}.
func (p *valuePrinter) appendPairs(dst []byte, t *ir.Type, b []byte, n, es int, more bool) []byte {
	count, _ := loadUint(b[t.Size-8:t.Size], 8)
	dst = append(dst, t.Pairs...)
	dst = append(dst, " with "...)
	dst = strconv.AppendUint(dst, count, 10)
	dst = append(dst, " elements"...)
	if n == 0 {
		return dst
	}
	if len(t.Elem.Members) < 2 {
		return append(dst, " = <malformed>"...)
	}
	dst = append(dst, " = {"...)
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...}"...)
		}
		p.elems++
		e := b[i*es : (i+1)*es]
		dst = append(dst, '[')
		dst = p.appendMember(dst, t.Elem.Members[0], e)
		dst = append(dst, "] = "...)
		dst = p.appendMember(dst, t.Elem.Members[1], e)
	}
	if more {
		dst = append(dst, ", ..."...)
	}
	return append(dst, '}')
}

// seqElems returns how many elements of a counted sequence (ir.KindSeq)
// hold values, their size, and whether the program's sequence was longer.
func seqElems(t *ir.Type, b []byte) (n, es int, more, ok bool) {
	if t.Elem == nil || t.Size < 8 || t.Len < 0 {
		return 0, 0, false, false
	}
	es = typeSize(t.Elem)
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

// appendSeq prints a counted sequence as Go prints a slice, with commas:
// [1, 2, 3], and ", ..." when the program's was longer than the record.
func (p *valuePrinter) appendSeq(dst []byte, t *ir.Type, b []byte) []byte {
	n, es, more, ok := seqElems(t, b)
	if !ok {
		return append(dst, "<malformed>"...)
	}
	if t.Pairs != "" {
		return p.appendPairs(dst, t, b, n, es, more)
	}
	dst = append(dst, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...]"...)
		}
		p.elems++
		dst = p.appendValue(dst, t.Elem, b[i*es:(i+1)*es])
	}
	if more {
		if n > 0 {
			dst = append(dst, ", "...)
		}
		dst = append(dst, "..."...)
	}
	return append(dst, ']')
}

// full reports whether the value has reached its size limits; the caller
// then writes "..." and stops.
func (p *valuePrinter) full(dst []byte) bool {
	if p.cut {
		return true
	}
	if p.elems >= maxValueElems || len(dst)-p.start >= maxValueBytes {
		p.cut = true
	}
	return p.cut
}

func (p *valuePrinter) appendStruct(dst []byte, t *ir.Type, b []byte) []byte {
	dst = append(dst, '{')
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...}"...)
		}
		p.elems++
		if m.Name != "" { // gdb prints anonymous members by value only
			dst = append(dst, m.Name...)
			dst = append(dst, " = "...)
		}
		dst = p.appendMember(dst, m, b)
	}
	return append(dst, '}')
}

func (p *valuePrinter) appendArray(dst []byte, t *ir.Type, b []byte) []byte {
	el := t.Elem
	if el == nil || t.Len < 0 {
		return append(dst, "<malformed>"...)
	}
	es := typeSize(el)
	if es <= 0 || t.Len*es > len(b) {
		if t.Len == 0 {
			return append(dst, "{}"...)
		}
		return append(dst, "<malformed>"...)
	}
	if el.Kind == ir.KindChar && es == 1 {
		// A char array is a string: up to the first NUL, like gdb does with
		// `print null-stop on`.
		return appendQuoted(dst, trimNul(b[:t.Len]), '"')
	}
	dst = append(dst, '{')
	for i := 0; i < t.Len; {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if p.full(dst) {
			return append(dst, "...}"...)
		}
		p.elems++
		cur := b[i*es : (i+1)*es]
		run := 1
		for i+run < t.Len && string(b[(i+run)*es:(i+run+1)*es]) == string(cur) {
			run++
		}
		dst = p.appendValue(dst, el, cur)
		if run >= repeatThreshold {
			dst = append(dst, " <repeats "...)
			dst = strconv.AppendInt(dst, int64(run), 10)
			dst = append(dst, " times>"...)
			i += run
		} else {
			i++
		}
	}
	return append(dst, '}')
}

// appendStack prints a captured stack (ir/doc.go "Stacks") as bpftrace
// does: each frame on its own line after a tab, innermost first.
func (p *valuePrinter) appendStack(dst []byte, b []byte, mode ir.StackMode) []byte {
	if len(b) < 8 {
		return append(dst, "<malformed>"...)
	}
	for _, line := range p.stackLinesMode(b, mode) {
		dst = append(dst, '\n')
		dst = append(dst, framePrefix(mode)...) // stackmode.go
		dst = append(dst, line...)
	}
	return append(dst, '\n')
}

// stackLinesMode is stackLines in a stack mode (symbols.stackMode).
func (p *valuePrinter) stackLinesMode(b []byte, mode ir.StackMode) []string {
	n, ok := loadUint(b, 8)
	if !ok {
		return nil
	}
	if max := uint64(len(b)-8) / ir.StackFrameSize; n > max {
		n = max
	}
	return p.symbols.stackMode(stackFrames(b[8:], int(n)), mode)
}

// stackLines resolves the frames of a captured stack: a u64 count, then
// the frames.
func (p *valuePrinter) stackLines(b []byte) []string {
	n, ok := loadUint(b, 8)
	if !ok {
		return nil
	}
	if max := uint64(len(b)-8) / ir.StackFrameSize; n > max {
		n = max
	}
	return p.symbols.stack(stackFrames(b[8:], int(n)))
}

// appendBitfield prints member m, a bitfield whose storage starts at b[0].
func appendBitfield(dst []byte, m ir.Member, b []byte) []byte {
	u, ok := bitfieldBits(m, b)
	if !ok {
		return append(dst, "<malformed>"...)
	}
	t := m.Type
	if t != nil && t.Kind == ir.KindEnum {
		for _, e := range t.Enums {
			if uint64(e.Value)&(1<<m.BitSize-1) == u { // 1<<64 is 0: the mask is all ones
				return append(dst, e.Name...)
			}
		}
	}
	if t != nil && t.Kind == ir.KindBool {
		if u == 0 {
			return append(dst, "false"...)
		} else if u == 1 {
			return append(dst, "true"...)
		}
	}
	if bitfieldSigned(t) && m.BitSize < 64 {
		return strconv.AppendInt(dst, signExtendBits(u, m.BitSize), 10)
	}
	return strconv.AppendUint(dst, u, 10)
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

func appendInteger(dst []byte, t *ir.Type, b []byte) []byte {
	u, ok := loadUint(b, t.Size)
	if !ok {
		// __int128 and other odd sizes: the bytes as one hex number.
		if t.Size <= 0 || t.Size > len(b) {
			return append(dst, "<malformed>"...)
		}
		dst = append(dst, "0x"...)
		for i := t.Size - 1; i >= 0; i-- {
			dst = append(dst, hexDigits[b[i]>>4], hexDigits[b[i]&15])
		}
		return dst
	}
	if t.Kind == ir.KindInt {
		return strconv.AppendInt(dst, signExtend(u, t.Size), 10)
	}
	return strconv.AppendUint(dst, u, 10)
}

func appendEnum(dst []byte, t *ir.Type, b []byte) []byte {
	u, ok := loadUint(b, t.Size)
	if !ok {
		return append(dst, "<malformed>"...)
	}
	mask := ^uint64(0)
	if t.Size < 8 {
		mask = 1<<(8*t.Size) - 1
	}
	for _, e := range t.Enums {
		if uint64(e.Value)&mask == u {
			return append(dst, e.Name...)
		}
	}
	if enumSigned(t) {
		return strconv.AppendInt(dst, signExtend(u, t.Size), 10)
	}
	return strconv.AppendUint(dst, u, 10)
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

// decodeFloat decodes an IEEE float of 4 or 8 bytes, or an x87 80-bit
// long double stored in 10, 12 or 16 bytes (to float64, best-effort).
func decodeFloat(b []byte) (f float64, bits int, ok bool) {
	switch len(b) {
	case 4:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), 32, true
	case 8:
		return math.Float64frombits(binary.LittleEndian.Uint64(b)), 64, true
	case 10, 12, 16:
		mant := binary.LittleEndian.Uint64(b)
		se := binary.LittleEndian.Uint16(b[8:])
		exp := int(se & 0x7fff)
		neg := se&0x8000 != 0
		switch {
		case exp == 0x7fff && mant<<1 == 0:
			f = math.Inf(1)
		case exp == 0x7fff:
			f = math.NaN()
		case exp == 0:
			f = math.Ldexp(float64(mant), 1-16383-63)
		default:
			f = math.Ldexp(float64(mant), exp-16383-63)
		}
		if neg {
			f = -f
		}
		return f, 64, true
	}
	return 0, 0, false
}

// appendFloatValue prints a float as gdb does (%g with enough digits to
// read it back), using the shortest digits that round-trip.
func appendFloatValue(dst []byte, b []byte) []byte {
	f, bits, ok := decodeFloat(b)
	if !ok {
		return append(dst, "<malformed>"...)
	}
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	}
	e := strconv.AppendFloat(nil, f, 'e', -1, bits)
	x := 0
	for i := len(e) - 1; i >= 0; i-- {
		if e[i] == 'e' {
			x, _ = strconv.Atoi(string(e[i+1:]))
			break
		}
	}
	if x < -4 || x >= 17 {
		return append(dst, e...)
	}
	return strconv.AppendFloat(dst, f, 'f', -1, bits)
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

const hexDigits = "0123456789abcdef"

func appendHex(dst []byte, u uint64) []byte {
	dst = append(dst, "0x"...)
	return strconv.AppendUint(dst, u, 16)
}

func appendReadError(dst []byte, addr uint64) []byte {
	dst = append(dst, "<read error at "...)
	dst = appendHex(dst, addr)
	return append(dst, '>')
}

// appendQuoted writes s between quote characters with C escapes; valid
// UTF-8 passes through, other bytes become octal escapes as in gdb.
func appendQuoted(dst []byte, s []byte, quote byte) []byte {
	dst = append(dst, quote)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(s[i:])
			if r != utf8.RuneError || n > 1 {
				dst = append(dst, s[i:i+n]...)
				i += n
				continue
			}
		}
		i++
		switch c {
		case '\n':
			dst = append(dst, `\n`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\r':
			dst = append(dst, `\r`...)
		case 0:
			dst = append(dst, `\0`...)
		case '\\':
			dst = append(dst, `\\`...)
		case quote:
			dst = append(dst, '\\', c)
		default:
			if c < 0x20 || c >= 0x7f {
				dst = append(dst, '\\', '0'+c>>6, '0'+(c>>3)&7, '0'+c&7)
			} else {
				dst = append(dst, c)
			}
		}
	}
	return append(dst, quote)
}
