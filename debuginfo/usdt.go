package debuginfo

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"

	"github.com/gs-tracer/gs/arch"
)

// This file reads the SystemTap SDT probes (USDT) of a binary, as
// https://sourceware.org/systemtap/wiki/UserSpaceProbeImplementation
// describes them ("Implementation: SDT", "Argument Format"): sys/sdt.h puts
// at each probe site a NOP and, in the section .note.stapsdt, one ELF note
// per site, owner "stapsdt", type 3, whose descriptor is
//
//	pc        the address of the NOP                        (8 bytes, ELF64)
//	base      the link-time address of .stapsdt.base        (8 bytes)
//	semaphore the address of the probe's unsigned short counter in
//	          .probes, 0 for none                            (8 bytes)
//	provider\0 name\0 arguments\0
//
// When the file was prelinked (moved), .stapsdt.base's address differs
// from base, and pc moves by the difference. A probe with a semaphore
// runs its argument set-up only while the counter is non-zero: gs has the
// kernel raise it (the uprobe's ref_ctr_offset).
//
// The arguments are the assembler's operands the compiler chose for each
// (the "nor" constraint: a register, memory or a constant), each prefixed
// by its size, negative for a signed value, and separated by spaces:
//
//	-4@%edi          a 4-byte signed int in edi
//	8@-16(%rbp)      8 bytes in memory at rbp-16
//	4@$5             the constant 5
//	8@8(%rax,%rdx,8) memory at rax+rdx*8+8
//	-4@counter(%rip) a global: memory at counter's address
//	8@%rax           (an older sdt.h writes no size: 8 bytes, unsigned)

// USDT is one probe site of .note.stapsdt.
type USDT struct {
	Provider, Name string
	PC             uint64 // the NOP's link-time address, prelink-adjusted
	Base           uint64 // the note's .stapsdt.base
	Semaphore      uint64 // the counter's link-time address; 0 for none
	Args           []USDTArg
	ArgsText       string // the argument specs as the note holds them
}

// USDTArgKind says where an argument is.
type USDTArgKind uint8

// Argument kinds.
const (
	USDTReg   USDTArgKind = iota // in register Reg
	USDTMem                      // in memory at Reg+Offset (+Index*Scale), or at Symbol+Offset
	USDTConst                    // the constant Value
)

// USDTArg is one argument of a probe.
type USDTArg struct {
	Spec   string // as written: "-4@%edi"
	Size   int    // 1, 2, 4 or 8 bytes
	Signed bool
	Kind   USDTArgKind
	Reg    string // the register's name without '%' ("edi"); "" for none
	Index  string // USDTMem: the index register, "" for none
	Scale  int    // USDTMem: the index's scale
	Offset int64  // USDTMem: the displacement
	Symbol string // USDTMem: the symbol the displacement is relative to (counter in counter(%rip))
	Value  int64  // USDTConst
}

// TypeName is the argument's C type, as bpftrace and -lv name it: int32_t.
func (a USDTArg) TypeName() string {
	if a.Signed {
		return fmt.Sprintf("int%d_t", 8*a.Size)
	}
	return fmt.Sprintf("uint%d_t", 8*a.Size)
}

// ErrUSDTArg is wrapped by the errors of argument specs gs cannot read.
var ErrUSDTArg = errors.New("unsupported USDT argument")

// stapsdtNoteType is NT_STAPSDT, the type of the notes of owner "stapsdt".
const stapsdtNoteType = 3

// USDTs returns the SDT probes of the binary, in note order. A binary
// without .note.stapsdt has none. An argument spec gs cannot parse is kept
// in ArgsText and makes that probe's Args nil, with the error in errs.
func (b *Binary) USDTs() (probes []USDT, errs []error, err error) {
	return readUSDTs(b.File)
}

