// Package symbolize turns user-space addresses captured in the kernel into
// function+offset names, also after the traced process has exited.
//
// The interpreter captures stacks with BPF_F_USER_BUILD_ID, so most frames
// arrive as (build id, file offset) pairs that name a file's bytes, not a
// process's address space: they resolve without /proc/PID/maps. The
// symbolizer indexes the build ids of every module gs knows about (the
// probed binaries, their DT_NEEDED libraries, and the files mapped by
// processes it has seen), and falls back to a snapshot of /proc/PID/maps
// for frames that arrive as plain addresses.
package symbolize

import (
	"debug/elf"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/procmaps"
)

// Frame is one captured stack frame.
type Frame struct {
	BuildID    [20]byte
	HasBuildID bool
	Offset     uint64 // file offset within the module, when HasBuildID
	IP         uint64 // the address, otherwise
	// Caller marks a return address (every frame but a stack's first):
	// its source line is the call's, the byte before.
	Caller bool
}

// Symbol is a resolved frame.
type Symbol struct {
	Func   string // demangled ("geo::sum(int, int)"); "" when no symbol covers the address
	Off    uint64 // offset from the function's start
	Module string // base name of the module
	Path   string // the module's path, as the process maps it or the build id found it
	Addr   uint64 // the original address (0 when only a file offset was known)
	File   string // source file and line, with Symbolizer.Lines and DWARF
	Line   int
}

// String renders s the way stacks are printed: "main+29", or the module and
// address when no symbol is known.
func (s Symbol) String() string {
	if s.Func != "" {
		if s.Off == 0 {
			return s.Func
		}
		return fmt.Sprintf("%s+%d", s.Func, s.Off)
	}
	if s.Module != "" {
		return fmt.Sprintf("0x%x (%s)", s.Addr, s.Module)
	}
	return fmt.Sprintf("0x%x", s.Addr)
}

// WithLine renders s as String does, then " (file:line)" when the line is
// known.
func (s Symbol) WithLine() string {
	if s.Line == 0 {
		return s.String()
	}
	return fmt.Sprintf("%s (%s:%d)", s, s.File, s.Line)
}

// Symbolizer resolves frames. It is safe for concurrent use.
type Symbolizer struct {
	// Lines adds source file and line to symbols, from the module's DWARF
	// (found as debuginfo.Binary.Debug finds it).
	Lines bool

	mu      sync.Mutex
	byBuild map[string]string // hex build id → path
	bins    map[string]*debuginfo.Binary
	seen    map[string]bool // paths indexed
	procs   map[int][]procmaps.Mapping
	fixed   []fixedSeg         // the executable segments of the modules that load at their link addresses
	res     debuginfo.Resolver // DT_NEEDED libraries, on the host
	names   map[string]string  // symbol → demangled, for frames seen before
}

// fixedSeg is an executable segment of a module of type ET_EXEC: every
// process maps it at its link address, so an address in it resolves
// without the process's maps (a usym value taken system-wide).
type fixedSeg struct {
	path             string
	vaddr, size, off uint64
}

// New returns an empty symbolizer.
func New() *Symbolizer {
	return &Symbolizer{
		byBuild: map[string]string{},
		bins:    map[string]*debuginfo.Binary{},
		seen:    map[string]bool{},
		procs:   map[int][]procmaps.Mapping{},
		names:   map[string]string{},
	}
}

// AddModule indexes path and, recursively, the libraries it needs.
func (s *Symbolizer) AddModule(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addModule(path, 0)
}

func (s *Symbolizer) addModule(path string, depth int) {
	if s.seen[path] || depth > 8 {
		return
	}
	s.seen[path] = true
	f, err := elf.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	// The kernel reports build ids as 20 bytes, zero-padded; the
	// unwinder names a file without one by a digest (FrameID).
	if id, ok := debuginfo.FrameID(f, path); ok {
		s.byBuild[hex.EncodeToString(id[:])] = path
	}
	if f.Type == elf.ET_EXEC {
		for _, p := range f.Progs {
			if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 {
				s.fixed = append(s.fixed, fixedSeg{path: path, vaddr: p.Vaddr, size: p.Filesz, off: p.Off})
			}
		}
	}
	for _, lib := range s.res.Needed(f, path) {
		if lib.Path != "" {
			s.addModule(lib.Path, depth+1)
		}
	}
}

