package sema

import (
	"sort"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/kbtf"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// This file type-checks the C side of the language: ->, ., [], *, &,
// pointer arithmetic, casts to program types, sizeof and offsetof of
// them, and comparisons of program text with string literals.
//
// Values of C types follow C: an array stands for its address where a
// pointer is wanted (it must then be in memory), pointer arithmetic scales
// by the size of what the pointer points to, and comparing a char * or a
// char array with a string literal compares the text.

// fieldExpr checks X.NAME and X->NAME.
func (c *checker) fieldExpr(gc *groupCtx, e *parser.FieldExpr) *Type {
	xt := c.value(gc, e.X)
	if xt == nil {
		return nil
	}
	if xt.Kind == KindTuple && !e.Arrow {
		return c.tupleField(e, xt) // tuples.go
	}
	if xt.Lang == debuginfo.LangRust && !e.Arrow {
		if t, done := c.rustField(e, xt); done {
			return t
		}
	}
	st := xt
	x := c.text(e.X)
	ofView := false // a member of a library object itself (cxx.go), not of what it holds
	if xt.View != nil && !e.Arrow {
		if _, ok := findMember(xt.View.Obj, e.Name); ok {
			st, ofView = xt.View.Obj, true
		}
	}
	isAgg := func(t *Type) bool { return t != nil && (t.Kind == KindStruct || t.Kind == KindUnion) }
	if e.Name[0] >= '0' && e.Name[0] <= '9' && !e.Arrow && !isAgg(xt) {
		c.diags.Errorf(e.NameSp, "not supported by gs yet: tuples (element .%s of %s)", e.Name, x)
		return nil
	}
	if e.Arrow {
		switch {
		case xt.Kind == KindPointer && xt.Elem != nil:
			st = xt.Elem
		case isAgg(xt):
			c.errorf(e, "%s is a %s, not a pointer", x, xt).WithHint("use %s.%s", x, e.Name)
			return nil
		default:
			d := c.errorf(e.X, "operator -> needs a pointer to a struct, got %s", xt)
			if xt.Kind == KindInt {
				d.WithHint("cast it to the struct's pointer type first: ((struct NAME *)%s)->%s", x, e.Name)
			}
			return nil
		}
	} else if xt.Kind == KindPointer && isAgg(xt.Elem) && !ofView {
		// Through the pointer: Go's o.Addr, and bpftrace's p.field.
		st = xt.Elem
		c.vals().Deref[e] = true
	}
	if !isAgg(st) {
		c.errorf(e.X, "%s has no fields: it is %s", derefText(x, e.Arrow), st)
		return nil
	}
	if len(st.Members) == 0 {
		c.errorf(e.X, "%s is incomplete: its definition is not in the program's DWARF", st)
		return nil
	}
	m, ok := findMember(st, e.Name)
	if !ok {
		d := c.diags.Errorf(e.NameSp, "%s has no field %q", st, e.Name)
		if s := diag.Suggest(e.Name, memberNames(st)); s != "" {
			d.WithHint("did you mean %q?", s)
		}
		return nil
	}
	if m.BitSize > 0 && m.BitOffset+m.BitSize > 64 {
		// gen reads a bit field with one load of at most 8 bytes.
		c.diags.Errorf(e.NameSp, "bit field %s spans more than 8 bytes, which gs cannot read", e.Name).
			WithHint("print the whole struct: print(%s)", derefText(x, e.Arrow))
		return nil
	}
	c.vals().Members[e] = m
	return m.Type
}

func derefText(x string, arrow bool) string {
	if arrow {
		return "*" + x
	}
	return x
}

// indexExpr checks X[I] on an array, a pointer or a counted sequence.
func (c *checker) indexExpr(gc *groupCtx, e *parser.IndexExpr) *Type {
	xt := c.value(gc, e.X)
	it := c.integer(gc, e.Index, "an index")
	if xt == nil || it == nil {
		return nil
	}
	if xt.Kind == KindTuple {
		return c.tupleIndex(e, xt) // tuples.go
	}
	var elem *Type
	switch {
	case xt.Kind == KindArray:
		elem = xt.Elem
		v, ok := c.p.Consts[e.Index]
		if ok && xt.Len > 0 && (int64(v) < 0 || int64(v) >= int64(xt.Len)) {
			// bpftrace refuses it too ("the index 5 is out of bounds for
			// array of size 4").
			c.errorf(e.Index, "index %d is outside %s", int64(v), xt).
				WithHint("it has %d element%s; to read past its end, index a pointer to its first", xt.Len, plural(xt.Len))
			return nil
		}
		if !ok && xt.Len > 0 {
			c.runWarn(e.Index, e.Sp, ArrayOOBMsg) // runwarn.go
		}
		// A run-time index needs the array's address; an array the
		// program keeps in registers is read by constant indexes only.
		if !ok && c.heldRooted(e.X) {
			c.errorf(e.Index, "not supported by gs yet: a run-time index into an array the script holds").
				WithHint("index it by a constant, or index the array in the program's memory")
			return nil
		}
		if !ok {
			if d := c.needMemory(e.X, "index"); d != nil {
				d.WithHint("%s; only a constant index can read it", d.Hint)
				return nil
			}
		}
	case xt.Kind == KindPointer:
		elem = xt.Elem
	case isCountedSeq(xt):
		// A slice, Vec or std::vector: its element, read at the data
		// pointer only when the index is below the count (gen).
		elem = xt.Counted.Elem
	case xt.Kind == KindString && c.heldRooted(e.X):
		return c.stringIndex(e, xt) // held.go
	default:
		d := c.errorf(e.X, "cannot index %s: it is %s", c.text(e.X), xt)
		if xt.Kind == KindInt {
			d.WithHint("cast it to a pointer type first: ((int *)%s)[i]", c.text(e.X))
		}
		return nil
	}
	if !c.sized(e, elem) {
		return nil
	}
	return elem
}

// sized reports whether values of t can be read: not void, not a
// function, not an incomplete struct.
func (c *checker) sized(n parser.Node, t *Type) bool {
	switch {
	case t == nil || t.Kind == KindVoid:
		c.errorf(n, "cannot read through a void pointer").WithHint("cast it to a pointer to the type it points to")
		return false
	case t.Kind == KindFunc:
		c.errorf(n, "cannot read a function through its pointer")
		return false
	case t.Size == 0 && (t.Kind == KindStruct || t.Kind == KindUnion):
		c.errorf(n, "%s is incomplete: its definition is not in the program's DWARF", t)
		return false
	}
	return true
}

// deref checks *X.
func (c *checker) deref(gc *groupCtx, e *parser.UnaryExpr) *Type {
	if t, ok := c.varView(gc, e); ok {
		return t
	}
	xt := c.value(gc, e.X)
	if xt == nil {
		return nil
	}
	if xt.Lang == debuginfo.LangRust {
		if t, ok := c.rustDeref(e, xt); ok {
			return t
		}
	}
	switch xt.Kind {
	case KindPointer, KindArray:
		if !c.sized(e, xt.Elem) {
			return nil
		}
		return xt.Elem
	}
	d := c.errorf(e, "cannot dereference %s: it is %s", c.text(e.X), xt)
	if xt.Kind == KindInt {
		d.WithHint("cast it to a pointer type first: *(int *)%s", c.text(e.X))
	}
	return nil
}

// varView checks `*&$v` and `*(T *)&$v`: $v's slot seen as a tuple, struct,
// union or array that fits in it (bpftrace's struct with bitfield case
// reads an integer's bytes as a struct of bit fields). ok is false for
// anything else, which deref checks as it is.
func (c *checker) varView(gc *groupCtx, e *parser.UnaryExpr) (*Type, bool) {
	x, cast := e.X, (*parser.CastExpr)(nil)
	if ce, ok := x.(*parser.CastExpr); ok {
		x, cast = ce.X, ce
	}
	amp, ok := x.(*parser.UnaryExpr)
	if !ok || amp.Op != "&" {
		return nil, false
	}
	ve, ok := amp.X.(*parser.VarExpr)
	if !ok || gc.vars[ve.Name] == nil || gc.vars[ve.Name].Type == nil {
		return nil, false
	}
	vt := gc.vars[ve.Name].Type
	t := vt
	if cast != nil {
		if cast.Type.Ptr == 0 || len(cast.Type.Dims) > 0 {
			return nil, false
		}
		inner := *cast.Type
		inner.Ptr--
		if t = c.typeExpr(&inner); t == nil {
			return nil, true
		}
	}
	if t.Kind != KindTuple && !IsHeld(t) {
		return nil, false
	}
	if SlotSize(t) > SlotSize(vt) {
		c.errorf(e, "%s is %d bytes, more than %s's %d", t, t.Size, c.text(ve), vt.Size)
		return nil, true
	}
	c.varUse(gc, ve)
	if c.p.VarViews == nil {
		c.p.VarViews = map[*parser.UnaryExpr]*Var{}
	}
	c.p.VarViews[e] = c.p.Vars[ve]
	return t, true
}

// addrOf checks &X: X must be an lvalue in memory at every probe.
func (c *checker) addrOf(gc *groupCtx, e *parser.UnaryExpr) *Type {
	xt := c.value(gc, e.X)
	if xt == nil {
		return nil
	}
	if f, ok := e.X.(*parser.FieldExpr); ok && c.vals().Members[f].BitSize > 0 {
		c.errorf(e, "cannot take the address of bit field %s", c.text(e.X))
		return nil
	}
	if !c.inMemory(e.X, "take the address of") {
		return nil
	}
	return PointerTo(xt)
}

// inMemory reports whether lvalue e has an address at every probe, and
// says why not when it has none.
func (c *checker) inMemory(e parser.Expr, what string) bool { return c.needMemory(e, what) == nil }

// needMemory is inMemory returning the error it reported, or nil. It
// follows gen's placeOf: an lvalue is in memory unless it is part of a
// variable the program keeps in registers (or pieces, or computes).
func (c *checker) needMemory(e parser.Expr, what string) *diag.Diagnostic {
	if fx := c.implicitThis(e); fx != nil {
		e = fx
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		ref := c.valuesRef(e)
		if ref == nil {
			break
		}
		for _, id := range sortedIDs(ref.At) {
			at := ref.At[id]
			if at.InMemory() {
				continue
			}
			return c.errorf(e, "cannot %s %s: it is not in memory at %s", what, c.text(e), c.probeDesc(id)).
				WithHint("%s", describeLoc(ref.Name, at.Loc))
		}
		return nil
	case *parser.FieldExpr:
		if c.p.Values.Arrow(x) {
			return nil
		}
		return c.needMemory(x.X, what)
	case *parser.IndexExpr:
		if t := c.p.Types[x.X]; t != nil && t.Kind == KindPointer {
			return nil
		}
		return c.needMemory(x.X, what)
	case *parser.UnaryExpr:
		if x.Op == "*" {
			if t := c.p.Types[x.X]; t != nil && t.Kind == KindArray {
				return c.needMemory(x.X, what) // *arr is arr[0]
			}
			return nil
		}
	case *parser.VarExpr:
		// $vars live in the probe's scratch heap, which the interpreter
		// gives no address of and whose memory its loads cannot read.
		return c.errorf(e, "not supported by gs yet: %s %s, a script variable", what, c.text(e)).
			WithHint("gs keeps $variables in its interpreter's scratch memory, which has no address a script can read")
	}
	return c.errorf(e, "cannot %s %s: it is not a variable, a field or an element", what, c.text(e))
}

func (c *checker) valuesRef(e parser.Expr) *VarRef {
	if c.p.Values == nil {
		return nil
	}
	return c.p.Values.Vars[e]
}

// describeLoc says where a value without an address lives.
func describeLoc(name string, loc debuginfo.Location) string {
	ps := loc.Pieces
	switch {
	case !loc.Available():
		return name + " is optimized out there"
	case len(ps) > 1:
		return name + " is split into pieces in registers"
	case ps[0].Kind == debuginfo.PieceReg:
		return name + " lives in register " + debuginfo.RegName(ps[0].Ops[0].Reg)
	case ps[0].Kind == debuginfo.PieceImplicit:
		return name + " is a constant the compiler folded"
	}
	return name + " is computed from registers, not stored"
}

// ptrElem returns the element type when t can take part in pointer
// arithmetic: a pointer, or an array standing for its address.
func ptrElem(t *Type) (*Type, bool) {
	switch t.Kind {
	case KindPointer:
		if t.Elem == nil || t.Elem.Kind == KindVoid {
			return &Type{Kind: KindChar, Size: 1, Name: "char"}, true // GNU C: void * steps by bytes
		}
		return t.Elem, true
	case KindArray:
		return t.Elem, true
	}
	return nil, false
}

func isPlainInt(t *Type) bool { return t.IsInteger() && t.Kind != KindPointer }

// isProgText reports whether t is program text: a char *, a char array,
// counted text (counted.go).
func isProgText(t *Type) bool { return isCharPtr(t) || isCharArray(t) || isCountedText(t) }

// cBinary checks the binary operators with C meaning: comparisons of
// program text with a string literal, and pointer arithmetic. ok is false
// for everything else, which the caller checks.
func (c *checker) cBinary(e *parser.BinaryExpr, xt, yt *Type) (*Type, bool) {
	if e.Op == "==" || e.Op == "!=" {
		text, tt, lt := e.X, xt, yt
		if isProgText(yt) && xt.Kind == KindStrLit {
			text, tt, lt = e.Y, yt, xt
		}
		if isProgText(tt) && lt.Kind == KindStrLit {
			if tt.Kind == KindArray && !c.inMemory(text, "compare") {
				return nil, true
			}
			c.vals().StrCmp[e] = textLimit(tt, lt.Cap+1)
			return Bool, true
		}
		if isProgText(tt) && isStringish(lt) {
			c.errorf(e, "program text can only be compared with a string literal").
				WithHint("read it as a string first: str(%s)", c.text(text))
			return nil, true
		}
	}
	if e.Op != "+" && e.Op != "-" {
		return nil, false
	}
	xe, xok := ptrElem(xt)
	ye, yok := ptrElem(yt)
	var ptr parser.Expr
	var pt, elem *Type
	rt := (*Type)(nil)
	switch {
	case xok && isPlainInt(yt):
		ptr, pt, elem = e.X, xt, xe
	case yok && isPlainInt(xt) && e.Op == "+":
		ptr, pt, elem = e.Y, yt, ye
	case xok && yok && e.Op == "-":
		if xe.Size != ye.Size || signature(xe) != signature(ye) {
			c.errorf(e, "cannot subtract %s from %s: they point to different types", yt, xt)
			return nil, true
		}
		for _, s := range []struct {
			e parser.Expr
			t *Type
		}{{e.X, xt}, {e.Y, yt}} {
			if s.t.Kind == KindArray && !c.inMemory(s.e, "take the address of") {
				return nil, true
			}
		}
		rt, elem = Int64, xe
	default:
		return nil, false
	}
	if elem.Size == 0 {
		c.errorf(e, "cannot do arithmetic on %s: the size of %s is unknown", xt, elem)
		return nil, true
	}
	if rt == nil {
		if pt.Kind == KindArray {
			if !c.inMemory(ptr, "take the address of") {
				return nil, true
			}
			pt = PointerTo(pt.Elem)
		}
		rt = pt
	}
	c.vals().PtrArith[e] = elem.Size
	return rt, true
}

// textLimit is how many bytes of program text of type t to read to
// compare it with n bytes: an array is read no further than its end.
func textLimit(t *Type, n int) int {
	if t.Kind == KindArray && t.Len > 0 && t.Len < n {
		n = t.Len
	}
	return min(n, ir.MaxStrLen)
}

// cCast checks casts that involve C aggregates and arrays; ok is false for
// the integer casts the caller checks.
func (c *checker) cCast(e *parser.CastExpr, t, xt *Type) (*Type, bool) {
	switch {
	case isBytes(t):
		c.errorf(e, "cannot cast to %s", t).WithHint("cast a pointer instead: *(%s *)p", t)
		return nil, true
	case xt.Kind == KindArray && t.Kind == KindPointer:
		if !c.inMemory(e.X, "take the address of") {
			return nil, true
		}
		return t, true
	case isBytes(xt):
		wideHint(c.errorf(e.X, "cannot cast %s to %s", xt, t), xt)
		return nil, true
	}
	return nil, false
}

// cTypeExpr resolves type names that need the program: pointers, structs,
// unions, enums and typedefs. ok is false for the builtin integer types,
// which the caller resolves.
func (c *checker) cTypeExpr(te *parser.TypeExpr) (*Type, bool) {
	name := strings.Join(strings.Fields(te.Name), " ")
	base, builtin := cTypes[name]
	if te.Ptr == 0 && builtin {
		return nil, false
	}
	var t *Type
	switch {
	case name == "void":
		if te.Ptr == 0 {
			c.errorf(te, "void has no values")
			return nil, true
		}
		t = Void
	case builtin:
		t = scriptCType(name, base)
	case c.defined[name] != nil:
		t = c.defined[name] // defined in the script (cdecl.go)
	default:
		pt, found := c.programType(te, name, true)
		if !found {
			return nil, c.pvs().reported
		}
		t = pt
	}
	for i := 0; i < te.Ptr; i++ {
		t = PointerTo(t)
	}
	return t, true
}

// programType looks a type name up in the DWARF of the current group's
// binaries. With report set, a name not found is reported (and
// pvState.reported set) unless no binary has DWARF and the name is not a
// struct, union or enum, which the caller reports as an unknown type.
func (c *checker) programType(n parser.Node, name string, report bool) (*Type, bool) {
	c.pvs().reported = false
	g := c.pvs().cur
	var first *debuginfo.Debug
	var noDWARF *debuginfo.Binary
	if g != nil {
		for _, id := range g.Probes {
			bin := c.binaryAt(&c.p.Probes[id])
			if bin == nil {
				continue
			}
			d, err := bin.Debug()
			if d == nil {
				if noDWARF == nil && err != nil {
					noDWARF = bin
				}
				continue
			}
			if first == nil {
				first = d
			}
			if dt, err := d.Types(name); err == nil {
				return c.pvs().ct.of(bin).convert(dt), true
			}
		}
	}
	tagged := strings.HasPrefix(name, "struct ") || strings.HasPrefix(name, "union ") || strings.HasPrefix(name, "enum ")
	if tagged {
		if kt := c.kernelType(name); kt != nil {
			return kt, true
		}
	}
	if !report {
		return nil, false
	}
	switch {
	case first != nil:
		d := c.errorf(n, "unknown type %q", name)
		names := first.TypeNames()
		for k := range cTypes {
			names = append(names, k)
		}
		if s := diag.Suggest(name, names); s != "" {
			d.WithHint("did you mean %q?", s)
		}
	case tagged && noDWARF != nil:
		c.errorf(n, "cannot look up %q: %s has no DWARF debug info%s", name, c.userName(noDWARF.Path), debuginfodNote(noDWARF)).
			WithHint("%s", noDWARFHint)
	case tagged:
		c.errorf(n, "%q needs a uprobe on a binary with DWARF", name)
	default:
		return nil, false
	}
	c.pvs().reported = true
	return nil, false
}

// kernelType returns the running kernel's struct, union or enum called
// name, from its BTF (package kbtf), or nil: the types of a name no
// probe's DWARF has, as bpftrace takes them (struct task_struct in a
// begin probe). Its C is the kernel's.
func (c *checker) kernelType(name string) *Type {
	k, err := kbtf.Load()
	if err != nil {
		return nil
	}
	dt, err := k.Type(name)
	if err != nil {
		return nil
	}
	return c.pvs().ct.convert(dt)
}

// typedefIdent returns the type an identifier names in sizeof(NAME), when
// NAME is a type of the program and not a variable.
func (c *checker) typedefIdent(gc *groupCtx, id *parser.Ident) *Type {
	if builtins[id.Name] != nil || cTypes[id.Name] != nil {
		return nil
	}
	if s, ok := gc.scope.(*progScope); ok && s.used && s.Lookup(id.Name) != nil {
		return nil
	}
	t, _ := c.programType(id, id.Name, false)
	return t
}

// offsetof checks offsetof(TYPE, a.b.c).
func (c *checker) offsetof(gc *groupCtx, e *parser.OffsetofExpr) *Type {
	t := c.typeExpr(e.Type)
	if t == nil {
		return nil
	}
	off := 0
	cur := t
	for _, part := range strings.Split(e.Field, ".") {
		if cur.Kind != KindStruct && cur.Kind != KindUnion {
			c.errorf(e, "%s has no fields", cur)
			return nil
		}
		m, ok := findMember(cur, part)
		if !ok {
			d := c.errorf(e, "%s has no field %q", cur, part)
			if s := diag.Suggest(part, memberNames(cur)); s != "" {
				d.WithHint("did you mean %q?", s)
			}
			return nil
		}
		if m.BitSize > 0 {
			c.errorf(e, "offsetof cannot name bit field %q", part)
			return nil
		}
		off += m.Offset
		cur = m.Type
	}
	c.p.Consts[e] = uint64(off)
	return Uint64
}

// strncmp checks strncmp(a, b, n): one side program text (or a string),
// the other a string literal, n a constant. Like C's it yields 0 when the
// first n bytes are equal, and 1 (not a signed difference) otherwise.
func (c *checker) strncmp(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 3) {
		return nil
	}
	at, bt, nt := c.value(gc, e.Args[0]), c.value(gc, e.Args[1]), c.value(gc, e.Args[2])
	if at == nil || bt == nil || nt == nil {
		return nil
	}
	n, ok := c.p.Consts[e.Args[2]]
	if !ok || !nt.IsInteger() || int64(n) < 1 || int64(n) > ir.MaxStrLen {
		c.errorf(e.Args[2], "strncmp's length must be a constant from 1 to %d", ir.MaxStrLen)
		return nil
	}
	if al, ok := e.Args[0].(*parser.StrLit); ok {
		if bl, ok := e.Args[1].(*parser.StrLit); ok {
			c.p.Consts[e] = b2u(cPrefix(al.Val, int(n)) != cPrefix(bl.Val, int(n)))
			return Int64 // 0 when equal, 1 when not, as strncmp of values
		}
	}
	text, tt := e.Args[0], at
	if bt.Kind != KindStrLit {
		text, tt = e.Args[1], bt
		if at.Kind != KindStrLit {
			c.errorf(e, "strncmp compares with a string literal: one argument must be one")
			return nil
		}
	}
	switch {
	case isProgText(tt):
		if tt.Kind == KindArray && !c.inMemory(text, "compare") {
			return nil
		}
	case tt.Kind == KindString, tt.Kind == KindComm:
	default:
		c.errorf(text, "strncmp needs text (a char *, a char array, a string or comm), got %s", tt)
		return nil
	}
	c.vals().StrCmp[e] = textLimit(tt, int(n))
	return Int64
}

