package sema

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file resolves the names of the traced program: a bare identifier
// that is neither a builtin nor a $var is looked up, at each probe of its
// group, among
//
//  1. the parameters and locals in scope at the probe's address (inner
//     blocks and inlined copies first, as debuginfo.VarsAt orders them),
//  2. the static variables of those functions,
//  3. the globals and file statics of the probed module,
//  4. the globals of the libraries it links (DT_NEEDED), when they have
//     DWARF.
//
// args.NAME names a parameter of the probed function explicitly.
//
// Builtins win over program names: a C variable called pid leaves `pid`
// the builtin, with a warning that says to write args.pid for the
// parameter. This keeps a script's meaning from changing with the program
// it traces.
//
// The same name may live in different places at different probes (a
// register at one inlined copy, the stack at another), so the result is a
// VarRef with one location per probe, and gen generates code per probe for
// groups that read program values.

// Values is what gen needs to read values of the traced program. It is nil
// when the script reads none.
type Values struct {
	// Modules are the files whose load bias OpLdBias reads, by index; they
	// become ir.Program.Modules.
	Modules []string
	// Vars maps each expression naming a program variable (*parser.Ident,
	// *parser.ArgsExpr) to it.
	Vars map[parser.Expr]*VarRef
	// Members maps a field access to the member it reads; its Offset is
	// from the start of the struct.
	Members map[*parser.FieldExpr]Member
	// PtrArith maps pointer arithmetic to the size of the pointed-to type:
	// p + n adds n*size, p - q divides the difference by it. An array
	// operand stands for its address.
	PtrArith map[*parser.BinaryExpr]int
	// StrCmp marks comparisons of program text (char *, char[N]) with a
	// string literal: == and != (a *parser.BinaryExpr) and strncmp (a
	// *parser.CallExpr). Limit is how many bytes to read of the program's
	// side.
	StrCmp map[parser.Expr]int
	// Deref marks the `.` field accesses that read through a pointer, as
	// -> does (Type.AutoDeref: Go's o.Addr.City).
	Deref map[*parser.FieldExpr]bool
	// AsString maps a char * printed as a string to its C type; Types
	// holds its string type (OpStStr with the default limit).
	AsString map[parser.Expr]*Type
	// AsLen maps a pointer printed as the count in what it points to (a
	// Go map as its length: golang.go) to how it reads; Types holds
	// Int64.
	AsLen map[parser.Expr]*LenRead
	// Events redirects the records of one probe: {probe ID, event ID} → the
	// event that probe writes instead, a copy with the fields that are
	// unavailable there marked Unavailable.
	Events map[[2]int]int
	// PerProbe marks the groups whose code gen generates once per probe,
	// because locations differ between their probes.
	PerProbe map[*Group]bool
	// Derefs maps a Rust field access (*parser.FieldExpr) or dereference
	// (*parser.UnaryExpr) to the pointers it reads through (rust.go).
	Derefs map[parser.Expr]Derefs
	// Attached maps a printed struct to the text and elements of its
	// members that gen reads after its bytes (outofline.go).
	Attached map[parser.Expr]*Attached
	// Implicit maps a bare name inside a C++ method that is a member of
	// *this to the this->NAME it stands for (cxx.go).
	Implicit map[*parser.Ident]*parser.FieldExpr
	// Uaddr maps a uaddr("NAME") call to the &NAME it stands for, NAME an
	// identifier in Vars at the ELF symbol (uaddr.go).
	Uaddr map[*parser.CallExpr]*parser.UnaryExpr
}

// Arrow reports whether field access x reads through a pointer: x->f,
// or x.f with x a pointer that `.` reads through (a Rust one: through
// Derefs). v may be nil.
func (v *Values) Arrow(x *parser.FieldExpr) bool {
	return x.Arrow || v != nil && (v.Deref[x] || len(v.Derefs[x].Steps) > 0)
}

