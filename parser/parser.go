package parser

import (
	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// debugPanics lets tests see the stack of a panic in Parse.
var debugPanics = false

//go:generate sh ../grammar/generate.sh

// Parse parses the script in f. It returns the syntax tree and every
// diagnostic found, sorted by position. When the list holds errors the tree
// is partial: parts that could not be parsed are nil.
func Parse(f *diag.File) (prog *Program, diags *diag.List) {
	diags = &diag.List{File: f}
	prog = &Program{File: f}
	src := newSource(f)
	defer func() {
		// Parse must never panic; a panic here is a bug in this package
		// or in the ANTLR runtime, so say where it happened.
		if r := recover(); r != nil {
			if debugPanics {
				panic(r)
			}
			diags.Errorf(src.span(0, 0), "internal error: parser: %v", r).
				WithHint("this is a bug in gs; please report it with the script")
			diags.Sort()
		}
	}()
	toks := lex(src, diags)
	tree := parseTokens(toks, src, diags)
	b := &builder{src: src, diags: diags, lexed: toks}
	b.program(tree, prog)
	b.expandMacros(prog)
	diags.Sort()
	return prog, diags
}

// ParseString parses src as a script named name.
func ParseString(name, src string) (*Program, *diag.List) {
	return Parse(&diag.File{Name: name, Src: src})
}

// maxRepairs bounds the missing-";" repairs of one parse.
const maxRepairs = 100

// parseTokens runs the generated parser in two stages: SLL prediction that
// gives up at the first error, which is fast and enough for correct scripts,
// then, only when that fails, full LL prediction with error recovery and
// reporting.
//
// A missing ";" between statements is the commonest syntax error, and
// ANTLR's recovery from it is poor (it skips to the end of the block). So
// when the first error is a missing ";", the error is kept, a ";" is
// inserted into the token list and the parse starts again.
func parseTokens(toks *lexed, src *source, diags *diag.List) antlrgs.IProgramContext {
	var repaired []diag.Diagnostic
	for {
		if tree, ok := parseSLL(toks); ok {
			diags.Diags = append(diags.Diags, repaired...)
			return tree
		}
		l := &errorListener{src: src, toks: toks.toks, swallowed: toks.swallowed}
		p := antlrgs.NewGsParser(antlr.NewCommonTokenStream(toks.source(), antlr.TokenDefaultChannel))
		p.RemoveErrorListeners()
		p.AddErrorListener(l)
		p.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
		tree := p.Program()
		if l.semiBefore > 0 && len(repaired) < maxRepairs &&
			(len(repaired) == 0 || repaired[len(repaired)-1].Span != l.diags[0].Span) {
			repaired = append(repaired, l.diags[0])
			toks.insertSemi(l.semiBefore)
			continue
		}
		diags.Diags = append(diags.Diags, repaired...)
		diags.Diags = append(diags.Diags, l.diags...)
		return tree
	}
}

func parseSLL(toks *lexed) (tree antlrgs.IProgramContext, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, bail := r.(bailout); !bail {
				panic(r)
			}
			tree, ok = nil, false
		}
	}()
	p := antlrgs.NewGsParser(antlr.NewCommonTokenStream(toks.source(), antlr.TokenDefaultChannel))
	p.RemoveErrorListeners()
	p.SetErrorHandler(&bailStrategy{antlr.NewDefaultErrorStrategy()})
	p.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	return p.Program(), true
}

// bailout is the panic value of bailStrategy.
type bailout struct{}

// bailStrategy stops the parse at the first syntax error. ANTLR's own
// BailErrorStrategy does not stop the Go parser: the generated code clears
// the error it sets and carries on.
type bailStrategy struct {
	*antlr.DefaultErrorStrategy
}

func (*bailStrategy) ReportError(antlr.Parser, antlr.RecognitionException) { panic(bailout{}) }
func (*bailStrategy) Recover(antlr.Parser, antlr.RecognitionException)     { panic(bailout{}) }
func (*bailStrategy) RecoverInline(antlr.Parser) antlr.Token               { panic(bailout{}) }
func (*bailStrategy) Sync(antlr.Parser)                                    {}