func readUSDTs(f *elf.File) (probes []USDT, errs []error, err error) {
	sec := f.Section(".note.stapsdt")
	if sec == nil {
		return nil, nil, nil
	}
	if f.Class != elf.ELFCLASS64 {
		return nil, nil, fmt.Errorf("read .note.stapsdt: only 64-bit ELF files are supported")
	}
	data, err := sec.Data()
	if err != nil {
		return nil, nil, fmt.Errorf("read .note.stapsdt: %w", err)
	}
	var baseAddr uint64
	if bs := f.Section(".stapsdt.base"); bs != nil {
		baseAddr = bs.Addr
	}
	bo := f.ByteOrder
	align := func(n uint32) int { return int((n + 3) &^ 3) }
	for len(data) >= 12 {
		namesz, descsz, typ := bo.Uint32(data), bo.Uint32(data[4:]), bo.Uint32(data[8:])
		data = data[12:]
		if align(namesz)+align(descsz) > len(data) {
			return probes, errs, fmt.Errorf("read .note.stapsdt: a note runs past the section")
		}
		name := strings.TrimRight(string(data[:namesz]), "\x00")
		desc := data[align(namesz) : align(namesz)+int(descsz)]
		data = data[align(namesz)+align(descsz):]
		if name != "stapsdt" || typ != stapsdtNoteType {
			continue
		}
		u, err := parseUSDTNote(desc, bo)
		if err != nil {
			return probes, errs, fmt.Errorf("read .note.stapsdt: %w", err)
		}
		if baseAddr != 0 && u.Base != 0 {
			u.PC += baseAddr - u.Base // prelinked: the wiki's adjustment
		}
		if u.Args, err = ParseUSDTArgs(u.ArgsText); err != nil {
			errs = append(errs, fmt.Errorf("probe %s:%s: %w", u.Provider, u.Name, err))
		}
		probes = append(probes, u)
	}
	return probes, errs, nil
}

func parseUSDTNote(desc []byte, bo binary.ByteOrder) (USDT, error) {
	if len(desc) < 24 {
		return USDT{}, fmt.Errorf("a descriptor of %d bytes, shorter than its three addresses", len(desc))
	}
	u := USDT{PC: bo.Uint64(desc), Base: bo.Uint64(desc[8:]), Semaphore: bo.Uint64(desc[16:])}
	strs := strings.SplitN(string(desc[24:]), "\x00", 4)
	if len(strs) < 3 {
		return USDT{}, fmt.Errorf("a descriptor without provider, name and arguments")
	}
	u.Provider, u.Name, u.ArgsText = strs[0], strs[1], strs[2]
	return u, nil
}

