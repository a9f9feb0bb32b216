package debuginfo

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
)

// The ELF facts of a module's thread-local storage: its PT_TLS segment,
// whether it is the executable (whose block is at a fixed offset from the
// thread pointer), and the GOT slots where ld.so writes the module id by
// which the DTV finds the block of a library. How these turn into an
// address is ir/tls.go's (the ABI) and sema's (the location).

// TLS describes a module's thread-local storage.
type TLS struct {
	// The PT_TLS segment: the block's initial image, its size in memory
	// and alignment.
	Vaddr, Memsz, Align uint64
	// Exec is set for an executable (ET_EXEC, or a PIE: DF_1_PIE, or
	// PT_INTERP without DT_SONAME); Static when it has no PT_INTERP.
	Exec, Static bool
	// ModSlot is the link-time address of a GOT slot that ld.so fills with
	// this module's id (R_X86_64_DTPMOD64 of symbol 0, or of a symbol of
	// this module that no other can interpose: local, hidden or
	// protected); HaveModSlot says there is one.
	ModSlot     uint64
	HaveModSlot bool
	// Index maps the offset in the block of a TLS symbol of this module
	// that another module may interpose (default visibility) to its
	// tls_index in the GOT: {module id, offset}, the pair __tls_get_addr
	// is given (R_X86_64_DTPMOD64 and R_X86_64_DTPOFF64 of the symbol in
	// consecutive words).
	Index map[uint64]uint64
	// TPSlot is the link-time address of a GOT slot that ld.so fills with
	// the offset from the thread pointer of offset TPSlotOff in this
	// module's block (R_X86_64_TPOFF64 of the initial-exec model, of
	// symbol 0 or of a symbol no other module can interpose): the block is
	// then in static TLS, at tp + slot - TPSlotOff. HaveTPSlot says there
	// is one.
	TPSlot, TPSlotOff uint64
	HaveTPSlot        bool
	// TPIndex maps the offset of an interposable TLS symbol to its
	// R_X86_64_TPOFF64 slot: the thread pointer offset of the variable the
	// program uses.
	TPIndex map[uint64]uint64
}

// ErrNoTLS is returned by Binary.TLS for a file without a PT_TLS segment.
var ErrNoTLS = errors.New("no PT_TLS segment")

// TLS reads the thread-local storage facts of b.
func (b *Binary) TLS() (*TLS, error) {
	f := b.File
	t := &TLS{Index: map[uint64]uint64{}, TPIndex: map[uint64]uint64{}}
	found, interp := false, false
	for _, p := range f.Progs {
		switch p.Type {
		case elf.PT_TLS:
			t.Vaddr, t.Memsz, t.Align, found = p.Vaddr, p.Memsz, p.Align, true
		case elf.PT_INTERP:
			interp = true
		}
	}
	if !found {
		return nil, fmt.Errorf("%s: %w", b.Path, ErrNoTLS)
	}
	t.Static = !interp
	t.Exec = f.Type == elf.ET_EXEC
	if f.Type == elf.ET_DYN {
		flags, _ := f.DynValue(elf.DT_FLAGS_1)
		soname, _ := f.DynString(elf.DT_SONAME)
		t.Exec = len(flags) > 0 && flags[0]&uint64(elf.DF_1_PIE) != 0 || interp && len(soname) == 0
	}
	if f.Machine != elf.EM_X86_64 || f.Class != elf.ELFCLASS64 {
		return t, nil
	}
	syms, _ := f.DynamicSymbols() // syms[i] is symbol i+1
	type rela struct {
		off  uint64
		typ  elf.R_X86_64
		sym  uint32
		add  int64
		stat bool // the symbol is this module's and cannot be interposed
		val  uint64
	}
	var mods []rela
	offs := map[uint64]rela{} // DTPOFF64 slots by address
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA || int(s.Link) >= len(f.Sections) || f.Sections[s.Link].Type != elf.SHT_DYNSYM {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		for i := 0; i+24 <= len(data); i += 24 {
			info := binary.LittleEndian.Uint64(data[i+8:])
			r := rela{off: binary.LittleEndian.Uint64(data[i:]), typ: elf.R_X86_64(info & 0xffffffff),
				sym: uint32(info >> 32), add: int64(binary.LittleEndian.Uint64(data[i+16:]))}
			if r.typ != elf.R_X86_64_DTPMOD64 && r.typ != elf.R_X86_64_DTPOFF64 && r.typ != elf.R_X86_64_TPOFF64 {
				continue
			}
			if r.sym == 0 {
				r.stat = true
			} else if int(r.sym) <= len(syms) {
				sym := syms[r.sym-1]
				if sym.Section == elf.SHN_UNDEF || elf.ST_TYPE(sym.Info) != elf.STT_TLS {
					continue // another module's
				}
				vis := elf.ST_VISIBILITY(sym.Other)
				r.stat = elf.ST_BIND(sym.Info) == elf.STB_LOCAL || vis == elf.STV_HIDDEN || vis == elf.STV_PROTECTED
				r.val = sym.Value
			} else {
				continue
			}
			switch r.typ {
			case elf.R_X86_64_DTPMOD64:
				mods = append(mods, r)
			case elf.R_X86_64_DTPOFF64:
				offs[r.off] = r
			case elf.R_X86_64_TPOFF64:
				switch {
				case r.stat && !t.HaveTPSlot:
					t.TPSlot, t.TPSlotOff, t.HaveTPSlot = r.off, r.val+uint64(r.add), true
				case !r.stat && r.add == 0:
					t.TPIndex[r.val] = r.off
				}
			}
		}
	}
	for _, r := range mods {
		if r.stat {
			if !t.HaveModSlot {
				t.ModSlot, t.HaveModSlot = r.off, true
			}
			continue
		}
		if o, ok := offs[r.off+8]; ok && o.sym == r.sym && o.add == 0 && r.add == 0 {
			t.Index[r.val] = r.off
		}
	}
	return t, nil
}
