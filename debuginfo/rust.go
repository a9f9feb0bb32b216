package debuginfo

import (
	"debug/dwarf"
	"debug/elf"
	"strconv"
	"strings"
)

// This file reads what Go's debug/dwarf does not model of Rust's DWARF:
// the variant parts of enums (DW_TAG_variant_part, DW_TAG_variant), the
// template parameters of std's containers, and the module paths of types
// (DW_TAG_namespace), which tell alloc::vec::Vec from a user's Vec.
//
// debug/dwarf reads a Rust enum as a struct with no fields (it skips the
// variant part), and a dwarf.Type does not carry its DIE's offset. The
// first question about a Rust type scans every unit once, noting the
// structs that have a variant part or are std's containers by name; a
// type is then matched to its DIE by identity, since debug/dwarf caches
// one Type per offset.

// dwLangRust is DW_LANG_Rust.
const dwLangRust = 0x1c

// RustEnum is the layout of a Rust enum with fields: which variant a
// value holds is decided by its discriminant.
type RustEnum struct {
	// Discr is where the discriminant is, from the start of the value:
	// the tag, or for a niche layout the field whose invalid values name
	// the other variants. Nil for an enum of one variant.
	Discr    *Member
	Variants []RustVariant
}

// RustVariant is one variant of a RustEnum.
type RustVariant struct {
	Name string
	// Value is the discriminant's value that selects it (as the bits of
	// the discriminant's type); Default marks the variant chosen when no
	// other variant's Value matches (the dataful variant of a niche
	// layout, or an enum's only variant).
	Value   uint64
	Default bool
	// Type holds the variant's fields (a struct; tuple variants name them
	// __0, __1, ...), at Offset from the start of the enum value.
	Type   dwarf.Type
	Offset int64
}

// RustStd names the std types gs reads as Rust code reads them.
type RustStd uint8

// The std types gs knows.
const (
	RustNone   RustStd = iota
	RustString         // alloc::string::String: text (vec.buf.inner.ptr, vec.len)
	RustVec            // alloc::vec::Vec<T>: Len elements of T at a pointer
	RustRc             // alloc::rc::Rc<T>: a pointer to RcInner<T>, whose value is the T
	RustArc            // alloc::sync::Arc<T>: a pointer to ArcInner<T>, whose data is the T
)

// rustIndex is what the scan of all units found.
type rustIndex struct {
	byName map[string][]dwarf.Offset // struct DIEs worth matching, by DW_AT_name
	info   map[dwarf.Offset]*rustStruct
	known  map[dwarf.Type]*rustStruct // matched so far
}

// rustStruct is a struct DIE with a variant part, or one of std's
// containers.
type rustStruct struct {
	off     dwarf.Offset
	name    string // DW_AT_name: "Vec<i64, alloc::alloc::Global>"
	path    string // the module path and name: "alloc::vec::Vec<i64, alloc::alloc::Global>"
	variant dwarf.Offset
	std     RustStd
	param   dwarf.Offset // the template parameter T, 0 when none
}

// IsRust reports whether any unit of the binary is Rust.
func (d *Debug) IsRust() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.rustLang == 0 {
		d.rustLang = -1
		for _, u := range d.units {
			if d.load(u) != nil || u.entry == nil {
				continue
			}
			if l, ok := u.entry.Val(dwarf.AttrLanguage).(int64); ok && l == dwLangRust {
				d.rustLang = 1
				break
			}
		}
	}
	return d.rustLang > 0
}

// rustStd classifies a struct by its module path.
func rustStd(path string) RustStd {
	switch {
	case path == "alloc::string::String":
		return RustString
	case strings.HasPrefix(path, "alloc::vec::Vec<"):
		return RustVec
	case strings.HasPrefix(path, "alloc::rc::Rc<"):
		return RustRc
	case strings.HasPrefix(path, "alloc::sync::Arc<"):
		return RustArc
	}
	return RustNone
}

