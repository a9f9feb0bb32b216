package sema

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file decides the shape of print()'s line. bpftrace prints the
// value of print(e) alone; gs prints "SRC = VALUE" where that tells the
// reader more than bpftrace's shape does: for a value read from the
// program by its DWARF name, and for print() of several values (gs's
// addition), whose values would otherwise run together.

// printsBare reports whether print's argument a prints as its value
// alone, as bpftrace prints it (ir.Field.Bare).
func (c *checker) printsBare(ev *eventInfo, a parser.Expr) bool {
	return ev.kind == ir.EventPrint && len(ev.args) == 1 && !c.namesProgramVar(a)
}

// namesProgramVar reports whether e reads a variable of the program by
// its DWARF name (a parameter, local or global, or a member of *this),
// as in req->user.name or str(name). bpftrace's builtins (arg0, retval,
// args.n), $vars, maps and casts of addresses name none.
func (c *checker) namesProgramVar(e parser.Expr) bool {
	found := false
	parser.Inspect(e, func(n parser.Node) bool {
		if found || n == nil {
			return false
		}
		switch x := n.(type) {
		case *parser.SizeofExpr, *parser.OffsetofExpr:
			return false
		case *parser.Ident:
			found = builtins[x.Name] == nil && c.valuesRef(x) != nil || c.implicitThis(x) != nil
		}
		return !found
	})
	return found
}

// wordOf is the type of the 64-bit word a $var, a map key or value or a
// tuple element holds a value of type t in. As in bpftrace, a bool stays a
// bool (printed true/false) and a value of an enum the script defines
// stays of that enum (printed by its enumerator's name); other integers
// are promoted.
func wordOf(t *Type) *Type {
	switch {
	case t.Kind == KindBool:
		return bool64
	case t.Kind == KindEnum && t.Script && !isWide(t):
		if t.Size == 8 {
			return t
		}
		return &Type{Kind: KindEnum, Size: 8, Signed: t.Signed, Name: t.Name, Enums: t.Enums, Lang: t.Lang, Script: t.Script}
	}
	return Promote(t)
}
