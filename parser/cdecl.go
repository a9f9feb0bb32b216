package parser

import (
	"strings"

	"github.com/antlr4-go/antlr/v4"
	"github.com/gs-tracer/gs/parser/internal/antlrgs"
)

// cDecl converts a struct, union or enum definition.
func (b *builder) cDecl(t *antlrgs.CDeclContext) *CDecl {
	ks := kids(t)
	if len(ks) == 0 {
		return nil
	}
	d := &CDecl{Kind: b.ctxText(ks[0]), Sp: b.ctxSpan(t), Defined: true}
	for _, c := range ks[1:] {
		switch c := c.(type) {
		case antlr.TerminalNode:
			if c.GetSymbol().GetTokenType() == antlrgs.GsParserIDENT && d.Name == "" {
				d.Name, d.NameSp = c.GetText(), b.ctxSpan(c)
			}
		case *antlrgs.CFieldContext:
			if f := b.cField(c); f != nil {
				d.Fields = append(d.Fields, f)
			}
		case *antlrgs.CEnumeratorContext:
			d.Enums = append(d.Enums, b.cEnumerator(c))
		}
	}
	return d
}

func (b *builder) cField(t *antlrgs.CFieldContext) *CField {
	f := &CField{Sp: b.ctxSpan(t)}
	afterColon := false
	for _, c := range kids(t) {
		switch c := c.(type) {
		case *antlrgs.CFieldTypeContext:
			var words []string
			var inline *CDecl
			for _, w := range kids(c) {
				switch tokenType(w) {
				case antlrgs.GsParserCONST, antlrgs.GsParserRBRACE:
				case antlrgs.GsParserLBRACE:
					inline = &CDecl{Kind: words[0], Sp: b.ctxSpan(c), Defined: true}
					if len(words) > 1 {
						inline.Name = words[1]
					}
				default:
					if fc, ok := w.(*antlrgs.CFieldContext); ok {
						if inline != nil {
							if nf := b.cField(fc); nf != nil {
								inline.Fields = append(inline.Fields, nf)
							}
						}
						continue
					}
					if inline == nil {
						words = append(words, b.ctxText(w))
					}
				}
			}
			if len(words) == 0 {
				return nil
			}
			f.Type = &TypeExpr{Name: strings.Join(words, " "), Sp: b.ctxSpan(c)}
			f.Inline = inline
		case antlr.TerminalNode:
			switch c.GetSymbol().GetTokenType() {
			case antlrgs.GsParserSTAR:
				if f.Type != nil {
					f.Type.Ptr++
				}
			case antlrgs.GsParserIDENT:
				f.Name = c.GetText()
			case antlrgs.GsParserCOLON:
				afterColon = true
			case antlrgs.GsParserINT_LIT:
				lit, _ := b.intLit(c.GetSymbol()).(*IntLit)
				if lit == nil {
					continue
				}
				if afterColon {
					f.BitSize = int(lit.Val)
				} else {
					f.Dims = append(f.Dims, int(lit.Val))
				}
			}
		}
	}
	if f.Type == nil || f.Name == "" {
		return nil
	}
	return f
}

func (b *builder) cEnumerator(t *antlrgs.CEnumeratorContext) CEnumerator {
	var e CEnumerator
	neg := false
	for _, c := range kids(t) {
		switch tokenType(c) {
		case antlrgs.GsParserIDENT:
			e.Name = b.ctxText(c)
		case antlrgs.GsParserMINUS:
			neg = true
		case antlrgs.GsParserINT_LIT:
			if lit, ok := b.intLit(c.(antlr.TerminalNode).GetSymbol()).(*IntLit); ok {
				e.Val, e.HasVal = int64(lit.Val), true
				if neg {
					e.Val = -e.Val
				}
			}
		}
	}
	return e
}
