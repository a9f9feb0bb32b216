// Package debuginfo reads what gs needs from a traced binary: ELF symbols,
// the mapping from virtual addresses to file offsets, build ids, which
// file a binary or library name stands for (Resolver, resolve.go), and
// DWARF: function copies (out-of-line and inlined), the variables visible
// at a pc with their locations there, globals, types, line tables and the
// CFA.
//
// It knows nothing about scripts: sema asks it questions ("where is
// function add", "which variables are visible at 0x1139") and turns the
// answers into types and bytecode plans.
//
// # Locations
//
// A Location is a list of Pieces; each piece's Ops is a small stack
// program already specialised to the pc (frame base, CFA and entry values
// resolved), using only: LocReg (the value is a register: PtRegsSlot gives
// its ir.OpLdReg slot), LocBreg (push register + offset), LocAddr (a
// link-time address: add the module's load bias, ir.OpLdBias, when Bias is
// set), constants, LocDeref (ir.OpLoad) and arithmetic. gen can lower it
// with a compile-time stack of ir registers. What cannot be evaluated
// safely is reported as unavailable with a reason, never as a guess.
//
// Debug is loaded lazily (Binary.Debug) from the binary or a separate
// debug file (.gnu_debuglink, build-id under DebugDirs,
// OpenWithDebugFile, or a debuginfod server: Debuginfod). It is x86-64 only (register numbers, pt_regs).
package debuginfo

import (
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// ErrNoSymbols is returned when a binary has neither .symtab nor .dynsym.
var ErrNoSymbols = errors.New("binary has no symbol table")

// ErrNotELF is returned for a file that does not start with the ELF magic.
var ErrNotELF = errors.New("not an ELF file")

// ErrCorruptELF is returned for a file that starts like an ELF file but
// whose headers cannot be read; its text is "corrupt ELF".
var ErrCorruptELF = errors.New("corrupt ELF")

// Func is a function symbol of a binary.
type Func struct {
	Name   string
	Addr   uint64 // link-time virtual address
	Size   uint64
	Offset uint64 // file offset of Addr, what the kernel's uprobe API wants
	From   string // the table that named it: FromSymtab, FromMiniDebug, ... (minidebug.go)
}

// Binary is an opened ELF file with its symbols indexed.
type Binary struct {
	Path   string
	File   *elf.File
	Raw    bool           // no ELF file: a flat binary (OpenRaw)
	closer io.Closer      // the zip archive an entry was opened from (zip.go)
	funcs  []Func         // sorted by Addr
	byNm   map[string]int // name → index in funcs (first definition)
	progs  []*elf.Prog
	// PIE is true for ET_DYN objects: their addresses are relative to a
	// load bias chosen at run time.
	PIE bool

	debugFile *elf.File // where DWARF comes from: File or a separate file
	debugPath string
	debugFrom string // how debugPath was found (debuginfod.go)
	fetchErr  error  // why debuginfod did not deliver it
	dbg       *Debug
	dbgErr    error
	dbgDone   bool

	nameIx nameIndex // demangled names of funcs (names.go)

	goRT      *GoRuntime // golang.go
	pcln      *pclntab   // pclntab.go: the functions of a Go binary without .symtab
	pclnErr   error
	pclnLazy  *lazyPcln // pclntab.go: the table of a Go binary with symbols but no DWARF
	goRTErr   error
	goRTDone  bool
	symsDone  bool // DebugSymbols ran
	symsAdded bool
	miniErr   error // why .gnu_debugdata could not be read (minidebug.go)

	unwind unwindFacts // unwinds.go
}

// Open opens path and indexes its function symbols.
func Open(path string) (*Binary, error) {
	if archive, entry, ok := SplitZip(path); ok {
		return openInZip(archive, entry) // zip.go
	}
	f, err := openELF(path)
	if err != nil {
		return nil, fmt.Errorf("open binary %s: %w", path, err)
	}
	return newBinary(path, f, 0), nil
}

// newBinary indexes the symbols of f, opened from path; shift is where
// f starts in path's file (an entry of a zip archive), added to its file
// offsets.
func newBinary(path string, f *elf.File, shift uint64) *Binary {
	b := &Binary{Path: path, File: f, byNm: map[string]int{}, PIE: f.Type == elf.ET_DYN}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			if shift != 0 {
				q := *p
				q.Off += shift
				p = &q
			}
			b.progs = append(b.progs, p)
		}
	}
	// gdb's order (minidebug.go): a name the first table gives for an
	// address is the one kept.
	syms, _ := f.Symbols()
	b.addFuncSymbols(syms, FromSymtab)
	mini, err := miniDebugSymbols(f)
	b.miniErr = err
	b.addFuncSymbols(mini, FromMiniDebug)
	dyn, _ := f.DynamicSymbols()
	b.addFuncSymbols(dyn, FromDynsym)
	b.addGoFuncs()
	return b
}

