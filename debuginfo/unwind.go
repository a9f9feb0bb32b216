package debuginfo

import (
	"bytes"
	"debug/elf"
	"fmt"
	"sort"

	"github.com/gs-tracer/gs/arch"
)

// UnwindKind says what an unwinder does with a pc an UnwindRow covers.
type UnwindKind uint8

const (
	// UnwindNone: no call frame information covers the pc (or it uses a
	// rule gs does not follow, a CFA expression): the unwinder may only
	// guess, with the frame pointer.
	UnwindNone UnwindKind = iota
	// UnwindCFA: CFA = CFAReg + CFAOff, the return address is at CFA-8,
	// the caller's rbp at CFA+RBPOff (RBPOff 0: rbp is unchanged).
	UnwindCFA
	// UnwindEnd: the outermost frame (the return address is undefined:
	// _start, a thread's entry): the stack ends here.
	UnwindEnd
	// UnwindSignal: a signal frame, the restorer a handler returns to
	// (an FDE of augmentation "S", or a __restore_rt whose code is
	// arch.SigreturnCode): the interrupted registers are in the
	// ucontext at rsp (arch.SigUContextRIP...).
	UnwindSignal
	// UnwindPLT: a PLT stub, CFA = rsp + CFAOff, + 8 from the byte
	// (pc & 15) >= PLTSplit of its 16 on (after its push): the DWARF
	// expression every linker writes for .plt.
	UnwindPLT
)

// UnwindRow is one row of an unwind table: the rule for every pc from PC
// to the next row's.
type UnwindRow struct {
	PC     uint64 // link-time address
	Kind   UnwindKind
	CFAReg int // DWARF register: 7 (rsp) or 6 (rbp)
	CFAOff int64
	RBPOff int64
	// CFADeref: CFA = *(CFAReg + CFAOff), the CFA expression
	// DW_OP_breg<CFAReg> CFAOff; DW_OP_deref (a realigned frame, whose
	// CFA is saved in it).
	CFADeref bool
	// RBPAtReg: the caller's rbp is at CFAReg + RBPOff, an expression
	// rule DW_OP_breg<CFAReg> RBPOff, not at CFA + RBPOff.
	RBPAtReg bool
	PLTSplit int64 // UnwindPLT only
}

// sameRule reports whether a and b unwind alike.
func sameRule(a, b UnwindRow) bool {
	a.PC, b.PC = 0, 0
	return a == b
}

// UnwindTable is the call frame information of a module reduced to what
// an x86-64 unwinder needs: the rows of every FDE, sorted by PC, with an
// UnwindNone row wherever no FDE covers the code.
type UnwindTable struct {
	Rows []UnwindRow
	// FramePointers is true when every function that sets up a frame
	// keeps rbp as its frame pointer (CFA = rbp+16, caller's rbp at
	// CFA-16) before it can call: in such a module a caller's frame
	// unwinds from rbp alone, without a table search. It holds only if
	// no function of Frameless calls, which its code says
	// (machine.FramePointers reads it).
	FramePointers bool
	// Frameless are the functions ([lo, hi) of their FDEs) that set up no
	// frame: a caller's frame only if they call, and then rbp is not
	// their frame pointer. PLT stubs and outermost frames are not listed.
	Frameless [][2]uint64
}

// Lookup returns the row in force at pc (UnwindNone when none is).
func (t *UnwindTable) Lookup(pc uint64) UnwindRow {
	i := sort.Search(len(t.Rows), func(i int) bool { return t.Rows[i].PC > pc }) - 1
	if i < 0 {
		return UnwindRow{PC: pc}
	}
	return t.Rows[i]
}

