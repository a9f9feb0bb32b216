package debuginfo

import (
	"debug/buildinfo"
	"debug/elf"
	"debug/gosym"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"strings"
)

// This file reads what a Go binary keeps for its own stack traces when
// it is built without DWARF and symbols (-ldflags='-s -w', the usual
// release and container build): .gopclntab, the runtime's table of every
// function's name, entry, end and pc → file:line, and .go.buildinfo,
// the Go version. debug/gosym reads the table in each format Go has
// written since 1.16 (magic 0xfffffffa for 1.16, 0xfffffff0 for 1.18,
// 0xfffffff1 for 1.20: src/debug/gosym/pclntab.go); this file finds its
// text base.
//
// The functions of the table become the Binary's function symbols when
// the file has no .symtab, so that probes, -l, func, usym and ustack
// name them as they would a symbol table's.

// pclntab is a Go binary's .gopclntab, parsed.
type pclntab struct {
	tab     *gosym.Table
	version string // the magic's Go version: "1.16", "1.18", "1.20"
	funcs   []goFunc
	pctab   []byte
	quantum uint64 // the instruction size unit of pc deltas
}

// goFunc is one function of the table: its code is [Entry, Entry+Size)
// (the end of its pc-value tables: without the padding up to the next
// function, as its symbol's size), and its SP delta table is at pcsp in
// pctab.
type goFunc struct {
	Name        string
	Entry, Size uint64
	pcsp        uint32
}

// goPclnMagics are the magic numbers at the start of .gopclntab (the
// first 4 bytes, little-endian on amd64), from src/debug/gosym/pclntab.go
// and src/internal/abi/symtab.go's PCLnTabMagic history.
var goPclnMagics = map[uint32]string{
	0xfffffffa: "1.16",
	0xfffffff0: "1.18",
	0xfffffff1: "1.20",
}

// errNoPclntab is a binary without .gopclntab.
var errNoPclntab = errors.New("no .gopclntab section")

// readPclntab parses f's .gopclntab.
func readPclntab(f *elf.File) (*pclntab, error) {
	s := f.Section(".gopclntab")
	if s == nil {
		s = f.Section(".data.rel.ro.gopclntab") // an externally linked PIE
	}
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil, errNoPclntab
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("read .gopclntab: %w", err)
	}
	if len(data) < 8 {
		return nil, fmt.Errorf("read .gopclntab: %d bytes is too short", len(data))
	}
	version, ok := goPclnMagics[binary.LittleEndian.Uint32(data)]
	if !ok {
		return nil, fmt.Errorf("read .gopclntab: unknown magic %#x (Go before 1.16 or not a pclntab)", binary.LittleEndian.Uint32(data))
	}
	ptr := int(data[7])
	if ptr != 8 || len(data) < 8+3*ptr {
		return nil, fmt.Errorf("read .gopclntab: pointer size %d", ptr)
	}
	text, err := pclnText(f, data, version)
	if err != nil {
		return nil, err
	}
	var tab *gosym.Table
	err = func() (err error) {
		// debug/gosym indexes the table it is given without bounds checks
		// of its own in places: a corrupt one panics.
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("corrupt .gopclntab: %v", r)
			}
		}()
		tab, err = gosym.NewTable(nil, gosym.NewLineTable(data, text))
		return err
	}()
	if err != nil {
		return nil, fmt.Errorf("read .gopclntab: %w", err)
	}
	p := &pclntab{tab: tab, version: version, quantum: uint64(data[6])}
	if err := p.readFuncs(data, text); err != nil {
		return nil, fmt.Errorf("read .gopclntab: %w", err)
	}
	return p, nil
}

