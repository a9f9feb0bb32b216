package debuginfo

import (
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Split DWARF (gcc and clang -gsplit-dwarf, DWARF 5): the binary keeps a
// skeleton unit per compilation unit (DW_UT_skeleton: its pc ranges, line
// table, .debug_addr base, DW_AT_dwo_name and DW_AT_comp_dir, and in its
// header the dwo_id), and the unit's DIEs live in a .dwo file (named by
// DW_AT_dwo_name, relative to DW_AT_comp_dir) or in a package of them, a
// .dwp (the binary's name + ".dwp", with a .debug_cu_index mapping each
// dwo_id to its contributions to the package's sections). DWARF 5, 7.3.2
// and 7.3.5.
//
// debug/dwarf reads neither. So the split units are joined to the
// binary's DWARF: each is appended to a copy of .debug_info, with its
// abbreviations, string offsets (moved by where its strings land in the
// joined .debug_str), location and range lists appended to copies of the
// binary's sections, and its unit DIE's abbreviation given, as
// DW_FORM_implicit_const (no bytes in the DIE, so no offset moves), what
// the skeleton knows and a split unit may not carry: DW_AT_stmt_list,
// DW_AT_addr_base (into the binary's own .debug_addr) and the bases of its
// string offsets and lists in the joined sections. The skeleton's pc
// ranges and base address (not constants) are kept on the unit. The
// skeletons leave the unit list; .debug_aranges and name indexes that
// name a skeleton find its split unit (unitOf).

const (
	utSkeleton     = 0x04
	utSplitCompile = 0x05

	tagCompileUnit  = 0x11
	tagSkeletonUnit = 0x4a

	atStmtList       = 0x10
	atStrOffsetsBase = 0x72
	atAddrBase       = 0x73
	atRnglistsBase   = 0x74
	atDwoName        = 0x76
	atLoclistsBase   = 0x8c
	atGNUDwoName     = 0x2130
	atGNUAddrBase    = 0x2133

	// DWARF 5 package index section ids (DWARF 5, 7.3.5.3, table 7.1).
	sectInfo       = 1
	sectAbbrev     = 3
	sectLoclists   = 5
	sectStrOffsets = 6
	sectRnglists   = 8
)

// skeleton is what a split unit takes from its skeleton.
type skeleton struct {
	off      dwarf.Offset // the skeleton unit's header in the binary
	dwoName  string
	compDir  string
	dwoID    uint64
	addrBase int64
	hasAddr  bool
	stmtList int64
	hasStmt  bool
	low      uint64
	ranges   [][2]uint64
	file     string // the .dwo or .dwp it was read from

	rngContrib uint64 // where its range lists start in the joined .debug_rnglists
}

// splitFile is one opened .dwo or .dwp.
type splitFile struct {
	path    string
	secs    map[string][]byte // by DWARF name: "info", "abbrev", ...
	index   map[uint64][]contrib
	ids     []uint32 // the index's section ids, parallel to each row
	strBase int64    // where its strings start in the joined .debug_str; -1 before
}

type contrib struct{ off, size uint64 }

// ErrSplitDWARF marks split DWARF that was not found or cannot be read.
var ErrSplitDWARF = errors.New("split DWARF not found")

// joinSplit joins the split units of d's skeletons (see above). It does
// nothing when there is no skeleton.
func (d *Debug) joinSplit() error {
	var skels []*skeleton
	var gnu []string
	for _, u := range d.units {
		switch {
		case u.utype == utSkeleton:
		case u.version < 5 && u.end-u.die < 96: // a GNU skeleton is a childless unit DIE
			if e, err := d.entry(u.die); err == nil && e.AttrField(atGNUDwoName) != nil {
				n, _ := e.Val(atGNUDwoName).(string)
				gnu = append(gnu, n)
			}
			continue
		default:
			continue
		}
		e, err := d.entry(u.die)
		if err != nil {
			return fmt.Errorf("read skeleton unit at %#x: %w", u.off, err)
		}
		s := &skeleton{off: u.off, dwoID: u.dwoID}
		s.dwoName, _ = e.Val(atDwoName).(string)
		s.compDir, _ = e.Val(dwarf.AttrCompDir).(string)
		s.addrBase, s.hasAddr = e.Val(atAddrBase).(int64)
		s.stmtList, s.hasStmt = e.Val(dwarf.AttrStmtList).(int64)
		s.low, _ = e.Val(dwarf.AttrLowpc).(uint64)
		s.ranges = d.ranges(e)
		skels = append(skels, s)
	}
	d.entries = map[dwarf.Offset]*dwarf.Entry{}
	if len(gnu) > 0 && len(skels) == 0 {
		return fmt.Errorf("%w: %s's DWARF is split in the GNU DWARF 4 format (%s), which gs does not read; rebuild with -gdwarf-5 -gsplit-dwarf", ErrSplitDWARF, d.bin.Path, gnu[0])
	}
	if len(skels) == 0 {
		return nil
	}
	files := map[string]*splitFile{}
	open := func(path string) *splitFile {
		if f, ok := files[path]; ok {
			return f
		}
		f, _ := openSplitFile(path)
		files[path] = f
		return f
	}
	var dwps []*splitFile
	for _, p := range d.dwpPaths() {
		if f := open(p); f != nil && f.index != nil {
			dwps = append(dwps, f)
		}
	}
	j := &joiner{d: d, order: d.order, secs: map[string][]byte{}}
	for _, name := range []string{"info", "abbrev", "str", "str_offsets", "loclists", "rnglists"} {
		j.secs[name] = append([]byte(nil), d.section(name)...)
	}
	mainEnd := dwarf.Offset(len(j.secs["info"]))
	var missing []string
	joined := map[dwarf.Offset]*skeleton{} // split unit offset → its skeleton
	for _, s := range skels {
		var err error
		found := false
		for _, f := range dwps {
			if row, ok := f.index[s.dwoID]; ok {
				found = true
				s.file = f.path
				err = j.add(s, f, f.row(row), joined)
				break
			}
		}
		if !found {
			tried := d.dwoPaths(s)
			for _, p := range tried {
				if f := open(p); f != nil && f.index == nil {
					found = true
					s.file = p
					err = j.add(s, f, nil, joined)
					break
				}
			}
			if !found {
				var also []string // the places tried besides the name itself
				for _, p := range tried {
					if p != s.dwoName {
						also = append(also, p)
					}
				}
				m := s.dwoName
				if len(also) > 0 {
					m += " (nor at " + strings.Join(also, ", ") + ")"
				}
				missing = append(missing, m)
			}
		}
		if err != nil {
			return fmt.Errorf("read split DWARF of %s from %s: %w", s.dwoName, s.file, err)
		}
	}
	if len(missing) > 0 {
		count, more := len(missing), ""
		if len(missing) > 3 {
			more = fmt.Sprintf(", and %d more", len(missing)-3)
			missing = missing[:3]
		}
		return fmt.Errorf("%w: %s was built with -gsplit-dwarf and the .dwo files of %d of its %d units are missing: %s%s, nor in a package at %s; keep the .dwo files where the build left them, or bundle them with llvm-dwp -e %s -o %s.dwp",
			ErrSplitDWARF, d.bin.Path, count, len(skels), strings.Join(missing, "; "), more, strings.Join(d.dwpPaths(), ", "), d.bin.Path, d.bin.Path)
	}
	data, err := dwarf.New(j.secs["abbrev"], nil, nil, j.secs["info"], d.section("line"), nil, d.section("ranges"), j.secs["str"])
	if err != nil {
		return fmt.Errorf("join split DWARF: %w", err)
	}
	for _, name := range []string{"addr", "line_str", "str_offsets", "rnglists"} {
		b := d.section(name)
		if sec, ok := j.secs[name]; ok {
			b = sec
		}
		if b != nil {
			if err := data.AddSection(".debug_"+name, b); err != nil {
				return fmt.Errorf("join split DWARF: %w", err)
			}
		}
	}
	for name, b := range j.secs {
		d.secs[name] = b
	}
	d.data = data
	d.units = nil
	if err := d.readUnits(); err != nil {
		return fmt.Errorf("join split DWARF: %w", err)
	}
	d.skels = map[dwarf.Offset]*unit{}
	kept := d.units[:0]
	for _, u := range d.units {
		if u.off < mainEnd {
			if u.utype == utSkeleton {
				continue
			}
		} else if s := joined[u.off]; s != nil {
			u.skel = s
			d.skels[s.off] = u
		}
		u.idx = len(kept)
		kept = append(kept, u)
	}
	d.units = kept
	if OnDebugFile != nil {
		seen := map[string]bool{}
		for _, s := range skels {
			if !seen[s.file] {
				seen[s.file] = true
				OnDebugFile(d.bin, s.file, FromSplit)
			}
		}
	}
	return nil
}

// dwpPaths are where a package of b's split DWARF may be: the binary's
// path + ".dwp" (gdb's and lldb's convention), and its debug file's.
func (d *Debug) dwpPaths() []string {
	ps := []string{d.bin.Path + ".dwp"}
	if d.bin.debugPath != "" && d.bin.debugPath != d.bin.Path {
		ps = append(ps, d.bin.debugPath+".dwp", strings.TrimSuffix(d.bin.debugPath, ".debug")+".dwp")
	}
	var out []string
	for _, p := range ps {
		out = appendNew(out, p)
	}
	return out
}

// dwoPaths are where s's .dwo may be: DW_AT_dwo_name as given (absolute)
// or under DW_AT_comp_dir, then its base name beside the binary and in
// each --debuginfo directory.
func (d *Debug) dwoPaths(s *skeleton) []string {
	var out []string
	if filepath.IsAbs(s.dwoName) {
		out = append(out, s.dwoName)
	} else if s.compDir != "" {
		out = append(out, filepath.Join(s.compDir, s.dwoName))
	}
	dir := filepath.Dir(d.bin.Path)
	if !filepath.IsAbs(s.dwoName) {
		out = appendNew(out, filepath.Join(dir, s.dwoName))
	}
	out = appendNew(out, filepath.Join(dir, filepath.Base(s.dwoName)))
	for _, sd := range SearchDirs {
		out = appendNew(out, filepath.Join(sd, filepath.Base(s.dwoName)))
	}
	return out
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// openSplitFile reads the .dwo sections of path; nil when it cannot be
// read or holds none. A .dwp also gets its unit index.
func openSplitFile(path string) (*splitFile, error) {
	f, err := openELF(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sf := &splitFile{path: path, secs: map[string][]byte{}, strBase: -1}
	for _, s := range f.Sections {
		name, ok := strings.CutSuffix(s.Name, ".dwo")
		if !ok || s.Type == elf.SHT_NOBITS {
			continue
		}
		name, ok = strings.CutPrefix(name, ".debug_")
		if !ok {
			continue
		}
		b, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("read %s of %s: %w", s.Name, path, err)
		}
		sf.secs[name] = b
	}
	if sf.secs["info"] == nil {
		return nil, fmt.Errorf("%s has no .debug_info.dwo", path)
	}
	if s := f.Section(".debug_cu_index"); s != nil {
		b, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("read .debug_cu_index of %s: %w", path, err)
		}
		if err := sf.readIndex(b, f.ByteOrder); err != nil {
			return nil, fmt.Errorf("read .debug_cu_index of %s: %w", path, err)
		}
	}
	return sf, nil
}

// readIndex reads a DWARF 5 (or GNU version 2) unit index: a header, a
// hash table of signatures and row numbers, then the section ids and each
// row's offsets and sizes (DWARF 5, 7.3.5.3).
func (sf *splitFile) readIndex(b []byte, order binary.ByteOrder) error {
	if len(b) < 16 {
		return errors.New("truncated header")
	}
	version := order.Uint16(b)
	if version != 5 && version != 2 {
		return fmt.Errorf("index version %d", version)
	}
	nsec, nunit, nslot := uint64(order.Uint32(b[4:])), uint64(order.Uint32(b[8:])), uint64(order.Uint32(b[12:]))
	need := 16 + nslot*12 + nsec*4 + 2*nunit*nsec*4
	if nsec > 16 || nslot > uint64(len(b)) || need > uint64(len(b)) {
		return errors.New("truncated index")
	}
	sigs := b[16:]
	rows := b[16+nslot*8:]
	tab := b[16+nslot*12:]
	for i := uint64(0); i < nsec; i++ {
		sf.ids = append(sf.ids, order.Uint32(tab[i*4:]))
	}
	offs := tab[nsec*4:]
	sizes := offs[nunit*nsec*4:]
	sf.index = map[uint64][]contrib{}
	for i := uint64(0); i < nslot; i++ {
		row := uint64(order.Uint32(rows[i*4:]))
		if row == 0 || row > nunit {
			continue
		}
		cs := make([]contrib, nsec)
		for k := uint64(0); k < nsec; k++ {
			p := ((row-1)*nsec + k) * 4
			cs[k] = contrib{uint64(order.Uint32(offs[p:])), uint64(order.Uint32(sizes[p:]))}
		}
		sf.index[order.Uint64(sigs[i*8:])] = cs
	}
	return nil
}

// row maps a unit's contributions by section id.
func (sf *splitFile) row(cs []contrib) map[uint32]contrib {
	m := map[uint32]contrib{}
	for k, id := range sf.ids {
		m[id] = cs[k]
	}
	return m
}

// slice returns the contribution of section id (the whole section of a
// .dwo, where row is nil); ok is false when it is out of range.
func (sf *splitFile) slice(name string, id uint32, row map[uint32]contrib) ([]byte, bool) {
	b := sf.secs[name]
	if row == nil {
		return b, true
	}
	c, ok := row[id]
	if !ok {
		return nil, true
	}
	if c.off > uint64(len(b)) || c.size > uint64(len(b))-c.off {
		return nil, false
	}
	return b[c.off : c.off+c.size], true
}

// joiner builds the joined sections.
type joiner struct {
	d     *Debug
	order binary.ByteOrder
	secs  map[string][]byte
}

// add appends the split unit of s, read from f (row is its package
// contributions, nil for a .dwo), and records its offset in joined.
func (j *joiner) add(s *skeleton, f *splitFile, row map[uint32]contrib, joined map[dwarf.Offset]*skeleton) error {
	info, ok := f.slice("info", sectInfo, row)
	if !ok {
		return errors.New("unit index out of range")
	}
	// Find the split unit with s's dwo_id (a .dwo may hold type units too).
	var unitB []byte
	for p := uint64(0); p+20 <= uint64(len(info)); {
		length := uint64(j.order.Uint32(info[p:]))
		if length == 0xffffffff {
			return errors.New("64-bit DWARF split units are not supported")
		}
		end := p + 4 + length
		if end > uint64(len(info)) || length < 16 {
			return fmt.Errorf("unit at %#x overruns .debug_info.dwo", p)
		}
		u := info[p:end]
		if v := j.order.Uint16(u[4:]); v != 5 {
			return fmt.Errorf("unit at %#x is DWARF %d, not 5", p, v)
		}
		if u[6] == utSplitCompile && j.order.Uint64(u[12:]) == s.dwoID {
			unitB = u
			break
		}
		p = end
	}
	if unitB == nil {
		return fmt.Errorf("no unit with dwo_id %#x (the file is from another build)", s.dwoID)
	}
	abbrev, ok := f.slice("abbrev", sectAbbrev, row)
	if !ok {
		return errors.New("unit index out of range")
	}
	abbrevOff := uint64(j.order.Uint32(unitB[8:]))
	if abbrevOff >= uint64(len(abbrev)) {
		return fmt.Errorf("abbreviation offset %#x out of range", abbrevOff)
	}
	cuCode, _, ok := uleb(unitB, 20)
	if !ok {
		return errors.New("truncated unit DIE")
	}

	// Strings: the file's .debug_str.dwo once, then this unit's offsets
	// moved by where it landed.
	if f.strBase < 0 {
		f.strBase = int64(len(j.secs["str"]))
		j.secs["str"] = append(j.secs["str"], f.secs["str"]...)
	}
	var extra [][3]int64 // attribute, form, value
	if s.hasStmt {
		extra = append(extra, [3]int64{atStmtList, formImplicitConst, s.stmtList})
	}
	if s.hasAddr {
		extra = append(extra, [3]int64{atAddrBase, formImplicitConst, s.addrBase})
	}
	if so, ok := f.slice("str_offsets", sectStrOffsets, row); ok && len(so) >= 8 {
		if j.order.Uint32(so) == 0xffffffff {
			return errors.New("64-bit string offsets are not supported")
		}
		base := len(j.secs["str_offsets"])
		out := append(j.secs["str_offsets"], so[:8]...)
		var w [4]byte
		for p := 8; p+4 <= len(so); p += 4 {
			j.order.PutUint32(w[:], j.order.Uint32(so[p:])+uint32(f.strBase))
			out = append(out, w[:]...)
		}
		j.secs["str_offsets"] = out
		extra = append(extra, [3]int64{atStrOffsetsBase, formImplicitConst, int64(base + 8)})
	}
	if ll, ok := f.slice("loclists", sectLoclists, row); ok && len(ll) >= 12 {
		base := len(j.secs["loclists"])
		j.secs["loclists"] = append(j.secs["loclists"], ll...)
		extra = append(extra, [3]int64{atLoclistsBase, formImplicitConst, int64(base + 12)})
	}
	if rl, ok := f.slice("rnglists", sectRnglists, row); ok && len(rl) >= 12 {
		base := len(j.secs["rnglists"])
		j.secs["rnglists"] = append(j.secs["rnglists"], rl...)
		s.rngContrib = uint64(base)
		extra = append(extra, [3]int64{atRnglistsBase, formImplicitConst, int64(base + 12)})
	}
	tab, err := extendAbbrev(abbrev[abbrevOff:], cuCode, extra)
	if err != nil {
		return err
	}
	newAbbrev := len(j.secs["abbrev"])
	j.secs["abbrev"] = append(j.secs["abbrev"], tab...)
	off := dwarf.Offset(len(j.secs["info"]))
	u := append([]byte(nil), unitB...)
	j.order.PutUint32(u[8:], uint32(newAbbrev))
	j.secs["info"] = append(j.secs["info"], u...)
	joined[off] = s
	return nil
}

// extendAbbrev copies the abbreviation table at the start of b, giving
// declaration code the attributes of extra it lacks (as
// DW_FORM_implicit_const, which takes no bytes in the DIE).
func extendAbbrev(b []byte, code uint64, extra [][3]int64) ([]byte, error) {
	var out []byte
	p := 0
	next := func() (uint64, error) {
		v, n, ok := uleb(b, p)
		if !ok {
			return 0, errors.New("truncated abbreviation table")
		}
		p = n
		return v, nil
	}
	for {
		start := p
		c, err := next()
		if err != nil {
			return nil, err
		}
		if c == 0 {
			return append(out, 0), nil
		}
		tag, err := next()
		if err != nil {
			return nil, err
		}
		if p >= len(b) {
			return nil, errors.New("truncated abbreviation table")
		}
		p++ // children
		have := map[uint64]bool{}
		for {
			at, err := next()
			if err != nil {
				return nil, err
			}
			form, err := next()
			if err != nil {
				return nil, err
			}
			if at == 0 && form == 0 {
				break
			}
			have[at] = true
			if form == formImplicitConst {
				_, n, ok := sleb(b, p)
				if !ok {
					return nil, errors.New("truncated abbreviation table")
				}
				p = n
			}
		}
		if c != code || (tag != tagCompileUnit && tag != tagSkeletonUnit) {
			out = append(out, b[start:p]...)
			continue
		}
		out = append(out, b[start:p-2]...) // without the 0 0 that ends it
		for _, x := range extra {
			if have[uint64(x[0])] {
				continue
			}
			out = binary.AppendUvarint(out, uint64(x[0]))
			out = binary.AppendUvarint(out, uint64(x[1]))
			out = appendSleb(out, x[2])
		}
		out = append(out, 0, 0)
	}
}

func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// splitRanges reads the DWARF 5 range list of e, a DIE of split unit u:
// debug/dwarf would take the base address from the unit DIE's
// DW_AT_low_pc, which is the skeleton's.
func (d *Debug) splitRanges(u *unit, e *dwarf.Entry) [][2]uint64 {
	f := e.AttrField(dwarf.AttrRanges)
	var off uint64
	switch v := f.Val.(type) {
	case uint64: // DW_FORM_rnglistx, resolved by debug/dwarf
		off = v
	case int64: // DW_FORM_sec_offset, from the unit's contribution
		off = u.skel.rngContrib + uint64(v)
	default:
		return nil
	}
	sec := d.section("rnglists")
	if off >= uint64(len(sec)) {
		return nil
	}
	r := &exprReader{b: sec[off:], order: d.order}
	base := u.skel.low
	addrx := func() uint64 {
		v, err := d.debugAddr(u, r.uleb())
		if err != nil && r.err == nil {
			r.err = err
		}
		return v
	}
	var out [][2]uint64
	for r.err == nil {
		var lo, hi uint64
		switch kind := r.u8(); kind {
		case 0: // DW_RLE_end_of_list
			return out
		case 1: // DW_RLE_base_addressx
			base = addrx()
			continue
		case 2: // DW_RLE_startx_endx
			lo = addrx()
			hi = addrx()
		case 3: // DW_RLE_startx_length
			lo = addrx()
			hi = lo + r.uleb()
		case 4: // DW_RLE_offset_pair
			lo = base + r.uleb()
			hi = base + r.uleb()
		case 5: // DW_RLE_base_address
			base = r.fixed(u.addrSize)
			continue
		case 6: // DW_RLE_start_end
			lo, hi = r.fixed(u.addrSize), r.fixed(u.addrSize)
		case 7: // DW_RLE_start_length
			lo = r.fixed(u.addrSize)
			hi = lo + r.uleb()
		default:
			return out
		}
		if hi > lo {
			out = append(out, [2]uint64{lo, hi})
		}
	}
	return out
}
