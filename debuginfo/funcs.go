package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// ErrNotFound is wrapped by lookups of names DWARF does not know.
var ErrNotFound = errors.New("not found")

// ErrAmbiguous is returned when a name has several definitions and none
// is the one to take (Debug.Global: file statics of several units).
var ErrAmbiguous = errors.New("ambiguous")

// FuncInstance is one copy of a function's code: the out-of-line function
// (or a clone of it, such as foo.constprop.0), or a body inlined into a
// caller.
type FuncInstance struct {
	// Name is the function's qualified name: add, geo::Rect::scale,
	// ledger::post, main.(*Server).Handle.
	Name    string
	Linkage string // DW_AT_linkage_name (mangled), "" for C and Go
	Inlined bool   // a DW_TAG_inlined_subroutine
	// Part is an out-of-line copy that holds only the tail of the
	// function: gcc's ipa-split moves it to foo.part.0, which only foo's
	// other copies call (or jump to). Entering it is not a call of foo.
	Part   bool
	Symbol string // ELF symbol at Entry, for out-of-line copies ("foo", "foo.isra.0")
	Entry  uint64 // first instruction: DW_AT_entry_pc, else DW_AT_low_pc, else the first range
	// PrologueEnd is where an out-of-line copy has stored its parameters
	// in their homes: the first line-table row flagged prologue_end, else
	// the first is_stmt row after Entry (as gdb does). Entry for inlined
	// copies.
	PrologueEnd uint64
	Ranges      [][2]uint64 // [lo, hi) link-time addresses
	Offset      dwarf.Offset
	Origin      dwarf.Offset // DW_AT_abstract_origin; 0 if none
	Caller      string       // inlined copies: the function the body was inlined into
	CallFile    string       // inlined copies: where the call is
	CallLine    int
	DeclFile    string
	DeclLine    int
}

// Display returns how gs prints the function (func, -l): demangled from
// its linkage name with a C++ function's parameters, else Name.
func (fi *FuncInstance) Display() string {
	if fi.Linkage != "" {
		if s := Demangle(fi.Linkage); s != fi.Linkage {
			return s
		}
	}
	return fi.Name
}

// FuncInstances returns every copy of the function called name: the
// out-of-line ones first, then the inlined ones, each group by address.
// name is what a probe writes (names.go): a DW_AT_name (add,
// main.price), a linkage name (_ZN3geo3sumEii), a qualified name
// (geo::Rect::scale, every overload of geo::sum), a signature
// (geo::sum(int, int)), or a name without a scope standing for every
// function it is the last component of. Only the units an accelerator
// table (or the top-level and namespace scan) names are walked.
func (d *Debug) FuncInstances(name string) ([]FuncInstance, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	q := NewQuery(name)
	keys := q.bases()
	var out []FuncInstance
	known := false
	best := noMatch
	acc := d.accelIndex()
	units := d.unitsForAll(kindFunc, keys)
	cross := d.crossUnitsFor(units, keys) // crossunit.go
	for _, u := range withUnits(units, cross) {
		seen := map[dwarf.Offset]bool{}
		for _, key := range keys {
			var refs []funcRef
			var ok bool
			if cross[u] {
				// Copies that refer to a DIE of another unit: the
				// unit's top level need not name them.
				refs, ok = d.unitFuncs(u)[key]
			} else {
				top := d.unitTop(u)
				if (acc == nil || !acc.covered[u]) && len(top.funcs[key]) == 0 && len(top.funcBase[key]) == 0 {
					continue
				}
				refs, ok = d.quickFuncs(u, key)
				if !ok {
					refs, ok = d.unitFuncs(u)[key]
				}
			}
			for _, ref := range refs {
				if seen[ref.e.Offset] {
					continue
				}
				seen[ref.e.Offset] = true
				n := d.dieNames(u, ref.e, q.needsSig())
				lvl := q.match(n)
				if lvl == noMatch || lvl < best {
					continue
				}
				if lvl > best {
					best, out, known = lvl, out[:0], false
				}
				known = known || ok
				if fi, ok := d.instance(u, n, ref); ok && !d.splitPart(ref, fi) {
					out = append(out, fi)
				}
			}
		}
	}
	if len(out) == 0 {
		if known || len(d.lookup(kindFunc, name)) > 0 {
			return nil, fmt.Errorf("function %q has no code in %s: it was inlined and optimized away", name, d.bin.Path)
		}
		return nil, fmt.Errorf("function %q: %w in the DWARF of %s", name, ErrNotFound, d.bin.Path)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Inlined != out[j].Inlined {
			return !out[i].Inlined
		}
		return out[i].Entry < out[j].Entry
	})
	for i := range out {
		fi := &out[i]
		if fi.Inlined {
			fi.PrologueEnd = fi.Entry
			continue
		}
		if fn, ok := d.bin.FuncAt(fi.Entry); ok && fn.Addr == fi.Entry {
			fi.Symbol = fn.Name
			fi.Part = strings.Contains(fn.Name, ".part.")
		}
		fi.PrologueEnd = d.prologueEnd(d.unitOf(fi.Offset), fi.Entry, fi.Ranges)
	}
	return out, nil
}

