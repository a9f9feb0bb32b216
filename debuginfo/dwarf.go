package debuginfo

import (
	"bytes"
	"compress/zlib"
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
)

// Debug answers DWARF questions about one binary. It is built lazily by
// Binary.Debug and indexes only what is asked: a pc finds its unit through
// .debug_aranges (or the units' own ranges), a name through .debug_names or
// .gdb_index when the binary has one (else through a scan of top-level
// DIEs, which skips subtrees by DW_AT_sibling), and only the units found are
// walked in full. Its methods are safe for concurrent use.
type Debug struct {
	mu    sync.Mutex
	bin   *Binary
	elf   *elf.File // the file DWARF is read from
	data  *dwarf.Data
	order binary.ByteOrder
	bias  bool // addresses are relative to a load bias (ET_DYN)

	units   []*unit
	secs    map[string][]byte
	entries map[dwarf.Offset]*dwarf.Entry

	pcIndex []pcRange // sorted by lo; built on first pc lookup
	pcDone  bool
	accel   *accelIndex // .debug_names or .gdb_index; nil when absent
	accelOK bool
	all     *topIndex // union of every unit's top-level index

	// Units that refer to functions across units (crossunit.go).
	abbrevTabs map[uint64]*abbrevTable // by offset in .debug_abbrev
	xref       *crossIndex
	xrefDone   bool
	frames     *frameIndex
	prolog     map[uint64]uint64 // function entry → prologue end

	// Rust (rust.go): the types found on first use; whether a unit is
	// Rust (0 not known yet, 1 yes, -1 no).
	rustIdx  *rustIndex
	rustLang int8
	cxx      *cxxState      // C++ fix-ups of types (cxx.go)
	calls    *callSiteIndex // every call site, on first entry value (callsites.go)

	skels map[dwarf.Offset]*unit // a skeleton's header → its split unit (split.go)
}

// unit is one compilation (or partial) unit.
type unit struct {
	idx      int
	off      dwarf.Offset // unit header
	end      dwarf.Offset // one past the unit
	die      dwarf.Offset // the unit DIE
	version  int
	addrSize int
	abbrev   uint64 // offset of its abbreviations in .debug_abbrev
	dwarf64  bool
	utype    uint8     // DWARF 5 unit type (0 before DWARF 5)
	dwoID    uint64    // a skeleton's or split unit's dwo_id
	skel     *skeleton // a split unit's skeleton (split.go)

	loaded    bool
	entry     *dwarf.Entry
	name      string
	compDir   string
	base      uint64 // DW_AT_low_pc: base address of location lists
	addrBase  uint64
	llBase    uint64 // DW_AT_loclists_base
	hasLLBase bool
	files     []*dwarf.LineFile
	filesDone bool

	top    *topIndex
	funcs  map[string][]funcRef
	scopes map[dwarf.Offset]string // function DIE → its namespaces and classes ("geo::Rect")

	cxxScopes     []scopeRange // C++ namespaces and classes (cxx.go)
	cxxScopesDone bool
}

type pcRange struct {
	lo, hi uint64
	u      *unit
}

// Debug returns the binary's DWARF, loading it on first use from the
// binary or from a separate debug file (see DebugDirs and Debuginfod). It returns an
// error wrapping ErrNoDWARF that tells the user how to supply it.
func (b *Binary) Debug() (*Debug, error) {
	if b.dbgDone {
		return b.dbg, b.dbgErr
	}
	b.dbgDone = true
	b.dbg, b.dbgErr = b.loadDebug()
	return b.dbg, b.dbgErr
}

func hasDWARF(f *elf.File) bool {
	for _, name := range []string{".debug_info", ".zdebug_info"} {
		if s := f.Section(name); s != nil && s.Type != elf.SHT_NOBITS && s.Size > 0 {
			return true
		}
	}
	return false
}

