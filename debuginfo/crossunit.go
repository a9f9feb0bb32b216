package debuginfo

import (
	"debug/dwarf"
	"debug/elf"
	"sort"
)

// Copies of a function in units other than the one that names it.
//
// Link-time optimization writes a function's code apart from the DIE that
// names it. gcc keeps each source file's early debug info in a unit of its
// own (the abstract DIE: name, parameters, types, no code) and writes the
// out-of-line copy and every inlined copy in the LTRANS units, which refer
// to the abstract DIE by DW_FORM_ref_addr. clang's ThinLTO does the same for
// a function imported into another module, and dwz moves shared DIEs into
// partial units that other units refer to (and import, DW_TAG_imported_unit).
// A unit that only inlines a function has no top-level DIE of its name, so
// neither the top-level scan nor an accelerator table leads to it.
//
// Such a unit says so in its abbreviations: a DW_AT_abstract_origin or
// DW_AT_specification of form DW_FORM_ref_addr. Those units are scanned
// once, raw (no DIE is decoded: each attribute is skipped by its form),
// for the function DIEs they refer to in other units; a lookup by name then
// walks in full only the units that refer to the name's DIEs. A binary
// built without LTO has no such unit and pays nothing.

// The DWARF codes read here (DWARF 5, 7.5.3 to 7.5.6).
const (
	tagSubprogram        = 0x2e
	tagInlinedSubroutine = 0x1d
	attrAbstractOrigin   = 0x31
	attrSpecification    = 0x47
	formRefAddr          = 0x10
	formIndirect         = 0x16
	formImplicitConst    = 0x21
)

// Sizes of attribute values by form, for skipping them: a byte count, or
// one of the encodings below. DWARF 5, table 7.6 (DW_FORM_addr 0x01 to
// DW_FORM_addrx4 0x2c), and the GNU forms of gcc's include/dwarf2.def
// (Fission's DW_FORM_GNU_addr_index and _str_index; dwz's _ref_alt and
// _strp_alt). TestFormSizes checks the table against debug/dwarf's reading
// of this machine's compilers' output.
const (
	szULEB     = -1 - iota // an unsigned LEB128
	szSLEB                 // a signed LEB128
	szString               // NUL-terminated
	szBlock                // ULEB128 length, then the bytes
	szBlock1               // 1-byte length
	szBlock2               // 2-byte length
	szBlock4               // 4-byte length
	szOffset               // 4 bytes, 8 in DWARF64
	szAddr                 // the unit's address size
	szRefAddr              // an offset; an address in DWARF 2
	szIndirect             // ULEB128 form, then a value of it
	szUnknown  = 0
	szNone     = 100 // no bytes (flag_present, implicit_const)
)

var formSizes = map[uint64]int{
	0x01: szAddr, 0x03: szBlock2, 0x04: szBlock4, 0x05: 2, 0x06: 4, 0x07: 8, 0x08: szString,
	0x09: szBlock, 0x0a: szBlock1, 0x0b: 1, 0x0c: 1, 0x0d: szSLEB, 0x0e: szOffset, 0x0f: szULEB,
	0x10: szRefAddr, 0x11: 1, 0x12: 2, 0x13: 4, 0x14: 8, 0x15: szULEB, 0x16: szIndirect,
	0x17: szOffset, 0x18: szBlock, 0x19: szNone, 0x1a: szULEB, 0x1b: szULEB, 0x1c: 4,
	0x1d: szOffset, 0x1e: 16, 0x1f: szOffset, 0x20: 8, 0x21: szNone, 0x22: szULEB, 0x23: szULEB,
	0x24: 8, 0x25: 1, 0x26: 2, 0x27: 3, 0x28: 4, 0x29: 1, 0x2a: 2, 0x2b: 3, 0x2c: 4,
	0x1f01: szULEB, 0x1f02: szULEB, 0x1f20: szOffset, 0x1f21: szOffset,
}

