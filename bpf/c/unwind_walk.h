// SPDX-License-Identifier: (MIT OR GPL-2.0)

/* The user stack walk (see unwind.h), included by interp.bpf.c after
 * struct scratch. */

static long unwind_vma(struct task_struct *task, struct vm_area_struct *vma, void *data)
{
	struct scratch *s = *(struct scratch **)data;
	struct unwind *u = &s->uw;
	/* vma is a BTF pointer: direct loads (the verifier makes the ones
	 * through vm_file fault-safe) instead of a probe-read helper call each,
	 * which took a third of a frame-pointer walk's find_vma time. */
	struct file *f = vma->vm_file;
	struct inode *ino;

	u->vm_start = vma->vm_start;
	u->vm_end = vma->vm_end;
	u->vm_off = (u64)vma->vm_pgoff << 12;
	u->key.dev = 0;
	u->key.ino = 0;
	if (f) {
		ino = f->f_inode;
		if (ino) {
			u->key.ino = ino->i_ino;
			u->key.dev = ino->i_sb->s_dev;
		}
	}
	return 0;
}

/* gs_find_uvma finds the mapping of pc in gs_uvmas (see unwind.h) into
 * *out; 0 when it holds none. A global function: the verifier checks it
 * once, not in each of the walk's verifications. */
__noinline int gs_find_uvma(u64 pc, struct uvma *out)
{
	u32 tgid = bpf_get_current_pid_tgid() >> 32, lo = 0, hi;
	struct uvmas *v = bpf_map_lookup_elem(&gs_uvmas, &tgid);
	struct uvma *e;

	if (!v || !out)
		return 0;
	hi = v->n;
	if (hi == 0 || hi > GS_UNWIND_VMAS)
		return 0;
	/* The last mapping that starts at or below pc is in [lo, hi). The
	 * halving is branch-free (start <= pc is the sign of pc - start: user
	 * addresses are below 2^63, and a pc above them is in no mapping,
	 * which the check below finds), so the verifier walks one path, not
	 * one per outcome of each comparison. */
	for (int k = 0; k < 6 && hi - lo > 1; k++) {
		u32 mid = lo + (hi - lo) / 2;
		u64 le = ((pc - v->e[mid & (GS_UNWIND_VMAS - 1)].start) >> 63) - 1; /* all ones when start <= pc */

		lo = (mid & le) | (lo & ~le);
		hi = (hi & le) | (mid & ~le);
	}
	e = &v->e[lo & (GS_UNWIND_VMAS - 1)];
	if (pc < e->start || pc >= e->end)
		return 0;
	*out = *e;
	return 1;
}

/* unwind_uvma is gs_find_uvma of u->pc into u's vm_ fields and key. */
static __always_inline int unwind_uvma(struct unwind *u)
{
	struct uvma m;

	if (!gs_find_uvma(u->pc, &m))
		return 0;
	u->vm_start = m.start;
	u->vm_end = m.end;
	u->vm_off = m.off;
	u->key = m.key;
	return 1;
}

/* unwind_row finds the row in force at link-time address vaddr of module
 * m; 0 when none does. */
