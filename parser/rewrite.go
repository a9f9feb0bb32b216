package parser

import "github.com/gs-tracer/gs/diag"

// Rewriting: positional parameters and macros are replaced before sema
// sees the tree, by copying it. Sema keys its tables by node, so a node
// that appears twice (a macro argument used twice) must be two nodes.

// rw says how cloneStmt rewrites: expr replaces an expression when it
// returns non-nil, stmt a statement of a block when it returns ok. Both
// see the original nodes, outermost first; their results are used as they
// are. Either may be nil.
type rw struct {
	expr func(Expr) Expr
	stmt func(Stmt) (Stmt, bool)
	// typ replaces a type when it returns non-nil (a macro's parameter
	// used as a type).
	typ func(*TypeExpr) *TypeExpr
}

// cloneType returns a deep copy of t, rewritten by r.
func cloneType(t *TypeExpr, r *rw) *TypeExpr {
	if t == nil {
		return nil
	}
	if r != nil && r.typ != nil {
		if c := r.typ(t); c != nil {
			return c
		}
	}
	c := *t
	c.Dims = append([]int(nil), t.Dims...)
	c.Of = cloneExpr(t.Of, r)
	return &c
}

// cloneStmt returns a deep copy of s, rewritten by r (nil: none).
func cloneStmt(s Stmt, r *rw) Stmt {
	switch s := s.(type) {
	case nil:
		return nil
	case *Block:
		return cloneBlock(s, r)
	case *ExprStmt:
		return &ExprStmt{X: cloneExpr(s.X, r), Discarded: s.Discarded}
	case *AssignStmt:
		c := *s
		c.LHS, c.RHS = cloneExpr(s.LHS, r), cloneExpr(s.RHS, r)
		return &c
	case *IfStmt:
		c := *s
		c.Cond, c.Then = cloneExpr(s.Cond, r), cloneBlock(s.Then, r)
		c.Else = cloneStmt(s.Else, r)
		return &c
	case *WhileStmt:
		c := *s
		c.Cond, c.Body = cloneExpr(s.Cond, r), cloneBlock(s.Body, r)
		return &c
	case *UnrollStmt:
		c := *s
		c.Count, c.Body = cloneExpr(s.Count, r), cloneBlock(s.Body, r)
		return &c
	case *ForStmt:
		c := *s
		c.Var = cloneVar(s.Var, r)
		c.From, c.To = cloneExpr(s.From, r), cloneExpr(s.To, r)
		if s.Map != nil {
			c.Map, _ = cloneExpr(s.Map, r).(*MapExpr)
		}
		c.Body = cloneBlock(s.Body, r)
		return &c
	case *LetStmt:
		c := *s
		c.Var = cloneVar(s.Var, r)
		if s.Map != nil {
			c.Map, _ = cloneExpr(s.Map, r).(*MapExpr)
		}
		c.Init = cloneExpr(s.Init, r)
		c.Type = cloneType(s.Type, r)
		return &c
	case *ReturnStmt:
		c := *s
		c.Value = cloneExpr(s.Value, r)
		return &c
	case *BranchStmt:
		c := *s
		return &c
	}
	return s
}

func cloneVar(v *VarExpr, r *rw) *VarExpr {
	if v == nil {
		return nil
	}
	if x, ok := cloneExpr(v, r).(*VarExpr); ok {
		return x
	}
	c := *v
	return &c
}

func cloneBlock(b *Block, r *rw) *Block {
	if b == nil {
		return nil
	}
	c := &Block{Angle: b.Angle, Scoped: b.Scoped, Sp: b.Sp}
	for _, s := range b.Stmts {
		if r != nil && r.stmt != nil {
			if s2, ok := r.stmt(s); ok {
				if s2 != nil {
					c.Stmts = append(c.Stmts, s2)
				}
				continue
			}
		}
		if s := cloneStmt(s, r); s != nil {
			c.Stmts = append(c.Stmts, s)
		}
	}
	return c
}

