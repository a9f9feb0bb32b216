package sema

import (
	"github.com/gs-tracer/gs/parser"
)

// Metric labels (docs/metrics.md). The metrics exporters turn each key of
// a map into a label, or a record or struct key into one label per
// member. The name of a key's label comes from its expression at the
// map's first use, here, where the expression is known:
//
//	comm, pid, func, arg0, a program variable   itself
//	$x                                         x
//	p->name, s.name, args.name                 name
//	str(e), buf(e), (T)e, *e, e[i]             e's name
//	ustack, usym(e), ntop(e), any other call   the function's name
//	anything else                              "" (the exporter's fallback: key, or key1, key2...)
//
// The exporter (package metrics) makes names valid and distinct.

// keyLabel is the label name of key expression e, "" when it gives none.
func keyLabel(e parser.Expr) string {
	switch x := e.(type) {
	case *parser.Ident:
		return x.Name
	case *parser.VarExpr:
		return x.Name
	case *parser.FieldExpr:
		return x.Name
	case *parser.ArgsExpr:
		return x.Name
	case *parser.CastExpr:
		return keyLabel(x.X)
	case *parser.IndexExpr:
		return keyLabel(x.X)
	case *parser.UnaryExpr:
		if x.Op == "*" || x.Op == "&" {
			return keyLabel(x.X)
		}
	case *parser.CallExpr:
		if (x.Fn == "str" || x.Fn == "buf") && len(x.Args) > 0 {
			return keyLabel(x.Args[0])
		}
		return x.Fn
	}
	return ""
}

// checkLabel refuses, when the script's maps are exported as metrics
// (Config.Metrics), a key of type t that cannot be a label: a label holds
// one value's text, so a key may be a scalar, a string or a stack, or a
// record, tuple or struct of those (one label per member).
func (c *checker) checkLabel(m *Map, i int, k parser.Expr, t *Type) {
	if !c.cfg.Metrics {
		return
	}
	what := labelTrouble(t, true)
	if what == "" {
		return
	}
	c.errorf(k, "%s cannot be a metric label: it is %s", keyDesc(m, i), what).
		WithHint("key %s by the parts to label, one key each: %s[k.x, k.y]", m.name(), m.name())
}

// labelTrouble says why a key of type t cannot be a label, "" when it can;
// top is false for a member of a record or struct key.
func labelTrouble(t *Type, top bool) string {
	switch {
	case isCharArray(t), isCountedText(t):
		return ""
	case t.Kind == KindUnion:
		return "a union (which member to label is not known)"
	case t.Kind == KindArray:
		return "an array (a label holds one value)"
	case t.Kind == KindStruct || t.Kind == KindTuple:
		if !top {
			return "a struct or tuple inside a struct or tuple (labels are one level deep)"
		}
		for _, mb := range t.Members {
			if why := labelTrouble(mb.Type, false); why != "" {
				return t.String() + ", whose member " + mb.Name + " is " + why
			}
		}
	}
	return ""
}
