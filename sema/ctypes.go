package sema

import (
	"debug/dwarf"
	"fmt"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
)

// This file turns the traced program's C types (debug/dwarf) into sema
// types, and sema's C types into the record types the runtime prints.
//
// Conventions of the C kinds:
//   - typedefs and qualifiers are resolved; a typedef of a scalar keeps its
//     name for display, a typedef of a struct or union is the struct itself
//     (structs may refer to themselves, so they are never copied)
//   - a function type is a Type of KindFunc named as C spells it ("int
//     (int, int)"); only pointers to it appear as values, and they print
//     as symbol+offset (ir.KindSymbol)
//   - an array of unknown length (a flexible array member) has Len 0
//   - an incomplete struct has no members and size 0

// ctypes converts DWARF types, once each.
type ctypes struct {
	memo map[dwarf.Type]*Type
	lang debuginfo.Language // of the binary whose types these are
	rust *debuginfo.Debug   // a Rust binary's DWARF (rust.go)
	bin  *debuginfo.Binary  // the binary, nil for none
}

func newCTypes() *ctypes { return &ctypes{memo: map[dwarf.Type]*Type{}, lang: debuginfo.LangC} }

// of returns the converter for the types of bin: the same memo (types of
// different binaries are different dwarf.Types), bin's language.
func (ct *ctypes) of(bin *debuginfo.Binary) *ctypes {
	if bin == nil {
		return ct
	}
	out := &ctypes{memo: ct.memo, lang: bin.Language(), bin: bin}
	if out.lang == debuginfo.LangRust {
		out.rust, _ = bin.Debug()
	}
	return out
}

// convert returns the sema type of t; nil t is void.
func (ct *ctypes) convert(t dwarf.Type) *Type {
	if t == nil {
		return Void
	}
	if st, ok := ct.memo[t]; ok {
		return st
	}
	switch tt := t.(type) {
	case *dwarf.QualType:
		st := ct.convert(tt.Type)
		ct.memo[t] = st
		return st
	case *dwarf.TypedefType:
		under := ct.convert(tt.Type)
		if ct.lang == debuginfo.LangGo {
			if gt := ct.goTypedef(tt, under); gt != nil {
				ct.memo[t] = gt
				return gt // golang.go
			}
		}
		if under.Kind == KindStruct || under.Kind == KindUnion || under.Kind == KindVoid {
			ct.memo[t] = under
			return under
		}
		cp := *under
		cp.Name = tt.Name
		ct.memo[t] = &cp
		return &cp
	}
	st := &Type{Name: debuginfo.TypeName(t), Size: int(t.Size())}
	if ct.lang == debuginfo.LangGo {
		st.Name = goTypeName(t, st.Name) // golang.go
		st.Lang = debuginfo.LangGo
	}
	ct.memo[t] = st // before recursing: a struct may point to itself
	switch tt := t.(type) {
	case *dwarf.VoidType, *dwarf.UnspecifiedType:
		*st = *Void
	case *dwarf.BoolType:
		st.Kind = KindBool
	case *dwarf.CharType:
		st.Kind, st.Signed = KindChar, true
	case *dwarf.UcharType:
		st.Kind = KindChar
	case *dwarf.IntType:
		st.Kind, st.Signed = KindInt, true
	case *dwarf.UintType, *dwarf.AddrType:
		st.Kind = KindInt
	case *dwarf.FloatType:
		st.Kind = KindFloat
	case *dwarf.ComplexType:
		// Printed as its two parts; gs does no arithmetic on it.
		half := &Type{Kind: KindFloat, Size: st.Size / 2, Name: "double"}
		st.Kind, st.Elem, st.Len = KindArray, half, 2
	case *dwarf.EnumType:
		st.Kind = KindEnum
		for _, v := range tt.Val {
			st.Enums = append(st.Enums, ir.Enumerator{Name: v.Name, Value: v.Val})
			if v.Val < 0 {
				st.Signed = true
			}
		}
	case *dwarf.PtrType:
		st.Kind, st.Size = KindPointer, 8
		st.Elem = ct.convert(tt.Type)
		st.AutoDeref = ct.lang == debuginfo.LangGo
	case *debuginfo.RefType:
		// A reference member: its address (variables of reference type
		// are the objects themselves, debuginfo.Var.Ref).
		st.Kind, st.Size = KindPointer, 8
		st.Elem = ct.convert(tt.Type)
	case *dwarf.FuncType:
		st.Kind, st.Size = KindFunc, 0
	case *dwarf.ArrayType:
		st.Kind = KindArray
		st.Elem = ct.convert(tt.Type)
		if tt.Count > 0 {
			st.Len = int(tt.Count)
		}
		st.Size = st.Len * st.Elem.Size
	case *dwarf.StructType:
		st.Kind = KindStruct
		if tt.Kind == "union" {
			st.Kind = KindUnion
		}
		if tt.Incomplete {
			st.Size = 0
			break
		}
		for _, m := range debuginfo.StructMembers(tt) {
			st.Members = append(st.Members, Member{
				Name: m.Name, Offset: int(m.Offset), BitOffset: int(m.BitOffset), BitSize: int(m.BitSize),
				Type: ct.convert(m.Type), Base: m.Base,
			})
		}
		st.Counted = counted(st, tt.StructName, ct.lang)
		if st.Counted == nil && ct.lang != debuginfo.LangRust && ct.lang != debuginfo.LangGo {
			st.Choice = ct.choice(st, tt.StructName) // choice.go
			st.Nodes = ct.nodes(st, tt.StructName)   // nodes.go
		}
		viewOf(st) // std::unique_ptr and the like stand for what they hold (cxx.go)
	default:
		// DotDotDotType and the like never name a value.
		st.Kind = KindVoid
		st.Name = t.String()
	}
	if st.Size < 0 {
		st.Size = 0
	}
	if ct.rust != nil {
		ct.rustType(st, t)
	}
	return st
}

