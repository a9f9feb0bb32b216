package output

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// Decoder turns record and map bytes into Values with the layouts of one
// program. It trusts nothing in the bytes: every offset is checked, and
// what does not fit its layout decodes as Malformed, never a panic. Its
// buffers are reused: the Values of one call are valid until the next.
type Decoder struct {
	prog *ir.Program
	// Stacks returns the frames of a gs_stacks id (a stack map key); nil
	// means none can be read.
	Stacks func(id uint64) ([]symbolize.Frame, bool)

	vals   []Value // the elements of composite values
	frames []symbolize.Frame
	rec    Record
	keys   []Value
}

// NewDecoder returns a decoder of prog's records and maps.
func NewDecoder(prog *ir.Program) *Decoder { return &Decoder{prog: prog} }

// Record is a checked and decoded record: its event and probe exist, and
// Fields holds the value of each of the event's fields, in order.
type Record struct {
	Event  *ir.Event
	Probe  *ir.Probe
	Fields []Value
}

// reset starts a new call: the previous call's values become invalid.
func (d *Decoder) reset() {
	d.vals = d.vals[:0]
	d.frames = d.frames[:0]
}

// alloc returns n values from the buffer. A full buffer is replaced, not
// grown, so the values already handed out stay where they are.
func (d *Decoder) alloc(n int) []Value {
	if len(d.vals)+n > cap(d.vals) {
		d.vals = make([]Value, 0, max(2*cap(d.vals), n, 64))
	}
	s := d.vals[len(d.vals) : len(d.vals)+n : len(d.vals)+n]
	d.vals = d.vals[:len(d.vals)+n]
	return s
}

// Record checks raw's header and field layout and decodes its fields. A
// record that does not fit its event is an error.
func (d *Decoder) Record(raw []byte) (*Record, error) {
	if len(raw) < ir.RecordHdr {
		return nil, fmt.Errorf("malformed record: %d bytes, shorter than its header", len(raw))
	}
	evID := binary.LittleEndian.Uint32(raw)
	probeID := binary.LittleEndian.Uint32(raw[4:])
	if uint64(evID) >= uint64(len(d.prog.Events)) {
		return nil, fmt.Errorf("malformed record: event %d does not exist (%d events)", evID, len(d.prog.Events))
	}
	if uint64(probeID) >= uint64(len(d.prog.Probes)) {
		return nil, fmt.Errorf("malformed record: probe %d does not exist (%d probes)", probeID, len(d.prog.Probes))
	}
	ev := &d.prog.Events[evID]
	for i := range ev.Fields {
		f := &ev.Fields[i]
		if f.Unavailable {
			continue
		}
		n := f.Type.RecordSize()
		if f.Type == nil || f.Offset < 0 || n < 0 || f.Offset+n > len(raw) {
			return nil, fmt.Errorf("malformed record: event %d field %q [%d, %d) is outside the record's %d bytes",
				evID, f.Name, f.Offset, f.Offset+n, len(raw))
		}
		if f.Status >= 0 && f.Status+ir.StatusSize > len(raw) {
			return nil, fmt.Errorf("malformed record: event %d field %q status at %d is outside the record's %d bytes",
				evID, f.Name, f.Status, len(raw))
		}
	}
	d.reset()
	r := &d.rec
	r.Event, r.Probe = ev, &d.prog.Probes[probeID]
	r.Fields = slices.Grow(r.Fields[:0], len(ev.Fields))[:len(ev.Fields)]
	for i := range ev.Fields {
		d.field(&r.Fields[i], &ev.Fields[i], raw)
	}
	return r, nil
}

