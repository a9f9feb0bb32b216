package sema

import (
	"debug/elf"
	"encoding/binary"
	"fmt"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
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
// FUNC+OFF and 0xADDR probes never move, nor does any with
// Config.ExactPlacement. Program.Placements reports every decision.

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
}

// Moved reports whether the probe left the address the language names.
func (p Placement) Moved() bool { return p.To != p.From }

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
	switch {
	case p.Moved():
		s += fmt.Sprintf(", moved from %s (%s)", off(p.From), p.FromClass)
	case p.Why != "":
		s += ": stays, " + p.Why
	}
	return s
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

// dwarfRSP is the stack pointer's DWARF number (x86-64; only amd64
// moves probes).
const dwarfRSP = 7

// regTags tracks the 17 DWARF general registers (0-16) through skipped
// code, and notes its first store to memory a script could read.
type regTags struct {
	r     [17]tag
	store string // why the skipped code's stores may change what the script reads ("" none)
}

func newTags() *regTags {
	t := &regTags{}
	for i := range t.r {
		t.r[i] = tag{i, 0}
	}
	return t
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

// groupReads is what a group's code reads that placement must keep.
type groupReads struct {
	regs  []int // DWARF numbers of the registers read (argN)
	stack bool  // ustack
	names map[string]bool
	// noMemory says the code reads no memory of the process: no program
	// value, no pointer, and calls only of readsNoMemory (calls.go).
	noMemory bool
}

func readsOf(g *parser.ProbeGroup, goABI bool) groupReads {
	var r groupReads
	var values bool
	r.names, values = programNames(g)
	r.noMemory = !values
	parser.Inspect(g, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Probe:
			return false
		case *parser.Ident:
			if b := builtins[n.Name]; b != nil {
				switch b.Kind {
				case BuiltinReg, BuiltinGoid:
					if !b.RetOnly {
						r.regs = append(r.regs, dwarfOfSlot(b.Reg))
					}
					if goABI && b.Arg >= 0 && b.Arg < len(arch.GoABI.IntRegs) {
						r.regs = append(r.regs, arch.GoABI.IntRegs[b.Arg]) // argN of a Go function
					}
				case BuiltinStack:
					r.stack = true
				}
			}
		case *parser.CallExpr:
			if n.Fn == "ustack" {
				r.stack = true
			}
			r.noMemory = r.noMemory && readsNoMemory(n.Fn)
		}
		return true
	})
	r.noMemory = r.noMemory && !r.stack
	return r
}

// dwarfOfSlot returns the DWARF number of a pt_regs slot.
func dwarfOfSlot(slot int) int {
	for r := 0; r < 17; r++ {
		if s, ok := debuginfo.PtRegsSlot(r); ok && s == slot {
			return r
		}
	}
	return -1
}

// groupInGo reports whether a uprobe of g is in a Go program, whose argN
// are Go's argument registers (goArg).
func (c *checker) groupInGo(g *Group) bool {
	for _, id := range g.Probes {
		p := &c.p.Probes[id]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		if bin := c.binaryAt(p); bin != nil && bin.IsGo() {
			return true
		}
	}
	return false
}

// placeAtFloor moves the group's function and line probes to the first
// instruction the kernel emulates, where that keeps their meaning.
func (c *checker) placeAtFloor(g *Group, s Scope) {
	var reads *groupReads
	for _, id := range g.Probes {
		p := &c.p.Probes[id]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		if reads == nil {
			r := readsOf(g.Node, c.groupInGo(g))
			reads = &r
		}
		if to, off, ok := c.goPastStackCheck(p); ok { // golang.go
			c.moveProbe(p, to, off, s)
		}
		pl := c.placeOne(p, *reads)
		c.p.Placements = append(c.p.Placements, pl)
		if !pl.Moved() {
			continue
		}
		off, ok := c.binaryAt(p).FileOffset(pl.To)
		if !ok {
			c.p.Placements[len(c.p.Placements)-1].To = pl.From
			continue
		}
		c.moveProbe(p, pl.To, off, s)
	}
}

// moveProbe moves probe p to address to (file offset off): what is known
// about it moves along, and its variables are looked up again there.
func (c *checker) moveProbe(p *ir.Probe, to, off uint64, s Scope) {
	pv := c.pvs()
	if pi := pv.probeInfo[probeKey{p.Binary, p.Address}]; pi != nil {
		pv.probeInfo[probeKey{p.Binary, to}] = pi
	}
	p.Address, p.Offset = to, off
	if ps, _ := s.(*progScope); ps != nil {
		for _, v := range ps.probes {
			if v.id == int(p.ID) {
				v.varsDone, v.vars, v.varsErr = false, nil, nil
			}
		}
	}
}

