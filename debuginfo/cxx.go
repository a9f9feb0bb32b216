package debuginfo

import (
	"debug/dwarf"
	"fmt"
	"sort"
	"strings"
)

// This file reads what debug/dwarf leaves out of C++ types, from the raw
// DIEs of C++ units (and only those: C pays nothing):
//
//   - base classes (DW_TAG_inheritance, which debug/dwarf skips) become
//     leading fields of the struct whose type is a *BaseClass, at the
//     base's offset; virtual bases, whose offset is only known at run
//     time, are left out;
//   - vtable pointers (artificial _vptr members) and static data members
//     (declarations, with no offset in the object) are removed from the
//     fields;
//   - references (DW_TAG_reference_type, DW_TAG_rvalue_reference_type, an
//     *UnsupportedType in debug/dwarf) become *RefType; a variable of
//     reference type is given as the object it refers to (Var.Ref);
//   - names of classes, enums, typedefs, enumerators, globals and statics
//     are qualified by their namespaces and classes, as gdb spells them
//     ("geo::Rect", "geo::Kind::Wide", "geo::counter").
//
// debug/dwarf caches one Go value per type DIE, so the fix-ups are made in
// place, once per DIE (cxxState.done), before a type leaves this package.

// BaseClass is the type of a struct field that holds a base class
// subobject; the field has no name and Type is the base class.
type BaseClass struct{ Type dwarf.Type }

// Common implements dwarf.Type.
func (b *BaseClass) Common() *dwarf.CommonType { return b.Type.Common() }

// Size implements dwarf.Type.
func (b *BaseClass) Size() int64 { return b.Type.Size() }

func (b *BaseClass) String() string { return b.Type.String() }

// RefType is a C++ reference (T&, or T&& when RValue); it holds the
// address of the object, Type.
type RefType struct {
	dwarf.CommonType
	Type   dwarf.Type
	RValue bool
}

// Size implements dwarf.Type: a reference is held as an address.
func (t *RefType) Size() int64 { return 8 }

func (t *RefType) String() string { return TypeName(t) }

// cxxState is what the C++ fix-ups remember.
type cxxState struct {
	done map[dwarf.Offset]bool
	refs map[dwarf.Offset]*RefType
}

// DWARF language codes of C++ (DW_LANG_C_plus_plus, _03, _11, _14, _17,
// _20).
var cxxLangs = map[int64]bool{0x04: true, 0x19: true, 0x1a: true, 0x21: true, 0x2a: true, 0x2b: true}

// isCxx reports whether u was compiled from C++.
func (d *Debug) isCxx(u *unit) bool {
	if u == nil || d.load(u) != nil {
		return false
	}
	lang, _ := u.entry.Val(dwarf.AttrLanguage).(int64)
	return cxxLangs[lang]
}

// typeAt returns the type DIE at off describes, with the C++ fix-ups made
// when its unit is C++.
func (d *Debug) typeAt(off dwarf.Offset) (dwarf.Type, error) {
	t, err := d.data.Type(off)
	if err != nil || !d.isCxx(d.unitOf(off)) {
		return t, err
	}
	if d.cxx == nil {
		d.cxx = &cxxState{done: map[dwarf.Offset]bool{}, refs: map[dwarf.Offset]*RefType{}}
	}
	if r := d.refType(off); r != nil {
		return r, nil
	}
	d.cxxFix(off)
	return t, nil
}

// refType returns the reference type at off, or nil when off is not a
// reference.
func (d *Debug) refType(off dwarf.Offset) *RefType {
	if r, ok := d.cxx.refs[off]; ok {
		return r
	}
	e, err := d.entry(off)
	if err != nil || (e.Tag != dwarf.TagReferenceType && e.Tag != dwarf.TagRvalueReferenceType) {
		return nil
	}
	r := &RefType{RValue: e.Tag == dwarf.TagRvalueReferenceType}
	r.ByteSize = 8
	d.cxx.refs[off] = r // before recursing: a struct may hold a reference to itself
	if to, ok := e.Val(dwarf.AttrType).(dwarf.Offset); ok {
		r.Type, _ = d.typeAt(to)
	}
	return r
}

