package sema

import (
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file lets the script hold C aggregates, as bpftrace does: a struct,
// union or array (of the program's DWARF or defined in the script) read
// from the process is copied as its bytes into a $var, a map value (a
// slot of gs_strs, like a tuple), a map key or a tuple element. Its fields
// and elements are then read from the heap (constant indexes only: heap
// offsets are immediates), and it prints as bpftrace prints it, { .m = 2 }
// and [1,2,3], wherever the value is the script's (session/format_bt.go).

// IsHeld reports whether the script can hold a value of type t as its
// bytes: a sized C struct, union or array that holds no text read out of
// line (C++ library types, Rust's and Go's types keep their own rules).
func IsHeld(t *Type) bool {
	switch t.Kind {
	case KindStruct, KindUnion, KindArray:
	default:
		return false
	}
	return t.Size > 0 && t.Size <= ir.StMemMax && (t.Lang == debuginfo.LangAny || t.Lang == debuginfo.LangC) && t.Counted == nil &&
		t.Go == nil && t.View == nil && t.Rust == nil && !hasView(t)
}

// hasView reports whether some member of t is a C++ library object.
func hasView(t *Type) bool {
	switch t.Kind {
	case KindArray:
		return t.Elem != nil && (t.Elem.View != nil || t.Elem.Counted != nil || hasView(t.Elem))
	case KindStruct, KindUnion:
		for _, m := range t.Members {
			if m.Type.View != nil || m.Type.Counted != nil || m.Base || hasView(m.Type) {
				return true
			}
		}
	}
	return false
}

// sameHeld reports whether held types a and b have one layout: a value of
// one can be stored where the other is.
func sameHeld(a, b *Type) bool {
	return a == b || a.Kind == b.Kind && a.Size == b.Size && a.String() == b.String()
}

// heldRooted reports whether e is a held value the script keeps in its
// heap (a $var, a map value, an element of a tuple) or a field or element
// of one: gen reads it at a heap offset, so an index must be a constant.
func (c *checker) heldRooted(e parser.Expr) bool {
	switch x := e.(type) {
	case *parser.VarExpr, *parser.MapExpr:
		return true
	case *parser.CastExpr:
		return len(x.Type.Dims) > 0 // built in a temporary (arraycast.go)
	case *parser.CallExpr:
		return x.Fn == "pton" // likewise (textcalls.go)
	case *parser.FieldExpr:
		if xt := c.p.Types[x.X]; x.Arrow || xt == nil || xt.Kind == KindPointer {
			return false
		}
		return c.heldRooted(x.X)
	case *parser.IndexExpr:
		if xt := c.p.Types[x.X]; xt == nil || xt.Kind == KindPointer {
			return false
		}
		return c.heldRooted(x.X)
	}
	return false
}

// heldCompare checks == and != between two held values of one type,
// which compare their bytes as bpftrace does (char arrays compare as
// text, cexpr.go). ok is false when e is not such a comparison.
func (c *checker) heldCompare(e *parser.BinaryExpr, xt, yt *Type) (t *Type, ok bool) {
	if !IsHeld(xt) || !IsHeld(yt) || isCharArray(xt) && isCharArray(yt) {
		return nil, false
	}
	if e.Op != "==" && e.Op != "!=" {
		c.errorf(e, "operator %s is not defined on %s", e.Op, xt).WithHint("compare %s values with == and !=", xt)
		return nil, true
	}
	if !sameHeld(xt, yt) {
		c.errorf(e, "cannot compare %s with %s", xt, yt).WithHint("only values of one type compare")
		return nil, true
	}
	return Bool, true
}

// stringIndex checks $s[i] of a string the script holds: the char at
// byte i of its text (a NUL past its length), as bpftrace reads it. A
// constant index is below the string's capacity; one computed at run time
// is compared with each position (gen's stringIndexRun), so the capacity
// is bounded, and reads 0 outside it (bpftrace reads what memory is
// there).
func (c *checker) stringIndex(e *parser.IndexExpr, xt *Type) *Type {
	v, ok := c.p.Consts[e.Index]
	switch {
	case !ok:
		it := c.p.Types[e.Index]
		if it == nil || !it.IsInteger() {
			c.errorf(e.Index, "a string's index must be an integer")
			return nil
		}
		if xt.Cap > maxRunIndex {
			c.errorf(e.Index, "a run-time index into a %s is too large a search", xt).
				WithHint("index it by a constant, or read at most %d bytes with str()", maxRunIndex)
			return nil
		}
	case int64(v) < 0 || int64(v) >= int64(xt.Cap):
		c.errorf(e.Index, "index %d is outside %s", int64(v), xt)
		return nil
	}
	return &Type{Kind: KindChar, Size: 1, Signed: true, Name: "char", Script: true} // prints 'a', not gdb's 97 'a'
}

// maxRunIndex is the largest string capacity a run-time index searches:
// a few instructions per byte.
const maxRunIndex = 256
