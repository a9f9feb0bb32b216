package debuginfo

import (
	"debug/elf"
	"fmt"
	"sort"

	"golang.org/x/arch/x86/x86asm"
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
)

// UnwindRow is one row of an unwind table: the rule for every pc from PC
// to the next row's.
type UnwindRow struct {
	PC     uint64 // link-time address
	Kind   UnwindKind
	CFAReg int // DWARF register: 7 (rsp) or 6 (rbp)
	CFAOff int64
	RBPOff int64
}

// UnwindTable is the call frame information of a module reduced to what
// an x86-64 unwinder needs: the rows of every FDE, sorted by PC, with an
// UnwindNone row wherever no FDE covers the code.
type UnwindTable struct {
	Rows []UnwindRow
	// FramePointers is true when every function that sets up a frame
	// keeps rbp as its frame pointer (CFA = rbp+16, caller's rbp at
	// CFA-16) before it can call: in such a module a caller's frame
	// unwinds from rbp alone, without a table search.
	FramePointers bool
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
	if s := b.File.Section(".debug_frame"); s != nil && s.Type != elf.SHT_NOBITS {
		if data, err := s.Data(); err == nil {
			fi.add(data, 0, false, order, 8)
		}
	}
	var goTab *UnwindTable
	if b.pcln != nil { // Go without DWARF: its SP delta tables (pclntab.go)
		t, err := b.pcln.goUnwindTable()
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
			case r.ra.kind == ruleUndefined:
				row.Kind, outermost = UnwindEnd, true
			case r.cfaExpr || (r.cfa.Reg != 7 && r.cfa.Reg != 6) || r.rbp.kind == ruleUnknown || r.rbp.kind == ruleUndefined:
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
			if n := len(t.Rows); n > first && t.Rows[n-1].Kind == row.Kind && t.Rows[n-1].CFAReg == row.CFAReg &&
				t.Rows[n-1].CFAOff == row.CFAOff && t.Rows[n-1].RBPOff == row.RBPOff {
				return true // the same rule: one row
			}
			t.Rows = append(t.Rows, row)
			return true
		})
		if err != nil {
			t.Rows = append(t.Rows[:first], UnwindRow{PC: f.lo})
		}
		// A function without a frame is a caller's frame only if it
		// calls: then rbp is not its frame pointer.
		if t.FramePointers && !framed && !outermost && !b.inPLT(f.lo) && b.calls(f.lo, f.hi) {
			t.FramePointers = false
		}
		end = f.hi
	}
	t.Rows = append(t.Rows, UnwindRow{PC: end})
	if goTab != nil { // cgo: the C code's FDEs, the Go code's SP deltas
		return mergeUnwind(t, goTab), nil
	}
	return t, nil
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

// calls reports whether the code in [lo, hi) has a call instruction (or
// cannot be read or decoded: then it might).
func (b *Binary) calls(lo, hi uint64) bool {
	if hi-lo > 1<<20 {
		return true
	}
	code, err := b.Code(Func{Name: fmt.Sprintf("%#x", lo), Addr: lo, Size: hi - lo})
	if err != nil || code == nil {
		return true
	}
	for len(code) > 0 {
		in, err := x86asm.Decode(code, 64)
		if err != nil {
			return true
		}
		if in.Op == x86asm.CALL {
			return true
		}
		code = code[in.Len:]
	}
	return false
}
