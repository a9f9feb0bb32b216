package debuginfo

import (
	"debug/dwarf"
	"fmt"
	"sort"
	"strings"
)

// VarKind says what kind of variable a Var is.
type VarKind uint8

// Variable kinds.
const (
	VarParam  VarKind = iota // a function parameter
	VarLocal                 // an automatic variable of a block
	VarStatic                // a static variable of a function
	VarGlobal                // a global or file-static variable
)

func (k VarKind) String() string {
	return [...]string{"param", "local", "static", "global"}[k]
}

// Var is a variable visible at a pc (or a global), with its location there.
type Var struct {
	Name     string
	Kind     VarKind
	Type     dwarf.Type // nil when its type could not be read (Loc says why)
	DeclFile string
	DeclLine int
	Loc      Location
	// Available reports whether the whole value can be read at the pc.
	Available bool
	// Func is the function whose scope holds the variable; Inlined is set
	// when that scope is a copy inlined into the function at the pc.
	Func    string
	Inlined bool
	// Shadowed is set when a variable of the same name in an inner scope
	// hides this one.
	Shadowed bool
	External bool // globals visible to other units
	// Result marks an output parameter (DW_AT_variable_parameter: Go's
	// results, named or ~r0, ~r1...).
	Result bool
	Offset dwarf.Offset
	// Ref marks a C++ reference: Type and Loc are those of the object it
	// refers to.
	Ref bool
}

// IsParam reports whether v is a function parameter.
func (v Var) IsParam() bool { return v.Kind == VarParam }

// FindVar returns the variable name refers to in vars (from VarsAt): the
// first one that is not shadowed.
func FindVar(vars []Var, name string) (Var, bool) {
	for _, v := range vars {
		if v.Name == name && !v.Shadowed {
			return v, true
		}
	}
	return Var{}, false
}

// scope is one DIE of the nest around a pc: the out-of-line function, an
// inlined copy, or a lexical block.
type scope struct {
	e    *dwarf.Entry
	vars []*dwarf.Entry // formal parameters and variables, in DIE order
}

// scopesAt walks the unit containing pc down to the innermost scope
// holding pc. Subtrees that do not contain pc are skipped.
func (d *Debug) scopesAt(pc uint64) (*unit, []*scope, error) {
	u := d.unitForPC(pc)
	if u == nil {
		return nil, nil, fmt.Errorf("no DWARF describes address %#x", pc)
	}
	r := d.data.Reader()
	r.Seek(u.die)
	cu, err := r.Next()
	if err != nil {
		return nil, nil, err
	}
	if cu == nil || !cu.Children {
		return nil, nil, fmt.Errorf("no function at %#x", pc)
	}
	var chain []*scope
	// open holds the DIEs with children being read: a scope of the chain,
	// or nil for the unit itself and namespaces.
	open := []*scope{nil}
	for len(open) > 0 {
		e, err := r.Next()
		if err != nil {
			return nil, nil, err
		}
		if e == nil {
			break
		}
		if e.Tag == 0 {
			open = open[:len(open)-1]
			if len(open) == 1 && len(chain) > 0 {
				break // the function holding pc is done
			}
			continue
		}
		cur := open[len(open)-1]
		switch e.Tag {
		case dwarf.TagSubprogram, dwarf.TagInlinedSubroutine, dwarf.TagLexDwarfBlock:
			if (e.Tag != dwarf.TagSubprogram || len(chain) == 0) && contains(d.ranges(e), pc) {
				s := &scope{e: e}
				chain = append(chain, s)
				if e.Children {
					open = append(open, s)
					continue
				}
				// A copy without children (clang drops the parameters
				// of an inlined copy that keeps none) is still the
				// innermost function: its names hide its callers'.
				if e.Tag == dwarf.TagSubprogram {
					return u, chain, nil
				}
				continue
			}
		case dwarf.TagFormalParameter, dwarf.TagVariable:
			if cur != nil {
				cur.vars = append(cur.vars, e)
			}
		case dwarf.TagNamespace:
			if e.Children {
				open = append(open, nil)
				continue
			}
		}
		if e.Children {
			r.SkipChildren()
		}
	}
	if len(chain) == 0 {
		return nil, nil, fmt.Errorf("no function at %#x", pc)
	}
	return u, chain, nil
}