func cloneExpr(e Expr, r *rw) Expr {
	if isNil(e) {
		return nil
	}
	if r != nil && r.expr != nil {
		if x := r.expr(e); x != nil {
			return x
		}
	}
	ce := func(x Expr) Expr { return cloneExpr(x, r) }
	switch e := e.(type) {
	case *IntLit:
		c := *e
		return &c
	case *StrLit:
		c := *e
		return &c
	case *Ident:
		c := *e
		return &c
	case *VarExpr:
		c := *e
		return &c
	case *ParamExpr:
		c := *e
		return &c
	case *ArgsExpr:
		c := *e
		return &c
	case *MapExpr:
		c := *e
		c.Keys = nil
		for _, k := range e.Keys {
			c.Keys = append(c.Keys, ce(k))
		}
		return &c
	case *UnaryExpr:
		c := *e
		c.X = ce(e.X)
		return &c
	case *IncDecExpr:
		c := *e
		c.X = ce(e.X)
		return &c
	case *BlockExpr:
		c := *e
		c.Body = cloneBlock(e.Body, r)
		return &c
	case *TupleExpr:
		c := *e
		c.Elems = nil
		for _, x := range e.Elems {
			c.Elems = append(c.Elems, ce(x))
		}
		return &c
	case *BinaryExpr:
		c := *e
		c.X, c.Y = ce(e.X), ce(e.Y)
		return &c
	case *CondExpr:
		c := *e
		c.Cond, c.Then, c.Else = ce(e.Cond), ce(e.Then), ce(e.Else)
		return &c
	case *TypeExpr:
		return cloneType(e, r)
	case *TypeofExpr:
		c := *e
		c.Type = cloneType(e.Type, r)
		return &c
	case *IfExpr:
		c := *e
		c.If, _ = cloneStmt(e.If, r).(*IfStmt)
		return &c
	case *CastExpr:
		c := *e
		c.Type, c.X = cloneType(e.Type, r), ce(e.X)
		return &c
	case *FieldExpr:
		c := *e
		c.X = ce(e.X)
		return &c
	case *IndexExpr:
		c := *e
		c.X, c.Index = ce(e.X), ce(e.Index)
		return &c
	case *CallExpr:
		c := *e
		c.Args = nil
		for _, a := range e.Args {
			c.Args = append(c.Args, ce(a))
		}
		return &c
	case *SizeofExpr:
		c := *e
		c.Type = cloneType(e.Type, r)
		c.X = ce(e.X)
		return &c
	case *OffsetofExpr:
		c := *e
		c.Type = cloneType(e.Type, r)
		return &c
	}
	return e
}

// SubstParams replaces the positional parameters of prog ($1, $2, ...,
// and their count $#) by the values in params, as bpftrace does: a
// parameter that reads as an integer is that integer, any other is a
// string literal, and str($N) is always the text. A parameter not given
// is 0, or "" in str(). A probe specifier that holds one is split now
// (i:ms:$1), its mistakes reported to diags.
func SubstParams(prog *Program, params []string, diags *diag.List) {
	for _, g := range prog.Groups {
		for _, p := range g.Probes {
			if p.Params {
				substProbe(prog.File, p, params, diags)
			}
		}
	}
	lit := func(p *ParamExpr, text bool) Expr {
		if p.Count {
			return &IntLit{Val: uint64(len(params)), Text: "$#", Sp: p.Sp}
		}
		val := ""
		if p.N >= 1 && p.N <= len(params) {
			val = params[p.N-1]
		} else if p.N == 0 {
			val = "" // $0 is not a parameter; bpftrace refuses it too (sema says)
		}
		if !text {
			if v, err := parseInt(val); err == nil && val != "" {
				return &IntLit{Val: v, Text: val, Sp: p.Sp}
			}
			if val == "" {
				return &IntLit{Val: 0, Text: "0", Sp: p.Sp}
			}
			if val[0] == '-' {
				if v, err := parseInt(val[1:]); err == nil && len(val) > 1 {
					return &IntLit{Val: -v, Text: val, Sp: p.Sp}
				}
			}
		}
		return &StrLit{Val: val, Sp: p.Sp}
	}
	r := &rw{}
	r.expr = func(e Expr) Expr {
		switch e := e.(type) {
		case *ParamExpr:
			return lit(e, false)
		case *CallExpr:
			// str($N) is $N's text; str($N + k) its text from byte k,
			// as bpftrace has it (a pointer into the text), and
			// str($N, n) at most n bytes of it.
			if e.Fn != "str" || len(e.Args) < 1 || len(e.Args) > 2 {
				return nil
			}
			arg, skip := e.Args[0], uint64(0)
			if b, ok := arg.(*BinaryExpr); ok && b.Op == "+" {
				if k, ok := b.Y.(*IntLit); ok {
					arg, skip = b.X, k.Val
				}
			}
			p, ok := arg.(*ParamExpr)
			if !ok || p.Count {
				return nil
			}
			lit := lit(p, true).(*StrLit)
			lit.Sp = e.Sp
			lit.Val = lit.Val[min(skip, uint64(len(lit.Val))):]
			if len(e.Args) == 2 {
				n, ok := e.Args[1].(*IntLit)
				if !ok {
					return nil
				}
				lit.Val = lit.Val[:min(n.Val, uint64(len(lit.Val)))]
			}
			return lit
		}
		return nil
	}
	if !hasParams(prog) {
		return
	}
	for _, g := range prog.Groups {
		g.Filter = cloneExpr(g.Filter, r)
		g.Body = cloneBlock(g.Body, r)
	}
}

func hasParams(prog *Program) bool {
	found := false
	Inspect(prog, func(n Node) bool {
		if _, ok := n.(*ParamExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// Rewrite replaces, in a copy of every group's filter and body, each
// expression for which expr returns non-nil (outermost first; the result
// is used as it is). parser/rewrite replaces bpftrace's other forms of
// builtins, getopt calls and config reads with it.
func Rewrite(prog *Program, expr func(g *ProbeGroup, e Expr) Expr) {
	for _, g := range prog.Groups {
		r := &rw{expr: func(e Expr) Expr { return expr(g, e) }}
		g.Filter = cloneExpr(g.Filter, r)
		g.Body = cloneBlock(g.Body, r)
	}
}
