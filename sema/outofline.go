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
// those of unions, array elements or what pointers point to. Rust's enums
// have their variants' members read the same way, and Go's interfaces
// read as text (golang.go). This is the one place the layout is built,
// for every language: a member's Offset and Status count from the start
// of the struct it is a member of (not the printed value's, which only
// agree at the top; TestCxxNestedCounted), and the walk stops at the
// first member whose read does not fit the limits, so those read are the
// first ones in print order.

// Attached describes a printed struct or enum whose members include
// counted values (a std::string or std::vector, Rust's &str, String, Vec
// and slices, Go's strings and slices) or Go interfaces: the record holds
// its Size bytes, then what those members point to, so that print(*entry)
// shows name: "x", tags: [10, 20, 30] rather than their pointers and
// lengths.
type Attached struct {
	Size int // the struct's own bytes, copied raw
	List []Attach
}

// Attach is one member of an Attached struct read after its bytes.
type Attach struct {
	Src  int      // the member's offset in the struct
	Type *Type    // the member's type (Counted)
	Dst  int      // where what it points to goes, from the value's start
	Item *ir.Type // what is there: a string slot, or a counted sequence after the status slot at Dst-ir.StatusSize
}

// maxAttach is the most members of one struct read after its bytes, and
// attachBytes the most bytes they may add to its record.
const (
	maxAttach   = 16
	attachBytes = 3072
)

// attach returns the record type of print's value a of struct or Rust
// enum t (it, its bytes): with its counted members, and Go interfaces, read
// after its bytes, as Attached records for gen, at any depth of structs
// and enums held by value. An enum's variants' members are read whichever
// variant it holds; only the selected one prints.
func (c *checker) attach(a parser.Expr, t *Type, it *ir.Type) *ir.Type {
	if t.Kind != KindStruct && t.Kind != KindVariant || it.Size != t.Size {
		return it
	}
	variants := func(t *Type) *RustType {
		if t.Choice != nil {
			return t.Choice
		}
		if t.Kind == KindVariant {
			return t.Rust
		}
		return nil
	}
	at := &Attached{Size: t.Size}
	end := ir.Align8(t.Size)
	full := false
	var value func(t *Type, it *ir.Type, base int) *ir.Type
	// walk returns a copy of ims, the record members of ms, with those
	// that are counted values, or hold some, pointed to what is read for
	// them; nil when none is. ms are at src in the printed value, and the
	// record's offsets of ims count from rel.
	walk := func(ms []Member, ims []ir.Member, src, rel int) []ir.Member {
		if len(ims) != len(ms) {
			return nil
		}
		var out []ir.Member
		for i, m := range ms {
			if m.BitSize > 0 || full {
				continue
			}
			mt, off, status := ims[i].Type, ims[i].Offset, 0
			switch {
			case m.Type.Counted != nil || isGoIface(m.Type) || m.Type.Nodes != nil:
				if len(at.List) == maxAttach {
					full = true
					continue
				}
				x := Attach{Src: src + m.Offset, Type: m.Type}
				need := 0
				switch {
				case m.Type.Nodes != nil:
					x.Item = irNodes(m.Type) // nodes.go
					need = ir.StatusSize
				case isCountedText(m.Type):
					x.Item = IR(StringOf(ir.DefaultStr))
				default:
					x.Item = irSeq(m.Type)
					need = ir.StatusSize
				}
				need += ir.Align8(x.Item.Size)
				if end+need-ir.Align8(t.Size) > attachBytes {
					full = true
					continue
				}
				if x.Item.Kind == ir.KindSeq {
					status = end - rel
					end += ir.StatusSize
				}
				if isGoIface(m.Type) {
					c.module(m.Type.Go.Module) // gen adds its bias to type descriptors
				}
				x.Dst = end
				end += ir.Align8(x.Item.Size)
				at.List = append(at.List, x)
				mt, off = x.Item, x.Dst-rel
			case m.Type.Kind == KindStruct || m.Type.Kind == KindVariant:
				sub := value(m.Type, ims[i].Type, src+m.Offset)
				if sub == ims[i].Type {
					continue
				}
				mt = sub
			default:
				continue
			}
			if out == nil {
				out = append([]ir.Member(nil), ims...)
			}
			out[i].Type, out[i].Offset, out[i].Status = mt, off, status
		}
		return out
	}
	// value returns it, the record type of t at base in the printed
	// value, or a copy with its members pointed to what is read for them.
	value = func(t *Type, it *ir.Type, base int) *ir.Type {
		if it == nil {
			return it
		}
		switch r := variants(t); {
		case t.Kind == KindStruct && r == nil:
			ms := walk(t.Members, it.Members, base, base)
			if ms == nil {
				return it
			}
			cp := *it
			cp.Members = ms
			return &cp
		case r != nil && len(it.Variants) == len(r.Variants):
			// A variant's record members count from the enum's start.
			var vs []ir.Variant
			for k, v := range r.Variants {
				ms := walk(v.Fields.Members, it.Variants[k].Members, base+v.Offset, base)
				if ms == nil {
					continue
				}
				if vs == nil {
					vs = append([]ir.Variant(nil), it.Variants...)
				}
				vs[k].Members = ms
			}
			if vs == nil {
				return it
			}
			cp := *it
			cp.Variants = vs
			return &cp
		}
		return it
	}
	out := value(t, it, 0)
	if len(at.List) == 0 {
		return it
	}
	out.Size = end
	c.vals().Attached[a] = at
	return out
}