// DerefsOf returns the references and boxes that x reads through (a Rust
// field or *x). v may be nil: a script that names no program value.
func (v *Values) DerefsOf(x parser.Expr) (Derefs, bool) {
	if v == nil {
		return Derefs{}, false
	}
	d, ok := v.Derefs[x]
	return d, ok
}

// AttachedOf returns what is read after the bytes of value a (its counted
// members' text and elements), or nil. v may be nil.
func (v *Values) AttachedOf(a parser.Expr) *Attached {
	if v == nil {
		return nil
	}
	return v.Attached[a]
}

// MemberOf returns the member that field access x reads (the zero Member
// for a field of a script-defined or cast type sema did not record). v may
// be nil.
func (v *Values) MemberOf(x *parser.FieldExpr) Member {
	if v == nil {
		return Member{}
	}
	return v.Members[x]
}

// LenRead is how a pointer reads as a count (Values.AsLen): 0 when it is
// nil, else the 8-byte integer at Off in what it points to. Type is the
// pointer's.
type LenRead struct {
	Type *Type
	Off  int
}

// VarRef is a variable of the traced program named in the script.
type VarRef struct {
	Name string
	Type *Type
	At   map[int]*VarAt // by probe ID
}

// VarAt is where a variable is at one probe.
type VarAt struct {
	Loc debuginfo.Location
	// Module is the Values.Modules index of the file whose link-time
	// addresses Loc uses (LocAddr with Bias), or -1.
	Module int
	Kind   debuginfo.VarKind
}

// Available reports whether the value can be read at the probe.
func (v *VarAt) Available() bool { return v.Loc.Available() }

// InMemory reports whether the whole value is in the traced process's
// memory, so it has an address: one piece whose ops compute the address.
func (v *VarAt) InMemory() bool {
	ps := v.Loc.Pieces
	return len(ps) == 1 && ps[0].Kind == debuginfo.PieceMemory && ps[0].Size == 0
}

// pvState is the checker's state for program values.
type pvState struct {
	ct      *ctypes
	scopes  map[*Group]*progScope
	cur     *Group // the group being checked, for type names in casts
	modules map[string]int
	// probeInfo describes probes created from DWARF (function copies,
	// lines), by binary path and address.
	probeInfo map[probeKey]*probeInfo
	libs      map[string][]*debuginfo.Binary // DT_NEEDED libraries with DWARF, by module path
	reported  bool                           // programType reported the name it could not find
}

type probeKey struct {
	path string
	addr uint64
}

// probeInfo is what placement and messages need to know about a probe
// created from DWARF.
type probeInfo struct {
	inst *debuginfo.FuncInstance // a function copy's entry; nil for lines
	desc string                  // how messages name the probe
}

func (c *checker) pvs() *pvState {
	if c.pv == nil {
		c.pv = &pvState{
			ct: newCTypes(), scopes: map[*Group]*progScope{}, modules: map[string]int{},
			probeInfo: map[probeKey]*probeInfo{}, libs: map[string][]*debuginfo.Binary{},
		}
	}
	return c.pv
}

// vals returns the program's Values, creating them on first use.
func (c *checker) vals() *Values {
	if c.p.Values == nil {
		c.p.Values = &Values{
			Vars:     map[parser.Expr]*VarRef{},
			Members:  map[*parser.FieldExpr]Member{},
			PtrArith: map[*parser.BinaryExpr]int{},
			StrCmp:   map[parser.Expr]int{},
			AsString: map[parser.Expr]*Type{},
			Deref:    map[*parser.FieldExpr]bool{},
			AsLen:    map[parser.Expr]*LenRead{},
			Events:   map[[2]int]int{},
			PerProbe: map[*Group]bool{},
			Derefs:   map[parser.Expr]Derefs{},
			Attached: map[parser.Expr]*Attached{},
			Implicit: map[*parser.Ident]*parser.FieldExpr{},
			Uaddr:    map[*parser.CallExpr]*parser.UnaryExpr{},
		}
	}
	return c.p.Values
}