// readFuncs reads the function table: each function's entry and the
// offset of its _func, whose pcsp field gives its SP deltas and, by
// where they end, its size. The layouts are runtime/symtab.go's
// (functab, _func) as src/debug/gosym/pclntab.go reads them: 1.18
// changed entries from addresses to 32-bit offsets from the text start.
func (p *pclntab) readFuncs(data []byte, text uint64) error {
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(data[8+8*i:]) }
	nfunc := word(0)
	var pctabOff, funcOff uint64
	entrySize, pcspField := uint64(4), uint64(4+3*4) // 1.18: entryOff uint32, nameOff, args, deferreturn, pcsp
	if p.version == "1.16" {
		pctabOff, funcOff = word(5), word(6)
		entrySize, pcspField = 8, 8+3*4 // entry uintptr
	} else {
		pctabOff, funcOff = word(6), word(7)
	}
	if pctabOff > uint64(len(data)) || funcOff > uint64(len(data)) {
		return errors.New("offsets past the end")
	}
	p.pctab = data[pctabOff:]
	ft := data[funcOff:]
	if (nfunc*2+1)*entrySize > uint64(len(ft)) {
		return fmt.Errorf("%d functions do not fit", nfunc)
	}
	read := func(b []byte, off uint64) (uint64, bool) {
		if off+entrySize > uint64(len(b)) {
			return 0, false
		}
		if entrySize == 4 {
			return uint64(binary.LittleEndian.Uint32(b[off:])), true
		}
		return binary.LittleEndian.Uint64(b[off:]), true
	}
	p.funcs = make([]goFunc, 0, nfunc)
	for i := uint64(0); i < nfunc; i++ {
		entry, _ := read(ft, 2*i*entrySize)
		off, _ := read(ft, (2*i+1)*entrySize)
		next, _ := read(ft, (2*i+2)*entrySize)
		if entrySize == 4 {
			entry, next = entry+text, next+text
		}
		if off+pcspField+4 > uint64(len(ft)) {
			return fmt.Errorf("function %d: _func past the end", i)
		}
		fn := goFunc{Entry: entry, pcsp: binary.LittleEndian.Uint32(ft[off+pcspField:])}
		if int(i) < len(p.tab.Funcs) && p.tab.Funcs[i].Entry == entry {
			fn.Name = p.tab.Funcs[i].Name
		} else if f := p.tab.PCToFunc(entry); f != nil {
			fn.Name = f.Name
		}
		fn.Size = next - entry
		if n, ok := p.spEnd(fn); ok && n > 0 && n <= fn.Size {
			fn.Size = n
		}
		p.funcs = append(p.funcs, fn)
	}
	return nil
}

// goSP is one step of a function's SP delta table: from Off (bytes from
// the entry) on, the function has pushed Delta bytes on the stack.
type goSP struct {
	Off   uint64
	Delta int32
}

// spDeltas decodes fn's pcsp table (runtime/symtab.go's pcvalue: each
// step a zig-zag varint value delta, then a varint pc delta in quanta;
// the value starts at -1 and a zero value delta after the first step
// ends the table).
func (p *pclntab) spDeltas(fn goFunc) ([]goSP, uint64, error) {
	if uint64(fn.pcsp) >= uint64(len(p.pctab)) {
		return nil, 0, fmt.Errorf("%s: pcsp offset %d past the end", fn.Name, fn.pcsp)
	}
	b := p.pctab[fn.pcsp:]
	uvarint := func() (uint64, bool) {
		v, n := binary.Uvarint(b)
		if n <= 0 {
			return 0, false
		}
		b = b[n:]
		return v, true
	}
	var out []goSP
	val, pc := int64(-1), uint64(0)
	for first := true; ; first = false {
		uv, ok := uvarint()
		if !ok {
			return nil, 0, fmt.Errorf("%s: pcsp table cut short", fn.Name)
		}
		if uv == 0 && !first {
			return out, pc, nil
		}
		val += int64(uv>>1) ^ -int64(uv&1)
		d, ok := uvarint()
		if !ok {
			return nil, 0, fmt.Errorf("%s: pcsp table cut short", fn.Name)
		}
		out = append(out, goSP{Off: pc, Delta: int32(val)})
		pc += d * p.quantum
		if len(out) > 1<<20 {
			return nil, 0, fmt.Errorf("%s: pcsp table too long", fn.Name)
		}
	}
}