// dieNames returns the names of a function DIE: from its linkage name
// (through its specification or abstract origin) when it is mangled,
// else its DW_AT_name in its namespace and class scopes.
func (d *Debug) dieNames(u *unit, e *dwarf.Entry, withSig bool) names {
	linkage := ""
	for _, a := range []dwarf.Attr{dwarf.AttrLinkageName, attrMIPSLinkageName} {
		if f, _ := d.attr(e, a); f != nil {
			if s, ok := f.Val.(string); ok && isMangled(s) {
				out := mangledNames(s, withSig)
				if n := d.name(e); strings.Contains(n, "<") && !strings.Contains(out.qual, "<") {
					if sc := d.scopeOf(u, e); sc != "" {
						out.inst = sc + "::" + n
					}
				}
				return out
			} else if ok && linkage == "" {
				linkage = s
			}
		}
	}
	n := d.name(e)
	if sc := d.scopeOf(u, e); sc != "" {
		// Without a mangled linkage name (Rust's #[no_mangle], C++'s
		// extern "C" in a namespace) the symbol is the linkage name or
		// the DW_AT_name itself: that is the raw name.
		if linkage == "" {
			linkage = n
		}
		return names{raw: linkage, qual: sc + "::" + n}
	}
	return names{raw: n, qual: n}
}

// attrMIPSLinkageName is DW_AT_MIPS_linkage_name, what DWARF 2 and 3
// producers wrote before DW_AT_linkage_name.
const attrMIPSLinkageName dwarf.Attr = 0x2007

// scopeOf returns the namespaces and classes e (or the declaration it
// completes) is declared in, "geo::Rect", as far as the scans of u have
// seen them.
func (d *Debug) scopeOf(u *unit, e *dwarf.Entry) string {
	for depth := 0; e != nil && depth < 8; depth++ {
		if sc, ok := u.scopes[e.Offset]; ok {
			return sc
		}
		ref, ok := e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		if !ok {
			ref, ok = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		}
		if !ok {
			return ""
		}
		next, err := d.entry(ref)
		if err != nil {
			return ""
		}
		e = next
	}
	return ""
}

// quickFuncs returns the DIEs of name at the top level of u (and in its
// namespaces) when they are all the copies there are: none carries
// DW_AT_inline, so no inlined copy or clone refers to them and the unit
// need not be walked in full.
func (d *Debug) quickFuncs(u *unit, name string) ([]funcRef, bool) {
	t := d.unitTop(u)
	offs := append(t.funcs[name][:len(t.funcs[name]):len(t.funcs[name])], t.funcBase[name]...)
	if len(offs) == 0 {
		return nil, false
	}
	var refs []funcRef
	for _, off := range offs {
		e, err := d.entry(off)
		if err != nil || e.AttrField(dwarf.AttrInline) != nil {
			return nil, false
		}
		if f, _ := d.attr(e, dwarf.AttrInline); f != nil {
			return nil, false
		}
		refs = append(refs, funcRef{e: e})
	}
	return refs, true
}