// module returns the Modules index of path.
func (c *checker) module(path string) int {
	pv := c.pvs()
	if i, ok := pv.modules[path]; ok {
		return i
	}
	v := c.vals()
	i := len(v.Modules)
	v.Modules = append(v.Modules, path)
	pv.modules[path] = i
	return i
}

// binaryAt returns the opened binary of a probe.
func (c *checker) binaryAt(p *ir.Probe) *debuginfo.Binary {
	for _, be := range c.binaries {
		if be.bin != nil && be.bin.Path == p.Binary {
			return be.bin
		}
	}
	for _, be := range c.mapped {
		if be.bin != nil && be.bin.Path == p.Binary {
			return be.bin
		}
	}
	return nil
}

// userName returns how the script spelled the binary at path.
func (c *checker) userName(path string) string {
	var names []string
	for name, be := range c.binaries {
		if be.bin != nil && be.bin.Path == path {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return path
	}
	sort.Strings(names)
	return names[0]
}

// probeDesc names probe id in messages: its name, and for copies of a
// function which copy.
func (c *checker) probeDesc(id int) string {
	p := &c.p.Probes[id]
	if pi := c.pvs().probeInfo[probeKey{p.Binary, p.Address}]; pi != nil && pi.desc != "" {
		return pi.desc
	}
	return p.Name
}

// progScope is the Scope of one group: the program names visible at its
// probes.
type progScope struct {
	c      *checker
	g      *Group
	probes []*probeView
	used   bool // the group names program values: DWARF is worth loading
	dead   bool // no probe resolved (reported): every name is taken as known
}

// probeView is what one probe of the group sees.
type probeView struct {
	id       int
	bin      *debuginfo.Binary
	dbg      *debuginfo.Debug
	dbgErr   error
	vars     []debuginfo.Var
	varsErr  error
	varsDone bool
}

func (c *checker) newProbeView(id int) *probeView {
	pv := &probeView{id: id, bin: c.binaryAt(&c.p.Probes[id])}
	if pv.bin == nil {
		pv.dbgErr = errors.New("the probe's binary is not open")
		return pv
	}
	pv.dbg, pv.dbgErr = pv.bin.Debug()
	return pv
}

// locals returns the variables in scope at the probe (none in a
// uretprobe, where the function has returned).
func (pv *probeView) locals(c *checker) ([]debuginfo.Var, error) {
	if !pv.varsDone {
		pv.varsDone = true
		p := &c.p.Probes[pv.id]
		switch {
		case pv.dbg == nil:
			pv.varsErr = pv.dbgErr
		case p.Kind == ir.Uprobe || p.Kind == ir.Uretprobe:
			// A uretprobe's address is the function's entry: its
			// variables there name what is gone at the return.
			pv.vars, pv.varsErr = pv.dbg.VarsAt(p.Address)
			if c.retSite[pv.id] && pv.bin.IsGo() {
				goResults(pv.bin, pv.vars) // golang.go
			}
		}
	}
	return pv.vars, pv.varsErr
}

// Lookup implements Scope.
func (s *progScope) Lookup(name string) *Symbol {
	for _, pv := range s.probes {
		if v, from, ok, _ := s.findIn(pv, name, false, false); ok {
			return &Symbol{Name: name, Type: s.c.pvs().ct.of(from).convert(v.Type)}
		}
	}
	return nil
}

// Names implements Scope: the names visible at the group's probes and the
// probed modules' globals, for suggestions.
func (s *progScope) Names() []string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	dbgs := map[*debuginfo.Debug]bool{}
	for _, pv := range s.probes {
		vars, _ := pv.locals(s.c)
		for _, v := range vars {
			if !v.Shadowed {
				add(v.Name)
			}
		}
		if pv.dbg != nil && !dbgs[pv.dbg] {
			dbgs[pv.dbg] = true
			for _, n := range pv.dbg.GlobalNames() {
				add(n)
			}
		}
	}
	for _, n := range s.thisMembers() { // cxx.go
		add(n)
	}
	sort.Strings(out)
	return out
}

