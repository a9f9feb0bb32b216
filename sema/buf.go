package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// MaxBuf is the most bytes buf() copies, as bpftrace's default
// BPFTRACE_MAX_STRLEN.
const MaxBuf = 64

// bufType is the type of buf(p, n): a slot laid out as a string slot (the
// u16 length, flags and address word) holding n raw bytes.
func bufType(n int) *Type {
	return &Type{Kind: KindBuf, Size: ir.StrSlotSize(n), Cap: n, Name: fmt.Sprintf("buf[%d]", n)}
}

// buf checks buf(p, n), buf(array) and buf(array, n): n bytes at p, the
// array's bytes, or a literal's; n must be a constant.
func (c *checker) buf(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) != 1 && len(e.Args) != 2 {
		c.values(gc, e.Args)
		c.errorf(e, "buf takes 1 or 2 arguments (an address or an array, and a length), got %d", len(e.Args))
		return nil
	}
	t := c.value(gc, e.Args[0])
	if t == nil {
		return nil
	}
	n := -1
	if len(e.Args) == 2 {
		if c.integer(gc, e.Args[1], "buf") == nil {
			return nil
		}
		v, ok := c.p.Consts[e.Args[1]]
		if !ok {
			c.errorf(e.Args[1], "buf's length must be a constant")
			return nil
		}
		if int64(v) < 0 || v > MaxBuf {
			c.errorf(e.Args[1], "buf's length must be between 0 and %d, got %d", MaxBuf, int64(v))
			return nil
		}
		n = int(v)
	}
	switch {
	case t.Kind == KindStrLit:
		if n < 0 {
			n = min(t.Cap, MaxBuf)
		}
		if n > t.Cap+1 {
			c.errorf(e.Args[1], "buf of %d bytes of a %d-byte literal", n, t.Cap)
			return nil
		}
	case t.Kind == KindArray:
		size := t.Size
		if n < 0 {
			n = size
		}
		if n > size || n > MaxBuf {
			c.errorf(e, "buf of %d bytes of a %d-byte array (at most %d)", n, size, MaxBuf)
			return nil
		}
	case t.Kind == KindPointer || t.IsInteger():
		if n < 0 {
			c.errorf(e, "buf of an address needs a length: buf(%s, n)", c.text(e.Args[0]))
			return nil
		}
	default:
		c.errorf(e.Args[0], "buf needs an address, an array or a string literal, got %s", t)
		return nil
	}
	return bufType(n)
}
