package debuginfo

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
)

// CFARule says how to compute the canonical frame address at a pc:
// CFA = register Reg + Offset (x86-64 DWARF register numbers).
type CFARule struct {
	Reg    int
	Offset int64
}

func (c CFARule) String() string { return fmt.Sprintf("%s%+d", RegName(c.Reg), c.Offset) }

// ErrNoCFI is returned by CFA for a pc no FDE covers.
var ErrNoCFI = errors.New("no call frame information")

// CFA returns the CFA rule at pc from .eh_frame (of the binary itself: it
// is allocated, so stripping keeps it) or .debug_frame. A CFA computed by
// a DWARF expression is reported as unsupported.
func (d *Debug) CFA(pc uint64) (CFARule, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cfaAt(pc)
}

func (d *Debug) cfaAt(pc uint64) (CFARule, error) {
	if d.frames == nil {
		d.frames = &frameIndex{}
		if s := d.bin.File.Section(".eh_frame"); s != nil && s.Type != elf.SHT_NOBITS {
			if data, err := s.Data(); err == nil {
				d.frames.add(data, s.Addr, true, d.order, 8)
			}
		}
		if dbg := d.section("frame"); dbg != nil {
			d.frames.add(dbg, 0, false, d.order, 8)
		}
		sort.Slice(d.frames.fdes, func(i, j int) bool { return d.frames.fdes[i].lo < d.frames.fdes[j].lo })
	}
	fde := d.frames.find(pc)
	if fde == nil {
		return CFARule{}, fmt.Errorf("CFA at %#x: %w", pc, ErrNoCFI)
	}
	return fde.cfa(pc, d.order)
}

type frameIndex struct {
	fdes []*fde
}

type cie struct {
	codeAlign uint64
	dataAlign int64
	fdeEnc    byte
	aug       bool // 'z': FDEs have augmentation data
	signal    bool // 'S': the FDEs are signal frames (a restorer)
	initial   []byte
	addrSize  int
	ehFrame   bool
	secAddr   uint64
	sec       []byte
	// personality is set when the CIE names a personality routine ('P'):
	// the unwinder runs it in the frames of its FDEs' functions.
	personality bool
	lsda        bool // 'L': FDEs carry a pointer to their LSDA, encoded as lsdaEnc
	lsdaEnc     byte
}

type fde struct {
	lo, hi uint64
	cie    *cie
	instrs []byte
	insAt  uint64 // section-relative offset of instrs, for pc-relative set_loc
	lsda   bool   // its LSDA pointer is not 0: the function has handlers or cleanups
}

func (fi *frameIndex) find(pc uint64) *fde {
	// FDEs do not overlap in practice (.eh_frame and .debug_frame may both
	// cover a function); look a few entries back.
	i := sort.Search(len(fi.fdes), func(i int) bool { return fi.fdes[i].lo > pc }) - 1
	for n := 0; i >= 0 && n < 4; i, n = i-1, n+1 {
		if f := fi.fdes[i]; f.lo <= pc && pc < f.hi {
			return f
		}
	}
	return nil
}

// add parses every CIE and FDE of an .eh_frame (ehFrame) or .debug_frame
// section.
func (fi *frameIndex) add(sec []byte, secAddr uint64, ehFrame bool, order binary.ByteOrder, addrSize int) {
	cies := map[uint64]*cie{}
	parseCIE := func(off uint64) *cie {
		if c, ok := cies[off]; ok {
			return c
		}
		c := parseCIEAt(sec, off, secAddr, ehFrame, order, addrSize)
		cies[off] = c
		return c
	}
	for off := uint64(0); off+4 <= uint64(len(sec)); {
		length := uint64(order.Uint32(sec[off:]))
		hdr := uint64(4)
		dwarf64 := false
		if length == 0xffffffff {
			if off+12 > uint64(len(sec)) {
				return
			}
			length, hdr, dwarf64 = order.Uint64(sec[off+4:]), 12, true
		}
		if length == 0 { // .eh_frame terminator
			if ehFrame {
				return
			}
			off += hdr
			continue
		}
		idOff := off + hdr
		idSize := uint64(4)
		if dwarf64 {
			idSize = 8
		}
		if length < idSize || length > uint64(len(sec))-idOff {
			return
		}
		end := idOff + length
		var id uint64
		if dwarf64 {
			id = order.Uint64(sec[idOff:])
		} else {
			id = uint64(order.Uint32(sec[idOff:]))
		}
		isCIE := (ehFrame && id == 0) || (!ehFrame && (id == 0xffffffff || (dwarf64 && id == ^uint64(0))))
		if !isCIE {
			var cieOff uint64
			if ehFrame {
				cieOff = idOff - id
			} else {
				cieOff = id
			}
			if c := parseCIE(cieOff); c != nil {
				if f := parseFDE(sec, idOff+idSize, end, c, order); f != nil {
					fi.fdes = append(fi.fdes, f)
				}
			}
		}
		off = end
	}
}