// spEnd returns where fn's pcsp table ends: the size of its code.
func (p *pclntab) spEnd(fn goFunc) (uint64, bool) {
	_, end, err := p.spDeltas(fn)
	return end, err == nil
}

// pclnText returns the address the function entries of a 1.18 or later
// table count from: runtime.text. The header's textStart holds it when
// the linker wrote it (an external link: the C runtime's code comes
// first in .text); Go's own linker leaves it 0 and starts .text with
// runtime.text, which is what cmd/internal/objfile takes. A 1.16 table
// holds absolute entries.
func pclnText(f *elf.File, data []byte, version string) (uint64, error) {
	text := f.Section(".text")
	if text == nil {
		return 0, errors.New("read .gopclntab: no .text section")
	}
	if version == "1.16" {
		return text.Addr, nil
	}
	if start := binary.LittleEndian.Uint64(data[8+2*8:]); start != 0 {
		if start < text.Addr || start >= text.Addr+text.Size {
			return 0, fmt.Errorf("read .gopclntab: text start %#x is outside .text", start)
		}
		return start, nil
	}
	return text.Addr, nil
}

// addGoFuncs makes the functions of b's .gopclntab its function symbols
// when b, a Go binary, has no .symtab (stripped, or linked with -s).
func (b *Binary) addGoFuncs() {
	if b.File.Section(".symtab") != nil {
		return
	}
	p, err := readPclntab(b.File)
	if err != nil {
		b.pclnErr = err
		return
	}
	b.pcln = p
	syms := make([]elf.Symbol, 0, len(p.funcs))
	for _, fn := range p.funcs {
		if fn.Size == 0 || fn.Name == "" || strings.HasPrefix(fn.Name, "go:") {
			continue // go:textfipsstart and the like mark places, not functions
		}
		// The name its ELF symbol would have: Go's linker writes "·" as "."
		// there (cmd/link/internal/ld/symtab.go, putelfsym).
		name := strings.ReplaceAll(fn.Name, "·", ".")
		syms = append(syms, elf.Symbol{Name: name, Info: elf.ST_INFO(elf.STB_GLOBAL, elf.STT_FUNC),
			Section: elf.SHN_ABS, Value: fn.Entry, Size: fn.Size})
	}
	b.addFuncSymbols(syms, FromPclntab)
}

// goTable returns b's .gopclntab for lines and stack deltas, where DWARF
// does not have them: a Go binary linked with -s has it read at Open,
// one with only -w (symbols, no DWARF) reads it here, once; nil when b has
// none or it cannot be read.
func (b *Binary) goTable() *pclntab {
	if b.pcln != nil || b.pclnErr != nil {
		return b.pcln
	}
	if b.pclnLazy == nil {
		b.pclnLazy = &lazyPcln{}
		b.pclnLazy.p, _ = readPclntab(b.File)
	}
	return b.pclnLazy.p
}

// lazyPcln is the .gopclntab of a Go binary that has a symbol table, read
// on first need.
type lazyPcln struct{ p *pclntab }

// GoPclntab reports whether b's functions come from its .gopclntab (a Go
// binary without a symbol table), and the table's format ("1.18").
func (b *Binary) GoPclntab() (version string, ok bool) {
	if b.pcln == nil {
		return "", false
	}
	return b.pcln.version, true
}

// GoPclntabErr returns why b's .gopclntab could not be read, nil when b
// has none or it was read (or b has a symbol table).
func (b *Binary) GoPclntabErr() error {
	if errors.Is(b.pclnErr, errNoPclntab) {
		return nil
	}
	return b.pclnErr
}

// LineAt returns the source file and line of pc: from the DWARF, else
// from the .gopclntab of a Go binary without DWARF (-s -w, or -w).
func (b *Binary) LineAt(pc uint64) (file string, line int, ok bool) {
	if d, err := b.Debug(); err == nil {
		return d.LineAt(pc)
	}
	p := b.goTable()
	if p == nil {
		return "", 0, false
	}
	defer func() { // debug/gosym does not check every offset of a corrupt table
		if recover() != nil {
			file, line, ok = "", 0, false
		}
	}()
	file, line, fn := p.tab.PCToLine(pc)
	if fn == nil || file == "" || line == 0 {
		return "", 0, false
	}
	return file, line, true
}

