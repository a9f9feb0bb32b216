package debuginfo

import (
	"debug/dwarf"
	"debug/elf"
	"sort"
	"strings"
)

// An exception (C++'s throw, Rust's panic, a thread's cancellation) is
// unwound by libgcc's or LLVM's unwinder, which walks the stack by the
// return addresses in it. A kernel uretprobe replaces the return address
// of the probed call with its trampoline's, which has no CFI: the
// unwinder stops there and the program aborts ("terminate called after
// throwing ..."). longjmp leaves frames without returning through them
// as well. LeavesByUnwind says where either can happen, so that sema puts
// a return probe on the function's RET instructions instead.

// unwindSyms are symbols a binary that throws, catches or cleans up
// after exceptions imports or defines: the C++ ABI's (libstdc++'s and
// libc++abi's), the unwinder's (libgcc_s, libunwind) and Rust's.
var unwindSyms = map[string]bool{
	"__gxx_personality_v0": true, "__gcc_personality_v0": true, "rust_eh_personality": true,
	"__cxa_throw": true, "__cxa_rethrow": true, "__cxa_begin_catch": true,
	"_Unwind_Resume": true, "_Unwind_RaiseException": true, "_Unwind_ForcedUnwind": true,
}

// jumpSyms are glibc's setjmp and longjmp family (setjmp.h): a binary that
// calls one may leave frames of its own functions without their RET (a
// kernel uretprobe survives a longjmp, but sees no return either).
var jumpSyms = map[string]bool{
	"setjmp": true, "_setjmp": true, "__sigsetjmp": true, "sigsetjmp": true,
	"longjmp": true, "_longjmp": true, "siglongjmp": true, "__longjmp_chk": true,
}

// unwindFacts is what LeavesByUnwind reads once per binary.
type unwindFacts struct {
	done    bool
	fdes    *frameIndex // .eh_frame, for the LSDA and personality of a function
	imports string      // the first unwinder symbol b imports or defines, "" when none
	jumps   string      // the first setjmp/longjmp symbol, "" when none
}

// LeavesByUnwind says why an exception or a longjmp can leave fn without
// its RET, "" when nothing in b says it can: fn's unit is C++ or Rust,
// b has C++ or Rust code, fn has an LSDA or a personality routine in its
// .eh_frame FDE (its augmentation), b imports or defines the C++ ABI's or
// the unwinder's entry points, or b calls setjmp or longjmp.
func (b *Binary) LeavesByUnwind(fn Func) string {
	u := &b.unwind
	if !u.done {
		u.done = true
		u.fdes = &frameIndex{}
		if s := b.File.Section(".eh_frame"); s != nil && s.Type != elf.SHT_NOBITS {
			if data, err := s.Data(); err == nil {
				u.fdes.add(data, s.Addr, true, b.File.ByteOrder, 8)
			}
		}
		sortFDEs(u.fdes)
		// A shared library that defines one (libc defines setjmp) calls
		// it no more than any other; an executable is linked with what it
		// calls, a static one with its definition.
		soname, _ := b.File.DynString(elf.DT_SONAME)
		exec := len(soname) == 0 // libc.so.6 has a PT_INTERP too
		syms, _ := b.File.Symbols()
		dyn, _ := b.File.DynamicSymbols()
		for _, s := range append(syms, dyn...) {
			if elf.ST_TYPE(s.Info) != elf.STT_FUNC && elf.ST_TYPE(s.Info) != elf.STT_NOTYPE {
				continue
			}
			if s.Section != elf.SHN_UNDEF && !exec {
				continue
			}
			name, _, _ := strings.Cut(s.Name, "@")
			if u.imports == "" && unwindSyms[name] {
				u.imports = name
			}
			if u.jumps == "" && jumpSyms[name] {
				u.jumps = name
			}
		}
	}
	if f := u.fdes.find(fn.Addr); f != nil {
		switch {
		case f.lsda:
			return "it has an LSDA (exception handlers or cleanups)"
		case f.cie.personality:
			return "its unwind information names a personality routine"
		}
	}
	if d, err := b.Debug(); err == nil && d != nil {
		if l := d.unwindLang(fn.Addr); l != "" {
			return "it is " + l
		}
	}
	switch {
	case u.imports != "":
		return "its binary uses exceptions (" + u.imports + ")"
	case u.jumps != "":
		return "its binary calls " + u.jumps
	}
	return ""
}

// unwindLang returns "C++" or "Rust" when the unit at pc, or any unit of
// d, is one: their exceptions and panics unwind.
func (d *Debug) unwindLang(pc uint64) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	lang := func(u *unit) string {
		if u == nil || d.load(u) != nil || u.entry == nil {
			return ""
		}
		l, _ := u.entry.Val(dwarf.AttrLanguage).(int64)
		switch {
		case cxxLangs[l]:
			return "C++"
		case l == dwLangRust:
			return "Rust"
		}
		return ""
	}
	if l := lang(d.unitForPC(pc)); l != "" {
		return l
	}
	for _, u := range d.units {
		if l := lang(u); l != "" {
			return "in a binary with " + l + " code"
		}
	}
	return ""
}

func sortFDEs(fi *frameIndex) {
	sort.Slice(fi.fdes, func(i, j int) bool { return fi.fdes[i].lo < fi.fdes[j].lo })
}
