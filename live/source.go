package live

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/machine"
)

// Source is what a user interface shows of the session's binary: the
// source files its DWARF names, the lines of each that have code (where
// a FILE:LINE probe can go), and whether a probe there would be
// single-stepped.
type Source struct {
	bin   *debuginfo.Binary
	d     *debuginfo.Debug
	files []string                  // every file with a line of code, sorted
	lines map[string]map[int]uint64 // file -> line -> its lowest is_stmt address

	mu      sync.Mutex
	stepped map[uint64]bool
	placer  machine.Placer
}

// OpenSource reads the line tables of binary.
func OpenSource(binary string) (*Source, error) {
	bin, err := debuginfo.Open(binary)
	if err != nil {
		return nil, err
	}
	d, err := bin.Debug()
	if err != nil {
		bin.Close()
		return nil, err
	}
	s := &Source{bin: bin, d: d, lines: map[string]map[int]uint64{}, stepped: map[uint64]bool{}}
	data := d.Data()
	r := data.Reader()
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag != dwarf.TagCompileUnit && e.Tag != dwarf.TagPartialUnit {
			r.SkipChildren()
			continue
		}
		r.SkipChildren()
		lr, err := data.LineReader(e)
		if err != nil || lr == nil {
			continue
		}
		var le dwarf.LineEntry
		for lr.Next(&le) == nil {
			if le.EndSequence || !le.IsStmt || le.File == nil || le.Line == 0 {
				continue
			}
			ls := s.lines[le.File.Name]
			if ls == nil {
				ls = map[int]uint64{}
				s.lines[le.File.Name] = ls
			}
			if a, ok := ls[le.Line]; !ok || le.Address < a {
				ls[le.Line] = le.Address
			}
		}
	}
	for f := range s.lines {
		s.files = append(s.files, f)
	}
	sort.Strings(s.files)
	if len(s.files) == 0 {
		bin.Close()
		return nil, fmt.Errorf("%s: its DWARF has no line tables", binary)
	}
	return s, nil
}

// Close releases the binary.
func (s *Source) Close() { s.bin.Close() }

// Files are the source files with code, as DWARF names them.
func (s *Source) Files() []string { return s.files }

// Lines returns the lines of file with code, and the address of each.
func (s *Source) Lines(file string) map[int]uint64 { return s.lines[file] }

// SingleStepped reports whether a probe at addr that reads nothing would
// be single-stepped by the kernel, where gs places it (machine.Placer).
func (s *Source) SingleStepped(addr uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.stepped[addr]
	if !ok {
		pl := s.placer.Place(s.bin, machine.Site{Addr: addr}, machine.Reads{})
		st = !pl.Emulated
		s.stepped[addr] = st
	}
	return st
}

// Func returns the file and line of function name's entry.
func (s *Source) Func(name string) (string, int, error) {
	insts, err := s.d.FuncInstances(name)
	if err != nil {
		return "", 0, err
	}
	for _, in := range insts {
		if in.Inlined {
			continue
		}
		if f, l, ok := s.d.LineAt(in.Entry); ok {
			return s.file(f), l, nil
		}
	}
	return "", 0, fmt.Errorf("no function %q with a source line in %s", name, s.bin.Path)
}

// file is the Files entry that names f.
func (s *Source) file(f string) string {
	if _, ok := s.lines[f]; ok {
		return f
	}
	for _, g := range s.files {
		if strings.HasSuffix(g, "/"+filepath.Base(f)) || g == f {
			return g
		}
	}
	return f
}

// Funcs lists the functions whose names match pattern (debuginfo's
// wildcards), by the names probes take.
func (s *Source) Funcs(pattern string) []string {
	var out []string
	for _, l := range s.bin.ListFuncs(pattern) {
		out = append(out, l.Spec)
	}
	return out
}

// ReadSource reads a source file that DWARF names, through the source
// path map (FROM, TO pairs: srcpath map), and returns its lines.
func ReadSource(name string, srcMap [][2]string) ([]string, error) {
	try := []string{name}
	for _, m := range srcMap {
		if rest, ok := strings.CutPrefix(name, m[0]); ok {
			try = append([]string{filepath.Join(m[1], rest)}, try...)
		}
	}
	var firstErr error
	for _, p := range try {
		f, err := os.Open(p)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		b, err := io.ReadAll(io.LimitReader(f, 64<<20))
		f.Close()
		if err != nil {
			return nil, err
		}
		return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"), nil
	}
	if errors.Is(firstErr, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: not found (srcpath map FROM TO reads sources built elsewhere)", name)
	}
	return nil, firstErr
}
