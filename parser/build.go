package parser

import (
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// builder converts ANTLR's parse tree into the AST. After a syntax error
// the tree has holes; every step tolerates missing children and leaves nil
// in the AST where something is missing.
//
// Children are read positionally, skipping error nodes, rather than through
// the generated accessors: the three expression rule families (expr,
// angleExpr, filterExpr) have the same shape and share one conversion.
type builder struct {
	src    *source
	diags  *diag.List
	lexed  *lexed
	macros map[string]*macroDef
	// blockExprs and incDecs are set when the tree holds a BlockExpr or
	// an IncDecExpr to hoist, stdMacros when it calls one of bpftrace's
	// stdlib macros (assert).
	blockExprs, incDecs, stdMacros bool
}

// kids returns the children of t that are not error nodes. Callers must
// not modify the result.
func kids(t antlr.Tree) []antlr.Tree {
	if t == nil {
		return nil
	}
	all := t.GetChildren()
	for i, c := range all {
		if _, bad := c.(antlr.ErrorNode); bad {
			out := append([]antlr.Tree(nil), all[:i]...)
			for _, c := range all[i+1:] {
				if _, bad := c.(antlr.ErrorNode); !bad {
					out = append(out, c)
				}
			}
			return out
		}
	}
	return all
}

// tokenType returns the token type of terminal t, or 0.
func tokenType(t antlr.Tree) int {
	if n, ok := t.(antlr.TerminalNode); ok {
		return n.GetSymbol().GetTokenType()
	}
	return 0
}

// ctxSpan returns the source span of parse tree node t, a token or a rule.
func (b *builder) ctxSpan(t antlr.Tree) diag.Span {
	switch n := t.(type) {
	case antlr.TerminalNode:
		return b.src.tokSpan(n.GetSymbol())
	case antlr.ParserRuleContext:
		start, _, ok := b.src.tokOffsets(n.GetStart())
		if !ok {
			return b.src.span(0, 0)
		}
		end := start
		if stop := n.GetStop(); stop != nil && stop.GetTokenIndex() >= n.GetStart().GetTokenIndex() {
			_, end, _ = b.src.tokOffsets(stop)
		}
		return b.src.span(start, end)
	}
	return b.src.span(0, 0)
}

// join returns the span from the start of a to the end of z.
func join(a, z diag.Span) diag.Span {
	if z.End.Offset < a.Start.Offset {
		return a
	}
	return diag.Span{Start: a.Start, End: z.End}
}

func (b *builder) program(t antlrgs.IProgramContext, prog *Program) {
	for _, c := range kids(t) {
		switch c := c.(type) {
		case *antlrgs.GroupContext:
			prog.Groups = append(prog.Groups, b.group(c))
		case *antlrgs.ConfigBlockContext:
			if len(prog.Groups) > 0 {
				b.diags.Errorf(b.ctxSpan(c), "the config block must come before the probes")
			}
			prog.Config = append(prog.Config, b.configBlock(c)...)
		case *antlrgs.MacroDeclContext:
			b.macroDecl(c)
		case *antlrgs.ImportDeclContext:
			// bpftrace's modules are BPF C and scripts of its own.
			if ks := kids(c); len(ks) >= 2 {
				b.diags.Errorf(b.ctxSpan(c), "not supported by gs: import of bpftrace's modules (%s)", b.ctxText(ks[1])).
					WithHint("gs's builtins and bpftrace's stdlib macros it knows need no import")
			}
		case *antlrgs.MapDeclContext:
			ks := kids(c)
			if len(ks) < 4 {
				continue
			}
			if m, ok := ks[1].(antlr.TerminalNode); ok && len(m.GetText()) > 0 {
				if init := b.expr(ks[3]); init != nil {
					prog.MapDecls = append(prog.MapDecls, &LetStmt{Map: &MapExpr{Name: m.GetText()[1:], Sp: b.ctxSpan(m)}, Init: init, Sp: b.ctxSpan(c)})
				}
			}
		case *antlrgs.CDeclContext:
			if len(prog.Groups) > 0 {
				b.diags.Errorf(b.ctxSpan(c), "C definitions must come before the probes")
			}
			if d := b.cDecl(c); d != nil {
				prog.Types = append(prog.Types, d)
			}
		}
	}
}

func (b *builder) configBlock(t *antlrgs.ConfigBlockContext) []*ConfigItem {
	var items []*ConfigItem
	for _, c := range kids(t) {
		it, ok := c.(*antlrgs.ConfigItemContext)
		if !ok {
			continue
		}
		ks := kids(it)
		if len(ks) != 3 {
			continue
		}
		k, kok := ks[0].(antlr.TerminalNode)
		v, vok := ks[2].(antlr.TerminalNode)
		if !kok || !vok {
			continue
		}
		item := &ConfigItem{Key: k.GetText(), Value: v.GetText(), ValSp: b.ctxSpan(v), Sp: b.ctxSpan(it)}
		if v.GetSymbol().GetTokenType() == antlrgs.GsParserSTRING {
			item.Value = b.strLit(v.GetSymbol())
		}
		items = append(items, item)
	}
	return items
}

func (b *builder) group(t *antlrgs.GroupContext) *ProbeGroup {
	g := &ProbeGroup{Sp: b.ctxSpan(t)}
	for _, c := range kids(t) {
		switch c := c.(type) {
		case *antlrgs.ProbeContext:
			if p := b.probe(c); p != nil {
				g.Probes = append(g.Probes, p)
			}
		case *antlrgs.FilterContext:
			for _, f := range kids(c) {
				if _, ok := f.(*antlrgs.FilterExprContext); ok {
					g.Filter = b.expr(f)
				}
			}
		case *antlrgs.BlockContext:
			g.Body = b.block(c)
		}
	}
	return g
}

func (b *builder) probe(t *antlrgs.ProbeContext) *Probe {
	ks := kids(t)
	if len(ks) != 1 {
		return nil
	}
	term, ok := ks[0].(antlr.TerminalNode)
	if !ok {
		return nil
	}
	tok := term.GetSymbol()
	start, end, _ := b.src.tokOffsets(tok)
	text := tok.GetText()
	if tok.GetTokenType() == antlrgs.GsParserPROBE_SPEC {
		return b.probeSpec(text, start)
	}
	p := &Probe{Kind: ProbeBegin, Text: text, Sp: b.src.span(start, end)}
	if tok.GetTokenType() == antlrgs.GsParserEND {
		p.Kind = ProbeEnd
	}
	return p
}

func (b *builder) block(t *antlrgs.BlockContext) *Block {
	blk := &Block{Scoped: true, Sp: b.ctxSpan(t)}
	for _, c := range kids(t) {
		switch c := c.(type) {
		case antlr.TerminalNode:
			if c.GetSymbol().GetTokenType() == antlrgs.GsParserLT {
				blk.Angle = true
			}
		case *antlrgs.StmtListContext, *antlrgs.AngleStmtListContext:
			blk.Stmts = b.stmtList(c)
		}
	}
	return blk
}

// stmtList flattens the right-recursive stmtList and angleStmtList rules.
func (b *builder) stmtList(t antlr.Tree) []Stmt {
	var stmts []Stmt
	for t != nil {
		var next antlr.Tree
		for _, c := range kids(t) {
			switch c := c.(type) {
			case *antlrgs.BlockStmtContext:
				if s := b.blockStmt(c); s != nil {
					stmts = append(stmts, s)
				}
			case *antlrgs.StmtContext, *antlrgs.AngleStmtContext:
				if s := b.stmt(c); s != nil {
					stmts = append(stmts, s)
				}
			case *antlrgs.StmtListContext, *antlrgs.AngleStmtListContext:
				next = c
			}
		}
		t = next
	}
	return stmts
}

// blockStmt converts if, while, unroll and for.
func (b *builder) blockStmt(t *antlrgs.BlockStmtContext) Stmt {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	if c, ok := ks[0].(*antlrgs.IfStmtContext); ok {
		if s := b.ifStmt(c); s != nil {
			return s
		}
		return nil
	}
	var exprs []Expr
	var body *Block
	var v *VarExpr
	var m *MapExpr
	parts := ks[1:]
	for _, c := range ks[1:] {
		if h, ok := c.(*antlrgs.ForHeadContext); ok {
			parts = append(parts, kids(h)...)
		}
	}
	for _, c := range parts {
		switch c := c.(type) {
		case *antlrgs.ExprContext:
			x := b.expr(c)
			if x == nil {
				return nil
			}
			exprs = append(exprs, x)
		case *antlrgs.BlockContext:
			body = b.block(c)
		case antlr.TerminalNode:
			switch c.GetSymbol().GetTokenType() {
			case antlrgs.GsParserVAR:
				v = &VarExpr{Name: c.GetText()[1:], Sp: b.ctxSpan(c)}
			case antlrgs.GsParserMAP:
				m = &MapExpr{Name: c.GetText()[1:], Sp: b.ctxSpan(c)}
			}
		}
	}
	sp := b.ctxSpan(t)
	if body == nil {
		return nil
	}
	switch tokenType(ks[0]) {
	case antlrgs.GsParserWHILE:
		if len(exprs) == 1 {
			return &WhileStmt{Cond: exprs[0], Body: body, Sp: sp}
		}
	case antlrgs.GsParserUNROLL:
		if len(exprs) == 1 {
			return &UnrollStmt{Count: exprs[0], Body: body, Sp: sp}
		}
	case antlrgs.GsParserFOR:
		switch {
		case v == nil:
		case m != nil:
			return &ForStmt{Var: v, Map: m, Body: body, Sp: sp}
		case len(exprs) == 2:
			return &ForStmt{Var: v, From: exprs[0], To: exprs[1], Body: body, Sp: sp}
		}
	}
	return nil
}

func (b *builder) letStmt(t *antlrgs.LetStmtContext) Stmt {
	s := &LetStmt{Sp: b.ctxSpan(t)}
	for _, c := range kids(t) {
		switch c := c.(type) {
		case antlr.TerminalNode:
			switch c.GetSymbol().GetTokenType() {
			case antlrgs.GsParserVAR:
				s.Var = &VarExpr{Name: c.GetText()[1:], Sp: b.ctxSpan(c)}
			case antlrgs.GsParserMAP:
				s.Map = &MapExpr{Name: c.GetText()[1:], Sp: b.ctxSpan(c)}
			}
		case *antlrgs.TypeNameContext:
			if s.Type = b.typeName(c); s.Type == nil {
				return nil
			}
		case *antlrgs.ArrayDimsContext:
			if s.Type != nil {
				s.Type.Dims = b.arrayDims(c)
				s.Type.Sp = join(s.Type.Sp, b.ctxSpan(c))
				for _, d := range s.Type.Dims {
					if d < 0 {
						b.diags.Errorf(b.ctxSpan(c), "a variable's array type needs its size: [N]")
					}
				}
			}
		case *antlrgs.ExprContext, *antlrgs.AngleExprContext:
			if s.Init = b.expr(c); s.Init == nil {
				return nil
			}
		}
	}
	if s.Var == nil && s.Map == nil {
		return nil
	}
	return s
}

func (b *builder) ifStmt(t *antlrgs.IfStmtContext) *IfStmt {
	for _, c := range kids(t) {
		if body, ok := c.(*antlrgs.IfBodyContext); ok {
			return b.ifBody(body, b.ctxSpan(t))
		}
	}
	return &IfStmt{Sp: b.ctxSpan(t)}
}

// ifBody converts an if's condition, block and else; sp is the if's span,
// from its keyword.
func (b *builder) ifBody(t *antlrgs.IfBodyContext, sp diag.Span) *IfStmt {
	s := &IfStmt{Sp: sp}
	ks := kids(t)
	for i, c := range ks {
		switch c := c.(type) {
		case *antlrgs.IfCondContext:
			s.Cond = b.ifCond(c)
		case *antlrgs.BlockContext:
			if s.Then == nil {
				s.Then = b.block(c)
			} else {
				s.Else = b.block(c)
			}
		case *antlrgs.IfBodyContext:
			// else if: the span of the inner if starts at its keyword.
			s.Else = b.ifBody(c, join(b.ctxSpan(ks[i-1]), b.ctxSpan(c)))
		}
	}
	return s
}

// ifCond converts an if's condition: (expr), a unary operator and its
// operand, or an atom with field selections and indexes.
func (b *builder) ifCond(t *antlrgs.IfCondContext) Expr {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	switch c := ks[0].(type) {
	case *antlrgs.AtomContext:
		x := b.atom(c)
		if x == nil {
			return nil
		}
		return b.postfixOps(x, b.ctxSpan(c), tokenType(kids(c)[0]) == antlrgs.GsParserMAP, ks)
	}
	switch tokenType(ks[0]) {
	case antlrgs.GsParserLPAREN:
		if len(ks) >= 2 {
			return b.expr(ks[1])
		}
	default:
		if len(ks) == 2 {
			if x := b.unary(ks[1]); x != nil {
				return &UnaryExpr{Op: b.ctxText(ks[0]), X: x, Sp: b.ctxSpan(t)}
			}
		}
	}
	return nil
}

// stmt converts stmt and angleStmt.
func (b *builder) stmt(t antlr.Tree) Stmt {
	ks := kids(t)
	switch {
	case len(ks) == 1 && tokenType(ks[0]) == antlrgs.GsParserRETURN:
		return &ReturnStmt{Sp: b.ctxSpan(t)}
	case len(ks) == 2 && tokenType(ks[0]) == antlrgs.GsParserRETURN:
		if x := b.expr(ks[1]); x != nil {
			return &ReturnStmt{Value: x, Sp: b.ctxSpan(t)}
		}
		return nil
	case len(ks) == 1 && tokenType(ks[0]) == antlrgs.GsParserBREAK:
		return &BranchStmt{Sp: b.ctxSpan(t)}
	case len(ks) == 1 && tokenType(ks[0]) == antlrgs.GsParserCONTINUE:
		return &BranchStmt{Continue: true, Sp: b.ctxSpan(t)}
	case len(ks) == 1:
		if l, ok := ks[0].(*antlrgs.LetStmtContext); ok {
			return b.letStmt(l)
		}
		x := b.expr(ks[0])
		if id, ok := x.(*IncDecExpr); ok {
			// x++ as a statement is x += 1.
			b.checkAssignable(id.X)
			return incDecStmt(id)
		}
		if be, ok := x.(*BlockExpr); ok {
			return be.Body // a block as a statement
		}
		if c, ok := x.(*CondExpr); ok && isCall(c.Then) && isCall(c.Else) {
			// bpftrace's `c ? f() : g();` of functions without a value
			// is an if and else.
			return &IfStmt{Cond: c.Cond, Then: &Block{Stmts: []Stmt{&ExprStmt{X: c.Then}}, Sp: c.Then.Span()},
				Else: &Block{Stmts: []Stmt{&ExprStmt{X: c.Else}}, Sp: c.Else.Span()}, Sp: c.Sp}
		}
		if x != nil {
			return &ExprStmt{X: x}
		}
	case len(ks) == 3:
		s := &AssignStmt{LHS: b.expr(ks[0]), Op: b.ctxText(ks[1]), RHS: b.expr(ks[2]), Sp: b.ctxSpan(t)}
		if id, ok := s.LHS.(*Ident); ok && id.Name == "_" && s.Op == "=" && s.RHS != nil {
			// bpftrace's `_ = expr` evaluates expr and discards its value.
			if be, ok := s.RHS.(*BlockExpr); ok {
				if n := len(be.Body.Stmts); n > 0 {
					if es, ok := be.Body.Stmts[n-1].(*ExprStmt); ok {
						es.Discarded = true // the block's value
					}
				}
				return be.Body
			}
			return &ExprStmt{X: s.RHS, Discarded: true}
		}
		b.checkAssignable(s.LHS)
		if id, ok := s.RHS.(*IncDecExpr); ok && s.Op == "=" {
			// $y = $x++ is $y = $x; $x += 1 (and ++$x the other way round).
			b.checkAssignable(id.X)
			step := incDecStmt(id)
			s.RHS = cloneExpr(id.X, nil)
			if id.Prefix {
				return &Block{Stmts: []Stmt{step, s}, Sp: s.Sp}
			}
			return &Block{Stmts: []Stmt{s, step}, Sp: s.Sp}
		}
		return s
	}
	return nil
}

// incDecStmt is x++ (or ++x, x--, --x) as a statement: x += 1.
func incDecStmt(id *IncDecExpr) *AssignStmt {
	op := map[string]string{"++": "+=", "--": "-="}[id.Op]
	return &AssignStmt{LHS: id.X, Op: op, RHS: &IntLit{Val: 1, Text: "1", Sp: id.Sp}, Sp: id.Sp}
}

// ctxText is the text of t: a token's own (a #define's token is placed at
// its use, whose text is the name), or a rule's source text.
func (b *builder) ctxText(t antlr.Tree) string {
	if n, ok := t.(antlr.TerminalNode); ok {
		return n.GetText()
	}
	return b.src.file.Text(b.ctxSpan(t))
}

func (b *builder) checkAssignable(x Expr) {
	switch x := x.(type) {
	case nil, *VarExpr, *MapExpr:
	case *Ident:
		b.diags.Errorf(x.Sp, "cannot assign to %q", x.Name).
			WithHint("script variables start with \"$\": $%s", x.Name)
	default:
		b.diags.Errorf(x.Span(), "cannot assign to %q", b.src.file.Text(x.Span())).
			WithHint("only $variables and @maps can be assigned")
	}
}

// precedence gives the binding power of each binary operator, as in C.
var precedence = map[string]int{
	"*": 10, "/": 10, "%": 10,
	"+": 9, "-": 9,
	"<<": 8, ">>": 8,
	"<": 7, "<=": 7, ">": 7, ">=": 7,
	"==": 6, "!=": 6,
	"&":  5,
	"^":  4,
	"|":  3,
	"&&": 2,
	"||": 1,
}

// operand is an expression with the span of its source text, which for a
// parenthesized expression includes the parentheses.
type operand struct {
	x  Expr
	sp diag.Span
}

// expr converts expr, angleExpr and filterExpr: a flat list of operands
// and binary operators, folded here by precedence, then an optional ?:.
func (b *builder) expr(t antlr.Tree) Expr {
	ks := kids(t)
	var operands []operand
	var ops []string
	i := 0
	for ; i < len(ks); i++ {
		if _, ok := ks[i].(*antlrgs.UnaryExprContext); ok {
			x := b.unary(ks[i])
			if x == nil {
				return nil
			}
			operands = append(operands, operand{x, b.ctxSpan(ks[i])})
			continue
		}
		op := tokenType(ks[i])
		if op == antlrgs.GsParserQUESTION || op == 0 {
			break
		}
		ops = append(ops, b.ctxText(ks[i]))
	}
	if len(operands) != len(ops)+1 {
		return nil
	}
	x := foldBinary(operands, ops).x
	if i == len(ks) {
		return x
	}
	// cond ? then : else, or bpftrace's cond ?: else, whose then is cond
	// (evaluated again, as bpftrace does)
	if len(ks) == i+3 {
		els := b.expr(ks[i+2])
		if els == nil {
			return nil
		}
		return &CondExpr{Cond: x, Then: cloneExpr(x, nil), Else: els, Sp: b.ctxSpan(t)}
	}
	if len(ks) != i+4 {
		return nil
	}
	then, els := b.expr(ks[i+1]), b.expr(ks[i+3])
	if then == nil || els == nil {
		return nil
	}
	return &CondExpr{Cond: x, Then: then, Else: els, Sp: b.ctxSpan(t)}
}

// foldBinary builds the tree for x0 op1 x1 op2 x2 ... by precedence,
// left-associative, with an operator stack (shunting-yard).
func foldBinary(xs []operand, ops []string) operand {
	out := []operand{xs[0]}
	var stack []string
	reduce := func() {
		y, x := out[len(out)-1], out[len(out)-2]
		op := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		sp := join(x.sp, y.sp)
		out = append(out[:len(out)-2], operand{&BinaryExpr{X: x.x, Op: op, Y: y.x, Sp: sp}, sp})
	}
	for i, op := range ops {
		for len(stack) > 0 && precedence[stack[len(stack)-1]] >= precedence[op] {
			reduce()
		}
		stack = append(stack, op)
		out = append(out, xs[i+1])
	}
	for len(stack) > 0 {
		reduce()
	}
	return out[0]
}

// unary converts unaryExpr and castOperand.
func (b *builder) unary(t antlr.Tree) Expr {
	switch c := t.(type) {
	case *antlrgs.UnaryExprContext, *antlrgs.CastOperandContext:
	case *antlrgs.PostfixExprContext:
		return b.postfix(c)
	default:
		return nil
	}
	ks := kids(t)
	switch len(ks) {
	case 1:
		return b.unary(ks[0])
	case 2:
		x := b.unary(ks[1])
		if x == nil {
			return nil
		}
		if op := b.ctxText(ks[0]); op == "++" || op == "--" {
			b.incDecs = true
			return &IncDecExpr{X: x, Op: op, Prefix: true, Sp: b.ctxSpan(t)}
		}
		return &UnaryExpr{Op: b.ctxText(ks[0]), X: x, Sp: b.ctxSpan(t)}
	case 4, 5:
		typ, x := b.typeName(ks[1]), b.unary(ks[len(ks)-1])
		if typ == nil || x == nil {
			return nil
		}
		if len(ks) == 5 {
			typ.Dims = b.arrayDims(ks[2])
			typ.Sp = join(typ.Sp, b.ctxSpan(ks[2]))
		}
		return &CastExpr{Type: typ, X: x, Sp: b.ctxSpan(t)}
	}
	return nil
}

// arrayDims converts the dimensions of a cast to an array type: -1 for
// `[]`, whose size the value gives.
func (b *builder) arrayDims(t antlr.Tree) []int {
	var dims []int
	for _, c := range kids(t) {
		switch tokenType(c) {
		case antlrgs.GsParserLBRACK:
			dims = append(dims, -1)
		case antlrgs.GsParserINT_LIT:
			n, err := strconv.Atoi(b.ctxText(c))
			if err != nil || n <= 0 {
				b.diags.Errorf(b.ctxSpan(c), "invalid array size %s", b.ctxText(c))
				n = 1
			}
			dims[len(dims)-1] = n
		}
	}
	return dims
}

// postfix converts a primary followed by field selections and indexes.
func (b *builder) postfix(t *antlrgs.PostfixExprContext) Expr {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	p, _ := ks[0].(*antlrgs.PrimaryContext)
	if p == nil {
		return nil
	}
	x := b.primary(p)
	if x == nil {
		return nil
	}
	isMap := false
	if a, ok := kids(p)[0].(*antlrgs.AtomContext); ok {
		isMap = tokenType(kids(a)[0]) == antlrgs.GsParserMAP
	}
	return b.postfixOps(x, b.ctxSpan(p), isMap, ks)
}

// postfixOps applies the field selections, indexes and ++/-- in ks[1:] to
// x, whose source starts at start; isMap says x was written as a @map.
func (b *builder) postfixOps(x Expr, start diag.Span, isMap bool, ks []antlr.Tree) Expr {
	for i := 1; i < len(ks); {
		switch tokenType(ks[i]) {
		case antlrgs.GsParserDOT, antlrgs.GsParserARROW:
			name, ok := ks[min(i+1, len(ks)-1)].(antlr.TerminalNode)
			if !ok || (name.GetSymbol().GetTokenType() != antlrgs.GsParserIDENT &&
				name.GetSymbol().GetTokenType() != antlrgs.GsParserINT_LIT) {
				return nil
			}
			sp := join(start, b.ctxSpan(name))
			arrow := tokenType(ks[i]) == antlrgs.GsParserARROW
			if id, ok := x.(*Ident); ok && id.Name == "args" { // args->NAME is bpftrace's older spelling
				x = &ArgsExpr{Name: name.GetText(), Sp: sp}
			} else {
				x = &FieldExpr{X: x, Name: name.GetText(), Arrow: arrow, NameSp: b.ctxSpan(name), Sp: sp}
			}
			i += 2
		case antlrgs.GsParserLBRACK:
			var keys []Expr
			var commas []antlr.Tree
			j := i + 1
			for ; j < len(ks) && tokenType(ks[j]) != antlrgs.GsParserRBRACK; j++ {
				if tokenType(ks[j]) == antlrgs.GsParserCOMMA {
					commas = append(commas, ks[j])
					continue
				}
				k := b.expr(ks[j])
				if k == nil {
					return nil
				}
				keys = append(keys, k)
			}
			if j == len(ks) || len(keys) == 0 {
				return nil
			}
			sp := join(start, b.ctxSpan(ks[j]))
			if m, ok := x.(*MapExpr); ok && isMap && m.Keys == nil {
				if t, ok := keys[0].(*TupleExpr); ok && len(keys) == 1 && t.Names == nil {
					keys = t.Elems // @m[(a, b)] is bpftrace's @m[a, b]
				}
				m.Keys, m.Sp = keys, sp
			} else {
				if len(commas) > 0 {
					b.diags.Errorf(b.ctxSpan(commas[0]), "an index takes one expression").
						WithHint("only @maps take several keys, e.g. @m[pid, comm]")
				}
				x = &IndexExpr{X: x, Index: keys[0], Sp: sp}
			}
			i = j + 1
		case antlrgs.GsParserINC, antlrgs.GsParserDEC:
			b.incDecs = true
			x = &IncDecExpr{X: x, Op: b.ctxText(ks[i]), Sp: join(start, b.ctxSpan(ks[i]))}
			i++
		default:
			return nil
		}
	}
	return x
}

func (b *builder) primary(t *antlrgs.PrimaryContext) Expr {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	if a, ok := ks[0].(*antlrgs.AtomContext); ok {
		return b.atom(a)
	}
	return b.atom(t)
}

// atom converts atom and the rest of primary.
func (b *builder) atom(t antlr.ParserRuleContext) Expr {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	if ty, ok := ks[0].(*antlrgs.TypeofTypeContext); ok {
		if typ := b.typeName(ty); typ != nil {
			return &TypeofExpr{Type: typ, Sp: typ.Sp}
		}
		return nil
	}
	first, _ := ks[0].(antlr.TerminalNode)
	if first == nil {
		return nil
	}
	tok := first.GetSymbol()
	sp := b.ctxSpan(t)
	switch tok.GetTokenType() {
	case antlrgs.GsParserINT_LIT:
		return b.intLit(tok)
	case antlrgs.GsParserCHAR_LIT:
		return b.charLit(tok)
	case antlrgs.GsParserSTRING:
		var val strings.Builder
		for _, c := range ks {
			if s, ok := c.(antlr.TerminalNode); ok {
				val.WriteString(b.strLit(s.GetSymbol()))
			}
		}
		return &StrLit{Val: val.String(), Sp: sp}
	case antlrgs.GsParserTRUE:
		return &IntLit{Val: 1, Text: "true", Kind: LitBool, Sp: sp}
	case antlrgs.GsParserFALSE:
		return &IntLit{Val: 0, Text: "false", Kind: LitBool, Sp: sp}
	case antlrgs.GsParserIDENT:
		if len(ks) == 1 {
			return &Ident{Name: tok.GetText(), Sp: sp}
		}
		call := &CallExpr{Fn: tok.GetText(), FnSp: b.src.tokSpan(tok), Sp: sp}
		b.stdMacros = b.stdMacros || call.Fn == "assert"
		for _, c := range ks[1:] {
			if _, ok := c.(*antlrgs.ExprContext); ok {
				arg := b.expr(c)
				if arg == nil {
					return nil
				}
				call.Args = append(call.Args, arg)
			}
		}
		return call
	case antlrgs.GsParserVAR:
		return &VarExpr{Name: tok.GetText()[1:], Sp: sp}
	case antlrgs.GsParserPARAM:
		if tok.GetText() == "$#" {
			return &ParamExpr{Count: true, Sp: sp}
		}
		n, err := strconv.Atoi(tok.GetText()[1:])
		if err != nil {
			b.diags.Errorf(sp, "invalid positional parameter %s", tok.GetText())
		}
		return &ParamExpr{N: n, Sp: sp}
	case antlrgs.GsParserMAP:
		return &MapExpr{Name: tok.GetText()[1:], Sp: sp}
	case antlrgs.GsParserSIZEOF:
		if len(ks) < 3 {
			return nil
		}
		switch c := ks[2].(type) {
		case *antlrgs.ExprContext:
			if x := b.expr(c); x != nil {
				return &SizeofExpr{X: x, Sp: sp}
			}
		case *antlrgs.CastTypeContext:
			if typ := b.typeName(c); typ != nil {
				return &SizeofExpr{Type: typ, Sp: sp}
			}
		}
		return nil
	case antlrgs.GsParserOFFSETOF:
		o := &OffsetofExpr{Sp: sp}
		var path []string
		for _, c := range ks[1:] {
			switch c := c.(type) {
			case *antlrgs.TypeNameContext:
				o.Type = b.typeName(c)
			case antlr.TerminalNode:
				if c.GetSymbol().GetTokenType() == antlrgs.GsParserIDENT {
					path = append(path, c.GetText())
				}
			}
		}
		if o.Type == nil || len(path) == 0 {
			return nil
		}
		o.Field = strings.Join(path, ".")
		return o
	case antlrgs.GsParserIF_EXPR:
		if len(ks) == 2 {
			if body, ok := ks[1].(*antlrgs.IfBodyContext); ok {
				b.blockExprs = true
				return &IfExpr{If: b.ifBody(body, sp), Sp: sp}
			}
		}
		return nil
	case antlrgs.GsParserLBRACE:
		for _, c := range ks[1:] {
			if l, ok := c.(*antlrgs.StmtListContext); ok {
				b.blockExprs = true
				return &BlockExpr{Body: &Block{Stmts: b.stmtList(l), Sp: sp}, Sp: sp}
			}
		}
		return nil
	case antlrgs.GsParserLPAREN:
		var elems []Expr
		var names []string
		comma := false
		for _, c := range ks[1:] {
			switch {
			case tokenType(c) == antlrgs.GsParserIDENT:
				names = append(names, b.ctxText(c))
			case tokenType(c) == antlrgs.GsParserCOMMA:
				comma = true
			case tokenType(c) == 0:
				x := b.expr(c)
				if x == nil {
					return nil
				}
				elems = append(elems, x)
			}
		}
		if len(elems) == 1 && !comma && names == nil {
			return elems[0]
		}
		if len(elems) > 0 {
			return &TupleExpr{Elems: elems, Names: names, Sp: sp}
		}
	}
	return nil
}

// typeName converts typeName, castType and a lone IDENT naming a type.
func (b *builder) typeName(t antlr.Tree) *TypeExpr {
	switch t := t.(type) {
	case *antlrgs.TypeNameContext:
		if ks := kids(t); len(ks) == 1 {
			return b.typeName(ks[0])
		}
		return nil
	case *antlrgs.TypeofTypeContext:
		// typeof(TYPE) is TYPE; typeof(EXPR) is the type of EXPR.
		ks := kids(t)
		if len(ks) != 4 {
			return nil
		}
		if ct, ok := ks[2].(*antlrgs.CastTypeContext); ok {
			typ := b.typeName(ct)
			if typ != nil {
				typ.Sp = b.ctxSpan(t)
			}
			return typ
		}
		x := b.expr(ks[2])
		if x == nil {
			return nil
		}
		if tx, ok := x.(*TypeofExpr); ok {
			return tx.Type // typeof(typeof(T))
		}
		return &TypeExpr{Of: x, Sp: b.ctxSpan(t)}
	case antlr.TerminalNode:
		if t.GetSymbol().GetTokenType() == antlrgs.GsParserIDENT {
			return &TypeExpr{Name: t.GetText(), Sp: b.ctxSpan(t)}
		}
		return nil
	case *antlrgs.CastTypeContext:
		typ := &TypeExpr{Sp: b.ctxSpan(t)}
		var words []string
		for _, c := range kids(t) {
			switch tokenType(c) {
			case antlrgs.GsParserCONST:
			case antlrgs.GsParserSTAR:
				typ.Ptr++
			default:
				words = append(words, b.ctxText(c))
			}
		}
		typ.Name = strings.Join(words, " ")
		if typ.Name == "" {
			return nil
		}
		return typ
	}
	return nil
}

func (b *builder) intLit(tok antlr.Token) Expr {
	start, end, _ := b.src.tokOffsets(tok)
	text := tok.GetText()
	lit := &IntLit{Text: text, Kind: LitInt, Sp: b.src.span(start, end)}
	v, err := parseInt(text)
	if err != nil {
		b.litError(start, err)
	}
	lit.Val = v
	return lit
}

func (b *builder) litError(base int, err *litError) {
	d := b.diags.Errorf(b.src.span(base+err.start, base+err.end), "%s", err.msg)
	if err.hint != "" {
		d.WithHint("%s", err.hint)
	}
}

// quoted returns the text between the quotes of a string or character
// literal token, and the byte offset where it starts.
func (b *builder) quoted(tok antlr.Token) (body string, off int) {
	start, _, _ := b.src.tokOffsets(tok)
	text := tok.GetText()
	body = text[1:]
	if !b.lexed.unterminated[start] && len(body) > 0 {
		body = body[:len(body)-1]
	}
	return body, start + 1
}

func (b *builder) strLit(tok antlr.Token) string {
	body, off := b.quoted(tok)
	val, errs := unquote(body)
	for _, err := range errs {
		b.litError(off, err)
	}
	return val
}

func (b *builder) charLit(tok antlr.Token) Expr {
	start, end, _ := b.src.tokOffsets(tok)
	lit := &IntLit{Text: tok.GetText(), Kind: LitChar, Sp: b.src.span(start, end)}
	body, off := b.quoted(tok)
	val, errs := unquote(body)
	for _, err := range errs {
		b.litError(off, err)
	}
	switch {
	case len(errs) > 0 || b.lexed.unterminated[start]:
	case len(val) == 1:
		lit.Val = uint64(val[0])
	case val == "":
		b.diags.Errorf(lit.Sp, "empty character literal")
	case len(val) > 1:
		b.diags.Errorf(lit.Sp, "character literal %s holds more than one byte", lit.Text).
			WithHint("use a string literal for text: \"%s\"", body)
	}
	return lit
}

func isCall(e Expr) bool {
	_, ok := e.(*CallExpr)
	return ok
}
