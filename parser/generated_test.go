package parser

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"

	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// TestGeneratedUpToDate fails when grammar/Gs.g4 changed after
// parser/internal/antlrgs was generated.
func TestGeneratedUpToDate(t *testing.T) {
	g, err := os.ReadFile("../grammar/Gs.g4")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(g)
	if got := hex.EncodeToString(sum[:]); got != antlrgs.GrammarSHA256 {
		t.Errorf("parser/internal/antlrgs is stale: grammar/Gs.g4 has SHA-256 %s, the generated code %s; run make generate",
			got, antlrgs.GrammarSHA256)
	}
}

// TestKeywords checks that every token type the grammar declares in its
// tokens block, which come after the lexer's own, is spelled in keywords.
func TestKeywords(t *testing.T) {
	spelled := make(map[int]string)
	for kw, typ := range keywords {
		if other, dup := spelled[typ]; dup {
			t.Errorf("%q and %q have the same type", kw, other)
		}
		spelled[typ] = kw
	}
	for kw, typ := range topKeywords {
		if _, dup := spelled[typ]; !dup {
			spelled[typ] = kw
		}
	}
	spelled[antlrgs.GsParserLET] = letKeyword
	spelled[antlrgs.GsParserIF_EXPR] = "if"
	names := antlrgs.GsParserStaticData.SymbolicNames
	for typ := antlrgs.GsLexerBAD_CHARACTER + 1; typ < len(names); typ++ {
		if _, ok := spelled[typ]; !ok {
			t.Errorf("keyword token %s has no spelling in keywords", names[typ])
		}
	}
	for kw, typ := range keywords {
		if typ <= antlrgs.GsLexerBAD_CHARACTER {
			t.Errorf("%q has type %d, which the lexer produces", kw, typ)
		}
		_, diags := ParseString("t.gs", "BEGIN { $x = "+kw+" }")
		if kw == "true" || kw == "false" {
			if diags.HasErrors() {
				t.Errorf("%q: %v", kw, diags.Err())
			}
		} else if !diags.HasErrors() {
			t.Errorf("keyword %q parsed as an expression", kw)
		}
	}
}