// VarsAt returns the variables visible at pc: for the innermost function
// (an inlined copy when pc is in one) its parameters in order, then the
// locals of the blocks around pc, innermost first; then the same for each
// function it was inlined into; then the static variables of those
// functions. Each carries its location at pc. Use FindVar to resolve a
// name as C scoping would.
func (d *Debug) VarsAt(pc uint64) ([]Var, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	u, chain, err := d.scopesAt(pc)
	if err != nil {
		return nil, err
	}
	outer := chain[0].e
	fn := &funcCtx{entry: outer}
	fn.lowPC = d.entryPC(outer, d.ranges(outer))
	prologueDone := false
	prologue := func() uint64 {
		if !prologueDone {
			prologueDone = true
			fn.prologueEnd = d.prologueEnd(u, fn.lowPC, d.ranges(outer))
		}
		return fn.prologueEnd
	}

	type item struct {
		v     Var
		depth int
	}
	var autos, statics []item
	// Function copies from the innermost out; within one, its parameters,
	// then its blocks innermost first.
	end := len(chain)
	for start := len(chain) - 1; start >= 0; start-- {
		s := chain[start]
		if s.e.Tag == dwarf.TagLexDwarfBlock {
			continue
		}
		fname := d.name(s.e)
		inlined := s.e.Tag == dwarf.TagInlinedSubroutine
		mk := func(e *dwarf.Entry, kind VarKind, depth int) item {
			v := d.makeVar(e, kind, pc, fn)
			v.Func, v.Inlined = fname, inlined
			if kind == VarParam && start == 0 && pc-fn.lowPC < 64 && needsPrologue(e, v.Loc, d) && pc < prologue() {
				v.Loc = unavailable(fmt.Sprintf("not yet stored at %#x: the prologue ends at %#x", pc, fn.prologueEnd))
				v.Available = false
			}
			return item{v, depth}
		}
		for _, p := range d.params(s) {
			if p.e == nil {
				autos = append(autos, item{Var{Name: p.name, Kind: VarParam, Loc: unavailable(ReasonOptimizedOut),
					Func: fname, Inlined: inlined, Type: p.typ, DeclFile: p.file, DeclLine: p.line}, start})
				continue
			}
			autos = append(autos, mk(p.e, VarParam, start))
		}
		for i := end - 1; i >= start; i-- {
			for _, e := range chain[i].vars {
				if e.Tag != dwarf.TagVariable || isDeclaration(d, e) {
					continue
				}
				if d.isStatic(e) {
					statics = append(statics, mk(e, VarStatic, i))
				} else {
					autos = append(autos, mk(e, VarLocal, i))
				}
			}
		}
		end = start
	}
	all := append(autos, statics...)
	// An inner scope hides outer variables of the same name.
	deepest := map[string]int{}
	for _, it := range all {
		if dep, ok := deepest[it.v.Name]; !ok || it.depth > dep {
			deepest[it.v.Name] = it.depth
		}
	}
	out := make([]Var, 0, len(all))
	seen := map[string]bool{}
	for _, it := range all {
		v := it.v
		if it.depth < deepest[v.Name] || seen[v.Name] {
			v.Shadowed = true
		}
		if !v.Shadowed {
			seen[v.Name] = true
		}
		out = append(out, v)
	}
	return out, nil
}

// needsPrologue reports whether param e, described by one location for
// the whole function, lives in a stack slot the prologue has yet to fill.
func needsPrologue(e *dwarf.Entry, loc Location, d *Debug) bool {
	f, _ := d.attr(e, dwarf.AttrLocation)
	if f == nil || (f.Class != dwarf.ClassExprLoc && f.Class != dwarf.ClassBlock) {
		return false
	}
	for _, p := range loc.Pieces {
		if p.Kind == PieceMemory && len(p.Ops) > 0 && p.Ops[0].Kind == LocBreg {
			return true
		}
	}
	return false
}

