package parser

import (
	"fmt"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// Macros are bpftrace's: `macro name($v, x, @m) { body }`, called as
// name(args) (or name, with no parameters). A call is replaced by a copy
// of the body in which $v is the caller's $variable, @m the caller's map
// and x the argument expression; the body's own $variables are renamed so
// that they do not meet the caller's. As a statement a call is its body.
// As a value it is the body's last expression, and the statements before
// it run before the statement that uses the value (gs has no block
// expressions yet): the same wherever that statement evaluates the value
// once and first; elsewhere (a loop's condition, a filter, after && || or
// ?:) such a macro is refused.

// macroDef is one macro declaration.
type macroDef struct {
	name   string
	params []macroParam
	body   *Block
	sp     diag.Span
	std    bool // bpftrace's stdlib macro, not the script's
}

type macroParam struct {
	kind byte // '$', '@' or 0 for an expression
	name string
}

// assertMacro is bpftrace's stdlib macro (its stdlib/base.bt), which a
// script's own assert replaces:
//
//	macro assert(cond, msg) { if (!cond) { errorf("assert failed: %s", msg); exit(1); } }
//
// Every node is at sp, the call: the failure points at the script's assert.
func assertMacro(sp diag.Span) *macroDef {
	errorf := &CallExpr{Fn: "errorf", FnSp: sp, Sp: sp,
		Args: []Expr{&StrLit{Val: "assert failed: %s", Sp: sp}, &Ident{Name: "msg", Sp: sp}}}
	exit := &CallExpr{Fn: "exit", FnSp: sp, Sp: sp, Args: []Expr{&IntLit{Val: 1, Text: "1", Sp: sp}}}
	body := &Block{Sp: sp, Stmts: []Stmt{&IfStmt{
		Cond: &UnaryExpr{Op: "!", X: &Ident{Name: "cond", Sp: sp}, Sp: sp},
		Then: &Block{Scoped: true, Sp: sp, Stmts: []Stmt{&ExprStmt{X: errorf}, &ExprStmt{X: exit}}},
		Sp:   sp,
	}}}
	return &macroDef{name: "assert", params: []macroParam{{0, "cond"}, {0, "msg"}}, body: body, sp: sp, std: true}
}

// maxMacroDepth bounds macros calling macros.
const maxMacroDepth = 32

// maxMacroCalls bounds the expansions of one program: macros that each
// call the next twice expand 2^depth times (the fuzzer's hang).
const maxMacroCalls = 10000

func (b *builder) macroDecl(t *antlrgs.MacroDeclContext) {
	m := &macroDef{sp: b.ctxSpan(t)}
	for _, c := range kids(t) {
		switch c := c.(type) {
		case antlr.TerminalNode:
			if c.GetSymbol().GetTokenType() == antlrgs.GsParserIDENT && m.name == "" {
				m.name = c.GetText()
			}
		case *antlrgs.MacroParamContext:
			text := b.ctxText(c)
			if text == "" {
				continue // after a syntax error
			}
			switch text[0] {
			case '$', '@':
				m.params = append(m.params, macroParam{text[0], text[1:]})
			default:
				m.params = append(m.params, macroParam{0, text})
			}
		case *antlrgs.BlockContext:
			m.body = b.block(c)
		}
	}
	if m.name == "" || m.body == nil {
		return
	}
	if b.macros == nil {
		b.macros = map[string]*macroDef{}
	}
	if old := b.macros[m.name]; old != nil {
		b.diags.Errorf(m.sp, "macro %s is defined twice", m.name).
			WithHint("the first definition is at %s", old.sp.Start)
		return
	}
	b.macros[m.name] = m
}

// expandMacros replaces every call of a macro in prog.
func (b *builder) expandMacros(prog *Program) {
	if len(b.macros) == 0 && !b.blockExprs && !b.incDecs && !b.stdMacros {
		return
	}
	x := &expander{b: b}
	r := x.rewriter(0)
	for _, g := range prog.Groups {
		g.Filter = cloneExpr(g.Filter, r)
		g.Body = cloneBlock(g.Body, r)
	}
}

type expander struct {
	b     *builder
	calls int // numbers the expansions, to rename their $variables
	// active are the macros being expanded, to refuse one that calls
	// itself at once rather than after maxMacroDepth levels.
	active  map[*macroDef]bool
	tooMany bool // the maxMacroCalls error was reported
	// hoist collects the statements of macros used as values in the
	// statement being expanded; nil where a value is evaluated more than
	// once or not at all (a loop's condition, a filter, && and ?:).
	hoist *[]Stmt
}

// call returns the macro e calls and its arguments, or nil.
func (x *expander) call(e Expr) (*macroDef, []Expr, diag.Span) {
	switch e := e.(type) {
	case *CallExpr:
		// name() of a macro with parameters is left to sema: bpftrace's
		// own wrapper of a builtin of that name takes none (cpu()).
		if m := x.b.macros[e.Fn]; m != nil && (len(e.Args) > 0 || len(m.params) == 0) {
			return m, e.Args, e.Sp
		}
		if e.Fn == "assert" && x.b.macros[e.Fn] == nil && len(e.Args) == 2 {
			return assertMacro(e.Sp), e.Args, e.Sp
		}
	case *Ident:
		if m := x.b.macros[e.Name]; m != nil && len(m.params) == 0 {
			return m, nil, e.Sp
		}
	}
	return nil, nil, diag.Span{}
}

func (x *expander) rewriter(depth int) *rw {
	r := &rw{}
	r.stmt = func(s Stmt) (Stmt, bool) {
		if es, ok := s.(*ExprStmt); ok {
			if m, args, sp := x.call(es.X); m != nil {
				body := x.expand(m, args, sp, depth)
				if body == nil {
					return nil, true
				}
				return body, true
			}
		}
		// A macro with statements used as a value in a statement that
		// evaluates it once: its statements go before the statement.
		saved := x.hoist
		defer func() { x.hoist = saved }()
		list := &[]Stmt{}
		x.hoist = list
		var c Stmt
		switch s := s.(type) {
		case *ExprStmt, *AssignStmt, *LetStmt:
			c = cloneStmt(s, r)
		case *IfStmt:
			// Only the condition is evaluated before the branch.
			ci := *s
			ci.Cond = cloneExpr(s.Cond, r)
			x.hoist = nil
			ci.Then = cloneBlock(s.Then, r)
			if s.Else != nil {
				if e, ok := r.stmt(s.Else); ok {
					ci.Else = e
				}
			}
			c = &ci
		default:
			x.hoist = nil
			return cloneStmt(s, r), true
		}
		hoisted := *list
		if len(hoisted) == 0 {
			return c, true
		}
		return &Block{Stmts: append(hoisted, c), Sp: s.Span()}, true
	}
	r.expr = func(e Expr) Expr {
		switch e := e.(type) {
		case *BlockExpr:
			return x.blockExpr(e, r)
		case *IfExpr:
			return x.ifValue(e.If, r)
		case *IncDecExpr:
			return x.incDec(e, r)
		}
		m, args, sp := x.call(e)
		if m == nil {
			return x.conditional(e, r)
		}
		n := len(m.body.Stmts)
		if n == 0 {
			x.b.diags.Errorf(sp, "macro %s has no value", m.name).WithHint("its body is empty")
			return &IntLit{Text: "0", Sp: sp}
		}
		if !isValueStmt(m.body.Stmts[n-1]) {
			x.b.diags.Errorf(sp, "macro %s has no value", m.name).
				WithHint("its body does not end in an expression; call it as a statement")
			return &IntLit{Text: "0", Sp: sp}
		}
		if n > 1 && x.hoist == nil {
			x.b.diags.Errorf(sp, "not supported by gs: macro %s with statements used as a value here", m.name).
				WithHint("use it in a statement of its own, e.g. $v = %s(...);", m.name)
			return &IntLit{Text: "0", Sp: sp}
		}
		body := x.expand(m, args, sp, depth)
		if body == nil || len(body.Stmts) == 0 {
			return &IntLit{Text: "0", Sp: sp}
		}
		last := len(body.Stmts) - 1
		if last > 0 {
			*x.hoist = append(*x.hoist, body.Stmts[:last]...)
		}
		switch s := body.Stmts[last].(type) {
		case *ExprStmt:
			setSpan(s.X, sp) // print(add(1)) says "add(1) = 2"
			return s.X
		case *IfStmt:
			v := x.ifValue(s, nil) // the body is expanded already
			setSpan(v, sp)
			return v
		}
		return &IntLit{Text: "0", Sp: sp}
	}
	return r
}

// blockExpr is { stmts; X } used as a value: the statements are hoisted
// like a macro's, X is the value.
func (x *expander) blockExpr(be *BlockExpr, r *rw) Expr {
	n := len(be.Body.Stmts)
	var last *ExprStmt
	if n > 0 {
		switch s := be.Body.Stmts[n-1].(type) {
		case *ExprStmt:
			last = s
		case *IfStmt:
			if isValueStmt(s) {
				last = &ExprStmt{X: &IfExpr{If: s, Sp: s.Sp}}
			}
		}
	}
	switch {
	case last == nil:
		x.b.diags.Errorf(be.Sp, "a block used as a value must end in an expression").
			WithHint("write the value last, without a ';' after it")
		return &IntLit{Text: "0", Sp: be.Sp}
	case n > 1 && x.hoist == nil:
		x.b.diags.Errorf(be.Sp, "not supported by gs: a block expression with statements here").
			WithHint("use it in a statement of its own, e.g. $v = { ... };")
		return &IntLit{Text: "0", Sp: be.Sp}
	}
	body := cloneBlock(&Block{Stmts: be.Body.Stmts[:n-1]}, r)
	if n > 1 {
		*x.hoist = append(*x.hoist, body.Stmts...)
	}
	return cloneExpr(last.X, r)
}

// isValueStmt reports whether s, the last statement of a block used as a
// value, gives the value: an expression, or an if whose every branch ends
// in one.
func isValueStmt(s Stmt) bool {
	switch s := s.(type) {
	case *ExprStmt:
		return true
	case *IfStmt:
		return s.Else != nil && isValueBlock(s.Then) && isValueStmt(s.Else)
	case *Block:
		return isValueBlock(s)
	}
	return false
}

func isValueBlock(b *Block) bool {
	return b != nil && len(b.Stmts) > 0 && isValueStmt(b.Stmts[len(b.Stmts)-1])
}

// ifValue is the value of if s, whose blocks end in values (bpftrace's if
// expression). When every block is its value alone it is c ? a : b, which
// works anywhere. Otherwise, where the statement using the value may run
// statements first, `let $t; if (c) { ...; $t = a } else { ...; $t = b }`
// goes before it and the value is $t. r expands what s holds (nil: s is
// expanded already).
func (x *expander) ifValue(s *IfStmt, r *rw) Expr {
	if s.Else == nil || !isValueStmt(s) {
		what, hint := "every block of an if used as a value must end in an expression", "write the value last in each block: if (c) { a } else { b }"
		if s.Else == nil {
			what, hint = "an if used as a value needs an else", "add the value when the condition is false: if (c) { a } else { b }"
		}
		x.b.diags.Errorf(s.Sp, "%s", what).WithHint("%s", hint)
		return &IntLit{Text: "0", Sp: s.Sp}
	}
	if v := pureValue(s); v != nil {
		return cloneExpr(v, r)
	}
	if x.hoist == nil {
		x.b.diags.Errorf(s.Sp, "not supported by gs: an if with statements in its blocks used as a value here").
			WithHint("use it in a statement of its own, e.g. $v = if (c) { ...; a } else { ...; b };")
		return &IntLit{Text: "0", Sp: s.Sp}
	}
	x.calls++
	tmp := &VarExpr{Name: fmt.Sprintf("if__%d", x.calls), Sp: s.Sp}
	set := assignLast(s, tmp).(*IfStmt)
	var st Stmt = set
	if r != nil {
		st, _ = r.stmt(set)
	}
	*x.hoist = append(*x.hoist, &LetStmt{Var: tmp, Sp: s.Sp}, st)
	return &VarExpr{Name: tmp.Name, Sp: s.Sp}
}

// pureValue returns c ? a : b (nested for else-if and nested ifs) for an
// if whose every block is a value alone, or nil.
func pureValue(s Stmt) Expr {
	switch s := s.(type) {
	case *ExprStmt:
		return s.X
	case *Block:
		if len(s.Stmts) == 1 {
			return pureValue(s.Stmts[0])
		}
	case *IfStmt:
		then, els := pureValue(s.Then), pureValue(s.Else)
		if then != nil && els != nil {
			return &CondExpr{Cond: s.Cond, Then: then, Else: els, Sp: s.Sp}
		}
	}
	return nil
}

// assignLast returns a copy of value statement s (isValueStmt) in which
// the value is assigned to v.
func assignLast(s Stmt, v *VarExpr) Stmt {
	switch s := s.(type) {
	case *ExprStmt:
		return &AssignStmt{LHS: &VarExpr{Name: v.Name, Sp: s.X.Span()}, Op: "=", RHS: s.X, Sp: s.X.Span()}
	case *Block:
		c := *s
		n := len(s.Stmts)
		c.Stmts = append(append([]Stmt(nil), s.Stmts[:n-1]...), assignLast(s.Stmts[n-1], v))
		return &c
	case *IfStmt:
		c := *s
		c.Then = assignLast(s.Then, v).(*Block)
		c.Else = assignLast(s.Else, v)
		return &c
	}
	return s
}

// incDec is x++ (x--, ++x, --x) used as a value where it is evaluated
// once: the increment runs before the statement, and the value is x after
// it (prefix) or a copy of x made before it (postfix).
func (x *expander) incDec(e *IncDecExpr, r *rw) Expr {
	if x.hoist == nil {
		return nil // sema refuses it
	}
	target := cloneExpr(e.X, r)
	step := incDecStmt(&IncDecExpr{X: target, Op: e.Op, Prefix: e.Prefix, Sp: e.Sp})
	if e.Prefix {
		*x.hoist = append(*x.hoist, step)
		v := cloneExpr(target, nil)
		setSpan(v, e.Sp) // print(++$i) says "++$i = 7"
		return v
	}
	x.calls++
	old := &VarExpr{Name: fmt.Sprintf("old__%d", x.calls), Sp: e.Sp}
	*x.hoist = append(*x.hoist, &AssignStmt{LHS: old, Op: "=", RHS: cloneExpr(target, nil), Sp: e.Sp}, step)
	return &VarExpr{Name: old.Name, Sp: e.Sp}
}

// conditional clones the operands of && and || and the branches of ?:,
// which may not be evaluated, with no hoisting; nil for other expressions.
func (x *expander) conditional(e Expr, r *rw) Expr {
	saved := x.hoist
	defer func() { x.hoist = saved }()
	switch e := e.(type) {
	case *BinaryExpr:
		if e.Op != "&&" && e.Op != "||" {
			return nil
		}
		c := *e
		c.X = cloneExpr(e.X, r)
		x.hoist = nil
		c.Y = cloneExpr(e.Y, r)
		return &c
	case *CondExpr:
		c := *e
		c.Cond = cloneExpr(e.Cond, r)
		x.hoist = nil
		c.Then, c.Else = cloneExpr(e.Then, r), cloneExpr(e.Else, r)
		return &c
	}
	return nil
}

// expand returns the body of m called with args at sp, or nil after an
// error.
func (x *expander) expand(m *macroDef, args []Expr, sp diag.Span, depth int) *Block {
	d := x.b.diags
	if x.active[m] {
		d.Errorf(sp, "macro %s calls itself", m.name).
			WithHint("a macro may not call itself, directly or through another macro")
		return nil
	}
	if x.calls >= maxMacroCalls {
		if !x.tooMany {
			d.Errorf(sp, "macros expand more than %d times", maxMacroCalls).
				WithHint("a macro calling others several times multiplies the expansions")
		}
		x.tooMany = true
		return nil
	}
	if depth >= maxMacroDepth {
		d.Errorf(sp, "macro %s expands more than %d levels deep", m.name, maxMacroDepth).
			WithHint("a macro may not call itself")
		return nil
	}
	if len(args) != len(m.params) {
		d.Errorf(sp, "macro %s takes %d arguments, got %d", m.name, len(m.params), len(args)).
			WithHint("it is defined at %s", m.sp.Start)
		return nil
	}
	vars := map[string]*VarExpr{}
	maps := map[string]*MapExpr{}
	exprs := map[string]Expr{}
	for i, p := range m.params {
		switch p.kind {
		case '$':
			v, ok := args[i].(*VarExpr)
			if !ok {
				d.Errorf(args[i].Span(), "macro %s takes a $variable for $%s", m.name, p.name)
				return nil
			}
			vars[p.name] = v
		case '@':
			mp, ok := args[i].(*MapExpr)
			if !ok || mp.Keys != nil {
				d.Errorf(args[i].Span(), "macro %s takes a map for @%s", m.name, p.name).
					WithHint("pass the map without keys, e.g. @%s", p.name)
				return nil
			}
			maps[p.name] = mp
		default:
			// The argument's own macros expand here, in the caller's
			// context: add_one(add_one(1)) is not add_one calling itself.
			// An argument without macros stays as written, so that a
			// block in it is evaluated at each use, as bpftrace does.
			exprs[p.name] = args[i]
			if x.callsMacro(args[i]) {
				exprs[p.name] = cloneExpr(args[i], x.rewriter(depth))
			}
		}
	}
	// typeArg is the type of a typeof(...) argument called name.
	typeArg := func(name string) *TypeExpr {
		if tx, ok := exprs[name].(*TypeofExpr); ok {
			return tx.Type
		}
		return nil
	}
	x.calls++
	n := x.calls
	failed := false
	r := &rw{}
	r.expr = func(e Expr) Expr {
		switch e := e.(type) {
		case *VarExpr:
			if v := vars[e.Name]; v != nil {
				return &VarExpr{Name: v.Name, Sp: v.Sp}
			}
			return &VarExpr{Name: fmt.Sprintf("%s__%s%d", e.Name, m.name, n), Sp: e.Sp}
		case *MapExpr:
			mp := maps[e.Name]
			if mp == nil {
				d.Errorf(e.Sp, "macro %s uses @%s, which is not one of its parameters", m.name, e.Name).
					WithHint("pass the map in: macro %s(..., @%s)", m.name, e.Name)
				failed = true
				return &MapExpr{Name: e.Name, Sp: e.Sp}
			}
			c := &MapExpr{Name: mp.Name, Sp: mp.Sp}
			for _, k := range e.Keys {
				c.Keys = append(c.Keys, cloneExpr(k, r))
			}
			return c
		case *Ident:
			if a, ok := exprs[e.Name]; ok {
				return cloneExpr(a, nil)
			}
		case *SizeofExpr:
			// sizeof(t) and sizeof(t[N]) of a typeof(...) argument t.
			x, dims := e.X, []int(nil)
			if ix, ok := x.(*IndexExpr); ok {
				if n, ok := ix.Index.(*IntLit); ok && n.Val > 0 {
					x, dims = ix.X, []int{int(n.Val)}
				}
			}
			if id, ok := x.(*Ident); ok && typeArg(id.Name) != nil {
				t := typeArg(id.Name)
				c := cloneType(t, nil)
				c.Dims = append(c.Dims, dims...)
				return &SizeofExpr{Type: c, Sp: e.Sp}
			}
		}
		return nil
	}
	r.typ = func(t *TypeExpr) *TypeExpr {
		// t * and t[N] of a typeof(...) argument t; typeof(t).
		var at *TypeExpr
		switch id := t.Of.(type) {
		case nil:
			if t.Name != "" {
				at = typeArg(t.Name)
			}
		case *Ident:
			at = typeArg(id.Name)
		}
		if at == nil {
			return nil
		}
		c := cloneType(at, nil)
		c.Ptr += t.Ptr
		c.Dims = append(c.Dims, t.Dims...)
		c.Sp = t.Sp
		return c
	}
	body := cloneBlock(m.body, r)
	if failed {
		return nil
	}
	// Then the macros the body calls, with its arguments in place.
	if x.active == nil {
		x.active = map[*macroDef]bool{}
	}
	x.active[m] = true
	defer delete(x.active, m)
	out := cloneBlock(body, x.rewriter(depth+1))
	out.Scoped = false // the caller's $variables it assigns stay the caller's
	Inspect(out, func(n Node) bool {
		if c, ok := n.(*CallExpr); ok && !m.std && (c.Fn == "errorf" || c.Fn == "warnf") {
			c.Expanded = append(c.Expanded[:len(c.Expanded):len(c.Expanded)], sp)
		}
		return true
	})
	return out
}

// callsMacro says whether e calls a macro anywhere in it.
func (x *expander) callsMacro(e Expr) bool {
	found := false
	Inspect(e, func(n Node) bool {
		if e, ok := n.(Expr); ok && !found {
			if m, _, _ := x.call(e); m != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// setSpan makes the span of e, a fresh copy, sp.
func setSpan(e Expr, sp diag.Span) {
	switch e := e.(type) {
	case *IntLit:
		e.Sp = sp
	case *StrLit:
		e.Sp = sp
	case *Ident:
		e.Sp = sp
	case *VarExpr:
		e.Sp = sp
	case *MapExpr:
		e.Sp = sp
	case *UnaryExpr:
		e.Sp = sp
	case *BinaryExpr:
		e.Sp = sp
	case *CondExpr:
		e.Sp = sp
	case *CastExpr:
		e.Sp = sp
	case *FieldExpr:
		e.Sp = sp
	case *IndexExpr:
		e.Sp = sp
	case *CallExpr:
		e.Sp = sp
	case *SizeofExpr:
		e.Sp = sp
	}
}