// ParseUSDTArgs parses a note's argument specs (see the file's comment).
func ParseUSDTArgs(text string) ([]USDTArg, error) {
	var out []USDTArg
	for _, spec := range strings.Fields(text) {
		a, err := parseUSDTArg(spec)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func parseUSDTArg(spec string) (USDTArg, error) {
	a := USDTArg{Spec: spec, Size: 8}
	op := spec
	if at := strings.IndexByte(spec, '@'); at >= 0 {
		n, err := strconv.Atoi(spec[:at])
		switch {
		case err != nil:
			return a, fmt.Errorf("%w %q: bad size", ErrUSDTArg, spec)
		case n < 0:
			a.Signed, n = true, -n
		}
		if n != 1 && n != 2 && n != 4 && n != 8 {
			return a, fmt.Errorf("%w %q: size %d", ErrUSDTArg, spec, n)
		}
		a.Size, op = n, spec[at+1:]
	}
	switch {
	case strings.HasPrefix(op, "$"):
		v, err := parseDisp(op[1:])
		if err != nil {
			return a, fmt.Errorf("%w %q: constant %q", ErrUSDTArg, spec, op[1:])
		}
		a.Kind, a.Value = USDTConst, v
	case strings.HasPrefix(op, "%"):
		a.Kind, a.Reg = USDTReg, op[1:]
		if _, ok := arch.RegByName(a.Reg); !ok {
			return a, fmt.Errorf("%w %q: register %%%s", ErrUSDTArg, spec, a.Reg)
		}
	default:
		a.Kind = USDTMem
		disp, inner := op, ""
		if i := strings.IndexByte(op, '('); i >= 0 {
			if !strings.HasSuffix(op, ")") {
				return a, fmt.Errorf("%w %q: unbalanced parentheses", ErrUSDTArg, spec)
			}
			disp, inner = op[:i], op[i+1:len(op)-1]
		}
		if err := a.setDisp(disp); err != nil {
			return a, fmt.Errorf("%w %q: displacement %q", ErrUSDTArg, spec, disp)
		}
		if inner != "" {
			parts := strings.Split(inner, ",")
			if len(parts) > 3 {
				return a, fmt.Errorf("%w %q: operand %q", ErrUSDTArg, spec, inner)
			}
			for i, p := range parts[:min(len(parts), 2)] {
				if p == "" && i == 0 {
					continue // (,%rdx,8): no base
				}
				if !strings.HasPrefix(p, "%") {
					return a, fmt.Errorf("%w %q: register %q", ErrUSDTArg, spec, p)
				}
				if _, ok := arch.RegByName(p[1:]); !ok {
					return a, fmt.Errorf("%w %q: register %s", ErrUSDTArg, spec, p)
				}
				if i == 0 {
					a.Reg = p[1:]
				} else {
					a.Index, a.Scale = p[1:], 1
				}
			}
			if len(parts) == 3 {
				s, err := strconv.Atoi(parts[2])
				if err != nil || (s != 1 && s != 2 && s != 4 && s != 8) {
					return a, fmt.Errorf("%w %q: scale %q", ErrUSDTArg, spec, parts[2])
				}
				a.Scale = s
			}
		}
		if a.Reg == "" && a.Index == "" && a.Symbol == "" {
			return a, fmt.Errorf("%w %q: an absolute address", ErrUSDTArg, spec)
		}
	}
	return a, nil
}

// setDisp reads a displacement: a number, a symbol, or symbol+number.
func (a *USDTArg) setDisp(s string) error {
	if s == "" {
		return nil
	}
	if c := s[0]; c == '-' || c == '+' || isDigitByte(c) {
		v, err := parseDisp(s)
		a.Offset = v
		return err
	}
	sym, off := s, ""
	if i := strings.IndexAny(s, "+-"); i > 0 {
		sym, off = s[:i], s[i:]
	}
	a.Symbol = sym
	if off != "" {
		v, err := parseDisp(off)
		a.Offset = v
		return err
	}
	return nil
}

func parseDisp(s string) (int64, error) {
	neg := strings.HasPrefix(s, "-")
	u, err := strconv.ParseUint(strings.TrimLeft(s, "+-"), 0, 64)
	if err != nil {
		return 0, err
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// USDTLocation returns where argument a of a probe of b is, as a Location
// the value machinery reads (a register, memory, a constant). A symbol is
// looked up in b's symbol tables; its link-time address needs b's load
// bias when b is PIE (Location.NeedsBias).
func (b *Binary) USDTLocation(a USDTArg) (Location, error) {
	dwarfReg := func(name string) (int, arch.SubReg, error) {
		r, ok := arch.RegByName(name)
		if !ok || arch.Regs[r.Slot].DWARF < 0 {
			return 0, r, fmt.Errorf("%w %q: register %%%s", ErrUSDTArg, a.Spec, name)
		}
		return arch.Regs[r.Slot].DWARF, r, nil
	}
	switch a.Kind {
	case USDTConst:
		return Location{Pieces: []Piece{{Kind: PieceValue, Ops: []LocOp{{Kind: LocConst, Value: uint64(a.Value)}}}}}, nil
	case USDTReg:
		reg, r, err := dwarfReg(a.Reg)
		if err != nil {
			return Location{}, err
		}
		if r.Shift != 0 { // ah..dh: (reg >> 8), the type keeps the low byte
			return Location{Pieces: []Piece{{Kind: PieceValue, Ops: []LocOp{
				{Kind: LocBreg, Reg: reg}, {Kind: LocConst, Value: uint64(r.Shift)}, {Kind: LocShr}}}}}, nil
		}
		return Location{Pieces: []Piece{{Kind: PieceReg, Ops: []LocOp{{Kind: LocReg, Reg: reg}}}}}, nil
	}
	// The address is the sum of its terms: base, symbol, index*scale;
	// the displacement is folded into the first that takes one.
	var ops []LocOp
	add := func(term ...LocOp) {
		ops = append(ops, term...)
		if len(ops) > len(term) {
			ops = append(ops, LocOp{Kind: LocAdd})
		}
	}
	off := a.Offset
	if a.Reg != "" {
		reg, r, err := dwarfReg(a.Reg)
		switch {
		case err != nil:
			return Location{}, err
		case r.Size != 8:
			return Location{}, fmt.Errorf("%w %q: a %d-byte base register", ErrUSDTArg, a.Spec, r.Size)
		case r.Slot == arch.IP && a.Symbol == "":
			// The assembler made the displacement relative to the next
			// instruction, which the note does not name; a symbol's
			// address is the one rip-relative operand it can hold.
			return Location{}, fmt.Errorf("%w %q: rip-relative without a symbol", ErrUSDTArg, a.Spec)
		case r.Slot != arch.IP:
			add(LocOp{Kind: LocBreg, Reg: reg, Offset: off})
			off = 0
		}
	}
	if a.Symbol != "" {
		addr, ok := b.symbolAddr(a.Symbol)
		if !ok {
			return Location{}, fmt.Errorf("%w %q: no symbol %q in the symbol table", ErrUSDTArg, a.Spec, a.Symbol)
		}
		add(LocOp{Kind: LocAddr, Value: addr + uint64(off), Bias: b.PIE})
		off = 0
	}
	if a.Index != "" {
		reg, r, err := dwarfReg(a.Index)
		if err != nil {
			return Location{}, err
		}
		if r.Size != 8 {
			return Location{}, fmt.Errorf("%w %q: a %d-byte index register", ErrUSDTArg, a.Spec, r.Size)
		}
		add(LocOp{Kind: LocBreg, Reg: reg}, LocOp{Kind: LocConst, Value: uint64(a.Scale)}, LocOp{Kind: LocMul})
	}
	if off != 0 {
		ops = append(ops, LocOp{Kind: LocPlusConst, Offset: off})
	}
	return Location{Pieces: []Piece{{Kind: PieceMemory, Ops: ops}}}, nil
}

// symbolAddr returns the link-time address of the data or code symbol
// called name.
func (b *Binary) symbolAddr(name string) (uint64, bool) {
	for _, get := range []func() ([]elf.Symbol, error){b.File.Symbols, b.File.DynamicSymbols} {
		syms, _ := get()
		for _, s := range syms {
			if s.Name == name && s.Section != elf.SHN_UNDEF && elf.ST_TYPE(s.Info) != elf.STT_TLS {
				return s.Value, true
			}
		}
	}
	return 0, false
}

// USDTFiles returns the files with USDT probes that any process maps
// (bpftrace's usdt:*:... with no -p), each once, by the path gs opens. A
// file is one the processes share: a probe in it fires in each of them.
func USDTFiles() []string {
	ents, _ := os.ReadDir("/proc")
	seen := map[string]bool{}
	files := map[[2]uint64]bool{} // by device and inode: one file under two paths
	var out []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		for _, p := range ForProcess(pid).Mapped {
			if seen[p] {
				continue
			}
			seen[p] = true
			st, err := os.Stat(p)
			if err != nil {
				continue
			}
			if sys, ok := st.Sys().(*syscall.Stat_t); ok {
				id := [2]uint64{sys.Dev, sys.Ino}
				if files[id] {
					continue
				}
				files[id] = true
			}
			if f, err := elf.Open(p); err == nil {
				if f.Section(".note.stapsdt") != nil {
					out = append(out, p)
				}
				f.Close()
			}
		}
	}
	return out
}

// USDTMatch matches a provider or probe name against a pattern of a usdt
// specifier, with wildcards as path.Match has them; "" and "*" match
// anything.
func USDTMatch(pattern, s string) bool {
	if pattern == "" || pattern == "*" {
		return true
	}
	if !strings.ContainsAny(pattern, "*?[") {
		return pattern == s
	}
	ok, _ := path.Match(pattern, s)
	return ok
}