// placeOne decides where probe p goes.
func (c *checker) placeOne(p *ir.Probe, reads groupReads) Placement {
	pl := Placement{Probe: int(p.ID), From: p.Address, To: p.Address, FromClass: "?", ToClass: "?"}
	bin := c.binaryAt(p)
	if bin == nil {
		return pl
	}
	fn, ok := bin.FuncAt(p.Address)
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
	pi := c.pvs().probeInfo[probeKey{p.Binary, p.Address}]
	// Only at an out-of-line entry is the stack below the stack pointer
	// free: an inlined copy's caller may keep locals in its red zone.
	atEntry := p.Address == fn.Addr
	sc := scanFloor(code, fn.Addr, more, p.Address, atEntry, func() *binData { return c.binaryData(bin) })
	pl.FromClass, pl.ToClass, pl.Emulated = sc.fromClass, sc.fromClass, sc.fromEmulated
	pl.Why = sc.why
	switch {
	case sc.fromEmulated:
	case c.cfg.ExactPlacement:
		pl.Why = "--exact-placement"
	case c.pinned[int(p.ID)]:
		pl.Why = "an explicit address"
	case sc.to == sc.from:
	case pi != nil && pi.inst != nil && pi.inst.Inlined && !inRanges(pi.inst.Ranges, sc.to):
		pl.Why = "the inlined copy ends before an emulated instruction"
	default:
		pl.Why = c.readsSurvive(p, bin, sc, reads)
	}
	if pl.Why != "" {
		return pl
	}
	pl.To, pl.ToClass, pl.Emulated = sc.to, sc.toClass, sc.toEmulated
	return pl
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
func (c *checker) readsSurvive(p *ir.Probe, bin *debuginfo.Binary, sc floorScan, reads groupReads) string {
	t := sc.tags
	if t.store != "" && (p.Kind != ir.Uprobe || !reads.noMemory) {
		return t.store
	}
	if p.Kind == ir.Uretprobe {
		if !t.same(dwarfRSP) {
			return "the skipped code moves the stack pointer (a uretprobe)"
		}
		return ""
	}
	if reads.stack {
		return "the script reads the stack (ustack)"
	}
	for _, r := range reads.regs {
		if r < 0 || !t.same(r) {
			return fmt.Sprintf("the skipped code writes %s, which the script reads", debuginfo.RegName(r))
		}
	}
	if len(reads.names) == 0 {
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
	for _, name := range namesAt(reads.names, oldVars) {
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

// PlacementSummary counts emulated and single-stepped probes: "767
// probes: 713 emulated, 54 single-stepped".
func PlacementSummary(ps []Placement) string {
	emu, moved := 0, 0
	for _, p := range ps {
		if p.Emulated {
			emu++
		}
		if p.Moved() {
			moved++
		}
	}
	s := fmt.Sprintf("%d probes: %d emulated, %d single-stepped", len(ps), emu, len(ps)-emu)
	if moved > 0 {
		s += fmt.Sprintf(" (%d moved to an emulated instruction)", moved)
	}
	return s
}

// PlaceFunc reports where a probe on function copy fi goes when the
// script reads nothing: for gs -lv.
func PlaceFunc(bin *debuginfo.Binary, fi debuginfo.FuncInstance, exact bool) Placement {
	c := &checker{cfg: Config{ExactPlacement: exact}, p: &Program{}}
	c.binaries = map[string]*binEntry{bin.Path: {bin: bin}}
	c.pvs().probeInfo[probeKey{bin.Path, fi.Entry}] = &probeInfo{inst: &fi}
	p := &ir.Probe{Kind: ir.Uprobe, Binary: bin.Path, Address: fi.Entry}
	if to, off, ok := c.goPastStackCheck(p); ok { // golang.go
		c.moveProbe(p, to, off, nil)
	}
	return c.placeOne(p, groupReads{})
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
func (c *checker) binaryData(bin *debuginfo.Binary) *binData {
	if d, ok := c.codeRefs[bin.Path]; ok {
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
	if c.codeRefs == nil {
		c.codeRefs = map[string]*binData{}
	}
	c.codeRefs[bin.Path] = d
	return d
}
