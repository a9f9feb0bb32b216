package debuginfo

import "debug/dwarf"

// dieScope is where a DIE of a unit is declared.
type dieScope struct {
	scope string       // the named namespaces and classes around it, "geo::Rect"; "" at the top level
	fn    *dwarf.Entry // the subprogram or inlined subroutine it is in; nil outside functions
}

// walkUnit walks the DIEs of u once, in order, the one walk of a unit's
// scopes: the index of its top level (unitTop), its functions
// (unitFuncs) and its C++ scope ranges (cxxScopes) read it. visit gets
// each DIE with where it is declared and reports whether to walk its
// children (those it declines are skipped by DW_AT_sibling where the
// producer wrote it). Scopes grow by the namespaces, classes, structs,
// unions and enums outside functions (scopeName); a type local to a
// function is named by its own name. leave, if not nil, gets each DIE
// whose children were walked once they end, with the offset of the DIE
// after them (u.end at the end of the unit).
func (d *Debug) walkUnit(u *unit, visit func(e *dwarf.Entry, in dieScope) bool, leave func(e *dwarf.Entry, next dwarf.Offset)) {
	r := d.data.Reader()
	r.Seek(u.die)
	cu, err := r.Next()
	if err != nil || cu == nil || !cu.Children {
		return
	}
	type open struct {
		e  *dwarf.Entry
		in dieScope // where its children are
	}
	stack := []open{{e: cu}}
	var closed []*dwarf.Entry // DIEs whose children ended, for leave
	for len(stack) > 0 {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag == 0 {
			if leave != nil {
				closed = append(closed, stack[len(stack)-1].e)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		for _, c := range closed {
			leave(c, e.Offset)
		}
		closed = closed[:0]
		in := stack[len(stack)-1].in
		if !visit(e, in) {
			if e.Children {
				r.SkipChildren()
			}
			continue
		}
		if !e.Children {
			continue
		}
		switch e.Tag {
		case dwarf.TagSubprogram, dwarf.TagInlinedSubroutine:
			in.fn = e
		default:
			if n := scopeName(e); n != "" && in.fn == nil {
				in.scope = joinScope(in.scope, n)
			}
		}
		stack = append(stack, open{e, in})
	}
	for _, c := range closed {
		leave(c, u.end)
	}
}

// scopeName is the name e gives the DIEs in it when it is a scope:
// a namespace's ("(anonymous namespace)" when it has none, as gdb
// names it), a named class's, struct's, union's or enum's; "" otherwise.
func scopeName(e *dwarf.Entry) string {
	switch e.Tag {
	case dwarf.TagNamespace, dwarf.TagClassType, dwarf.TagStructType, dwarf.TagUnionType, dwarf.TagEnumerationType:
		name, _ := e.Val(dwarf.AttrName).(string)
		if name == "" && e.Tag == dwarf.TagNamespace {
			name = anonNamespace
		}
		return name
	}
	return ""
}

// anonNamespace is gdb's name of a namespace without one.
const anonNamespace = "(anonymous namespace)"

func joinScope(scope, name string) string {
	if scope == "" {
		return name
	}
	return scope + "::" + name
}
