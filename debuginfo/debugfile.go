package debuginfo

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// ErrNoDWARF is returned when neither a binary nor any separate debug file
// found for it holds DWARF.
var ErrNoDWARF = errors.New("no DWARF debug info")

// DebugDirs are the global debug directories searched for separate debug
// files, like gdb's debug-file-directory: <dir>/.build-id/xx/rest.debug by
// build-id, then <dir>/<binary's dir>/<debuglink name>. Tests point it at
// a temporary directory.
var DebugDirs = []string{"/usr/lib/debug"}

// SearchDirs are directories given on the command line (--debuginfo DIR,
// bpftrace's option) that hold debug files named after their binaries:
// DIR/<base name>.debug, accepted only when its build-id is the binary's.
// A relative DIR is tried from the current directory, then from the
// binary's.
var SearchDirs []string

// BuildID returns the binary's GNU build-id in hex, or "" when it has none.
func (b *Binary) BuildID() string { return buildID(b.File) }

// DebugFile returns the path of the file DWARF is read from: the binary
// itself, a separate debug file, or "" when none was found (yet). It is
// known after Debug has been called.
func (b *Binary) DebugFile() string { return b.debugPath }

// OpenWithDebugFile opens path and reads its DWARF from debugFile (gs's
// --debug-file). The debug file must belong to the binary: a different
// build-id, or a .gnu_debuglink CRC that does not match when there is no
// build-id, is refused.
func OpenWithDebugFile(path, debugFile string) (*Binary, error) {
	b, err := Open(path)
	if err != nil {
		return nil, err
	}
	df, err := openELF(debugFile)
	if err != nil {
		b.Close()
		return nil, fmt.Errorf("open debug file %s: %w", debugFile, err)
	}
	if err := checkDebugFile(b, df, debugFile); err != nil {
		df.Close()
		b.Close()
		return nil, err
	}
	if df.Section(".debug_info") == nil && df.Section(".zdebug_info") == nil {
		df.Close()
		b.Close()
		return nil, fmt.Errorf("debug file %s: %w (it has no .debug_info section)", debugFile, ErrNoDWARF)
	}
	b.setDebugFile(df, debugFile, FromOption)
	return b, nil
}

// checkDebugFile refuses a debug file that was not produced from b.
func checkDebugFile(b *Binary, df *elf.File, dpath string) error {
	want, got := buildID(b.File), buildID(df)
	if want != "" && got != "" {
		if want != got {
			return fmt.Errorf("debug file %s does not match %s: build-id %s, want %s", dpath, b.Path, got, want)
		}
		return nil
	}
	if _, crc, ok := debugLink(b.File); ok {
		sum, err := fileCRC(dpath)
		if err != nil {
			return fmt.Errorf("debug file %s: %w", dpath, err)
		}
		if sum != crc {
			return fmt.Errorf("debug file %s does not match %s: CRC %08x, .gnu_debuglink wants %08x", dpath, b.Path, sum, crc)
		}
	}
	return nil
}

// setDebugFile makes df the source of DWARF and adds its .symtab functions
// that the (stripped) binary lacks; how says how it was found.
func (b *Binary) setDebugFile(df *elf.File, path, how string) {
	b.debugFile, b.debugPath, b.debugFrom = df, path, how
	if OnDebugFile != nil {
		OnDebugFile(b, path, how)
	}
	if df == b.File {
		return
	}
	syms, _ := df.Symbols()
	b.addFuncSymbols(syms, FromDebugSyms)
}

// findDebugFile locates the separate debug file of b the way gdb does:
// by build-id, then by .gnu_debuglink next to the binary, in its .debug
// directory and under each of DebugDirs. It returns "" when none is found;
// how is FromBuildID or FromDebugLink; tried lists the places looked at,
// for the error message.
func (b *Binary) findDebugFile() (path, how string, tried []string) {
	id := buildID(b.File)
	if len(id) > 2 {
		for _, dir := range DebugDirs {
			p := filepath.Join(dir, ".build-id", id[:2], id[2:]+".debug")
			tried = append(tried, p)
			if df, err := elf.Open(p); err == nil {
				ok := buildID(df) == id
				df.Close()
				if ok {
					return p, FromBuildID, tried
				}
			}
		}
	}
	if p, ok := b.searchDirs(id, &tried); ok {
		return p, FromSearchDir, tried
	}
	name, crc, ok := debugLink(b.File)
	if !ok {
		return "", "", tried
	}
	abs, err := filepath.Abs(b.Path)
	if err != nil {
		abs = b.Path
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	dir := filepath.Dir(abs)
	cands := []string{filepath.Join(dir, name), filepath.Join(dir, ".debug", name)}
	for _, d := range DebugDirs {
		cands = append(cands, filepath.Join(d, dir, name))
	}
	for _, p := range cands {
		if p == abs {
			continue
		}
		tried = append(tried, p)
		sum, err := fileCRC(p)
		if err != nil || sum != crc {
			continue
		}
		if id != "" {
			df, err := elf.Open(p)
			if err != nil {
				continue
			}
			other := buildID(df)
			df.Close()
			if other != "" && other != id {
				continue
			}
		}
		return p, FromDebugLink, tried
	}
	return "", "", tried
}

// ReadBuildID returns f's GNU build-id: the descriptor of the first
// NT_GNU_BUILD_ID note named "GNU" in any note section (or, for a file
// without section headers, note segment), as it is: no padding. It
// returns nil when f has none.
func ReadBuildID(f *elf.File) []byte {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		if data, err := s.Data(); err == nil {
			if id := gnuBuildID(f.ByteOrder, data); id != nil {
				return id
			}
		}
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_NOTE || p.Filesz > 1<<20 {
			continue
		}
		data := make([]byte, p.Filesz)
		if _, err := p.ReadAt(data, 0); err == nil {
			if id := gnuBuildID(f.ByteOrder, data); id != nil {
				return id
			}
		}
	}
	return nil
}

