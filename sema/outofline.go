package sema

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file gives the counted members of a printed struct their values:
// the struct's bytes hold only a pointer and a count (a std::string in a
// C++ class, a Go string or a Rust String field), so what each such
// member points to is read after the struct's bytes in the record field,
// and its ir.Member says where: Offset is that value's, from the start of
// the struct it is a member of, and Status its status slot's (sequences).
// Members of structs and base classes held by value are read too, not
// those of unions, array elements or what pointers point to. The record
// layout (Attached, Attach, their limits) is rust.go's, whose rustAttach
// does the same for Rust values, enum variants included.

// attach returns the record type of print's value a of struct t (it, its
// bytes), of C or C++ (rustAttach does Rust's and Go's): with its counted
// members read after its bytes, as Attached records for gen.
func (c *checker) attach(a parser.Expr, t *Type, it *ir.Type) *ir.Type {
	if t.Kind != KindStruct || it.Size != t.Size {
		return it
	}
	at := &Attached{Size: t.Size}
	end := align8(t.Size)
	full := false
	// walk returns it, or a copy with the members of t (at base in the
	// printed struct) that are counted values, or hold some, pointed to
	// what is read for them.
	var walk func(t *Type, it *ir.Type, base int) *ir.Type
	walk = func(t *Type, it *ir.Type, base int) *ir.Type {
		if len(it.Members) != len(t.Members) {
			return it
		}
		var cp *ir.Type
		for i, m := range t.Members {
			if m.BitSize > 0 || full {
				continue
			}
			var mt *ir.Type
			off, status := 0, 0
			switch {
			case m.Type.Counted != nil:
				if len(at.List) == maxAttach {
					full = true
					continue
				}
				x := Attach{Src: base + m.Offset, Type: m.Type}
				if isCountedText(m.Type) {
					x.Item = IR(StringOf(ir.DefaultStr))
				} else {
					x.Item = irSeq(m.Type)
					status = end - base
					end += ir.StatusSize
				}
				if end+x.Item.Size-align8(t.Size) > attachBytes {
					full = true
					continue
				}
				x.Dst = end
				end += align8(x.Item.Size)
				at.List = append(at.List, x)
				mt, off = x.Item, x.Dst-base
			case m.Type.Kind == KindStruct:
				sub := walk(m.Type, it.Members[i].Type, base+m.Offset)
				if sub == it.Members[i].Type {
					continue
				}
				mt, off = sub, it.Members[i].Offset
			default:
				continue
			}
			if cp == nil {
				c := *it
				c.Members = append([]ir.Member(nil), it.Members...)
				cp = &c
			}
			cp.Members[i].Type, cp.Members[i].Offset, cp.Members[i].Status = mt, off, status
		}
		if cp == nil {
			return it
		}
		return cp
	}
	out := walk(t, it, 0)
	if len(at.List) == 0 {
		return it
	}
	out.Size = end
	c.vals().Attached[a] = at
	return out
}
