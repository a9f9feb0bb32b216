package debuginfo

import (
	"debug/dwarf"
	"fmt"
	"sort"
	"strings"
)

// Types returns the type C would call name: "struct item", "union u",
// "enum color", a typedef ("item_t") or a base type ("unsigned long" finds
// "long unsigned int"). A complete definition is preferred over a
// declaration.
func (d *Debug) Types(name string) (dwarf.Type, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := normalizeTypeName(name)
	offs := d.lookup(kindType, key)
	if len(offs) == 0 && baseTypeWords(key) != nil {
		// A base type spelled differently from the producer: compare
		// canonical forms.
		want := canonicalBase(key)
		for _, u := range d.units {
			for n, o := range d.unitTop(u).types {
				if canonicalBase(n) == want {
					offs = append(offs, o...)
				}
			}
			if len(offs) > 0 {
				break
			}
		}
	}
	var first dwarf.Type
	for _, off := range offs {
		t, err := d.typeAt(off)
		if err != nil {
			continue
		}
		if first == nil {
			first = t
		}
		if st, ok := t.(*dwarf.StructType); ok && st.Incomplete {
			continue
		}
		return t, nil
	}
	if first != nil {
		return first, nil
	}
	if t := synthBase(key); t != nil {
		return t, nil
	}
	return nil, fmt.Errorf("type %q: %w in the DWARF of %s", name, ErrNotFound, d.bin.Path)
}

// synthBase makes a C base type the program's DWARF does not mention
// (x86-64 LP64 sizes), so that casts to it still work.
func synthBase(name string) dwarf.Type {
	basic := func(size int64, n string) dwarf.BasicType {
		return dwarf.BasicType{CommonType: dwarf.CommonType{ByteSize: size, Name: n}}
	}
	switch name {
	case "float":
		return &dwarf.FloatType{BasicType: basic(4, name)}
	case "double":
		return &dwarf.FloatType{BasicType: basic(8, name)}
	}
	if baseTypeWords(name) == nil {
		return nil
	}
	c := canonicalBase(name)
	size := map[string]int64{"char": 1, "short int": 2, "int": 4, "long int": 8, "long long int": 8}
	unsigned := strings.HasPrefix(c, "unsigned ")
	base := strings.TrimPrefix(strings.TrimPrefix(c, "unsigned "), "signed ")
	n, ok := size[base]
	if !ok {
		return nil
	}
	switch {
	case base == "char" && unsigned:
		return &dwarf.UcharType{BasicType: basic(n, c)}
	case base == "char":
		return &dwarf.CharType{BasicType: basic(n, c)}
	case unsigned:
		return &dwarf.UintType{BasicType: basic(n, c)}
	}
	return &dwarf.IntType{BasicType: basic(n, c)}
}

// TypeNames returns every named type as Types accepts it, for
// suggestions. It scans the top level of every unit.
func (d *Debug) TypeNames() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return sortedKeys(d.allTop().types)
}

func normalizeTypeName(s string) string { return strings.Join(strings.Fields(s), " ") }

var baseWords = map[string]bool{"signed": true, "unsigned": true, "short": true, "long": true, "int": true, "char": true}

func baseTypeWords(s string) []string {
	ws := strings.Fields(s)
	if len(ws) == 0 {
		return nil
	}
	for _, w := range ws {
		if !baseWords[w] {
			return nil
		}
	}
	return ws
}

// canonicalBase spells an integer type one way: "unsigned long" and "long
// unsigned int" are both "unsigned long int".
func canonicalBase(s string) string {
	ws := baseTypeWords(s)
	if ws == nil {
		return s
	}
	var signed, unsigned, char, short bool
	longs := 0
	for _, w := range ws {
		switch w {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "char":
			char = true
		case "short":
			short = true
		case "long":
			longs++
		}
	}
	var out []string
	if unsigned {
		out = append(out, "unsigned")
	} else if signed && char {
		out = append(out, "signed") // char and signed char differ
	}
	switch {
	case char:
		out = append(out, "char")
	case short:
		out = append(out, "short", "int")
	default:
		for i := 0; i < longs; i++ {
			out = append(out, "long")
		}
		out = append(out, "int")
	}
	return strings.Join(out, " ")
}

// Resolve strips typedefs and qualifiers: the type a value really has.
func Resolve(t dwarf.Type) dwarf.Type {
	for i := 0; t != nil && i < 64; i++ {
		switch tt := t.(type) {
		case *dwarf.TypedefType:
			t = tt.Type
		case *dwarf.QualType:
			t = tt.Type
		default:
			return t
		}
	}
	return t
}

// TypeName spells t as C does: "struct item *", "char [16]",
// "int (*)(int, int)", "const char *".
func TypeName(t dwarf.Type) string { return declare(t, "") }

