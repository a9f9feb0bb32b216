package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"
)

// funcCtx is the out-of-line function whose frame a pc is in: the owner of
// DW_AT_frame_base, and its entry for DW_OP_entry_value.
type funcCtx struct {
	entry       *dwarf.Entry
	lowPC       uint64
	prologueEnd uint64 // 0 when unknown
}

// env returns the expression decoding environment of u.
func (d *Debug) env(u *unit) exprEnv {
	return exprEnv{
		order:    d.order,
		addrSize: u.addrSize,
		bias:     d.bias,
		addr:     func(idx uint64) (uint64, error) { return d.debugAddr(u, idx) },
		baseType: func(off uint64) (baseType, error) { return d.baseTypeAt(u, off) },
	}
}

// DWARF base type encodings (DW_ATE_*, DWARF 5 section 7.8) that are
// integers (and ateUnsignedChar, ateUTF in rustchar.go).
const (
	ateAddress    = 0x1
	ateBoolean    = 0x2
	ateSigned     = 0x5
	ateSignedChar = 0x6
	ateUnsigned   = 0x7
)

// baseTypeAt reads the base type DIE at unit offset off of u.
func (d *Debug) baseTypeAt(u *unit, off uint64) (baseType, error) {
	e, err := d.entry(u.off + dwarf.Offset(off))
	if err != nil || e.Tag != dwarf.TagBaseType {
		return baseType{}, fmt.Errorf("DW_OP_convert: no base type at unit offset %#x", off)
	}
	size, _ := e.Val(dwarf.AttrByteSize).(int64)
	enc, _ := e.Val(dwarf.AttrEncoding).(int64)
	bt := baseType{size: int(size)}
	switch enc {
	case ateSigned, ateSignedChar:
		bt.signed = true
	case ateAddress, ateBoolean, ateUnsigned, ateUnsignedChar, ateUTF:
	default:
		bt.other = true
	}
	return bt, nil
}

// debugAddr reads entry idx of u's .debug_addr contribution.
func (d *Debug) debugAddr(u *unit, idx uint64) (uint64, error) {
	if err := d.load(u); err != nil {
		return 0, err
	}
	sec := d.section("addr")
	off := u.addrBase + idx*uint64(u.addrSize)
	if sec == nil || off+uint64(u.addrSize) > uint64(len(sec)) {
		return 0, fmt.Errorf(".debug_addr index %d out of range", idx)
	}
	if u.addrSize == 4 {
		return uint64(d.order.Uint32(sec[off:])), nil
	}
	return d.order.Uint64(sec[off:]), nil
}

// exprAt returns the expression of attribute field f (owned by a DIE of
// unit u) that applies at pc: the attribute's own expression, or the entry
// of its location list that covers pc. ok is false when no entry does.
// atEntry says pc is its function's entry, where an empty range starting
// there applies too: gcc's "entry PC record" (with location views), which
// gdb takes there (dwarf2_find_location_expression, gdb/dwarf2/loc.c).
func (d *Debug) exprAt(u *unit, f *dwarf.Field, pc uint64, atEntry bool) (expr []byte, ok bool, err error) {
	switch f.Class {
	case dwarf.ClassExprLoc, dwarf.ClassBlock:
		b, _ := f.Val.([]byte)
		return b, true, nil
	case dwarf.ClassLocListPtr:
		off, _ := f.Val.(int64)
		if u.version >= 5 {
			return d.loclistsAt(u, uint64(off), pc, atEntry)
		}
		return d.locAt(u, uint64(off), pc, atEntry)
	case dwarf.ClassLocList:
		var idx uint64
		switch v := f.Val.(type) { // debug/dwarf gives DW_FORM_loclistx as uint64
		case uint64:
			idx = v
		case int64:
			idx = uint64(v)
		}
		if err := d.load(u); err != nil {
			return nil, false, err
		}
		if !u.hasLLBase {
			return nil, false, errors.New("DW_FORM_loclistx without DW_AT_loclists_base")
		}
		sec := d.section("loclists")
		offSize := uint64(4) // TODO: DWARF64 location lists
		p := u.llBase + idx*offSize
		if sec == nil || p+offSize > uint64(len(sec)) {
			return nil, false, fmt.Errorf("location list index %d out of range", idx)
		}
		return d.loclistsAt(u, u.llBase+uint64(d.order.Uint32(sec[p:])), pc, atEntry)
	}
	return nil, false, fmt.Errorf("location of class %v", f.Class)
}