// field decodes a checked field of raw: its status slot first.
func (d *Decoder) field(v *Value, f *ir.Field, raw []byte) {
	if f.Unavailable {
		*v = Value{Kind: OptimizedOut, Type: f.Type, NotEvaluated: f.NotEvaluated}
		return
	}
	if f.Status >= 0 {
		if st := binary.LittleEndian.Uint64(raw[f.Status:]); st != ir.StatusOK {
			*v = Value{Kind: Failed, Type: f.Type, Status: st, U: binary.LittleEndian.Uint64(raw[f.Status+8:])}
			if st == ir.StatusReadError && v.U == ir.AddrUnavailable {
				*v = Value{Kind: OptimizedOut, Type: f.Type} // no location at run time
			}
			return
		}
	}
	d.value(v, f.Type, raw[f.Offset:f.Offset+f.Type.RecordSize()])
}

// Value decodes one value of type t from b, outside a record (a map's
// value).
func (d *Decoder) Value(t *ir.Type, b []byte) Value {
	d.reset()
	var v Value
	d.value(&v, t, b)
	return v
}

// Keys decodes the key values of map m from key, one Value each (none for
// a map without keys). Stack keys are gs_stacks ids (Stacks).
func (d *Decoder) Keys(m *ir.Map, key []byte) []Value {
	d.reset()
	d.keys = d.keys[:0]
	for i, t := range m.Keys {
		d.keys = append(d.keys, Value{})
		d.key(&d.keys[i], m, i, t, key)
	}
	return d.keys
}

