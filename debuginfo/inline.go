package debuginfo

import "debug/dwarf"

// InlineFrame is one function at a pc: a body inlined there or the
// function that holds them.
type InlineFrame struct {
	Func string // qualified name ("geo::area"), as FuncInstance.Name
	File string // the source line this function is at: the pc's for the
	Line int    // innermost, the call of the inner one for the others
}

// InlinedAt returns the functions at pc (link-time), innermost first: each
// DW_TAG_inlined_subroutine whose ranges hold pc, then the subprogram they
// sit in, as addr2line -i and gdb's bt list them. The innermost frame's
// line is the line table's at pc; each outer frame's is the inner copy's
// DW_AT_call_file and DW_AT_call_line. It reports false when no DWARF
// function holds pc.
func (d *Debug) InlinedAt(pc uint64) ([]InlineFrame, bool) {
	d.mu.Lock()
	u, chain, err := d.scopesAt(pc)
	var out []InlineFrame
	if err == nil {
		// chain runs outermost first; lexical blocks are no frames.
		var inner *dwarf.Entry // the inlined copy called from the frame being built
		for i := len(chain) - 1; i >= 0; i-- {
			e := chain[i].e
			if e.Tag != dwarf.TagSubprogram && e.Tag != dwarf.TagInlinedSubroutine {
				continue
			}
			fr := InlineFrame{Func: d.dieNames(u, e, false).qual}
			if inner != nil {
				if f, ok := inner.Val(dwarf.AttrCallFile).(int64); ok {
					fr.File = d.fileName(u, f)
				}
				if l, ok := inner.Val(dwarf.AttrCallLine).(int64); ok {
					fr.Line = int(l)
				}
			}
			out = append(out, fr)
			inner = e
		}
	}
	d.mu.Unlock()
	if len(out) == 0 {
		return nil, false
	}
	out[0].File, out[0].Line, _ = d.LineAt(pc)
	return out, true
}
