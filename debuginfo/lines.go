package debuginfo

import (
	"debug/dwarf"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// matchFile reports whether a line-table file name is what the user
// called file: the same path, or a path ending in /file.
func matchFile(name, file string) bool {
	if name == "" || file == "" {
		return false
	}
	name, file = filepath.ToSlash(name), filepath.ToSlash(file)
	return name == file || strings.HasSuffix(name, "/"+strings.TrimPrefix(file, "./"))
}

// LineAddrs returns the addresses at which to stop for line of file (a
// base name or path suffix): for each copy of the code of the line (one
// per function, inlined copy or lexical block it appears in, as gdb
// places breakpoints) the lowest is_stmt address. When the line has no
// code the error names the nearest lines that do.
func (d *Debug) LineAddrs(file string, line int) ([]uint64, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var cands []uint64
	var files []string
	below, above := 0, 0
	for _, u := range d.units {
		if d.load(u) != nil {
			continue
		}
		lr, err := d.data.LineReader(u.entry)
		if err != nil || lr == nil {
			continue
		}
		match := map[*dwarf.LineFile]bool{}
		for _, f := range lr.Files() {
			if f != nil && matchFile(f.Name, file) {
				match[f] = true
			}
		}
		if len(match) == 0 {
			continue
		}
		for f := range match {
			files = append(files, f.Name)
		}
		var le dwarf.LineEntry
		for lr.Next(&le) == nil {
			if le.EndSequence || !match[le.File] || le.Line == 0 {
				continue
			}
			switch {
			case le.Line == line:
				if le.IsStmt {
					cands = append(cands, le.Address)
				}
			case le.Line < line && le.Line > below:
				below = le.Line
			case le.Line > line && (above == 0 || le.Line < above):
				above = le.Line
			}
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("file %q: %w in the line tables of %s", file, ErrNotFound, d.bin.Path)
	}
	if len(cands) == 0 {
		var near []string
		if below > 0 {
			near = append(near, fmt.Sprint(below))
		}
		if above > 0 {
			near = append(near, fmt.Sprint(above))
		}
		msg := fmt.Sprintf("line %d of %s has no code", line, file)
		if len(near) > 0 {
			msg += "; nearest lines with code: " + strings.Join(near, " and ")
		}
		return nil, fmt.Errorf("%s", msg)
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i] < cands[j] })
	// One address per block: the lowest.
	var out []uint64
	seen := map[dwarf.Offset]bool{}
	for i, a := range cands {
		if i > 0 && a == cands[i-1] {
			continue
		}
		_, chain, err := d.scopesAt(a)
		if err != nil {
			out = append(out, a)
			continue
		}
		blk := chain[len(chain)-1].e.Offset
		if seen[blk] {
			continue
		}
		seen[blk] = true
		out = append(out, a)
	}
	return out, nil
}
