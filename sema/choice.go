package sema

import (
	"strconv"
	"strings"
)

// This file maps C++ library types that hold one of several things onto a
// choice: a value whose bytes say which of its alternatives it holds
// (std::optional: a value or none; std::variant: one of its types). The
// struct stays a struct for `.`; Type.Choice marks it, and its record
// type is an ir.KindVariants in gdb's C++ shape, as gdb's libstdc++
// pretty-printers print them (libstdcxx/v6/printers.py):
//
//	std::optional<int> = {[contained value] = 42}
//	std::optional<int> [no contained value]
//	std::variant<int, std::string> [index 1] = {"vstr"}
//
// A language maps its struct onto a choice by naming members, as
// countedRules does for counted values: one ChoiceRule in choiceRules.

// ChoiceRule describes a struct type that is a choice.
type ChoiceRule struct {
	// Name is the struct's DWARF name; a trailing '*' matches any name
	// that starts with what precedes it.
	Name    string
	Variant bool // a std::variant: Flag is the index; else an optional
	// Flag is the member path of the integer that selects: an optional's
	// engaged flag, a variant's index. Value is an optional's contained
	// value, or a variant's union of alternatives (libstdc++'s
	// _Variadic_union: _M_first, then the rest in _M_rest).
	Flag, Value string
	// Alt names a variant's union members: the first alternative's, its
	// value's in it, and the rest's (libstdc++'s _M_first, _M_storage,
	// _M_rest); empty: libstdc++'s.
	Alt []string
}

// choiceRules is the one table of choices.
var choiceRules = []ChoiceRule{
	// libstdc++ (include/c++/12/optional): _Optional_base holds an
	// _Optional_payload whose base _Optional_payload_base has the union
	// _M_payload {_M_empty, _M_value} and bool _M_engaged.
	{Name: "std::optional<*", Flag: "_M_payload._M_engaged", Value: "_M_payload._M_payload._M_value"},
	// libc++ (include/c++/v1/optional): __optional_destruct_base's
	// anonymous union {__null_state_, __val_} and bool __engaged_.
	{Name: "std::__1::optional<*", Flag: "__engaged_", Value: "__val_"},
	// libstdc++ (include/c++/12/variant): _Variant_storage's _M_u, a
	// _Variadic_union of _Uninitialized<T> (T in _M_storage), and the
	// index _M_index (variant_npos, all ones: valueless).
	{Name: "std::variant<*", Variant: true, Flag: "_M_index", Value: "_M_u"},
	// libc++ (include/c++/v1/variant): __impl_'s base __base has the
	// __union __data (__head, an __alt holding __value, and __tail) and
	// __index, an unsigned char for fewer than 255 alternatives
	// (all ones: valueless).
	{Name: "std::__1::variant<*", Variant: true, Flag: "__impl_.__index", Value: "__impl_.__data",
		Alt: []string{"__head", "__value", "__tail"}},
}

// maxAlternatives is the most alternatives of a variant read as a choice.
const maxAlternatives = 32

// choice returns how struct t (named structName) is a choice, or nil. A
// rule whose members are missing, or a variant an alternative of which
// has no type gs can find, does not apply: t prints as its members.
func (ct *ctypes) choice(t *Type, structName string) *RustType {
	for _, r := range choiceRules {
		if n, prefix := strings.CutSuffix(r.Name, "*"); prefix && !strings.HasPrefix(structName, n) || !prefix && structName != r.Name {
			continue
		}
		flag, ok1 := memberPath(t, r.Flag)
		val, ok2 := memberPath(t, r.Value)
		if !ok1 || !ok2 || flag.BitSize > 0 || flag.Type.Size > 8 ||
			flag.Type.Kind != KindBool && flag.Type.Kind != KindInt && flag.Type.Kind != KindChar {
			continue
		}
		name := gdbTypeName(structName)
		if !r.Variant {
			return &RustType{Discr: &flag, Variants: []Variant{
				{Name: name, Value: 1, Offset: val.Offset, Fields: fields(Member{Name: "[contained value]", Type: val.Type})},
				{Name: name + " [no contained value]", Value: 0, Default: true, Fields: fields()},
			}}
		}
		names := r.Alt
		if names == nil {
			names = []string{"_M_first", "_M_storage", "_M_rest"}
		}
		alts, ok := ct.alternatives(val, names)
		if !ok {
			continue
		}
		out := &RustType{Discr: &flag}
		for i, a := range alts {
			out.Variants = append(out.Variants, Variant{
				Name: name + " [index " + strconv.Itoa(i) + "]", Value: uint64(i), Offset: a.Offset, Fields: fields(Member{Type: a.Type}),
			})
		}
		out.Variants = append(out.Variants, Variant{Name: name + " [no contained value]", Default: true, Fields: fields()})
		return out
	}
	return nil
}

// alternatives walks libstdc++'s _Variadic_union u: each _M_first holds
// an alternative in its _M_storage (the T itself, or for a T that is not
// trivially destructible, an __aligned_membuf<T> of bytes, whose T is
// looked up by name), and _M_rest the others.
// names are the members' names (ChoiceRule.Alt): libc++'s __head,
// __value and __tail are the same walk.
func (ct *ctypes) alternatives(u Member, names []string) ([]Member, bool) {
	var out []Member
	for len(out) <= maxAlternatives {
		first, ok := findMember(u.Type, names[0])
		if !ok {
			return out, len(out) > 0
		}
		st, ok := findMember(first.Type, names[1])
		if !ok {
			return nil, false
		}
		at := st.Type
		if n, ok := strings.CutPrefix(className(at), "__gnu_cxx::__aligned_membuf<"); ok {
			if at = ct.named(strings.TrimSuffix(n, ">")); at == nil || at.Size > st.Type.Size {
				return nil, false
			}
		}
		out = append(out, Member{Offset: u.Offset + first.Offset + st.Offset, Type: at})
		rest, ok := findMember(u.Type, names[2])
		if !ok {
			return out, true
		}
		rest.Offset += u.Offset
		u = rest
	}
	return nil, false
}

// named returns the program's type of that name, or nil.
func (ct *ctypes) named(name string) *Type {
	if ct.bin == nil {
		return nil
	}
	d, err := ct.bin.Debug()
	if err != nil {
		return nil
	}
	t, err := d.Types(strings.TrimSpace(name))
	if err != nil {
		return nil
	}
	return ct.convert(t)
}

// fields is a struct of the members ms.
func fields(ms ...Member) *Type {
	return &Type{Kind: KindStruct, Members: ms}
}

// gdbTypeName spells a C++ type name as gdb prints it: libstdc++'s
// basic_string<char> is std::string (libstdcxx/v6/printers.py's type
// recognizer), and the base types in template arguments are as gdb names
// them, not as gcc's DWARF does ("long", not "long int").
func gdbTypeName(n string) string {
	n = strings.ReplaceAll(n, "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string")
	n = strings.ReplaceAll(n, "std::__1::basic_string<char, std::__1::char_traits<char>, std::__1::allocator<char> >", "std::string")
	n = strings.ReplaceAll(n, "std::string >", "std::string>")
	n = strings.ReplaceAll(n, "std::__1::", "std::") // libc++'s inline namespace, as its printers.py drops it
	return gdbBaseNames.Replace(n)
}

// gdbBaseNames rewrites gcc's names of base types to gdb's, longest first.
var gdbBaseNames = strings.NewReplacer(
	"long long unsigned int", "unsigned long long",
	"long long int", "long long",
	"long unsigned int", "unsigned long",
	"short unsigned int", "unsigned short",
	"long int", "long",
	"short int", "short",
)