// params returns the parameters of the innermost function at the probe.
func params(vars []debuginfo.Var) []debuginfo.Var {
	if len(vars) == 0 {
		return nil
	}
	fn := vars[0].Func
	var out []debuginfo.Var
	for _, v := range vars {
		if v.Kind == debuginfo.VarParam && v.Func == fn {
			out = append(out, v)
		}
	}
	return out
}

// find looks name up at one probe. ok is false when the name is not
// visible there; err explains a lookup that could not be done (no DWARF,
// an ambiguous global).
func (s *progScope) find(pv *probeView, name string, param bool) (v debuginfo.Var, from *debuginfo.Binary, ok bool, err error) {
	return s.findIn(pv, name, param, true)
}

// findIn is find, searching the libraries too when libs is set.
func (s *progScope) findIn(pv *probeView, name string, param, libs bool) (v debuginfo.Var, from *debuginfo.Binary, ok bool, err error) {
	if pv.dbg == nil {
		return v, nil, false, pv.dbgErr
	}
	vars, verr := pv.locals(s.c)
	if param {
		for _, p := range params(vars) {
			if p.Name == name {
				return p, pv.bin, true, nil
			}
		}
		return v, nil, false, verr
	}
	ret := s.c.returned(pv.id)
	if lv, found := debuginfo.FindVar(vars, name); found && (!ret || lv.Kind == debuginfo.VarStatic) {
		return lv, pv.bin, true, nil
	}
	if lv, found := goResultName(vars, name); found && s.c.retSite[pv.id] {
		return lv, pv.bin, true, nil
	}
	if !ret && s.memberOfThis(pv, vars, name) {
		return v, nil, false, nil // this->NAME before any global, as gdb looks (thisMember)
	}
	if !ret {
		if g, ok := s.staticOfThis(pv, vars, name); ok {
			return g, pv.bin, true, nil // a static member of this's class, before any global
		}
	}
	g, gerr := pv.dbg.Global(name)
	if gerr == nil {
		return *g, pv.bin, true, nil
	}
	if !errors.Is(gerr, debuginfo.ErrNotFound) {
		return v, nil, false, gerr
	}
	for _, lib := range s.c.libraries(pv.bin, libs) {
		ld, _ := lib.Debug()
		if ld == nil {
			continue
		}
		if g, err := ld.Global(name); err == nil {
			return *g, lib, true, nil
		}
	}
	if lv, found := debuginfo.FindVar(vars, name); found && ret {
		return lv, pv.bin, true, nil // a local: resolveVar says it is gone
	}
	return v, nil, false, verr
}

// libraries opens the DT_NEEDED libraries of bin that have DWARF, once.
func (c *checker) libraries(bin *debuginfo.Binary, open bool) []*debuginfo.Binary {
	pv := c.pvs()
	if libs, ok := pv.libs[bin.Path]; ok || !open {
		return libs
	}
	var libs []*debuginfo.Binary
	for _, n := range bin.Needed(c.resolver()) {
		if n.Path == "" {
			continue
		}
		be := c.openBinary(n.Path)
		if be.bin == nil {
			continue
		}
		if d, _ := be.bin.Debug(); d != nil {
			libs = append(libs, be.bin)
		}
	}
	pv.libs[bin.Path] = libs
	return libs
}

