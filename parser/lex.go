package parser

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// source maps ANTLR's rune indices to byte offsets and positions.
type source struct {
	file    *diag.File
	lines   []int // byte offset of each line start
	runeOff []int // byte offset of each rune index (plus one past the end); nil for ASCII text
}

func newSource(f *diag.File) *source {
	s := &source{file: f, lines: []int{0}}
	ascii := true
	for i := 0; i < len(f.Src); i++ {
		switch c := f.Src[i]; {
		case c == '\n':
			s.lines = append(s.lines, i+1)
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	if !ascii {
		s.runeOff = make([]int, 0, len(f.Src)+1)
		for i := range f.Src {
			s.runeOff = append(s.runeOff, i)
		}
		s.runeOff = append(s.runeOff, len(f.Src))
	}
	return s
}

// byteOff converts a rune index into a byte offset.
func (s *source) byteOff(r int) int {
	switch {
	case r < 0:
		return 0
	case s.runeOff == nil:
		return min(r, len(s.file.Src))
	case r >= len(s.runeOff):
		return len(s.file.Src)
	}
	return s.runeOff[r]
}

// pos returns the position of byte offset off.
func (s *source) pos(off int) diag.Pos {
	off = max(0, min(off, len(s.file.Src)))
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off }) - 1
	return diag.Pos{Offset: off, Line: line + 1, Col: off - s.lines[line] + 1}
}

// span returns the span of bytes [start, end).
func (s *source) span(start, end int) diag.Span {
	return diag.Span{Start: s.pos(start), End: s.pos(max(start, end))}
}

// tokOffsets returns the byte offsets [start, end) of t. Tokens made up by
// ANTLR's error recovery have no text and give ok == false.
func (s *source) tokOffsets(t antlr.Token) (start, end int, ok bool) {
	if t == nil || t.GetStart() < 0 {
		return 0, 0, false
	}
	if t.GetTokenType() == antlr.TokenEOF {
		n := len(s.file.Src)
		return n, n, true
	}
	return s.byteOff(t.GetStart()), s.byteOff(t.GetStop() + 1), true
}

func (s *source) tokSpan(t antlr.Token) diag.Span {
	start, end, _ := s.tokOffsets(t)
	return s.span(start, end)
}

// keywords maps each keyword to its token type. The lexer reads keywords as
// identifiers (see grammar/Gs.g4).
var keywords = map[string]int{
	"BEGIN":    antlrgs.GsParserBEGIN,
	"END":      antlrgs.GsParserEND,
	"if":       antlrgs.GsParserIF,
	"else":     antlrgs.GsParserELSE,
	"return":   antlrgs.GsParserRETURN,
	"true":     antlrgs.GsParserTRUE,
	"false":    antlrgs.GsParserFALSE,
	"sizeof":   antlrgs.GsParserSIZEOF,
	"offsetof": antlrgs.GsParserOFFSETOF,
	"struct":   antlrgs.GsParserSTRUCT,
	"union":    antlrgs.GsParserUNION,
	"enum":     antlrgs.GsParserENUM,
	"const":    antlrgs.GsParserCONST,
	"void":     antlrgs.GsParserVOID,
	"char":     antlrgs.GsParserCHAR,
	"short":    antlrgs.GsParserSHORT,
	"int":      antlrgs.GsParserINT,
	"long":     antlrgs.GsParserLONG,
	"signed":   antlrgs.GsParserSIGNED,
	"unsigned": antlrgs.GsParserUNSIGNED,
	"float":    antlrgs.GsParserFLOAT,
	"double":   antlrgs.GsParserDOUBLE,
	"_Bool":    antlrgs.GsParserBOOL,
	"while":    antlrgs.GsParserWHILE,
	"for":      antlrgs.GsParserFOR,
	"unroll":   antlrgs.GsParserUNROLL,
	"break":    antlrgs.GsParserBREAK,
	"continue": antlrgs.GsParserCONTINUE,
	"typeof":   antlrgs.GsParserTYPEOF,
}

// topKeywords are keywords only at the top level, where no expression can
// be: a program variable may be called end or config.
var topKeywords = map[string]int{
	"begin":  antlrgs.GsParserBEGIN,
	"end":    antlrgs.GsParserEND,
	"config": antlrgs.GsParserCONFIG,
	"macro":  antlrgs.GsParserMACRO,
	"import": antlrgs.GsParserIMPORT,
}

