// SPDX-License-Identifier: (MIT OR GPL-2.0)

/*
 * The user stack unwinder of OpStStack and OpStackID (included by
 * interp.bpf.c; ir/doc.go "Stacks" and docs/design.md say why it is here).
 *
 * The kernel's own user stacks (bpf_get_stack) follow frame pointers only,
 * so in code built without them (gcc and clang -O2 on x86-64) they stop
 * after the first frame or wander. This one follows call frame
 * information: before load the runtime reduces each module's .eh_frame and
 * .debug_frame to rows of gs_urows (struct urow: from pc on, CFA = rsp or
 * rbp + off, the caller's rbp at CFA + rbp_off, the return address at
 * CFA - 8), sorted by pc, one range per module, and indexes the modules in
 * gs_umods by the (device, inode) of their file. At each frame the
 * unwinder finds the pc's mapping with bpf_find_vma (one lookup per
 * module: consecutive frames in one mapping reuse it), turns the pc into
 * the module's link-time address, searches its rows and steps to the
 * caller. A module whose callers all keep rbp as frame pointer (umod flag
 * GS_UNWIND_FRAME_POINTERS, decided by the runtime from CFI and code)
 * unwinds its callers' frames by rbp without a search; its innermost frame
 * still uses the rows, since a probe at a function's entry runs before the
 * function saved rbp (the return address is at [rsp]). A pc in no known
 * module, or that no row covers, follows rbp as the kernel would. Rows
 * may also say CFA = *(reg + off) (GS_UNWIND_DEREF, a CFA expression),
 * the caller's rbp at reg + rbp_off (GS_UNWIND_RBP_AT_REG), a PLT stub,
 * or a signal restorer: then the interrupted registers are read from the
 * signal frame's ucontext (GS_SIG_UC_*, arch/sigframe_amd64.go) and the
 * interrupted pc is looked up as it is, like the innermost one.
 *
 * unwind_walk.h holds the walk; this file its types and maps.
 *
 * bpf_find_vma takes the process's mmap lock and, in an interrupt (a
 * perf event's sample), leaves its unlock to an irq_work: a second call
 * before that work ran fails with EBUSY, so a sample's walk finds one
 * mapping by it. The others come from gs_uvmas, the executable file
 * mappings of the traced processes, which the runtime writes from
 * /proc/PID/maps as it looks for new modules (sorted by start). A perf
 * event's walk asks gs_uvmas first: the irq_work that bpf_find_vma queues
 * there is a self-IPI, which costs microseconds in a virtual machine.
 *
 * Frames are written as struct bpf_stack_build_id, the kernel's build-id
 * frames: the module's build id and the pc's file offset, or the bare
 * address when the module is not known, so stacks resolve as before.
 */

/* Kernel types read through CO-RE: only the fields used. */
struct super_block {
	u32 s_dev;
} __attribute__((preserve_access_index));

struct inode {
	unsigned long i_ino;
	struct super_block *i_sb;
} __attribute__((preserve_access_index));

struct file {
	struct inode *f_inode;
} __attribute__((preserve_access_index));

struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_pgoff;
	struct file *vm_file;
} __attribute__((preserve_access_index));

/* gs_umods's key: the kernel's s_dev (MKDEV: major << 20 | minor) and
 * inode number of a module's file. */
struct umod_key {
	u32 dev, pad;
	u64 ino;
};

/* A module: its rows are gs_urows[first, first+count); a file offset off
 * is link-time address off + delta. */
struct umod {
	u8 build_id[20];
	u32 flags;
	u32 first, count;
	s64 delta;
};

/* One row of an unwind table; kind is GS_UNWIND_* (the low bits) and
 * flags GS_UNWIND_DEREF, GS_UNWIND_RBP_AT_REG; rbp_off 0 when rbp is
 * unchanged (PLT rows: the byte of the stub its push follows). */
struct urow {
	u32 pc;
	__s16 cfa_off;
	__s8 rbp_off;
	u8 kind;
};

_Static_assert(sizeof(struct urow) == 8, "struct urow is 8 bytes");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, struct umod_key);
	__type(value, struct umod);
} gs_umods SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct urow);
} gs_urows SEC(".maps");

/* A process's executable file mappings (gs_uvmas), sorted by start. */
struct uvma {
	u64 start, end, off;
	struct umod_key key;
};

struct uvmas {
	u32 n, pad;
	struct uvma e[GS_UNWIND_VMAS];
};

_Static_assert((GS_UNWIND_VMAS & (GS_UNWIND_VMAS - 1)) == 0, "GS_UNWIND_VMAS must be a power of two");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, u32); /* tgid */
	__type(value, struct uvmas);
} gs_uvmas SEC(".maps");

/* The unwinder's state, in the scratch entry (struct scratch), not on the
 * stack: the verifier tells bpf_loop callback states apart by the
 * constants they leave on the stack and would verify unwind_step once per
 * iteration. */
struct umap {
	u64 start, end, off; /* [start, end) maps the file from offset off */
	struct umod mod;     /* zero when not known */
	u32 status;          /* GS_STACK_FRAME_VALID when mod is known, else _IP; 0: empty */
	u32 pad;
};

struct unwind {
	u64 pc, sp, bp;
	u64 hash;
	u32 base; /* heap offset of frame 0 */
	u32 max;  /* frames wanted */
	u32 n;    /* frames written */
	u32 next; /* the cache entry the next lookup replaces */
	u32 exact; /* pc is not a return address: the innermost, or interrupted by a signal */
	u32 irq; /* a perf event's walk: gs_uvmas first (see above) */
	/* The last two mappings looked up (a stack alternates between the
	 * executable and libc), and what bpf_find_vma reports. */
	struct umap cache[2];
	u64 vm_start, vm_end, vm_off;
	struct umod_key key;
};