// locAt searches a DWARF 2-4 .debug_loc list.
func (d *Debug) locAt(u *unit, off, pc uint64, atEntry bool) ([]byte, bool, error) {
	if err := d.load(u); err != nil {
		return nil, false, err
	}
	sec := d.section("loc")
	if off >= uint64(len(sec)) {
		return nil, false, fmt.Errorf(".debug_loc offset %#x out of range", off)
	}
	r := &exprReader{b: sec[off:], order: d.order}
	asz := u.addrSize
	maxAddr := ^uint64(0)
	if asz == 4 {
		maxAddr = 0xffffffff
	}
	base := u.base
	for r.err == nil {
		lo, hi := r.fixed(asz), r.fixed(asz)
		if lo == 0 && hi == 0 {
			break
		}
		if lo == maxAddr {
			base = hi
			continue
		}
		n := r.fixed(2)
		expr := r.bytes(n)
		if base+lo <= pc && pc < base+hi || atEntry && lo == hi && base+lo == pc {
			return expr, true, r.err
		}
	}
	return nil, false, r.err
}

// DWARF 5 location list entry kinds.
const (
	lleEndOfList    = 0
	lleBaseAddressx = 1
	lleStartxEndx   = 2
	lleStartxLength = 3
	lleOffsetPair   = 4
	lleDefault      = 5
	lleBaseAddress  = 6
	lleStartEnd     = 7
	lleStartLength  = 8
	lleGNUViewPair  = 9
)

// loclistsAt searches a DWARF 5 .debug_loclists list.
func (d *Debug) loclistsAt(u *unit, off, pc uint64, atEntry bool) ([]byte, bool, error) {
	if err := d.load(u); err != nil {
		return nil, false, err
	}
	sec := d.section("loclists")
	if off >= uint64(len(sec)) {
		return nil, false, fmt.Errorf(".debug_loclists offset %#x out of range", off)
	}
	r := &exprReader{b: sec[off:], order: d.order}
	base := u.base
	var dflt []byte
	hasDflt := false
	addrx := func() uint64 {
		v, err := d.debugAddr(u, r.uleb())
		if err != nil && r.err == nil {
			r.err = err
		}
		return v
	}
	for r.err == nil {
		kind := r.u8()
		var lo, hi uint64
		switch kind {
		case lleEndOfList:
			if hasDflt {
				return dflt, true, r.err
			}
			return nil, false, r.err
		case lleBaseAddressx:
			base = addrx()
			continue
		case lleBaseAddress:
			base = r.fixed(u.addrSize)
			continue
		case lleGNUViewPair:
			r.uleb()
			r.uleb()
			continue
		case lleStartxEndx:
			lo = addrx()
			hi = addrx()
		case lleStartxLength:
			lo = addrx()
			hi = lo + r.uleb()
		case lleOffsetPair:
			lo = base + r.uleb()
			hi = base + r.uleb()
		case lleDefault:
		case lleStartEnd:
			lo, hi = r.fixed(u.addrSize), r.fixed(u.addrSize)
		case lleStartLength:
			lo = r.fixed(u.addrSize)
			hi = lo + r.uleb()
		default:
			return nil, false, fmt.Errorf("unknown location list entry %#x", kind)
		}
		expr := r.bytes(r.uleb())
		if kind == lleDefault {
			dflt, hasDflt = expr, true
			continue
		}
		if lo <= pc && pc < hi || atEntry && lo == hi && lo == pc {
			return expr, true, r.err
		}
	}
	return nil, false, r.err
}

