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
	"bufio"
	"debug/elf"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/gs-tracer/gs/debuginfo"
)

// Frame is one captured stack frame.
type Frame struct {
	BuildID    [20]byte
	HasBuildID bool
	Offset     uint64 // file offset within the module, when HasBuildID
	IP         uint64 // the address, otherwise
}

// Symbol is a resolved frame.
type Symbol struct {
	Func   string // "" when no symbol covers the address
	Off    uint64 // offset from the function's start
	Module string // base name of the module
	Addr   uint64 // the original address (0 when only a file offset was known)
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

type mapping struct {
	start, end, pgoff uint64
	path              string
}

// Symbolizer resolves frames. It is safe for concurrent use.
type Symbolizer struct {
	mu      sync.Mutex
	byBuild map[string]string // hex build id → path
	bins    map[string]*debuginfo.Binary
	seen    map[string]bool // paths indexed
	procs   map[int][]mapping
}

// New returns an empty symbolizer.
func New() *Symbolizer {
	return &Symbolizer{
		byBuild: map[string]string{},
		bins:    map[string]*debuginfo.Binary{},
		seen:    map[string]bool{},
		procs:   map[int][]mapping{},
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
	if id := buildID(f); id != "" {
		s.byBuild[id] = path
	}
	libs, _ := f.ImportedLibraries()
	for _, lib := range libs {
		if p, err := debuginfo.FindLibrary(lib); err == nil {
			s.addModule(p, depth+1)
		}
	}
}

// SnapshotProcess records pid's executable mappings (and indexes their
// files), so that plain addresses from pid resolve after it exits.
func (s *Symbolizer) SnapshotProcess(pid int) error {
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		return fmt.Errorf("snapshot maps of %d: %w", pid, err)
	}
	defer f.Close()
	var maps []mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || !strings.Contains(fields[1], "x") || !strings.HasPrefix(fields[5], "/") {
			continue
		}
		lo, hi, _ := strings.Cut(fields[0], "-")
		start, _ := strconv.ParseUint(lo, 16, 64)
		end, _ := strconv.ParseUint(hi, 16, 64)
		pgoff, _ := strconv.ParseUint(fields[2], 16, 64)
		maps = append(maps, mapping{start, end, pgoff, fields[5]})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(maps) > 0 {
		s.procs[pid] = maps
	}
	for _, m := range maps {
		s.addModule(m.path, 0)
	}
	return nil
}

// Resolve names one frame of process pid.
func (s *Symbolizer) Resolve(pid int, fr Frame) Symbol {
	s.mu.Lock()
	defer s.mu.Unlock()
	if fr.HasBuildID {
		if path, ok := s.byBuild[hex.EncodeToString(fr.BuildID[:])]; ok {
			return s.symbolAtOffset(path, fr.Offset, 0)
		}
		return Symbol{Addr: fr.Offset, Module: "build-id " + hex.EncodeToString(fr.BuildID[:4])}
	}
	for _, m := range s.procs[pid] {
		if fr.IP >= m.start && fr.IP < m.end {
			return s.symbolAtOffset(m.path, fr.IP-m.start+m.pgoff, fr.IP)
		}
	}
	return Symbol{Addr: fr.IP}
}

func (s *Symbolizer) symbolAtOffset(path string, off, addr uint64) Symbol {
	sym := Symbol{Module: filepath.Base(path), Addr: addr}
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
	if fn, ok := b.FuncAt(vaddr); ok {
		sym.Func, sym.Off = fn.Name, vaddr-fn.Addr
	}
	return sym
}

func buildID(f *elf.File) string {
	sec := f.Section(".note.gnu.build-id")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	if err != nil || len(data) < 16 {
		return ""
	}
	namesz := f.ByteOrder.Uint32(data[0:])
	descsz := f.ByteOrder.Uint32(data[4:])
	start := 12 + (namesz+3)&^3
	if int(start+descsz) > len(data) {
		return ""
	}
	// The kernel reports build ids as 20 bytes, zero-padded.
	id := make([]byte, 20)
	copy(id, data[start:start+descsz])
	return hex.EncodeToString(id)
}