// IsC reports whether t is a type of the traced program's C (pointer,
// struct, union, array, enum, char, float) rather than a script type.
func (t *Type) IsC() bool { return t.Kind >= KindChar && t.Kind <= KindVariant }

// isFuncPtr reports whether t points to a function.
func isFuncPtr(t *Type) bool {
	return t.Kind == KindPointer && t.Elem != nil && t.Elem.Kind == KindFunc
}

// isCharPtr reports whether t is a pointer to char (char *, const char *,
// unsigned char *), which prints as the string it points to.
func isCharPtr(t *Type) bool {
	return t.Kind == KindPointer && t.Elem != nil && t.Elem.Kind == KindChar && t.Elem.Size == 1
}

// isCharArray reports whether t is an array of char.
func isCharArray(t *Type) bool {
	return t.Kind == KindArray && t.Elem != nil && t.Elem.Kind == KindChar && t.Elem.Size == 1
}

// isBytes reports whether values of t are copied as raw bytes (OpStMem)
// rather than held in a register: aggregates, floats and integers wider
// than 64 bits.
func isBytes(t *Type) bool {
	switch t.Kind {
	case KindStruct, KindUnion, KindArray, KindFloat, KindVariant:
		return true
	}
	return isWide(t)
}

// irC returns the record type of a C type held as raw bytes (see isBytes),
// or nil for the kinds IR handles itself.
func irC(t *Type) *ir.Type {
	if !isBytes(t) {
		return nil
	}
	return irMem(t)
}

// irValue is the record type of a top-level value of t: a register slot
// (IR) for scalars, the raw bytes for everything isBytes.
func irValue(t *Type) *ir.Type {
	switch {
	case isBytes(t):
		return irMem(t)
	case isFuncPtr(t):
		return &ir.Type{Kind: ir.KindSymbol, Size: 8, Name: t.Name}
	}
	return IR(t)
}