func parseCIEAt(sec []byte, off, secAddr uint64, ehFrame bool, order binary.ByteOrder, addrSize int) *cie {
	// off comes from the FDE's CIE pointer: it may be anything.
	if off > uint64(len(sec)) || uint64(len(sec))-off < 4 {
		return nil
	}
	length := uint64(order.Uint32(sec[off:]))
	p := off + 4
	idSize := uint64(4)
	if length == 0xffffffff {
		if uint64(len(sec))-off < 12 {
			return nil
		}
		length = order.Uint64(sec[off+4:])
		p, idSize = off+12, 8
	}
	if length < idSize || length > uint64(len(sec))-p {
		return nil
	}
	end := p + length
	r := &exprReader{b: sec[p+idSize : end], order: order}
	version := r.u8()
	var aug []byte
	for len(r.b) > 0 && r.b[0] != 0 {
		aug = append(aug, r.u8())
	}
	r.u8()
	c := &cie{addrSize: addrSize, ehFrame: ehFrame, secAddr: secAddr, sec: sec, fdeEnc: 0}
	if !ehFrame && version >= 4 {
		c.addrSize = int(r.u8())
		r.u8() // segment selector size
	}
	c.codeAlign = r.uleb()
	c.dataAlign = r.sleb()
	if version == 1 {
		r.u8()
	} else {
		r.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.aug = true
		n := r.uleb()
		data := &exprReader{b: r.bytes(n), order: order}
		for _, a := range aug[1:] {
			switch a {
			case 'R':
				c.fdeEnc = data.u8()
			case 'L':
				c.lsda, c.lsdaEnc = true, data.u8()
			case 'P':
				enc := data.u8()
				readEncoded(data, enc, 0, c.addrSize)
				c.personality = true
			case 'S':
				c.signal = true
			case 'B':
			default:
				return c // unknown augmentation: the rest is unreadable
			}
		}
	} else if len(aug) > 0 && string(aug) != "eh" {
		return nil
	}
	if r.err != nil {
		return nil
	}
	c.initial = r.b
	return c
}

func parseFDE(sec []byte, p, end uint64, c *cie, order binary.ByteOrder) *fde {
	r := &exprReader{b: sec[p:end], order: order}
	var lo, n uint64
	if c.ehFrame {
		lo = readEncoded(r, c.fdeEnc, c.secAddr+p, c.addrSize)
		n = readEncoded(r, c.fdeEnc&0x0f, 0, c.addrSize)
	} else {
		lo, n = r.fixed(c.addrSize), r.fixed(c.addrSize)
	}
	lsda := false
	if c.aug {
		aug := &exprReader{b: r.bytes(r.uleb()), order: order}
		if c.lsda && len(aug.b) > 0 {
			// A raw 0 is no LSDA, whatever the encoding (libgcc's
			// read_encoded_value_with_base adds no base to 0).
			lsda = readEncoded(aug, c.lsdaEnc&0x0f, 0, c.addrSize) != 0
		}
	}
	if r.err != nil || n == 0 {
		return nil
	}
	return &fde{lo: lo, hi: lo + n, cie: c, instrs: r.b, insAt: end - uint64(len(r.b)), lsda: lsda}
}

