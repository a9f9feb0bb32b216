package debuginfo

import (
	"bytes"
	"debug/dwarf"
	"sort"
	"strings"
)

// topIndex names the top-level DIEs of a unit: functions (abstract,
// concrete and declarations), variables and named types. Types are keyed
// as C spells them: "struct item", "union u", "enum color", "item_t".
//
// Functions are also those in namespaces (C++ and Rust put them there),
// and funcBase keys the names of template instances without their
// arguments ("biggest<int>" under "biggest").
type topIndex struct {
	funcs    map[string][]dwarf.Offset
	funcBase map[string][]dwarf.Offset
	vars     map[string][]dwarf.Offset
	types    map[string][]dwarf.Offset
}

func newTopIndex() *topIndex {
	return &topIndex{funcs: map[string][]dwarf.Offset{}, funcBase: map[string][]dwarf.Offset{},
		vars: map[string][]dwarf.Offset{}, types: map[string][]dwarf.Offset{}}
}

// addFunc records a function DIE under its name.
func (t *topIndex) addFunc(name string, off dwarf.Offset) {
	t.funcs[name] = append(t.funcs[name], off)
	if b := stripTemplateArgs(name); b != name {
		t.funcBase[b] = append(t.funcBase[b], off)
	}
}

// nameKind selects one of the maps of a topIndex.
type nameKind int

const (
	kindFunc nameKind = iota
	kindVar
	kindType
)

func (t *topIndex) m(k nameKind) map[string][]dwarf.Offset {
	switch k {
	case kindFunc:
		return t.funcs
	case kindVar:
		return t.vars
	}
	return t.types
}

func typeKey(tag dwarf.Tag, name string) string {
	switch tag {
	case dwarf.TagStructType, dwarf.TagClassType:
		return "struct " + name
	case dwarf.TagUnionType:
		return "union " + name
	case dwarf.TagEnumerationType:
		return "enum " + name
	}
	return name
}

// unitTop scans the top level of u and its namespaces (walkUnit), skipping every
// other subtree (by DW_AT_sibling where the producer emits it, as gcc
// does). Only functions are taken from namespaces, and the variables of
// Rust's thread_local! (rustThreadLocal).
func (d *Debug) unitTop(u *unit) *topIndex {
	if u.top != nil {
		return u.top
	}
	t := newTopIndex()
	u.top = t
	type pending struct {
		k   nameKind
		off dwarf.Offset
		e   *dwarf.Entry
	}
	var refs []pending
	cxx := d.isCxx(u)
	d.walkUnit(u, func(e *dwarf.Entry, in dieScope) bool {
		var k nameKind
		switch e.Tag {
		case dwarf.TagNamespace:
			return true
		case dwarf.TagSubprogram:
			k = kindFunc
		case dwarf.TagVariable:
			k = kindVar
		case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType, dwarf.TagEnumerationType,
			dwarf.TagTypedef, dwarf.TagBaseType:
			k = kindType
		default:
			return false
		}
		if scope := in.scope; scope != "" { // in a namespace
			if k == kindVar {
				if name, ok := rustThreadLocal(scope, e); ok {
					t.m(k)[name] = append(t.m(k)[name], e.Offset)
				}
			}
			if k == kindFunc {
				u.setScope(e.Offset, scope)
				if name, ok := e.Val(dwarf.AttrName).(string); ok {
					t.addFunc(name, e.Offset)
				} else {
					refs = append(refs, pending{k, e.Offset, e})
				}
			} else if name, ok := e.Val(dwarf.AttrName).(string); ok && cxx {
				// C++ variables and types by qualified name (cxx.go).
				t.addCxx(k, e.Tag, joinScope(scope, name), e.Offset)
			} else if cxx && k == kindVar {
				refs = append(refs, pending{k, e.Offset, e}) // a static member defined in its namespace
			}
			return false
		}
		if name, ok := e.Val(dwarf.AttrName).(string); ok {
			switch {
			case k == kindType && cxx:
				t.addCxx(k, e.Tag, name, e.Offset)
			case k == kindFunc:
				t.addFunc(name, e.Offset)
			default:
				if k == kindType {
					name = typeKey(e.Tag, name)
				}
				t.m(k)[name] = append(t.m(k)[name], e.Offset)
			}
		} else if k != kindType {
			refs = append(refs, pending{k, e.Offset, e})
		}
		return false
	}, nil)
	// Definitions that name their declaration (DW_AT_specification) or
	// abstract instance (DW_AT_abstract_origin).
	for _, p := range refs {
		name := d.name(p.e)
		if cxx && p.k == kindVar {
			name = d.qualifiedName(p.e) // geo::counter, defined outside its namespace
		}
		if name != "" {
			if p.k == kindFunc {
				t.addFunc(name, p.off)
			} else {
				t.m(p.k)[name] = append(t.m(p.k)[name], p.off)
			}
		}
	}
	return t
}