// openELF opens an ELF file, telling a file that is no ELF file
// (ErrNotELF) from one whose headers are broken (ErrCorruptELF).
func openELF(path string) (*elf.File, error) {
	f, err := elf.Open(path)
	if err == nil {
		return f, nil
	}
	if errors.Is(err, os.ErrNotExist) {
		return nil, errors.New("no such file")
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return nil, err
	}
	if !hasELFMagic(path) {
		return nil, ErrNotELF
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("%w: a header points past the end of the file", ErrCorruptELF)
	}
	return nil, fmt.Errorf("%w: %s", ErrCorruptELF, strings.TrimPrefix(err.Error(), "elf: "))
}

func hasELFMagic(path string) bool {
	r, err := os.Open(path)
	if err != nil {
		return false
	}
	defer r.Close()
	var magic [4]byte
	_, err = io.ReadFull(r, magic[:])
	return err == nil && string(magic[:]) == elf.ELFMAG
}

// addFuncSymbols indexes the function symbols of syms that are not known
// yet (by name and address); from names the table they come from.
func (b *Binary) addFuncSymbols(syms []elf.Symbol, from string) {
	known := make(map[Func]bool, len(b.funcs))
	for _, fn := range b.funcs {
		known[Func{Name: fn.Name, Addr: fn.Addr}] = true
	}
	for _, s := range syms {
		if elf.ST_TYPE(s.Info) != elf.STT_FUNC && elf.ST_TYPE(s.Info) != elf.STT_GNU_IFUNC {
			continue
		}
		if s.Section == elf.SHN_UNDEF || s.Value == 0 {
			continue
		}
		name := s.Name
		if i := strings.IndexByte(name, '@'); i > 0 { // versioned dynamic symbol: malloc@@GLIBC_2.2.5
			name = name[:i]
		}
		if known[Func{Name: name, Addr: s.Value}] {
			continue
		}
		off, ok := b.FileOffset(s.Value)
		if !ok {
			continue
		}
		known[Func{Name: name, Addr: s.Value}] = true
		b.funcs = append(b.funcs, Func{Name: name, Addr: s.Value, Size: s.Size, Offset: off, From: from})
	}
	sort.SliceStable(b.funcs, func(i, j int) bool { return b.funcs[i].Addr < b.funcs[j].Addr })
	b.byNm = make(map[string]int, len(b.funcs))
	for i, fn := range b.funcs {
		if _, dup := b.byNm[fn.Name]; !dup {
			b.byNm[fn.Name] = i
		}
	}
}

// Close releases the file and the separate debug file, if any.
func (b *Binary) Close() error {
	if b.debugFile != nil && b.debugFile != b.File {
		b.debugFile.Close()
	}
	if b.closer != nil {
		b.closer.Close()
	}
	return b.File.Close()
}

// HasSymbols reports whether any function symbol was found.
func (b *Binary) HasSymbols() bool { return len(b.funcs) > 0 }

// LookupFunc finds a function symbol by exact name.
func (b *Binary) LookupFunc(name string) (Func, bool) {
	i, ok := b.byNm[name]
	if !ok {
		return Func{}, false
	}
	return b.funcs[i], true
}

