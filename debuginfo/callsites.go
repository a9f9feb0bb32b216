package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"
)

// This file recovers DW_OP_entry_value(DW_OP_regN) past a function's
// entry, where the register no longer holds what the caller passed, from
// the call sites DWARF lists in the callers (DW_TAG_call_site, GNU's
// DW_TAG_GNU_call_site): each has the return address its call pushes and
// DW_AT_call_value, the value it passed in that register, as gdb does
// (gdb/dwarf2/loc.c, dwarf_entry_parameter_to_value). Which site called
// is known only at run time, from the return address at CFA-8 at the
// probe: the location compares it with each site's and takes that site's
// value. A return address no listed site has (a call through a pointer,
// from another binary, or from a site whose value is not a constant)
// makes the value unavailable at run time (LocNeedCaller), where gdb
// prints <optimized out>. Only values that are constants or link-time
// addresses are taken: a value a caller computed in a register is gone by
// the time the callee runs.
//
// The return address names the activation only when nothing can get from
// the function back to itself by tail calls (then the frame at CFA-8
// would be an earlier activation's caller's, with other arguments): the
// functions its tail calls reach, in this binary, must list all their
// calls (DW_AT_call_all_calls) and none may be the function itself or a
// call through a pointer. A tail call out of the binary is taken not to
// come back. A call site is taken only when the DIE it names stands for
// fn's code alone (not for a clone of it too).

// maxCallers is the most call sites one entry value is chosen among
// (each costs a few instructions at every hit).
const maxCallers = 16

// DWARF 4 GNU extensions for call sites (gcc's -gdwarf-4 -O2;
// include/dwarf2.def in binutils).
const (
	tagGNUCallSite      dwarf.Tag  = 0x4109
	tagGNUCallSiteParam dwarf.Tag  = 0x410a
	attrGNUCallValue    dwarf.Attr = 0x2111
	attrGNUTailCall     dwarf.Attr = 0x2115
	attrGNUAllCallSites dwarf.Attr = 0x2117
)

// callSite is one call DWARF describes.
type callSite struct {
	ret    uint64       // the return address its call pushes (link-time)
	tail   bool         // a tail call: it pushes nothing
	target dwarf.Offset // the callee's DIE; 0 for a call through a pointer
	// params maps a DWARF register to the ops of the value the call
	// passes in it, for the values that are constants.
	params map[int][]LocOp
}

// callSiteIndex is every call site of the binary, by callee.
type callSiteIndex struct {
	to map[dwarf.Offset][]*callSite // by the callee DIE each names
	// code maps a function DIE, its specification and its abstract
	// origin to the subprogram DIEs with code that define it.
	code map[dwarf.Offset][]dwarf.Offset
	// tails are the tail calls of each subprogram with code; all says
	// whether it lists all its calls.
	tails map[dwarf.Offset][]*callSite
	all   map[dwarf.Offset]bool
}

// callSites builds the index on first use: one walk of every unit.
func (d *Debug) callSites() *callSiteIndex {
	if d.calls != nil {
		return d.calls
	}
	x := &callSiteIndex{to: map[dwarf.Offset][]*callSite{}, code: map[dwarf.Offset][]dwarf.Offset{},
		tails: map[dwarf.Offset][]*callSite{}, all: map[dwarf.Offset]bool{}}
	d.calls = x
	for _, u := range d.units {
		var fns []*dwarf.Entry // the subprograms around the DIE being visited
		var site *callSite
		d.walkUnit(u, func(e *dwarf.Entry, _ dieScope) bool {
			switch e.Tag {
			case dwarf.TagSubprogram:
				if e.Children {
					fns = append(fns, e)
				}
				if len(d.ranges(e)) > 0 {
					for _, id := range d.identities(e) {
						x.code[id] = append(x.code[id], e.Offset)
					}
					_, all1 := e.Val(dwarf.AttrCallAllCalls).(bool)
					_, all2 := e.Val(attrGNUAllCallSites).(bool)
					x.all[e.Offset] = all1 || all2
				}
			case dwarf.TagCallSite, tagGNUCallSite:
				site = d.readCallSite(e)
				if site.tail && len(fns) > 0 {
					fn := fns[len(fns)-1].Offset
					x.tails[fn] = append(x.tails[fn], site)
				}
				if site.target != 0 && !site.tail {
					x.to[site.target] = append(x.to[site.target], site)
				}
				return e.Children
			case dwarf.TagCallSiteParameter, tagGNUCallSiteParam:
				if site != nil {
					d.readCallParam(u, e, site)
				}
				return false
			}
			return e.Children
		}, func(e *dwarf.Entry, _ dwarf.Offset) {
			switch {
			case e.Tag == dwarf.TagSubprogram && len(fns) > 0 && fns[len(fns)-1] == e:
				fns = fns[:len(fns)-1]
			case e.Tag == dwarf.TagCallSite || e.Tag == tagGNUCallSite:
				site = nil
			}
		})
	}
	return x
}