func (b *Binary) loadDebug() (*Debug, error) {
	if b.debugFile == nil {
		if hasDWARF(b.File) {
			b.setDebugFile(b.File, b.Path, FromBinary)
		} else {
			path, how, tried := b.findDebugFile()
			if path == "" {
				path, how = b.fetchDebugFile()
			}
			if path == "" {
				return nil, b.noDWARFError(tried)
			}
			df, err := openELF(path)
			if err != nil {
				return nil, fmt.Errorf("open debug file %s: %w", path, err)
			}
			if !hasDWARF(df) {
				df.Close()
				return nil, b.noDWARFError([]string{path})
			}
			b.setDebugFile(df, path, how)
		}
	}
	data, err := b.debugFile.DWARF()
	if err != nil {
		return nil, fmt.Errorf("read DWARF of %s: %w", b.debugPath, err)
	}
	d := &Debug{
		bin:     b,
		elf:     b.debugFile,
		data:    data,
		order:   b.debugFile.ByteOrder,
		bias:    b.File.Type == elf.ET_DYN,
		secs:    map[string][]byte{},
		entries: map[dwarf.Offset]*dwarf.Entry{},
		prolog:  map[uint64]uint64{},
	}
	if err := d.readUnits(); err != nil {
		return nil, fmt.Errorf("read DWARF of %s: %w", b.debugPath, err)
	}
	if err := d.joinSplit(); err != nil { // split.go
		return nil, err
	}
	d.fixRustChar() // rustchar.go
	return d, nil
}

// Data returns the underlying debug/dwarf data, for types and entries.
func (d *Debug) Data() *dwarf.Data { return d.data }

// section returns the contents of .debug_<name> (or .zdebug_<name>),
// decompressed; nil when absent.
func (d *Debug) section(name string) []byte {
	if b, ok := d.secs[name]; ok {
		return b
	}
	var out []byte
	if s := d.elf.Section(".debug_" + name); s != nil && s.Type != elf.SHT_NOBITS {
		out, _ = s.Data()
	} else if s := d.elf.Section(".zdebug_" + name); s != nil && s.Type != elf.SHT_NOBITS {
		out = zdebug(s)
	}
	d.secs[name] = out
	return out
}

// zdebug decompresses a legacy .zdebug section: "ZLIB", a big-endian
// 8-byte size, a zlib stream.
func zdebug(s *elf.Section) []byte {
	raw, err := s.Data()
	if err != nil || len(raw) < 12 || string(raw[:4]) != "ZLIB" {
		return raw
	}
	size := binary.BigEndian.Uint64(raw[4:12])
	if size > 1<<32 { // corrupt: no section is that large
		return nil
	}
	zr, err := zlib.NewReader(bytes.NewReader(raw[12:]))
	if err != nil {
		return nil
	}
	out := make([]byte, size)
	if _, err := io.ReadFull(zr, out); err != nil {
		return nil
	}
	return out
}

// readUnits walks the unit headers of .debug_info. Reading the headers
// (not the DIEs) is cheap; for an uncompressed section only the header
// bytes are read.
func (d *Debug) readUnits() error {
	s := d.elf.Section(".debug_info")
	var readAt func(p []byte, off int64) error
	var size int64
	_, joined := d.secs["info"]
	if s != nil && s.Type != elf.SHT_NOBITS && s.Flags&elf.SHF_COMPRESSED == 0 && !joined {
		size = int64(s.Size)
		readAt = func(p []byte, off int64) error {
			_, err := s.ReadAt(p, off)
			return err
		}
	} else {
		all := d.section("info")
		size = int64(len(all))
		readAt = func(p []byte, off int64) error {
			if off+int64(len(p)) > int64(len(all)) {
				return io.ErrUnexpectedEOF
			}
			copy(p, all[off:])
			return nil
		}
	}
	var hdr [24]byte
	for off := int64(0); off+11 <= size; {
		n := int64(len(hdr))
		if off+n > size {
			n = size - off
		}
		if err := readAt(hdr[:n], off); err != nil {
			return fmt.Errorf("unit header at %#x: %w", off, err)
		}
		length := uint64(d.order.Uint32(hdr[:]))
		p := int64(4)
		dwarf64 := false
		if length == 0xffffffff {
			length = d.order.Uint64(hdr[4:])
			p, dwarf64 = 12, true
		}
		end := off + p + int64(length)
		version := int(d.order.Uint16(hdr[p:]))
		p += 2
		offSize := int64(4)
		if dwarf64 {
			offSize = 8
		}
		var addrSize int
		var hdrEnd int64
		var abbrev uint64
		var utype uint8
		var dwoID uint64
		word := func(at int64) uint64 {
			if dwarf64 {
				return d.order.Uint64(hdr[at:])
			}
			return uint64(d.order.Uint32(hdr[at:]))
		}
		if version >= 5 {
			utype = hdr[p]
			addrSize = int(hdr[p+1])
			abbrev = word(p + 2)
			hdrEnd = p + 2 + offSize
			switch utype {
			case 0x02, 0x06: // DW_UT_type, DW_UT_split_type: signature and type offset
				hdrEnd += 8 + offSize
			case 0x04, 0x05: // DW_UT_skeleton, DW_UT_split_compile: dwo id
				if hdrEnd+8 <= n {
					dwoID = d.order.Uint64(hdr[hdrEnd:])
				}
				hdrEnd += 8
			}
		} else {
			addrSize = int(hdr[p+offSize])
			abbrev = word(p)
			hdrEnd = p + offSize + 1
		}
		d.units = append(d.units, &unit{
			idx: len(d.units), off: dwarf.Offset(off), end: dwarf.Offset(end),
			die: dwarf.Offset(off + hdrEnd), version: version, addrSize: addrSize, abbrev: abbrev, dwarf64: dwarf64,
			utype: utype, dwoID: dwoID,
		})
		if end <= off {
			break
		}
		off = end
	}
	if len(d.units) == 0 {
		return errors.New("no compilation units")
	}
	return nil
}