static __always_inline int unwind_row(const struct umod *m, u64 vaddr, struct urow *out)
{
	u32 lo = m->first, hi = m->first + m->count;
	struct urow *row;

	if (m->count == 0 || vaddr > 0xffffffffULL)
		return 0;
	row = bpf_map_lookup_elem(&gs_urows, &lo);
	if (!row || row->pc > vaddr)
		return 0;
	/* The row in force is in [lo, hi); 2^24 rows at most. */
	for (int k = 0; k < 24 && hi - lo > 1; k++) {
		u32 mid = lo + (hi - lo) / 2;

		row = bpf_map_lookup_elem(&gs_urows, &mid);
		if (!row)
			return 0;
		if (row->pc <= vaddr)
			lo = mid;
		else
			hi = mid;
	}
	row = bpf_map_lookup_elem(&gs_urows, &lo);
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
	u64 addr, cfa, reg, off, ra = 0, bp = u->bp;
	struct umap *c;
	u8 kind;
	u8 *p;

	if (i >= u->max || i >= GS_MAX_STACK)
		return 1;
	c = &u->cache[0];
	if (!c->status || u->pc < c->start || u->pc >= c->end) {
		c = &u->cache[1];
		if (!c->status || u->pc < c->start || u->pc >= c->end) {
			struct umod *m = NULL;

			c = &u->cache[u->next & 1];
			u->next ^= 1;
			c->status = GS_STACK_FRAME_IP;
			c->start = c->end = c->off = 0;
			if ((u->irq && unwind_uvma(u)) ||
			    (bpf_find_vma(bpf_get_current_task_btf(), u->pc, unwind_vma, &s, 0) == 0 &&
			     u->pc >= u->vm_start && u->pc < u->vm_end) ||
			    (!u->irq && unwind_uvma(u))) {
				c->start = u->vm_start;
				c->end = u->vm_end;
				c->off = u->vm_off;
				m = bpf_map_lookup_elem(&gs_umods, &u->key);
			}
			if (m) {
				c->mod = *m;
				c->status = GS_STACK_FRAME_VALID;
			} else {
				__builtin_memset(&c->mod, 0, sizeof(c->mod));
			}
		}
	}

	off = u->base + i * GS_STACK_FRAME_SIZE;
	if (off > 2 * GS_HEAP_SIZE - GS_STACK_FRAME_SIZE)
		return 1;
	p = &s->heap[off];
	addr = c->status == GS_STACK_FRAME_VALID ? u->pc - c->start + c->off : u->pc;
	*(s32 *)p = c->status;
	__builtin_memcpy(p + 4, c->mod.build_id, 20);
	*(u64 *)(p + 24) = addr;
	unwind_hash(&u->hash, addr);
	unwind_hash(&u->hash, *(u64 *)c->mod.build_id);
	u->n = i + 1;

	/* A caller's pc is a return address: its call is the byte before.
	 * The innermost pc, and one a signal interrupted, is exact: look it
	 * up as it is, and by its rows also in a frame-pointer module (the
	 * function may not have set up its frame yet). */
	if (u->exact || !(c->mod.flags & GS_UNWIND_FRAME_POINTERS))
		unwind_row(&c->mod, addr + c->mod.delta - !u->exact, &row);
	kind = row.kind & GS_UNWIND_KIND_MASK;
	if (kind == GS_UNWIND_END)
		return 1;
	if (kind == GS_UNWIND_SIGNAL) {
		/* The restorer: sp is the handler's CFA, the frame's ucontext,
		 * which holds the interrupted registers. The interrupted sp may
		 * be anywhere (an alternate signal stack): no growth check. */
		u64 w[(GS_SIG_UC_RIP - GS_SIG_UC_RBP) / 8 + 1];

		_Static_assert(GS_SIG_UC_RBP < GS_SIG_UC_RSP && GS_SIG_UC_RSP < GS_SIG_UC_RIP, "one read: rbp .. rip");
		if (bpf_probe_read_user(w, sizeof(w), (void *)(u->sp + GS_SIG_UC_RBP)))
			return 1;
		if (w[(GS_SIG_UC_RIP - GS_SIG_UC_RBP) / 8] < 4096)
			return 1;
		u->bp = w[0];
		u->sp = w[(GS_SIG_UC_RSP - GS_SIG_UC_RBP) / 8];
		u->pc = w[(GS_SIG_UC_RIP - GS_SIG_UC_RBP) / 8];
		u->exact = 1;
		return 0;
	}
	u->exact = 0;
	if (kind == GS_UNWIND_NONE) {
		kind = GS_UNWIND_RBP;
		row.kind = GS_UNWIND_RBP;
		row.cfa_off = 16;
		row.rbp_off = -16;
	}
	if (kind == GS_UNWIND_RBP) {
		if (u->bp < u->sp)
			return 1; /* rbp points below the stack: no frame pointer */
		reg = u->bp;
	} else {
		reg = u->sp;
	}
	cfa = reg + row.cfa_off;
	/* A PLT stub has pushed from its byte rbp_off on. */
	if (kind == GS_UNWIND_PLT) {
		cfa += ((u->pc & 15) >= (u8)row.rbp_off) << 3;
		row.rbp_off = 0;
	}
	if (row.kind & GS_UNWIND_DEREF) {
		/* A CFA expression: the CFA is saved at reg + off. */
		if (bpf_probe_read_user(&cfa, 8, (void *)(reg + row.cfa_off)))
			return 1;
	}
	if (cfa <= u->sp)
		return 1;
	/* The caller's rbp: at CFA + rbp_off, or at the register + rbp_off
	 * (an expression rule); rbp_off 0 without the flag: unchanged. */
	if (row.rbp_off == -16 && !(row.kind & GS_UNWIND_RBP_AT_REG)) {
		/* rbp saved next to the return address (every frame-pointer
		 * frame): one read for both. */
		u64 w[2];

		if (bpf_probe_read_user(w, sizeof(w), (void *)(cfa - 16)))
			return 1;
		bp = w[0];
		ra = w[1];
	} else {
		if (row.rbp_off || (row.kind & GS_UNWIND_RBP_AT_REG)) {
			u64 at = (row.kind & GS_UNWIND_RBP_AT_REG) ? reg : cfa;

			if (bpf_probe_read_user(&bp, 8, (void *)(at + row.rbp_off)))
				return 1;
		}
		if (bpf_probe_read_user(&ra, 8, (void *)(cfa - 8)))
			return 1;
	}
	if (ra < 4096)
		return 1;
	u->pc = ra;
	u->sp = cfa;
	u->bp = bp;
	return 0;
}

/* unwind writes up to max frames of the current user stack at heap[base]
 * (base + max frames inside the heap and its slack) and returns how many;
 * *hash identifies the frames. */
static __always_inline u32 unwind(void *ctx, struct scratch *s, u32 base, u32 max, u64 *hash, const int uprobe)
{
	struct pt_regs *regs = ctx;
	struct unwind *u = &s->uw;

	__builtin_memset(u, 0, sizeof(*u));
	u->pc = regs->rip;
	u->sp = regs->rsp;
	u->bp = regs->rbp;
	u->base = base;
	u->max = max;
	u->exact = 1;
	u->irq = !uprobe;
	u->hash = 0xcbf29ce484222325ULL;
	/* bpf_loop's context must be on the stack: a pointer to the entry. */
	bpf_loop(GS_MAX_STACK, unwind_step, &s, 0);
	*hash = u->hash;
	return u->n;
}
