package sema

import (
	"fmt"
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// C types defined in the script (struct A { int x[4]; }), laid out as the
// x86-64 System V ABI lays out C: each member at the next multiple of its
// alignment, bit fields packed into units of their type that they do not
// cross, the size a multiple of the largest alignment. A name defined in
// the script wins over the program's DWARF, as in bpftrace. Members may be
// the builtin types, types defined before, or pointers to anything the
// script defines (also later, or never: an incomplete struct).

// scriptTypes builds the script's C types; c.ctypes holds them by name
// ("struct A", "enum E").
func (c *checker) scriptTypes(decls []*parser.CDecl) {
	if len(decls) == 0 {
		return
	}
	c.defined = map[string]*Type{}
	done := map[string]bool{}
	for _, d := range decls {
		if d.Name == "" && d.Kind != "enum" {
			continue
		}
		name := d.Name
		if name == "" {
			name = fmt.Sprintf("(anonymous at %s)", d.Sp.Start)
		}
		key := d.Kind + " " + name
		if done[key] {
			c.diags.Errorf(d.NameSp, "%s is defined twice", key)
			continue
		}
		done[key] = true
		t := c.definedType(d.Kind, name)
		switch d.Kind {
		case "enum":
			t.Kind, t.Size, t.Signed = KindEnum, 4, true
			c.enumTypes = append(c.enumTypes, t)
			next := int64(0)
			for _, e := range d.Enums {
				if e.HasVal {
					next = e.Val
				}
				t.Enums = append(t.Enums, ir.Enumerator{Name: e.Name, Value: next})
				next++
			}
		default:
			c.layoutStruct(t, d)
		}
	}
}

// definedType returns the script type kind NAME, made incomplete if it is
// not defined yet.
func (c *checker) definedType(kind, name string) *Type {
	key := kind + " " + name
	if t := c.defined[key]; t != nil {
		return t
	}
	k := KindStruct
	switch kind {
	case "union":
		k = KindUnion
	case "enum":
		k = KindEnum
	}
	t := &Type{Kind: k, Name: key, Script: true}
	c.defined[key] = t
	return t
}

func (c *checker) layoutStruct(t *Type, d *parser.CDecl) {
	bit, align := 0, 1
	size := 0
	for _, f := range d.Fields {
		ft := c.fieldType(f)
		if ft == nil {
			continue
		}
		fa := alignOf(ft)
		if d.Packed {
			fa = 1 // __attribute__((packed)): no padding, as gcc lays it out
		}
		align = max(align, fa)
		m := Member{Name: f.Name, Type: ft}
		switch {
		case t.Kind == KindUnion:
			m.BitSize = f.BitSize
			size = max(size, ft.Size)
		case f.BitSize > 0:
			if !ft.IsInteger() && ft.Kind != KindEnum && ft.Kind != KindChar || f.BitSize > ft.Size*8 {
				c.diags.Errorf(f.Sp, "bit field %s needs an integer type of at least %d bits", f.Name, f.BitSize)
				continue
			}
			unit := ft.Size * 8
			if !d.Packed && bit/unit != (bit+f.BitSize-1)/unit {
				bit = (bit + unit - 1) / unit * unit
			}
			m.Offset, m.BitOffset, m.BitSize = bit/8, bit%8, f.BitSize
			bit += f.BitSize
		default:
			off := roundUp((bit+7)/8, fa)
			m.Offset = off
			bit = (off + ft.Size) * 8
		}
		t.Members = append(t.Members, m)
	}
	if t.Kind == KindStruct {
		size = (bit + 7) / 8
	}
	if d.Packed || d.Aligned > 0 {
		align = max(align, d.Aligned) // packed: 1, its members' alignment
		t.Align = align
	}
	t.Size = roundUp(size, align)
	if t.Size == 0 && len(d.Fields) > 0 {
		t.Size = 0 // only flexible arrays: size 0, as in C
	}
}

// fieldType resolves the type of a member, with its pointers and array
// dimensions.
func (c *checker) fieldType(f *parser.CField) *Type {
	name := strings.Join(strings.Fields(f.Type.Name), " ")
	var t *Type
	kind, rest, _ := strings.Cut(name, " ")
	switch {
	case f.Inline != nil && f.Inline.Name == "":
		t = &Type{Kind: KindStruct, Name: kind + " (anonymous)", Script: true}
		if kind == "union" {
			t.Kind = KindUnion
		}
		c.layoutStruct(t, f.Inline)
	case f.Inline != nil:
		t = c.definedType(kind, rest)
		c.layoutStruct(t, f.Inline)
	case kind == "struct" || kind == "union" || kind == "enum":
		t = c.definedType(kind, rest)
		if f.Type.Ptr == 0 && t.Size == 0 && len(t.Members) == 0 && t.Kind != KindEnum {
			c.errorf(f.Type, "%s is not defined before this member", name).
				WithHint("define it first, or make the member a pointer")
			return nil
		}
	case name == "void" && f.Type.Ptr > 0:
		t = Void
	case name == "float" || name == "double":
		t = &Type{Kind: KindFloat, Size: map[string]int{"float": 4, "double": 8}[name], Name: name, Script: true}
	default:
		base, ok := cTypes[name]
		if !ok {
			d := c.errorf(f.Type, "unknown type %q", name)
			if s := suggest(name, typeNames()); s != "" {
				d.WithHint("did you mean %q?", s)
			}
			return nil
		}
		t = scriptCType(name, base)
	}
	for range f.Type.Ptr {
		t = PointerTo(t)
	}
	base, dims := t.Name, ""
	for i := len(f.Dims) - 1; i >= 0; i-- {
		dims = fmt.Sprintf("[%d]", f.Dims[i]) + dims // named as DWARF's arrays are: int [2][3]
		t = &Type{Kind: KindArray, Elem: t, Len: f.Dims[i], Size: f.Dims[i] * t.Size, Name: base + " " + dims, Script: true}
	}
	return t
}

// enumConst looks name up among the enumerators of the script's enums.
func (c *checker) enumConst(name string) (*Type, int64, bool) {
	for _, t := range c.enumTypes {
		for _, e := range t.Enums {
			if e.Name == name {
				return t, e.Value, true
			}
		}
	}
	return nil, 0, false
}

func typeNames() []string {
	var names []string
	for n := range cTypes {
		names = append(names, n)
	}
	return names
}

// alignOf is t's alignment on x86-64.
func alignOf(t *Type) int {
	switch t.Kind {
	case KindArray:
		return alignOf(t.Elem)
	case KindStruct, KindUnion:
		if t.Align > 0 {
			return t.Align
		}
		a := 1
		for _, m := range t.Members {
			a = max(a, alignOf(m.Type))
		}
		return a
	}
	return max(1, min(t.Size, 8))
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }
