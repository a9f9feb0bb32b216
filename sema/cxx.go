package sema

import (
	"strings"

	"github.com/gs-tracer/gs/debuginfo"

	"github.com/gs-tracer/gs/parser"
)

// This file holds what C++ adds to the names and types of the traced
// program (debuginfo/cxx.go reads them from DWARF):
//
//   - inside a method, a bare name that no parameter or local has is a
//     member of *this (this->name), as in gdb; base classes' members
//     included. Values.Implicit maps such an identifier to the this->name
//     that gen evaluates instead;
//   - a variable of reference type is the object it refers to
//     (debuginfo.Var.Ref): r.x and print(r) read the object;
//   - base classes are members with Base set, printed as gdb prints them,
//     <geo::Shape> = {...};
//   - std::unique_ptr and std::shared_ptr stand for the pointer they hold
//     (Type.View); std::string and std::vector are counted text and a
//     counted sequence (countedRules in counted.go).

// thisName is the C++ implicit object parameter.
const thisName = "this"

// thisMember resolves e, a bare name no variable has, as this->NAME when
// the probes are in a method whose class (or a base) has a member so
// called. It reports false when that is not the case, having reported
// nothing.
func (c *checker) thisMember(gc *groupCtx, s *progScope, e *parser.Ident) (*Type, bool) {
	sym := s.Lookup(thisName)
	if sym == nil || sym.Type.Kind != KindPointer || sym.Type.Elem == nil {
		return nil, false
	}
	if _, ok := findMember(sym.Type.Elem, e.Name); !ok {
		return nil, false
	}
	fx := &parser.FieldExpr{X: &parser.Ident{Name: thisName, Sp: e.Sp}, Name: e.Name, Arrow: true, NameSp: e.Sp, Sp: e.Sp}
	t := c.expr(gc, fx)
	if t == nil {
		return nil, true // reported
	}
	c.vals().Implicit[e] = fx
	return t, true
}

// memberOfThis reports whether name is a member of *this at the probe,
// in a method: gdb's lookup takes the locals and parameters, then the
// members of this (and its bases), and only then the globals.
func (s *progScope) memberOfThis(pv *probeView, vars []debuginfo.Var, name string) bool {
	if name == thisName {
		return false
	}
	this, ok := debuginfo.FindVar(vars, thisName)
	if !ok || this.Type == nil {
		return false
	}
	t := s.c.pvs().ct.of(pv.bin).convert(this.Type)
	if t == nil || t.Kind != KindPointer || t.Elem == nil {
		return false
	}
	_, ok = findMember(t.Elem, name)
	return ok
}

// staticOfThis finds name as a static member of the class of this at
// the probe, or of one of its bases: the global CLASS::NAME, which a bare
// name inside a method names, as in gdb.
func (s *progScope) staticOfThis(pv *probeView, vars []debuginfo.Var, name string) (debuginfo.Var, bool) {
	this, ok := debuginfo.FindVar(vars, thisName)
	if !ok || this.Type == nil || name == thisName || strings.Contains(name, "::") {
		return debuginfo.Var{}, false
	}
	t := s.c.pvs().ct.of(pv.bin).convert(this.Type)
	if t == nil || t.Kind != KindPointer || t.Elem == nil {
		return debuginfo.Var{}, false
	}
	var find func(cls *Type, depth int) (debuginfo.Var, bool)
	find = func(cls *Type, depth int) (debuginfo.Var, bool) {
		if n := className(cls); n != "" {
			if g, err := pv.dbg.Global(n + "::" + name); err == nil {
				return *g, true
			}
		}
		for _, m := range cls.Members {
			if m.Base && depth < 8 {
				if g, ok := find(m.Type, depth+1); ok {
					return g, true
				}
			}
		}
		return debuginfo.Var{}, false
	}
	return find(t.Elem, 0)
}

// thisMembers lists the members a bare name may name inside a method,
// for suggestions.
func (s *progScope) thisMembers() []string {
	sym := s.Lookup(thisName)
	if sym == nil || sym.Type.Kind != KindPointer || sym.Type.Elem == nil {
		return nil
	}
	return memberNames(sym.Type.Elem)
}

// implicitThis returns the this->NAME a bare identifier stands for, or nil.
func (c *checker) implicitThis(e parser.Expr) *parser.FieldExpr {
	id, ok := e.(*parser.Ident)
	if !ok || c.p.Values == nil {
		return nil
	}
	return c.p.Values.Implicit[id]
}

// addThis makes placement keep this readable wherever the group's bare
// names may be members of *this.
func addThis(names map[string]bool) {
	if len(names) > 0 {
		names[thisName] = true
	}
}

// displayName is how a member prints: a base class as <NAME>, as gdb
// prints it.
func (m Member) displayName() string {
	if !m.Base {
		return m.Name
	}
	return "<" + className(m.Type) + ">"
}

// className is the name of a struct, class or union type without the
// keyword C puts before it.
func className(t *Type) string {
	for _, kw := range []string{"class ", "struct ", "union "} {
		if s, ok := strings.CutPrefix(t.Name, kw); ok {
			return s
		}
	}
	return t.Name
}

// View says where, in a C++ library object, the value it stands for is.
type View struct {
	At  int   // bytes from the start of the object
	Obj *Type // the object itself, whose members . still reaches
}

// libViews are the library types shown as the pointer they hold, by the
// prefix of their qualified DWARF name (libstdc++), with the member path
// to it. Layouts come from DWARF: only the member names are known here.
// (std::string and std::vector are counted values: counted.go.)
var libViews = []struct {
	prefix string
	path   []string
}{
	{"std::unique_ptr<", []string{"_M_t", "_M_t", "_M_head_impl"}},
	{"std::shared_ptr<", []string{"_M_ptr"}},
}

// viewOf turns struct st, in place, into the view of the value it holds
// when it is one of libViews and its members say where that is.
func viewOf(st *Type) {
	name := className(st)
	for _, lv := range libViews {
		if !strings.HasPrefix(name, lv.prefix) {
			continue
		}
		at, t := 0, st
		for _, part := range lv.path {
			m, ok := findPointerMember(t, part)
			if !ok {
				return
			}
			at, t = at+m.Offset, m.Type
		}
		if t.Kind != KindPointer {
			return
		}
		obj := *st
		*st = *t
		st.Name = obj.Name
		st.View = &View{At: at, Obj: &obj}
		return
	}
}

// findPointerMember is findMember preferring, among the members of that
// name reached through base classes, a pointer (std::tuple's bases hold
// a _M_head_impl for each element; the pointer's is wanted).
func findPointerMember(t *Type, name string) (Member, bool) {
	var found []Member
	var walk func(t *Type, off int)
	walk = func(t *Type, off int) {
		for _, m := range t.Members {
			switch {
			case m.Name == name:
				m.Offset += off
				found = append(found, m)
			case (m.Name == "" || m.Base) && (m.Type.Kind == KindStruct || m.Type.Kind == KindUnion):
				walk(m.Type, off+m.Offset)
			}
		}
	}
	walk(t, 0)
	for _, m := range found {
		if m.Type.Kind == KindPointer {
			return m, true
		}
	}
	if len(found) > 0 {
		return found[0], true
	}
	return Member{}, false
}

// ObjSize is the size of the object a value of t is read from: the
// library object's for a view, else t's own.
func ObjSize(t *Type) int {
	if t.View != nil {
		return t.View.Obj.Size
	}
	return t.Size
}

// viewAt is where in its object a value of t is: View.At for a view, 0
// for everything else.
func viewAt(t *Type) int {
	if t.View != nil {
		return t.View.At
	}
	return 0
}
