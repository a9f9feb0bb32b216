package debuginfo

import (
	"debug/dwarf"
	"encoding/binary"
)

// This file works around debug/dwarf refusing a base type encoded
// DW_ATE_UTF, which is rustc's char: it fails every type that holds one
// ("unrecognized encoding attribute value"). When a Rust unit has such a
// base type, the DWARF is read from a copy of .debug_info (or, for a
// DW_FORM_implicit_const encoding, of .debug_abbrev) in which those
// encodings are DW_ATE_unsigned_char: the same bytes otherwise, so every
// offset stays. A char is then the only 4-byte unsigned char there is.

const (
	ateUTF          = 0x10
	ateUnsignedChar = 0x08
	tagBaseType     = 0x24
	atEncoding      = 0x3e
)

// fixRustChar replaces d.data when a Rust unit has a UTF base type.
func (d *Debug) fixRustChar() {
	type site struct {
		unit *unit
		off  dwarf.Offset
	}
	var sites []site
	for _, u := range d.units {
		if d.load(u) != nil || u.entry == nil {
			continue
		}
		if l, _ := u.entry.Val(dwarf.AttrLanguage).(int64); l != dwLangRust {
			continue
		}
		r := d.data.Reader()
		r.Seek(u.die)
		if cu, err := r.Next(); err != nil || cu == nil || !cu.Children {
			continue
		}
		for {
			e, err := r.Next()
			if err != nil || e == nil || e.Tag == 0 {
				break
			}
			if e.Tag == dwarf.TagBaseType {
				if enc, _ := e.Val(dwarf.AttrEncoding).(int64); enc == ateUTF {
					sites = append(sites, site{u, e.Offset})
				}
			}
			if e.Children {
				r.SkipChildren()
			}
		}
	}
	if len(sites) == 0 {
		return
	}
	info := append([]byte(nil), d.section("info")...)
	abbrev := append([]byte(nil), d.section("abbrev")...)
	patched := false
	for _, s := range sites {
		patched = patchUTF(info, abbrev, s.unit, s.off, d.order) || patched
	}
	if !patched {
		return
	}
	data, err := dwarf.New(abbrev, nil, nil, info, d.section("line"), nil, d.section("ranges"), d.section("str"))
	if err != nil {
		return
	}
	for _, name := range []string{"addr", "line_str", "str_offsets", "rnglists", "loclists"} {
		if b := d.section(name); b != nil {
			if data.AddSection(".debug_"+name, b) != nil {
				return
			}
		}
	}
	d.data = data
}

// patchUTF rewrites the encoding of the base type DIE at off of unit u
// to DW_ATE_unsigned_char, in info or in abbrev. It reports false for a
// layout it does not know, which it leaves alone.
func patchUTF(info, abbrev []byte, u *unit, off dwarf.Offset, order binary.ByteOrder) bool {
	// The unit header: length, version, then the abbrev offset (DWARF 2-4)
	// or the unit type, the address size and the abbrev offset (DWARF 5).
	h := int(u.off)
	if h+12 > len(info) {
		return false
	}
	offSize, p := 4, h+4
	if order.Uint32(info[h:]) == 0xffffffff {
		offSize, p = 8, h+12
	}
	if p+2 > len(info) {
		return false
	}
	version := order.Uint16(info[p:])
	p += 2
	if version >= 5 {
		p += 2
	}
	if p+offSize > len(info) {
		return false
	}
	var abOff uint64
	if offSize == 8 {
		abOff = order.Uint64(info[p:])
	} else {
		abOff = uint64(order.Uint32(info[p:]))
	}
	// The DIE's abbreviation.
	q := int(off)
	code, q, ok := uleb(info, q)
	if !ok {
		return false
	}
	type attr struct {
		at, form uint64
		constAt  int // offset in abbrev of an implicit_const's value
	}
	var attrs []attr
	found := false
	for a := int(abOff); a < len(abbrev) && !found; {
		var c, tag uint64
		if c, a, ok = uleb(abbrev, a); !ok || c == 0 {
			return false
		}
		if tag, a, ok = uleb(abbrev, a); !ok {
			return false
		}
		a++ // children
		attrs = attrs[:0]
		for {
			var at, form uint64
			if at, a, ok = uleb(abbrev, a); !ok {
				return false
			}
			if form, a, ok = uleb(abbrev, a); !ok {
				return false
			}
			if at == 0 && form == 0 {
				break
			}
			x := attr{at: at, form: form}
			if form == 0x21 { // implicit_const
				x.constAt = a
				if _, a, ok = uleb(abbrev, a); !ok {
					return false
				}
			}
			attrs = append(attrs, x)
		}
		found = c == code && tag == tagBaseType
	}
	if !found {
		return false
	}
	for _, x := range attrs {
		if x.at == atEncoding {
			switch {
			case x.form == 0x0b && q < len(info) && info[q] == ateUTF: // data1
				info[q] = ateUnsignedChar
				return true
			case x.form == 0x21 && abbrev[x.constAt] == ateUTF:
				abbrev[x.constAt] = ateUnsignedChar
				return true
			}
			return false
		}
		n, ok := formSize(info, q, x.form, offSize)
		if !ok {
			return false
		}
		q += n
	}
	return false
}

// formSize is the bytes an attribute value of form takes at info[q], for
// the forms a base type's attributes have.
func formSize(info []byte, q int, form uint64, offSize int) (int, bool) {
	switch form {
	case 0x0b, 0x11, 0x0c, 0x25: // data1, ref1, flag, strx1
		return 1, true
	case 0x05, 0x12, 0x26: // data2, ref2, strx2
		return 2, true
	case 0x27: // strx3
		return 3, true
	case 0x06, 0x13, 0x28: // data4, ref4, strx4
		return 4, true
	case 0x07, 0x14, 0x20: // data8, ref8, ref_sig8
		return 8, true
	case 0x0e, 0x1f, 0x17, 0x10: // strp, line_strp, sec_offset, ref_addr
		return offSize, true
	case 0x19, 0x21: // flag_present, implicit_const
		return 0, true
	case 0x0f, 0x0d, 0x15, 0x1a: // udata, sdata, ref_udata, strx
		_, end, ok := uleb(info, q)
		return end - q, ok
	case 0x08: // string
		for i := q; i < len(info); i++ {
			if info[i] == 0 {
				return i + 1 - q, true
			}
		}
	}
	return 0, false
}
