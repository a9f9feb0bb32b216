package rewrite

import (
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// containerOf rewrites bpftrace's standard library macro
// container_of(ptr, typeof(TYPE), member) (src/stdlib/meta.bt) into its
// body: (TYPE *)((uint64)ptr - offsetof(TYPE, member)), the address of the
// TYPE whose member ptr points to. member may be a path, a.b.c. A user
// macro called container_of has already replaced its calls.
func containerOf(prog *parser.Program, diags *diag.List) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		call, ok := e.(*parser.CallExpr)
		if !ok || call.Fn != "container_of" {
			return nil
		}
		bad := func(sp diag.Span, what string) parser.Expr {
			diags.Errorf(sp, "container_of takes %s", what).
				WithHint("container_of(ptr, typeof(struct T), member) is the struct T whose member ptr points to")
			return &parser.IntLit{Val: 0, Sp: call.Sp}
		}
		if len(call.Args) != 3 {
			return bad(call.Sp, "three arguments: a pointer, typeof(TYPE) and a member")
		}
		tx, ok := call.Args[1].(*parser.TypeofExpr)
		if !ok || tx.Type == nil {
			return bad(call.Args[1].Span(), "typeof(TYPE) as its second argument")
		}
		field, ok := memberPath(call.Args[2])
		if !ok {
			return bad(call.Args[2].Span(), "a member's name (or a path a.b) as its third argument")
		}
		typ := *tx.Type
		ptr := typ
		ptr.Ptr++
		addr := &parser.CastExpr{Type: &parser.TypeExpr{Name: "uint64", Sp: call.Args[0].Span()}, X: call.Args[0], Sp: call.Args[0].Span()}
		off := &parser.OffsetofExpr{Type: &typ, Field: field, Sp: call.Args[2].Span()}
		return &parser.CastExpr{Type: &ptr, X: &parser.BinaryExpr{X: addr, Op: "-", Y: off, Sp: call.Sp}, Sp: call.Sp}
	})
}

// memberPath spells a member path written as an expression: n, a.b.c.
func memberPath(e parser.Expr) (string, bool) {
	switch e := e.(type) {
	case *parser.Ident:
		return e.Name, true
	case *parser.FieldExpr:
		if e.Arrow {
			return "", false
		}
		head, ok := memberPath(e.X)
		if !ok {
			return "", false
		}
		return strings.Join([]string{head, e.Name}, "."), true
	}
	return "", false
}