// readEncoded reads a pointer in DW_EH_PE encoding enc; fieldAddr is the
// address of the field for pc-relative encodings.
func readEncoded(r *exprReader, enc byte, fieldAddr uint64, addrSize int) uint64 {
	if enc == 0xff {
		return 0
	}
	var v uint64
	switch enc & 0x0f {
	case 0x00:
		v = r.fixed(addrSize)
	case 0x01:
		v = r.uleb()
	case 0x02:
		v = r.fixed(2)
	case 0x03:
		v = r.fixed(4)
	case 0x04:
		v = r.fixed(8)
	case 0x09:
		v = uint64(r.sleb())
	case 0x0a:
		v = uint64(int64(int16(r.fixed(2))))
	case 0x0b:
		v = uint64(int64(int32(r.fixed(4))))
	case 0x0c:
		v = r.fixed(8)
	}
	if enc&0x70 == 0x10 { // DW_EH_PE_pcrel
		v += fieldAddr
	}
	return v
}

// cfa runs the CIE's initial instructions and the FDE's instructions up to
// pc and returns the CFA rule in force there.
func (f *fde) cfa(pc uint64, order binary.ByteOrder) (CFARule, error) {
	var last cfiRow
	err := f.exec(order, func(lo uint64, r cfiRow) bool {
		if lo > pc {
			return false
		}
		last = r
		return true
	})
	if err != nil {
		return CFARule{}, err
	}
	if last.cfaExpr {
		return CFARule{}, fmt.Errorf("CFA at %#x is a DWARF expression: unsupported", pc)
	}
	return last.cfa, nil
}

// regRule says where a register's caller value is: unchanged (same value,
// the default for callee-saved registers), in memory at CFA+Offset, or
// not known (undefined, or a rule gs does not follow).
type regRule struct {
	kind   byte // ruleSame, ruleAt, ruleUnknown, ruleUndefined, ruleExpr
	offset int64
	expr   []byte // ruleExpr: the DWARF expression giving its address
}

const (
	ruleSame = iota
	ruleAt
	ruleUnknown
	ruleUndefined
	ruleExpr // in memory at the address a DWARF expression computes
)

// cfiRow is one row of the unwind table: the rules in force from its
// location on. Only the CFA, rbp and the return address matter to an
// x86-64 unwinder; the other registers' rules are parsed and dropped.
type cfiRow struct {
	cfa     CFARule
	cfaExpr bool
	expr    []byte // the CFA's DWARF expression, when cfaExpr
	rbp, ra regRule
}