// fixedType is typeAt for the walk: the type at off, fixed.
func (d *Debug) fixedType(off dwarf.Offset) dwarf.Type {
	t, _ := d.typeAt(off)
	return t
}

// cxxFix makes the fix-ups of the type DIE at off and of the types it
// refers to.
func (d *Debug) cxxFix(off dwarf.Offset) {
	if d.cxx.done[off] {
		return
	}
	d.cxx.done[off] = true
	e, err := d.entry(off)
	if err != nil {
		return
	}
	t, err := d.data.Type(off)
	if err != nil {
		return
	}
	to, hasTo := e.Val(dwarf.AttrType).(dwarf.Offset)
	switch tt := t.(type) {
	case *dwarf.StructType:
		if tt.StructName != "" {
			tt.StructName = d.qualify(off, tt.StructName)
		}
		d.fixStruct(off, tt)
	case *dwarf.EnumType:
		class, _ := e.Val(dwarf.AttrEnumClass).(bool)
		scope := d.cxxScope(off)
		if tt.EnumName != "" {
			tt.EnumName = scope + tt.EnumName
		}
		for _, v := range tt.Val {
			// gdb's spelling: an enum class's enumerators are in the
			// enum's scope, a plain enum's in the enclosing one.
			if class && tt.EnumName != "" {
				v.Name = tt.EnumName + "::" + v.Name
			} else {
				v.Name = scope + v.Name
			}
		}
	case *dwarf.TypedefType:
		tt.Name = d.qualify(off, tt.Name)
		if hasTo {
			tt.Type = d.fixedType(to)
		}
	case *dwarf.PtrType, *dwarf.QualType, *dwarf.ArrayType:
		if hasTo {
			d.fixedType(to)
		}
	}
}

// fixStruct rebuilds the fields of the struct at off: base classes first
// where they are declared, no vtable pointers, no static members, member
// types fixed.
func (d *Debug) fixStruct(off dwarf.Offset, st *dwarf.StructType) {
	r := d.data.Reader()
	r.Seek(off)
	e, err := r.Next()
	if err != nil || e == nil || !e.Children {
		return
	}
	old := st.Field
	var fields []*dwarf.StructField
	k := 0 // the next of debug/dwarf's fields: one per DW_TAG_member, in order
	for {
		c, err := r.Next()
		if err != nil || c == nil || c.Tag == 0 {
			break
		}
		if c.Children {
			r.SkipChildren()
		}
		to, hasTo := c.Val(dwarf.AttrType).(dwarf.Offset)
		switch c.Tag {
		case dwarf.TagInheritance:
			loc, ok := c.Val(dwarf.AttrDataMemberLoc).(int64)
			if !ok || !hasTo {
				continue // a virtual base: its offset is read at run time
			}
			if base := d.fixedType(to); base != nil {
				fields = append(fields, &dwarf.StructField{Type: &BaseClass{Type: base}, ByteOffset: loc})
			}
		case dwarf.TagMember:
			if k >= len(old) {
				continue
			}
			f := old[k]
			k++
			artificial, _ := c.Val(dwarf.AttrArtificial).(bool)
			decl, _ := c.Val(dwarf.AttrDeclaration).(bool)
			external, _ := c.Val(dwarf.AttrExternal).(bool)
			if decl || external || (artificial && strings.HasPrefix(f.Name, "_vptr")) {
				continue
			}
			if hasTo {
				f.Type = d.fixedType(to)
			}
			fields = append(fields, f)
		}
	}
	st.Field = fields
}

// IsBase reports whether struct field f holds a base class subobject.
func IsBase(f *dwarf.StructField) bool {
	_, ok := f.Type.(*BaseClass)
	return ok
}

// scopeRange is a namespace, class, struct, union or enum DIE of a unit
// and the offsets of its children.
type scopeRange struct {
	start, end dwarf.Offset
	name       string
}

