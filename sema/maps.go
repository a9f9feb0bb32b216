package sema

import (
	"fmt"
	"strconv"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// Map is a script map (@name). Its type is fixed by its first use in
// source order: the number and classes of its keys, and whether it holds
// integers or one aggregation. Desc is what the runtime gets; layout fills
// in the key layout.
type Map struct {
	Desc ir.Map
	// KeyTypes are the key types of the first use. A string key's
	// capacity grows to the longest string any use writes, and layout may
	// cut it so that the key fits.
	KeyTypes []*Type
	// Value is the type of the values: for MapPlain an integer, a pointer
	// or one of the 8-byte words (wordValue: func, probe, ntop, usym,
	// strftime, strerror, a ustack's gs_stacks id); for MapStr a string,
	// tuple, buf or held value.
	Value *Type
	Kind  MapKind
	// Deleted says that delete() removes entries of the map.
	Deleted bool
	// StoredIDs says that some use keys the map by a func or probe that
	// is not the running probe's own (one read from a map or a $var), so
	// its entries cannot live in the probe's cells.
	StoredIDs bool
	// Read says that the script reads the map's aggregation value in an
	// expression or walks the map with for: its entries must be in gs_aggs.
	Read bool
	// Limit is how many keys its declaration lets the map hold (let @m =
	// hash(N)); 0 for no declaration. gen checks it before each write of
	// a key the map does not hold (Program.Warns has the write's warning).
	Limit int
	// Heap is the offset of the map's own 128-byte key buffer. Only this
	// map's keys are built there and each build writes every key byte, so
	// the bytes after the key stay zero: the heap starts zeroed.
	Heap int

	keysSet  bool      // KeyTypes hold the first use's keys
	kindSp   diag.Span // the use that fixed Kind
	assigned bool
	deletes  []*parser.CallExpr // checked when Kind is final
}

// MapKind says what a map holds.
type MapKind uint8

// Map kinds.
const (
	MapUnknown MapKind = iota // not known yet: only printed, cleared or deleted so far
	MapPlain                  // 64-bit integers (gs_vals)
	MapAgg                    // one aggregation, Desc.Agg (gs_aggs)
	MapStr                    // strings (gs_strs), one capacity for all such maps
)

// aggs are the aggregation functions, valid only as `@m[...] = f(...)`.
var aggs = map[string]ir.Agg{
	"count": ir.AggCount, "sum": ir.AggSum, "min": ir.AggMin, "max": ir.AggMax,
	"avg": ir.AggAvg, "stats": ir.AggStats, "hist": ir.AggHist, "lhist": ir.AggLhist, "tseries": ir.AggTseries,
}

func mapName(name string) string { return "@" + name }

func (m *Map) name() string { return mapName(m.Desc.Name) }

// firstUse is the hint that points at the map's first use.
func (m *Map) firstUse() string {
	return fmt.Sprintf("%s was first used at %s", m.name(), m.Desc.Sp.Start)
}

// holds describes what m holds, for messages.
func (m *Map) holds() string {
	switch m.Kind {
	case MapAgg:
		return ir.AggNames[m.Desc.Agg] + "()"
	case MapStr:
		if m.Value.Kind == KindTuple {
			return m.Value.String()
		}
		return "strings"
	}
	return "integers"
}

// mapByName returns the map called name, creating it at e on first use.
func (c *checker) mapByName(e *parser.MapExpr) *Map {
	if m := c.maps[e.Name]; m != nil {
		c.p.MapOf[e] = m
		return m
	}
	if c.maps == nil {
		c.maps = map[string]*Map{}
	}
	m := &Map{Desc: ir.Map{ID: uint8(len(c.p.Maps)), Name: e.Name, Sp: e.Sp}, Limit: c.mapLimits[e.Name]}
	if len(c.p.Maps) == ir.MaxMaps {
		c.errorf(e, "too many maps: the limit is %d", ir.MaxMaps)
	}
	c.maps[e.Name] = m
	c.p.Maps = append(c.p.Maps, m)
	c.p.MapOf[e] = m
	return m
}

// mapRef resolves a map with its keys, @m[k1, k2] or @m, and checks the
// keys against the map's first use. It returns nil when the keys are in
// error (reported).
func (c *checker) mapRef(gc *groupCtx, e *parser.MapExpr) *Map {
	m := c.mapByName(e)
	c.flattenKey(gc, e)
	types := make([]*Type, len(e.Keys))
	ok := true
	for i, k := range e.Keys {
		types[i] = c.value(gc, k)
		if types[i] == nil {
			ok = false
		} else if keyClass(types[i]) == "" {
			c.errorf(k, "%s cannot be a map key", types[i]).WithHint("keys are integers, strings, char arrays, structs, arrays, comm, func, probe, ustack, usym, ntop, strerror, cgroup_path, container or buf")
			ok = false
		} else if isCharArray(types[i]) && !c.inMemory(k, "use as a map key") {
			ok = false
		}
	}
	if !ok {
		return nil
	}
	for i, k := range e.Keys {
		if t := types[i]; t.Kind == KindFunc || t.Kind == KindProbe {
			id, _ := k.(*parser.Ident)
			if b := c.p.Builtins[id]; b == nil || b.Kind != BuiltinFunc && b.Kind != BuiltinProbe {
				m.StoredIDs = true
			}
		}
	}
	if !m.keysSet {
		m.keysSet = true
		m.Desc.Sp = e.Sp // the first use that fixes the keys
		for i, t := range types {
			m.KeyTypes = append(m.KeyTypes, keyType(t))
			m.Desc.Labels = append(m.Desc.Labels, keyLabel(e.Keys[i])) // labels.go
			c.checkLabel(m, i, e.Keys[i], t)
		}
		c.checkSelfRead(m, e)
		return m
	}
	if len(types) != len(m.KeyTypes) {
		c.errorf(e, "%s has %s, used here with %d", m.name(), quantity(len(m.KeyTypes), "key"), len(types)).
			WithHint("%s", m.firstUse())
		return nil
	}
	for i, t := range types {
		kt := m.KeyTypes[i]
		cls, want := keyClass(t), keyClass(kt)
		switch {
		case cls == want:
		case want == "comm" && t.Kind == KindStrLit:
			// written as comm's 16 NUL-padded bytes
		default:
			c.errorf(e.Keys[i], "%s is %s here, %s at first use", keyDesc(m, i), article(cls), article(want)).
				WithHint("%s", m.firstUse())
			ok = false
			continue
		}
		switch kt.Kind {
		case KindString:
			if n := keyType(t).Cap; n > kt.Cap {
				kt.Cap, kt.Size = n, ir.StrHeader+n
			}
		case KindTuple:
			fitTuple(kt, t) // tuples.go: its strings grow (keyClass saw the same shape)
		case KindStack:
			kt.Len = max(kt.Len, t.Len)
		case KindBuf:
			if t.Cap != kt.Cap {
				c.errorf(e.Keys[i], "%s is a %d-byte buf here, %d bytes at first use", keyDesc(m, i), t.Cap, kt.Cap).
					WithHint("%s", m.firstUse())
				ok = false
			}
		}
	}
	if !ok {
		return nil
	}
	c.checkSelfRead(m, e)
	return m
}

// checkSelfRead refuses a string key of m that reads m itself other than
// through str()'s address: gen builds such keys in m's key buffer while
// evaluating them (integer keys and str() addresses are computed first).
func (c *checker) checkSelfRead(m *Map, e *parser.MapExpr) {
	for _, k := range e.Keys {
		t := c.p.Types[k]
		if t == nil || keyClass(t) != "string" && keyClass(t) != "buf" {
			continue
		}
		if _, isCall := k.(*parser.CallExpr); isCall && t.Kind != KindBuf {
			continue // str()'s address is computed before the key is written
		}
		parser.Inspect(k, func(n parser.Node) bool {
			if inner, ok := n.(*parser.MapExpr); ok && inner.Name == m.Desc.Name {
				c.errorf(inner, "a string key of %s cannot read %s itself", m.name(), m.name()).
					WithHint("read it into a $variable first")
				return false
			}
			return true
		})
	}
}

// keyClass groups the types that can share a key position; "" for a type
// that cannot be a key.
func keyClass(t *Type) string {
	switch {
	case t.IsInteger():
		return "integer"
	case t.Kind == KindString || t.Kind == KindStrLit || isCharArray(t) || isCountedText(t):
		return "string" // a char array or counted text keys as str() would read it
	case t.Kind == KindComm:
		return "comm"
	case t.Kind == KindFunc:
		return "func"
	case t.Kind == KindProbe:
		return "probe"
	case t.Kind == KindStack:
		return "ustack"
	case t.Kind == KindSymbol:
		return "usym"
	case t.Kind == KindInet:
		return "inet" // ntop
	case t.Kind == KindErrno:
		return "strerror"
	case t.Kind == KindTime:
		return "timestamp"
	case t.Kind == KindCgroupPath:
		return "cgroup_path"
	case t.Kind == KindContainer:
		return "container"
	case t.Kind == KindUser:
		return "username"
	case t.Kind == KindMac:
		return "macaddr"
	case t.Kind == KindSignal:
		return "signal_name"
	case t.Kind == KindBuf:
		return "buf"
	case IsHeld(t):
		return t.String() // its bytes (held.go): only the same type shares a key position
	case t.Kind == KindTuple && keyTuple(t):
		return shapeString(t) // tuples.go: the same but for its strings' capacities
	}
	return ""
}

// heldTuple is the type of e when e is a tuple in a $var or an element of
// one, else nil; it reports nothing (the key's check does).
func heldTuple(gc *groupCtx, e parser.Expr) *Type {
	var t *Type
	switch x := e.(type) {
	case *parser.VarExpr:
		if v := gc.vars[x.Name]; v != nil {
			t = v.Type
		}
	case *parser.FieldExpr:
		if pt := heldTuple(gc, x.X); pt != nil && !x.Arrow {
			for _, m := range pt.Members {
				if m.Name == x.Name {
					t = m.Type
				}
			}
		}
	case *parser.IndexExpr:
		lit, ok := x.Index.(*parser.IntLit)
		if pt := heldTuple(gc, x.X); pt != nil && ok && lit.Val < uint64(len(pt.Members)) {
			t = pt.Members[lit.Val].Type
		}
	}
	if t == nil || t.Kind != KindTuple {
		return nil
	}
	return t
}

// flattenKey makes @m[$t], the single key a tuple $t (or an element of
// one), bpftrace's @m[$t.0, $t.1, ...]: its multi-key is a tuple, as
// @m[(a, b)] is @m[a, b] (the parser's). Records and args keep their
// names and stay one key.
func (c *checker) flattenKey(gc *groupCtx, e *parser.MapExpr) {
	if len(e.Keys) != 1 || !tupleRooted(e.Keys[0]) {
		return
	}
	if _, isMap := e.Keys[0].(*parser.MapExpr); isMap {
		return // read once, as one key
	}
	k := e.Keys[0]
	t := heldTuple(gc, k)
	if t == nil || t.Name != "tuple" || len(t.Members) < 2 {
		return
	}
	keys := make([]parser.Expr, len(t.Members))
	for i := range t.Members {
		idx := &parser.IntLit{Val: uint64(i), Text: strconv.Itoa(i), Sp: k.Span()}
		keys[i] = &parser.IndexExpr{X: k, Index: idx, Sp: k.Span()}
	}
	e.Keys = keys
}

func article(class string) string {
	switch class {
	case "integer", "ustack", "usym", "inet", "ustack id":
		return "an " + class
	}
	return "a " + class
}

func keyDesc(m *Map, i int) string {
	if len(m.KeyTypes) == 1 {
		return "the key of " + m.name()
	}
	return fmt.Sprintf("key %d of %s", i+1, m.name())
}

// quantity renders n things: "no keys", "1 key", "2 keys".
func quantity(n int, what string) string {
	switch n {
	case 0:
		return "no " + what + "s"
	case 1:
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// keyType is the type a key position takes from its first use. Types are
// copied: a map's key types change as later uses widen them. A char array
// is a string of its length: its text up to the first NUL, all of it when
// it has none.
func keyType(t *Type) *Type {
	if isCharArray(t) {
		return StringOf(ArrayKeyCap(t))
	}
	if isCountedText(t) {
		return StringOf(ir.DefaultStr)
	}
	switch t.Kind {
	case KindString, KindStrLit:
		return StringOf(t.Cap)
	case KindStack:
		st := StackOf(t.Len)
		st.StackMode = t.StackMode
		return st
	}
	if t.IsInteger() {
		return wordOf(t) // printshape.go
	}
	return t
}

// ArrayKeyCap is the capacity of the string a char array of type t keys a
// map as: its length, at most ir.MaxStrLen.
func ArrayKeyCap(t *Type) int { return min(max(t.Len, 1), ir.MaxStrLen) }

// setKind fixes what m holds at its first use with a value, and reports a
// use that disagrees.
func (c *checker) setKind(m *Map, n parser.Node, kind MapKind, agg ir.Agg, value *Type) bool {
	if m.Kind == MapUnknown {
		m.Kind, m.kindSp = kind, n.Span()
		m.Desc.IsAgg, m.Desc.Agg = kind == MapAgg, agg
		m.Value = value
		return true
	}
	if m.Kind == kind && kind == MapStr && (exactValue(m.Value) || exactValue(value)) {
		if m.Value.Kind == KindTuple && value.Kind == KindTuple && fitTuple(m.Value, value) { // tuples.go: its strings grow
			return true
		}
		if m.Value.Kind == KindBuf && value.Kind == KindBuf && m.Value.Cap == value.Cap {
			return true
		}
		if IsHeld(m.Value) && IsHeld(value) && sameHeld(m.Value, value) {
			return true
		}
		c.errorf(n, "cannot assign %s to %s: it holds %s", value, m.name(), m.Value).
			WithHint("a map's values all have one type; %s first held %s at %s", m.name(), m.Value, m.kindSp.Start)
		return false
	}
	if m.Kind == kind && kind == MapPlain && (wordValue(m.Value) || wordValue(value)) && !sameWord(m.Value, value) {
		c.errorf(n, "cannot assign %s to %s: it holds %s", valueDesc(value), m.name(), valueDesc(m.Value)).
			WithHint("a map's values all have one type; %s first held %s at %s", m.name(), valueDesc(m.Value), m.kindSp.Start)
		return false
	}
	if m.Kind == kind && (kind == MapPlain || kind == MapAgg && m.Desc.Agg == agg) {
		return true
	}
	if m.Kind == kind && kind == MapStr {
		m.Value.Cap = max(m.Value.Cap, value.Cap) // the longest string any use writes
		m.Value.Size = ir.StrHeader + m.Value.Cap
		return true
	}
	what := "an integer"
	switch kind {
	case MapAgg:
		what = ir.AggNames[agg] + "()"
	case MapStr:
		what = "a string"
	}
	c.errorf(n, "cannot assign %s to %s: it holds %s", what, m.name(), m.holds()).
		WithHint("a map holds integers, strings or one kind of aggregation; %s first held %s at %s",
			m.name(), m.holds(), m.kindSp.Start)
	return false
}

// mapRead checks @m[k] used as a value: the integer stored, 0 when absent.
func (c *checker) mapRead(gc *groupCtx, e *parser.MapExpr) *Type {
	m := c.mapRef(gc, e)
	if m == nil {
		return nil
	}
	if m.Kind == MapUnknown {
		c.setKind(m, e, MapPlain, 0, Int64)
	}
	if m.Kind == MapAgg {
		if !readableAgg(m.Desc.Agg) {
			c.errorf(e, "%s holds %s: its value cannot be read in an expression", m.name(), m.holds()).
				WithHint("print it with print(%s); count, sum, min, max and avg can be read", m.name())
			return nil
		}
		m.Read = true
	}
	if c.cfg.HelperErrors && (m.Kind == MapPlain || m.Kind == MapAgg) {
		c.runWarn(e, e.Sp, MapLookupMsg)
	}
	return m.Value
}

// DeleteKeys returns the keys of delete(@m[k]) or delete(@m, k).
func (p *Program) DeleteKeys(call *parser.CallExpr) []parser.Expr {
	if keys, ok := p.KeysOf[call]; ok {
		return keys
	}
	return call.Args[0].(*parser.MapExpr).Keys
}

// readableAgg reports whether an aggregation has one integer value that
// an expression may read: bpftrace's count, sum, min, max and avg.
func readableAgg(a ir.Agg) bool {
	switch a {
	case ir.AggCount, ir.AggSum, ir.AggMin, ir.AggMax, ir.AggAvg:
		return true
	}
	return false
}

// mapAssign checks `@m[k] = v`, `@m[k] op= v` and `@m[k] = agg(...)`.
func (c *checker) mapAssign(gc *groupCtx, s *parser.AssignStmt, lhs *parser.MapExpr) {
	if call, ok := s.RHS.(*parser.CallExpr); ok && s.Op == "=" {
		if agg, ok := aggs[call.Fn]; ok {
			c.aggAssign(gc, lhs, call, agg)
			return
		}
	}
	m := c.mapRef(gc, lhs)
	c.p.MapOf[lhs].assigned = true // even when in error: no "never assigned" on top
	c.limitWarn(m, lhs)
	if s.Op != "=" {
		if _, ok := compoundOps[s.Op]; !ok {
			c.diags.Errorf(s.Sp, "unknown assignment operator %q", s.Op)
			return
		}
	}
	rt := c.value(gc, s.RHS)
	if m == nil || rt == nil {
		return
	}
	if rt.Kind == KindTuple {
		if s.Op != "=" {
			c.errorf(s, "%s is not defined on tuples", s.Op).WithHint("assign a tuple with =")
			return
		}
		c.setKind(m, s, MapStr, 0, rt) // a tuple is held in a string map's slot (tuples.go)
		return
	}
	if rt.Kind == KindBuf {
		if s.Op != "=" {
			c.errorf(s, "%s is not defined on buf()", s.Op).WithHint("assign a buf() with =")
			return
		}
		c.setKind(m, s, MapStr, 0, bufType(rt.Cap)) // held in a string map's slot (buf.go)
		return
	}
	if IsHeld(rt) {
		if s.Op != "=" {
			c.errorf(s, "%s is not defined on %s", s.Op, rt).WithHint("assign a %s with =", rt)
			return
		}
		c.setKind(m, s, MapStr, 0, rt) // its bytes in a string map's slot (held.go)
		return
	}
	if cap, ok := strValueCap(rt); ok {
		if s.Op != "=" {
			c.errorf(s, "%s is not defined on strings", s.Op).WithHint("assign a string with =")
			return
		}
		c.setKind(m, s, MapStr, 0, StringOf(cap))
		return
	}
	if rt.Kind == KindStack {
		rt = stackIDOf(rt) // its id in gs_stacks
	}
	if wordValue(rt) {
		if s.Op != "=" {
			c.errorf(s, "%s is not defined on %s", s.Op, valueDesc(rt)).WithHint("assign it with =")
			return
		}
		c.setKind(m, s, MapPlain, 0, rt) // its 8-byte word in gs_vals
		return
	}
	if !rt.IsInteger() {
		c.errorf(s.RHS, "%s map values are not supported yet", valueClass(rt)).
			WithHint("map values are 64-bit integers; a %s can be a key: @m[%s] = count()", valueClass(rt), c.text(s.RHS))
		return
	}
	if s.Op != "=" {
		c.divZero(compoundOps[s.Op], s.Sp, s.RHS) // runwarn.go
	}
	vt := wordOf(rt) // printshape.go
	if rt.Kind == KindPointer && m.Kind == MapUnknown {
		vt = rt // printed as an address, and @p += 1 steps by its element
	}
	c.setKind(m, s, MapPlain, 0, vt)
}

// wordValue reports whether t is a value other than an integer that is
// one 8-byte word, held as such in gs_vals, a $var or a tuple: the
// probe id of func and probe, ntop's address, usym's address,
// strftime's nanoseconds, strerror's errno, a ustack's gs_stacks id.
func wordValue(t *Type) bool {
	switch t.Kind {
	case KindFunc, KindProbe, KindInet, KindSymbol, KindTime, KindErrno, KindUser, KindMac, KindSignal:
		return true
	case KindStack:
		return t.StackID
	}
	return false
}

// sameWord reports whether values of types a and b, one of them a
// wordValue, can share a map: one kind (and strftime's format).
func sameWord(a, b *Type) bool {
	return a.Kind == b.Kind && a.Format == b.Format && a.StackMode == b.StackMode
}

// valueDesc names a map value's type for messages.
func valueDesc(t *Type) string {
	switch {
	case t.IsInteger():
		return "an integer"
	case wordValue(t):
		return article(valueClass(t))
	}
	return t.String()
}

// exactValue reports whether a map of strings holding t keeps t's own
// size and layout: tuples and buf()s, not strings of the maps' capacity.
func exactValue(t *Type) bool { return t.Kind == KindTuple || t.Kind == KindBuf || IsHeld(t) }

// strValueCap returns the capacity a string map value needs to hold a
// value of type t, and whether t is a string at all.
func strValueCap(t *Type) (int, bool) {
	switch t.Kind {
	case KindString, KindStrLit:
		return max(t.Cap, 1), true
	case KindComm:
		return ir.CommLen, true
	}
	return 0, false
}

func valueClass(t *Type) string {
	if c := keyClass(t); c != "" {
		return c
	}
	return t.String()
}

// aggAssign checks `@m[k] = agg(args)`.
func (c *checker) aggAssign(gc *groupCtx, lhs *parser.MapExpr, call *parser.CallExpr, agg ir.Agg) {
	m := c.mapRef(gc, lhs)
	c.p.MapOf[lhs].assigned = true
	c.limitWarn(m, lhs)
	ok := true
	var min, max, step int64
	var ts *ir.Tseries
	switch agg {
	case ir.AggTseries:
		ts = c.tseriesArgs(gc, call) // tseries.go
		ok = ts != nil
	case ir.AggCount:
		if len(call.Args) != 0 {
			c.values(gc, call.Args)
			c.errorf(call, "count takes no arguments, got %d", len(call.Args))
			ok = false
		}
	case ir.AggLhist:
		if len(call.Args) != 4 {
			c.values(gc, call.Args)
			c.errorf(call, "lhist takes 4 arguments, got %d", len(call.Args)).WithHint("lhist(value, min, max, step)")
			ok = false
			break
		}
		ok = c.integer(gc, call.Args[0], "lhist") != nil
		var params [3]int64
		for i, a := range call.Args[1:] {
			t := c.value(gc, a)
			v, isConst := c.p.Consts[a]
			if t == nil || !t.IsInteger() || !isConst {
				if t != nil {
					c.errorf(a, "lhist %s must be an integer constant", [...]string{"min", "max", "step"}[i])
				}
				ok = false
				continue
			}
			params[i] = int64(v)
		}
		if !ok {
			break
		}
		min, max, step = params[0], params[1], params[2]
		ok = c.lhistParams(call, min, max, step)
	case ir.AggHist:
		ok = c.histArgs(gc, call)
	default:
		if len(call.Args) != 1 {
			c.values(gc, call.Args)
			c.errorf(call, "%s takes 1 argument, got %d", call.Fn, len(call.Args))
			ok = false
			break
		}
		ok = c.integer(gc, call.Args[0], call.Fn) != nil
	}
	c.p.Types[call] = Void
	if m == nil || !ok {
		return
	}
	value := Int64
	if agg == ir.AggCount || agg == ir.AggHist || agg == ir.AggLhist || ts != nil && !ts.Signed {
		value = Uint64 // counts
	}
	fresh := m.Kind == MapUnknown
	if !c.setKind(m, call, MapAgg, agg, value) {
		return
	}
	if ts != nil {
		if fresh {
			m.Desc.Tseries = ts
		} else if !sameTseries(m.Desc.Tseries, ts) {
			c.errorf(call, "this tseries differs from the first tseries of %s", m.name()).
				WithHint("a map has one interval, number of intervals and function; use another map")
		}
		return
	}
	if agg != ir.AggLhist {
		return
	}
	if fresh {
		m.Desc.Min, m.Desc.Max, m.Desc.Step = min, max, step
	} else if m.Desc.Min != min || m.Desc.Max != max || m.Desc.Step != step {
		c.errorf(call, "lhist(%d, %d, %d) differs from the first lhist of %s, lhist(%d, %d, %d)",
			min, max, step, m.name(), m.Desc.Min, m.Desc.Max, m.Desc.Step).
			WithHint("a map has one set of buckets; use another map")
	}
}

// lhistParams checks lhist's constant arguments against the buckets of
// ir/program.go: 0 below min, one per step, one at or above max.
func (c *checker) lhistParams(call *parser.CallExpr, min, max, step int64) bool {
	switch {
	case step <= 0:
		c.errorf(call.Args[3], "lhist step must be positive, got %d", step)
		return false
	case max <= min:
		c.errorf(call.Args[2], "lhist max must be larger than min, got min %d and max %d", min, max)
		return false
	}
	n := (uint64(max) - uint64(min)) / uint64(step)
	if n > ir.MaxBuckets-2 {
		c.errorf(call, "lhist(%d, %d, %d) needs %d buckets, more than the limit of %d", min, max, step, n, ir.MaxBuckets-2).
			WithHint("use a step of at least %d", (uint64(max)-uint64(min)+ir.MaxBuckets-3)/(ir.MaxBuckets-2))
		return false
	}
	return true
}

// mapCall checks delete, clear, zero and print(@m): the map functions. It
// reports whether e was one of them.
func (c *checker) mapCall(gc *groupCtx, e *parser.CallExpr) bool {
	switch e.Fn {
	case "delete":
		if len(e.Args) == 2 {
			c.keyedCall(gc, e, "delete")
			return true
		}
		me, ok := onlyMap(e)
		if !ok {
			c.values(gc, e.Args)
			c.errorf(e, "delete takes a map and a key: delete(@m, key), or delete(@m[key])")
			return true
		}
		if m := c.mapRef(gc, me); m != nil {
			m.deletes = append(m.deletes, e)
		}
	case "clear", "zero":
		me, ok := onlyMap(e)
		if !ok || me.Keys != nil {
			if !ok {
				c.values(gc, e.Args)
			}
			c.errorf(e, "%s takes a whole map: %s(@m)", e.Fn, e.Fn)
			return true
		}
		m := c.mapByName(me)
		kind := ir.EventClearMap
		if e.Fn == "zero" {
			kind = ir.EventZeroMap
		}
		c.addMapEvent(e, kind, m, 0, 0)
	case "print":
		me, ok := e.Args[0].(*parser.MapExpr)
		if !ok || me.Keys != nil {
			return false
		}
		m := c.mapByName(me)
		var opts [2]int64
		for i, a := range e.Args[1:] {
			t := c.value(gc, a)
			v, isConst := c.p.Consts[a]
			if i >= len(opts) {
				c.errorf(a, "print of a map takes at most 2 more arguments: print(@m, top, div)")
				return true
			}
			if t == nil {
				return true
			}
			if !t.IsInteger() || !isConst || int64(v) < 0 || v > 1<<31 {
				c.errorf(a, "print's %s must be a non-negative integer constant", [...]string{"top", "div"}[i]).
					WithHint("print(@m, top, div) prints the top largest entries, values divided by div")
				return true
			}
			opts[i] = int64(v)
		}
		c.addMapEvent(e, ir.EventPrintMap, m, int(opts[0]), opts[1])
	default:
		return false
	}
	return true
}

// keyedCall checks delete(@m, k) and has_key(@m, k): k is the key, a
// tuple of the keys for a map of several. The keys gen builds are in
// Program.KeysOf. It returns the map, nil when in error (reported).
func (c *checker) keyedCall(gc *groupCtx, e *parser.CallExpr, fn string) *Map {
	var me *parser.MapExpr
	ok := false
	if len(e.Args) == 2 {
		me, ok = e.Args[0].(*parser.MapExpr)
	}
	if !ok || me.Keys != nil {
		c.values(gc, e.Args)
		c.errorf(e, "%s takes a map and a key: %s(@m, key)", fn, fn)
		return nil
	}
	k := e.Args[1]
	keys := []parser.Expr{k}
	m := c.maps[me.Name]
	if m != nil && m.keysSet && len(m.KeyTypes) == 0 {
		c.values(gc, e.Args[1:])
		c.errorf(e, "call to %s() expects a map with explicit keys (non-scalar map)", fn).
			WithHint("%s has no keys", m.name())
		return nil
	}
	if m != nil && m.keysSet && len(m.KeyTypes) > 1 {
		if tup, ok := k.(*parser.TupleExpr); ok && tup.Names == nil {
			keys = tup.Elems
		} else if t := c.value(gc, k); t == nil {
			return nil
		} else if t.Kind == KindTuple && len(t.Members) == len(m.KeyTypes) {
			keys = nil
			for _, mb := range t.Members {
				keys = append(keys, &parser.FieldExpr{X: k, Name: mb.Name, NameSp: k.Span(), Sp: k.Span()})
			}
		}
	}
	ref := &parser.MapExpr{Name: me.Name, Keys: keys, Sp: me.Sp}
	m = c.mapRef(gc, ref)
	c.p.MapOf[me] = c.maps[me.Name]
	if m == nil {
		return nil
	}
	if c.p.KeysOf == nil {
		c.p.KeysOf = map[*parser.CallExpr][]parser.Expr{}
	}
	c.p.KeysOf[e] = keys
	c.p.MapOf[ref] = m
	if fn == "delete" {
		m.deletes = append(m.deletes, e)
	} else if m.Kind == MapAgg {
		m.Read = true // its keys must be in gs_aggs
	}
	return m
}

// mapLen checks len(@m): the number of keys @m has.
func (c *checker) mapLen(e *parser.CallExpr, me *parser.MapExpr) *Type {
	m := c.mapByName(me)
	if m.keysSet && len(m.KeyTypes) == 0 {
		c.errorf(e, "call to len() expects a map with explicit keys (non-scalar map)").WithHint("%s has no keys", m.name())
		return nil
	}
	if m.Kind == MapAgg {
		m.Read = true
	}
	return Int64
}

// MapIn is the BPF map that holds m's entries.
func MapIn(m *Map) ir.MapIn {
	switch m.Kind {
	case MapAgg:
		return ir.InAggs
	case MapStr:
		return ir.InStrs
	}
	return ir.InVals
}

// onlyMap returns the argument of a call that takes exactly one map.
func onlyMap(e *parser.CallExpr) (*parser.MapExpr, bool) {
	if len(e.Args) != 1 {
		return nil, false
	}
	me, ok := e.Args[0].(*parser.MapExpr)
	return me, ok
}

func (c *checker) addMapEvent(e *parser.CallExpr, kind ir.EventKind, m *Map, top int, div int64) {
	c.p.EventOf[e] = len(c.events)
	c.events = append(c.events, &eventInfo{call: e, kind: kind, m: m, top: top, div: div})
}

// finishMaps reports maps that are never given a value, once every use is
// known, and notes the maps that delete() acts on.
func (c *checker) finishMaps() {
	for _, m := range c.p.Maps {
		if !m.assigned {
			c.diags.Errorf(m.Desc.Sp, "%s is never assigned", m.name()).
				WithHint("give it a value, e.g. %s = count()", m.name())
			continue
		}
		m.Deleted = len(m.deletes) > 0
	}
	// Every map of strings holds one capacity, the largest: one gs_strs
	// value size, and a read can land in any slot of that size.
	// Maps of tuples share gs_strs: its slots are as large as the largest.
	strCap, tupleSize := 0, 0
	for _, m := range c.p.Maps {
		switch {
		case m.Kind == MapStr && exactValue(m.Value):
			tupleSize = max(tupleSize, m.Value.Size)
		case m.Kind == MapStr:
			strCap = max(strCap, m.Value.Cap)
		}
	}
	if strCap > 0 || tupleSize > 0 {
		strCap = max(strCap, c.cfg.Reserve.StrCap)
	}
	strCap = min(ir.Align8(strCap), ir.MaxStrLen)
	for _, m := range c.p.Maps {
		if m.Kind == MapStr && !exactValue(m.Value) {
			m.Value.Cap, m.Value.Size = strCap, ir.StrHeader+strCap
		}
	}
	if strCap > 0 || tupleSize > 0 {
		c.p.StrValueSize = max(ir.StrHeader+strCap, tupleSize)
	}
}

// histArgs checks hist(value[, bits]). bits is bpftrace's precision, an
// integer constant from 0 to 5 (its pre_type_check.cpp): each power of two
// split into 2^bits buckets. gs's histograms have bits 0 only (the
// interpreter's hist_bucket and ir.MaxBuckets).
func (c *checker) histArgs(gc *groupCtx, call *parser.CallExpr) bool {
	if len(call.Args) != 1 && len(call.Args) != 2 {
		c.values(gc, call.Args)
		c.errorf(call, "hist takes 1 or 2 arguments, got %d", len(call.Args)).WithHint("hist(value) or hist(value, bits)")
		return false
	}
	ok := c.integer(gc, call.Args[0], "hist") != nil
	if len(call.Args) == 1 {
		return ok
	}
	a := call.Args[1]
	t := c.value(gc, a)
	v, isConst := c.p.Consts[a]
	switch {
	case t == nil:
		return false
	case !t.IsInteger() || !isConst:
		c.errorf(a, "hist bits must be an integer constant")
		return false
	case int64(v) < 0 || v > 5:
		c.errorf(a, "hist bits must be 0 to 5, not %d", int64(v))
		return false
	case v != 0:
		c.errorf(a, "not supported by gs yet: hist bits above 0").
			WithHint("gs's histograms have one bucket per power of two: hist(value) or hist(value, 0)")
		return false
	}
	return ok
}

// limitWarn makes the warning gen emits where a write to lhs finds m, a
// map its declaration limits, full: bpftrace's hash(N) is a BPF hash of N
// entries, whose update of one more key fails.
func (c *checker) limitWarn(m *Map, lhs *parser.MapExpr) {
	if m != nil && m.Limit > 0 {
		c.runWarn(lhs, lhs.Sp, MapFullMsg)
	}
}