// irMem is the record type of t laid out as the program lays it out in
// memory: members of structs and elements of arrays at their C sizes.
// Pointers stop the recursion (their Elem stays nil), so self-referential
// structs are finite.
func irMem(t *Type) *ir.Type {
	out := &ir.Type{Size: t.Size, Name: t.Name, Style: styleOf(t)}
	switch t.Kind {
	case KindInt:
		out.Kind = ir.KindInt
		if !t.Signed {
			out.Kind = ir.KindUint
		}
	case KindBool:
		out.Kind = ir.KindBool
	case KindChar:
		out.Kind, out.Unsigned = ir.KindChar, !t.Signed
	case KindEnum:
		out.Kind, out.Enums = ir.KindEnum, t.Enums
	case KindFloat:
		out.Kind = ir.KindFloat
	case KindPointer:
		out.Kind = ir.KindPointer
		if isFuncPtr(t) {
			out.Kind = ir.KindSymbol
		}
	case KindStruct, KindUnion:
		if t.Choice != nil {
			irVariants(out, t, t.Choice) // choice.go: printed as the alternative it holds
			break
		}
		out.Kind = ir.KindStruct
		if t.Kind == KindUnion {
			out.Kind = ir.KindUnion
		}
		// A char * member prints as a pointer: the dump copies the
		// struct's bytes only, not what its pointers point to.
		for _, m := range t.Members {
			out.Members = append(out.Members, ir.Member{
				Name: m.displayName(), Offset: m.Offset + viewAt(m.Type), BitOffset: m.BitOffset, BitSize: m.BitSize, Type: irMem(m.Type),
			})
		}
	case KindArray:
		out.Kind, out.Elem, out.Len = ir.KindArray, irMem(t.Elem), t.Len
	case KindVariant:
		irVariant(out, t)
	default:
		out.Kind = ir.KindUint // void and function types have no bytes to print
	}
	return out
}

// truncate returns the record type of the first n bytes of a value of
// record type t (n < t.Size): whole array elements and the members that
// fit.
func truncate(t *ir.Type, n int) *ir.Type {
	cp := *t
	cp.Size = n
	switch t.Kind {
	case ir.KindArray:
		if es := t.Elem.Size; es > 0 {
			cp.Len = n / es
			cp.Size = cp.Len * es
		}
	case ir.KindStruct, ir.KindUnion:
		cp.Members = nil
		for _, m := range t.Members {
			end := m.Offset + m.Type.Size
			if m.BitSize > 0 {
				end = m.Offset + (m.BitOffset+m.BitSize+7)/8
			}
			if end <= n {
				cp.Members = append(cp.Members, m)
			} else if m.Offset < n && (m.Type.Kind == ir.KindArray || m.Type.Kind == ir.KindStruct) {
				m.Type = truncate(m.Type, n-m.Offset)
				cp.Members = append(cp.Members, m)
			}
		}
	default:
		cp.Kind, cp.Elem, cp.Len = ir.KindArray, &ir.Type{Kind: ir.KindUint, Size: 1, Name: "unsigned char"}, n
	}
	return &cp
}

// signature describes t's layout, to tell whether two probes see the same
// type under one name (the same struct in two binaries, say).
func signature(t *Type) string {
	var b strings.Builder
	var walk func(t *Type, depth int)
	walk = func(t *Type, depth int) {
		fmt.Fprintf(&b, "%d:%s:%d", t.Kind, t.Name, t.Size)
		if depth > 3 {
			return
		}
		switch t.Kind {
		case KindStruct, KindUnion:
			b.WriteString("{")
			for _, m := range t.Members {
				fmt.Fprintf(&b, "%s@%d.%d.%d ", m.Name, m.Offset, m.BitOffset, m.BitSize)
				walk(m.Type, depth+1)
			}
			b.WriteString("}")
		case KindArray:
			fmt.Fprintf(&b, "[%d]", t.Len)
			walk(t.Elem, depth+1)
		case KindPointer:
			b.WriteString("*")
			if t.Elem != nil {
				walk(t.Elem, depth+2)
			}
		}
	}
	walk(t, 0)
	return b.String()
}

// PointerTo returns the type of a pointer to t.
func PointerTo(t *Type) *Type {
	name := t.Name + " *"
	if strings.HasSuffix(t.Name, "*") {
		name = t.Name + "*"
	}
	return &Type{Kind: KindPointer, Size: 8, Elem: t, Name: name}
}

// findMember looks name up in struct or union t, through anonymous
// members; the offset is from the start of t.
func findMember(t *Type, name string) (Member, bool) {
	for _, m := range t.Members {
		if m.Name == name {
			return m, true
		}
	}
	for _, m := range t.Members {
		if (m.Name == "" || m.Base) && (m.Type.Kind == KindStruct || m.Type.Kind == KindUnion) {
			if sub, ok := findMember(m.Type, name); ok {
				sub.Offset += m.Offset
				return sub, true
			}
		}
	}
	return Member{}, false
}

// memberNames lists the names findMember accepts, for suggestions.
func memberNames(t *Type) []string {
	var out []string
	for _, m := range t.Members {
		if m.Name == "" || m.Base {
			out = append(out, memberNames(m.Type)...)
		} else {
			out = append(out, m.Name)
		}
	}
	return out
}