// UnwindTable builds b's unwind table from .eh_frame (allocated: stripping
// keeps it) and, for code it does not cover, .debug_frame.
func (b *Binary) UnwindTable() (*UnwindTable, error) {
	if b.File.Machine != elf.EM_X86_64 {
		return nil, fmt.Errorf("unwind table of %s: %v is not supported", b.Path, b.File.Machine)
	}
	fi := &frameIndex{}
	order := b.File.ByteOrder
	if s := b.File.Section(".eh_frame"); s != nil && s.Type != elf.SHT_NOBITS {
		if data, err := s.Data(); err == nil {
			fi.add(data, s.Addr, true, order, 8)
		}
	}
	debugFrame := false
	if s := b.File.Section(".debug_frame"); s != nil && s.Type != elf.SHT_NOBITS {
		if data, err := s.Data(); err == nil {
			fi.add(data, 0, false, order, 8)
			debugFrame = true
		}
	} else if s := b.File.Section(".zdebug_frame"); s != nil && s.Type != elf.SHT_NOBITS {
		// Go's linker wrote its DWARF compressed so before Go 1.19.
		if data := zdebug(s); len(data) > 0 {
			fi.add(data, 0, false, order, 8)
			debugFrame = true
		}
	}
	var goTab *UnwindTable
	if p := b.goTable(); p != nil && !debugFrame { // Go without DWARF: its SP delta tables (pclntab.go)
		t, err := p.goUnwindTable()
		if err != nil {
			return nil, fmt.Errorf("unwind table of %s: %w", b.Path, err)
		}
		if len(fi.fdes) == 0 {
			return t, nil
		}
		goTab = t
	}
	if len(fi.fdes) == 0 {
		return nil, fmt.Errorf("unwind table of %s: %w", b.Path, ErrNoCFI)
	}
	// .eh_frame wins where both describe a function.
	sort.SliceStable(fi.fdes, func(i, j int) bool { return fi.fdes[i].lo < fi.fdes[j].lo })
	t := &UnwindTable{FramePointers: true}
	var end uint64 // end of the last FDE taken
	for _, f := range fi.fdes {
		if f.lo < end {
			continue // overlaps one taken (the same function in .debug_frame)
		}
		if f.lo > end && len(t.Rows) > 0 {
			t.Rows = append(t.Rows, UnwindRow{PC: end})
		}
		first := len(t.Rows)
		framed, outermost := false, false
		err := f.exec(order, func(lo uint64, r cfiRow) bool {
			row := UnwindRow{PC: lo}
			switch {
			case f.cie.signal:
				row.Kind = UnwindSignal
			case r.ra.kind == ruleUndefined:
				row.Kind, outermost = UnwindEnd, true
			case r.cfaExpr:
				row = exprRow(lo, r)
			case (r.cfa.Reg != 7 && r.cfa.Reg != 6) || r.rbp.kind != ruleSame && r.rbp.kind != ruleAt:
				row.Kind = UnwindNone
			default:
				row.Kind, row.CFAReg, row.CFAOff = UnwindCFA, r.cfa.Reg, r.cfa.Offset
				if r.rbp.kind == ruleAt {
					row.RBPOff = r.rbp.offset
				}
				if r.cfa.Reg == 6 && r.cfa.Offset == 16 && r.rbp.kind == ruleAt && r.rbp.offset == -16 {
					framed = true
				}
			}
			if n := len(t.Rows); n > first && sameRule(t.Rows[n-1], row) {
				return true // the same rule: one row
			}
			t.Rows = append(t.Rows, row)
			return true
		})
		if err != nil {
			t.Rows = append(t.Rows[:first], UnwindRow{PC: f.lo})
		}
		if !framed && !outermost && !b.inPLT(f.lo) {
			t.Frameless = append(t.Frameless, [2]uint64{f.lo, f.hi})
		}
		end = f.hi
	}
	t.Rows = append(t.Rows, UnwindRow{PC: end})
	for _, addr := range b.restorers(t) {
		// A caller is looked up at its return address - 1: the
		// restorer's row starts the byte before it (as glibc's FDE does).
		t.override(addr-1, addr+uint64(len(arch.SigreturnCode)), UnwindRow{Kind: UnwindSignal})
	}
	if goTab != nil { // cgo: the C code's FDEs, the Go code's SP deltas
		return mergeUnwind(t, goTab), nil
	}
	return t, nil
}

// exprRow is the row of a CFA given by a DWARF expression, for the forms
// gs follows: DW_OP_breg6/7 off; DW_OP_deref, with rbp unchanged or at
// the same register + an offset (DW_OP_breg<n> off), and the PLT stubs'
// rsp + 8 + ((rip & 15) >= k) << 3. Any other is UnwindNone.
func exprRow(pc uint64, r cfiRow) UnwindRow {
	none := UnwindRow{PC: pc}
	e := r.expr
	if split, ok := pltExpr(e); ok && r.rbp.kind == ruleSame {
		return UnwindRow{PC: pc, Kind: UnwindPLT, CFAReg: 7, CFAOff: 8, PLTSplit: split}
	}
	reg, off, rest, ok := bregExpr(e)
	if !ok || len(rest) != 1 || rest[0] != 0x06 /* DW_OP_deref */ || (reg != 6 && reg != 7) {
		return none
	}
	row := UnwindRow{PC: pc, Kind: UnwindCFA, CFAReg: reg, CFAOff: off, CFADeref: true}
	switch r.rbp.kind {
	case ruleSame:
	case ruleExpr:
		rreg, roff, rest, ok := bregExpr(r.rbp.expr)
		if !ok || rreg != reg || len(rest) != 0 {
			return none
		}
		row.RBPAtReg, row.RBPOff = true, roff
	default:
		return none // at CFA + off: the CFA is not known statically
	}
	return row
}

