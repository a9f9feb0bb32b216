package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/parser"
)

// This file checks bpftrace's casts between arrays and the bytes of other
// values: (int8[8])x reads the 8 bytes of the integer x as an array (in
// memory order), (uint8[])"hi" the bytes of a literal with its NUL, and
// (int32)a an array of 4 bytes as an integer. The array is a value the
// script holds (held.go); gen builds it in a temporary.

// arrayCast checks (T[N]...)x, e.Type.Dims set.
func (c *checker) arrayCast(e *parser.CastExpr, elem, xt *Type) *Type {
	if !elem.IsInteger() || elem.Kind == KindPointer {
		c.errorf(e, "cannot cast to an array of %s", elem).WithHint("an array cast takes integer or bool elements: (int8[8])x")
		return nil
	}
	var size int
	switch {
	case xt.IsInteger():
		size = 8 // a register's bytes: an integer literal or any integer value held as 64 bits
		if xt.Size < 8 && xt.Kind != KindPointer && xt.Kind != KindBool {
			size = xt.Size
		}
	case xt.Kind == KindStrLit:
		size = xt.Cap + 1 // with its NUL
	default:
		c.errorf(e.X, "cannot cast %s to an array", xt).WithHint("an array cast takes an integer or a string literal")
		return nil
	}
	dims := e.Type.Dims
	inner := elem.Size
	for _, d := range dims[1:] {
		if d < 0 {
			c.errorf(e.Type, "only the first dimension of an array cast can be left out")
			return nil
		}
		inner *= d
	}
	n := dims[0]
	if n < 0 {
		if size%inner != 0 {
			c.errorf(e, "%s is %d bytes, not a whole number of %d-byte elements", c.text(e.X), size, inner)
			return nil
		}
		n = size / inner
	}
	if n*inner != size {
		c.errorf(e, "cannot cast %s (%d bytes) to an array of %d bytes", c.text(e.X), size, n*inner).
			WithHint("the array must be as large as the value")
		return nil
	}
	t := elem
	for i := len(dims) - 1; i >= 0; i-- {
		d := dims[i]
		if i == 0 {
			d = n
		}
		t = &Type{Kind: KindArray, Elem: t, Len: d, Size: d * t.Size, Name: fmt.Sprintf("%s [%d]", t.Name, d)}
	}
	return t
}

// arrayToInt checks (T)a of an array a of T's size: its bytes as a T.
func (c *checker) arrayToInt(e *parser.CastExpr, t, xt *Type) (*Type, bool) {
	if xt.Kind != KindArray || !t.IsInteger() || t.Kind == KindPointer {
		return nil, false
	}
	if xt.Size != t.Size || t.Size > 8 {
		c.errorf(e, "cannot cast %s (%d bytes) to %s (%d bytes)", xt, xt.Size, t, t.Size).
			WithHint("an array casts to an integer of its size")
		return nil, true
	}
	if !c.heldRooted(e.X) && !c.inMemory(e.X, "cast") {
		return nil, true
	}
	return t, true
}