// locate computes the location of variable e (a DIE of unit u) at pc
// inside function fn.
func (d *Debug) locate(e *dwarf.Entry, pc uint64, fn *funcCtx) Location {
	f, owner := d.attr(e, dwarf.AttrLocation)
	if f == nil {
		if cv, cowner := d.attr(e, dwarf.AttrConstValue); cv != nil {
			return d.constLocation(cv, cowner)
		}
		return unavailable(ReasonOptimizedOut)
	}
	u := d.unitOf(owner.Offset)
	if u == nil {
		return unavailable("DIE outside any unit")
	}
	expr, ok, err := d.exprAt(u, f, pc, fn != nil && pc == fn.lowPC)
	if err != nil {
		return unavailable(err.Error())
	}
	if !ok || len(expr) == 0 {
		return unavailable(ReasonOptimizedOut)
	}
	pieces, err := decodeExpr(expr, d.env(u))
	if err != nil {
		loc := unavailable(err.Error())
		var un errUnsupported
		loc.Unsupported = errors.As(err, &un)
		return loc
	}
	loc := Location{Pieces: pieces}
	for i := range loc.Pieces {
		p := &loc.Pieces[i]
		if p.Kind == PieceUndefined || p.Kind == PieceImplicit {
			continue
		}
		ops, err := d.resolve(p.Expr, pc, fn, &loc)
		if err != nil {
			return unavailable(err.Error())
		}
		p.Ops = fold(ops)
		if p.Kind == PieceValue {
			p.Ops = p.Ops[:len(p.Ops)-1] // the stack_value marker
		}
	}
	if !loc.Available() {
		loc.Reason = ReasonPartial
		if len(loc.Pieces) == 1 {
			return unavailable(ReasonOptimizedOut)
		}
	}
	return loc
}

// constLocation turns DW_AT_const_value into an implicit value.
func (d *Debug) constLocation(f *dwarf.Field, owner *dwarf.Entry) Location {
	switch v := f.Val.(type) {
	case int64:
		size := 8
		if t, err := d.typeOf(owner); err == nil && t.Size() > 0 && t.Size() <= 8 {
			size = int(t.Size())
		}
		b := make([]byte, 8)
		d.order.PutUint64(b, uint64(v))
		if d.order.Uint16([]byte{1, 0}) != 1 { // big-endian: keep the low bytes
			b = b[8-size:]
		} else {
			b = b[:size]
		}
		return Location{Pieces: []Piece{{Kind: PieceImplicit, Data: b, Expr: []LocOp{{Kind: LocImplicitValue, Data: b}}}}}
	case []byte:
		return Location{Pieces: []Piece{{Kind: PieceImplicit, Data: v, Expr: []LocOp{{Kind: LocImplicitValue, Data: v}}}}}
	}
	return unavailable("DW_AT_const_value of class " + f.Class.String())
}

// resolve replaces frame base, CFA and entry value operations by what they
// are at pc.
func (d *Debug) resolve(ops []LocOp, pc uint64, fn *funcCtx, loc *Location) ([]LocOp, error) {
	var out []LocOp
	for _, o := range ops {
		switch o.Kind {
		case LocFbreg:
			fb, err := d.frameBase(pc, fn, loc)
			if err != nil {
				return nil, err
			}
			out = append(out, fb...)
			out = append(out, LocOp{Kind: LocPlusConst, Offset: o.Offset})
		case LocCFA:
			cfa, err := d.cfaAt(pc)
			if err != nil {
				return nil, err
			}
			loc.CFA = &cfa
			out = append(out, LocOp{Kind: LocBreg, Reg: cfa.Reg, Offset: cfa.Offset})
		case LocEntryValue:
			// At the function's entry the registers still hold what the
			// caller passed: DW_OP_entry_value(DW_OP_regN) is regN.
			// Past it, the callers' call sites say (callsites.go).
			if fn == nil || len(o.Sub) != 1 || o.Sub[0].Kind != LocReg {
				return nil, errors.New("entry value (DW_OP_entry_value) not recoverable at this pc")
			}
			if pc == fn.lowPC {
				out = append(out, LocOp{Kind: LocBreg, Reg: o.Sub[0].Reg})
				break
			}
			ops, n, err := d.entryValue(o.Sub[0].Reg, pc, fn)
			if err != nil {
				return nil, err
			}
			loc.Callers = n
			out = append(out, ops...)
		default:
			out = append(out, o)
		}
	}
	return out, nil
}

