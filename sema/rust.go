package sema

import (
	"debug/dwarf"
	"fmt"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file gives the traced program's Rust types their Rust meaning:
//
//   - an enum with fields is a KindVariant: its value is one of its
//     variants, which the discriminant selects (a tag, or a niche: the
//     invalid values of a field of the dataful variant, as in
//     Option<&T> where 0 is None); the runtime picks the variant
//   - `.` reads through references, raw pointers, Box, Rc and Arc the way
//     Rust code reads (entry.id where entry: &Entry): each pointer on
//     the way is loaded (Values.Derefs)
//   - names are Rust's ("&ledger::Entry", "Option<i32>", "[i64; 3]")
//     and values print in Rust's syntax (style.go)

// RustType is what a Rust type adds to a Type.
type RustType struct {
	// Discr and Variants describe a KindVariant: Discr (nil for one
	// variant) is the discriminant, Offset from the value's start.
	Discr    *Member
	Variants []Variant
	// Std is the std container a struct is, and Elem its T.
	Std  debuginfo.RustStd
	Elem *Type
}

// Variant is one variant of a Rust enum.
type Variant struct {
	Name string
	// Value selects the variant (the discriminant's bits); Default marks
	// the variant of every value no other variant has.
	Value   uint64
	Default bool
	// Fields is a struct of the variant's fields (tuple variants name
	// them __0, __1, ...), at Offset from the start of the enum value.
	Fields *Type
	Offset int
}

// rustType finishes st, converted from t in a Rust binary: names, and
// for structs the enums and std containers.
func (ct *ctypes) rustType(st *Type, t dwarf.Type) {
	st.Lang = debuginfo.LangRust
	switch tt := t.(type) {
	case *dwarf.PtrType:
		if n := tt.Common().Name; n != "" {
			st.Name = n
		}
	case *dwarf.StructType:
		if tt.StructName != "" {
			st.Name = tt.StructName
		}
		if tt.Incomplete {
			return
		}
		if en, ok := ct.rust.RustEnum(tt); ok {
			st.Kind = KindVariant
			st.Rust = &RustType{}
			if en.Discr != nil {
				st.Rust.Discr = &Member{Name: en.Discr.Name, Offset: int(en.Discr.Offset), Type: ct.convert(en.Discr.Type)}
			}
			for _, v := range en.Variants {
				st.Rust.Variants = append(st.Rust.Variants, Variant{
					Name: v.Name, Value: v.Value, Default: v.Default, Fields: ct.convert(v.Type), Offset: int(v.Offset),
				})
			}
			return
		}
		if std, elem := ct.rust.RustStdType(tt); std != debuginfo.RustNone {
			st.Rust = &RustType{Std: std}
			if elem != nil {
				st.Rust.Elem = ct.convert(elem)
			}
		}
		if st.Counted != nil && st.Rust != nil && st.Rust.Std == debuginfo.RustVec {
			// The counted rule found Vec's pointer, which is to u8.
			if el := st.Rust.Elem; el != nil && el.Size > 0 && el.Size <= ir.StMemMax {
				st.Counted.Elem = el
			} else {
				st.Counted = nil // a Vec of zero-sized T: its struct
			}
		}
	case *dwarf.EnumType:
		if tt.EnumName != "" {
			st.Name = tt.EnumName
		}
	case *dwarf.ArrayType:
		if tt.Count >= 0 {
			st.Name = fmt.Sprintf("[%s; %d]", st.Elem.Name, st.Len)
		}
	default:
		if n := t.Common().Name; n != "" {
			st.Name = n
		}
		if st.Name == "()" && st.Size == 0 {
			st.Kind = KindStruct // the unit type: a tuple of nothing, printed ()
		}
	}
}

// irVariant fills out, the record type of KindVariant t.
func irVariant(out *ir.Type, t *Type) { irVariants(out, t, t.Rust) }

// irVariants fills out, the record type of a value of t with r's
// variants.
func irVariants(out *ir.Type, t *Type, r *RustType) {
	out.Kind = ir.KindVariants
	if d := r.Discr; d != nil {
		out.Discr = &ir.Member{Name: d.Name, Offset: d.Offset, Type: irMem(d.Type)}
	}
	for _, v := range r.Variants {
		iv := ir.Variant{Name: v.Name, Value: v.Value, Default: v.Default, Tuple: variantTuple(t, v)}
		if d := r.Discr; d != nil && d.Type.Size < 8 {
			iv.Value &= 1<<(8*d.Type.Size) - 1
		}
		for _, m := range v.Fields.Members {
			iv.Members = append(iv.Members, ir.Member{
				Name: m.Name, Offset: v.Offset + m.Offset, BitOffset: m.BitOffset, BitSize: m.BitSize, Type: irMem(m.Type),
			})
		}
		out.Variants = append(out.Variants, iv)
	}
}

// Derefs are the pointers a Rust `.` or `*` follows: starting at the
// place of the operand, each of Steps advances that many bytes and loads
// the pointer there, whose target is the next place; then Off advances
// (for a field, its Member's Offset says where it is instead).
type Derefs struct {
	Steps []int
	Off   int
}

// rustThrough follows what a Rust `.` reads through from a value of type
// t: references, raw pointers and Box (pointers in Rust's DWARF), Rc and
// Arc. It returns the loads and the type reached, at adv from the last
// place.
func rustThrough(t *Type) (steps []int, to *Type, adv int) {
	to = t
	for range 8 {
		if to.Kind == KindPointer && to.Elem != nil && to.Elem.Kind != KindVoid && to.Elem.Kind != KindFunc {
			steps = append(steps, adv)
			to, adv = to.Elem, 0
			continue
		}
		if inner, ptrOff, valOff, ok := rustShared(to); ok {
			steps = append(steps, adv+ptrOff)
			to, adv = inner, valOff
			continue
		}
		break
	}
	return steps, to, adv
}

// rustField checks X.NAME on a Rust value: through what rustThrough
// follows, and with a tuple's fields named by number (pair.0 is DWARF's
// __0). done is false for a plain struct's named field, which C's rules
// check.
func (c *checker) rustField(e *parser.FieldExpr, xt *Type) (t *Type, done bool) {
	steps, t, adv := rustThrough(xt)
	name := e.Name
	if strings.Trim(name, "0123456789") == "" {
		name = "__" + name
	}
	x := c.text(e.X)
	if t.Kind == KindVariant {
		c.errorf(e.X, "%s has no fields: it is %s, an enum", x, t).
			WithHint("print(%s) shows its variant and the variant's fields", x)
		return nil, true
	}
	if len(steps) == 0 && name == e.Name {
		return nil, false
	}
	if t.Kind != KindStruct && t.Kind != KindUnion {
		if len(steps) > 0 {
			c.errorf(e.X, "%s has no fields: it refers to %s", x, t)
		} else {
			c.errorf(e.X, "%s has no fields: it is %s", x, t)
		}
		return nil, true
	}
	if len(t.Members) == 0 && t.Size > 0 {
		c.errorf(e.X, "%s is incomplete: its definition is not in the program's DWARF", t)
		return nil, true
	}
	m, ok := findMember(t, name)
	if !ok {
		d := c.diags.Errorf(e.NameSp, "%s has no field %q", t, e.Name)
		if s := diag.Suggest(e.Name, memberNames(t)); s != "" {
			d.WithHint("did you mean %q?", strings.TrimPrefix(s, "__"))
		}
		return nil, true
	}
	m.Offset += adv
	c.vals().Members[e] = m
	if len(steps) > 0 {
		c.vals().Derefs[e] = Derefs{Steps: steps}
	}
	return m.Type, true
}

// rustDeref checks *X of an Rc or Arc: the value it shares. ok is false
// for everything else, which C's rules check (references and Box are
// pointers).
func (c *checker) rustDeref(e *parser.UnaryExpr, xt *Type) (*Type, bool) {
	inner, ptrOff, valOff, ok := rustShared(xt)
	if !ok {
		return nil, false
	}
	c.vals().Derefs[e] = Derefs{Steps: []int{ptrOff}, Off: valOff}
	return inner, true
}

// rustShared reports the layout of an Rc<T> or Arc<T>: the pointer to
// its RcInner (ArcInner) is at ptrOff, and the T in it at valOff.
func rustShared(t *Type) (inner *Type, ptrOff, valOff int, ok bool) {
	if t.Rust == nil || t.Rust.Std != debuginfo.RustRc && t.Rust.Std != debuginfo.RustArc {
		return nil, 0, 0, false
	}
	nn, ok1 := findMember(t, "ptr") // NonNull<RcInner<T>>
	if !ok1 {
		return nil, 0, 0, false
	}
	p, ok2 := findMember(nn.Type, "pointer")
	if !ok2 || p.Type.Kind != KindPointer || p.Type.Elem == nil {
		return nil, 0, 0, false
	}
	field := "value"
	if t.Rust.Std == debuginfo.RustArc {
		field = "data"
	}
	v, ok3 := findMember(p.Type.Elem, field)
	if !ok3 {
		return nil, 0, 0, false
	}
	return v.Type, nn.Offset + p.Offset, v.Offset, true
}