// programScope builds the Scope of g: it places g's function probes (see
// placeProbes) and looks names up lazily.
func (c *checker) programScope(g *Group) Scope {
	pv := c.pvs()
	pv.cur = g
	s := &progScope{c: c, g: g}
	pv.scopes[g] = s
	names, any := programNames(g.Node)
	if !any && !shadowable(g.Node) {
		return s
	}
	s.used = true
	if len(g.Probes) == 0 && len(g.Node.Probes) > 0 {
		s.dead = true // the probes are in error: names cannot be looked up
	}
	for _, id := range g.Probes {
		s.probes = append(s.probes, c.newProbeView(id))
	}
	c.placeProbes(s, names)
	return s
}

// programNames lists the names g's code may look up in the program: bare
// identifiers that are not builtins, and args.NAME. any is set when g
// reads program values or names program types.
func programNames(g *parser.ProbeGroup) (names map[string]bool, any bool) {
	names = map[string]bool{}
	parser.Inspect(g, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Probe:
			return false
		case *parser.Ident:
			if n.Name == "args" {
				names[allParams], any = true, true // args as a whole (args.go)
			} else if b := builtins[n.Name]; b != nil && b.RetOnly {
				any = true // retval takes the result's DWARF type (retval.go)
			} else if builtins[n.Name] == nil && laterIdents[n.Name] == "" && n.Name != "NULL" {
				names[n.Name] = true
				any = true
			}
		case *parser.ArgsExpr:
			names[n.Name] = true
			any = true
		case *parser.FieldExpr, *parser.IndexExpr, *parser.OffsetofExpr:
			any = true
		case *parser.TypeExpr:
			if _, ok := cTypes[n.Name]; !ok || n.Ptr > 0 {
				any = true
			}
		case *parser.UnaryExpr:
			if n.Op == "*" || n.Op == "&" {
				any = true
			}
		}
		return true
	})
	addThis(names)
	return names, any
}

// shadowable reports whether g uses a builtin whose name a program
// variable might have (pid, cpu, comm...): its scope is then built, to
// warn when one does (warnShadowed).
func shadowable(g *parser.ProbeGroup) bool {
	found := false
	parser.Inspect(g, func(n parser.Node) bool {
		if id, ok := n.(*parser.Ident); ok && builtins[id.Name] != nil {
			switch b := builtins[id.Name]; {
			case b.Kind == BuiltinReg, b.Kind == BuiltinFunc, b.Kind == BuiltinProbe:
			default:
				found = true
			}
		}
		return !found
	})
	return found
}

// programIdent resolves a bare identifier among the program's names. It
// reports false when the name is unknown and the caller should say so.
func (c *checker) programIdent(gc *groupCtx, e *parser.Ident) (*Type, bool) {
	s, _ := gc.scope.(*progScope)
	if s != nil && s.dead {
		return nil, true
	}
	if s != nil && s.used {
		if t, ok := c.resolveVar(gc, s, e, e.Name, false); ok {
			return t, true
		}
		if t, ok := c.thisMember(gc, s, e); ok {
			return t, true
		}
	}
	if e.Name == "NULL" {
		c.p.Consts[e] = 0
		return PointerTo(Void), true
	}
	return nil, false
}

// argsExpr resolves args.NAME: a parameter of the probed function.
func (c *checker) argsExpr(gc *groupCtx, e *parser.ArgsExpr) *Type {
	s, _ := gc.scope.(*progScope)
	if s != nil && s.dead {
		return nil
	}
	if s == nil || !s.used || len(s.probes) == 0 {
		c.errorf(e, "args.%s needs a uprobe", e.Name)
		return nil
	}
	if t, ok := c.resolveVar(gc, s, e, e.Name, true); ok {
		return t
	}
	return nil
}

