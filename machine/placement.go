package machine

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
)

// This file places uprobes where the kernel does not single-step.
//
// A uprobe on an instruction the kernel emulates (kernelEmulates: push of
// a register, nop, jmp, jcc, call) costs about 0.5 µs a hit; on any other
// the kernel copies the instruction out of line and single-steps it,
// about 20 times that. Optimized code often starts a function with a mov,
// lea or sub and reaches a push a few instructions later. A function or
// line probe moves forward to that instruction when it means the same
// there:
//
//   - the skipped instructions are straight-line (no branch, call, ret or
//     syscall), and no branch of the function, or of its .cold part,
//     targets them or the new address: every run that reaches the old
//     address reaches the new one exactly once, so a loop head never
//     becomes the site;
//   - they store nothing to memory (but to the new frame below a
//     function entry's stack pointer), so what the script reads through
//     pointers is unchanged; or the probe is a uprobe whose script reads
//     no memory of the process at all (@n = count()), to which a store
//     makes no difference;
//   - every register the script reads (argN) still holds its old value;
//     every program variable it names has, at the new address, a location
//     that reads the same registers the old one did, tracking copies (mov
//     %rdi,%rbx) and stack-pointer arithmetic through the skipped code;
//   - the script does not read the stack (ustack); a uretprobe moves only
//     when the skipped code leaves the stack pointer alone, since the
//     kernel takes the return address from the top of the stack at the
//     hit.
//
// What the script reads is sema's to say (Reads); FUNC+OFF and 0xADDR
// probes never move, nor does any with --exact-placement (Site.Stay).
// sema.Program.Placements reports every decision.

// Placement is where one uprobe sits and why.
type Placement struct {
	Probe    int    // probe ID
	Func     string // the symbol holding the site ("" if none)
	FuncAddr uint64
	From     uint64 // the address the language names
	To       uint64 // the address the uprobe is attached at
	// FromClass and ToClass name the instructions' classes ("push",
	// "jcc", or the mnemonic of one the kernel single-steps).
	FromClass, ToClass string
	Emulated           bool   // the kernel emulates the instruction at To
	Why                string // why a single-stepped probe stays, when known
	// Calls are the direct calls of the function the uprobe sits on
	// instead of its entry (CallSites), when it does.
	Calls []uint64
	// Returns are the return addresses a Go uretprobe sits on instead of
	// its function's RETs (ReturnAddrs), each placed as any probe, when it
	// does; Stepped counts those the kernel single-steps.
	Returns []uint64
	Stepped int
}

// Moved reports whether the probe left the address the language names.
func (p Placement) Moved() bool { return p.To != p.From || len(p.Calls) > 0 || len(p.Returns) > 0 }

// String renders the placement after the probe's name: "at +3 (push,
// emulated), moved from +0 (mov)".
func (p Placement) String() string {
	off := func(a uint64) string {
		if p.Func == "" {
			return fmt.Sprintf("0x%x", a)
		}
		return fmt.Sprintf("+%d", a-p.FuncAddr)
	}
	how := "single-stepped"
	if p.Emulated {
		how = "emulated"
	}
	s := fmt.Sprintf("at %s (%s, %s)", off(p.To), p.ToClass, how)
	if len(p.Returns) > 0 {
		s := fmt.Sprintf("at its %d return address", len(p.Returns))
		if len(p.Returns) > 1 {
			s += "es"
		}
		switch {
		case p.Stepped == 0:
			s += " (emulated)"
		case p.Stepped == len(p.Returns):
			s += " (single-stepped)"
		default:
			s += fmt.Sprintf(" (%d emulated, %d single-stepped)", len(p.Returns)-p.Stepped, p.Stepped)
		}
		return s + ", moved from its RETs"
	}
	if len(p.Calls) > 0 {
		calls := "calls"
		if len(p.Calls) == 1 {
			calls = "call"
		}
		return fmt.Sprintf("at its %d %s (call, %s), moved from %s (%s)", len(p.Calls), calls, how, off(p.From), p.FromClass)
	}
	switch {
	case p.Moved():
		s += fmt.Sprintf(", moved from %s (%s)", off(p.From), p.FromClass)
	case p.Why != "":
		s += ": stays, " + p.Why
	}
	return s
}

