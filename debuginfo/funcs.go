package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"sort"
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
	Name    string
	Inlined bool   // a DW_TAG_inlined_subroutine
	Symbol  string // ELF symbol at Entry, for out-of-line copies ("foo", "foo.isra.0")
	Entry   uint64 // first instruction: DW_AT_entry_pc, else DW_AT_low_pc, else the first range
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

// FuncInstances returns every copy of the function called name: the
// out-of-line ones first, then the inlined ones, each group by address.
// Only the units an accelerator table (or the top-level scan) names are
// walked.
func (d *Debug) FuncInstances(name string) ([]FuncInstance, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []FuncInstance
	known := false
	acc := d.accelIndex()
	for _, u := range d.unitsFor(kindFunc, name) {
		if (acc == nil || !acc.covered[u]) && len(d.unitTop(u).funcs[name]) == 0 {
			continue
		}
		refs, ok := d.quickFuncs(u, name)
		if !ok {
			refs, ok = d.unitFuncs(u)[name]
		}
		known = known || ok
		for _, ref := range refs {
			if fi, ok := d.instance(u, name, ref); ok {
				out = append(out, fi)
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
		}
		fi.PrologueEnd = d.prologueEnd(d.unitOf(fi.Offset), fi.Entry, fi.Ranges)
	}
	return out, nil
}

// quickFuncs returns the top-level DIEs of name in u when they are all
// the copies there are: none carries DW_AT_inline, so no inlined copy or
// clone refers to them and the unit need not be walked in full.
func (d *Debug) quickFuncs(u *unit, name string) ([]funcRef, bool) {
	offs := d.unitTop(u).funcs[name]
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
	caller string
}

// unitFuncs walks all of u once and records every subprogram and inlined
// subroutine DIE by name, with the function it sits in. Whether a DIE has
// code, and the rest of FuncInstance, is worked out only for the names
// asked for.
func (d *Debug) unitFuncs(u *unit) map[string][]funcRef {
	if u.funcs != nil {
		return u.funcs
	}
	fs := map[string][]funcRef{}
	u.funcs = fs
	r := d.data.Reader()
	r.Seek(u.die)
	cu, err := r.Next()
	if err != nil || cu == nil || !cu.Children {
		return fs
	}
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
	// stack holds, for each open DIE with children, the function it is
	// (or is in): the caller of an inlined copy.
	stack := []string{""}
	for len(stack) > 0 {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		fn := stack[len(stack)-1]
		if e.Tag == dwarf.TagSubprogram || e.Tag == dwarf.TagInlinedSubroutine {
			name := nameOf(e)
			if name != "" {
				if e.Tag == dwarf.TagSubprogram {
					names[e.Offset] = name
				}
				fs[name] = append(fs[name], funcRef{e, fn})
			}
			fn = name
		}
		if e.Children {
			stack = append(stack, fn)
		}
	}
	return fs
}

// instance describes the function copy ref, or reports false when the
// DIE has no code (an abstract instance or a declaration).
func (d *Debug) instance(u *unit, name string, ref funcRef) (FuncInstance, bool) {
	e := ref.e
	rs := d.ranges(e)
	if len(rs) == 0 {
		return FuncInstance{}, false
	}
	fi := FuncInstance{Name: name, Inlined: e.Tag == dwarf.TagInlinedSubroutine, Ranges: rs, Offset: e.Offset}
	fi.Entry = d.entryPC(e, rs)
	fi.Origin, _ = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
	fi.DeclFile, fi.DeclLine = d.decl(e)
	if fi.Inlined {
		fi.Caller = ref.caller
		if f, ok := e.Val(dwarf.AttrCallFile).(int64); ok {
			fi.CallFile = d.fileName(u, f)
		}
		if l, ok := e.Val(dwarf.AttrCallLine).(int64); ok {
			fi.CallLine = int(l)
		}
	}
	return fi, true
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
	if err := lr.SeekPC(entry, &le); err != nil {
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