// MatchFuncs returns the functions whose names match a shell-style
// pattern (`*`, `?`, [class]): the symbol's own name, or its demangled
// qualified name or signature (names.go). Sorted by name, each symbol
// once, clones (.cold, .constprop.0) only by their symbol name.
func (b *Binary) MatchFuncs(pattern string) []Func {
	q := NewQuery(pattern)
	withSig := q.needsSig()
	mangled := b.nameIdx().mangled
	var out []Func
	seen := map[string]bool{}
	for i, fn := range b.funcs {
		if seen[fn.Name] {
			continue
		}
		ok := glob(pattern, fn.Name)
		if !ok && mangled && isMangled(fn.Name) && q.mayMatch(fn.Name) {
			ok = q.matchPattern(b.namesAt(i, withSig))
		}
		if ok {
			seen[fn.Name] = true
			out = append(out, fn)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// FuncAt returns the function symbol containing addr.
func (b *Binary) FuncAt(addr uint64) (Func, bool) {
	i := sort.Search(len(b.funcs), func(i int) bool { return b.funcs[i].Addr > addr }) - 1
	for ; i >= 0; i-- {
		fn := b.funcs[i]
		if addr >= fn.Addr && (addr < fn.Addr+fn.Size || (fn.Size == 0 && addr == fn.Addr)) {
			return fn, true
		}
		if fn.Addr+fn.Size < addr && fn.Size != 0 {
			break
		}
	}
	return Func{}, false
}

// FuncNames returns all function names, for "did you mean" suggestions:
// the symbols, and the qualified names of mangled ones.
func (b *Binary) FuncNames() []string {
	out := make([]string, 0, len(b.byNm))
	for n := range b.byNm {
		out = append(out, n)
	}
	if b.nameIdx().mangled {
		seen := map[string]bool{}
		for i := range b.funcs {
			if n := b.namesAt(i, false); n.qual != n.raw && !n.clone && !seen[n.qual] {
				seen[n.qual] = true
				out = append(out, n.qual)
			}
		}
	}
	sort.Strings(out)
	return out
}

// FileOffset converts a link-time virtual address into a file offset using
// the PT_LOAD segments.
func (b *Binary) FileOffset(addr uint64) (uint64, bool) {
	for _, p := range b.progs {
		if addr >= p.Vaddr && addr < p.Vaddr+p.Filesz {
			return addr - p.Vaddr + p.Off, true
		}
	}
	return 0, false
}

// Code returns the machine code of fn, read from the executable section
// that holds it, or nil when fn has no size or no such section holds it.
func (b *Binary) Code(fn Func) ([]byte, error) {
	if fn.Size == 0 {
		return nil, nil
	}
	if fn.Size > 1<<20 {
		return nil, fmt.Errorf("read code of %s: %d bytes is too large", fn.Name, fn.Size)
	}
	for _, s := range b.File.Sections {
		if s.Flags&elf.SHF_EXECINSTR == 0 || s.Type != elf.SHT_PROGBITS {
			continue
		}
		if fn.Addr >= s.Addr && fn.Addr+fn.Size <= s.Addr+s.Size {
			code := make([]byte, fn.Size)
			if _, err := s.ReadAt(code, int64(fn.Addr-s.Addr)); err != nil {
				return nil, fmt.Errorf("read code of %s: %w", fn.Name, err)
			}
			return code, nil
		}
	}
	return nil, nil
}

// VirtualAddress converts a file offset into a link-time virtual address
// using the PT_LOAD segments (the inverse of FileOffset).
func (b *Binary) VirtualAddress(off uint64) (uint64, bool) {
	for _, p := range b.progs {
		if off >= p.Off && off < p.Off+p.Filesz {
			return off - p.Off + p.Vaddr, true
		}
	}
	return 0, false
}

// IsGo reports whether b was built by the Go toolchain (it has Go's build
// information section or its runtime's entry symbol).
func (b *Binary) IsGo() bool {
	if b.File.Section(".go.buildinfo") != nil {
		return true
	}
	_, ok := b.LookupFunc("runtime.main")
	return ok
}

// LookupData returns the link-time address and size of the defined data
// or function symbol name (.symtab first, then .dynsym), as bpftrace's
// uaddr() resolves it. Thread-local symbols have no address and are not
// returned.
func (b *Binary) LookupData(name string) (addr, size uint64, ok bool) {
	for _, read := range []func() ([]elf.Symbol, error){b.File.Symbols, b.File.DynamicSymbols} {
		syms, _ := read()
		for _, s := range syms {
			switch elf.ST_TYPE(s.Info) {
			case elf.STT_OBJECT, elf.STT_FUNC, elf.STT_NOTYPE:
				if s.Name == name && s.Section != elf.SHN_UNDEF && s.Value != 0 {
					return s.Value, s.Size, true
				}
			}
		}
	}
	return 0, 0, false
}