// rust returns the index, scanning every unit on first use.
func (d *Debug) rust() *rustIndex {
	if d.rustIdx != nil {
		return d.rustIdx
	}
	x := &rustIndex{byName: map[string][]dwarf.Offset{}, info: map[dwarf.Offset]*rustStruct{}, known: map[dwarf.Type]*rustStruct{}}
	d.rustIdx = x
	r := d.data.Reader()
	type frame struct {
		name string      // a namespace's or a struct's name; "" for other DIEs
		st   *rustStruct // the struct being read, when worth keeping
		tag  dwarf.Tag
	}
	var stack []frame
	path := func(name string) string {
		var b strings.Builder
		for _, f := range stack {
			if f.name != "" {
				b.WriteString(f.name)
				b.WriteString("::")
			}
		}
		b.WriteString(name)
		return b.String()
	}
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag == 0 {
			if len(stack) > 0 {
				x.keep(stack[len(stack)-1].st)
				stack = stack[:len(stack)-1]
			}
			continue
		}
		var parent *frame
		if len(stack) > 0 {
			parent = &stack[len(stack)-1]
		}
		f := frame{tag: e.Tag}
		switch e.Tag {
		case dwarf.TagCompileUnit, dwarf.TagPartialUnit:
			stack = stack[:0]
		case dwarf.TagNamespace:
			f.name, _ = e.Val(dwarf.AttrName).(string)
		case dwarf.TagStructType:
			name, _ := e.Val(dwarf.AttrName).(string)
			f.name = name
			p := path(name)
			if std := rustStd(p); std != RustNone {
				f.st = &rustStruct{off: e.Offset, name: name, path: p, std: std}
			} else if e.Children {
				f.st = &rustStruct{off: e.Offset, name: name, path: p} // kept if a variant part turns up
			}
		case dwarf.TagVariantPart:
			if parent != nil && parent.st != nil && parent.st.variant == 0 {
				parent.st.variant = e.Offset
			}
		case dwarf.TagTemplateTypeParameter:
			if parent != nil && parent.st != nil && parent.st.param == 0 {
				if n, _ := e.Val(dwarf.AttrName).(string); n == "T" {
					parent.st.param, _ = e.Val(dwarf.AttrType).(dwarf.Offset)
				}
			}
		}
		if e.Children {
			stack = append(stack, f)
			continue
		}
		x.keep(f.st)
	}
	return x
}

// keep records a struct whose children the scan has read.
func (x *rustIndex) keep(st *rustStruct) {
	if st == nil || st.variant == 0 && st.std == RustNone {
		return
	}
	x.byName[st.name] = append(x.byName[st.name], st.off)
	x.info[st.off] = st
}

// rustOf returns what the scan knows of struct t, nil when it is neither
// an enum nor a std container.
func (d *Debug) rustOf(t *dwarf.StructType) *rustStruct {
	x := d.rust()
	if st, ok := x.known[t]; ok {
		return st
	}
	var found *rustStruct
	for _, off := range x.byName[t.StructName] {
		if tt, err := d.data.Type(off); err == nil && tt == dwarf.Type(t) {
			found = x.info[off]
			break
		}
	}
	x.known[t] = found
	return found
}

// RustEnum returns the variants of t when it is a Rust enum with fields
// (a struct with a variant part); ok is false otherwise.
func (d *Debug) RustEnum(t *dwarf.StructType) (*RustEnum, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.rustOf(t)
	if st == nil || st.variant == 0 {
		return nil, false
	}
	r := d.data.Reader()
	r.Seek(st.variant)
	vp, err := r.Next()
	if err != nil || vp == nil || !vp.Children {
		return nil, false
	}
	out := &RustEnum{}
	discr, _ := vp.Val(dwarf.AttrDiscr).(dwarf.Offset)
	for {
		e, err := r.Next()
		if err != nil || e == nil || e.Tag == 0 {
			break
		}
		switch e.Tag {
		case dwarf.TagMember:
			if e.Offset == discr {
				m, ok := d.rustMember(e)
				if !ok {
					return nil, false
				}
				out.Discr = &m
			}
		case dwarf.TagVariant:
			v := RustVariant{Default: true}
			if val, ok := e.Val(dwarf.AttrDiscrValue).(int64); ok {
				v.Value, v.Default = uint64(val), false
			}
			if e.Children {
				for {
					k, err := r.Next()
					if err != nil || k == nil || k.Tag == 0 {
						break
					}
					if k.Tag == dwarf.TagMember && v.Type == nil {
						m, ok := d.rustMember(k)
						if !ok {
							return nil, false
						}
						v.Name, v.Type, v.Offset = m.Name, m.Type, m.Offset
					}
					if k.Children {
						r.SkipChildren()
					}
				}
			}
			if v.Type == nil {
				return nil, false
			}
			out.Variants = append(out.Variants, v)
			continue
		}
		if e.Children {
			r.SkipChildren()
		}
	}
	if discr != 0 && out.Discr == nil {
		// The discriminant lives outside the variant part: find it among
		// the struct's own members.
		if e, err := d.entry(discr); err == nil {
			if m, ok := d.rustMember(e); ok {
				out.Discr = &m
			}
		}
	}
	if len(out.Variants) == 0 || out.Discr == nil && len(out.Variants) > 1 {
		return nil, false
	}
	if out.Discr == nil {
		out.Variants[0].Default = true
	}
	return out, true
}

