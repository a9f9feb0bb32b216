package gen

import (
	"fmt"

	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// tupleSlot returns the heap offset of e when e is a $var or an element
// (`.N`, `.name`) of a tuple held in one: sema allows no other roots.
func (g *gen) tupleSlot(e parser.Expr) (int, bool) {
	switch x := e.(type) {
	case *parser.VarExpr:
		if v := g.p.Vars[x]; v != nil {
			return v.Offset, true
		}
	case *parser.UnaryExpr:
		if v := g.p.VarViews[x]; v != nil {
			return v.Offset, true // *(T *)&$v: $v's slot (sema/cexpr.go)
		}
	case *parser.MapExpr:
		if t := g.typeOf(x); t != nil && (t.Kind == sema.KindTuple || sema.IsHeld(t)) {
			off := g.tempSlot(g.p.StrValueSize)
			g.mapText(x, off, t) // the tuple's bytes from gs_strs (maps.go)
			return off, true
		}
	case *parser.IndexExpr:
		xt := g.typeOf(x.X)
		v, isConst := g.p.Consts[x.Index]
		if xt == nil || xt.Kind != sema.KindTuple || !isConst {
			return 0, false
		}
		if off, ok := g.tupleSlot(x.X); ok {
			return off + xt.Members[v].Offset, true
		}
	case *parser.FieldExpr:
		xt := g.typeOf(x.X)
		if x.Arrow || xt == nil || xt.Kind != sema.KindTuple {
			return 0, false
		}
		off, ok := g.tupleSlot(x.X)
		if !ok {
			return 0, false
		}
		for _, m := range xt.Members {
			if m.Name == x.Name {
				return off + m.Offset, true
			}
		}
	}
	return 0, false
}

// tuple writes the tuple value e of type t at heap[dst]: a literal element
// by element into t's slots, a $var or an element of one as its bytes.
func (g *gen) tuple(e parser.Expr, dst int, t *sema.Type) {
	if id, ok := e.(*parser.Ident); ok && g.p.Args[id] != nil {
		e = g.p.Args[id] // args as a whole (sema/args.go)
	}
	if c, ok := e.(*parser.CondExpr); ok {
		g.condStore(c, dst, t)
		return
	}
	if x, ok := e.(*parser.TupleExpr); ok {
		xt := g.p.Types[x]           // nil for args' tuple (sema/args.go): in order
		for i, el := range x.Elems { // in the order written, each into its element (a record's by name)
			m := t.Members[sema.ElemOf(t, xt, i)]
			g.store(el, dst+m.Offset, m.Type)
		}
		return
	}
	off, ok := g.tupleSlot(e)
	if !ok {
		panic(fmt.Sprintf("gen: unexpected tuple expression %T", e))
	}
	if off != dst {
		g.copyTuple(dst, t, off, g.typeOf(e))
	}
}

// copyTuple copies the tuple at heap[src], of type st, into the slot at
// heap[dst] of type dt: as its bytes when they are laid out alike, else
// element by element, dt's strings being longer (sema's fitTuple).
func (g *gen) copyTuple(dst int, dt *sema.Type, src int, st *sema.Type) {
	if st == nil || st == dt || st.Size == dt.Size && sema.TuplesEqual(st, dt) {
		g.copyHeap(dst, src, dt.Size)
		return
	}
	for i, sm := range st.Members {
		dm := dt.Members[sema.ElemOf(dt, st, i)]
		switch dm.Type.Kind {
		case sema.KindTuple:
			g.copyTuple(dst+dm.Offset, dm.Type, src+sm.Offset, sm.Type)
		default: // a string's header holds its length: the rest of a longer slot is not read
			g.copyHeap(dst+dm.Offset, src+sm.Offset, min(sema.SlotSize(sm.Type), sema.SlotSize(dm.Type)))
		}
	}
}

// condStore stores the branch of c ? x : y that runs at heap[dst], a slot
// of type t that holds either (sema/ternary.go).
func (g *gen) condStore(c *parser.CondExpr, dst int, t *sema.Type) {
	g.cond(c, func(x parser.Expr) { g.store(x, dst, t) })
}

// keyTuple writes the tuple e as a map key value of type t at heap[dst]:
// as tuple writes it, but its strings and comm as a key's, zero-padded
// at t's capacities (equal tuples must be equal keys).
func (g *gen) keyTuple(e parser.Expr, dst int, t *sema.Type) {
	if id, ok := e.(*parser.Ident); ok && g.p.Args[id] != nil {
		e = g.p.Args[id] // args as a whole (sema/args.go)
	}
	switch x := e.(type) {
	case *parser.TupleExpr:
		xt := g.p.Types[x] // nil for args' tuple (sema/args.go): in order
		for i, el := range x.Elems {
			m := t.Members[sema.ElemOf(t, xt, i)]
			switch m.Type.Kind {
			case sema.KindString:
				g.keyString(el, dst+m.Offset, m.Type.Cap, zero) // maps.go
			case sema.KindComm:
				g.keyComm(el, dst+m.Offset)
			case sema.KindTuple:
				g.keyTuple(el, dst+m.Offset, m.Type)
			default:
				g.store(el, dst+m.Offset, m.Type)
			}
		}
		return
	case *parser.CondExpr:
		g.cond(x, func(y parser.Expr) { g.keyTuple(y, dst, t) })
		return
	}
	off, ok := g.tupleSlot(e)
	if !ok {
		panic(fmt.Sprintf("gen: unexpected tuple key %T", e))
	}
	g.keyTupleAt(dst, t, off, g.typeOf(e))
}

// keyTupleAt writes the tuple at heap[src], of type st, as a map key
// value of type dt at heap[dst] (keyTuple).
func (g *gen) keyTupleAt(dst int, dt *sema.Type, src int, st *sema.Type) {
	for i, sm := range st.Members {
		dm := dt.Members[sema.ElemOf(dt, st, i)]
		switch dm.Type.Kind {
		case sema.KindString:
			g.keyVarString(src+sm.Offset, sm.Type.Cap, dst+dm.Offset, dm.Type.Cap) // maps.go
		case sema.KindTuple:
			g.keyTupleAt(dst+dm.Offset, dm.Type, src+sm.Offset, sm.Type)
		default:
			g.copyHeap(dst+dm.Offset, src+sm.Offset, sema.SlotSize(dm.Type))
		}
	}
}
