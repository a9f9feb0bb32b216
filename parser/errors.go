package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// errorListener turns ANTLR's syntax errors into diagnostics. ANTLR reports
// four kinds, told apart by the start of its message: "missing X at Y",
// "extraneous input Y expecting X", "mismatched input Y expecting X" and "no
// viable alternative at input Y". The message itself is not used.
type errorListener struct {
	*antlr.DefaultErrorListener
	src   *source
	toks  []antlr.Token
	diags []diag.Diagnostic
	// swallowed is lexed.swallowed.
	swallowed bool
	// semiBefore is the index of the token before which the first error
	// says a ";" is missing, or 0.
	semiBefore int
}

func (l *errorListener) SyntaxError(rec antlr.Recognizer, offending any, _, _ int, msg string, e antlr.RecognitionException) {
	p, _ := rec.(antlr.Parser)
	tok, _ := offending.(antlr.Token)
	if e != nil && e.GetOffendingToken() != nil {
		tok = e.GetOffendingToken()
	}
	if p == nil || tok == nil || tok.GetTokenType() == antlr.TokenEOF && l.swallowed {
		return
	}
	var expected []int
	if !strings.HasPrefix(msg, "no viable alternative") {
		expected = tokenTypes(p.GetExpectedTokens())
	}
	d, semi := l.describe(p, tok, expected, strings.HasPrefix(msg, "missing "))
	if n := len(l.diags); n > 0 && l.diags[n-1].Span.Start.Offset == d.Span.Start.Offset {
		return // a repeat at the same place
	}
	if len(l.diags) == 0 && semi {
		l.semiBefore = tok.GetTokenIndex()
	}
	l.diags = append(l.diags, d)
}

// describe makes the diagnostic for an error at tok; semi reports that it
// is a missing ";" before tok.
func (l *errorListener) describe(p antlr.Parser, tok antlr.Token, expected []int, missing bool) (d diag.Diagnostic, semi bool) {
	typ := tok.GetTokenType()
	start, end, _ := l.src.tokOffsets(tok)
	prevEnd := 0
	if i := tok.GetTokenIndex(); i > 0 && i <= len(l.toks) {
		_, prevEnd, _ = l.src.tokOffsets(l.toks[i-1])
	}
	// "expected X" goes where X belongs: right after the previous token
	// when the offending one is on a later line (or is the end of file).
	expectedAt := l.src.span(start, start)
	if typ == antlr.TokenEOF || l.src.pos(prevEnd).Line != l.src.pos(start).Line {
		expectedAt = l.src.span(prevEnd, prevEnd)
	}
	want := describeExpected(expected, p.GetParserRuleContext())
	d.Severity = diag.Error
	blk, inBlock := p.GetParserRuleContext().(*antlrgs.BlockContext)
	inBlock = inBlock && blk.GetChildCount() > 0 // past its "{" or "<"
	switch {
	case startsStmt(typ) && (inBlock || contains(expected, antlrgs.GsParserSEMI)):
		// A statement followed by the start of another.
		d.Span, d.Msg, semi = l.src.span(prevEnd, prevEnd), `expected ";"`, true
	case missing && want != "":
		d.Span, d.Msg = expectedAt, "expected "+want
	default:
		if typ == antlr.TokenEOF {
			d.Span = expectedAt
		} else {
			d.Span = l.src.span(start, end)
		}
		d.Msg = "unexpected " + tokenDisplay(tok)
		if want != "" {
			d.Msg += ", expected " + want
		}
	}
	d.Hint = l.hint(p, tok, d.Hint)
	return d, semi
}