// cxxScopes lists the named scopes of C++ unit u, by start (scopeName).
// It walks the unit once (walkUnit).
func (d *Debug) cxxScopes(u *unit) []scopeRange {
	if u.cxxScopesDone {
		return u.cxxScopes
	}
	u.cxxScopesDone = true
	open := map[dwarf.Offset]int{} // DIE → index into u.cxxScopes
	d.walkUnit(u, func(e *dwarf.Entry, _ dieScope) bool {
		switch e.Tag {
		case dwarf.TagSubprogram, dwarf.TagLexDwarfBlock, dwarf.TagInlinedSubroutine:
			return false // types local to a function are named by their own name
		}
		if name := scopeName(e); name != "" && e.Children {
			open[e.Offset] = len(u.cxxScopes)
			u.cxxScopes = append(u.cxxScopes, scopeRange{start: e.Offset, end: u.end, name: name})
		}
		return true
	}, func(e *dwarf.Entry, next dwarf.Offset) {
		if i, ok := open[e.Offset]; ok {
			u.cxxScopes[i].end = next
		}
	})
	return u.cxxScopes
}

// cxxScope returns the qualifier of the DIE at off in a C++ unit: "geo::",
// "geo::Rect::", or "" at the top level (and in C).
func (d *Debug) cxxScope(off dwarf.Offset) string {
	u := d.unitOf(off)
	if !d.isCxx(u) {
		return ""
	}
	ss := d.cxxScopes(u)
	n := sort.Search(len(ss), func(i int) bool { return ss[i].start >= off })
	var b strings.Builder
	for _, s := range ss[:n] {
		if s.start < off && off < s.end {
			b.WriteString(s.name)
			b.WriteString("::")
		}
	}
	return b.String()
}

// qualify returns name, declared by the DIE at off, with its scope.
func (d *Debug) qualify(off dwarf.Offset, name string) string {
	if name == "" {
		return name
	}
	return d.cxxScope(off) + name
}

// qualifiedName returns the qualified name of variable or function DIE e:
// its own name in its own scope, or, for a definition that names its
// declaration (DW_AT_specification), the declaration's.
func (d *Debug) qualifiedName(e *dwarf.Entry) string {
	f, owner := d.attr(e, dwarf.AttrName)
	if f == nil {
		return ""
	}
	s, _ := f.Val.(string)
	return d.qualify(owner.Offset, s)
}

// refLoc turns the location of a reference into the location of the object
// it refers to: the reference's value is the object's address.
func refLoc(loc Location) Location {
	if !loc.Available() {
		return loc
	}
	if len(loc.Pieces) != 1 {
		return unavailable("a reference split into pieces")
	}
	p := loc.Pieces[0]
	out := Piece{Kind: PieceMemory, Expr: append(append([]LocOp(nil), p.Expr...), LocOp{Kind: LocDeref, Size: 8})}
	switch p.Kind {
	case PieceReg:
		out.Ops = []LocOp{{Kind: LocBreg, Reg: p.Ops[0].Reg}}
	case PieceMemory:
		out.Ops = append(append([]LocOp(nil), p.Ops...), LocOp{Kind: LocDeref, Size: 8})
	case PieceValue:
		out.Ops = p.Ops
	case PieceImplicit:
		var v uint64
		for i := len(p.Data) - 1; i >= 0; i-- {
			v = v<<8 | uint64(p.Data[i])
		}
		out.Ops = []LocOp{{Kind: LocConst, Value: v}}
	default:
		return unavailable(fmt.Sprintf("a reference in a piece of kind %d", p.Kind))
	}
	loc.Pieces = []Piece{out}
	return loc
}

// addCxx indexes a variable or type of a C++ unit by its qualified name;
// a class also without the "struct" C puts before it.
func (t *topIndex) addCxx(k nameKind, tag dwarf.Tag, name string, off dwarf.Offset) {
	if k == kindFunc {
		return
	}
	t.m(k)[name] = append(t.m(k)[name], off)
	if key := typeKey(tag, name); k == kindType && key != name {
		t.m(k)[key] = append(t.m(k)[key], off)
	}
}