// gnuBuildID scans the notes in data for NT_GNU_BUILD_ID.
func gnuBuildID(bo binary.ByteOrder, data []byte) []byte {
	const ntGNUBuildID = 3
	for len(data) >= 12 {
		namesz := uint64(bo.Uint32(data[0:]))
		descsz := uint64(bo.Uint32(data[4:]))
		typ := bo.Uint32(data[8:])
		nameEnd := 12 + align4(namesz)
		descEnd := nameEnd + align4(descsz)
		if descEnd > uint64(len(data)) {
			return nil
		}
		if typ == ntGNUBuildID && string(data[12:12+namesz]) == "GNU\x00" && descsz > 0 {
			return bytes.Clone(data[nameEnd : nameEnd+descsz])
		}
		data = data[descEnd:]
	}
	return nil
}

// buildID is ReadBuildID in hex, "" when f has none.
func buildID(f *elf.File) string { return hex.EncodeToString(ReadBuildID(f)) }

func align4(n uint64) uint64 { return (n + 3) &^ 3 }

// searchDirs looks for DIR/<base name>.debug under SearchDirs, with the
// build-id id (a binary without one cannot be matched and is not looked
// up).
func (b *Binary) searchDirs(id string, tried *[]string) (string, bool) {
	if id == "" {
		return "", false
	}
	base := filepath.Base(b.Path) + ".debug"
	for _, dir := range SearchDirs {
		cands := []string{filepath.Join(dir, base)}
		if !filepath.IsAbs(dir) {
			cands = append(cands, filepath.Join(filepath.Dir(b.Path), dir, base))
		}
		for _, p := range cands {
			*tried = append(*tried, p)
			df, err := elf.Open(p)
			if err != nil {
				continue
			}
			ok := buildID(df) == id
			df.Close()
			if ok {
				return p, true
			}
		}
	}
	return "", false
}

// debugLink reads .gnu_debuglink: a file name, padding to 4 bytes and the
// CRC32 of the debug file.
func debugLink(f *elf.File) (name string, crc uint32, ok bool) {
	s := f.Section(".gnu_debuglink")
	if s == nil {
		return "", 0, false
	}
	data, err := s.Data()
	if err != nil {
		return "", 0, false
	}
	i := bytes.IndexByte(data, 0)
	if i <= 0 {
		return "", 0, false
	}
	off := align4(uint64(i + 1))
	if off+4 > uint64(len(data)) {
		return "", 0, false
	}
	return string(data[:i]), f.ByteOrder.Uint32(data[off:]), true
}

func fileCRC(path string) (uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, f); err != nil {
		return 0, err
	}
	return h.Sum32(), nil
}

// noDWARFError explains how to get DWARF for b.
func (b *Binary) noDWARFError(tried []string) error {
	where := ""
	if len(tried) > 0 {
		where = " (looked for a separate debug file at " + strings.Join(tried, ", ") + ")"
	}
	if note := b.DebuginfodNote(); note != "" {
		where += ", and " + note
	}
	return fmt.Errorf("%w: %s has no DWARF debug info and no separate debug file was found%s; "+
		"install its debug symbols (the -dbgsym or -debuginfo package), name a debuginfod server that has them in DEBUGINFOD_URLS, or pass --debug-file PATH",
		ErrNoDWARF, b.Path, where)
}

// DebugSymbols adds the function symbols of b's separate debug file (found
// as Debug finds it: locally first, then debuginfod) to b's own, once, so
// that a library stripped to .dynsym names its local functions; it reports
// whether it added any. Not safe for use concurrent with b's other
// methods.
func (b *Binary) DebugSymbols() bool {
	if b.symsDone {
		return b.symsAdded
	}
	b.symsDone = true
	if _, err := b.Debug(); err != nil || b.debugFile == nil || b.debugFile == b.File {
		return false
	}
	syms, err := b.debugFile.Symbols()
	if err != nil || len(syms) == 0 {
		return false
	}
	b.addFuncSymbols(syms, FromDebugSyms)
	b.nameIx = nameIndex{} // it is parallel to funcs: rebuilt on next need
	b.symsAdded = true
	return true
}
