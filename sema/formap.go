package sema

import (
	"strconv"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// for ($kv : @m) walks a snapshot of @m's keys (ir/doc.go, "Iteration"):
// $kv is a tuple (key, value), the key a tuple of the keys when @m has
// several, laid out as the map lays out its key so that the interpreter
// copies the key bytes as they are. $kv belongs to the loop: another loop
// may use the name for another map.

// MapLoop is what gen needs for a for over a map.
type MapLoop struct {
	Map   *Map
	KV    *Var
	Level int // the iteration level: the for loops over maps around it
}

func (c *checker) forMap(gc *groupCtx, s *parser.ForStmt) {
	m := c.maps[s.Map.Name]
	if m == nil || !m.keysSet || m.Kind == MapUnknown {
		m = c.laterLiteralAssign(gc, s.Map.Name)
	}
	switch {
	case m == nil || !m.keysSet || m.Kind == MapUnknown:
		c.errorf(s.Map, "not supported by gs yet: for over %s before a statement above gives it keys and a value", c.text(s.Map)).
			WithHint("assign %s[key] = value earlier in the script", c.text(s.Map))
		return
	case len(m.KeyTypes) == 0:
		c.errorf(s.Map, "for needs a map with keys: %s has none", m.name()).WithHint("print it with print(%s)", m.name())
		return
	case m.Kind == MapAgg && !readableAgg(m.Desc.Agg):
		c.errorf(s.Map, "not supported by gs yet: for over a map of %s", m.holds()).WithHint("print it with print(%s)", m.name())
		return
	case m.Kind == MapStr && m.Value.Kind == KindBuf:
		c.errorf(s.Map, "not supported by gs yet: for over a map of buf()")
		return
	case gc.mapLoops >= ir.MaxIterDepth:
		c.errorf(s, "for loops over maps nest at most %d deep", ir.MaxIterDepth)
		return
	}
	c.p.MapOf[s.Map] = m
	for _, kt := range m.KeyTypes {
		if !kt.IsInteger() && kt.Kind != KindString {
			c.errorf(s.Map, "not supported by gs yet: for over a map keyed by %s", kt).
				WithHint("print it with print(%s)", m.name())
			return
		}
	}
	if m.Kind == MapAgg {
		m.Read = true
	}
	kv := &Var{Name: s.Var.Name, Type: kvType(m), Sp: s.Var.Sp}
	gc.g.Vars = append(gc.g.Vars, kv)
	if c.p.MapLoops == nil {
		c.p.MapLoops = map[*parser.ForStmt]*MapLoop{}
	}
	ml := &MapLoop{Map: m, KV: kv, Level: gc.mapLoops}
	c.p.MapLoops[s] = ml
	c.mapLoops = append(c.mapLoops, ml)
	c.p.Vars[s.Var] = kv
	c.p.Types[s.Var] = kv.Type

	old, had := gc.vars[kv.Name]
	gc.vars[kv.Name] = kv
	before, dead := copyDefs(gc.defs), gc.dead
	c.markDef(gc, kv)
	gc.loops++
	gc.mapLoops++
	c.block(gc, s.Body)
	gc.mapLoops--
	gc.loops--
	gc.defs, gc.dead = before, dead
	if had {
		gc.vars[kv.Name] = old
	} else {
		delete(gc.vars, kv.Name)
	}
}

// laterLiteralAssign types map name, which a for walks before any
// statement above assigns it, from an assignment further on in the probe
// whose keys and value are literals (`@a[1] = 1`): their types do not
// depend on where it runs. It returns the map as typed, or nil.
func (c *checker) laterLiteralAssign(gc *groupCtx, name string) *Map {
	literal := func(e parser.Expr) bool {
		switch e.(type) {
		case *parser.IntLit, *parser.StrLit:
			return true
		}
		return false
	}
	var found *parser.AssignStmt
	parser.Inspect(gc.g.Node.Body, func(n parser.Node) bool {
		a, ok := n.(*parser.AssignStmt)
		if found != nil || !ok {
			return found == nil
		}
		lhs, ok := a.LHS.(*parser.MapExpr)
		if !ok || lhs.Name != name || a.Op != "=" || len(lhs.Keys) == 0 || !literal(a.RHS) {
			return true
		}
		for _, k := range lhs.Keys {
			if !literal(k) {
				return true
			}
		}
		found = a
		return false
	})
	if found == nil {
		return nil
	}
	c.mapAssign(gc, found, found.LHS.(*parser.MapExpr))
	return c.maps[name]
}

// kvType is the type of a for loop's ($key, value) over m, laid out by
// kvLayout once m's key layout is final.
func kvType(m *Map) *Type {
	key := m.KeyTypes[0]
	if len(m.KeyTypes) > 1 {
		key = &Type{Kind: KindTuple, Name: "tuple"}
		for i, kt := range m.KeyTypes {
			key.Members = append(key.Members, Member{Name: strconv.Itoa(i), Type: kt})
		}
	}
	t := &Type{Kind: KindTuple, Name: "tuple", Members: []Member{{Name: "0", Type: key}, {Name: "1", Type: m.Value}}}
	kvLayout(t, m)
	return t
}

// layoutMapLoops lays out the loops' ($key, value) tuples again once the
// maps' key types and string capacities are final.
func (c *checker) layoutMapLoops() {
	for _, ml := range c.mapLoops {
		kvLayout(ml.KV.Type, ml.Map)
	}
}

// kvLayout places the members of a ($key, value) tuple as the map's key
// bytes lay out its keys, the value after them.
func kvLayout(t *Type, m *Map) {
	key := t.Members[0].Type
	off := 0
	if key.Kind == KindTuple {
		for i := range key.Members {
			key.Members[i].Offset = off
			off += keySlot(key.Members[i].Type)
		}
		key.Size = off
	} else {
		off = keySlot(key)
	}
	t.Members[1].Offset = off
	t.Size = off + SlotSize(m.Value)
}