// allTop merges the top-level indexes of every unit, for name lists.
func (d *Debug) allTop() *topIndex {
	if d.all != nil {
		return d.all
	}
	all := newTopIndex()
	for _, u := range d.units {
		t := d.unitTop(u)
		for _, k := range []nameKind{kindFunc, kindVar, kindType} {
			for name, offs := range t.m(k) {
				all.m(k)[name] = append(all.m(k)[name], offs...)
			}
		}
	}
	d.all = all
	return all
}

// lookup returns the top-level DIEs named name, visiting only the units an
// accelerator table names (plus units it does not cover).
func (d *Debug) lookup(k nameKind, name string) []dwarf.Offset {
	var out []dwarf.Offset
	for _, u := range d.unitsFor(k, name) {
		out = append(out, d.unitTop(u).m(k)[name]...)
	}
	return out
}

// unitsForAll returns the units that may define any of names, in order.
func (d *Debug) unitsForAll(k nameKind, names []string) []*unit {
	if len(names) == 0 {
		// an empty name (a corrupt symbol table's) names nothing
		return nil
	}
	if len(names) == 1 || d.accelIndex() == nil {
		return d.unitsFor(k, names[0])
	}
	seen := map[*unit]bool{}
	var out []*unit
	for _, n := range names {
		for _, u := range d.unitsFor(k, n) {
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].idx < out[j].idx })
	return out
}

// unitsFor returns the units that may define name.
func (d *Debug) unitsFor(k nameKind, name string) []*unit {
	acc := d.accelIndex()
	if acc == nil {
		return d.units
	}
	key := name
	if k == kindType {
		for _, p := range []string{"struct ", "union ", "enum "} {
			if len(key) > len(p) && key[:len(p)] == p {
				key = key[len(p):]
			}
		}
	}
	seen := map[*unit]bool{}
	var out []*unit
	names := acc.names[key]
	if i := strings.LastIndex(key, "::"); i >= 0 {
		names = append(names[:len(names):len(names)], acc.names[key[i+2:]]...) // tables may hold C++ names unqualified
	}
	for _, u := range names {
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	for _, u := range d.units {
		if !acc.covered[u] && !seen[u] {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].idx < out[j].idx })
	return out
}

// accelIndex maps names to the units that define them, from .debug_names
// (DWARF 5) or .gdb_index.
type accelIndex struct {
	names   map[string][]*unit
	covered map[*unit]bool
	source  string
}

// add records that u defines name; a template instance's name
// ("biggest<int>", "geo::Box<int>::get") also without its arguments.
func (a *accelIndex) add(name string, u *unit) {
	a.names[name] = append(a.names[name], u)
	if b := stripTemplateArgs(name); b != name {
		a.names[b] = append(a.names[b], u)
	}
}

func (d *Debug) accelIndex() *accelIndex {
	if d.accelOK {
		return d.accel
	}
	d.accelOK = true
	if s := d.section("names"); len(s) > 0 {
		d.accel = d.parseDebugNames(s)
	}
	if d.accel == nil {
		if s := d.elf.Section(".gdb_index"); s != nil {
			if data, err := s.Data(); err == nil {
				d.accel = d.parseGdbIndex(data)
			}
		}
	}
	return d.accel
}

// AccelSource reports which accelerator table names are looked up in:
// ".debug_names", ".gdb_index", or "" (a scan of top-level DIEs).
func (d *Debug) AccelSource() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if a := d.accelIndex(); a != nil {
		return a.source
	}
	return ""
}

// parseGdbIndex reads a version 7 or 8 .gdb_index.
func (d *Debug) parseGdbIndex(s []byte) *accelIndex {
	le := func(off uint32) uint32 {
		if int(off)+4 > len(s) {
			return 0
		}
		return uint32(s[off]) | uint32(s[off+1])<<8 | uint32(s[off+2])<<16 | uint32(s[off+3])<<24
	}
	if len(s) < 24 {
		return nil
	}
	version := le(0)
	if version < 7 || version > 9 {
		return nil
	}
	cuList, tuList, symTab, symEnd, pool := le(4), le(8), le(16), le(20), le(20)
	if version >= 9 { // a shortcut table follows the symbol table
		pool = le(24)
	}
	if cuList > tuList || symTab > symEnd || int(pool) > len(s) {
		return nil
	}
	var cus []*unit
	for p := cuList; p+16 <= tuList; p += 16 {
		off := uint64(le(p)) | uint64(le(p+4))<<32
		cus = append(cus, d.unitOf(dwarf.Offset(off)))
	}
	a := &accelIndex{names: map[string][]*unit{}, covered: map[*unit]bool{}, source: ".gdb_index"}
	for _, u := range cus {
		if u != nil {
			a.covered[u] = true
		}
	}
	for p := symTab; p+8 <= symEnd; p += 8 {
		nameOff, vecOff := le(p), le(p+4)
		if nameOff == 0 && vecOff == 0 {
			continue
		}
		n := int(pool) + int(nameOff)
		if n >= len(s) {
			continue
		}
		end := bytes.IndexByte(s[n:], 0)
		if end < 0 {
			continue
		}
		name := string(s[n : n+end])
		v := pool + vecOff
		count := le(v)
		for i := uint32(0); i < count; i++ {
			idx := le(v+4+4*i) & 0xffffff
			if int(idx) < len(cus) && cus[idx] != nil {
				a.add(name, cus[idx])
			}
		}
	}
	return a
}

