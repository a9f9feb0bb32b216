package sema

import (
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/parser"
)

// This file checks bpftrace's `args` as a whole value: the probed
// function's parameters as one record, `print(args)`, `@ = args`,
// `@[args] = 1`, `(1, args)`. It is the record (NAME = args.NAME, ...) of
// the parameters DWARF names at the probe, in their order (Program.Args
// holds the record gen stores), printed as bpftrace prints its args
// struct: { .n = 0x7ffd..., .c = 120 }.

// argsWhole checks the identifier args used as a value.
func (c *checker) argsWhole(gc *groupCtx, e *parser.Ident) *Type {
	s, _ := gc.scope.(*progScope)
	if s != nil && s.dead {
		return nil
	}
	if s == nil || !s.used || len(s.probes) == 0 || gc.g.Special != "" {
		c.errorf(e, "args needs a uprobe").WithHint("args is the probed function's parameters, named by its DWARF")
		return nil
	}
	if gc.g.Ret {
		c.errorf(e, "args is the function's parameters, which are gone when a uretprobe fires").
			WithHint("read args in a uprobe on the function")
		return nil
	}
	vars, err := s.probes[0].locals(c)
	var names []string
	for _, p := range params(vars) {
		if p.Name != "" {
			names = append(names, p.Name)
		}
	}
	if len(names) == 0 {
		d := c.errorf(e, "args has no parameters at %s", c.probeDesc(s.probes[0].id))
		if err != nil {
			d.WithHint("%v", err)
		} else {
			d.WithHint("the function's DWARF names no parameters")
		}
		return nil
	}
	tup := &parser.TupleExpr{Names: names, Sp: e.Sp}
	for _, n := range names {
		tup.Elems = append(tup.Elems, &parser.ArgsExpr{Name: n, Sp: e.Sp})
	}
	t := c.tupleExpr(gc, tup) // each args.NAME, at every probe of the group
	if t == nil {
		return nil
	}
	t.Name = "args"
	if c.p.Args == nil {
		c.p.Args = map[*parser.Ident]*parser.TupleExpr{}
	}
	c.p.Args[e] = tup
	return t
}

// keyTuple reports whether tuple t can be a map key: it holds integers,
// pointers, held aggregates and other words, whose bytes a store writes
// in full, and strings and comm, which gen writes zero-padded in a key
// (gen's keyTuple), and such tuples.
func keyTuple(t *Type) bool {
	for _, m := range t.Members {
		switch {
		case m.Type.Kind == KindTuple:
			if !keyTuple(m.Type) {
				return false
			}
		case m.Type.IsInteger(), IsHeld(m.Type), wordValue(m.Type), m.Type.Kind == KindString, m.Type.Kind == KindComm:
		default:
			return false
		}
	}
	return true
}

// allParams stands in programNames' set for every parameter of the
// probed function: `args` as a whole reads them all.
const allParams = "(args)"

// namesAt lists the program names of a programNames set at a place whose
// variables are vars, allParams replaced by the parameters there.
func namesAt(names map[string]bool, vars []debuginfo.Var) []string {
	var out []string
	for n := range names {
		if n != allParams {
			out = append(out, n)
			continue
		}
		for _, p := range params(vars) {
			if p.Name != "" {
				out = append(out, p.Name)
			}
		}
	}
	return out
}