// SnapshotProcess records pid's executable mappings (and indexes their
// files), so that plain addresses from pid resolve after it exits.
func (s *Symbolizer) SnapshotProcess(pid int) error {
	all, err := procmaps.Read(pid)
	if err != nil {
		return fmt.Errorf("snapshot maps of %d: %w", pid, err)
	}
	var maps []procmaps.Mapping
	for _, m := range all {
		if m.Exec() && m.File() {
			maps = append(maps, m)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(maps) > 0 {
		s.procs[pid] = maps
	}
	for _, m := range maps {
		s.addModule(m.Path, 0)
	}
	return nil
}

// Resolve names one frame of process pid.
func (s *Symbolizer) Resolve(pid int, fr Frame) Symbol {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, off, ok := s.module(pid, fr)
	switch {
	case ok:
		return s.symbolAtOffset(path, off, fr.IP, fr.Caller)
	case fr.HasBuildID:
		return Symbol{Addr: fr.Offset, Module: "build-id " + hex.EncodeToString(fr.BuildID[:4])}
	}
	return Symbol{Addr: fr.IP}
}

// module finds the file that holds fr and fr's offset in it.
func (s *Symbolizer) module(pid int, fr Frame) (path string, off uint64, ok bool) {
	if fr.HasBuildID {
		path, ok := s.byBuild[hex.EncodeToString(fr.BuildID[:])]
		return path, fr.Offset, ok
	}
	for _, m := range s.procs[pid] {
		if fr.IP >= m.Start && fr.IP < m.End {
			return m.Path, fr.IP - m.Start + m.Offset, true
		}
	}
	if len(s.procs[pid]) == 0 { // no maps of the process: a module at its link address holds it
		for _, g := range s.fixed {
			if fr.IP >= g.vaddr && fr.IP < g.vaddr+g.size {
				return g.path, fr.IP - g.vaddr + g.off, true
			}
		}
	}
	return "", 0, false
}

// Location is where a frame is in its module, and the functions at it.
type Location struct {
	Symbol // as Resolve names the frame; Path is "" when no module holds it
	// Offset is the frame's file offset in the module at Path.
	Offset uint64
	// BuildID is the module's GNU build id, in hex ("" when it has none).
	BuildID string
	// Funcs are the functions at the frame, innermost first: the bodies
	// inlined there (from DWARF), then the function that holds them, each
	// at its source line where DWARF gives one. Without DWARF it is the
	// symbol alone; empty when no symbol covers the frame.
	Funcs []debuginfo.InlineFrame
}

// Locate resolves one frame of process pid as Resolve does, with its
// module's file offset and build id and the inlined functions at it.
func (s *Symbolizer) Locate(pid int, fr Frame) Location {
	s.mu.Lock()
	defer s.mu.Unlock()
	path, off, ok := s.module(pid, fr)
	if !ok {
		if fr.HasBuildID {
			return Location{Symbol: Symbol{Addr: fr.Offset, Module: "build-id " + hex.EncodeToString(fr.BuildID[:4])}, Offset: fr.Offset}
		}
		return Location{Symbol: Symbol{Addr: fr.IP}}
	}
	loc := Location{Symbol: s.symbolAtOffset(path, off, fr.IP, fr.Caller), Offset: off}
	b := s.bins[path] // symbolAtOffset opened it
	if b == nil {
		return loc
	}
	loc.BuildID = b.BuildID()
	if loc.Func == "" {
		return loc
	}
	vaddr, _ := b.VirtualAddress(off)
	pc := vaddr
	if fr.Caller && pc > 0 {
		pc-- // the call, not what follows it
	}
	if d, err := b.Debug(); err == nil {
		if fns, ok := d.InlinedAt(pc); ok {
			// The outermost is the symbol gs prints (a clone's
			// "work.constprop.0", demangled with its parameters).
			fns[len(fns)-1].Func = loc.Func
			loc.Funcs = fns
			return loc
		}
	}
	file, line, _ := b.LineAt(pc)
	loc.Funcs = []debuginfo.InlineFrame{{Func: loc.Func, File: file, Line: line}}
	return loc
}

func (s *Symbolizer) symbolAtOffset(path string, off, addr uint64, caller bool) Symbol {
	sym := Symbol{Module: filepath.Base(path), Path: path, Addr: addr}
	if addr == 0 {
		sym.Addr = off
	}
	b, ok := s.bins[path]
	if !ok {
		var err error
		if b, err = debuginfo.Open(path); err != nil {
			b = nil
		}
		s.bins[path] = b
	}
	if b == nil {
		return sym
	}
	vaddr, ok := b.VirtualAddress(off)
	if !ok {
		return sym
	}
	fn, ok := b.FuncAt(vaddr)
	if !ok && b.File.Section(".symtab") == nil && b.DebugSymbols() {
		// Stripped to .dynsym (libc): the debug file names local functions.
		fn, ok = b.FuncAt(vaddr)
	}
	if ok {
		name, ok := s.names[fn.Name]
		if !ok {
			name = b.FuncName(fn) // demangled
			s.names[fn.Name] = name
		}
		sym.Func, sym.Off = name, vaddr-fn.Addr
	}
	if s.Lines {
		pc := vaddr
		if caller && pc > 0 {
			pc-- // the call, not what follows it
		}
		sym.File, sym.Line, _ = b.LineAt(pc)
	}
	return sym
}