// key decodes key value i of m.
func (d *Decoder) key(v *Value, m *ir.Map, i int, t *ir.Type, key []byte) {
	if i >= len(m.KeyOffsets) || t == nil {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	off, n := m.KeyOffsets[i], t.RecordSize()
	if off < 8 || n <= 0 || off+n > len(key) {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	d.value(v, t, key[off:off+n])
}

// stackID decodes a KindStack value that is a gs_stacks id (Type.StackID).
func (d *Decoder) stackID(v *Value, t *ir.Type, id uint64) {
	var frs []symbolize.Frame
	ok := false
	if id != ir.StackIDNone && d.Stacks != nil {
		frs, ok = d.Stacks(id)
	}
	if t.Len > 0 && len(frs) > t.Len {
		frs = frs[:t.Len]
	}
	*v = Value{Kind: Stack, Type: t, Frames: frs, Missing: !ok}
}

// probeName decodes a KindFunc or KindProbe value: the id of the probe
// that took it.
func (d *Decoder) probeName(v *Value, t *ir.Type, id uint64) {
	switch {
	case id >= uint64(len(d.prog.Probes)):
		*v = Value{Kind: Name, Type: t, Name: fmt.Sprintf("<probe %d>", id)}
	case t.Kind == ir.KindFunc:
		*v = Value{Kind: Name, Type: t, Name: d.prog.Probes[id].Func}
	default:
		*v = Value{Kind: Name, Type: t, Name: d.prog.Probes[id].Name}
	}
}

// value decodes the value of type t whose bytes are b. b holds at least
// t.RecordSize() bytes unless the program is inconsistent (Malformed); a
// struct's member may reach past its struct's own bytes (see member).
func (d *Decoder) value(v *Value, t *ir.Type, b []byte) {
	if t == nil || t.RecordSize() > len(b) {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	*v = Value{Type: t}
	switch t.Kind {
	case ir.KindInt, ir.KindUint:
		u, ok := loadUint(b, t.Size)
		switch {
		case !ok && (t.Size <= 0 || t.Size > len(b)):
			*v = Value{Kind: Malformed, Type: t}
			return
		case !ok:
			v.Kind, v.Text = Big, b[:t.Size]
		case t.Kind == ir.KindInt:
			v.Kind, v.U, v.Signed = Int, uint64(signExtend(u, t.Size)), true
		default:
			v.Kind, v.U = Uint, u
		}
	case ir.KindBool:
		u, ok := loadUint(b, t.Size)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind, v.U = Bool, u
	case ir.KindChar:
		if len(b) < 1 {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		u, ok := loadUint(b, t.Size)
		if !ok {
			u = uint64(b[0])
		}
		v.Kind, v.U = Char, u
		if !t.Unsigned {
			v.U, v.Signed = uint64(signExtend(u, max(t.Size, 1))), true
		}
	case ir.KindPointer:
		u, ok := loadUint(b, t.Size)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind, v.U = Pointer, u
	case ir.KindTime, ir.KindErrno, ir.KindInet, ir.KindSymbol, ir.KindCgroupPath, ir.KindContainer, ir.KindUser, ir.KindMac, ir.KindSignal:
		u, ok := loadUint(b, 8)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind, v.U = wordKinds[t.Kind], u
	case ir.KindBuf:
		if len(b) < ir.StrHeader {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind = Buf
		n := int(binary.LittleEndian.Uint16(b))
		if b[2]&ir.StrFault != 0 {
			v.Fault, v.U = true, binary.LittleEndian.Uint64(b[8:])
			break
		}
		text := b[ir.StrHeader:]
		v.Text = text[:min(n, t.Cap, len(text))]
	case ir.KindString:
		if len(b) < ir.StrHeader {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind = String
		n := int(binary.LittleEndian.Uint16(b))
		flags := b[2]
		if flags&ir.StrFault != 0 {
			v.Fault, v.U = true, binary.LittleEndian.Uint64(b[8:])
			break
		}
		text := b[ir.StrHeader:]
		if t.Cap < len(text) {
			text = text[:max(t.Cap, 0)]
		}
		if n < len(text) {
			text = text[:n]
		}
		v.Text, v.Truncated = trimNul(text), flags&ir.StrTruncated != 0
	case ir.KindComm:
		v.Kind, v.Text = Comm, trimNul(b[:t.RecordSize()])
	case ir.KindFunc, ir.KindProbe:
		u, ok := loadUint(b, 8)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		d.probeName(v, t, u)
	case ir.KindEnum:
		u, ok := loadUint(b, t.Size)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		mask := ^uint64(0)
		if t.Size < 8 {
			mask = 1<<(8*t.Size) - 1
		}
		v.Kind, v.U = Enum, u
		for _, e := range t.Enums {
			if uint64(e.Value)&mask == u {
				v.Name = e.Name
				break
			}
		}
		if enumSigned(t) {
			v.U, v.Signed = uint64(signExtend(u, t.Size)), true
		}
	case ir.KindFloat:
		f, bits, ok := decodeFloat(b[:t.Size])
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		v.Kind, v.F, v.Bits, v.Text = Float, f, bits, b[:t.Size]
	case ir.KindStruct, ir.KindUnion:
		v.Kind, v.Members = Struct, t.Members
		v.Elems = d.members(t.Members, b)
	case ir.KindVariants:
		d.variant(v, t, b)
		return
	case ir.KindTuple:
		v.Kind, v.Members = Tuple, t.Members
		v.Elems = d.alloc(len(t.Members))
		for i, m := range t.Members {
			end := m.Offset + m.Type.RecordSize()
			if m.Type == nil || m.Offset < 0 || end > len(b) {
				v.Elems[i] = Value{Kind: Malformed, Type: m.Type}
				continue
			}
			d.value(&v.Elems[i], m.Type, b[m.Offset:end])
		}
	case ir.KindArray:
		d.array(v, t, b)
		return
	case ir.KindSeq:
		d.seq(v, t, b)
		return
	case ir.KindStack:
		b = b[:t.Size]
		n, ok := loadUint(b, 8)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		if t.StackID {
			d.stackID(v, t, n)
			return
		}
		if max := uint64(len(b)-8) / ir.StackFrameSize; n > max {
			n = max
		}
		start := len(d.frames)
		d.frames = appendFrames(d.frames, b[8:], int(n))
		v.Kind, v.Frames = Stack, d.frames[start:len(d.frames):len(d.frames)]
	default:
		*v = Value{Kind: Malformed, Type: t}
		return
	}
}

// wordKinds are the kinds of the values that are one 8-byte word.
var wordKinds = map[ir.TypeKind]Kind{ir.KindTime: Time, ir.KindErrno: Errno, ir.KindInet: Inet, ir.KindSymbol: Symbol,
	ir.KindCgroupPath: CgroupPath, ir.KindContainer: Container, ir.KindUser: User, ir.KindMac: Mac, ir.KindSignal: Signal}

// members decodes the members ms of a struct or variant whose bytes are b.
func (d *Decoder) members(ms []ir.Member, b []byte) []Value {
	vs := d.alloc(len(ms))
	for i, m := range ms {
		d.member(&vs[i], m, b)
	}
	return vs
}

// member decodes member m of the value whose bytes are b. The member is
// given the bytes from its start to the end of b, not only its own, so
// that the members of a struct it holds reach what was read for them
// after the struct's bytes (an ir.Member.Offset past the end of their
// struct: sema/outofline.go). Its status slot, if it has one
// (ir.Member.Status), comes first.
func (d *Decoder) member(v *Value, m ir.Member, b []byte) {
	if m.Offset < 0 || m.Offset > len(b) {
		*v = Value{Kind: Malformed, Type: m.Type}
		return
	}
	if m.Status != 0 {
		if m.Status < 0 || m.Status+ir.StatusSize > len(b) {
			*v = Value{Kind: Malformed, Type: m.Type}
			return
		}
		if st, _ := loadUint(b[m.Status:], 8); st == ir.StatusReadError {
			addr, _ := loadUint(b[m.Status+8:], 8)
			*v = Value{Kind: Failed, Type: m.Type, Status: st, U: addr}
			return
		}
	}
	if m.BitSize > 0 {
		bitfield(v, m, b[m.Offset:])
		return
	}
	if m.Type == nil || m.Offset+m.Type.RecordSize() > len(b) {
		*v = Value{Kind: Malformed, Type: m.Type}
		return
	}
	d.value(v, m.Type, b[m.Offset:])
}

// bitfield decodes member m, a bitfield whose storage starts at b[0]: an
// Int or Uint, a Bool when it is 0 or 1, an Enum.
func bitfield(v *Value, m ir.Member, b []byte) {
	t := m.Type
	end := m.BitOffset + m.BitSize
	if m.BitOffset < 0 || m.BitSize > 64 || end > 8*len(b) || end > 128 {
		*v = Value{Kind: Malformed, Type: t}
		return
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
	*v = Value{Kind: Uint, Type: t, U: u}
	signed := t != nil && (t.Kind == ir.KindInt || t.Kind == ir.KindChar && !t.Unsigned)
	switch {
	case t != nil && t.Kind == ir.KindEnum:
		v.Kind = Enum
		for _, e := range t.Enums {
			if uint64(e.Value)&(1<<m.BitSize-1) == u { // 1<<64 is 0: the mask is all ones
				v.Name = e.Name
				break
			}
		}
		signed = enumSigned(t)
	case t != nil && t.Kind == ir.KindBool && u <= 1:
		v.Kind = Bool
		return
	}
	if signed && m.BitSize < 64 {
		if v.Kind == Uint {
			v.Kind = Int
		}
		v.U, v.Signed = uint64(int64(u<<(64-m.BitSize))>>(64-m.BitSize)), true
	}
}

// variant decodes the variant of t that its discriminant selects.
func (d *Decoder) variant(v *Value, t *ir.Type, b []byte) {
	*v = Value{Kind: Variant, Type: t}
	var def *ir.Variant
	for i := range t.Variants {
		if t.Variants[i].Default {
			def = &t.Variants[i]
		}
	}
	sel := def
	if t.Discr != nil {
		off := t.Discr.Offset
		if off < 0 || t.Discr.Type == nil || off > len(b) {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		u, ok := loadUint(b[off:], t.Discr.Type.Size)
		if !ok {
			*v = Value{Kind: Malformed, Type: t}
			return
		}
		for i := range t.Variants {
			if w := &t.Variants[i]; !w.Default && w.Value == u {
				sel = w
				break
			}
		}
		if sel == nil {
			v.Invalid, v.U = true, u
			return
		}
	}
	if sel == nil {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	v.Name, v.Members, v.Choice = sel.Name, sel.Members, sel
	v.Elems = d.members(sel.Members, b)
}

// array decodes a fixed array: a char array as its text up to the first
// NUL (gdb's `print null-stop on`), others as runs of equal elements.
func (d *Decoder) array(v *Value, t *ir.Type, b []byte) {
	el := t.Elem
	if el == nil || t.Len < 0 {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	es := el.RecordSize()
	if es <= 0 || t.Len*es > len(b) {
		if t.Len == 0 {
			*v = Value{Kind: Array, Type: t}
			return
		}
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	if el.Kind == ir.KindChar && es == 1 {
		*v = Value{Kind: Chars, Type: t, Text: trimNul(b[:t.Len])}
		return
	}
	runs, end := 0, 0
	for end < t.Len && runs < maxDecoded {
		end += runLen(b, end, t.Len, es)
		runs++
	}
	*v = Value{Kind: Array, Type: t, Elems: d.alloc(runs), More: end < t.Len}
	j := 0
	for i := 0; i < end; j++ {
		n := runLen(b, i, t.Len, es)
		d.value(&v.Elems[j], el, b[i*es:(i+1)*es])
		v.Elems[j].Repeat = n
		i += n
	}
}

// maxDecoded is how many elements (runs) of an array or sequence are
// decoded: one more than a walker writes (MaxValueElems), so that it cuts
// the value before it needs one that was not decoded.
const maxDecoded = MaxValueElems + 1

// runLen is how many elements from i on equal element i.
func runLen(b []byte, i, n, es int) int {
	cur := b[i*es : (i+1)*es]
	run := 1
	for i+run < n && string(b[(i+run)*es:(i+run+1)*es]) == string(cur) {
		run++
	}
	return run
}

// seq decodes a counted sequence (ir.KindSeq): its elements, then the
// count the program had in the last 8 bytes.
func (d *Decoder) seq(v *Value, t *ir.Type, b []byte) {
	if t.Elem == nil || t.Size < 8 || t.Len < 0 {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	es := t.Elem.RecordSize()
	count, ok := loadUint(b[t.Size-8:t.Size], 8)
	if !ok || es <= 0 || t.Len*es > t.Size-8 {
		*v = Value{Kind: Malformed, Type: t}
		return
	}
	n := t.Len
	if count <= uint64(t.Len) {
		n = int(count)
	}
	*v = Value{Kind: Seq, Type: t, U: count, More: count > uint64(t.Len), Elems: d.alloc(min(n, maxDecoded))}
	for i := range v.Elems {
		d.value(&v.Elems[i], t.Elem, b[i*es:(i+1)*es])
	}
}

// StackFrames decodes up to n build-id frames (ir/doc.go "Stacks"); an
// empty frame ends the stack.
func StackFrames(b []byte, n int) []symbolize.Frame { return appendFrames(nil, b, n) }

func appendFrames(out []symbolize.Frame, b []byte, n int) []symbolize.Frame {
	for i := 0; i < n && (i+1)*ir.StackFrameSize <= len(b); i++ {
		fb := b[i*ir.StackFrameSize:][:ir.StackFrameSize]
		var fr symbolize.Frame
		switch int32(binary.LittleEndian.Uint32(fb)) {
		case ir.StackFrameValid:
			fr.HasBuildID = true
			copy(fr.BuildID[:], fb[ir.StackFrameBuildID:ir.StackFrameAddr])
			fr.Offset = binary.LittleEndian.Uint64(fb[ir.StackFrameAddr:])
		case ir.StackFrameIP:
			fr.IP = binary.LittleEndian.Uint64(fb[ir.StackFrameAddr:])
		default:
			return out
		}
		out = append(out, fr)
	}
	return out
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
