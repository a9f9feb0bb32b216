package sema

import (
	"encoding/binary"
	"fmt"
	"net/netip"

	"github.com/gs-tracer/gs/parser"
)

// bpftrace's functions of text: strlen, ntop, len (strerror is an intFunc,
// calls.go).

// Errno is the type of strerror(e): an integer the runtime prints as the
// C library's message for that errno.
var Errno = &Type{Kind: KindErrno, Size: 8, Name: "strerror"}

// Signal is the type of signal_name(sig): an integer the runtime prints
// as the signal's description.
var Signal = &Type{Kind: KindSignal, Size: 8, Name: "signal_name"}

// strlen checks strlen(s): the length of s's text, a uint64 (a literal's
// is a constant).
func (c *checker) strlen(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	t := c.value(gc, e.Args[0])
	if t == nil {
		return nil
	}
	if lit, ok := e.Args[0].(*parser.StrLit); ok {
		n := len(lit.Val)
		for i := range n {
			if lit.Val[i] == 0 {
				n = i // C's text ends at a NUL
				break
			}
		}
		c.p.Consts[e] = uint64(n)
		return Uint64
	}
	if t.Kind != KindString {
		c.errorf(e.Args[0], "strlen needs a string, got %s", t).WithHint("read the text with str(%s)", c.text(e.Args[0]))
		return nil
	}
	return Uint64
}

// Inet is the type of ntop(addr): an IPv4 address in an integer's low four
// bytes, in memory order (network order), printed as a dotted quad.
var Inet = &Type{Kind: KindInet, Size: 8, Name: "inet"}

// MacAddr is the type of macaddr(x): a MAC address in a word's low six
// bytes, in memory order.
var MacAddr = &Type{Kind: KindMac, Size: 8, Name: "macaddr"}

// macaddr checks macaddr(x): x an array of at least 6 bytes (its first
// 6), a pointer (the 6 bytes it points to) or an integer (its low 6
// bytes), as bpftrace takes them.
func (c *checker) macaddr(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	t := c.value(gc, e.Args[0])
	switch {
	case t == nil:
		return nil
	case t.Kind == KindArray && t.Size < 6:
		c.errorf(e.Args[0], "macaddr() needs at least 6 bytes, %s has %d", c.text(e.Args[0]), t.Size)
		return nil
	case t.Kind == KindArray, t.Kind == KindPointer, t.IsInteger():
		return MacAddr
	}
	c.errorf(e.Args[0], "macaddr() needs an array, a pointer or an integer, got %s", t)
	return nil
}

// afInet is AF_INET, ntop's address family for IPv4.
const afInet = 2

// ntop checks ntop(addr) and ntop(AF_INET, addr) of an integer.
func (c *checker) ntop(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) != 1 && len(e.Args) != 2 {
		c.values(gc, e.Args)
		c.errorf(e, "ntop takes 1 or 2 arguments (an address family and an address), got %d", len(e.Args))
		return nil
	}
	if len(e.Args) == 2 {
		if c.integer(gc, e.Args[0], "ntop") == nil {
			c.value(gc, e.Args[1])
			return nil
		}
		if af, ok := c.p.Consts[e.Args[0]]; !ok || af != afInet {
			c.value(gc, e.Args[1])
			c.errorf(e.Args[0], "ntop of an address family other than AF_INET (2) is not supported yet").
				WithHint("gs prints IPv4 addresses held in integers")
			return nil
		}
	}
	addr := e.Args[len(e.Args)-1]
	if call, ok := addr.(*parser.CallExpr); ok && call.Fn == "pton" {
		return c.pton(call) // ntop(AF_INET, pton("a.b.c.d"))
	}
	t := c.value(gc, addr)
	if t == nil {
		return nil
	}
	if !t.IsInteger() {
		c.errorf(addr, "ntop of %s is not supported yet", t).WithHint("gs prints IPv4 addresses held in integers")
		return nil
	}
	return Inet
}

// length checks len(ustack): the number of frames of the stack, an int64.
// len(@map) is maps' (the count of its keys).
func (c *checker) length(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	if m, ok := e.Args[0].(*parser.MapExpr); ok && len(m.Keys) == 0 {
		return c.mapLen(e, m) // maps.go
	}
	t := c.value(gc, e.Args[0])
	if t == nil {
		return nil
	}
	if t.Kind != KindStack {
		c.errorf(e.Args[0], "len needs ustack, got %s", t)
		return nil
	}
	if t.StackID {
		// TODO: the frame count of a stored stack is in gs_stacks, which
		// BPF programs cannot read.
		c.errorf(e.Args[0], "not supported by gs yet: len of a ustack held in a $variable or map").
			WithHint("write len(ustack) in the probe")
		return nil
	}
	return Int64
}

// ptonValue checks pton("addr") as a value: the address's bytes in
// network order, bpftrace's uint8[4] of an IPv4 address and uint8[16] of
// an IPv6 one, built by gen (PtonBytes).
func (c *checker) ptonValue(gc *groupCtx, e *parser.CallExpr) *Type {
	lit := c.ptonLiteral(e)
	if lit == nil {
		return nil
	}
	b, ok := PtonBytes(lit.Val)
	if !ok {
		c.errorf(lit, "pton of %q: not an IPv4 (a.b.c.d) or IPv6 address", lit.Val)
		return nil
	}
	u8 := cTypes["uint8"]
	return &Type{Kind: KindArray, Elem: u8, Len: len(b), Size: len(b), Name: fmt.Sprintf("%s [%d]", u8.Name, len(b))}
}

// ptonLiteral is pton's one argument, a string literal, typed; nil (and
// reported) otherwise.
func (c *checker) ptonLiteral(e *parser.CallExpr) *parser.StrLit {
	var lit *parser.StrLit
	if len(e.Args) == 1 {
		lit, _ = e.Args[0].(*parser.StrLit)
	}
	if lit == nil {
		c.errorf(e, "pton takes one string literal, an address")
		return nil
	}
	c.p.Types[lit] = LitOf(len(lit.Val))
	return lit
}

// PtonBytes is the address s in network order: 4 bytes of an IPv4
// address, 16 of an IPv6 one; false when s is neither.
func PtonBytes(s string) ([]byte, bool) {
	a, err := netip.ParseAddr(s)
	switch {
	case err != nil || a.Zone() != "":
		return nil, false
	case a.Is4():
		b := a.As4()
		return b[:], true
	}
	b := a.As16()
	return b[:], true
}

// pton checks pton("a.b.c.d") as ntop's address: the IPv4 address of the
// literal, a constant integer whose bytes in memory are the address's.
func (c *checker) pton(e *parser.CallExpr) *Type {
	lit := c.ptonLiteral(e)
	if lit == nil {
		return nil
	}
	a, err := netip.ParseAddr(lit.Val)
	if err != nil || !a.Is4() {
		c.errorf(lit, "pton of %q: gs supports IPv4 addresses (a.b.c.d) in ntop", lit.Val)
		return nil
	}
	b := a.As4()
	c.p.Consts[e] = uint64(binary.LittleEndian.Uint32(b[:]))
	c.p.Types[e] = Uint64
	return Inet
}
