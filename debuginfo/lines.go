package debuginfo

import (
	"debug/dwarf"
	"encoding/binary"
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
		lr := d.lineReader(u)
		if lr == nil {
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

// lineReader returns the line table of u, or nil. It refuses a DWARF 5
// header whose directory or file counts its bytes cannot hold: debug/dwarf
// allocates and loops over those counts before it reads a byte of the
// entries, so a corrupt count costs it minutes and gigabytes.
func (d *Debug) lineReader(u *unit) *dwarf.LineReader {
	off, ok := u.entry.Val(dwarf.AttrStmtList).(int64)
	if !ok || !lineHeaderOK(d.section("line"), off, d.order) {
		return nil
	}
	lr, err := d.data.LineReader(u.entry)
	if err != nil {
		return nil
	}
	return lr
}

// lineHeaderOK walks the directory and file tables of the line table
// header at off as debug/dwarf reads them and checks every count against
// the bytes left in the header. Headers before DWARF 5 end their tables
// with a terminator and need no check.
func lineHeaderOK(sec []byte, off int64, order binary.ByteOrder) bool {
	if off < 0 || off >= int64(len(sec)) {
		return true // debug/dwarf reports it
	}
	r := &exprReader{b: sec[off:], order: order}
	length, offSize := r.fixed(4), 4
	if length == 0xffffffff {
		length, offSize = r.fixed(8), 8
	}
	if length > uint64(len(r.b)) {
		return true // debug/dwarf reports it
	}
	r.b = r.b[:length]
	if r.fixed(2) < 5 {
		return true
	}
	r.fixed(2) // address and segment selector sizes
	hdrLen := r.fixed(offSize)
	if r.err != nil || hdrLen > uint64(len(r.b)) {
		return true // debug/dwarf reports it
	}
	r.b = r.b[:hdrLen]
	// Instruction length, ops, is_stmt, line base and range, then the
	// standard opcode lengths; then the directories and the files.
	r.bytes(5)
	r.bytes(uint64(max(int(r.u8())-1, 0)))
	for range 2 {
		forms := make([]uint64, r.u8())
		for i := range forms {
			r.uleb() // content type
			forms[i] = r.uleb()
		}
		n := r.uleb()
		if r.err != nil || n > uint64(len(r.b)) {
			return false
		}
		for ; n > 0 && r.err == nil; n-- {
			for _, f := range forms {
				skipLineForm(r, f, offSize)
			}
		}
		if r.err != nil {
			return false
		}
	}
	return true
}

// skipLineForm skips a value of form in a line table header entry, as
// debug/dwarf does (forms it does not know take no bytes).
func skipLineForm(r *exprReader, form uint64, offSize int) {
	switch form {
	case 0x08: // DW_FORM_string
		for len(r.b) > 0 && r.u8() != 0 {
		}
	case 0x0e, 0x1f, 0x1d: // strp, line_strp, strp_sup
		r.fixed(offSize)
	case 0x1a, 0x0f: // strx, udata
		r.uleb()
	case 0x25, 0x0b: // strx1, data1
		r.fixed(1)
	case 0x26, 0x05: // strx2, data2
		r.fixed(2)
	case 0x27: // strx3
		r.fixed(1)
		r.fixed(2)
	case 0x28, 0x06: // strx4, data4
		r.fixed(4)
	case 0x07: // data8
		r.fixed(8)
	case 0x1e: // data16
		r.fixed(8)
		r.fixed(8)
	case 0x09: // block
		r.bytes(r.uleb())
	}
}

// LineAt returns the source file and line of the code at pc (link-time),
// from the line table of the unit that holds it; ok is false when none
// does.
func (d *Debug) LineAt(pc uint64) (file string, line int, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	u := d.unitForPC(pc)
	if u == nil {
		return "", 0, false
	}
	lr := d.lineReader(u)
	if lr == nil {
		return "", 0, false
	}
	// A scan, not LineReader.SeekPC: that misses sequences (gcc's main in
	// .text.startup, before .text).
	var e, prev dwarf.LineEntry
	have := false
	for lr.Next(&e) == nil {
		if have && prev.Address <= pc && pc < e.Address && prev.File != nil {
			return prev.File.Name, prev.Line, true
		}
		prev, have = e, !e.EndSequence
	}
	return "", 0, false
}