// PlacementSummary counts emulated and single-stepped probes: "767
// probes: 713 emulated, 54 single-stepped".
func PlacementSummary(ps []Placement) string {
	emu, moved := 0, 0
	for _, p := range ps {
		if p.Emulated {
			emu++
		}
		if p.Moved() && p.Emulated {
			moved++
		}
	}
	s := fmt.Sprintf("%d probes: %d emulated, %d single-stepped", len(ps), emu, len(ps)-emu)
	if moved > 0 {
		s += fmt.Sprintf(" (%d moved to an emulated instruction)", moved)
	}
	return s
}

// Reads is what a probe's script reads that placement must keep.
type Reads struct {
	Regs  []int // DWARF numbers of the registers read (argN)
	Stack bool  // ustack
	// Symbols says the script takes an ELF symbol's address (uaddr),
	// which needs the module's load bias the probe finds from its own
	// address.
	Symbols bool
	// Names lists the program names the script reads at a place whose
	// variables are vars; nil when it reads none.
	Names func(vars []debuginfo.Var) []string
	// NoMemory says the script reads no memory of the process: no
	// program value, no pointer, and calls only ones that read none.
	NoMemory bool
}

// Site is a uprobe to place.
type Site struct {
	Addr   uint64 // link-time address the language names
	Return bool   // a uretprobe
	// Inlined is an inlined copy of a function, whose code is Ranges: a
	// probe moves only inside them.
	Inlined bool
	Ranges  [][2]uint64
	// Stay says why the probe never moves ("--exact-placement", "an
	// explicit address"); "" when it may.
	Stay string
}

// Placer places uprobes, reading each binary's data once.
type Placer struct {
	data  map[string]*binData
	calls map[string]*callRefs // callsites.go
}

// codeRange is code at a link-time address.
type codeRange struct {
	addr uint64
	code []byte
}

// tag says what a register holds at the new address: the value register
// reg (DWARF number) had at the old one, plus off; reg -1 means unknown.
type tag struct {
	reg int
	off int64
}

// regTags tracks the general registers (DWARF numbers 0 to nTags-1)
// through skipped code, and notes its first store to memory a script
// could read.
type regTags struct {
	r     []tag
	store string // why the skipped code's stores may change what the script reads ("" none)
}

func (t *regTags) kill(r int) { t.r[r] = tag{-1, 0} }

// same reports whether register r still holds its old value.
func (t *regTags) same(r int) bool { return r < len(t.r) && t.r[r] == tag{r, 0} }

// floorScan is what scanFloor found for one probe address.
type floorScan struct {
	from, to                 uint64
	fromClass, toClass       string
	fromEmulated, toEmulated bool
	skipped                  int
	tags                     *regTags // the skipped code's effect (to != from)
	why                      string   // why to == from although from is single-stepped
}

// readCode returns fn's machine code, or nil where it cannot be read
// (then nothing moves).
func readCode(bin *debuginfo.Binary, fn debuginfo.Func) []byte {
	code, err := bin.Code(fn)
	if err != nil {
		return nil
	}
	return code
}