// letKeyword is a keyword only before a $variable or a @map.
const letKeyword = "let"

// lexed is the token list of a whole file, ready for the parser.
type lexed struct {
	lexer *antlrgs.GsLexer
	toks  []antlr.Token // ends with EOF
	// unterminated holds the start offsets of string and char literals
	// already reported as unterminated.
	unterminated map[int]bool
	// swallowed is set when an unterminated literal or comment may have
	// swallowed closing brackets; errors at the end of file are then
	// consequences and not reported.
	swallowed bool
}

// lex runs the generated lexer over the whole file. It reports bad
// characters and unterminated literals and comments, and splits PROBE_SPEC
// tokens that are not at the top level (see grammar/Gs.g4).
func lex(src *source, diags *diag.List) *lexed {
	input := antlr.NewInputStream(src.file.Src)
	lx := antlrgs.NewGsLexer(input)
	lx.RemoveErrorListeners() // BAD_CHARACTER matches anything else
	out := &lexed{lexer: lx}
	factory := antlr.CommonTokenFactoryDEFAULT
	var n nesting
	pp := &preproc{src: src, diags: diags}
	for {
		t := lx.NextToken()
		typ := t.GetTokenType()
		if typ == antlrgs.GsLexerHASH_LINE {
			pp.directive(t)
			continue
		}
		if typ == antlrgs.GsLexerIDENT && pp.defines[t.GetText()] != nil {
			for _, b := range pp.defines[t.GetText()] {
				r := factory.Create(lx.GetTokenSourceCharStreamPair(), b.GetTokenType(), b.GetText(),
					antlr.TokenDefaultChannel, t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
				n.next(r.GetTokenType())
				out.toks = append(out.toks, r)
			}
			continue
		}
		switch typ {
		case antlrgs.GsLexerBAD_CHARACTER:
			sp := src.tokSpan(t)
			diags.Errorf(sp, "unexpected character %q", src.file.Text(sp))
			continue
		case antlrgs.GsLexerBAD_COMMENT:
			start, _, _ := src.tokOffsets(t)
			diags.Errorf(src.span(start, start+2), "unterminated comment")
			out.swallowed = true
			continue
		case antlrgs.GsLexerBAD_STRING, antlrgs.GsLexerBAD_CHAR_LIT:
			what, good := "string literal", antlrgs.GsLexerSTRING
			if typ == antlrgs.GsLexerBAD_CHAR_LIT {
				what, good = "character literal", antlrgs.GsLexerCHAR_LIT
			}
			start, _, _ := src.tokOffsets(t)
			diags.Errorf(src.span(start, start+1), "unterminated %s", what)
			if out.unterminated == nil {
				out.unterminated = make(map[int]bool)
			}
			out.unterminated[start] = true
			out.swallowed = true
			t = factory.Create(lx.GetTokenSourceCharStreamPair(), good, t.GetText(),
				antlr.TokenDefaultChannel, t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
		case antlrgs.GsLexerIDENT:
			kt, ok := keywords[t.GetText()]
			if !ok && n.topLevel() {
				kt, ok = topKeywords[t.GetText()]
			}
			if kt == antlrgs.GsParserIF && !startsStatement(n.prev) {
				kt = antlrgs.GsParserIF_EXPR // an if used as a value
			}
			if ok {
				t = factory.Create(lx.GetTokenSourceCharStreamPair(), kt, t.GetText(),
					antlr.TokenDefaultChannel, t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
			}
		case antlrgs.GsLexerPARAM:
			if n.topLevel() {
				// A probe specifier that is or ends in a positional
				// parameter: $1, BEG$1 (probe.go splits it later).
				start := t.GetStart()
				if k := len(out.toks) - 1; k >= 0 && out.toks[k].GetStop()+1 == start && specWord(out.toks[k].GetTokenType()) {
					start = out.toks[k].GetStart()
					out.toks = out.toks[:k]
				}
				text := input.GetText(start, t.GetStop())
				t = factory.Create(lx.GetTokenSourceCharStreamPair(), antlrgs.GsParserPROBE_SPEC, text,
					antlr.TokenDefaultChannel, start, t.GetStop(), t.GetLine(), t.GetColumn())
			}
		case antlrgs.GsLexerPROBE_SPEC:
			if !n.topLevel() {
				// Hand back the word before ':' and lex on from the ':'.
				word := t.GetText()[:strings.IndexByte(t.GetText(), ':')]
				wt, ok := keywords[word]
				if !ok {
					wt = antlrgs.GsLexerIDENT
				}
				if q := qualifiedName(t.GetText()); q != "" {
					word, wt = q, antlrgs.GsLexerIDENT // a C++ name: geo::counter
				}
				next := t.GetStart() + len(word)
				t = factory.Create(lx.GetTokenSourceCharStreamPair(), wt, word,
					antlr.TokenDefaultChannel, t.GetStart(), next-1, t.GetLine(), t.GetColumn())
				lx.Reset()
				input.Seek(next)
			}
		}
		if k := len(out.toks) - 1; k >= 0 && (typ == antlrgs.GsLexerVAR || typ == antlrgs.GsLexerMAP) &&
			out.toks[k].GetTokenType() == antlrgs.GsLexerIDENT && out.toks[k].GetText() == letKeyword {
			p := out.toks[k]
			out.toks[k] = factory.Create(lx.GetTokenSourceCharStreamPair(), antlrgs.GsParserLET, p.GetText(),
				antlr.TokenDefaultChannel, p.GetStart(), p.GetStop(), p.GetLine(), p.GetColumn())
		}
		n.next(t.GetTokenType())
		out.toks = append(out.toks, t)
		if t.GetTokenType() == antlr.TokenEOF {
			intTypeNames(out.toks, factory, lx)
			return out
		}
	}
}

// nesting follows brackets, blocks and filters well enough to tell whether
// a token is at the top level, where probe specifiers may appear.
type nesting struct {
	stack    []opener
	inFilter bool
	prev     int  // previous token type
	ifClosed bool // prev closed the condition of an if
}

type opener struct {
	typ    int  // LPAREN, LBRACK, LBRACE or LT (an angle block)
	ifCond bool // a '(' right after "if"
}

func (n *nesting) topLevel() bool { return len(n.stack) == 0 && !n.inFilter }

func (n *nesting) next(typ int) {
	ifClosed := false
	switch typ {
	case antlrgs.GsLexerLPAREN:
		n.stack = append(n.stack, opener{typ: typ, ifCond: opensBlockStmt(n.prev)})
	case antlrgs.GsLexerLBRACK, antlrgs.GsLexerLBRACE:
		n.stack = append(n.stack, opener{typ: typ})
	case antlrgs.GsLexerLT:
		if n.topLevel() || n.prev == antlrgs.GsParserELSE || n.ifClosed {
			n.stack = append(n.stack, opener{typ: typ})
		}
	case antlrgs.GsLexerRPAREN:
		ifClosed = n.pop(antlrgs.GsLexerLPAREN).ifCond
	case antlrgs.GsLexerRBRACK:
		n.pop(antlrgs.GsLexerLBRACK)
	case antlrgs.GsLexerRBRACE:
		n.pop(antlrgs.GsLexerLBRACE)
	case antlrgs.GsLexerGT:
		if len(n.stack) > 0 && n.stack[len(n.stack)-1].typ == antlrgs.GsLexerLT {
			n.stack = n.stack[:len(n.stack)-1]
		}
	case antlrgs.GsLexerSLASH:
		if len(n.stack) == 0 {
			n.inFilter = !n.inFilter
		}
	}
	n.prev, n.ifClosed = typ, ifClosed
}

// startsStatement reports whether a statement may start after a token of
// type prev (0 for none): an `if` there is a statement, elsewhere (after
// `=`, `(`, `,`, `return`, an operator) an if used as a value. The `<` and
// `>` of angle blocks count, so `a < if ...` is not an if-expression.
func startsStatement(prev int) bool {
	switch prev {
	case 0, antlrgs.GsLexerLBRACE, antlrgs.GsLexerRBRACE, antlrgs.GsLexerSEMI, antlrgs.GsParserELSE,
		antlrgs.GsLexerLT, antlrgs.GsLexerGT:
		return true
	}
	return false
}

// opensBlockStmt reports whether keyword t is followed by `(...)` and a
// block, which may be an angle block.
func opensBlockStmt(t int) bool {
	switch t {
	case antlrgs.GsParserIF, antlrgs.GsParserWHILE, antlrgs.GsParserFOR, antlrgs.GsParserUNROLL:
		return true
	}
	return false
}

// pop removes the innermost opener of type typ and everything above it;
// an unmatched closer changes nothing.
func (n *nesting) pop(typ int) opener {
	for i := len(n.stack) - 1; i >= 0; i-- {
		if n.stack[i].typ == typ {
			o := n.stack[i]
			n.stack = n.stack[:i]
			return o
		}
	}
	return opener{}
}

// tokenList feeds the lexed tokens to a parser. It embeds the lexer to
// satisfy antlr.TokenSource, which has an unexported method, and to give
// error recovery its token factory.
type tokenList struct {
	*antlrgs.GsLexer
	toks []antlr.Token
	i    int
}

func (l *lexed) source() *tokenList { return &tokenList{GsLexer: l.lexer, toks: l.toks} }

func (l *tokenList) NextToken() antlr.Token {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t
}

// insertSemi inserts a zero-width ";" before token i, right after the end
// of token i-1.
func (l *lexed) insertSemi(i int) {
	prev := l.toks[i-1]
	at := prev.GetStop() + 1
	semi := antlr.CommonTokenFactoryDEFAULT.Create(prev.GetSource(), antlrgs.GsLexerSEMI, ";",
		antlr.TokenDefaultChannel, at, at-1, prev.GetLine(), prev.GetColumn())
	l.toks = append(l.toks[:i], append([]antlr.Token{semi}, l.toks[i:]...)...)
}

// qualifiedName returns the C++ qualified name (geo::Rect::count) that s
// starts with, or "" when s does not start with one.
func qualifiedName(s string) string {
	ident := func(i int) int { // the end of the identifier at i
		j := i
		for j < len(s) && (s[j] == '_' || 'a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z' || j > i && '0' <= s[j] && s[j] <= '9') {
			j++
		}
		return j
	}
	end := ident(0)
	for end > 0 && strings.HasPrefix(s[end:], "::") {
		j := ident(end + 2)
		if j == end+2 {
			break
		}
		end = j
	}
	if !strings.Contains(s[:end], "::") {
		return ""
	}
	return s[:end]
}

// intTypes are bpftrace's names of integer types.
var intTypes = map[string]bool{
	"int8": true, "int16": true, "int32": true, "int64": true,
	"uint8": true, "uint16": true, "uint32": true, "uint64": true,
}

// intTypeNames gives bpftrace's integer type names the token type of a C
// type keyword where they are written as types, `(int32)` and `(int32 *`,
// so that `(int32)-1` is a cast as in bpftrace, not a subtraction; the
// name stays the token's text. Elsewhere they are identifiers.
func intTypeNames(toks []antlr.Token, factory antlr.TokenFactory, lx *antlrgs.GsLexer) {
	for k := 1; k+1 < len(toks); k++ {
		t := toks[k]
		if t.GetTokenType() != antlrgs.GsLexerIDENT || !intTypes[t.GetText()] ||
			toks[k-1].GetTokenType() != antlrgs.GsLexerLPAREN {
			continue
		}
		if next := toks[k+1].GetTokenType(); next != antlrgs.GsLexerRPAREN && next != antlrgs.GsLexerSTAR {
			continue
		}
		toks[k] = factory.Create(lx.GetTokenSourceCharStreamPair(), antlrgs.GsParserINT, t.GetText(),
			antlr.TokenDefaultChannel, t.GetStart(), t.GetStop(), t.GetLine(), t.GetColumn())
	}
}

// specWord reports whether a token of type typ may start a probe
// specifier that a positional parameter continues.
func specWord(typ int) bool {
	switch typ {
	case antlrgs.GsLexerIDENT, antlrgs.GsLexerPROBE_SPEC, antlrgs.GsParserBEGIN, antlrgs.GsParserEND:
		return true
	}
	return false
}