// funcRef is a DIE of a function copy found by unitFuncs.
type funcRef struct {
	e      *dwarf.Entry
	caller *dwarf.Entry // inlined copies: the subprogram they sit in
}

// unitFuncs walks all of u once (walkUnit) and records every subprogram and inlined
// subroutine DIE by name (and by its name without template arguments),
// with the function it sits in, and the scopes of the DIEs in namespaces
// and classes. Whether a DIE has code, and the rest of FuncInstance, is
// worked out only for the names asked for.
func (d *Debug) unitFuncs(u *unit) map[string][]funcRef {
	if u.funcs != nil {
		return u.funcs
	}
	fs := map[string][]funcRef{}
	u.funcs = fs
	names := map[dwarf.Offset]string{} // subprogram DIE → name, for origins
	nameOf := func(e *dwarf.Entry) string {
		if n, ok := e.Val(dwarf.AttrName).(string); ok {
			return n
		}
		for _, a := range []dwarf.Attr{dwarf.AttrAbstractOrigin, dwarf.AttrSpecification} {
			if ref, ok := e.Val(a).(dwarf.Offset); ok {
				if n, ok := names[ref]; ok {
					return n
				}
			}
		}
		return d.name(e)
	}
	d.walkUnit(u, func(e *dwarf.Entry, in dieScope) bool {
		if e.Tag != dwarf.TagSubprogram && e.Tag != dwarf.TagInlinedSubroutine {
			return true
		}
		name := nameOf(e)
		if name == "" {
			return true
		}
		if e.Tag == dwarf.TagSubprogram {
			names[e.Offset] = name
			if in.scope != "" {
				u.setScope(e.Offset, in.scope)
			}
		}
		fs[name] = append(fs[name], funcRef{e, in.fn})
		if b := stripTemplateArgs(name); b != name {
			fs[b] = append(fs[b], funcRef{e, in.fn})
		}
		return true
	}, nil)
	return fs
}

func (u *unit) setScope(off dwarf.Offset, scope string) {
	if u.scopes == nil {
		u.scopes = map[dwarf.Offset]string{}
	}
	u.scopes[off] = scope
}

// instance describes the function copy ref with names n, or reports
// false when the DIE has no code (an abstract instance or a declaration).
func (d *Debug) instance(u *unit, n names, ref funcRef) (FuncInstance, bool) {
	e := ref.e
	rs := d.ranges(e)
	if len(rs) == 0 {
		return FuncInstance{}, false
	}
	fi := FuncInstance{Name: n.qual, Inlined: e.Tag == dwarf.TagInlinedSubroutine, Ranges: rs, Offset: e.Offset}
	if n.qual != n.raw {
		fi.Linkage = n.raw
	}
	fi.Entry = d.entryPC(e, rs)
	fi.Origin, _ = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
	fi.DeclFile, fi.DeclLine = d.decl(e)
	if fi.Inlined {
		if ref.caller != nil {
			fi.Caller = d.dieNames(u, ref.caller, false).qual
		}
		if f, ok := e.Val(dwarf.AttrCallFile).(int64); ok {
			fi.CallFile = d.fileName(u, f)
		}
		if l, ok := e.Val(dwarf.AttrCallLine).(int64); ok {
			fi.CallLine = int(l)
		}
	}
	return fi, true
}