// abbrevDecl is one abbreviation: a DIE's tag, whether it has children,
// and its attributes' names and forms.
type abbrevDecl struct {
	tag      uint64
	children bool
	attrs    [][2]uint64
}

// abbrevTable is a unit's abbreviations, and whether they let a function
// DIE refer to another unit.
type abbrevTable struct {
	decls map[uint64]*abbrevDecl
	cross bool
}

// abbrevs reads (and caches) the abbreviation table at off.
func (d *Debug) abbrevs(off uint64) *abbrevTable {
	if t, ok := d.abbrevTabs[off]; ok {
		return t
	}
	t := &abbrevTable{decls: map[uint64]*abbrevDecl{}}
	if d.abbrevTabs == nil {
		d.abbrevTabs = map[uint64]*abbrevTable{}
	}
	d.abbrevTabs[off] = t
	sec := d.section("abbrev")
	if off >= uint64(len(sec)) {
		return t
	}
	r := &exprReader{b: sec[off:], order: d.order}
	for r.err == nil && len(r.b) > 0 {
		code := r.uleb()
		if code == 0 { // the table's end
			break
		}
		a := &abbrevDecl{tag: r.uleb(), children: r.u8() != 0}
		for r.err == nil {
			at, form := r.uleb(), r.uleb()
			if at == 0 && form == 0 {
				break
			}
			if form == formImplicitConst {
				r.sleb()
			}
			if (form == formRefAddr || form == formIndirect) && (at == attrAbstractOrigin || at == attrSpecification) {
				t.cross = true
			}
			a.attrs = append(a.attrs, [2]uint64{at, form})
		}
		t.decls[code] = a
	}
	return t
}

// crossIndex maps a function DIE to the units that refer to it from
// outside its own unit; all holds the units whose DIEs could not be
// scanned (an unknown form), which may refer to any.
type crossIndex struct {
	refs map[dwarf.Offset][]*unit
	all  []*unit
}

// crossRefs scans, once, every unit whose abbreviations refer across
// units; nil when there is none.
func (d *Debug) crossRefs() *crossIndex {
	if d.xrefDone {
		return d.xref
	}
	d.xrefDone = true
	for _, u := range d.units {
		if !d.abbrevs(u.abbrev).cross {
			continue
		}
		if d.xref == nil {
			d.xref = &crossIndex{refs: map[dwarf.Offset][]*unit{}}
		}
		if !d.scanCross(u, d.xref) {
			d.xref.all = append(d.xref.all, u)
		}
	}
	return d.xref
}

// unitBytes returns the bytes of u, header included; nil when the
// header does not fit.
func (d *Debug) unitBytes(u *unit) []byte {
	if u.end <= u.die || u.die < u.off {
		return nil
	}
	if s := d.elf.Section(".debug_info"); s != nil && s.Type != elf.SHT_NOBITS && s.Flags&elf.SHF_COMPRESSED == 0 {
		if _, cached := d.secs["info"]; !cached {
			b := make([]byte, u.end-u.off)
			if _, err := s.ReadAt(b, int64(u.off)); err != nil {
				return nil
			}
			return b
		}
	}
	all := d.section("info")
	if uint64(u.end) > uint64(len(all)) {
		return nil
	}
	return all[u.off:u.end]
}

