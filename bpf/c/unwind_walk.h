// SPDX-License-Identifier: (MIT OR GPL-2.0)

/* The user stack walk (see unwind.h), included by interp.bpf.c after
 * struct scratch. */

static long unwind_vma(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct scratch *s = *(struct scratch **)data;
	struct unwind *u = &s->uw;
	struct file *f = BPF_CORE_READ(vma, vm_file);

	u->vm_start = BPF_CORE_READ(vma, vm_start);
	u->vm_end = BPF_CORE_READ(vma, vm_end);
	u->vm_off = (u64)BPF_CORE_READ(vma, vm_pgoff) << 12;
	u->key.dev = 0;
	u->key.ino = 0;
	if (f) {
		u->key.ino = BPF_CORE_READ(f, f_inode, i_ino);
		u->key.dev = BPF_CORE_READ(f, f_inode, i_sb, s_dev);
	}
	return 0;
}

static long row_step(u64 index, void *data)
{
	struct scratch *s = *(struct scratch **)data;
	struct row_search *r = &s->rs;
	u32 mid = r->lo + (r->hi - r->lo) / 2;
	struct urow *row;

	if (r->hi - r->lo <= 1)
		return 1;
	row = bpf_map_lookup_elem(&gs_urows, &mid);
	if (!row)
		return 1;
	if (row->pc <= r->vaddr)
		r->lo = mid;
	else
		r->hi = mid;
	return 0;
}

/* unwind_row finds the row in force at link-time address vaddr of u->mod;
 * 0 when none does. The search is a bpf_loop so the verifier sees its step
 * once. */
static __always_inline int unwind_row(struct scratch *s, struct unwind *u, u64 vaddr, struct urow *out)
{
	struct row_search *r = &s->rs;
	struct urow *row;

	if (u->mod.count == 0 || vaddr > 0xffffffffULL)
		return 0;
	r->vaddr = vaddr;
	r->lo = u->mod.first;
	r->hi = u->mod.first + u->mod.count;
	row = bpf_map_lookup_elem(&gs_urows, &r->lo);
	if (!row || row->pc > vaddr)
		return 0;
	bpf_loop(32, row_step, &s, 0);
	row = bpf_map_lookup_elem(&gs_urows, &r->lo);
	if (!row)
		return 0;
	*out = *row;
	return 1;
}

/* unwind_hash mixes v into *h (FNV-1a on words, with a shift to spread
 * the high bits). */
static __always_inline void unwind_hash(u64 *h, u64 v)
{
	*h = (*h ^ v) * 0x100000001b3ULL;
	*h ^= *h >> 29;
}

/* unwind_step writes frame i and steps to its caller; 1 ends the walk.
 * A frame-pointer step is the row {CFA = rbp + 16, rbp at CFA - 16}, so
 * every frame takes one path (the verifier explores it once). */
static long unwind_step(u64 i, void *data)
{
	struct scratch *s = *(struct scratch **)data;
	struct unwind *u = &s->uw;
	struct urow row = {.kind = GS_UNWIND_NONE};
	u64 addr, cfa, ra = 0, bp = u->bp;
	u8 *p;

	if (i >= u->max || i >= GS_MAX_STACK)
		return 1;
	if (!u->have || u->pc < u->vm_start || u->pc >= u->vm_end) {
		struct umod *m = NULL;

		u->have = 0;
		if (bpf_find_vma(bpf_get_current_task_btf(), u->pc, unwind_vma, &s, 0) == 0 &&
		    u->pc >= u->vm_start && u->pc < u->vm_end) {
			u->have = 1;
			m = bpf_map_lookup_elem(&gs_umods, &u->key);
		}
		if (m) {
			u->mod = *m;
			u->known = GS_STACK_FRAME_VALID;
		} else {
			__builtin_memset(&u->mod, 0, sizeof(u->mod));
			u->known = GS_STACK_FRAME_IP;
		}
	}

	u64 off = u->base + i * GS_STACK_FRAME_SIZE;
	if (off > 2 * GS_HEAP_SIZE - GS_STACK_FRAME_SIZE)
		return 1;
	p = &s->heap[off];
	addr = u->known == GS_STACK_FRAME_VALID ? u->pc - u->vm_start + u->vm_off : u->pc;
	*(s32 *)p = u->known;
	__builtin_memcpy(p + 4, u->mod.build_id, 20);
	*(u64 *)(p + 24) = addr;
	unwind_hash(&u->hash, addr);
	unwind_hash(&u->hash, *(u64 *)u->mod.build_id);
	u->n = i + 1;

	/* A caller's pc is a return address: its call is the byte before. */
	if (i == 0 || !(u->mod.flags & GS_UNWIND_FRAME_POINTERS))
		unwind_row(s, u, addr + u->mod.delta - (i > 0), &row);
	if (row.kind == GS_UNWIND_END)
		return 1;
	if (row.kind == GS_UNWIND_NONE) {
		row.kind = GS_UNWIND_RBP;
		row.cfa_off = 16;
		row.rbp_off = -16;
	}
	if (row.kind == GS_UNWIND_RBP) {
		if (u->bp < u->sp)
			return 1; /* rbp points below the stack: no frame pointer */
		cfa = u->bp + row.cfa_off;
	} else {
		cfa = u->sp + row.cfa_off;
	}
	if (row.rbp_off && bpf_probe_read_user(&bp, 8, (void *)(cfa + row.rbp_off)))
		return 1;
	if (cfa <= u->sp || bpf_probe_read_user(&ra, 8, (void *)(cfa - 8)) || ra < 4096)
		return 1;
	u->pc = ra;
	u->sp = cfa;
	u->bp = bp;
	return 0;
}

/* unwind writes up to max frames of the current user stack at heap[base]
 * (base + max frames inside the heap and its slack) and returns how many;
 * *hash identifies the frames. */
static __always_inline u32 unwind(void *ctx, struct scratch *s, u32 base, u32 max, u64 *hash)
{
	struct pt_regs *regs = ctx;
	struct unwind *u = &s->uw;

	__builtin_memset(u, 0, sizeof(*u));
	u->pc = regs->rip;
	u->sp = regs->rsp;
	u->bp = regs->rbp;
	u->base = base;
	u->max = max;
	u->hash = 0xcbf29ce484222325ULL;
	/* bpf_loop's context must be on the stack: a pointer to the entry. */
	bpf_loop(GS_MAX_STACK, unwind_step, &s, 0);
	*hash = u->hash;
	return u->n;
}