// unitOf returns the unit containing the DIE at off.
func (d *Debug) unitOf(off dwarf.Offset) *unit {
	i := sort.Search(len(d.units), func(i int) bool { return d.units[i].end > off })
	if i < len(d.units) && d.units[i].off <= off {
		return d.units[i]
	}
	return d.skels[off] // a skeleton's header names its split unit
}

// load reads the unit DIE's attributes.
func (d *Debug) load(u *unit) error {
	if u.loaded {
		return nil
	}
	e, err := d.entry(u.die)
	if err != nil {
		return err
	}
	u.loaded = true
	u.entry = e
	u.name, _ = e.Val(dwarf.AttrName).(string)
	u.compDir, _ = e.Val(dwarf.AttrCompDir).(string)
	u.base, _ = e.Val(dwarf.AttrLowpc).(uint64)
	if u.skel != nil {
		u.base = u.skel.low
		if u.compDir == "" {
			u.compDir = u.skel.compDir
		}
	}
	if v, ok := e.Val(dwarf.AttrAddrBase).(int64); ok {
		u.addrBase = uint64(v)
	} else if u.version >= 5 {
		u.addrBase = 8 // the header of the first .debug_addr contribution
	}
	if v, ok := e.Val(dwarf.AttrLoclistsBase).(int64); ok {
		u.llBase, u.hasLLBase = uint64(v), true
	}
	return nil
}

// fileName returns the name of file index i of u's line table.
func (d *Debug) fileName(u *unit, i int64) string {
	if !u.filesDone {
		u.filesDone = true
		if d.load(u) == nil {
			if lr := d.lineReader(u); lr != nil {
				u.files = lr.Files()
			}
		}
	}
	if i < 0 || int(i) >= len(u.files) || u.files[i] == nil {
		return ""
	}
	return u.files[i].Name
}

// entry reads (and caches) the DIE at off.
func (d *Debug) entry(off dwarf.Offset) (*dwarf.Entry, error) {
	if e, ok := d.entries[off]; ok {
		return e, nil
	}
	r := d.data.Reader()
	r.Seek(off)
	e, err := r.Next()
	if err != nil {
		return nil, err
	}
	if e == nil {
		return nil, fmt.Errorf("no DIE at %#x", off)
	}
	d.entries[off] = e
	return e, nil
}

// attr returns attribute a of e, following DW_AT_abstract_origin and
// DW_AT_specification when e lacks it, and the entry it was found on.
func (d *Debug) attr(e *dwarf.Entry, a dwarf.Attr) (*dwarf.Field, *dwarf.Entry) {
	for depth := 0; e != nil && depth < 8; depth++ {
		if f := e.AttrField(a); f != nil {
			return f, e
		}
		ref, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		if !ok {
			ref, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		}
		if !ok {
			return nil, nil
		}
		next, err := d.entry(ref)
		if err != nil {
			return nil, nil
		}
		e = next
	}
	return nil, nil
}

// name returns e's name, through its abstract origin or specification.
func (d *Debug) name(e *dwarf.Entry) string {
	f, _ := d.attr(e, dwarf.AttrName)
	if f == nil {
		return ""
	}
	s, _ := f.Val.(string)
	return s
}