// scanCross records in x the function DIEs of other units that the
// subprograms and inlined subroutines of u refer to. It reports false
// when it could not read u to its end.
func (d *Debug) scanCross(u *unit, x *crossIndex) bool {
	b := d.unitBytes(u)
	if b == nil {
		return false
	}
	tab := d.abbrevs(u.abbrev)
	r := &exprReader{b: b[u.die-u.off:], order: d.order}
	offSize := 4
	if u.dwarf64 {
		offSize = 8
	}
	depth := 0
	for len(r.b) > 0 {
		code := r.uleb()
		if r.err != nil {
			return false
		}
		if code == 0 {
			if depth--; depth <= 0 {
				return true // the unit DIE's children end
			}
			continue
		}
		a := tab.decls[code]
		if a == nil {
			return false
		}
		fn := a.tag == tagSubprogram || a.tag == tagInlinedSubroutine
		for _, af := range a.attrs {
			at, form := af[0], af[1]
			if form == formIndirect {
				form = r.uleb()
			}
			if fn && form == formRefAddr && (at == attrAbstractOrigin || at == attrSpecification) {
				var ref dwarf.Offset
				if u.version <= 2 {
					ref = dwarf.Offset(r.fixed(u.addrSize))
				} else {
					ref = dwarf.Offset(r.fixed(offSize))
				}
				if ref < u.off || ref >= u.end {
					if l := x.refs[ref]; len(l) == 0 || l[len(l)-1] != u {
						x.refs[ref] = append(l, u)
					}
				}
				continue
			}
			if !skipForm(r, form, u, offSize) {
				return false
			}
		}
		if r.err != nil {
			return false
		}
		if a.children {
			depth++
		} else if depth == 0 {
			return true // a unit DIE without children
		}
	}
	return true
}

// skipForm skips one value of form; false for a form it does not know.
func skipForm(r *exprReader, form uint64, u *unit, offSize int) bool {
	sz, ok := formSizes[form]
	if !ok {
		return false
	}
	switch sz {
	case szULEB:
		r.uleb()
	case szSLEB:
		r.sleb()
	case szString:
		for len(r.b) > 0 && r.b[0] != 0 {
			r.b = r.b[1:]
		}
		r.u8()
	case szBlock:
		r.bytes(r.uleb())
	case szBlock1:
		r.bytes(r.fixed(1))
	case szBlock2:
		r.bytes(r.fixed(2))
	case szBlock4:
		r.bytes(r.fixed(4))
	case szOffset:
		r.bytes(uint64(offSize))
	case szAddr:
		r.bytes(uint64(u.addrSize))
	case szRefAddr:
		if u.version <= 2 {
			r.bytes(uint64(u.addrSize))
		} else {
			r.bytes(uint64(offSize))
		}
	case szIndirect:
		return skipForm(r, r.uleb(), u, offSize)
	case szNone:
	default:
		r.bytes(uint64(sz))
	}
	return r.err == nil
}

// crossUnitsFor returns the units that refer across units to the
// function DIEs named by any of keys in units, and to the copies found
// there (an LTRANS unit's copy may itself be the origin of others).
func (d *Debug) crossUnitsFor(units []*unit, keys []string) map[*unit]bool {
	x := d.crossRefs()
	if x == nil {
		return nil
	}
	out := map[*unit]bool{}
	for _, u := range x.all {
		out[u] = true
	}
	var todo []dwarf.Offset
	for _, u := range units {
		t := d.unitTop(u)
		for _, k := range keys {
			todo = append(todo, t.funcs[k]...)
			todo = append(todo, t.funcBase[k]...)
		}
	}
	done := map[dwarf.Offset]bool{}
	for len(todo) > 0 {
		off := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if done[off] {
			continue
		}
		done[off] = true
		for _, u := range x.refs[off] {
			if out[u] {
				continue
			}
			out[u] = true
			fs := d.unitFuncs(u)
			for _, k := range keys {
				for _, ref := range fs[k] {
					todo = append(todo, ref.e.Offset)
				}
			}
		}
	}
	return out
}

// withUnits adds the units of extra to units, in unit order.
func withUnits(units []*unit, extra map[*unit]bool) []*unit {
	if len(extra) == 0 {
		return units
	}
	seen := map[*unit]bool{}
	for _, u := range units {
		seen[u] = true
	}
	out := append([]*unit(nil), units...)
	for u := range extra {
		if !seen[u] {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].idx < out[j].idx })
	return out
}