// resolveVar resolves name at every probe of the group and records the
// VarRef for gen. It reports false, having reported nothing, when the
// name is not a program variable and the caller's "unknown identifier"
// applies.
func (c *checker) resolveVar(gc *groupCtx, s *progScope, e parser.Expr, name string, param bool) (*Type, bool) {
	type result struct {
		v   debuginfo.Var
		bin *debuginfo.Binary
		ok  bool
		err error
	}
	res := make([]result, len(s.probes))
	nfound := 0
	for i, pv := range s.probes {
		r := &res[i]
		r.v, r.bin, r.ok, r.err = s.find(pv, name, param)
		if r.ok {
			nfound++
		}
	}
	if nfound == 0 {
		// Say why nothing could be looked up: no DWARF, an ambiguous global.
		for i, r := range res {
			if r.err == nil {
				continue
			}
			if errors.Is(r.err, debuginfo.ErrNoDWARF) {
				c.noDWARF(e, name, s.probes[i].bin)
				return nil, true
			}
			if errors.Is(r.err, debuginfo.ErrSplitDWARF) { // a .dwo or .dwp is missing
				c.errorf(e, "cannot look up %q: %s", name, c.shortErr(r.err, s.probes[i].bin))
				return nil, true
			}
			if !param && errors.Is(r.err, debuginfo.ErrAmbiguous) {
				c.errorf(e, "%s", strings.ReplaceAll(r.err.Error(), "global variable", "variable"))
				return nil, true
			}
		}
		if param {
			c.noParam(e, s, name)
			return nil, true
		}
		return nil, false
	}
	ref := &VarRef{Name: name, At: map[int]*VarAt{}}
	seen := -1 // a probe where the name is visible
	for i, r := range res {
		if r.ok {
			seen = i
			break
		}
	}
	first := -1
	var odd []int // probes where it cannot be read for a reason worth a warning
	for i, r := range res {
		pv := s.probes[i]
		p := &c.p.Probes[pv.id]
		if !r.ok {
			d := c.errorf(e, "%q is not visible at %s", name, c.probeDesc(pv.id))
			if r.err != nil && !errors.Is(r.err, debuginfo.ErrNotFound) {
				d.WithHint("%s", c.shortErr(r.err, pv.bin))
			} else {
				d.WithHint("it is visible at %s; put the probes where it is not in a group of their own", c.probeDesc(s.probes[seen].id))
			}
			return nil, true
		}
		if c.returned(pv.id) && r.v.Kind != debuginfo.VarGlobal && r.v.Kind != debuginfo.VarStatic {
			c.errorf(e, "%q is a %s of %s, which is gone when a uretprobe fires", name, kindWord(r.v.Kind), r.v.Func).
				WithHint("read it in a uprobe on %s, or a line before the return", r.v.Func)
			return nil, true
		}
		global := r.v.Kind == debuginfo.VarGlobal || r.v.Kind == debuginfo.VarStatic
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe && !(global && (p.Kind == ir.Perf || p.Kind == ir.Watchpoint)) {
			c.errorf(e, "%q can only be read in uprobes", name)
			return nil, true
		}
		t := c.pvs().ct.of(r.bin).convert(r.v.Type)
		if r.v.Type == nil {
			c.errorf(e, "the type of %q cannot be read: %s", name, r.v.Loc.Reason)
			return nil, true
		}
		if first < 0 {
			first, ref.Type = i, t
		} else if signature(t) != signature(ref.Type) {
			c.errorf(e, "%q is %s at %s but %s at %s", name, ref.Type, c.probeDesc(s.probes[first].id), t, c.probeDesc(pv.id)).
				WithHint("put these probes in groups of their own")
			return nil, true
		}
		if r.v.Loc.TLS() && r.v.Available {
			loc, why := c.tlsLocation(r.bin, r.v.Loc)
			if why != "" {
				loc = debuginfo.Location{Reason: why}
			}
			r.v.Loc, r.v.Available = loc, why == ""
		}
		if reg, bad := r.v.Loc.UnsavedReg(); bad && r.v.Available {
			why := "uprobes save only the general-purpose registers"
			if r.v.Result && c.retSite[pv.id] {
				var loc debuginfo.Location
				if loc, why = c.sseResult(pv, t, reg); why == "" { // a copy at the RET (machine.FloatResult)
					r.v.Loc = loc
				} else {
					why = "no copy of it is readable at the return: " + why
				}
			}
			if why != "" {
				c.errorf(e, "%q is in register %s at %s, which a uprobe does not save", name, debuginfo.RegName(reg), c.probeDesc(pv.id)).
					WithHint("%s; read it where the program keeps it in memory (another line, or a build with -O0)", why)
				return nil, true
			}
		}
		if n, wide := wideRegPiece(r.v.Loc, t.Size); wide && r.v.Available {
			r.v.Loc, r.v.Available = debuginfo.Location{Reason: fmt.Sprintf("%d bytes of it in one register or computed", n)}, false
		}
		at := &VarAt{Loc: r.v.Loc, Module: -1, Kind: r.v.Kind}
		if r.v.Loc.NeedsBias() {
			at.Module = c.module(r.bin.Path)
		}
		if !r.v.Available && r.v.Loc.Reason != "" && r.v.Loc.Reason != debuginfo.ReasonOptimizedOut && r.v.Loc.Reason != debuginfo.ReasonPartial {
			odd = append(odd, i)
		}
		res[i] = r // the warning below reads the location as changed here
		ref.At[pv.id] = at
	}
	if len(odd) > 0 {
		i := odd[0]
		d := c.diags.Warnf(e.Span(), "%q cannot be read at %s (%s)", name, c.probeDesc(s.probes[i].id), res[i].v.Loc.Reason)
		shows := "<optimized out>"
		if loc := res[i].v.Loc; loc.Unsupported {
			shows = "<not evaluated: " + loc.Reason + ">" // it exists: gs does not compute it
		}
		if len(odd) > 1 {
			d.WithHint("nor at %d more of its probes; it prints as %s", len(odd)-1, shows)
		} else {
			d.WithHint("it prints as %s", shows)
		}
	}
	v := c.vals()
	v.Vars[e] = ref
	v.PerProbe[gc.g] = true
	return ref.Type, true
}

