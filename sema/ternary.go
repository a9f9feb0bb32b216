package sema

import "github.com/gs-tracer/gs/ir"

// The type of `c ? x : y` where the branches are held in slots of
// different sizes: bpftrace's ternary of buf()s and of tuples takes the
// larger of each.

// commonType is the type both branches of a ?: are stored as, or nil
// when they cannot share one. The integer, bool, string and comm cases
// are ternary's own.
func commonType(a, b *Type) *Type {
	switch {
	case a.Kind == KindBuf && b.Kind == KindBuf:
		return bufType(max(a.Cap, b.Cap))
	case a.Kind == KindTuple && b.Kind == KindTuple:
		if len(a.Members) != len(b.Members) {
			return nil
		}
		if TuplesEqual(a, b) {
			return a
		}
		t := &Type{Kind: KindTuple, Name: a.Name}
		for i, m := range a.Members {
			n := b.Members[i]
			if m.Name != n.Name {
				return nil
			}
			et := commonElem(m.Type, n.Type)
			if et == nil {
				return nil
			}
			t.Members = append(t.Members, Member{Name: m.Name, Type: et, BtSize: max(m.BtSize, n.BtSize), BtAlign: max(m.BtAlign, n.BtAlign)})
		}
		relayout(t) // tuples.go
		return t
	}
	return nil
}

// commonElem is commonType of two tuple elements.
func commonElem(a, b *Type) *Type {
	switch {
	case a.Kind == KindBool && b.Kind == KindBool:
		return a
	case a.IsInteger() && b.IsInteger():
		return tupleElem(Arith(a, b))
	case isString(a) && isString(b):
		return StringOf(ir.Align8(max(a.Cap, b.Cap, 1)))
	case a.Kind == KindComm && b.Kind == KindComm:
		return Comm
	case a.Kind == KindTuple && b.Kind == KindTuple:
		return commonType(a, b)
	case a.Kind == b.Kind && a.Size == b.Size && (a.Kind == KindTime || a.Kind == KindSymbol):
		return a
	}
	return nil
}
