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
// that they do not meet the caller's. As a statement a call is its body;
// as a value the body must be one expression (gs has no block
// expressions yet).

// macroDef is one macro declaration.
type macroDef struct {
	name   string
	params []macroParam
	body   *Block
	sp     diag.Span
}

type macroParam struct {
	kind byte // '$', '@' or 0 for an expression
	name string
}

// maxMacroDepth bounds macros calling macros.
const maxMacroDepth = 32

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
	if len(b.macros) == 0 {
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
}

// call returns the macro e calls and its arguments, or nil.
func (x *expander) call(e Expr) (*macroDef, []Expr, diag.Span) {
	switch e := e.(type) {
	case *CallExpr:
		if m := x.b.macros[e.Fn]; m != nil {
			return m, e.Args, e.Sp
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
		es, ok := s.(*ExprStmt)
		if !ok {
			return nil, false
		}
		m, args, sp := x.call(es.X)
		if m == nil {
			return nil, false
		}
		body := x.expand(m, args, sp, depth)
		if body == nil {
			return nil, true
		}
		return body, true
	}
	r.expr = func(e Expr) Expr {
		m, args, sp := x.call(e)
		if m == nil {
			return nil
		}
		if len(m.body.Stmts) != 1 {
			x.b.diags.Errorf(sp, "not supported by gs: macro %s used as a value has statements", m.name).
				WithHint("gs has no block expressions yet: a macro used as a value must be one expression")
			return &IntLit{Text: "0", Sp: sp}
		}
		if _, ok := m.body.Stmts[0].(*ExprStmt); !ok {
			x.b.diags.Errorf(sp, "macro %s has no value", m.name).
				WithHint("its body is a statement; call it as a statement")
			return &IntLit{Text: "0", Sp: sp}
		}
		body := x.expand(m, args, sp, depth)
		if body == nil || len(body.Stmts) != 1 {
			return &IntLit{Text: "0", Sp: sp}
		}
		if es, ok := body.Stmts[0].(*ExprStmt); ok {
			return es.X
		}
		return &IntLit{Text: "0", Sp: sp}
	}
	return r
}

// expand returns the body of m called with args at sp, or nil after an
// error.
func (x *expander) expand(m *macroDef, args []Expr, sp diag.Span, depth int) *Block {
	d := x.b.diags
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
			exprs[p.name] = args[i]
		}
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
		}
		return nil
	}
	body := cloneBlock(m.body, r)
	if failed {
		return nil
	}
	// Then the macros the body calls, with its arguments in place.
	return cloneBlock(body, x.rewriter(depth+1))
}