// hint explains errors with a likely cause, in particular those that come
// from the grammar's two odd rules: angle blocks and filters.
func (l *errorListener) hint(p antlr.Parser, tok antlr.Token, h string) string {
	ctx := p.GetParserRuleContext()
	prev := 0
	if i := tok.GetTokenIndex(); i > 0 && i <= len(l.toks) {
		prev = l.toks[i-1].GetTokenType()
	}
	typ := tok.GetTokenType()
	if _, body := ctx.GetParent().(*antlrgs.IfBodyContext); body && isOperator(typ) && ctx.GetChildCount() == 0 {
		return "an if's condition without parentheses is a unary expression; put one with operators in parentheses: if (a " + tok.GetText() + " b) { ... }"
	}
	switch ctx.(type) {
	case *antlrgs.ProgramContext:
		if prev == antlrgs.GsParserGT {
			return `a ">" at the top level of a < > block ends the block; put a comparison in parentheses: (a > b)`
		}
		if typ == antlrgs.GsParserIDENT {
			if s := diag.Suggest(tok.GetText(), []string{"BEGIN", "END"}); s != "" {
				return fmt.Sprintf("did you mean %q?", s)
			}
			return "probes look like uprobe:BINARY:FUNCTION, uretprobe:BINARY:FUNCTION, interval:ms:N, BEGIN or END"
		}
	case *antlrgs.GroupContext, *antlrgs.BlockContext:
		if prev == antlrgs.GsParserSLASH {
			return `a filter ends at its second "/"; put a division in parentheses, e.g. /(a / b) > 1/`
		}
	case *antlrgs.IfBodyContext, *antlrgs.IfCondContext:
		if prev == antlrgs.GsParserIF || prev == antlrgs.GsParserIF_EXPR {
			return "an if's condition is in parentheses, if (CONDITION) { ... }, or a unary expression: if $x { ... }"
		}

	}
	if (typ == antlrgs.GsParserGE || typ == antlrgs.GsParserSHR) && inAngleTop(ctx) {
		h = fmt.Sprintf("%q cannot be used at the top level of a < > block; put the expression in parentheses", tok.GetText())
		if typ == antlrgs.GsParserSHR {
			h += `, or write "> >" to close two blocks`
		}
	}
	return h
}

// inAngleTop reports whether ctx is at the top level of an angle block,
// not nested in parentheses or brackets.
func inAngleTop(ctx antlr.ParserRuleContext) bool {
	for ; ctx != nil; ctx, _ = ctx.GetParent().(antlr.ParserRuleContext) {
		switch c := ctx.(type) {
		case *antlrgs.AngleExprContext, *antlrgs.AngleStmtContext, *antlrgs.AngleStmtListContext:
			return true
		case *antlrgs.BlockContext:
			return c.GetStart() != nil && c.GetStart().GetTokenType() == antlrgs.GsParserLT
		case *antlrgs.ExprContext, *antlrgs.FilterExprContext, *antlrgs.PrimaryContext,
			*antlrgs.PostfixExprContext, *antlrgs.IfCondContext, *antlrgs.TypeNameContext:
			return false
		}
	}
	return false
}

func tokenTypes(set *antlr.IntervalSet) []int {
	if set == nil {
		return nil
	}
	var ts []int
	for _, iv := range set.GetIntervals() {
		for t := iv.Start; t < iv.Stop; t++ {
			ts = append(ts, t)
		}
	}
	return ts
}

func contains(ts []int, t int) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// startsExpr reports whether a token of type t can begin an expression.
func startsExpr(t int) bool {
	switch t {
	case antlrgs.GsParserINT_LIT, antlrgs.GsParserCHAR_LIT, antlrgs.GsParserSTRING,
		antlrgs.GsParserTRUE, antlrgs.GsParserFALSE, antlrgs.GsParserIDENT,
		antlrgs.GsParserVAR, antlrgs.GsParserMAP, antlrgs.GsParserSIZEOF,
		antlrgs.GsParserOFFSETOF, antlrgs.GsParserLPAREN, antlrgs.GsParserNOT,
		antlrgs.GsParserTILDE, antlrgs.GsParserMINUS, antlrgs.GsParserSTAR,
		antlrgs.GsParserAMP, antlrgs.GsParserPARAM, antlrgs.GsParserINC, antlrgs.GsParserDEC,
		antlrgs.GsParserIF_EXPR, antlrgs.GsParserTYPEOF:
		return true
	}
	return false
}

