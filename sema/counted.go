package sema

import (
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
)

// This file maps the traced program's string and vector types onto the two
// counted values, which need no code per language:
//
//   - counted text: bytes at a pointer, with a length (Go's string {str,
//     len}). It is program text like a char *: printed quoted, read by
//     str(), compared with a literal, a map key, %s; read no further than
//     its length and the str() limit, so it needs no NUL.
//   - a counted sequence: N elements of a type at a pointer (Go's slice
//     {array, len, cap}), printed as [e0, e1, ...], at most SeqCap
//     elements.
//
// A language maps its DWARF struct onto one by naming the members that
// hold the pointer and the length (or, for a [begin, end) pair, the end
// pointer): one CountedRule in countedRules. The struct stays a struct
// (its fields still read with `.`); Type.Counted marks it.

// CountedRule describes a struct type that is a counted value.
type CountedRule struct {
	Lang debuginfo.Language // the binaries it applies to (LangAny: all)
	// Name is the struct's DWARF name; a trailing '*' matches any name
	// that starts with what precedes it ("[]*": every Go slice).
	Name string
	Text bool // counted text; else a sequence
	// Ptr, Len and End are member paths, dot-separated through nested
	// structs ("_M_impl._M_start"). Ptr is the data pointer, whose
	// pointee is the element type. Len is the element count (an
	// integer); with Len empty, End is a pointer one past the last
	// element.
	Ptr, Len, End string
	// Flag, Inline and InlineLen describe a short layout kept inside the
	// struct (libc++'s short string): while the bit field Flag is 0, the
	// value is the array member Inline, InlineLen (an integer or a bit
	// field) of its elements; else Ptr and Len hold it.
	Flag, Inline, InlineLen string
}

// countedRules is the one table of counted values, per language.
var countedRules = []CountedRule{
	// Go's compiler names the string header "string" and every slice
	// header "[]T" (cmd/compile/internal/dwarfgen; runtime.stringStruct
	// and runtime.slice are the same layouts).
	{Lang: debuginfo.LangGo, Name: "string", Text: true, Ptr: "str", Len: "len"},
	{Lang: debuginfo.LangGo, Name: "[]*", Ptr: "array", Len: "len"},
	// rustc names a str or slice reference "&str", "&[T]" (a fat pointer
	// {data_ptr, length}), and std's String and Vec<T> are Vec's RawVec
	// and len. RawVec keeps its pointer in a RawVecInner (1.80 and
	// later: a Unique<u8>, whose pointer Vec's parameter T types, as
	// sema/rust.go does) or itself (before: Debian 12's 1.63, a
	// Unique<T>); a rule whose members are missing does not apply, so the
	// first row that fits is the layout of the binary's std.
	{Lang: debuginfo.LangRust, Name: "&str", Text: true, Ptr: "data_ptr", Len: "length"},
	{Lang: debuginfo.LangRust, Name: "&mut str", Text: true, Ptr: "data_ptr", Len: "length"},
	{Lang: debuginfo.LangRust, Name: "&[*", Ptr: "data_ptr", Len: "length"},
	{Lang: debuginfo.LangRust, Name: "&mut [*", Ptr: "data_ptr", Len: "length"},
	{Lang: debuginfo.LangRust, Name: "String", Text: true, Ptr: "vec.buf.inner.ptr.pointer.pointer", Len: "vec.len"},
	{Lang: debuginfo.LangRust, Name: "Vec<*", Ptr: "buf.inner.ptr.pointer.pointer", Len: "len"},
	{Lang: debuginfo.LangRust, Name: "String", Text: true, Ptr: "vec.buf.ptr.pointer.pointer", Len: "vec.len"},
	{Lang: debuginfo.LangRust, Name: "String", Text: true, Ptr: "vec.buf.ptr.pointer", Len: "vec.len"},
	{Lang: debuginfo.LangRust, Name: "Vec<*", Ptr: "buf.ptr.pointer.pointer", Len: "len"},
	{Lang: debuginfo.LangRust, Name: "Vec<*", Ptr: "buf.ptr.pointer", Len: "len"},
	// libstdc++ (the C++11 ABI), by the qualified names debuginfo gives
	// C++ types; names only C++ can spell, so for any binary (a C++
	// library linked into a C program too). Members are found through
	// base classes (_M_impl's _M_start is in _Vector_impl_data).
	{Name: "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", Text: true,
		Ptr: "_M_dataplus._M_p", Len: "_M_string_length"},
	{Name: "std::vector<*", Ptr: "_M_impl._M_start", End: "_M_impl._M_finish"},
	// libc++ (clang's -stdlib=libc++, include/c++/v1/string): a union
	// __rep of __long {__is_long_:1, __cap_:63, __size_, __data_} and
	// __short {__is_long_:1, __size_:7, __data_[23]}, whose flag bit says
	// which one holds the string (libc++ 15 and later). The alternate
	// layout (_LIBCPP_ABI_ALTERNATE_STRING_LAYOUT) orders the members the
	// other way round with the same names: offsets come from DWARF, so
	// one row reads both. Older libc++ has no __is_long_ member (the flag
	// is the size's low bit): the row does not apply. Any allocator: the
	// allocator is __r_'s second element, after __rep.
	{Name: "std::__1::basic_string<char, *", Text: true,
		Ptr: "__r_.__value_.__l.__data_", Len: "__r_.__value_.__l.__size_",
		Flag: "__r_.__value_.__s.__is_long_", Inline: "__r_.__value_.__s.__data_", InlineLen: "__r_.__value_.__s.__size_"},
	{Name: "std::__1::vector<*", Ptr: "__begin_", End: "__end_"},
}