// Place decides where a uprobe at s in bin goes, for a script that reads
// reads. Probe is left 0.
func (pr *Placer) Place(bin *debuginfo.Binary, s Site, reads Reads) Placement {
	pl := Placement{From: s.Addr, To: s.Addr, FromClass: "?", ToClass: "?"}
	fn, ok := bin.FuncAt(s.Addr)
	if !ok {
		pl.Why = "no symbol holds it"
		return pl
	}
	pl.Func, pl.FuncAddr = fn.Name, fn.Addr
	code := readCode(bin, fn)
	if code == nil {
		pl.Why = "its code cannot be read"
		return pl
	}
	var more []codeRange
	for _, suffix := range []string{".cold", ".cold.0", ".cold.1"} {
		if cf, ok := bin.LookupFunc(fn.Name + suffix); ok {
			if b := readCode(bin, cf); b != nil {
				more = append(more, codeRange{cf.Addr, b})
			}
		}
	}
	// Only at an out-of-line entry is the stack below the stack pointer
	// free: an inlined copy's caller may keep locals in its red zone.
	atEntry := s.Addr == fn.Addr
	sc := scanFloor(code, fn.Addr, more, s.Addr, atEntry, func() *binData { return pr.binaryData(bin) })
	pl.FromClass, pl.ToClass, pl.Emulated = sc.fromClass, sc.fromClass, sc.fromEmulated
	pl.Why = sc.why
	switch {
	case sc.fromEmulated:
	case s.Stay != "":
		pl.Why = s.Stay
	case sc.to == sc.from:
	case s.Inlined && !inRanges(s.Ranges, sc.to):
		pl.Why = "the inlined copy ends before an emulated instruction"
	default:
		pl.Why = readsSurvive(s, bin, sc, reads)
	}
	if pl.Why != "" {
		return pl
	}
	pl.To, pl.ToClass, pl.Emulated = sc.to, sc.toClass, sc.toEmulated
	return pl
}

// PlaceFunc reports where a probe on the entry of function copy fi goes
// when the script reads nothing: for gs -lv. A Go function's probe goes
// past its stack check first (GoStackCheckLen), as sema puts it; one that
// no placement helps goes on the function's calls where they are all
// known (CallSites), as sema/callsites.go puts it.
func PlaceFunc(bin *debuginfo.Binary, fi debuginfo.FuncInstance, exact bool) Placement {
	s := Site{Addr: fi.Entry + GoStackCheckLen(bin, fi.Entry), Inlined: fi.Inlined, Ranges: fi.Ranges}
	if exact {
		s.Stay = "--exact-placement"
	}
	listPlacer.Lock()
	defer listPlacer.Unlock()
	pr := &listPlacer.Placer
	pl := pr.Place(bin, s, Reads{})
	if !exact && !pl.Emulated && !fi.Inlined && pl.From == pl.FuncAddr && pl.Func != "" {
		if calls, why := pr.CallSites(bin, pl.From); why == "" {
			pl.Calls, pl.Emulated, pl.ToClass, pl.Why = calls, true, "call", ""
		}
	}
	return pl
}

// listPlacer is PlaceFunc's Placer: a listing of many functions of one
// binary sweeps its code once (CallSites).
var listPlacer struct {
	sync.Mutex
	Placer
}

func inRanges(rs [][2]uint64, a uint64) bool {
	for _, r := range rs {
		if a >= r[0] && a < r[1] {
			return true
		}
	}
	return len(rs) == 0
}

// readsSurvive says why the script would read something else at sc.to
// than at sc.from, or "" when it reads the same.
func readsSurvive(s Site, bin *debuginfo.Binary, sc floorScan, reads Reads) string {
	t := sc.tags
	if t.store != "" && (s.Return || !reads.NoMemory) {
		return t.store
	}
	if s.Return {
		if !t.same(dwarfRSP) {
			return "the skipped code moves the stack pointer (a uretprobe)"
		}
		return ""
	}
	if reads.Stack {
		return "the script reads the stack (ustack)"
	}
	for _, r := range reads.Regs {
		if r < 0 || !t.same(r) {
			return fmt.Sprintf("the skipped code writes %s, which the script reads", arch.DWARFName(r))
		}
	}
	if reads.Names == nil {
		return ""
	}
	d, err := bin.Debug()
	if err != nil {
		return "" // no program variables can be read at all
	}
	oldVars, err1 := d.VarsAt(sc.from)
	newVars, err2 := d.VarsAt(sc.to)
	if err1 != nil || err2 != nil {
		return "its variables cannot be compared"
	}
	for _, name := range reads.Names(oldVars) {
		ov, oFound := debuginfo.FindVar(oldVars, name)
		nv, nFound := debuginfo.FindVar(newVars, name)
		switch {
		case !oFound && !nFound:
			continue // a global, or not a program name
		case oFound != nFound:
			return fmt.Sprintf("%q is not visible at both addresses", name)
		case !ov.Loc.Available() && !nv.Loc.Available():
			continue
		case !sameValue(ov.Loc, nv.Loc, t):
			return fmt.Sprintf("%q may hold another value there", name)
		}
	}
	return ""
}