// decl returns the declaring file and line of e.
func (d *Debug) decl(e *dwarf.Entry) (string, int) {
	f, owner := d.attr(e, dwarf.AttrDeclFile)
	if f == nil {
		return "", 0
	}
	idx, _ := f.Val.(int64)
	line, _ := owner.Val(dwarf.AttrDeclLine).(int64)
	u := d.unitOf(owner.Offset)
	if u == nil {
		return "", int(line)
	}
	return d.fileName(u, idx), int(line)
}

// typeOf returns the type of e (through its origin).
func (d *Debug) typeOf(e *dwarf.Entry) (dwarf.Type, error) {
	f, _ := d.attr(e, dwarf.AttrType)
	if f == nil {
		return nil, errors.New("no type")
	}
	off, ok := f.Val.(dwarf.Offset)
	if !ok {
		return nil, fmt.Errorf("type reference of class %v", f.Class)
	}
	return d.typeAt(off)
}

// ranges returns the pc ranges of e, [lo, hi).
func (d *Debug) ranges(e *dwarf.Entry) [][2]uint64 {
	if u := d.unitOf(e.Offset); u != nil && u.skel != nil {
		if e.Offset == u.die {
			return u.skel.ranges
		}
		if e.AttrField(dwarf.AttrRanges) != nil {
			return d.splitRanges(u, e)
		}
	}
	rs, err := d.data.Ranges(e)
	if err != nil {
		return nil
	}
	out := rs[:0]
	for _, r := range rs {
		if r[1] > r[0] {
			out = append(out, r)
		}
	}
	return out
}

func contains(rs [][2]uint64, pc uint64) bool {
	for _, r := range rs {
		if r[0] <= pc && pc < r[1] {
			return true
		}
	}
	return false
}

// unitForPC finds the unit whose code contains pc.
func (d *Debug) unitForPC(pc uint64) *unit {
	if !d.pcDone {
		d.pcDone = true
		d.buildPCIndex()
	}
	// Ranges of different units do not overlap in practice; look a few
	// entries back in case they do.
	i := sort.Search(len(d.pcIndex), func(i int) bool { return d.pcIndex[i].lo > pc }) - 1
	for n := 0; i >= 0 && n < 16; i, n = i-1, n+1 {
		if r := d.pcIndex[i]; r.lo <= pc && pc < r.hi {
			return r.u
		}
	}
	return nil
}

// buildPCIndex reads .debug_aranges, then the ranges of the unit DIEs of
// units it does not cover (clang emits no aranges by default).
func (d *Debug) buildPCIndex() {
	covered := map[*unit]bool{}
	ar := d.section("aranges")
	for len(ar) >= 16 {
		length := uint64(d.order.Uint32(ar))
		p, offSize := uint64(4), uint64(4)
		if length == 0xffffffff {
			length, p, offSize = d.order.Uint64(ar[4:]), 12, 8
		}
		end := p + length
		if end > uint64(len(ar)) || end < p {
			break
		}
		set := ar[:end]
		ar = ar[end:]
		p += 2 // version
		if p+offSize+2 > uint64(len(set)) {
			continue
		}
		var infoOff uint64
		if offSize == 8 {
			infoOff = d.order.Uint64(set[p:])
		} else {
			infoOff = uint64(d.order.Uint32(set[p:]))
		}
		p += offSize
		asize := uint64(set[p])
		p += 2
		if asize != 4 && asize != 8 {
			continue
		}
		u := d.unitOf(dwarf.Offset(infoOff))
		if u == nil {
			continue
		}
		if r := p % (2 * asize); r != 0 {
			p += 2*asize - r
		}
		for ; p+2*asize <= uint64(len(set)); p += 2 * asize {
			var lo, n uint64
			if asize == 8 {
				lo, n = d.order.Uint64(set[p:]), d.order.Uint64(set[p+8:])
			} else {
				lo, n = uint64(d.order.Uint32(set[p:])), uint64(d.order.Uint32(set[p+4:]))
			}
			if lo == 0 && n == 0 {
				break
			}
			if n > 0 {
				d.pcIndex = append(d.pcIndex, pcRange{lo, lo + n, u})
				covered[u] = true
			}
		}
	}
	for _, u := range d.units {
		if covered[u] || d.load(u) != nil {
			continue
		}
		for _, r := range d.ranges(u.entry) {
			d.pcIndex = append(d.pcIndex, pcRange{r[0], r[1], u})
		}
	}
	sort.Slice(d.pcIndex, func(i, j int) bool { return d.pcIndex[i].lo < d.pcIndex[j].lo })
}
