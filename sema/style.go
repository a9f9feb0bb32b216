package sema

import (
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
)

// This file decides how the values of each language print (ir.Style), one
// rule per language as counted.go's countedRules are, so that a language
// is data here and the renderers never ask which language a value came
// from. A new language is a row in styleRules.

// StyleRule is how the values of one language print.
type StyleRule struct {
	ir.Style
	// Named marks a language whose records print their type's short name
	// before their fields (Rust's Entry {id: 1}), tuple fields (__0, __1,
	// ...) by position, and a tuple type ("(u8, i64)") without a name.
	Named bool
}

// styleRules are the rules of the languages whose values print otherwise
// than C's; C's and the script's types have the zero Style (gdb's C,
// bpftrace's where the script holds the value), and the types the script
// defines print as bpftrace prints them (scriptStyle).
var styleRules = map[debuginfo.Language]StyleRule{
	// Go's values print in gdb's C syntax, also where the script holds
	// them.
	debuginfo.LangGo: {Style: ir.Style{Fixed: true}},
	// Rust's print as gdb's Rust without module paths, which is also how
	// Rust's {:?} prints: Entry {id: 3}, Point(1, 2), Some(5), 'é', 1.0.
	debuginfo.LangRust: {Style: ir.Style{Syntax: ir.SyntaxRust, Fixed: true, CodePoint: true, Float: ir.FloatDebug}, Named: true},
}

// scriptStyle is the Style of a type the script defines (cdecl.go):
// bpftrace's, { .m = 2, .n = 3 } and [1,2,3].
var scriptStyle = ir.Style{Syntax: ir.SyntaxBt}

// styleOf returns how values of t print.
func styleOf(t *Type) ir.Style {
	if t.Script {
		return scriptStyle
	}
	r := styleRules[t.Lang]
	s := r.Style
	if r.Named && (t.Kind == KindStruct || t.Kind == KindUnion) {
		if !strings.HasPrefix(t.Name, "(") { // a tuple has no name to print
			s.Prefix = shortName(t.Name)
		}
		s.Tuple = isTupleFields(t.Members)
	}
	return s
}

// variantTuple reports whether the fields of variant v print by position
// (Some(5)) in t's language.
func variantTuple(t *Type, v Variant) bool {
	return styleRules[t.Lang].Named && isTupleFields(v.Fields.Members)
}

// isTupleFields reports whether ms are a tuple's fields: __0, __1, ...
func isTupleFields(ms []Member) bool {
	for i, m := range ms {
		if m.Name != "__"+strconv.Itoa(i) {
			return false
		}
	}
	return len(ms) > 0
}

// shortName is a type's name without module path and generic arguments:
// "Vec" for "alloc::vec::Vec<i64, alloc::alloc::Global>".
func shortName(name string) string {
	if i := strings.IndexByte(name, '<'); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndex(name, "::"); i >= 0 {
		name = name[i+2:]
	}
	return name
}
