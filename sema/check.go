package sema

import (
	"fmt"
	"math"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// groupCtx is the state of checking one probe group.
type groupCtx struct {
	g *Group
	// vars are the $vars in scope; local those the current block
	// introduced.
	vars  map[string]*Var
	local map[string]bool
	scope Scope
	// defs holds the $vars assigned on every path to the current point;
	// dead is set after return and exit().
	defs map[*Var]bool
	dead bool
	// loops counts the loops around the current point (break, continue),
	// mapLoops the for loops over maps among them.
	loops, mapLoops int
}

// eventInfo is a print, printf, exit or map call waiting for layout.
type eventInfo struct {
	call  *parser.CallExpr
	kind  ir.EventKind
	verbs []printfmt.Verb // printf's format (system's, cat's)
	text  string          // time()'s format
	args  []parser.Expr
	// Map events: the map, and print's top and div.
	m   *Map
	top int
	div int64
}

func (c *checker) checkGroup(g *Group) {
	gc := &groupCtx{g: g, vars: map[string]*Var{}, local: map[string]bool{}, scope: c.scopeFor(g), defs: map[*Var]bool{}}
	if f := g.Node.Filter; f != nil {
		c.cond(gc, f)
	}
	c.block(gc, g.Node.Body)
	for _, v := range g.Vars {
		if v.Type == nil {
			v.Type = Int64 // `let $x;` never assigned: 0
		}
	}
}

// block checks the statements of b. In a block written in the script
// (Scoped), `let $x` declares a new $x, which shadows an outer one until
// the block ends. A $variable the block first assigns stays usable after
// it (it reads 0 where no assignment ran), as gs always had it; bpftrace
// refuses that (docs/bpftrace.md). Either way a later `let $x` outside
// declares a new one.
func (c *checker) block(gc *groupCtx, b *parser.Block) {
	if b.Scoped {
		outer, outerLocal := gc.vars, gc.local
		gc.vars, gc.local = make(map[string]*Var, len(outer)), map[string]bool{}
		for k, v := range outer {
			gc.vars[k] = v
		}
		defer func() {
			for name := range gc.local {
				if outer[name] == nil {
					outer[name] = gc.vars[name]
				}
			}
			gc.vars, gc.local = outer, outerLocal
		}()
	}
	warned := false
	for _, s := range b.Stmts {
		if gc.dead && !warned {
			// bpftrace's warning: after exit(), return, break or continue.
			c.diags.Warnf(s.Span(), "unreachable statement")
			warned = true
		}
		c.stmt(gc, s)
	}
}

func (c *checker) stmt(gc *groupCtx, s parser.Stmt) {
	switch s := s.(type) {
	case *parser.Block:
		c.block(gc, s)
	case *parser.ExprStmt:
		c.exprStmt(gc, s)
	case *parser.AssignStmt:
		c.assign(gc, s)
		if _, isVar := s.LHS.(*parser.VarExpr); isVar && s.Op == "=" && c.cfg.HelperErrors {
			c.runWarn(s.RHS, s.RHS.Span(), ReadFailMsg) // gen emits it where the value reads memory
		}
	case *parser.IfStmt:
		c.cond(gc, s.Cond)
		before, dead := copyDefs(gc.defs), gc.dead
		c.block(gc, s.Then)
		thenDefs, thenDead := gc.defs, gc.dead
		gc.defs, gc.dead = before, dead
		if s.Else != nil {
			c.stmt(gc, s.Else)
		}
		switch {
		case thenDead:
		case gc.dead:
			gc.defs, gc.dead = thenDefs, false
		default:
			for v := range gc.defs {
				if !thenDefs[v] {
					delete(gc.defs, v)
				}
			}
		}
	case *parser.ReturnStmt:
		if s.Value != nil {
			c.value(gc, s.Value) // bpftrace's return value means nothing in a probe
		}
		gc.dead = true
	case *parser.WhileStmt, *parser.UnrollStmt, *parser.ForStmt, *parser.BranchStmt:
		c.loopStmt(gc, s) // loops.go
	case *parser.LetStmt:
		c.letStmt(gc, s)
	default:
		c.errorf(s, "unexpected statement")
	}
}

func copyDefs(m map[*Var]bool) map[*Var]bool {
	out := make(map[*Var]bool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (c *checker) exprStmt(gc *groupCtx, s *parser.ExprStmt) {
	t := c.expr(gc, s.X)
	if call, ok := s.X.(*parser.CallExpr); ok && call.Fn == "delete" {
		return // its value says whether there was an entry
	}
	if t != nil && t.Kind != KindVoid && !s.Discarded {
		c.diags.Warnf(s.Span(), "value of %s is not used", c.text(s.X)).WithHint("print it with print(%s)", c.text(s.X))
	}
}

// compoundOps are the assignment operators besides "=", as binary operators.
var compoundOps = map[string]string{
	"+=": "+", "-=": "-", "*=": "*", "/=": "/", "%=": "%",
	"&=": "&", "|=": "|", "^=": "^", "<<=": "<<", ">>=": ">>",
}

func (c *checker) assign(gc *groupCtx, s *parser.AssignStmt) {
	if me, ok := s.LHS.(*parser.MapExpr); ok {
		c.mapAssign(gc, s, me)
		return
	}
	lhs, ok := s.LHS.(*parser.VarExpr)
	if !ok {
		c.value(gc, s.RHS)
		c.errorf(s.LHS, "cannot assign to %s", c.text(s.LHS))
		return
	}
	if s.Op != "=" {
		op, ok := compoundOps[s.Op]
		if !ok {
			c.diags.Errorf(s.Sp, "unknown assignment operator %q", s.Op)
			return
		}
		vt := c.varUse(gc, lhs)
		rt := c.value(gc, s.RHS)
		if vt == nil || rt == nil {
			return
		}
		if !vt.IsInteger() || !rt.IsInteger() {
			bad, bt := parser.Expr(lhs), vt
			if vt.IsInteger() {
				bad, bt = s.RHS, rt
			}
			wideHint(c.errorf(bad, "operator %s needs integers, got %s", op, bt), bt)
			return
		}
		c.divZero(op, s.Sp, s.RHS) // runwarn.go
		c.markDef(gc, c.p.Vars[lhs])
		return
	}
	rt := c.value(gc, s.RHS)
	if rt == nil {
		if v := gc.vars[lhs.Name]; v != nil {
			c.p.Vars[lhs] = v
		}
		return
	}
	v := gc.vars[lhs.Name]
	switch {
	case v == nil:
		v = &Var{Name: lhs.Name, Type: varType(rt), Sp: s.Sp}
		gc.vars[lhs.Name] = v
		gc.local[lhs.Name] = true
		gc.g.Vars = append(gc.g.Vars, v)
	case v.Type == nil:
		v.Type = varType(rt) // declared by `let $x;`: the first assignment gives the type
	case v.ReadAt != nil && !assignable(v.Type, rt):
		c.errorf(s.RHS, "cannot assign %s to $%s, read as an integer before its first assignment", rt, v.Name).
			WithHint("$%s is declared without a type at %s and read at %s; assign it before reading it", v.Name, v.Sp.Start, v.ReadAt.Start)
	case !assignable(v.Type, rt):
		c.errorf(s.RHS, "cannot assign %s to $%s of type %s", rt, v.Name, v.Type).
			WithHint("$%s was first assigned at %s; use another variable", v.Name, v.Sp.Start)
	}
	if n := textCap(rt); v.Type.Kind == KindString && n > v.Type.Cap {
		v.Type.Cap, v.Type.Size = n, ir.StrHeader+n
	}
	c.p.Vars[lhs] = v
	c.p.Types[lhs] = v.Type
	c.markDef(gc, v)
}

func (c *checker) markDef(gc *groupCtx, v *Var) {
	if v != nil {
		gc.defs[v] = true
	}
}

// varType is the type a $var takes from its first assignment: integers
// widen to 64 bits; strings get a type of their own whose capacity grows
// with later assignments.
func varType(t *Type) *Type {
	switch t.Kind {
	case KindInt, KindChar, KindEnum:
		return wordOf(t) // printshape.go
	case KindString:
		return StringOf(t.Cap)
	case KindStrLit:
		return StringOf(t.Cap)
	case KindStack:
		return stackIDOf(t) // its id in gs_stacks, as a map value holds it
	}
	return t
}

func assignable(dst, src *Type) bool {
	switch {
	case dst.IsInteger():
		return src.IsInteger()
	case dst.Kind == KindString:
		return src.Kind == KindString || src.Kind == KindStrLit
	case dst.Kind == KindStack:
		return src.Kind == KindStack && src.StackMode == dst.StackMode
	case dst.Kind == KindTuple:
		return src.Kind == KindTuple && fitTuple(dst, src) // tuples.go: its strings grow
	case IsHeld(dst):
		return IsHeld(src) && sameHeld(dst, src) // held.go
	}
	return dst.Kind == src.Kind
}

// textCap is the capacity a string slot needs to hold a value of type t.
func textCap(t *Type) int {
	switch t.Kind {
	case KindString, KindStrLit:
		return t.Cap
	case KindComm:
		return ir.CommLen
	}
	return 0
}

// varUse resolves a $var read.
func (c *checker) varUse(gc *groupCtx, e *parser.VarExpr) *Type {
	v := gc.vars[e.Name]
	if v == nil {
		d := c.errorf(e, "$%s is used before it is assigned", e.Name)
		if s := suggest("$"+e.Name, varNames(gc, "$")); s != "" {
			d.WithHint("did you mean %q?", s)
		}
		return nil
	}
	if v.Type == nil {
		v.Type, v.ReadAt = Int64, &e.Sp // `let $x;` read before any assignment: an integer, 0
	}
	if !gc.defs[v] && !gc.dead {
		v.Init = true // some path reaches here without an assignment: it reads 0
	}
	c.p.Vars[e] = v
	c.p.Types[e] = v.Type
	return v.Type
}

// cond checks an expression used as a condition.
func (c *checker) cond(gc *groupCtx, e parser.Expr) {
	t := c.value(gc, e)
	if t != nil && !t.IsInteger() {
		wideHint(c.errorf(e, "condition must be an integer or bool, got %s", t), t)
	}
}

// value checks an expression whose value is used.
func (c *checker) value(gc *groupCtx, e parser.Expr) *Type {
	t := c.expr(gc, e)
	if t != nil && t.Kind == KindVoid {
		c.errorf(e, "%s has no value", c.text(e))
		return nil
	}
	return t
}

// integer checks an expression that must be an integer.
func (c *checker) integer(gc *groupCtx, e parser.Expr, what string) *Type {
	t := c.value(gc, e)
	if t != nil && !t.IsInteger() {
		d := c.errorf(e, "%s needs an integer, got %s", what, t)
		if t.Kind == KindStrLit {
			d.WithHint("a character literal is written in single quotes")
		}
		wideHint(d, t)
		return nil
	}
	return t
}

// expr checks e and records its type. It returns nil when e is in error
// (already reported), so callers do not report the same problem twice.
func (c *checker) expr(gc *groupCtx, e parser.Expr) *Type {
	t := c.expr1(gc, e)
	if t != nil {
		c.p.Types[e] = t
	}
	return t
}

func (c *checker) expr1(gc *groupCtx, e parser.Expr) *Type {
	switch e := e.(type) {
	case *parser.IntLit:
		switch {
		case e.Kind == parser.LitBool:
			c.p.Consts[e] = e.Val
			return Bool
		case e.Val > math.MaxInt64:
			c.p.Consts[e] = e.Val
			return Uint64
		}
		c.p.Consts[e] = e.Val
		return Int64
	case *parser.StrLit:
		return LitOf(len(e.Val))
	case *parser.Ident:
		return c.ident(gc, e)
	case *parser.VarExpr:
		return c.varUse(gc, e)
	case *parser.UnaryExpr:
		return c.unary(gc, e)
	case *parser.BinaryExpr:
		return c.binary(gc, e)
	case *parser.CondExpr:
		return c.ternary(gc, e)
	case *parser.CastExpr:
		return c.cast(gc, e)
	case *parser.SizeofExpr:
		return c.sizeof(gc, e)
	case *parser.CallExpr:
		return c.call(gc, e)
	case *parser.MapExpr:
		return c.mapRead(gc, e)
	case *parser.ArgsExpr:
		return c.argsExpr(gc, e) // values.go
	case *parser.FieldExpr:
		return c.fieldExpr(gc, e) // cexpr.go
	case *parser.IndexExpr:
		return c.indexExpr(gc, e)
	case *parser.OffsetofExpr:
		return c.offsetof(gc, e)
	case *parser.IncDecExpr:
		return c.incDec(gc, e)
	case *parser.BlockExpr:
		c.errorf(e, "not supported by gs: a block expression here")
	case *parser.TupleExpr:
		return c.tupleExpr(gc, e) // tuples.go
	case *parser.TypeExpr:
		c.errorf(e, "type %s is not a value", e.Name)
	case *parser.TypeofExpr:
		c.errorf(e, "%s is a type, not a value", c.text(e)).
			WithHint("a macro may take it as an argument and use it as a type: sizeof(t), (t *)p, let $v: t")
	default:
		c.errorf(e, "unexpected expression")
	}
	return nil
}

func (c *checker) unary(gc *groupCtx, e *parser.UnaryExpr) *Type {
	switch e.Op {
	case "*":
		return c.deref(gc, e) // cexpr.go
	case "&":
		return c.addrOf(gc, e)
	}
	t := c.integer(gc, e.X, "operator "+e.Op)
	if t == nil {
		return nil
	}
	rt := Promote(t)
	if e.Op == "!" {
		rt = Bool
	}
	if x, ok := c.p.Consts[e.X]; ok {
		var v uint64
		switch e.Op {
		case "!":
			v = b2u(x == 0)
		case "-":
			v = -x
		case "~":
			v = ^x
		}
		c.p.Consts[e] = v
	}
	return rt
}

// comparisons are the binary operators that yield bool.
var comparisons = map[string]bool{"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func (c *checker) binary(gc *groupCtx, e *parser.BinaryExpr) *Type {
	if e.Op == "&&" || e.Op == "||" {
		c.cond(gc, e.X)
		c.cond(gc, e.Y)
		x, xok := c.p.Consts[e.X]
		y, yok := c.p.Consts[e.Y]
		switch {
		case xok && (x == 0) == (e.Op == "&&"): // false && _, true || _
			c.p.Consts[e] = b2u(x != 0)
		case xok && yok:
			c.p.Consts[e] = b2u(y != 0)
		}
		return Bool
	}
	xt, yt := c.value(gc, e.X), c.value(gc, e.Y)
	if xt == nil || yt == nil {
		return nil
	}
	if t, ok := c.heldCompare(e, xt, yt); ok {
		return t // held.go
	}
	if t, ok := c.cBinary(e, xt, yt); ok {
		return t // program text and pointer arithmetic (cexpr.go)
	}
	if comparisons[e.Op] && (isStringish(xt) || isStringish(yt)) {
		return c.stringCompare(e, xt, yt)
	}
	if comparisons[e.Op] && xt.Kind == KindBuf && yt.Kind == KindBuf {
		if e.Op != "==" && e.Op != "!=" {
			c.errorf(e, "operator %s is not defined on buffers", e.Op).WithHint("buffers can only be compared with == and !=")
			return nil
		}
		return Bool // equal lengths and bytes, as strings (gen's strEq)
	}
	for _, side := range []struct {
		e parser.Expr
		t *Type
	}{{e.X, xt}, {e.Y, yt}} {
		if !side.t.IsInteger() {
			wideHint(c.errorf(side.e, "operator %s needs integers, got %s", e.Op, side.t), side.t)
			return nil
		}
	}
	at := Arith(xt, yt)
	rt := at
	switch {
	case comparisons[e.Op]:
		rt = Bool
	case e.Op == "<<" || e.Op == ">>":
		rt = Promote(xt)
	}
	c.divZero(e.Op, e.Sp, e.Y) // runwarn.go
	if x, ok := c.p.Consts[e.X]; ok {
		if y, ok := c.p.Consts[e.Y]; ok && c.p.Warns[e.Y] == nil {
			unsigned := at == Uint64
			if e.Op == ">>" {
				unsigned = Promote(xt) == Uint64
			}
			c.p.Consts[e] = foldBinary(e.Op, x, y, unsigned)
		}
	}
	return rt
}

func isStringish(t *Type) bool {
	return t.Kind == KindString || t.Kind == KindStrLit || t.Kind == KindComm || t.Kind == KindFunc || t.Kind == KindProbe
}

// stringCompare checks == and != between strings.
func (c *checker) stringCompare(e *parser.BinaryExpr, xt, yt *Type) *Type {
	if e.Op != "==" && e.Op != "!=" {
		c.errorf(e, "operator %s is not defined on strings", e.Op).WithHint("strings can only be compared with == and !=")
		return nil
	}
	// TODO: func and probe are names known to user space only; comparing
	// them needs the probe id mapped to a constant per probe.
	for _, side := range []struct {
		e parser.Expr
		t *Type
	}{{e.X, xt}, {e.Y, yt}} {
		switch side.t.Kind {
		case KindFunc, KindProbe:
			c.errorf(side.e, "comparing %s is not supported yet", side.t)
			return nil
		case KindString, KindStrLit, KindComm:
		default:
			c.errorf(side.e, "cannot compare %s with a string", side.t).WithHint("wrap it in str() to read a string at that address")
			return nil
		}
	}
	if (xt.Kind == KindComm && !isCommOperand(yt)) || (yt.Kind == KindComm && !isCommOperand(xt)) {
		// TODO: needs an op that compares up to a NUL, or the length of comm.
		c.errorf(e, "comm can only be compared with comm or a string literal for now")
		return nil
	}
	if xt.Kind == KindStrLit && yt.Kind == KindStrLit {
		eq := e.X.(*parser.StrLit).Val == e.Y.(*parser.StrLit).Val
		c.p.Consts[e] = b2u(eq == (e.Op == "=="))
	}
	return Bool
}

func isCommOperand(t *Type) bool { return t.Kind == KindComm || t.Kind == KindStrLit }

// foldBinary computes x op y the way the interpreter would: 64-bit
// two's-complement, shift counts masked to 6 bits. x/0 and x%0 never
// reach it: they give 1 and a warning at run time (runwarn.go).
func foldBinary(op string, x, y uint64, unsigned bool) uint64 {
	sx, sy := int64(x), int64(y)
	switch op {
	case "+":
		return x + y
	case "-":
		return x - y
	case "*":
		return x * y
	case "/":
		switch {
		case y == 0:
			return 0
		case unsigned:
			return x / y
		case sy == -1:
			return -x
		}
		return uint64(sx / sy)
	case "%":
		switch {
		case y == 0:
			return x
		case unsigned:
			return x % y
		case sy == -1:
			return 0
		}
		return uint64(sx % sy)
	case "&":
		return x & y
	case "|":
		return x | y
	case "^":
		return x ^ y
	case "<<":
		return x << (y & 63)
	case ">>":
		if unsigned {
			return x >> (y & 63)
		}
		return uint64(sx >> (y & 63))
	case "==":
		return b2u(x == y)
	case "!=":
		return b2u(x != y)
	case "<":
		if unsigned {
			return b2u(x < y)
		}
		return b2u(sx < sy)
	case "<=":
		if unsigned {
			return b2u(x <= y)
		}
		return b2u(sx <= sy)
	case ">":
		if unsigned {
			return b2u(x > y)
		}
		return b2u(sx > sy)
	case ">=":
		if unsigned {
			return b2u(x >= y)
		}
		return b2u(sx >= sy)
	}
	panic("sema: fold unknown operator " + op)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (c *checker) ternary(gc *groupCtx, e *parser.CondExpr) *Type {
	c.cond(gc, e.Cond)
	tt, et := c.value(gc, e.Then), c.value(gc, e.Else)
	if tt == nil || et == nil {
		return nil
	}
	var rt *Type
	switch {
	case tt.Kind == KindBool && et.Kind == KindBool:
		rt = Bool
	case tt.IsInteger() && et.IsInteger():
		rt = Arith(tt, et)
	case isString(tt) && isString(et):
		rt = StringOf(max(tt.Cap, et.Cap))
	case tt.Kind == KindComm && et.Kind == KindComm:
		rt = Comm
	case commonType(tt, et) != nil: // ternary.go
		rt = commonType(tt, et)
	default:
		c.errorf(e, "the branches of ?: have different types: %s and %s", tt, et)
		return nil
	}
	if cv, ok := c.p.Consts[e.Cond]; ok && rt.IsInteger() {
		if v, ok := c.p.Consts[pick(cv != 0, e.Then, e.Else)]; ok {
			c.p.Consts[e] = v
		}
	}
	return rt
}

// isString reports whether t is held in a string slot.
func isString(t *Type) bool { return t.Kind == KindString || t.Kind == KindStrLit }

func pick(b bool, x, y parser.Expr) parser.Expr {
	if b {
		return x
	}
	return y
}

// fullType resolves a type written in a let or sizeof: a name or
// typeof(EXPR) (EXPR's type; EXPR is not evaluated), then its `*`s and
// its array dimensions.
func (c *checker) fullType(gc *groupCtx, te *parser.TypeExpr) *Type {
	var t *Type
	if te.Of != nil {
		if t = c.value(gc, te.Of); t == nil {
			return nil
		}
		for i := 0; i < te.Ptr; i++ {
			t = PointerTo(t)
		}
	} else if t = c.typeExpr(te); t == nil {
		return nil
	}
	base, dims := t.Name, ""
	if !strings.HasSuffix(base, "*") {
		base += " "
	}
	for i := len(te.Dims) - 1; i >= 0; i-- {
		d := te.Dims[i]
		if d <= 0 {
			c.errorf(te, "an array type needs its size: [N]")
			return nil
		}
		dims = fmt.Sprintf("[%d]", d) + dims // named as DWARF's arrays are: int [2][3], char *[4]
		t = &Type{Kind: KindArray, Elem: t, Len: d, Size: d * t.Size, Name: base + dims}
	}
	return t
}

// typeExpr resolves a type named in a cast or sizeof.
func (c *checker) typeExpr(te *parser.TypeExpr) *Type {
	if te.Of != nil {
		c.errorf(te, "not supported by gs: typeof(%s) here", c.text(te.Of)).
			WithHint("gs takes typeof(EXPR) in a let's type and in sizeof")
		return nil
	}
	if t, ok := c.cTypeExpr(te); ok {
		return t // pointers and the program's types (cexpr.go)
	}
	name := strings.Join(strings.Fields(te.Name), " ")
	t, ok := cTypes[name]
	if !ok {
		d := c.errorf(te, "unknown type %q", name)
		var names []string
		for n := range cTypes {
			names = append(names, n)
		}
		if s := suggest(name, names); s != "" {
			d.WithHint("did you mean %q?", s)
		}
		return nil
	}
	return t
}

func (c *checker) cast(gc *groupCtx, e *parser.CastExpr) *Type {
	t := c.typeExpr(e.Type)
	xt := c.value(gc, e.X)
	if t == nil || xt == nil {
		return nil
	}
	if len(e.Type.Dims) > 0 {
		return c.arrayCast(e, t, xt) // arraycast.go
	}
	if rt, ok := c.arrayToInt(e, t, xt); ok {
		return rt // arraycast.go
	}
	if rt, ok := c.cCast(e, t, xt); ok {
		return rt
	}
	if !xt.IsInteger() {
		wideHint(c.errorf(e.X, "cannot cast %s to %s", xt, t), xt)
		return nil
	}
	if x, ok := c.p.Consts[e.X]; ok {
		c.p.Consts[e] = convert(x, t)
	}
	return t
}

// convert truncates and extends the 64-bit value x to type t, as a register
// holding a t does.
func convert(x uint64, t *Type) uint64 {
	if t.Kind == KindBool {
		return b2u(x != 0)
	}
	switch t.Size {
	case 1:
		if t.Signed {
			return uint64(int64(int8(x)))
		}
		return uint64(uint8(x))
	case 2:
		if t.Signed {
			return uint64(int64(int16(x)))
		}
		return uint64(uint16(x))
	case 4:
		if t.Signed {
			return uint64(int64(int32(x)))
		}
		return uint64(uint32(x))
	}
	return x
}

func (c *checker) sizeof(gc *groupCtx, e *parser.SizeofExpr) *Type {
	var t *Type
	id, isIdent := e.X.(*parser.Ident)
	switch {
	case e.Type != nil:
		t = c.fullType(gc, e.Type)
	case isIdent && cTypes[id.Name] != nil && builtins[id.Name] == nil:
		t = cTypes[id.Name] // sizeof(uint32_t): the parser cannot tell a type name from a variable
	case isIdent && c.typedefIdent(gc, id) != nil:
		t = c.typedefIdent(gc, id) // sizeof(item_t)
	default:
		t = c.value(gc, e.X)
	}
	if t == nil {
		return nil
	}
	size := t.Size
	switch t.Kind {
	case KindString:
		size = t.Cap
	case KindStrLit:
		size = t.Cap + 1
	case KindTuple:
		size = t.BtSize // bpftrace's layout (tuples.go)
	case KindFunc, KindProbe:
		c.errorf(e, "%s has no size", t)
		return nil
	}
	c.p.Consts[e] = uint64(size)
	return Uint64
}

// suggest returns the closest name among all the lists.
func suggest(name string, lists ...[]string) string {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	return diag.Suggest(name, all)
}