func kindWord(k debuginfo.VarKind) string {
	if k == debuginfo.VarParam {
		return "parameter"
	}
	return "local variable"
}

// noParam reports args.NAME naming no parameter.
func (c *checker) noParam(e parser.Expr, s *progScope, name string) {
	for _, pv := range s.probes {
		vars, err := pv.locals(c)
		if err != nil {
			continue
		}
		ps := params(vars)
		fn := "the probed function"
		if len(vars) > 0 {
			fn = vars[0].Func
		}
		var names []string
		for _, p := range ps {
			names = append(names, p.Name)
		}
		d := c.errorf(e, "%s has no parameter %q", fn, name)
		if sg := diag.Suggest(name, names); sg != "" {
			d.WithHint("did you mean %q?", "args."+sg)
		} else if len(names) == 0 {
			d.WithHint("%s takes no parameters", fn)
		}
		return
	}
	c.errorf(e, "args.%s: the probed function's parameters are unknown", name)
}

// noDWARF reports a name that cannot be looked up because the binary has
// no debug info.
func (c *checker) noDWARF(e parser.Expr, name string, bin *debuginfo.Binary) {
	user := "the binary"
	if bin != nil {
		user = c.userName(bin.Path)
	}
	d := c.errorf(e, "cannot look up %q: %s has no DWARF debug info%s", name, user, debuginfodNote(bin))
	d.WithHint("%s; arg0..arg5 and probes on symbols work without it", noDWARFHint)
}

// noDWARFHint says how to supply DWARF.
const noDWARFHint = "install its debug symbols (the -dbgsym or -debuginfo package), name a debuginfod server that has them in DEBUGINFOD_URLS, or pass --debug-file PATH"

// debuginfodNote continues "BIN has no DWARF debug info" with what the
// debuginfod servers answered, when they were asked.
func debuginfodNote(bin *debuginfo.Binary) string {
	if bin == nil || bin.DebuginfodNote() == "" {
		return ""
	}
	return ", and " + bin.DebuginfodNote()
}