// GoVersion returns the Go version that built b, from .go.buildinfo
// ("go1.19.8"), or "" when it cannot be read.
func (b *Binary) GoVersion() string {
	bi, err := buildinfo.ReadFile(b.Path)
	if err != nil {
		return ""
	}
	return bi.GoVersion
}

// goMinor returns the major and minor numbers of a Go version
// ("go1.19.8": 1, 19).
func goMinor(v string) (major, minor int, ok bool) {
	v = strings.TrimPrefix(v, "go")
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &minor); err != nil {
		return 0, 0, false
	}
	return major, minor, true
}

// goUnwindTable builds the unwind table of a Go binary without call frame
// information from its SP delta tables, as Go's linker builds
// .debug_frame from them (cmd/link/internal/ld/dwarf.go, writeframes):
// CFA = rsp + delta + 8 (the return address CALL pushed), the return
// address at CFA-8, rbp left alone.
func (p *pclntab) goUnwindTable() (*UnwindTable, error) {
	t := &UnwindTable{}
	var end uint64
	for _, fn := range p.funcs {
		if fn.Size == 0 || fn.Entry < end {
			continue
		}
		sps, _, err := p.spDeltas(fn)
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(fn.Name, "go:") {
			continue // a marker (go:textfipsstart), not a function
		}
		if fn.Entry > end && len(t.Rows) > 0 {
			t.Rows = append(t.Rows, UnwindRow{PC: end})
		}
		first := len(t.Rows)
		for _, sp := range sps {
			if sp.Off >= fn.Size {
				break
			}
			row := UnwindRow{PC: fn.Entry + sp.Off, Kind: UnwindCFA, CFAReg: 7, CFAOff: int64(sp.Delta) + 8}
			if n := len(t.Rows); n > first && t.Rows[n-1].CFAOff == row.CFAOff {
				continue
			}
			t.Rows = append(t.Rows, row)
		}
		end = fn.Entry + fn.Size
	}
	if len(t.Rows) == 0 {
		return nil, ErrNoCFI
	}
	t.Rows = append(t.Rows, UnwindRow{PC: end})
	return t, nil
}

// mergeUnwind returns the rows of a and of b where a has none: the table
// of a cgo binary, whose C code has FDEs and whose Go code has only SP
// delta tables.
func mergeUnwind(a, b *UnwindTable) *UnwindTable {
	type span struct {
		lo, hi uint64
		row    UnwindRow
	}
	spans := func(t *UnwindTable) []span {
		var out []span
		for i := 0; i+1 < len(t.Rows); i++ {
			if r := t.Rows[i]; r.Kind != UnwindNone {
				out = append(out, span{r.PC, t.Rows[i+1].PC, r})
			}
		}
		return out
	}
	sa, sb := spans(a), spans(b)
	covered := func(lo, hi uint64) bool { // does a span of a overlap [lo, hi)?
		i := sort.Search(len(sa), func(i int) bool { return sa[i].hi > lo })
		return i < len(sa) && sa[i].lo < hi
	}
	all := sa
	for _, s := range sb {
		if !covered(s.lo, s.hi) {
			all = append(all, s)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].lo < all[j].lo })
	t := &UnwindTable{FramePointers: a.FramePointers && b.FramePointers, Frameless: append(a.Frameless, b.Frameless...)}
	var end uint64
	for _, s := range all {
		if s.lo > end && len(t.Rows) > 0 {
			t.Rows = append(t.Rows, UnwindRow{PC: end})
		}
		t.Rows = append(t.Rows, s.row)
		end = s.hi
	}
	t.Rows = append(t.Rows, UnwindRow{PC: end})
	return t
}