func startsStmt(t int) bool {
	switch t {
	case antlrgs.GsParserIF, antlrgs.GsParserRETURN, antlrgs.GsParserWHILE, antlrgs.GsParserFOR,
		antlrgs.GsParserUNROLL, antlrgs.GsParserBREAK, antlrgs.GsParserCONTINUE, antlrgs.GsParserLET:
		return true
	}
	return startsExpr(t)
}

// isOperator reports whether t is a binary, conditional or assignment
// operator: tokens that could continue almost any statement, and so are
// left out of "expected ..." lists.
func isOperator(t int) bool {
	return t >= antlrgs.GsParserDOTDOT && t <= antlrgs.GsParserDEC && t != antlrgs.GsParserCOLON
}

// describeExpected names the expected tokens, or returns "" when there are
// too many to be useful. Operators are left out, except the "<" and ">"
// of angle blocks and the "/" that closes a filter.
func describeExpected(ts []int, ctx antlr.ParserRuleContext) string {
	var names []string
	eof := false
	expr := contains(ts, antlrgs.GsParserINT_LIT)
	if expr {
		names = append(names, "expression")
	}
	_, inFilter := ctx.(*antlrgs.FilterContext)
	for _, t := range ts {
		switch {
		case expr && (startsExpr(t) || t == antlrgs.GsParserLBRACE): // { starts a block expression
		case t == antlrgs.GsParserGT && !contains(ts, antlrgs.GsParserGE),
			t == antlrgs.GsParserLT && contains(ts, antlrgs.GsParserLBRACE),
			t == antlrgs.GsParserSLASH && inFilter:
			names = append(names, tokenName(t))
		case isOperator(t):
		case t == antlrgs.GsParserCONFIG || t == antlrgs.GsParserMACRO || t == antlrgs.GsParserIMPORT ||
			contains(ts, antlrgs.GsParserPROBE_SPEC) && (t == antlrgs.GsParserSTRUCT || t == antlrgs.GsParserUNION || t == antlrgs.GsParserENUM || t == antlrgs.GsParserLET):
			// Where a probe may start, these are seldom what was meant.
		case t == antlr.TokenEOF:
			eof = true
		default:
			names = append(names, tokenName(t))
		}
	}
	if eof {
		names = append(names, tokenName(antlr.TokenEOF))
	}
	switch n := len(names); {
	case n == 0 || n > 4:
		return ""
	case n == 1:
		return names[0]
	default:
		return strings.Join(names[:n-1], ", ") + " or " + names[n-1]
	}
}

func tokenName(t int) string {
	switch t {
	case antlr.TokenEOF:
		return "end of file"
	case antlrgs.GsParserIDENT:
		return "identifier"
	case antlrgs.GsParserPROBE_SPEC:
		return "probe"
	case antlrgs.GsParserINT_LIT:
		return "integer"
	case antlrgs.GsParserSTRING:
		return "string"
	case antlrgs.GsParserCHAR_LIT:
		return "character"
	case antlrgs.GsParserVAR:
		return "variable"
	case antlrgs.GsParserMAP:
		return "map"
	case antlrgs.GsParserIF_EXPR:
		return `"if"`
	}
	for kw, kt := range keywords {
		if kt == t {
			return strconv.Quote(kw)
		}
	}
	lits := antlrgs.GsParserStaticData.LiteralNames
	if t > 0 && t < len(lits) && len(lits[t]) > 2 {
		return strconv.Quote(lits[t][1 : len(lits[t])-1])
	}
	return fmt.Sprintf("token %d", t)
}

func tokenDisplay(t antlr.Token) string {
	switch t.GetTokenType() {
	case antlr.TokenEOF:
		return "end of file"
	case antlrgs.GsParserSTRING:
		return "string literal"
	case antlrgs.GsParserCHAR_LIT:
		return "character literal"
	}
	return strconv.Quote(t.GetText())
}