// DW_IDX_* and the forms .debug_names uses.
const (
	idxCompileUnit = 1
	idxDieOffset   = 3
)

// parseDebugNames reads every name index of a .debug_names section.
func (d *Debug) parseDebugNames(sec []byte) *accelIndex {
	str := d.section("str")
	a := &accelIndex{names: map[string][]*unit{}, covered: map[*unit]bool{}, source: ".debug_names"}
	for off := uint64(0); off+8 < uint64(len(sec)); {
		r := &exprReader{b: sec[off:], order: d.order}
		length := r.fixed(4)
		offSize, hdr := 4, uint64(4)
		if length == 0xffffffff {
			length, offSize, hdr = r.fixed(8), 8, 12
		}
		end := off + hdr + length
		if end > uint64(len(sec)) {
			break
		}
		r.b = sec[off+hdr : end]
		off = end
		if r.fixed(2) != 5 {
			continue
		}
		r.fixed(2)
		cuCount, ltuCount, ftuCount := r.fixed(4), r.fixed(4), r.fixed(4)
		buckets, nameCount, abbrevSize, augSize := r.fixed(4), r.fixed(4), r.fixed(4), r.fixed(4)
		r.bytes(augSize)
		var cus []*unit
		for i := uint64(0); i < cuCount; i++ {
			u := d.unitOf(dwarf.Offset(r.fixed(offSize)))
			cus = append(cus, u)
			if u != nil {
				a.covered[u] = true
			}
		}
		r.bytes(ltuCount * uint64(offSize))
		r.bytes(ftuCount * 8)
		r.bytes(buckets * 4)
		if buckets > 0 {
			r.bytes(nameCount * 4)
		}
		strOffs := r.bytes(nameCount * uint64(offSize))
		entOffs := r.bytes(nameCount * uint64(offSize))
		abbrevs := r.bytes(abbrevSize)
		pool := r.b
		if r.err != nil {
			break
		}
		type abbrev struct{ idx, form []uint64 }
		abbr := map[uint64]abbrev{}
		ar := &exprReader{b: abbrevs, order: d.order}
		for ar.err == nil && len(ar.b) > 0 {
			code := ar.uleb()
			if code == 0 {
				break
			}
			ar.uleb() // tag
			var ab abbrev
			for ar.err == nil {
				idx, form := ar.uleb(), ar.uleb()
				if idx == 0 && form == 0 {
					break
				}
				ab.idx, ab.form = append(ab.idx, idx), append(ab.form, form)
			}
			abbr[code] = ab
		}
		word := func(b []byte, i uint64) uint64 {
			if offSize == 8 {
				return d.order.Uint64(b[i*8:])
			}
			return uint64(d.order.Uint32(b[i*4:]))
		}
		for i := uint64(0); i < nameCount; i++ {
			so := word(strOffs, i)
			if so >= uint64(len(str)) {
				continue
			}
			e := bytes.IndexByte(str[so:], 0)
			if e < 0 {
				continue
			}
			name := string(str[so : so+uint64(e)])
			eo := word(entOffs, i)
			if eo >= uint64(len(pool)) {
				continue
			}
			er := &exprReader{b: pool[eo:], order: d.order}
			for er.err == nil && len(er.b) > 0 {
				code := er.uleb()
				if code == 0 {
					break
				}
				ab, ok := abbr[code]
				if !ok {
					break
				}
				cu := uint64(0)
				hasCU := false
				for j, form := range ab.form {
					v, ok := readIdxForm(er, form, offSize)
					if !ok {
						er.err = errShort
						break
					}
					if ab.idx[j] == idxCompileUnit {
						cu, hasCU = v, true
					}
				}
				if !hasCU && cuCount != 1 {
					continue
				}
				if cu < uint64(len(cus)) && cus[cu] != nil {
					a.add(name, cus[cu])
				}
			}
		}
	}
	if len(a.covered) == 0 {
		return nil
	}
	return a
}

// readIdxForm reads one attribute value of a .debug_names entry.
func readIdxForm(r *exprReader, form uint64, offSize int) (uint64, bool) {
	switch form {
	case 0x0b, 0x11: // data1, ref1
		return r.fixed(1), r.err == nil
	case 0x05, 0x12: // data2, ref2
		return r.fixed(2), r.err == nil
	case 0x06, 0x13: // data4, ref4
		return r.fixed(4), r.err == nil
	case 0x07, 0x14, 0x20: // data8, ref8, ref_sig8
		return r.fixed(8), r.err == nil
	case 0x0f, 0x15: // udata, ref_udata
		return r.uleb(), r.err == nil
	case 0x0d: // sdata
		return uint64(r.sleb()), r.err == nil
	case 0x19: // flag_present
		return 1, true
	case 0x0c: // flag
		return r.fixed(1), r.err == nil
	case 0x17, 0x10: // sec_offset, ref_addr
		return r.fixed(offSize), r.err == nil
	}
	return 0, false
}