// rustMember reads a DW_TAG_member the way debug/dwarf reads a struct's.
func (d *Debug) rustMember(e *dwarf.Entry) (Member, bool) {
	name, _ := e.Val(dwarf.AttrName).(string)
	off, ok := e.Val(dwarf.AttrType).(dwarf.Offset)
	if !ok {
		return Member{}, false
	}
	t, err := d.data.Type(off)
	if err != nil {
		return Member{}, false
	}
	loc, _ := e.Val(dwarf.AttrDataMemberLoc).(int64)
	return Member{Name: name, Type: t, Offset: loc}, true
}

// RustStdType reports which std container struct t is, and its element
// or value type T (nil when the DWARF does not name it).
func (d *Debug) RustStdType(t *dwarf.StructType) (RustStd, dwarf.Type) {
	if t.StructName == "" || t.Incomplete {
		return RustNone, nil
	}
	switch {
	case t.StructName == "String", strings.HasPrefix(t.StructName, "Vec<"),
		strings.HasPrefix(t.StructName, "Rc<"), strings.HasPrefix(t.StructName, "Arc<"):
	default:
		return RustNone, nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.rustOf(t)
	if st == nil || st.std == RustNone {
		return RustNone, nil
	}
	var elem dwarf.Type
	if st.param != 0 {
		elem, _ = d.data.Type(st.param)
	}
	return st.std, elem
}

// RustPath is the module path of a struct the scan kept ("" otherwise):
// "core::option::Option<i32>".
func (d *Debug) RustPath(t *dwarf.StructType) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if st := d.rustOf(t); st != nil {
		return st.path
	}
	return ""
}

// rustThreadLocal names the variable e that Rust's thread_local! defines
// for `static NAME`, in namespace scope: std's macro puts its storage,
// __RUST_STD_INTERNAL_VAL, in the namespaces of closures and constants
// under NAME (crate::NAME::{constant#0}::{closure#0}), so the script's
// NAME is the last scope that is not such a block.
func rustThreadLocal(scope string, e *dwarf.Entry) (string, bool) {
	if n, _ := e.Val(dwarf.AttrName).(string); n != rustTLSVal {
		return "", false
	}
	parts := strings.Split(scope, "::")
	for i := len(parts) - 1; i >= 0; i-- {
		if p := parts[i]; p != "" && !strings.HasPrefix(p, "{") {
			return p, true
		}
	}
	return "", false
}

// rustTLSVal is the name of a thread_local!'s storage.
const rustTLSVal = "__RUST_STD_INTERNAL_VAL"

// rustTLSLive reports whether v, a storage of the thread_local! called
// name, is the one the program uses. A debug build describes both of the
// macro's storages (with a destructor and without), and the one the
// linker dropped keeps a made-up offset (0, where another variable may
// be): the live one is an STT_TLS symbol at v's offset, of v's size, whose
// mangled name holds name (as <length>name).
func (d *Debug) rustTLSLive(name string, v Var) bool {
	if len(v.Loc.Pieces) != 1 || v.Type == nil {
		return false
	}
	ops := v.Loc.Pieces[0].Ops
	if len(ops) != 2 || ops[0].Kind != LocConst || ops[1].Kind != LocTLS {
		return false
	}
	syms, _ := d.elf.Symbols()
	part := strconv.Itoa(len(name)) + name
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) == elf.STT_TLS && s.Section != elf.SHN_UNDEF && s.Value == ops[0].Value &&
			int64(s.Size) == v.Type.Size() && strings.Contains(s.Name, part) && strings.Contains(s.Name, rustTLSVal) {
			return true
		}
	}
	return false
}