// frameBase returns the ops that push fn's frame base at pc.
func (d *Debug) frameBase(pc uint64, fn *funcCtx, loc *Location) ([]LocOp, error) {
	if fn == nil {
		return nil, errors.New("DW_OP_fbreg outside a function")
	}
	f, owner := d.attr(fn.entry, dwarf.AttrFrameBase)
	if f == nil {
		return nil, errors.New("DW_OP_fbreg in a function without DW_AT_frame_base")
	}
	u := d.unitOf(owner.Offset)
	expr, ok, err := d.exprAt(u, f, pc, pc == fn.lowPC)
	if err != nil {
		return nil, fmt.Errorf("frame base: %w", err)
	}
	if !ok || len(expr) == 0 {
		return nil, errors.New("frame base not available at this pc")
	}
	pieces, err := decodeExpr(expr, d.env(u))
	if err != nil {
		return nil, fmt.Errorf("frame base: %w", err)
	}
	if len(pieces) != 1 {
		return nil, errors.New("frame base in pieces")
	}
	p := pieces[0]
	if len(p.Expr) != 1 || p.Expr[0].Kind != LocCFA {
		loc.FrameBase = opsString(p.Expr)
	}
	for _, o := range p.Expr {
		if o.Kind == LocFbreg || o.Kind == LocEntryValue {
			return nil, errors.New("frame base refers to itself or to an entry value")
		}
	}
	switch p.Kind {
	case PieceReg:
		return []LocOp{{Kind: LocBreg, Reg: p.Expr[0].Reg}}, nil
	case PieceMemory:
		return d.resolve(p.Expr, pc, fn, loc)
	case PieceValue:
		ops, err := d.resolve(p.Expr, pc, fn, loc)
		if err != nil {
			return nil, err
		}
		return ops[:len(ops)-1], nil
	}
	return nil, errors.New("frame base is not an address")
}

// fold merges constant offsets into the op before them: breg7+16
// plus_const -20 becomes breg7-4.
func fold(ops []LocOp) []LocOp {
	out := make([]LocOp, 0, len(ops))
	for _, o := range ops {
		n := len(out)
		if n > 0 {
			prev := &out[n-1]
			add := int64(0)
			isAdd := false
			switch {
			case o.Kind == LocPlusConst:
				add, isAdd = o.Offset, true
			case o.Kind == LocAdd && n >= 2 && prev.Kind == LocConst:
				// y const c plus → y+c
				c := int64(prev.Value)
				out = out[:n-1]
				n--
				prev = &out[n-1]
				add, isAdd = c, true
				if prev.Kind != LocBreg && prev.Kind != LocAddr {
					out = append(out, LocOp{Kind: LocPlusConst, Offset: c})
					continue
				}
			}
			if isAdd {
				switch prev.Kind {
				case LocBreg:
					prev.Offset += add
					continue
				case LocAddr:
					prev.Value += uint64(add)
					continue
				case LocPlusConst:
					prev.Offset += add
					continue
				case LocConst:
					prev.Value += uint64(add)
					continue
				}
			}
		}
		out = append(out, o)
	}
	return out
}