func declare(t dwarf.Type, inner string) string {
	join := func(base string) string {
		if inner == "" {
			return base
		}
		return base + " " + inner
	}
	switch tt := t.(type) {
	case nil, *dwarf.VoidType:
		return join("void")
	case *dwarf.PtrType:
		s := "*" + inner
		switch tt.Type.(type) {
		case *dwarf.ArrayType, *dwarf.FuncType:
			s = "(" + s + ")"
		}
		return declare(tt.Type, s)
	case *dwarf.ArrayType:
		dim := "[]"
		if tt.Count >= 0 {
			dim = fmt.Sprintf("[%d]", tt.Count)
		}
		return declare(tt.Type, inner+dim)
	case *dwarf.FuncType:
		var ps []string
		for _, p := range tt.ParamType {
			if _, dots := p.(*dwarf.DotDotDotType); dots {
				ps = append(ps, "...")
				continue
			}
			ps = append(ps, TypeName(p))
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return declare(tt.ReturnType, inner+"("+strings.Join(ps, ", ")+")")
	case *RefType:
		s := "&" + inner
		if tt.RValue {
			s = "&&" + inner
		}
		if _, arr := tt.Type.(*dwarf.ArrayType); arr {
			s = "(" + s + ")"
		}
		return declare(tt.Type, s)
	case *BaseClass:
		return declare(tt.Type, inner)
	case *dwarf.QualType:
		if _, ptr := tt.Type.(*dwarf.PtrType); ptr {
			return declare(tt.Type, strings.TrimSpace(tt.Qual+" "+inner))
		}
		return tt.Qual + " " + declare(tt.Type, inner)
	case *dwarf.StructType:
		if tt.StructName == "" {
			return join(tt.Kind + " {...}")
		}
		return join(tt.Kind + " " + tt.StructName)
	case *dwarf.EnumType:
		if tt.EnumName == "" {
			return join("enum {...}")
		}
		return join("enum " + tt.EnumName)
	case *dwarf.TypedefType:
		return join(tt.Name)
	}
	if c := t.Common(); c != nil && c.Name != "" {
		return join(c.Name)
	}
	return join(t.String())
}

// Member is a field of a struct or union, found by name through
// anonymous members.
type Member struct {
	Name   string
	Type   dwarf.Type
	Offset int64 // bytes from the start of the outer struct
	// Bit fields: the value is BitSize bits starting BitOffset bits above
	// the least significant bit of the byte at Offset (little-endian).
	// Read LoadSize bytes at Offset, shift right by BitOffset, keep
	// BitSize bits and sign-extend for signed types. BitSize is 0 for
	// ordinary members.
	BitOffset int64
	BitSize   int64
	// Base marks a C++ base class subobject (no name; Type is the base),
	// whose members FindMember finds as it finds an anonymous struct's.
	Base bool
}

// LoadSize is the number of bytes (1, 2, 4 or 8) to read for a bit field.
func (m Member) LoadSize() int64 {
	n := (m.BitOffset + m.BitSize + 7) / 8
	for _, s := range []int64{1, 2, 4, 8} {
		if n <= s {
			return s
		}
	}
	return 8
}

// Members returns the member names of struct or union t (after Resolve),
// including those of anonymous members, in declaration order; nil for
// other types. For "did you mean" hints.
func Members(t dwarf.Type) []string {
	st, ok := Resolve(t).(*dwarf.StructType)
	if !ok {
		return nil
	}
	var out []string
	for _, f := range st.Field {
		if f.Name == "" {
			out = append(out, Members(baseOf(f))...)
			continue
		}
		out = append(out, f.Name)
	}
	return out
}

// FindMember looks name up in struct or union t (after Resolve), searching
// anonymous members too.
func FindMember(t dwarf.Type, name string) (Member, bool) {
	st, ok := Resolve(t).(*dwarf.StructType)
	if !ok {
		return Member{}, false
	}
	for _, f := range st.Field {
		if f.Name == name {
			return member(f), true
		}
	}
	for _, f := range st.Field {
		if f.Name != "" {
			continue
		}
		if m, ok := FindMember(baseOf(f), name); ok {
			m.Offset += f.ByteOffset
			return m, true
		}
	}
	return Member{}, false
}

// baseOf is the type of an anonymous field: a base class's, or the
// anonymous struct or union's.
func baseOf(f *dwarf.StructField) dwarf.Type {
	if b, ok := f.Type.(*BaseClass); ok {
		return b.Type
	}
	return f.Type
}

func member(f *dwarf.StructField) Member {
	m := Member{Name: f.Name, Type: f.Type, Offset: f.ByteOffset}
	if b, ok := f.Type.(*BaseClass); ok {
		m.Type, m.Base = b.Type, true
		return m
	}
	if f.BitSize == 0 {
		return m
	}
	var bit int64
	if f.ByteSize != 0 {
		// DW_AT_bit_offset (DWARF 2/3 style): counted from the most
		// significant bit of a ByteSize-byte storage unit at ByteOffset.
		bit = f.ByteOffset*8 + f.ByteSize*8 - f.BitOffset - f.BitSize
	} else {
		bit = f.DataBitOffset + f.ByteOffset*8
	}
	m.Offset, m.BitOffset, m.BitSize = bit/8, bit%8, f.BitSize
	return m
}

// EnumValues returns the enumerators of enum t (after Resolve), sorted by
// value.
func EnumValues(t dwarf.Type) []dwarf.EnumValue {
	et, ok := Resolve(t).(*dwarf.EnumType)
	if !ok {
		return nil
	}
	out := make([]dwarf.EnumValue, len(et.Val))
	for i, v := range et.Val {
		out[i] = *v
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Val < out[j].Val })
	return out
}

// StructMembers returns the direct members of struct or union t (after
// Resolve) in declaration order, with bit fields placed as FindMember
// places them. An anonymous struct or union member has an empty name;
// nil for other types.
func StructMembers(t dwarf.Type) []Member {
	st, ok := Resolve(t).(*dwarf.StructType)
	if !ok {
		return nil
	}
	out := make([]Member, 0, len(st.Field))
	for _, f := range st.Field {
		out = append(out, member(f))
	}
	return out
}
