// Package procmaps parses /proc/PID/maps, the one reader of it in gs: the
// runtime finds load biases and its own trigger functions with it, and
// package symbolize snapshots the mappings of traced processes. It also
// reads which image a process runs from /proc/PID/stat (image.go), which
// an exec changes while the pid stays.
//
// A line is
//
//	start-end perms offset major:minor inode   path
//
// in hex but for the inode. The path is everything after the inode and
// the blanks that align it: it may contain spaces, the kernel appends
// " (deleted)" to a file unlinked since it was mapped, and it is empty
// for an anonymous mapping ("[heap]", "[stack]", "[vdso]" name kernel
// mappings). A newline in a path arrives escaped as \012.
package procmaps

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Mapping is one line of /proc/PID/maps.
type Mapping struct {
	Start, End   uint64 // [Start, End) in the process's address space
	Perms        string // "r-xp"
	Offset       uint64 // file offset mapped at Start
	Major, Minor uint32 // device of the file
	Inode        uint64 // 0 for anonymous mappings
	Path         string // without " (deleted)"; "" for anonymous mappings
	Deleted      bool   // the file was unlinked or replaced since it was mapped
}

// Exec reports whether the mapping is executable.
func (m *Mapping) Exec() bool { return len(m.Perms) > 2 && m.Perms[2] == 'x' }

// File reports whether the mapping is of a file (its Path is a path, not
// empty or a kernel name such as "[vdso]").
func (m *Mapping) File() bool { return strings.HasPrefix(m.Path, "/") }

// Read parses /proc/PID/maps; pid 0 reads /proc/self/maps.
func Read(pid int) ([]Mapping, error) {
	name := "/proc/self/maps"
	if pid != 0 {
		name = fmt.Sprintf("/proc/%d/maps", pid)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read mappings: %w", err)
	}
	defer f.Close()
	ms, err := Parse(f)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return ms, nil
}

// Parse parses the lines of a maps file.
func Parse(r io.Reader) ([]Mapping, error) {
	var out []Mapping
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20) // a path may be up to PATH_MAX, escaped
	for n := 1; sc.Scan(); n++ {
		if sc.Text() == "" {
			continue
		}
		m, err := ParseLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, m)
	}
	return out, sc.Err()
}

// ParseLine parses one line of a maps file.
func ParseLine(line string) (Mapping, error) {
	var m Mapping
	var fields [5]string
	rest := line
	for i := range fields {
		rest = strings.TrimLeft(rest, " ")
		f, r, ok := strings.Cut(rest, " ")
		if !ok && i < len(fields)-1 || f == "" {
			return m, fmt.Errorf("parse mapping %q: too few fields", line)
		}
		fields[i], rest = f, r
	}
	lo, hi, ok := strings.Cut(fields[0], "-")
	var err1, err2, err3, err4, err5, err6 error
	m.Start, err1 = strconv.ParseUint(lo, 16, 64)
	m.End, err2 = strconv.ParseUint(hi, 16, 64)
	m.Perms = fields[1]
	m.Offset, err3 = strconv.ParseUint(fields[2], 16, 64)
	major, minor, ok2 := strings.Cut(fields[3], ":")
	ma, err4 := strconv.ParseUint(major, 16, 32)
	mi, err5 := strconv.ParseUint(minor, 16, 32)
	m.Major, m.Minor = uint32(ma), uint32(mi)
	m.Inode, err6 = strconv.ParseUint(fields[4], 10, 64)
	if !ok || !ok2 || len(m.Perms) != 4 {
		return m, fmt.Errorf("parse mapping %q: malformed fields", line)
	}
	for _, err := range []error{err1, err2, err3, err4, err5, err6} {
		if err != nil {
			return m, fmt.Errorf("parse mapping %q: %w", line, err)
		}
	}
	m.Path = strings.TrimLeft(rest, " ")
	if p, ok := strings.CutSuffix(m.Path, " (deleted)"); ok && m.Inode != 0 {
		m.Path, m.Deleted = p, true
	}
	return m, nil
}