// shortErr renders a debuginfo error for a message, with the binary
// called as the script calls it.
func (c *checker) shortErr(err error, bin *debuginfo.Binary) string {
	s := err.Error()
	if bin != nil {
		s = strings.ReplaceAll(s, bin.Path, c.userName(bin.Path))
	}
	return s
}

// warnShadowed warns when a builtin's name is also a program variable in
// scope: the builtin wins.
func (c *checker) warnShadowed(gc *groupCtx, e *parser.Ident) {
	s, _ := gc.scope.(*progScope)
	if s == nil || !s.used {
		return
	}
	for _, pv := range s.probes {
		v, _, ok, _ := s.findIn(pv, e.Name, false, false)
		if !ok {
			continue
		}
		d := c.diags.Warnf(e.Sp, "%q is the builtin, not the program's %s %q", e.Name, varWord(v.Kind), e.Name)
		if v.Kind == debuginfo.VarParam {
			d.WithHint("write args.%s for the parameter", e.Name)
		} else {
			d.WithHint("builtins win over program names; the program's %s cannot be named here", e.Name)
		}
		return
	}
}

func varWord(k debuginfo.VarKind) string {
	switch k {
	case debuginfo.VarParam:
		return "parameter"
	case debuginfo.VarLocal:
		return "local variable"
	case debuginfo.VarStatic:
		return "static variable"
	}
	return "global variable"
}

// placeProbes applies the placement rule to the group's probes on function
// entries. A probe stays on the function's first instruction whenever
// every program name the group reads is available there: parameters are
// then in their ABI registers, as the entry location says. It moves to the
// end of the prologue (FuncInstance.PrologueEnd) only when some name is
// unavailable at the entry but available there, as -O0 parameters are,
// whose homes are stack slots the prologue fills.
func (c *checker) placeProbes(s *progScope, names map[string]bool) {
	pvst := c.pvs()
	for _, pv := range s.probes {
		p := &c.p.Probes[pv.id]
		if p.Kind != ir.Uprobe || pv.dbg == nil {
			continue
		}
		pi := pvst.probeInfo[probeKey{p.Binary, p.Address}]
		if pi == nil && p.Symbol != "" && p.Func == p.Symbol {
			// A probe on a symbol (a wildcard's): find its copy.
			insts, _ := pv.dbg.FuncInstances(p.Func)
			for i := range insts {
				if !insts[i].Inlined && insts[i].Entry == p.Address {
					pi = &probeInfo{inst: &insts[i]}
					pvst.probeInfo[probeKey{p.Binary, p.Address}] = pi
				}
			}
		}
		if pi == nil || pi.inst == nil {
			continue
		}
		fi := pi.inst
		if fi.PrologueEnd == fi.Entry || p.Address != fi.Entry {
			continue
		}
		at, err := pv.dbg.VarsAt(fi.Entry)
		if err != nil {
			continue
		}
		var after []debuginfo.Var
		move := false
		for _, name := range namesAt(names, at) {
			v, ok := debuginfo.FindVar(at, name)
			if !ok || v.Available {
				continue
			}
			if after == nil {
				if after, err = pv.dbg.VarsAt(fi.PrologueEnd); err != nil {
					break
				}
			}
			if w, ok := debuginfo.FindVar(after, name); ok && w.Available {
				move = true
				break
			}
		}
		if !move {
			continue
		}
		off, ok := pv.bin.FileOffset(fi.PrologueEnd)
		if !ok {
			continue
		}
		pvst.probeInfo[probeKey{p.Binary, fi.PrologueEnd}] = &probeInfo{desc: pi.desc}
		p.Address, p.Offset = fi.PrologueEnd, off
		pv.varsDone, pv.vars, pv.varsErr = false, nil, nil
	}
}
