package output

import "github.com/gs-tracer/gs/ir"

// syntax is the shape a value prints in.
type syntax uint8

const (
	syntaxGDB      syntax = iota // gdb's C syntax: {id = 1, name = "x"} (C, C++, Go)
	syntaxRust                   // gdb's Rust syntax and Rust's {:?}: Entry {id: 1}, Some(5), 1.0, 'é'
	syntaxBpftrace               // bpftrace's, for the script's own types: { .m = 2 }, [1,2]
)

// presentation is how values of one type print. It is the one place the
// output side reads a type's language (ir.Type.Lang).
//
// TODO: read presentation from ir once sema decides it (issue 19).
type presentation struct {
	syntax syntax
	// held: a struct, union or array of this type that the script holds (a
	// map key or value, a tuple's element) prints in bpftrace's shape;
	// Go's keep gdb's.
	held bool
	// charInt: a char held in such an aggregate prints as bpftrace's int8.
	charInt bool
}

// presentationOf returns how values of t print.
func presentationOf(t *ir.Type) presentation {
	if t == nil {
		return presentation{}
	}
	switch t.Lang {
	case ir.LangRust:
		return presentation{syntax: syntaxRust}
	case ir.LangScript:
		return presentation{syntax: syntaxBpftrace, held: true}
	case ir.LangC:
		return presentation{held: true, charInt: true}
	}
	return presentation{}
}

// isHeld reports whether v prints in bpftrace's shape of the aggregates
// the script holds (sema/held.go).
func isHeld(t *ir.Type) bool {
	return t != nil && (t.Kind == ir.KindStruct || t.Kind == ir.KindUnion || t.Kind == ir.KindArray) &&
		presentationOf(t).held
}