// exec runs the CIE's initial instructions and the FDE's instructions and
// calls emit with each row and the location it starts at, in order, until
// emit returns false. A location advance emits the row it leaves behind.
func (f *fde) exec(order binary.ByteOrder, emit func(lo uint64, r cfiRow) bool) error {
	var cur, initial cfiRow
	var stack []cfiRow
	loc := f.lo
	setReg := func(reg uint64, rr regRule) {
		switch reg {
		case 6:
			cur.rbp = rr
		case 16:
			cur.ra = rr
		}
	}
	restore := func(reg uint64) {
		switch reg {
		case 6:
			cur.rbp = initial.rbp
		case 16:
			cur.ra = initial.ra
		}
	}
	stopped := false
	run := func(ins []byte, insAddr uint64, emitting bool) error {
		r := &exprReader{b: ins, order: order}
		advance := func(newLoc uint64) bool {
			if emitting && newLoc != loc && !emit(loc, cur) {
				stopped = true
				return true
			}
			loc = newLoc
			return false
		}
		for len(r.b) > 0 && r.err == nil {
			op := r.u8()
			switch op >> 6 {
			case 1: // DW_CFA_advance_loc
				if advance(loc + uint64(op&0x3f)*f.cie.codeAlign) {
					return nil
				}
				continue
			case 2: // DW_CFA_offset
				setReg(uint64(op&0x3f), regRule{kind: ruleAt, offset: int64(r.uleb()) * f.cie.dataAlign})
				continue
			case 3: // DW_CFA_restore
				restore(uint64(op & 0x3f))
				continue
			}
			switch op {
			case 0x00: // nop
			case 0x01: // set_loc
				at := insAddr + uint64(len(ins)-len(r.b))
				if advance(readEncoded(r, f.cie.fdeEnc, at, f.cie.addrSize)) {
					return nil
				}
			case 0x02:
				if advance(loc + r.fixed(1)*f.cie.codeAlign) {
					return nil
				}
			case 0x03:
				if advance(loc + r.fixed(2)*f.cie.codeAlign) {
					return nil
				}
			case 0x04:
				if advance(loc + r.fixed(4)*f.cie.codeAlign) {
					return nil
				}
			case 0x05: // offset_extended
				reg := r.uleb()
				setReg(reg, regRule{kind: ruleAt, offset: int64(r.uleb()) * f.cie.dataAlign})
			case 0x11: // offset_extended_sf
				reg := r.uleb()
				setReg(reg, regRule{kind: ruleAt, offset: r.sleb() * f.cie.dataAlign})
			case 0x2f: // GNU_negative_offset_extended
				reg := r.uleb()
				setReg(reg, regRule{kind: ruleAt, offset: -int64(r.uleb()) * f.cie.dataAlign})
			case 0x09: // register
				reg := r.uleb()
				r.uleb()
				setReg(reg, regRule{kind: ruleUnknown})
			case 0x14: // val_offset
				reg := r.uleb()
				r.uleb()
				setReg(reg, regRule{kind: ruleUnknown})
			case 0x15: // val_offset_sf
				reg := r.uleb()
				r.sleb()
				setReg(reg, regRule{kind: ruleUnknown})
			case 0x06: // restore_extended
				restore(r.uleb())
			case 0x07: // undefined
				setReg(r.uleb(), regRule{kind: ruleUndefined})
			case 0x08: // same_value
				setReg(r.uleb(), regRule{kind: ruleSame})
			case 0x2e: // GNU_args_size
				r.uleb()
			case 0x0a: // remember_state
				stack = append(stack, cur)
			case 0x0b: // restore_state
				if len(stack) > 0 {
					cur = stack[len(stack)-1]
					stack = stack[:len(stack)-1]
				}
			case 0x0c: // def_cfa
				cur.cfa.Reg = int(r.uleb())
				cur.cfa.Offset = int64(r.uleb())
				cur.cfaExpr = false
			case 0x0d: // def_cfa_register
				cur.cfa.Reg = int(r.uleb())
				cur.cfaExpr = false
			case 0x0e: // def_cfa_offset
				cur.cfa.Offset = int64(r.uleb())
			case 0x0f: // def_cfa_expression
				cur.expr = r.bytes(r.uleb())
				cur.cfaExpr = true
			case 0x10: // expression
				reg := r.uleb()
				setReg(reg, regRule{kind: ruleExpr, expr: r.bytes(r.uleb())})
			case 0x16: // val_expression
				reg := r.uleb()
				r.bytes(r.uleb())
				setReg(reg, regRule{kind: ruleUnknown})
			case 0x12: // def_cfa_sf
				cur.cfa.Reg = int(r.uleb())
				cur.cfa.Offset = r.sleb() * f.cie.dataAlign
				cur.cfaExpr = false
			case 0x13: // def_cfa_offset_sf
				cur.cfa.Offset = r.sleb() * f.cie.dataAlign
			default:
				return fmt.Errorf("unknown call frame instruction %#x", op)
			}
		}
		return r.err
	}
	if err := run(f.cie.initial, 0, false); err != nil {
		return err
	}
	initial, stack = cur, nil
	var insAddr uint64
	if f.cie.ehFrame {
		insAddr = f.cie.secAddr + f.insAt
	}
	if err := run(f.instrs, insAddr, true); err != nil {
		return err
	}
	if !stopped && loc < f.hi {
		emit(loc, cur)
	}
	return nil
}
