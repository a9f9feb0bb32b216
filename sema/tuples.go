package sema

import (
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file checks bpftrace's tuples, `(1, "abc", arg0)`, and records,
// `(a = 1, b = 2)`. A tuple is a script value laid out like a C struct of
// its elements in 8-byte-aligned slots: integers as 64-bit words (as $vars
// hold them), strings as string slots, comm as its 16 bytes, nested tuples
// as their own layout. It lives in a $var's heap slot; `.N` (`.name` for a
// record) reads an element, and print shows `(1, abc, 5)` as bpftrace does.

// tupleExpr checks a tuple or record literal.
func (c *checker) tupleExpr(gc *groupCtx, e *parser.TupleExpr) *Type {
	t := &Type{Kind: KindTuple, Name: "tuple"}
	if e.Names != nil {
		t.Name = "record"
	}
	ok := true
	for i, x := range e.Elems {
		xt := c.value(gc, x)
		if xt == nil {
			ok = false
			continue
		}
		et := tupleElem(xt)
		if et == nil {
			c.errorf(x, "not supported by gs yet: a %s in a %s", xt, t.Name).
				WithHint("a %s holds integers, strings, comm, func, probe, ustack, ntop(), usym(), strftime(), strerror(), structs, arrays and other tuples", t.Name)
			ok = false
			continue
		}
		name := strconv.Itoa(i)
		if e.Names != nil {
			name = e.Names[i]
		}
		size, align := btLayout(x, xt)
		t.Members = append(t.Members, Member{Name: name, Type: et, BtSize: size, BtAlign: align})
	}
	if !ok {
		return nil
	}
	relayout(t)
	return t
}

// relayout places t's elements one after the other in their slots, and
// computes bpftrace's layout of them (BtSize), after an element changed:
// a string grew (fitTuple), or a tuple held in t did.
func relayout(t *Type) {
	t.Size, t.BtSize, t.BtAlign = 0, 0, 1
	for i := range t.Members {
		m := &t.Members[i]
		if m.Type.Kind == KindTuple {
			m.BtSize, m.BtAlign = m.Type.BtSize, m.Type.BtAlign
		}
		m.Offset = t.Size
		t.Size += SlotSize(m.Type)
		t.BtSize = roundUp(t.BtSize, max(m.BtAlign, 1)) + m.BtSize
		t.BtAlign = max(t.BtAlign, m.BtAlign)
	}
	t.BtSize = roundUp(t.BtSize, t.BtAlign)
}

// relayoutAll lays out every tuple type again once checking is done, the
// tuples held in others first: a tuple whose strings grew after another
// took it as an element has moved that one's later elements.
func (c *checker) relayoutAll() {
	done := map[*Type]bool{}
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || t.Kind != KindTuple || done[t] {
			return
		}
		done[t] = true
		for _, m := range t.Members {
			walk(m.Type)
		}
		relayout(t)
	}
	for _, t := range c.p.Types {
		walk(t)
	}
	for _, g := range c.p.Groups {
		for _, v := range g.Vars {
			walk(v.Type)
		}
	}
	for _, m := range c.p.Maps {
		walk(m.Value)
		for _, t := range m.KeyTypes {
			walk(t)
		}
	}
}

// fitTuple reports whether a tuple of type src can be stored in one of
// type dst, and grows dst's strings to hold src's: bpftrace resizes a
// tuple's strings to the longest assigned to it, as a string's. The other
// elements must agree (TuplesEqual).
func fitTuple(dst, src *Type) bool {
	if !sameShape(dst, src) {
		return false
	}
	growTuple(dst, src)
	return true
}

// ElemOf is the index of the element of tuple type dst that element i
// of a tuple of type src is stored in: the same index, but a record's
// element of the same name (bpftrace assigns (b = 1, a = 2) to a record
// $r = (a = 0, b = 0) by name); -1 when dst has none.
func ElemOf(dst, src *Type, i int) int {
	if src == nil || dst.Name != "record" || src.Name != "record" {
		if i >= len(dst.Members) {
			return -1
		}
		return i
	}
	for j, m := range dst.Members {
		if m.Name == src.Members[i].Name {
			return j
		}
	}
	return -1
}

