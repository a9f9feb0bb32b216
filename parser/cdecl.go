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
			d.Fields = append(d.Fields, b.cField(c)...)
		case *antlrgs.CAttributeContext:
			b.cAttribute(c, d)
		case *antlrgs.CEnumeratorContext:
			d.Enums = append(d.Enums, b.cEnumerator(c))
		}
	}
	return d
}

// cField converts one member declaration, which may declare several
// members of its type: `unsigned int a:4, b:8;`.
func (b *builder) cField(t *antlrgs.CFieldContext) []*CField {
	var typ *TypeExpr
	var inline *CDecl
	var fields []*CField
	for _, c := range kids(t) {
		switch c := c.(type) {
		case *antlrgs.CFieldTypeContext:
			var words []string
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
							inline.Fields = append(inline.Fields, b.cField(fc)...)
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
			typ = &TypeExpr{Name: strings.Join(words, " "), Sp: b.ctxSpan(c)}
		case *antlrgs.CDeclaratorContext:
			if typ == nil {
				return nil
			}
			if f := b.cDeclarator(c, typ, inline); f != nil {
				fields = append(fields, f)
			}
		}
	}
	return fields
}

// cDeclarator converts one member's `*`s, name, dimensions and bit size.
func (b *builder) cDeclarator(t *antlrgs.CDeclaratorContext, typ *TypeExpr, inline *CDecl) *CField {
	ft := *typ
	f := &CField{Type: &ft, Inline: inline, Sp: b.ctxSpan(t)}
	afterColon := false
	for _, c := range kids(t) {
		c, ok := c.(antlr.TerminalNode)
		if !ok {
			continue
		}
		switch c.GetSymbol().GetTokenType() {
		case antlrgs.GsParserSTAR:
			f.Type.Ptr++
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
	if f.Name == "" {
		return nil
	}
	return f
}

// cAttribute applies __attribute__((packed)) and
// __attribute__((aligned(N))) to d; anything else is an error at its name.
func (b *builder) cAttribute(t *antlrgs.CAttributeContext, d *CDecl) {
	ks := kids(t)
	if len(ks) == 0 {
		return
	}
	if kw := b.ctxText(ks[0]); kw != "__attribute__" {
		b.diags.Errorf(b.ctxSpan(ks[0]), "unexpected %q after the definition of %s %s", kw, d.Kind, d.Name).
			WithHint("only __attribute__((...)) may follow a struct's braces")
		return
	}
	for _, c := range ks[1:] {
		item, ok := c.(*antlrgs.CAttributeItemContext)
		if !ok {
			continue
		}
		iks := kids(item)
		if len(iks) == 0 {
			continue
		}
		name := b.ctxText(iks[0])
		var arg *IntLit
		if len(iks) == 4 {
			if n, ok := iks[2].(antlr.TerminalNode); ok {
				arg, _ = b.intLit(n.GetSymbol()).(*IntLit)
			}
		}
		switch {
		case name == "packed" && len(iks) == 1:
			d.Packed = true
		case name == "aligned" && arg != nil && arg.Val > 0 && arg.Val&(arg.Val-1) == 0:
			d.Aligned = int(arg.Val)
		case name == "aligned":
			b.diags.Errorf(b.ctxSpan(item), "aligned takes a power of two: aligned(8)")
		default:
			b.diags.Errorf(b.ctxSpan(item), "unknown attribute %q of %s %s", name, d.Kind, d.Name).
				WithHint("gs knows __attribute__((packed)) and __attribute__((aligned(N)))")
		}
	}
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