// cConvArg checks printf arguments of C types: %s takes a char * (the
// text it points to), a char array, and any other C value (printed as
// print() shows it); %f and friends take floating-point values. done is
// false for the cases the caller checks.
func (c *checker) cConvArg(v printfmt.Verb, t *Type) (ok, done bool) {
	switch v.Class() {
	case printfmt.ClassString:
		if t.IsC() {
			return true, true
		}
	case printfmt.ClassFloat:
		if t.Kind == KindFloat {
			return true, true
		}
	}
	return false, false
}

// sortedIDs returns the probe IDs of m in order, for stable messages.
func sortedIDs(m map[int]*VarAt) []int {
	ids := make([]int, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	return ids
}

// cPrefix is the text C's strncmp compares of s with n: at most n bytes,
// up to the first NUL, with the NUL that ends a shorter text counted (so
// "one" and "one " differ within 4 bytes).
func cPrefix(s string, n int) string {
	s += "\x00"
	if i := strings.IndexByte(s, 0); i < len(s) {
		s = s[:i+1]
	}
	if len(s) > n {
		s = s[:n]
	}
	return s
}

// scriptCType is the type a builtin C type name spelled in a script
// stands for: base, except that the chars print as characters.
func scriptCType(name string, base *Type) *Type {
	switch name {
	case "char", "signed char":
		return &Type{Kind: KindChar, Size: 1, Signed: true, Name: name}
	case "unsigned char":
		return &Type{Kind: KindChar, Size: 1, Name: name}
	}
	return base
}