// sameValue reports whether location nl, read after the skipped code
// whose effect t describes, reads what ol read before it.
func sameValue(ol, nl debuginfo.Location, t *regTags) bool {
	if !ol.Available() || !nl.Available() || len(ol.Pieces) != len(nl.Pieces) {
		return false
	}
	for i, np := range nl.Pieces {
		op := ol.Pieces[i]
		if np.Kind != op.Kind || np.Size != op.Size || string(np.Data) != string(op.Data) || len(np.Ops) != len(op.Ops) {
			return false
		}
		for j, o := range np.Ops {
			switch o.Kind {
			case debuginfo.LocReg, debuginfo.LocBreg:
				if o.Reg >= len(t.r) || t.r[o.Reg].reg < 0 {
					return false
				}
				tg := t.r[o.Reg]
				if o.Kind == debuginfo.LocReg && tg.off != 0 {
					return false
				}
				o.Reg, o.Offset = tg.reg, o.Offset+tg.off
			}
			if !sameOp(o, op.Ops[j]) {
				return false
			}
		}
	}
	return true
}

func sameOp(a, b debuginfo.LocOp) bool {
	return a.Kind == b.Kind && a.Reg == b.Reg && a.Offset == b.Offset && a.Value == b.Value &&
		a.Size == b.Size && a.Bias == b.Bias && string(a.Data) == string(b.Data) && len(a.Sub) == 0 && len(b.Sub) == 0
}

// binData is what placement reads of a binary besides a function's
// code: where an indirect jump may land (jumptable_amd64.go).
type binData struct {
	// escaped holds the code addresses the data holds (8-byte words in
	// its allocated data sections, and relocation addends): where a jmp
	// through a pointer in memory may land.
	escaped map[uint64]bool
	secs    []dataSec // the allocated sections with contents but code
}

type dataSec struct {
	addr uint64
	data []byte
}

// read returns n bytes of data at link-time address a, or nil.
func (d *binData) read(a uint64, n int) []byte {
	for _, s := range d.secs {
		if a >= s.addr && a-s.addr+uint64(n) <= uint64(len(s.data)) {
			return s.data[a-s.addr : a-s.addr+uint64(n)]
		}
	}
	return nil
}

// binaryData returns bin's binData, computed once per binary.
func (pr *Placer) binaryData(bin *debuginfo.Binary) *binData {
	if d, ok := pr.data[bin.Path]; ok {
		return d
	}
	d := &binData{escaped: map[uint64]bool{}}
	var lo, hi uint64 = ^uint64(0), 0
	for _, s := range bin.File.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 {
			lo, hi = min(lo, s.Addr), max(hi, s.Addr+s.Size)
		}
	}
	inText := func(v uint64) {
		if v >= lo && v < hi {
			d.escaped[v] = true
		}
	}
	for _, s := range bin.File.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Flags&elf.SHF_EXECINSTR != 0 || s.Type == elf.SHT_NOBITS {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		d.secs = append(d.secs, dataSec{s.Addr, data})
		step := 8
		if s.Type == elf.SHT_RELA {
			step = 24 // r_offset, r_info, r_addend
		}
		for i := 0; i+8 <= len(data); i += step {
			if s.Type == elf.SHT_RELA && i+24 <= len(data) {
				inText(binary.LittleEndian.Uint64(data[i+16:]))
			} else {
				inText(binary.LittleEndian.Uint64(data[i:]))
			}
		}
	}
	if pr.data == nil {
		pr.data = map[string]*binData{}
	}
	pr.data[bin.Path] = d
	return d
}
