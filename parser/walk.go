package parser

import (
	"reflect"

	"github.com/gs-tracer/gs/diag"
)

// Span implements Node: a program covers its whole file.
func (p *Program) Span() diag.Span {
	if p.File == nil {
		return diag.Span{}
	}
	return diag.Span{Start: p.File.PosAt(0), End: p.File.PosAt(len(p.File.Src))}
}

// Inspect traverses the tree rooted at node in source order, as go/ast's
// Inspect does: it calls f(node); when f returns true it inspects each
// non-nil child, then calls f(nil).
func Inspect(node Node, f func(Node) bool) {
	if isNil(node) || !f(node) {
		return
	}
	for _, c := range children(node) {
		Inspect(c, f)
	}
	f(nil)
}

// children returns the direct children of n in source order; nil ones are
// included and skipped by the callers.
func children(n Node) []Node {
	var out []Node
	add := func(ns ...Node) { out = append(out, ns...) }
	switch n := n.(type) {
	case *Program:
		for _, d := range n.Types {
			add(d)
		}
		for _, c := range n.Config {
			add(c)
		}
		for _, d := range n.MapDecls {
			add(d)
		}
		for _, g := range n.Groups {
			add(g)
		}
	case *ProbeGroup:
		for _, p := range n.Probes {
			add(p)
		}
		add(n.Filter, n.Body)
	case *Block:
		for _, s := range n.Stmts {
			add(s)
		}
	case *ExprStmt:
		add(n.X)
	case *AssignStmt:
		add(n.LHS, n.RHS)
	case *IfStmt:
		add(n.Cond, n.Then, n.Else)
	case *WhileStmt:
		add(n.Cond, n.Body)
	case *UnrollStmt:
		add(n.Count, n.Body)
	case *ForStmt:
		add(n.Var, n.From, n.To, n.Map, n.Body)
	case *LetStmt:
		add(n.Var, n.Map, n.Type, n.Init)
	case *IncDecExpr:
		add(n.X)
	case *BlockExpr:
		add(n.Body)
	case *TupleExpr:
		for _, x := range n.Elems {
			add(x)
		}
	case *ReturnStmt:
		add(n.Value)
	case *MapExpr:
		for _, k := range n.Keys {
			add(k)
		}
	case *UnaryExpr:
		add(n.X)
	case *BinaryExpr:
		add(n.X, n.Y)
	case *CondExpr:
		add(n.Cond, n.Then, n.Else)
	case *CastExpr:
		add(n.Type, n.X)
	case *FieldExpr:
		add(n.X)
	case *IndexExpr:
		add(n.X, n.Index)
	case *CallExpr:
		for _, a := range n.Args {
			add(a)
		}
	case *SizeofExpr:
		add(n.Type, n.X)
	case *OffsetofExpr:
		add(n.Type)
	case *TypeExpr:
		add(n.Of)
	case *TypeofExpr:
		add(n.Type)
	case *IfExpr:
		add(n.If)
	}
	return out
}

// isNil reports whether n is nil or a typed nil pointer, which the optional
// fields of the tree (Body, Else, SizeofExpr.Type, ...) may hold.
func isNil(n Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