// sameShape reports whether tuple types a and b are alike but for the
// capacities of their strings and the order of a record's elements.
func sameShape(a, b *Type) bool {
	if len(a.Members) != len(b.Members) {
		return false
	}
	for i, n := range b.Members {
		j := ElemOf(a, b, i)
		if j < 0 {
			return false
		}
		m := a.Members[j]
		switch {
		case m.Name != n.Name:
			return false
		case m.Type.Kind == KindString && n.Type.Kind == KindString:
		case m.Type.Kind == KindTuple && n.Type.Kind == KindTuple:
			if !sameShape(m.Type, n.Type) {
				return false
			}
		case m.Type.Kind != n.Type.Kind || m.Type.Size != n.Type.Size:
			return false
		case IsHeld(m.Type) && !sameHeld(m.Type, n.Type):
			return false
		}
	}
	return true
}

// growTuple grows the strings of dst to the capacities of src's, of the
// same shape.
func growTuple(dst, src *Type) {
	for i, n := range src.Members {
		m := &dst.Members[ElemOf(dst, src, i)]
		switch m.Type.Kind {
		case KindString:
			if n.Type.Cap > m.Type.Cap {
				m.Type.Cap, m.Type.Size = n.Type.Cap, ir.StrHeader+n.Type.Cap
			}
			m.BtSize = max(m.BtSize, n.BtSize)
		case KindTuple:
			if m.Type != n.Type {
				growTuple(m.Type, n.Type)
			}
		}
	}
	relayout(dst)
}

// btLayout is the size and alignment bpftrace gives element x of type xt
// in a tuple (bpftrace's Struct::CreateRecord and
// SizedType::GetInTupleAlignment, src/struct.cpp and src/types.cpp):
// C's layout of the elements at their own sizes, where an integer literal
// is the smallest signed integer that holds it (src/ast/integer_types.cpp),
// and text (bpftrace's byte arrays) is aligned to 1.
func btLayout(x parser.Expr, xt *Type) (size, align int) {
	intAlign := func(n int) int {
		switch {
		case n <= 2:
			return max(n, 1)
		case n <= 4:
			return 4
		}
		return 8
	}
	switch xt.Kind {
	case KindInt:
		if n, ok := literalSize(x); ok {
			return n, n
		}
		return xt.Size, intAlign(xt.Size)
	case KindBool, KindChar, KindEnum:
		return xt.Size, intAlign(xt.Size)
	case KindPointer, KindErrno, KindUser, KindProbe:
		return 8, 8
	case KindString:
		return xt.Cap, 1
	case KindStrLit:
		return xt.Cap + 1, 1
	case KindComm:
		return ir.CommLen, 1
	case KindBuf:
		return xt.Cap + 4, 1 // its u32 length first (AsyncEvent::Buf)
	case KindSymbol, KindFunc, KindTime, KindCgroupPath:
		return 16, 1 // an address or time and the pid or mode with it
	case KindInet:
		return 24, 1
	case KindMac:
		return 6, 1
	case KindStack:
		return xt.Len*8 + 16, 8
	case KindTuple:
		return xt.BtSize, xt.BtAlign
	case KindStruct, KindUnion, KindArray, KindFloat:
		return xt.Size, alignOf(xt) // cdecl.go
	}
	return xt.Size, intAlign(xt.Size)
}

// literalSize is the bytes of the smallest signed integer that holds the
// integer literal x (-N is a literal too), false when x is no literal.
func literalSize(x parser.Expr) (int, bool) {
	neg := false
	if u, ok := x.(*parser.UnaryExpr); ok && u.Op == "-" {
		neg, x = true, u.X
	}
	lit, ok := x.(*parser.IntLit)
	if !ok || lit.Kind != parser.LitInt {
		return 0, false
	}
	v := lit.Val
	for _, n := range []int{1, 2, 4} {
		lim := uint64(1) << (8*n - 1) // 2^(bits-1): -lim is the least, lim-1 the greatest
		if (neg && v <= lim) || (!neg && v < lim) {
			return n, true
		}
	}
	return 8, true
}

// bool64 is a bool in a tuple's 64-bit slot.
var bool64 = &Type{Kind: KindBool, Size: 8, Name: "bool"}

// tupleElem is the slot type element type t takes in a tuple; nil when a
// tuple cannot hold it.
func tupleElem(t *Type) *Type {
	switch {
	case t.Kind == KindPointer:
		return t // a word printed as an address, as bpftrace prints it
	case t.IsInteger():
		return wordOf(t) // printshape.go: bool and the script's enums keep their kind
	case t.Kind == KindString || t.Kind == KindStrLit:
		return StringOf(ir.Align8(max(t.Cap, 1)))
	case t.Kind == KindComm:
		return Comm
	case t.Kind == KindTuple, wordValue(t):
		return t // func's probe id, strftime's nanoseconds, usym's address...: 64-bit words (maps.go)
	case t.Kind == KindStack:
		return stackIDOf(t) // its id in gs_stacks
	case IsHeld(t):
		return t // its bytes (held.go)
	}
	return nil
}