func isDeclaration(d *Debug, e *dwarf.Entry) bool {
	decl, _ := e.Val(dwarf.AttrDeclaration).(bool)
	return decl
}

// isStatic reports whether variable e has static storage: one location,
// a link-time address.
func (d *Debug) isStatic(e *dwarf.Entry) bool {
	f, owner := d.attr(e, dwarf.AttrLocation)
	if f == nil || (f.Class != dwarf.ClassExprLoc && f.Class != dwarf.ClassBlock) {
		return false
	}
	b, _ := f.Val.([]byte)
	if len(b) == 0 {
		return false
	}
	switch b[0] {
	case opAddr, opAddrx, opGNUAddrIndex:
		return true
	}
	_ = owner
	// Thread-local: an offset, then the TLS operation.
	last := b[len(b)-1]
	return last == opFormTLSAddress || last == opGNUPushTLS
}

// param is a parameter of a function copy; e is nil when the copy has
// no DIE for a parameter of its abstract origin (optimized out).
type param struct {
	e    *dwarf.Entry
	name string
	typ  dwarf.Type
	file string
	line int
}

// params lists the parameters of function copy s in declaration order,
// taking the order (and the ones the copy dropped) from its abstract
// origin when it has one.
func (d *Debug) params(s *scope) []param {
	var concrete []*dwarf.Entry
	for _, e := range s.vars {
		if e.Tag == dwarf.TagFormalParameter {
			concrete = append(concrete, e)
		}
	}
	origin, ok := s.e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
	if !ok {
		out := make([]param, len(concrete))
		for i, e := range concrete {
			out[i] = param{e: e}
		}
		return out
	}
	abstract := d.childParams(origin)
	byOrigin := map[dwarf.Offset]*dwarf.Entry{}
	for _, e := range concrete {
		if o, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset); ok {
			byOrigin[o] = e
		}
	}
	var out []param
	used := map[*dwarf.Entry]bool{}
	for _, a := range abstract {
		if e, ok := byOrigin[a.Offset]; ok {
			out = append(out, param{e: e})
			used[e] = true
			continue
		}
		p := param{name: d.name(a)}
		p.typ, _ = d.typeOf(a)
		p.file, p.line = d.decl(a)
		out = append(out, p)
	}
	for _, e := range concrete {
		if !used[e] {
			out = append(out, param{e: e})
		}
	}
	return out
}

// childParams reads the formal parameters directly under the DIE at off.
func (d *Debug) childParams(off dwarf.Offset) []*dwarf.Entry {
	r := d.data.Reader()
	r.Seek(off)
	e, err := r.Next()
	if err != nil || e == nil || !e.Children {
		return nil
	}
	var out []*dwarf.Entry
	for {
		c, err := r.Next()
		if err != nil || c == nil || c.Tag == 0 {
			break
		}
		if c.Tag == dwarf.TagFormalParameter {
			out = append(out, c)
		}
		if c.Children {
			r.SkipChildren()
		}
	}
	return out
}

// makeVar describes variable e at pc.
func (d *Debug) makeVar(e *dwarf.Entry, kind VarKind, pc uint64, fn *funcCtx) Var {
	v := Var{Name: d.name(e), Kind: kind, Offset: e.Offset}
	v.DeclFile, v.DeclLine = d.decl(e)
	v.External, _ = e.Val(dwarf.AttrExternal).(bool)
	v.Result, _ = e.Val(dwarf.AttrVarParam).(bool)
	if f, _ := d.attr(e, dwarf.AttrExternal); f != nil {
		v.External, _ = f.Val.(bool)
	}
	t, terr := d.typeOf(e)
	v.Type = t
	v.Loc = padding(d.locate(e, pc, fn), t)
	if r, ok := t.(*RefType); ok && r.Type != nil {
		v.Type, v.Loc, v.Ref = r.Type, refLoc(v.Loc), true
	}
	if terr != nil {
		v.Loc = unavailable("type: " + terr.Error())
	} else if _, bad := t.(*dwarf.UnsupportedType); bad {
		v.Loc = unavailable("unsupported type " + t.String())
	}
	v.Available = v.Loc.Available()
	return v
}

