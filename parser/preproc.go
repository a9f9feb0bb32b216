package parser

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// bpftrace's C preprocessor lines, as far as they mean something here:
// `#define NAME TOKENS` (an object-like macro: every later NAME is
// replaced by TOKENS, positioned at the use), `#include` (ignored with a
// warning: gs takes the program's types from its DWARF, and the script may
// define its own), and a `#!` first line.

type preproc struct {
	src     *source
	diags   *diag.List
	defines map[string][]antlr.Token
}

// maxDefineDepth bounds a #define of names defined before it.
const maxDefineDepth = 16

func (p *preproc) directive(t antlr.Token) {
	start, end, _ := p.src.tokOffsets(t)
	text := t.GetText()
	sp := p.src.span(start, end)
	line := p.src.file.Src[strings.LastIndexByte(p.src.file.Src[:start], '\n')+1 : start]
	switch {
	case strings.HasPrefix(text, "#!") && start == 0:
		return // the interpreter line of an executable script
	case strings.TrimSpace(line) != "":
		p.diags.Errorf(p.src.span(start, start+1), "unexpected character %q", "#").
			WithHint("# starts a line of its own: #define or #include")
		return
	}
	word, rest, _ := strings.Cut(strings.TrimSpace(text[1:]), " ")
	word = strings.TrimSpace(word)
	rest = strings.TrimSpace(rest)
	switch word {
	case "include":
		if name, quoted, ok := includeName(rest); ok && !p.includeExists(name, quoted) {
			off := start + strings.Index(text, rest)
			p.diags.Errorf(p.src.span(off, off+len(name)+2), "%q file not found", name).
				WithHint("gs looks in %s", strings.Join(p.includeDirs(quoted), ", "))
			return
		}
		p.diags.Warnf(sp, "not supported by gs: #include (ignored)").
			WithHint("gs reads the program's types from its DWARF; define others in the script: struct NAME { ... }")
	case "define":
		name := rest
		body := ""
		if i := strings.IndexAny(rest, " \t("); i >= 0 {
			name, body = rest[:i], rest[i:]
		}
		if name == "" {
			p.diags.Errorf(sp, "#define needs a name")
			return
		}
		if strings.HasPrefix(body, "(") {
			p.diags.Errorf(sp, "not supported by gs: a #define with parameters").
				WithHint("write a macro: macro %s(x) { ... }", name)
			return
		}
		if p.defines == nil {
			p.defines = map[string][]antlr.Token{}
		}
		p.defines[name] = p.expand(p.lexBody(body), 0)
	default:
		p.diags.Errorf(sp, "unknown directive #%s", word).WithHint("gs knows #define and #include")
	}
}

// includeDirs are where the C preprocessor (cpp -v) looks for an
// #include <NAME> on this machine; an #include "NAME" looks first beside
// the script (or in the working directory for -e).
func (p *preproc) includeDirs(quoted bool) []string {
	dirs := []string{"/usr/local/include", "/usr/include/" + multiarch[runtime.GOARCH], "/usr/include"}
	if quoted {
		dir := "."
		if n := p.src.file.Name; n != "" && !strings.HasPrefix(n, "<") {
			dir = filepath.Dir(n)
		}
		dirs = append([]string{dir}, dirs...)
	}
	return dirs
}

// multiarch names Debian's per-architecture include directory
// (/usr/include/TRIPLET, gcc -dumpmachine).
var multiarch = map[string]string{"amd64": "x86_64-linux-gnu", "arm64": "aarch64-linux-gnu"}

// includeExists says whether an #include's file is in one of includeDirs.
// gs does not read it (the types come from DWARF), but a header that is
// not there is an error, as it is to bpftrace's clang.
func (p *preproc) includeExists(name string, quoted bool) bool {
	if filepath.IsAbs(name) {
		_, err := os.Stat(name)
		return err == nil
	}
	for _, d := range p.includeDirs(quoted) {
		if _, err := os.Stat(filepath.Join(d, name)); err == nil {
			return true
		}
	}
	return false
}

// includeName splits the operand of #include: <NAME> or "NAME".
func includeName(rest string) (name string, quoted, ok bool) {
	if len(rest) < 2 {
		return "", false, false
	}
	switch open, end := rest[0], strings.IndexAny(rest[1:], ">\""); {
	case end < 0:
		return "", false, false
	case open == '<' && rest[1+end] == '>':
		return rest[1 : 1+end], false, true
	case open == '"' && rest[1+end] == '"':
		return rest[1 : 1+end], true, true
	}
	return "", false, false
}

// lexBody returns the tokens of a #define's body.
func (p *preproc) lexBody(body string) []antlr.Token {
	lx := antlrgs.NewGsLexer(antlr.NewInputStream(body))
	lx.RemoveErrorListeners()
	var toks []antlr.Token
	for {
		t := lx.NextToken()
		switch t.GetTokenType() {
		case antlr.TokenEOF:
			return toks
		case antlrgs.GsLexerBAD_CHARACTER, antlrgs.GsLexerBAD_STRING, antlrgs.GsLexerBAD_CHAR_LIT,
			antlrgs.GsLexerBAD_COMMENT, antlrgs.GsLexerHASH_LINE:
			continue // the use reports nothing better; keep the rest
		case antlrgs.GsLexerIDENT:
			if kt, ok := keywords[t.GetText()]; ok {
				t = antlr.CommonTokenFactoryDEFAULT.Create(lx.GetTokenSourceCharStreamPair(), kt, t.GetText(), antlr.TokenDefaultChannel, -1, -1, 0, 0)
			}
		}
		toks = append(toks, t)
	}
}

// expand replaces the names defined before in toks.
func (p *preproc) expand(toks []antlr.Token, depth int) []antlr.Token {
	var out []antlr.Token
	for _, t := range toks {
		if d, ok := p.defines[t.GetText()]; ok && t.GetTokenType() == antlrgs.GsLexerIDENT && depth < maxDefineDepth {
			out = append(out, p.expand(d, depth+1)...)
			continue
		}
		out = append(out, t)
	}
	return out
}