// tupleField checks X.N (X.name for a record) of a tuple X of type xt.
func (c *checker) tupleField(e *parser.FieldExpr, xt *Type) *Type {
	if !tupleRooted(e.X) {
		c.errorf(e, "not supported by gs yet: an element of this %s", xt.Name).
			WithHint("assign the %s to a $variable first", xt.Name)
		return nil
	}
	for _, m := range xt.Members {
		if m.Name == e.Name {
			return m.Type
		}
	}
	c.diags.Errorf(e.NameSp, "%s has no element %s (it has %d)", c.text(e.X), e.Name, len(xt.Members))
	return nil
}

// tupleIndex checks X[i] of a tuple X of type xt, bpftrace's other
// spelling of X.i: i must be a constant.
func (c *checker) tupleIndex(e *parser.IndexExpr, xt *Type) *Type {
	v, ok := c.p.Consts[e.Index]
	switch {
	case !ok:
		c.errorf(e.Index, "a %s's index must be a constant", xt.Name).
			WithHint("write %s.0, %s.1, ...: each element has its own type and place", c.text(e.X), c.text(e.X))
		return nil
	case !tupleRooted(e.X):
		c.errorf(e, "not supported by gs yet: an element of this %s", xt.Name).
			WithHint("assign the %s to a $variable first", xt.Name)
		return nil
	case int64(v) < 0 || int64(v) >= int64(len(xt.Members)):
		c.errorf(e.Index, "%s has no element %d (it has %d)", c.text(e.X), int64(v), len(xt.Members))
		return nil
	}
	return xt.Members[v].Type
}

// tupleRooted reports whether e is a $var or an element of one: a value
// gen finds in the heap.
func tupleRooted(e parser.Expr) bool {
	switch x := e.(type) {
	case *parser.VarExpr, *parser.MapExpr:
		return true
	case *parser.FieldExpr:
		return !x.Arrow && tupleRooted(x.X)
	case *parser.IndexExpr:
		return tupleRooted(x.X)
	}
	return false
}

// TuplesEqual reports whether tuple types a and b have the same layout.
func TuplesEqual(a, b *Type) bool {
	if len(a.Members) != len(b.Members) || a.Size != b.Size {
		return false
	}
	for i, m := range a.Members {
		n := b.Members[i]
		if m.Name != n.Name || m.Offset != n.Offset || m.Type.Kind != n.Type.Kind || m.Type.Size != n.Type.Size {
			return false
		}
		if m.Type.Kind == KindTuple && !TuplesEqual(m.Type, n.Type) {
			return false
		}
		if IsHeld(m.Type) && !sameHeld(m.Type, n.Type) {
			return false
		}
	}
	return true
}

// tupleShapes are how the tuple kinds print, by the name sema gives them;
// others are plain tuples.
var tupleShapes = map[string]ir.TupleShape{"record": ir.TupleRecord, "args": ir.TupleArgs}

// irTuple is the record type of tuple t.
func irTuple(t *Type) *ir.Type {
	out := &ir.Type{Kind: ir.KindTuple, Size: t.Size, Name: t.Name, Style: ir.Style{Shape: tupleShapes[t.Name]}}
	for _, m := range t.Members {
		out.Members = append(out.Members, ir.Member{Name: m.Name, Offset: m.Offset, Type: IR(m.Type)})
	}
	return out
}

// shapeString shows a tuple type as tupleString does, its strings
// without their capacities: tuples that differ only there share a key
// position (their strings grow, fitTuple).
func shapeString(t *Type) string { return tupleText(t, true) }

// tupleString shows a tuple type as its element types, (int64, string[8]),
// a record's with their names, (a: int64).
func tupleString(t *Type) string { return tupleText(t, false) }

// tupleText is tupleString, or shapeString with shape set.
func tupleText(t *Type, shape bool) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, m := range t.Members {
		if i > 0 {
			b.WriteString(", ")
		}
		if t.Name == "record" || t.Name == "args" {
			b.WriteString(m.Name + ": ")
		}
		switch {
		case shape && m.Type.Kind == KindString:
			b.WriteString("string")
		case shape && m.Type.Kind == KindTuple:
			b.WriteString(shapeString(m.Type))
		default:
			b.WriteString(m.Type.String())
		}
	}
	b.WriteByte(')')
	return b.String()
}