// bregExpr decodes a leading DW_OP_breg<reg> off (0x70-0x8f) of e.
func bregExpr(e []byte) (reg int, off int64, rest []byte, ok bool) {
	if len(e) < 2 || e[0] < 0x70 || e[0] > 0x8f {
		return 0, 0, nil, false
	}
	r := &exprReader{b: e[1:]}
	off = r.sleb()
	if r.err != nil {
		return 0, 0, nil, false
	}
	return int(e[0] - 0x70), off, r.b, true
}

// pltExpr recognizes DW_OP_breg7 8; DW_OP_breg16 0; DW_OP_lit15; DW_OP_and;
// DW_OP_lit<k>; DW_OP_ge; DW_OP_lit3; DW_OP_shl; DW_OP_plus and returns k.
func pltExpr(e []byte) (int64, bool) {
	if len(e) != 11 || e[0] != 0x77 || e[1] != 8 || e[2] != 0x80 || e[3] != 0 || e[4] != 0x3f || e[5] != 0x1a ||
		e[6] < 0x30 || e[6] > 0x4f || e[7] != 0x2a || e[8] != 0x33 || e[9] != 0x24 || e[10] != 0x22 {
		return 0, false
	}
	return int64(e[6] - 0x30), true
}

// override makes row the rule for [lo, hi), keeping the rule in force
// from hi on.
func (t *UnwindTable) override(lo, hi uint64, row UnwindRow) {
	after := t.Lookup(hi)
	after.PC = hi
	row.PC = lo
	var out []UnwindRow
	for _, r := range t.Rows {
		if r.PC < lo {
			out = append(out, r)
		}
	}
	out = append(out, row, after)
	for _, r := range t.Rows {
		if r.PC > hi {
			out = append(out, r)
		}
	}
	t.Rows = out
}

// restorers returns the addresses of b's signal restorers without call
// frame information of their own (musl's): symbols __restore_rt whose
// code is arch.SigreturnCode, and, in a module without a .symtab (musl's
// stripped libc.so), that code wherever no FDE covers it (the
// restorer is the only code that calls rt_sigreturn; gdb finds signal
// frames by the same bytes).
func (b *Binary) restorers(t *UnwindTable) []uint64 {
	var out []uint64
	seen := map[uint64]bool{}
	syms, _ := b.File.Symbols()
	dyn, _ := b.File.DynamicSymbols()
	for _, s := range append(syms, dyn...) {
		if s.Name != "__restore_rt" || s.Value == 0 || seen[s.Value] || len(arch.SigreturnCode) == 0 {
			continue
		}
		seen[s.Value] = true
		n := uint64(len(arch.SigreturnCode))
		code, err := b.Code(Func{Name: s.Name, Addr: s.Value, Size: n})
		if err == nil && bytes.Equal(code, arch.SigreturnCode) {
			out = append(out, s.Value)
		}
	}
	if len(syms) > 0 || len(arch.SigreturnCode) == 0 {
		return out
	}
	for _, p := range b.File.Progs {
		if p.Type != elf.PT_LOAD || p.Flags&elf.PF_X == 0 || p.Filesz > 64<<20 {
			continue
		}
		data := make([]byte, p.Filesz)
		if _, err := p.ReadAt(data, 0); err != nil {
			continue
		}
		for off := 0; ; {
			i := bytes.Index(data[off:], arch.SigreturnCode)
			if i < 0 {
				break
			}
			addr := p.Vaddr + uint64(off+i)
			if !seen[addr] && t.Lookup(addr).Kind == UnwindNone && t.Lookup(addr-1).Kind == UnwindNone {
				seen[addr] = true
				out = append(out, addr)
			}
			off += i + 1
		}
	}
	return out
}

// inPLT reports whether addr is in a PLT section: its stubs jump, never
// call, so they are never a caller's frame.
func (b *Binary) inPLT(addr uint64) bool {
	for _, s := range b.File.Sections {
		if (s.Name == ".plt" || s.Name == ".plt.sec" || s.Name == ".plt.got") && addr >= s.Addr && addr < s.Addr+s.Size {
			return true
		}
	}
	return false
}
