package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/parser"
)

// Loops and the other statements of bpftrace's language that gs takes as
// they are: while, unroll, for over a range, break, continue and let.
//
// Loops run in the interpreter as the jumps they are: an iteration costs
// the steps of its instructions, and a probe run that takes more than
// ir.MaxSteps steps is stopped (and counted), which bounds every loop the
// way bpf_loop bounds bpftrace's.

// maxUnroll is bpftrace's bound on unroll's count.
const maxUnroll = 100

// ForLoop is what gen needs for `for ($v : from..to)`: the loop variable
// and two hidden slots, the counter (so that the body may assign $v
// without changing the iteration) and the end, evaluated once.
type ForLoop struct {
	Var, Counter, End *Var
}

func (c *checker) loopStmt(gc *groupCtx, s parser.Stmt) {
	switch s := s.(type) {
	case *parser.WhileStmt:
		c.cond(gc, s.Cond)
		c.loopBody(gc, s.Body)
	case *parser.UnrollStmt:
		t := c.integer(gc, s.Count, "unroll")
		if t == nil {
			return
		}
		n, ok := c.p.Consts[s.Count]
		switch {
		case !ok:
			c.errorf(s.Count, "unroll's count must be a constant")
			return
		case int64(n) < 1:
			c.errorf(s.Count, "unroll minimum value is 1")
			return
		case int64(n) > maxUnroll:
			c.errorf(s.Count, "unroll maximum value is %d", maxUnroll).WithHint("use a for or while loop")
			return
		}
		if c.p.Unroll == nil {
			c.p.Unroll = map[*parser.UnrollStmt]int{}
		}
		c.p.Unroll[s] = int(n)
		// The body runs at least once: what it assigns stays assigned.
		c.block(gc, s.Body)
	case *parser.ForStmt:
		c.forStmt(gc, s)
	case *parser.BranchStmt:
		if gc.loops == 0 {
			word := "break"
			if s.Continue {
				word = "continue"
			}
			c.errorf(s, "%s outside a loop", word)
			return
		}
		gc.dead = true
	}
}

// loopBody checks the body of a loop that may run no times: after it, what
// it assigned may not be assigned, and a return in it ends only some runs.
func (c *checker) loopBody(gc *groupCtx, b *parser.Block) {
	before, dead := copyDefs(gc.defs), gc.dead
	gc.loops++
	c.block(gc, b)
	gc.loops--
	gc.defs, gc.dead = before, dead
}

func (c *checker) forStmt(gc *groupCtx, s *parser.ForStmt) {
	if s.Map != nil {
		c.forMap(gc, s) // formap.go
		return
	}
	ft := c.integer(gc, s.From, "for's start")
	tt := c.integer(gc, s.To, "for's end")
	if ft == nil || tt == nil {
		return
	}
	typ := Promote(Arith(ft, tt))
	v := gc.vars[s.Var.Name]
	switch {
	case v == nil:
		v = &Var{Name: s.Var.Name, Type: typ, Sp: s.Var.Sp}
		gc.vars[v.Name] = v
		gc.local[v.Name] = true
		gc.g.Vars = append(gc.g.Vars, v)
	case v.Type == nil:
		v.Type = typ
	case !v.Type.IsInteger():
		c.errorf(s.Var, "cannot use $%s of type %s as for's integer variable", v.Name, v.Type).
			WithHint("$%s was first assigned at %s; use another variable", v.Name, v.Sp.Start)
		return
	}
	c.p.Vars[s.Var] = v
	c.p.Types[s.Var] = v.Type
	hidden := func(what string) *Var {
		h := &Var{Name: fmt.Sprintf("for.%s@%d", what, s.Sp.Start.Offset), Type: typ, Sp: s.Sp}
		gc.g.Vars = append(gc.g.Vars, h)
		return h
	}
	if c.p.Fors == nil {
		c.p.Fors = map[*parser.ForStmt]*ForLoop{}
	}
	c.p.Fors[s] = &ForLoop{Var: v, Counter: hidden("i"), End: hidden("end")}
	before, dead := copyDefs(gc.defs), gc.dead
	c.markDef(gc, v)
	gc.loops++
	c.block(gc, s.Body)
	gc.loops--
	gc.defs, gc.dead = before, dead
}