// splitPart reports whether the inlined copy fi is a part of its
// function that gcc split off (ipa-split: F.part.0 holds the tail of F)
// and inlined back into a copy of F: it sits directly in a copy of the
// same function, called from that function's own declaration line. It
// is not a call: every time it runs, the copy it sits in was entered, so
// a probe there would count that call twice.
func (d *Debug) splitPart(ref funcRef, fi FuncInstance) bool {
	if !fi.Inlined || fi.Origin == 0 || ref.caller == nil || fi.CallLine == 0 {
		return false
	}
	outer, _ := ref.caller.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
	if outer != fi.Origin && ref.caller.Offset != fi.Origin {
		return false
	}
	return fi.CallLine == fi.DeclLine && filepath.Base(fi.CallFile) == filepath.Base(fi.DeclFile)
}

// entryPC returns the entry address of a function copy.
//
// gcc may give an inlined copy a DW_AT_entry_pc outside its own ranges
// (the call's "entry view" sits on an instruction of the caller); such
// an entry is ignored, as gdb ignores it, for the start of the first
// range: a probe there must see the copy's variables.
func (d *Debug) entryPC(e *dwarf.Entry, rs [][2]uint64) uint64 {
	if f := e.AttrField(dwarf.AttrEntrypc); f != nil {
		var pc uint64
		switch v := f.Val.(type) {
		case uint64:
			pc = v
		case int64: // DWARF 5: an offset from the base address
			if lo, ok := e.Val(dwarf.AttrLowpc).(uint64); ok {
				pc = lo + uint64(v)
			} else {
				pc = rs[0][0] + uint64(v)
			}
		}
		if contains(rs, pc) || len(rs) == 0 {
			return pc
		}
		return rs[0][0]
	}
	if lo, ok := e.Val(dwarf.AttrLowpc).(uint64); ok {
		return lo
	}
	return rs[0][0]
}

// prologueEnd finds where the prologue of the function at entry ends.
func (d *Debug) prologueEnd(u *unit, entry uint64, rs [][2]uint64) uint64 {
	if pe, ok := d.prolog[entry]; ok {
		return pe
	}
	pe := d.findPrologueEnd(u, entry, rs)
	d.prolog[entry] = pe
	return pe
}

func (d *Debug) findPrologueEnd(u *unit, entry uint64, rs [][2]uint64) uint64 {
	if u == nil || d.load(u) != nil {
		return entry
	}
	hi := entry + 1
	for _, r := range rs {
		if r[0] <= entry && entry < r[1] {
			hi = r[1]
		}
	}
	lr := d.lineReader(u)
	if lr == nil {
		return entry
	}
	var le dwarf.LineEntry
	if err := seekPC(lr, entry, &le); err != nil {
		return entry
	}
	second := uint64(0)
	for {
		if le.EndSequence || le.Address >= hi {
			break
		}
		if le.Address >= entry {
			if le.PrologueEnd {
				return le.Address
			}
			if second == 0 && le.Address > entry && le.IsStmt && le.Line != 0 {
				second = le.Address
			}
		}
		if lr.Next(&le) != nil {
			break
		}
	}
	if second != 0 {
		return second
	}
	return entry
}

// seekPC positions lr on the row that covers pc. LineReader.SeekPC gives
// up on a table whose sequences are not in address order, which g++ and
// clang++ write (each inline function or template instance in a COMDAT
// section has its own sequence): then the rows are scanned.
func seekPC(lr *dwarf.LineReader, pc uint64, le *dwarf.LineEntry) error {
	err := lr.SeekPC(pc, le)
	if !errors.Is(err, dwarf.ErrUnknownPC) {
		return err
	}
	lr.Reset()
	var prev dwarf.LineEntry
	var prevPos dwarf.LineReaderPos
	havePrev := false
	for {
		pos := lr.Tell()
		if err := lr.Next(le); err != nil {
			return dwarf.ErrUnknownPC
		}
		if havePrev && !prev.EndSequence && prev.Address <= pc && pc < le.Address {
			lr.Seek(prevPos)
			return lr.Next(le)
		}
		prev, prevPos, havePrev = *le, pos, true
	}
}
