package machine

import (
	"debug/elf"
	"encoding/binary"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
)

// This file finds every call of a function, for an entry probe that no
// placement helps (mov; add; ret): the kernel single-steps its first
// instruction, but emulates the `call rel32` (and `jmp rel32` of a tail
// call) that reaches it, so the probe can sit on each of those instead
// (sema/callsites.go says when the script reads the same there).
//
// Every run of the function's entry then hits exactly one of its call
// sites when nothing else can reach the entry:
//
//   - the module does not export it (no dynamic symbol at its address):
//     no other module names it, and dlsym cannot find it;
//   - no code but a direct call or an unconditional direct jmp names its
//     address: no conditional jump (a probe on a jcc fires when it falls
//     through too), no rip-relative, absolute or immediate operand (lea
//     f(%rip),%rdi; mov $f,%edi), which is how C takes a function's
//     address in code;
//   - no 4- or 8-byte word at a 4-byte boundary of the module's data
//     holds it: function pointers in data, vtables, .init_array, the GOT
//     of a non-PIE, and every relocation's addend (a PIE's R_X86_64_RELATIVE,
//     IRELATIVE) are such words;
//   - the code before it cannot run into it: the last instruction before
//     it (past padding) is a ret, jmp, ud2, hlt or int3.
//
// The whole module's code is swept (every executable section); where any
// of it does not decode, no function of the module gets call sites. A
// function whose address is computed by arithmetic the compilers do not
// emit (hand-written assembly) is not covered, as for placement's jump
// tables.

// callRefs is what a module's code and data say about its function
// entries, computed once per module (Placer.callRefs).
type callRefs struct {
	why   string              // why no function of the module gets call sites ("" none)
	sites map[uint64][]uint64 // target → the direct calls and jmps to it the kernel emulates
	other map[uint64]string   // address → how else it is reached
	// deadStart holds the instruction starts the code before cannot run
	// into.
	deadStart map[uint64]bool
}

// CallSites returns the link-time addresses of every instruction that
// enters the function at entry (its direct calls and tail jmps, all
// emulated by the kernel), or why they may not be all.
func (pr *Placer) CallSites(bin *debuginfo.Binary, entry uint64) ([]uint64, string) {
	if bin.IsGo() {
		return nil, "Go code calls functions through values gs does not follow"
	}
	fn, ok := bin.FuncAt(entry)
	if !ok || fn.Addr != entry {
		return nil, "it is not a function's entry"
	}
	if exported(bin, entry) {
		return nil, "its module exports it (a dynamic symbol)"
	}
	r := pr.callRefs(bin)
	switch {
	case r.why != "":
		return nil, r.why
	case r.other[entry] != "":
		return nil, r.other[entry]
	case !r.deadStart[entry]:
		return nil, "the code before it may run into it"
	case len(r.sites[entry]) == 0:
		return nil, "no direct call of it"
	}
	return r.sites[entry], ""
}

// exported reports whether a dynamic symbol of bin is at addr.
func exported(bin *debuginfo.Binary, addr uint64) bool {
	syms, err := bin.File.DynamicSymbols()
	if err != nil {
		return false // no .dynsym
	}
	for _, s := range syms {
		if s.Value == addr && s.Section != elf.SHN_UNDEF {
			return true
		}
	}
	return false
}

// callRefs returns bin's callRefs, computed once per binary.
func (pr *Placer) callRefs(bin *debuginfo.Binary) *callRefs {
	if r, ok := pr.calls[bin.Path]; ok {
		return r
	}
	r := &callRefs{sites: map[uint64][]uint64{}, other: map[uint64]string{}, deadStart: map[uint64]bool{}}
	if pr.calls == nil {
		pr.calls = map[string]*callRefs{}
	}
	pr.calls[bin.Path] = r
	var lo, hi uint64 = ^uint64(0), 0
	for _, s := range bin.File.Sections {
		if s.Flags&elf.SHF_EXECINSTR != 0 && s.Type != elf.SHT_NOBITS {
			lo, hi = min(lo, s.Addr), max(hi, s.Addr+s.Size)
		}
	}
	inText := func(v uint64) bool { return v >= lo && v < hi }
	for _, s := range bin.File.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Type == elf.SHT_NOBITS {
			continue
		}
		data, err := s.Data()
		if err != nil {
			r.why = "its section " + s.Name + " cannot be read"
			return r
		}
		if s.Flags&elf.SHF_EXECINSTR != 0 {
			if why := sweepCalls(data, s.Addr, inText, r); why != "" {
				r.why = why
				return r
			}
			continue
		}
		for i := 0; i+4 <= len(data); i += 4 {
			if v := uint64(binary.LittleEndian.Uint32(data[i:])); inText(v) {
				r.other[v] = "a word of its module's data holds its address"
			}
			if i+8 <= len(data) {
				if v := binary.LittleEndian.Uint64(data[i:]); inText(v) {
					r.other[v] = "a word of its module's data holds its address"
				}
			}
		}
	}
	return r
}

// SameAtCall reports whether location l, valid at a function's entry,
// reads the same at a call of it: it reads registers other than the stack
// and instruction pointers, which the call changes, memory through them
// (the call writes only below the stack pointer), and constants; nothing
// relative to the frame base or the CFA, and no link-time address (whose
// load bias the probe computes from its own address). An unavailable
// location is unavailable at both.
func SameAtCall(l debuginfo.Location) bool {
	ok := func(ops []debuginfo.LocOp) bool {
		for _, o := range ops {
			switch o.Kind {
			case debuginfo.LocReg, debuginfo.LocBreg:
				if n := arch.DWARFName(o.Reg); n == "" || n == "rsp" || n == "rip" {
					return false
				}
			case debuginfo.LocConst, debuginfo.LocPlusConst, debuginfo.LocDeref:
			default:
				return false
			}
			if len(o.Sub) > 0 {
				return false
			}
		}
		return true
	}
	for _, p := range l.Pieces {
		if !ok(p.Ops) || !ok(p.Expr) {
			return false
		}
	}
	return true
}