// Global returns the global or file-static variable called name. When
// several units define a file static of that name, the external
// definition wins; without one the lookup is ambiguous.
func (d *Debug) Global(name string) (*Var, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var defs, gone []Var
	for _, off := range d.lookup(kindVar, name) {
		e, err := d.entry(off)
		if err != nil {
			continue
		}
		if f, _ := d.attr(e, dwarf.AttrLocation); f == nil {
			cv, _ := d.attr(e, dwarf.AttrConstValue)
			if isDeclaration(d, e) {
				continue // a declaration
			}
			if cv == nil {
				// A definition the compiler left no storage: optimized
				// out (gdb's <optimized out>), unless another unit has it.
				if v := d.makeVar(e, VarGlobal, 0, nil); !v.Available {
					gone = append(gone, v)
				}
				continue
			}
		}
		v := d.makeVar(e, VarGlobal, 0, nil)
		if v.Name == rustTLSVal && !d.rustTLSLive(name, v) {
			continue // a thread_local!'s storage the linker dropped (rust.go)
		}
		dup := false
		for _, o := range defs {
			if o.Loc.String() == v.Loc.String() {
				dup = true
			}
		}
		if !dup {
			defs = append(defs, v)
		}
	}
	if len(defs) == 0 && len(gone) > 0 {
		return &gone[0], nil
	}
	switch len(defs) {
	case 0:
		return nil, fmt.Errorf("global variable %q: %w in the DWARF of %s", name, ErrNotFound, d.bin.Path)
	case 1:
		return &defs[0], nil
	}
	var ext []Var
	var where []string
	for _, v := range defs {
		if v.External {
			ext = append(ext, v)
		}
		where = append(where, fmt.Sprintf("%s:%d", v.DeclFile, v.DeclLine))
	}
	if len(ext) == 1 {
		return &ext[0], nil
	}
	sort.Strings(where)
	return nil, fmt.Errorf("global variable %q is %w: defined at %s", name, ErrAmbiguous, strings.Join(where, ", "))
}

// GlobalNames returns the names of all global and file-static variables,
// for suggestions. It scans the top level of every unit.
func (d *Debug) GlobalNames() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return sortedKeys(d.allTop().vars)
}

func sortedKeys(m map[string][]dwarf.Offset) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// padding makes the optimized-out pieces of loc that lie in no member
// of struct type t (the padding between them, which gcc's location lists
// leave as empty pieces) zero bytes, so that the struct prints, as gdb
// prints it, when every member is available.
func padding(loc Location, t dwarf.Type) Location {
	if loc.Available() || len(loc.Pieces) < 2 {
		return loc
	}
	members := StructMembers(t)
	if len(members) == 0 {
		return loc
	}
	var pieces []Piece
	off := int64(0)
	for _, p := range loc.Pieces {
		if p.Size == 0 {
			return loc
		}
		end := off + int64(p.Size)
		if p.Kind == PieceUndefined {
			for _, m := range members {
				size := m.Type.Size()
				if m.BitSize != 0 {
					size = m.LoadSize()
				}
				if size <= 0 || m.Offset < end && off < m.Offset+size {
					return loc // a member's bytes are missing
				}
			}
			p = Piece{Kind: PieceImplicit, Size: p.Size, Data: make([]byte, p.Size)}
		}
		pieces = append(pieces, p)
		off = end
	}
	return Location{Pieces: pieces, FrameBase: loc.FrameBase, CFA: loc.CFA}
}