// Counted is a struct type read as a counted value: where its pointer
// and length are, found from a CountedRule.
type Counted struct {
	Text bool
	Elem *Type  // the element type (counted text: a 1-byte integer or char)
	Ptr  Member // the data pointer; Offset from the start of the struct
	Len  Member // the count, or with End the end pointer
	End  bool
	// Short is the layout kept inside the struct while Short.Flag is 0,
	// or nil.
	Short *CountedShort
}

// CountedShort is a counted value's inline layout (CountedRule.Flag): the
// elements are at Data.Offset in the struct, Len of them. Flag and Len
// are read as bit fields when BitSize is set.
type CountedShort struct {
	Flag, Data, Len Member
}

// SeqCap is the most elements of a counted sequence a record holds: the
// rest print as "...". A sequence of text ([]string, Vec<String>,
// std::vector<std::string>) holds TextSeqCap texts of at most
// ir.DefaultStr bytes each, each read as counted text is.
const (
	SeqCap     = 32
	TextSeqCap = 8
)

// counted returns how to read struct t of a binary of language lang as a
// counted value, or nil. A rule whose members are missing or of the wrong
// kinds does not apply (a C struct that happens to share a Go name).
func counted(t *Type, structName string, lang debuginfo.Language) *Counted {
	for _, r := range countedRules {
		if r.Lang != debuginfo.LangAny && r.Lang != lang {
			continue
		}
		if n, prefix := strings.CutSuffix(r.Name, "*"); prefix && !strings.HasPrefix(structName, n) || !prefix && structName != r.Name {
			continue
		}
		p, ok := memberPath(t, r.Ptr)
		if !ok || p.Type.Kind != KindPointer || p.Type.Elem == nil || p.Type.Elem.Size <= 0 {
			continue
		}
		out := &Counted{Text: r.Text, Elem: p.Type.Elem, Ptr: p}
		if r.Len != "" {
			out.Len, ok = memberPath(t, r.Len)
			ok = ok && out.Len.Type.Kind == KindInt && out.Len.Type.Size <= 8 && out.Len.BitSize == 0
		} else {
			out.Len, ok = memberPath(t, r.End)
			out.End = true
			ok = ok && out.Len.Type.Kind == KindPointer
		}
		if !ok || r.Text && out.Elem.Size != 1 || out.Elem.Size > ir.StMemMax {
			continue
		}
		if r.Flag != "" {
			if out.Short, ok = countedShort(t, r, out.Elem); !ok {
				continue
			}
		}
		return out
	}
	return nil
}

// countedShort finds the inline layout rule r names in t: a flag bit
// field, an array of elem, and an integer length that fits a load.
func countedShort(t *Type, r CountedRule, elem *Type) (*CountedShort, bool) {
	var s CountedShort
	var ok1, ok2, ok3 bool
	s.Flag, ok1 = memberPath(t, r.Flag)
	s.Data, ok2 = memberPath(t, r.Inline)
	s.Len, ok3 = memberPath(t, r.InlineLen)
	scalar := func(m Member) bool {
		return (m.Type.Kind == KindInt || m.Type.Kind == KindChar || m.Type.Kind == KindBool) &&
			m.Type.Size <= 8 && m.BitOffset+m.BitSize <= 8*m.Type.Size
	}
	if !ok1 || !ok2 || !ok3 || !scalar(s.Flag) || !scalar(s.Len) ||
		s.Data.Type.Kind != KindArray || s.Data.Type.Elem == nil || s.Data.Type.Elem.Size != elem.Size {
		return nil, false
	}
	return &s, true
}

// memberPath finds the member a dotted path names, its offset from the
// start of t.
func memberPath(t *Type, path string) (Member, bool) {
	var out Member
	off := 0
	for _, name := range strings.Split(path, ".") {
		if t.Kind != KindStruct && t.Kind != KindUnion {
			return Member{}, false
		}
		m, ok := findMember(t, name)
		if !ok {
			return Member{}, false
		}
		off += m.Offset
		out, t = m, m.Type
	}
	out.Offset = off
	return out, true
}

// isCountedText reports whether t reads as counted text: counted text,
// or a Go interface (its error text or its dynamic type's name, read the
// same way: golang.go).
func isCountedText(t *Type) bool { return t.ReadsAsText() }

// ReadsAsText reports whether gen reads values of t as counted text
// (gen's countedText): counted text or a Go interface.
func (t *Type) ReadsAsText() bool {
	return t != nil && (t.Counted != nil && t.Counted.Text || isGoIface(t))
}

// isCountedSeq reports whether t is a counted sequence.
func isCountedSeq(t *Type) bool { return t != nil && t.Counted != nil && !t.Counted.Text }

// seqCap is how many elements of counted sequence t a record holds.
func seqCap(t *Type) int {
	if isCountedText(t.Counted.Elem) {
		return TextSeqCap
	}
	es := t.Counted.Elem.Size
	return max(1, min(SeqCap, ir.StMemMax/es))
}

// irSeq is the record type of counted sequence t: seqCap elements, then
// the u64 count the program had (ir.KindSeq). The elements of a sequence
// of text are string slots (gen's countedSeqAt reads each).
func irSeq(t *Type) *ir.Type {
	el := irMem(t.Counted.Elem)
	if isCountedText(t.Counted.Elem) {
		el = IR(StringOf(ir.DefaultStr))
	}
	n := seqCap(t)
	return &ir.Type{Kind: ir.KindSeq, Size: ir.Align8(n*el.Size) + 8, Name: t.Name, Elem: el, Len: n}
}

// IsTextSeq reports whether t is a counted sequence of text, whose
// elements gen reads one by one.
func IsTextSeq(t *Type) bool { return isCountedSeq(t) && isCountedText(t.Counted.Elem) }
