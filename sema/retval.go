package sema

import (
	"debug/dwarf"
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file gives retval the probed function's DWARF result type, as
// gdb's finish prints it: an int -1 is -1, not the 4294967295 that the
// 64-bit rax holds, a bool is true or false, an unsigned char 0..255, a
// 128-bit integer both halves. The result is a program value (a VarRef)
// whose location is where the calling convention returns it: for C, C++
// and Rust the psABI's registers (debuginfo.CResultLocation) at the RET
// and just after it, where a uretprobe fires; for Go the first result, where
// debuginfo.GoResultsAtReturn put it at each RET. Integer results of
// different types in one group (a wildcard) read as int64, each extended
// as its own type says (widenRetvals). A group whose probes have no
// DWARF, return nothing (void), an aggregate, or results of different
// kinds keeps bpftrace's untyped retval, rax as a 64-bit integer; one
// whose result is in a register a uprobe does not save (a double in xmm0)
// is refused rather than read from rax, unless the code leaves a copy
// (machine.FloatResult).

// retvalSite is the result of one probe's function.
type retvalSite struct {
	t   *Type
	loc debuginfo.Location
	ok  bool // typed: t and loc hold
}

// typedRetval resolves retval in gc's group as the probed functions'
// result. It reports false when retval stays bpftrace's untyped register,
// and true with a nil type when it reported an error.
func (c *checker) typedRetval(gc *groupCtx, e *parser.Ident) (*Type, bool) {
	s, _ := gc.scope.(*progScope)
	if s == nil || !s.used || s.dead || len(s.probes) == 0 {
		return nil, false
	}
	sites := make([]retvalSite, len(s.probes))
	all := true
	for i, pv := range s.probes {
		sites[i] = c.retvalAt(pv)
		site := &sites[i]
		if !site.ok {
			all = false
			continue
		}
		if reg, bad := site.loc.UnsavedReg(); bad && site.loc.Available() {
			loc, why := c.sseResult(pv, site.t, reg) // machine.FloatResult
			if why != "" {
				how := "returned"
				if len(site.loc.Pieces) > 1 {
					how = "returned partly"
				}
				c.errorf(e, "retval of %s is a %s, %s in register %s, which a uprobe does not save", c.probeDesc(pv.id), site.t, how, debuginfo.RegName(reg)).
					WithHint("no copy of it is readable at the return: %s; read the value where the program keeps it in memory (a caller's variable after the call)", why)
				return nil, true
			}
			site.loc = loc
		}
	}
	if !all {
		return nil, false
	}
	ref := &VarRef{Name: "retval", Type: sites[0].t, At: map[int]*VarAt{}}
	for i := range sites {
		if signature(sites[i].t) != signature(ref.Type) {
			if !widenRetvals(sites) {
				return nil, false // results of different kinds: bpftrace's retval
			}
			ref.Type = sites[0].t
			break
		}
	}
	for i, pv := range s.probes {
		loc := sites[i].loc
		if n, wide := wideRegPiece(loc, sites[i].t.Size); wide && loc.Available() {
			loc = debuginfo.Location{Reason: fmt.Sprintf("%d bytes of it in one register", n)}
		}
		ref.At[pv.id] = &VarAt{Loc: loc, Module: -1, Kind: debuginfo.VarParam}
	}
	v := c.vals()
	v.Vars[e] = ref
	v.PerProbe[gc.g] = true
	return ref.Type, true
}

// retvalAt finds the result of the function probe pv returns from.
func (c *checker) retvalAt(pv *probeView) retvalSite {
	p := &c.p.Probes[pv.id]
	if pv.dbg == nil {
		return retvalSite{}
	}
	var dt dwarf.Type
	var loc debuginfo.Location
	switch {
	case c.retSite[pv.id] && pv.bin.IsGo():
		vars, _ := pv.locals(c)
		if len(vars) == 0 {
			return retvalSite{}
		}
		found := false
		for _, v := range vars {
			if v.Result && !v.Inlined && v.Func == vars[0].Func && v.Type != nil {
				dt, loc, found = v.Type, v.Loc, true
				break
			}
		}
		if !found {
			return retvalSite{}
		}
	case p.Kind == ir.Uretprobe || c.retSite[pv.id]: // a RET-site probe sees the same registers
		t, isC, err := pv.dbg.ReturnType(p.Address)
		if err != nil || t == nil {
			return retvalSite{}
		}
		if loc, err = debuginfo.CResultLocation(t, isC); err != nil {
			return retvalSite{}
		}
		dt = t
		if rt, ok := t.(*debuginfo.RefType); ok {
			dt = rt.Type
		}
	default:
		return retvalSite{}
	}
	t := c.pvs().ct.of(pv.bin).convert(dt)
	if t == nil {
		return retvalSite{}
	}
	return retvalSite{t: t, loc: loc, ok: true}
}

// widenRetvals gives integer results of different types (a wildcard's
// int, bool, long and pointer functions) one type, int64 (uint64 when
// none is signed): each probe's location then computes its own result
// extended to 64 bits as its type says (DW_OP-style ops on the register).
// It reports false, changing nothing, unless every result is an integer
// of at most 8 bytes in one register.
func widenRetvals(sites []retvalSite) bool {
	signed := false
	for _, s := range sites {
		t := s.t
		switch t.Kind {
		case KindInt, KindChar, KindEnum, KindBool, KindPointer:
		default:
			return false
		}
		ps := s.loc.Pieces
		if t.Size > 8 || len(ps) != 1 || ps[0].Kind != debuginfo.PieceReg {
			return false
		}
		signed = signed || t.Signed && t.Kind != KindBool
	}
	to := Uint64
	if signed {
		to = Int64
	}
	for i := range sites {
		t, reg := sites[i].t, sites[i].loc.Pieces[0].Ops[0].Reg
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: reg}}
		if bits := 8 * t.Size; bits < 64 {
			if t.Signed && t.Kind != KindBool {
				sh := uint64(64 - bits)
				ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocConst, Value: sh}, debuginfo.LocOp{Kind: debuginfo.LocShl},
					debuginfo.LocOp{Kind: debuginfo.LocConst, Value: sh}, debuginfo.LocOp{Kind: debuginfo.LocShra})
			} else {
				ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocConst, Value: 1<<bits - 1}, debuginfo.LocOp{Kind: debuginfo.LocAnd})
			}
		}
		sites[i].t = to
		sites[i].loc = debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceValue, Size: 8, Ops: ops, Expr: ops}}}
	}
	return true
}