// identities are the DIEs that stand for function e: itself, its
// specification and abstract origin (a call site names any of them).
func (d *Debug) identities(e *dwarf.Entry) []dwarf.Offset {
	ids := []dwarf.Offset{e.Offset}
	for depth := 0; e != nil && depth < 4; depth++ {
		ref, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		if !ok {
			ref, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		}
		if !ok {
			break
		}
		ids = append(ids, ref)
		e, _ = d.entry(ref)
	}
	return ids
}

// readCallSite reads a call site's return address, callee and kind.
func (d *Debug) readCallSite(e *dwarf.Entry) *callSite {
	s := &callSite{params: map[int][]LocOp{}}
	if e.Tag == tagGNUCallSite {
		s.ret, _ = e.Val(dwarf.AttrLowpc).(uint64)
		_, s.tail = e.Val(attrGNUTailCall).(bool)
		s.target, _ = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
	} else {
		s.ret, _ = e.Val(dwarf.AttrCallReturnPC).(uint64)
		_, s.tail = e.Val(dwarf.AttrCallTailCall).(bool)
		s.target, _ = e.Val(dwarf.AttrCallOrigin).(dwarf.Offset)
	}
	if s.ret == 0 && !s.tail {
		s.target = 0 // no return address to know it by
	}
	return s
}

// readCallParam records, for a call site parameter in a register whose
// value is a constant or a link-time address, that value's ops.
func (d *Debug) readCallParam(u *unit, e *dwarf.Entry, s *callSite) {
	loc, _ := e.Val(dwarf.AttrLocation).([]byte)
	val, _ := e.Val(dwarf.AttrCallValue).([]byte)
	if e.Tag == tagGNUCallSiteParam {
		val, _ = e.Val(attrGNUCallValue).([]byte)
	}
	if len(loc) == 0 || len(val) == 0 {
		return
	}
	env := d.env(u)
	lp, err := decodeExpr(loc, env)
	if err != nil || len(lp) != 1 || lp[0].Kind != PieceReg {
		return
	}
	vp, err := decodeExpr(val, env)
	if err != nil || len(vp) != 1 || vp[0].Kind != PieceMemory || !constantOps(vp[0].Expr) {
		return
	}
	s.params[lp[0].Expr[0].Reg] = vp[0].Expr
}

// constantOps reports whether ops compute one value from constants and
// link-time addresses only (no register, memory or frame).
func constantOps(ops []LocOp) bool {
	depth := 0
	for _, o := range ops {
		switch o.Kind {
		case LocConst, LocAddr:
			depth++
		case LocPlusConst, LocNeg, LocNot:
			if depth < 1 {
				return false
			}
		case LocAdd, LocSub, LocMul, LocAnd, LocOr, LocXor, LocShl, LocShr, LocShra:
			if depth < 2 {
				return false
			}
			depth--
		default:
			return false
		}
	}
	return depth == 1
}