// letStmt checks `let $x [: type] [= v]` and `let @m = hash(n)`.
func (c *checker) letStmt(gc *groupCtx, s *parser.LetStmt) {
	if s.Map != nil {
		c.mapDecl(s)
		return
	}
	if s.Type == nil {
		if !gc.local[s.Var.Name] {
			// A new $x in this block, shadowing any outer one; it takes
			// the type of its first assignment and starts at 0.
			v := &Var{Name: s.Var.Name, Sp: s.Sp}
			gc.vars[v.Name] = v
			gc.local[v.Name] = true
			gc.g.Vars = append(gc.g.Vars, v)
			c.p.Vars[s.Var] = v
			if s.Init == nil {
				c.markDef(gc, v) // the let zeroes it (gen)
			}
		}
		if s.Init != nil {
			c.assign(gc, &parser.AssignStmt{LHS: s.Var, Op: "=", RHS: s.Init, Sp: s.Sp})
		}
		return
	}
	t := c.fullType(gc, s.Type)
	if t == nil {
		return
	}
	if old := gc.vars[s.Var.Name]; old != nil && gc.local[s.Var.Name] {
		c.errorf(s.Var, "$%s is already declared", s.Var.Name).WithHint("it was first assigned at %s", old.Sp.Start)
		return
	}
	if !t.IsInteger() {
		// let $x: struct Foo *[2] = v: a $var of v's type, which must be T.
		v := &Var{Name: s.Var.Name, Sp: s.Sp}
		if s.Init == nil {
			if !IsHeld(t) {
				c.errorf(s.Type, "not supported by gs yet: $variables of type %s without a value", t).
					WithHint("give it its value in the let: let $%s: ... = VALUE", s.Var.Name)
				return
			}
			// let $w: struct W[10]; a held value, zeroed by the let.
			v.Type = t
			gc.vars[v.Name] = v
			gc.local[v.Name] = true
			gc.g.Vars = append(gc.g.Vars, v)
			c.p.Vars[s.Var] = v
			c.p.Types[s.Var] = t
			c.markDef(gc, v)
			return
		}
		gc.vars[v.Name] = v
		gc.local[v.Name] = true
		gc.g.Vars = append(gc.g.Vars, v)
		c.p.Vars[s.Var] = v
		c.assign(gc, &parser.AssignStmt{LHS: s.Var, Op: "=", RHS: s.Init, Sp: s.Sp})
		if rt := c.p.Types[s.Init]; rt != nil && !sameType(t, rt) {
			c.errorf(s.Init, "cannot assign %s to $%s of type %s", rt, s.Var.Name, t)
		}
		return
	}
	if t.Kind != KindPointer {
		t = Promote(t) // $vars hold 64 bits; a pointer keeps its type (let $c: struct C *)
	}
	v := &Var{Name: s.Var.Name, Type: t, Sp: s.Sp}
	gc.vars[v.Name] = v
	gc.local[v.Name] = true
	gc.g.Vars = append(gc.g.Vars, v)
	c.p.Vars[s.Var] = v
	c.p.Types[s.Var] = t
	if s.Init == nil {
		c.markDef(gc, v) // declared variables start at 0: the let zeroes them (gen)
		return
	}
	c.assign(gc, &parser.AssignStmt{LHS: s.Var, Op: "=", RHS: s.Init, Sp: s.Sp})
}

// sameType reports whether a declared type and a value's are the same C
// type: the same shape, and the same names for structs, unions and enums.
func sameType(a, b *Type) bool {
	switch {
	case a == b:
		return true
	case a == nil || b == nil:
		return a == Void || b == Void // void *
	case a.Kind != b.Kind || a.Size != b.Size:
		return false
	}
	switch a.Kind {
	case KindPointer:
		return sameType(a.Elem, b.Elem)
	case KindArray:
		return a.Len == b.Len && sameType(a.Elem, b.Elem)
	case KindStruct, KindUnion, KindEnum:
		return a.Name == b.Name
	}
	return a.Signed == b.Signed
}

func (c *checker) mapDecls(decls []*parser.LetStmt) {
	for _, d := range decls {
		c.mapDecl(d)
	}
}

// mapDecl checks `let @m = hash(n)`. hash and percpuhash limit the map
// to n keys (Map.Limit), as bpftrace's BPF map of n entries; the others
// are taken as the map type and their sizes ignored.
func (c *checker) mapDecl(s *parser.LetStmt) {
	call, ok := s.Init.(*parser.CallExpr)
	if !ok {
		c.errorf(s.Init, "a map declaration takes a map type, e.g. let %s = hash(1024)", c.text(s.Map))
		return
	}
	switch call.Fn {
	case "hash", "percpuhash":
		if len(call.Args) != 1 {
			c.errorf(call, "%s takes the number of keys, got %d arguments", call.Fn, len(call.Args)).WithHint("let %s = %s(1024)", c.text(s.Map), call.Fn)
			return
		}
		lit, isLit := call.Args[0].(*parser.IntLit)
		if !isLit || lit.Val < 1 || lit.Val > 1<<30 {
			c.errorf(call.Args[0], "%s's number of keys must be an integer literal from 1 to %d", call.Fn, 1<<30)
			return
		}
		if c.mapLimits == nil {
			c.mapLimits = map[string]int{}
		}
		c.mapLimits[s.Map.Name] = int(lit.Val)
	case "lruhash", "percpulruhash", "percpuarray":
		c.diags.Warnf(s.Sp, "not supported by gs: %s (%s is a hash of --map-entries keys that drops no key)", call.Fn, c.text(s.Map))
	default:
		c.errorf(call, "unknown map type %q", call.Fn).WithHint("bpftrace's map types are hash, lruhash, percpuhash, percpulruhash and percpuarray")
	}
}

// incDec refuses x++ used as a value where the parser left it: where it
// may be evaluated more than once or not at all.
func (c *checker) incDec(gc *groupCtx, e *parser.IncDecExpr) *Type {
	c.errorf(e, "not supported by gs yet: %s used as a value here", e.Op).
		WithHint("a loop condition, a filter and what follows && || ?: may run it more or less than once; write it as a statement of its own: %s;", c.text(e))
	return nil
}
