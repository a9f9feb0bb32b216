package output

import "github.com/gs-tracer/gs/ir"

// Presentation comes from sema as data (ir.Style, ir.Variant.Tuple): the
// walkers read it and never ask which language a value came from.

// styleOf is t's presentation; a nil type (a Malformed value's) has gdb's.
func styleOf(t *ir.Type) ir.Style {
	if t == nil {
		return ir.Style{}
	}
	return t.Style
}

// isHeld reports whether values of t print in bpftrace's shape of the
// aggregates the script holds (sema/held.go): a struct, union or array
// whose Style is not Fixed.
func isHeld(t *ir.Type) bool {
	return t != nil && (t.Kind == ir.KindStruct || t.Kind == ir.KindUnion || t.Kind == ir.KindArray) &&
		!t.Style.Fixed
}

// charAsNumber reports whether a char of type t, in an aggregate the
// script holds, prints as bpftrace's int8 (uint8 for an unsigned char):
// a C char; the script's own chars keep their quotes, as Fixed ones do.
func charAsNumber(t *ir.Type) bool {
	return !t.Style.Fixed && t.Style.Syntax != ir.SyntaxBt
}