// entryValue returns the ops that push the value register reg had at the
// entry of fn, chosen at run time among fn's callers by the return
// address (CFA-8 by the rule at pc), and how many callers it is chosen
// among.
func (d *Debug) entryValue(reg int, pc uint64, fn *funcCtx) ([]LocOp, int, error) {
	x := d.callSites()
	if why := d.tailsBack(x, fn.entry.Offset); why != "" {
		return nil, 0, fmt.Errorf("entry value (DW_OP_entry_value) not recoverable here: %s", why)
	}
	type caller struct {
		ret uint64
		val []LocOp
	}
	var callers []caller
	seen := map[*callSite]bool{}
	for _, id := range d.identities(fn.entry) {
		if c := x.code[id]; len(c) != 1 || c[0] != fn.entry.Offset {
			// The DIE stands for other code too (a clone of fn, such as
			// fn.constprop.0, with the same abstract origin): its call
			// sites may have called that, with other arguments.
			continue
		}
		for _, s := range x.to[id] {
			if v, ok := s.params[reg]; ok && !seen[s] {
				seen[s] = true
				callers = append(callers, caller{s.ret, v})
			}
		}
	}
	switch {
	case len(callers) == 0:
		return nil, 0, errors.New("entry value (DW_OP_entry_value) not recoverable here: no call site in this binary passes it as a constant")
	case len(callers) > maxCallers:
		return nil, 0, fmt.Errorf("entry value (DW_OP_entry_value) not recoverable here: %d call sites pass it, more than %d", len(callers), maxCallers)
	}
	cfa, err := d.cfaAt(pc)
	if err != nil {
		return nil, 0, fmt.Errorf("entry value (DW_OP_entry_value): %w", err)
	}
	addr := func(v uint64) LocOp { return LocOp{Kind: LocAddr, Value: v, Bias: d.bias} }
	// [ra] → [ra m], m 1 when ra is a caller's; then need m; then
	// [ra] → [ra v], v the value of the caller whose ra it is.
	ops := []LocOp{{Kind: LocBreg, Reg: cfa.Reg, Offset: cfa.Offset - 8}, {Kind: LocDeref, Size: 8}}
	for i, c := range callers {
		if i == 0 {
			ops = append(ops, LocOp{Kind: LocDup}, addr(c.ret), LocOp{Kind: LocEq})
		} else {
			ops = append(ops, LocOp{Kind: LocOver}, addr(c.ret), LocOp{Kind: LocEq}, LocOp{Kind: LocOr})
		}
	}
	ops = append(ops, LocOp{Kind: LocNeedCaller})
	for i, c := range callers {
		if i == 0 {
			ops = append(ops, LocOp{Kind: LocDup})
		} else {
			ops = append(ops, LocOp{Kind: LocOver})
		}
		ops = append(ops, addr(c.ret), LocOp{Kind: LocEq})
		ops = append(ops, c.val...)
		ops = append(ops, LocOp{Kind: LocMul})
		if i > 0 {
			ops = append(ops, LocOp{Kind: LocAdd})
		}
	}
	ops = append(ops, LocOp{Kind: LocSwap}, LocOp{Kind: LocDrop})
	return ops, len(callers), nil
}

// tailsBack says why the return address at fn's probe may not name fn's
// activation: a chain of tail calls from fn that may come back to fn
// (see the file's comment); "" when none can.
func (d *Debug) tailsBack(x *callSiteIndex, fn dwarf.Offset) string {
	seen := map[dwarf.Offset]bool{}
	work := []dwarf.Offset{fn}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] {
			continue
		}
		seen[f] = true
		if !x.all[f] {
			return "a function it may tail-call lists not all its calls (no DW_AT_call_all_calls)"
		}
		for _, s := range x.tails[f] {
			if s.target == 0 {
				return "it may tail-call through a pointer"
			}
			e, err := d.entry(s.target)
			if err != nil {
				return "a tail call's callee is unreadable"
			}
			for _, id := range d.identities(e) {
				for _, c := range x.code[id] {
					if c == fn {
						return "it may tail-call itself back"
					}
					work = append(work, c)
				}
			}
		}
	}
	return ""
}
