package ir

// Thread-local storage on x86-64 (TLS variant II), the one place for its
// facts. Sources: Ulrich Drepper, "ELF Handling For Thread-Local Storage"
// (section 3.4.6, x86-64; variant II in 3.1.2); glibc's
// sysdeps/x86_64/nptl/tls.h (tcbhead_t), sysdeps/generic/dl-dtv.h
// (dtv_t) and elf/dl-tls.c (_dl_determine_tlsoffset, allocate_dtv,
// _dl_allocate_tls_init). bpf TestDiffTLS and tests/e2e TestThreadLocal
// check them on the machine they run on, against what a target prints of
// itself (its FS base, its variables' addresses and values).
//
// The thread pointer (CtxTP, the FS base) points at the thread control
// block, tcbhead_t {void *tcb; dtv_t *dtv; void *self; ...}. The static TLS
// blocks lie below it; the executable's block ends at it (so its variables
// are at tp - ExecTLSOffset + their offset in the block), and the blocks of
// the libraries loaded at start come below that, in an order that depends
// on the process's load order: they are found through the DTV (dynamic
// thread vector), tcb->dtv[modid].val, with the module id modid that ld.so
// writes into the library's GOT (its R_X86_64_DTPMOD64 slots). A module
// loaded later (dlopen) gets a block at its first use by each thread,
// allocated by __tls_get_addr: OpTLS does not follow those (the DTV of a
// thread may be older than the module, and a block may be freed), and
// reports StatusDynamicTLS.
const (
	// TCBDTV is the offset of tcbhead_t.dtv from the thread pointer.
	TCBDTV = 8
	// DTVEntrySize is sizeof(dtv_t): {void *val; void *to_free;}.
	DTVEntrySize = 16
	// DTVToFree is the offset of to_free in a DTV entry: NULL for a block
	// in static TLS, the malloc'd block of a dynamic one.
	DTVToFree = 8
	// DTVLength is the index of the entry whose first word is the number of
	// entries after entry 0 (the generation): tcb->dtv[-1].counter. Module
	// ids 1..that number index the DTV.
	DTVLength = -1
	// DTVUnallocated is an entry's val for a module whose block this thread
	// has not allocated (TLS_DTV_UNALLOCATED). An entry of a module loaded
	// after this thread's DTV was last brought up to date is still 0 (the
	// DTV is calloc'd); a static block is never at 0.
	DTVUnallocated = -1
)

// musl's thread descriptor and DTV, for a module linked against musl
// (OpTLS's imm TLSMusl). Sources: musl's src/internal/pthread_impl.h
// (struct pthread {struct pthread *self; uintptr_t *dtv; ...} on x86-64,
// where TLS_ABOVE_TP is not defined), src/env/__init_tls.c (__copy_tls:
// dtv[0] is the number of modules, dtv[i] the start of module i's block,
// DTP_OFFSET 0) and ldso/dynlink.c (install_new_tls: dlopen gives every
// thread the new modules' blocks and a DTV that holds them, so musl has no
// lazily allocated TLS; a module id past dtv[0] is still refused). The
// thread pointer points at struct pthread, and the executable's block
// ends at it, as with glibc (ExecTLSOffset).
const (
	// MuslDTV is the offset of struct pthread's dtv from the thread pointer.
	MuslDTV = 8
	// MuslDTVEntrySize is the size of a DTV entry: the block's address.
	MuslDTVEntrySize = 8
	// MuslDTVLength is the index of the entry that holds the number of
	// modules.
	MuslDTVLength = 0
)

// OpTLS's imm: whose DTV the module's blocks are found through.
const (
	TLSGlibc = 0
	TLSMusl  = 1
)

var tlsConsts = []cConst{
	{"GS_TCB_DTV", TCBDTV, "offset of tcbhead_t.dtv from the thread pointer"},
	{"GS_DTV_ENTRY_SIZE", DTVEntrySize, "sizeof(dtv_t)"},
	{"GS_DTV_TO_FREE", DTVToFree, "offset of dtv_t.pointer.to_free"},
	{"GS_DTV_LENGTH", DTVLength, "index of the entry holding the DTV's length"},
	{"GS_DTV_UNALLOCATED", DTVUnallocated, "TLS_DTV_UNALLOCATED"},
	{"GS_TLS_GLIBC", TLSGlibc, "OpTLS's imm: glibc's DTV, or musl's"},
	{"GS_TLS_MUSL", TLSMusl, ""},
	{"GS_MUSL_DTV", MuslDTV, "offset of struct pthread's dtv (musl)"},
	{"GS_MUSL_DTV_ENTRY_SIZE", MuslDTVEntrySize, ""},
	{"GS_MUSL_DTV_LENGTH", MuslDTVLength, "index of the entry holding the number of modules"},
}

// ExecTLSOffset returns how far below the thread pointer the executable's
// TLS block starts, from its PT_TLS segment: the least offset of at least
// memsz bytes that puts the block's start at vaddr's alignment modulo
// align (glibc's _dl_determine_tlsoffset for the first module, and what
// the linkers' local-exec offsets assume: round_up(memsz, align) when
// vaddr is aligned). ok is false where the rules disagree: a static
// executable (glibc's csu/libc-tls.c rounds memsz up to align whatever
// vaddr) whose vaddr is not aligned.
func ExecTLSOffset(memsz, vaddr, align uint64, static bool) (off uint64, ok bool) {
	if align == 0 {
		align = 1
	}
	if align&(align-1) != 0 {
		return 0, false
	}
	if static && vaddr&(align-1) != 0 {
		return 0, false
	}
	return memsz + ((-vaddr - memsz) & (align - 1)), true
}
