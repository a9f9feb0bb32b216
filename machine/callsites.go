package machine

import (
	"debug/elf"
	"encoding/binary"
	"fmt"

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
	// jmps holds the sites of sites that are jmps (tail calls, and a Go
	// function's jmp back to its entry after runtime.morestack).
	jmps map[uint64]bool
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
	r := &callRefs{sites: map[uint64][]uint64{}, other: map[uint64]string{}, deadStart: map[uint64]bool{}, jmps: map[uint64]bool{}}
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
	if bin.IsGo() {
		r.why = goMethodRefs(bin, r)
	}
	return r
}

// goMethodRefs adds to r the functions a Go module's method tables name.
// A type's methods (runtime.uncommontype's []runtime.method: ifn and tfn)
// are 4-byte offsets from the module's text (runtime.text), not
// addresses: reflect's Method and the itabs the runtime builds for a
// type assertion (runtime.getitab) call through them. Every 4-byte word
// between runtime.types and runtime.etypes, where the linker puts every
// type descriptor, that is such an offset of a function's entry counts
// (a word that only looks like one makes gs keep that function's RET
// probes, which is safe). It says why no function of the module gets
// return sites when the range is unknown.
func goMethodRefs(bin *debuginfo.Binary, r *callRefs) string {
	syms, err := bin.File.Symbols()
	if err != nil {
		return "its symbol table cannot be read, which holds where its type descriptors are"
	}
	at := map[string]uint64{}
	for _, s := range syms {
		switch s.Name {
		case "runtime.text", "runtime.types", "runtime.etypes":
			at[s.Name] = s.Value
		}
	}
	text, lo, hi := at["runtime.text"], at["runtime.types"], at["runtime.etypes"]
	if text == 0 || lo == 0 || hi <= lo {
		return "its symbol table does not say where its type descriptors are (runtime.types)"
	}
	for _, s := range bin.File.Sections {
		if s.Flags&elf.SHF_ALLOC == 0 || s.Type == elf.SHT_NOBITS || s.Addr+s.Size <= lo || s.Addr >= hi {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return "its section " + s.Name + " cannot be read"
		}
		from, to := max(lo, s.Addr)-s.Addr, min(hi, s.Addr+s.Size)-s.Addr
		for i := from &^ 3; i+4 <= to; i += 4 {
			a := text + uint64(binary.LittleEndian.Uint32(data[i:]))
			if fn, ok := bin.FuncAt(a); ok && fn.Addr == a && r.other[a] == "" {
				r.other[a] = "a method table of its module's types holds it (reflection and interfaces call it)"
			}
		}
	}
	return ""
}

// ReturnAddrs returns, for the Go function at entry, the link-time
// addresses of its calls and of their return addresses (the instruction
// after each call), or why they may not be all (sema/retsites.go puts a
// uretprobe there instead of on its RETs). Its calls are all known as
// CallSites proves for C (the module's code and data name it nowhere
// else, and no method table does: goMethodRefs), and each must be a
// call: a jmp to it (a wrapper's tail call) returns to a caller of the
// wrapper. The jmp back to its own entry after runtime.morestack, which
// runs it again for the same call, is not one. Every normal return then
// reaches exactly one of the return addresses, once, when nothing else
// goes there: no jump or data word names one, and none is the call of
// runtime.deferreturn to which the runtime sends a frame that recovered
// from a panic.
func (pr *Placer) ReturnAddrs(bin *debuginfo.Binary, entry uint64) (calls, rets []uint64, why string) {
	if !bin.IsGo() {
		return nil, nil, "it is not Go"
	}
	fn, ok := bin.FuncAt(entry)
	if !ok || fn.Addr != entry {
		return nil, nil, "it is not a function's entry"
	}
	if exported(bin, entry) {
		return nil, nil, "its module exports it (a dynamic symbol)"
	}
	r := pr.callRefs(bin)
	switch {
	case r.why != "":
		return nil, nil, r.why
	case r.other[entry] != "":
		return nil, nil, r.other[entry]
	case !r.deadStart[entry]:
		return nil, nil, "the code before it may run into it"
	}
	for _, site := range r.sites[entry] {
		if r.jmps[site] {
			if site >= fn.Addr && site < fn.Addr+fn.Size {
				continue // runtime.morestack's restart
			}
			return nil, nil, fmt.Sprintf("a jmp at %#x goes to it (a tail call)", site)
		}
		caller, ok := bin.FuncAt(site)
		code := []byte(nil)
		if ok {
			code = readCode(bin, caller)
		}
		if code == nil || site < caller.Addr || site-caller.Addr >= uint64(len(code)) {
			return nil, nil, fmt.Sprintf("the code of its call at %#x cannot be read", site)
		}
		n, ok := callLen(code[site-caller.Addr:])
		if !ok {
			return nil, nil, fmt.Sprintf("its call at %#x does not decode", site)
		}
		ra := site + uint64(n)
		switch {
		case len(r.sites[ra]) > 0 || r.other[ra] != "":
			return nil, nil, fmt.Sprintf("something else than its return goes to %#x, after its call in %s", ra, caller.Name)
		case ra-caller.Addr >= uint64(len(code)):
			return nil, nil, fmt.Sprintf("its call at %#x ends %s", site, caller.Name)
		}
		if t, ok := callTarget(code[ra-caller.Addr:], ra); ok {
			if d, found := bin.LookupFunc("runtime.deferreturn"); found && d.Addr == t {
				return nil, nil, fmt.Sprintf("its return address in %s calls runtime.deferreturn, where a recovered panic resumes", caller.Name)
			}
		}
		calls, rets = append(calls, site), append(rets, ra)
	}
	if len(calls) == 0 {
		return nil, nil, "no direct call of it"
	}
	return calls, rets, ""
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
