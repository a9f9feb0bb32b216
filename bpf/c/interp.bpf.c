// SPDX-License-Identifier: (MIT OR GPL-2.0)

/*
 * The gs interpreter: one precompiled BPF object that runs every script.
 *
 * gs never generates BPF. A script is compiled to the bytecode of package
 * ir (ir/doc.go describes it: encoding, records, string slots, limits), the
 * runtime writes that bytecode into gs_insns and one gs_probe {start, len,
 * version, flags, module, cells, address} per attach point into gs_probes, and
 * attaches the programs below with the probe id as the BPF cookie. So the
 * kernel verifies this file once, and the verifier's work does not grow
 * with the script.
 *
 * Machine model. Each probe hit runs on a per-CPU gs_scratch entry that
 * holds the machine: 16 u64 registers, the fault flag with the address of
 * the first failed user read, and the heap. OpLdReg reads the probe's
 * pt_regs in place, one constant offset per slot (ld_reg: the verifier
 * refuses a variable offset into ctx). The heap is 2*GS_HEAP_SIZE bytes
 * although programs address GS_HEAP_SIZE: every offset is checked against
 * GS_HEAP_SIZE and then masked with GS_HEAP_SIZE-1, and every access is
 * shorter than GS_HEAP_SIZE, so the verifier can prove that an access at a
 * masked offset stays inside the value without knowing the check. The mask
 * is an asm AND (heap_at): clang folds a C mask away after the check, and
 * older verifiers (6.1) cannot take bounds from the check itself.
 *
 * Execution. run() checks the probe's range and version and returns at once
 * when the range is empty (an empty probe must cost what bpftrace's does).
 * A range that is one aggregation into cells (`@[func] = count()`,
 * `@h = hist(arg0)`) runs there and then (one_agg): it needs no scratch
 * entry, and an aggregation then costs little more than an empty probe.
 * Otherwise it takes the CPU's scratch entry (a busy flag drops a hit that
 * arrives while the entry is in use: uprobe programs are preemptible,
 * perf_event ones run in NMI), clears r0 and the fault flag and calls
 * bpf_loop with gs_step (gs_step_s when sleepable), which executes exactly
 * one instruction per iteration, until OpExit or the range's end. The verifier checks it once,
 * whatever the program; the loop bound is GS_MAX_STEPS, and a run that is
 * still going when the bound is reached is counted (GS_COUNTER_STEP_LIMIT).
 * An instruction that breaks a rule (unknown op, a jump out of the probe's
 * range, a heap offset past GS_HEAP_SIZE, a bad size) stops the run and
 * counts GS_COUNTER_BAD_PROGRAM, so the record being built is never
 * emitted.
 *
 * Faulting reads. A non-sleepable program reads user memory with helpers
 * that cannot fault, so a page the process has not touched yet (a string
 * literal in .rodata before its first use) or one that was swapped out
 * reads as an error. gs_uprobe_s and gs_uprobe_multi_s are the same
 * interpreter, sleepable: a read that fails is retried with one that
 * faults the page in (read_user). The kernel runs them with migration disabled
 * but preemptible, for as long as a fault takes: the scratch entry taken
 * at entry stays this CPU's, and a hit on this CPU meanwhile finds it busy
 * and is dropped, as in any other preemption (an atomic test-and-set, so
 * two tasks never both take it).
 *
 * Output. Records are built at heap[0] (OpRecord writes the header) and
 * sent with bpf_ringbuf_output (OpEmit). A full ring buffer drops the
 * record and counts it in gs_lost[probe id]. Waking the reader is the most
 * expensive part of a printf hit; gs_wakeup_ns, when the runtime sets it,
 * limits each CPU to one wakeup per that many nanoseconds and leaves the
 * rest to the reader's poll timeout (see emit_flags). Stacks are walked by
 * call frame information (unwind.h) into build-id frames (struct
 * bpf_stack_build_id), heap copies by OpStStack and, stored under a hash
 * of their frames, ids in gs_stacks by OpStackID, so they resolve after
 * the process exits. Script maps live in gs_vals (plain values) and gs_aggs (per-CPU
 * aggregations); their keys are built in the heap, byte 0 the map id
 * (OpMap* write bytes 0-7), and the runtime sizes the hashes' keys to the
 * script's longest. An aggregation whose key the probe knows before it
 * runs (none, func, probe) lives in the probe's cells in gs_cells instead
 * (OpCellAgg): no key to build, no hash to look up.
 *
 * Stack frames. The kernel (6.13 on) runs a program or callback whose BPF
 * stack frame is 64 bytes or more on a per-CPU "private" stack, and does
 * not guard it against a second run on the same CPU while the first is
 * preempted or asleep in a fault: the second overwrites the first's frame.
 * So run() and everything it calls before it takes the busy flag keeps
 * its frame under 64 bytes (bpf/interp_test.go, TestStackFrames, checks
 * it); the bpf_loop callbacks run only under the flag, one per CPU, and
 * may use more.
 *
 * Load bias. OpLdBias m reads gs_bias[{tgid, m}] (for the process's
 * current image: struct bias_val), which the bias probes
 * (GS_PROBE_FLAG_BIAS: at module m's initializer or entry point, their hit
 * address minus its link-time one) and user space (from /proc/PID/maps,
 * for processes that ran before) fill; with no entry it sets the fault
 * GS_STATUS_NO_BIAS and yields GS_BIAS_UNKNOWN, never a guess. Except when m is the module the probe is attached
 * in (gs_probe.module): the bias is then known at the hit, the probe's
 * run-time address (bpf_get_func_ip: the breakpoint's address, for a
 * uretprobe the function's) minus its link-time address (gs_probe.address).
 * That needs no map entry, so it also holds for a library that ld.so
 * maps after user space looked, and when no process is traced in
 * particular. The uprobe programs run gs_step and gs_step_s, which may call
 * bpf_get_func_ip; gs_perf_event has gs_step_pe, which may not (the helper
 * is not a perf_event program's), and its probes have no module. Before
 * 6.4 the helper returns 0 in uprobes: the bias then comes from gs_bias
 * like any other module's, keyed by the module the attach cookie's
 * gs_probe names (the bias probes fill it there too: record_bias).
 *
 * Thread-local storage. CtxTP is the current task's thread.fsbase, read
 * through BTF (bpf_get_current_task_btf; the field's offset is relocated
 * by CO-RE at load): the thread pointer that clone(CLONE_SETTLS) and
 * arch_prctl(ARCH_SET_FS) set, and that the kernel saves at every switch
 * (a program that writes FS with wrfsbase since it last entered the kernel
 * is not followed). OpTLS walks glibc's DTV from there (ir/tls.go).
 *
 * Only x86-64 is supported: OpLdReg indexes struct pt_regs as an array of
 * GS_PT_REGS_SLOTS u64s in the x86-64 order (rdi is slot 14).
 */

#include <linux/types.h>
#include <linux/bpf.h>
#include <linux/ptrace.h>
#include <linux/bpf_perf_event.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "gs_ops.h"

#ifndef __TARGET_ARCH_x86
#error "gs supports x86-64 only: compile with -D__TARGET_ARCH_x86"
#endif

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

/* The faulting string read (6.12+), for the sleepable programs only. */
extern int bpf_copy_from_user_str(void *dst, u32 dst__sz, const void *unsafe_ptr__ign, u64 flags) __weak __ksym;
#define GS_PAD_ZEROS 1 /* BPF_F_PAD_ZEROS: zero dst past the text, all of it on failure */

_Static_assert(sizeof(struct pt_regs) == GS_PT_REGS_SLOTS * 8, "pt_regs is not GS_PT_REGS_SLOTS u64s");
_Static_assert((GS_HEAP_SIZE & (GS_HEAP_SIZE - 1)) == 0, "GS_HEAP_SIZE must be a power of two");
_Static_assert(GS_STR_HEADER + GS_MAX_STR_LEN + 2 < GS_HEAP_SIZE, "a string read must fit the heap's slack");
_Static_assert(GS_MAX_STR_LEN + 2 <= 4096, "a string read spans two pages at most (read_user_str)");
_Static_assert(GS_STR_HEADER + GS_ST_MEM_MAX < GS_HEAP_SIZE, "a raw copy must fit the heap's slack");
_Static_assert(sizeof(struct bpf_stack_build_id) == GS_STACK_FRAME_SIZE, "a stack frame is a struct bpf_stack_build_id");
_Static_assert(8 + GS_MAX_STACK * GS_STACK_FRAME_SIZE < GS_HEAP_SIZE, "a stack must fit the heap's slack");
_Static_assert(GS_AGG_BUCKET_BASE + GS_MAX_BUCKETS <= GS_AGG_SLOTS, "buckets must fit gs_agg");
_Static_assert(GS_NUM_REGS == 16, "registers are indexed with & 15");

/* The fields of the kernel's task_struct gs reads, found through BTF. */
struct thread_struct {
	unsigned long fsbase;
} __attribute__((preserve_access_index));

typedef struct {
	int counter;
} atomic_t;

struct signal_struct {
	atomic_t live; /* threads of the group not exited yet */
} __attribute__((preserve_access_index));

struct task_struct {
	struct thread_struct thread;
	int pid, tgid;
	struct signal_struct *signal;
} __attribute__((preserve_access_index));

char LICENSE[] SEC("license") = "Dual MIT/GPL";

/* Set by the runtime before load. */
const volatile u64 gs_start_ns = 0;
/* gs_cpid is the pid of -c's command (bpftrace's cpid), set once it is
 * started, after loading: a variable, not a constant. */
volatile u64 gs_cpid = 0;
const volatile u32 gs_version = GS_IR_VERSION;
/* gs_kernel_reads: the program reads kernel memory (ir.Program's
 * KernelReads, through curtask): read_user and read_user_str then read an
 * address at or above GS_KERNEL_HALF from the kernel. */
const volatile u8 gs_kernel_reads = 0;
/* Least time between two ring buffer wakeups from one CPU; 0 wakes the
 * reader for every record it finds idle (the kernel's adaptive policy). */
const volatile u64 gs_wakeup_ns = 0;
/* The size of a string map value (ir.Program.StrValueSize), and of
 * gs_strs's values: the runtime sets both. */
const volatile u32 gs_str_size = GS_STR_HEADER + GS_MAX_STR_LEN;
/* The number of possible CPUs: an aggregation read sums over them. */
const volatile u32 gs_nr_cpus = 1;

struct insn {
	u8 op, a, b, c;
	s32 imm;
};

/* module is the gs_bias module index of the file the probe is attached
 * in, GS_MODULE_NONE for none; address is the probe's link-time address
 * in it (ir.Probe.Address). */
struct probe {
	u32 start, len, version, flags;
	u32 module;
	u32 cells; /* the first of the probe's cells in gs_cells (OpCellAgg) */
	u64 address;
};

struct bias_key {
	u32 tgid, module;
};

/* A bias with the address space it was found in: two fields of the
 * process's mm_struct that every exec sets anew (where the stack and the
 * arguments start, which the kernel randomizes with the stack) and that
 * /proc/PID/stat shows (startstack, arg_start), so that user space writes
 * them too. A process keeps its pid across exec; an entry of its old
 * image is deleted at its first lookup in the new one. A fork keeps them:
 * its copy of the mappings keeps the biases too. */
struct bias_val {
	u64 bias;
	u64 start_stack, arg_start;
};

struct agg {
	u64 v[GS_AGG_SLOTS];
};

struct mapinfo {
	s64 min, max, step;
	u32 agg, flags;
};

#include "unwind.h"

/* OpStackID's search for an id that holds its stack or is free
 * (stack_id): the state of its bpf_loop, in the scratch entry. */
struct stack_probe {
	u64 hash;   /* the id to try next */
	u64 id;     /* the id found, GS_STACK_ID_NONE for none */
	u32 n;      /* the stack's frames, in the heap's slack */
	u32 done;   /* found, or an error: no more ids to try */
	u32 differ; /* stack_same: a frame differs */
	u32 pad;
};

/* The machine's registers and fault flag. */
struct regfile {
	u64 r[GS_NUM_REGS];
	u64 fault;      /* the status of the first failure (GS_STATUS_READ_ERROR after a failed user read), 0 for none */
	u64 fault_addr; /* its address (the module id for GS_STATUS_DYNAMIC_TLS) */
};

/* What a run knows of its probe. */
struct hit {
	u32 probe;  /* the probe's id */
	u32 module; /* its gs_probe.module (GS_MODULE_NONE off uprobes), .address and .cells */
	u64 address;
	u32 cells;
	u32 start; /* its range [start, end) */
	u32 end;
	u32 pad;
};

struct scratch {
	struct regfile rf;
	u32 busy;
	/* The run's state lives here, not in bpf_loop's context on the stack:
	 * the verifier tells callback states apart by the constants they leave
	 * on the stack and would verify gs_step once per stop reason. */
	u32 pc;   /* the next instruction */
	u32 stop; /* why the run stopped */
	u32 pad;
	struct hit hit;
	u64 woke; /* when OpEmit last woke the reader (gs_wakeup_ns) */
	struct agg zero; /* never written: the first value of an aggregation */
	struct unwind uw;      /* the user stack walk (unwind_walk.h) */
	struct stack_probe sp; /* OpStackID's search for an id (stack_id) */
	/* A perf event's user registers: the interrupted task's, also when
	 * the sample was taken in the kernel (see user_regs). */
	struct pt_regs uregs;
	u8 heap[2 * GS_HEAP_SIZE];
};

_Static_assert(sizeof(struct scratch) <= 32768, "a PERCPU_ARRAY value is at most 32 KiB");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, GS_MAX_INSNS);
	__type(key, u32);
	__type(value, struct insn);
} gs_insns SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, GS_MAX_PROBES);
	__type(key, u32);
	__type(value, struct probe);
} gs_probes SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct scratch);
} gs_scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} gs_events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, GS_MAX_PROBES);
	__type(key, u32);
	__type(value, u64);
} gs_lost SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, GS_NUM_COUNTERS);
	__type(key, u32);
	__type(value, u64);
} gs_counters SEC(".maps");

/* Hits of the probes flagged GS_PROBE_FLAG_COUNT (ir.Program.Returns):
 * the calls of a function whose return probes sit on its RETs, and those
 * RETs' hits. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, GS_MAX_PROBES);
	__type(key, u32);
	__type(value, u64);
} gs_hits SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct bias_key);
	__type(value, struct bias_val);
} gs_bias SEC(".maps");

/* Process tree of -c's command: the processes whose probe hits count.
 * gs_fork adds a child to it when its parent is in it, at the fork, before
 * the child runs; gs_exit marks a process exited when its last thread
 * exits, so a later process that reuses the pid is not in the tree. The
 * runtime adds the command, reads who joined (gs -v) and deletes the
 * exited. */
struct tree_entry {
	u32 parent; /* tgid of the process that forked it, 0 for the command */
	u32 exited;
	char comm[16]; /* at its exit: what it ran last (for gs -v) */
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1 << 16);
	__type(key, u32);
	__type(value, struct tree_entry);
} gs_tree SEC(".maps");

/* gs_stopped is set by exit() (OpExit with imm 1): no probe runs after it,
 * so no map changes between exit() and the runtime's detaching. The
 * runtime clears it before it runs the END probes. */
volatile u32 gs_stopped = 0;

/* gs_tree_on, set after load once gs_fork and gs_exit are attached, makes
 * the uprobes count only hits in processes of gs_tree. */
volatile u32 gs_tree_on = 0;
/* gs_target_tgid, set by -p, makes the probes that fire in any task
 * (GS_PROBE_FLAG_TASK: a perf event per CPU) count only hits in it. */
volatile u32 gs_target_tgid = 0;

/* Script maps. The runtime sets max_entries from the script before load. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__uint(key_size, GS_MAP_KEY_SIZE);
	__type(value, u64);
} gs_vals SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1024);
	__uint(key_size, GS_MAP_KEY_SIZE);
	__type(value, struct agg);
} gs_aggs SEC(".maps");

/* Maps of strings: string slots of gs_str_size bytes. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__uint(key_size, GS_MAP_KEY_SIZE);
	__uint(value_size, GS_STR_HEADER + GS_MAX_STR_LEN);
} gs_strs SEC(".maps");

/* Stacks by id (OpStackID): the id is a hash of the frames (never
 * GS_STACK_ID_NONE), the value GS_MAX_STACK build-id frames, the ones
 * from the first GS_STACK_FRAME_EMPTY on. The runtime may change max_entries
 * before load. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, GS_DEFAULT_STACK_IDS);
	__type(key, u64);
	__uint(value_size, GS_MAX_STACK * GS_STACK_FRAME_SIZE);
} gs_stacks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, GS_MAX_MAPS);
	__type(key, u32);
	__type(value, struct mapinfo);
} gs_mapinfo SEC(".maps");

/* Cells (ir/doc.go, "Cells"): per CPU, GS_MAX_CELLS u64s in which probes
 * aggregate into maps whose keys they know before they run. A range starts
 * below GS_MAX_CELLS; the slack after it lets a struct agg laid over any
 * such start stay inside the value, as the heap's slack does. */
struct cells {
	u64 v[GS_MAX_CELLS + GS_AGG_SLOTS];
};

_Static_assert(sizeof(struct cells) <= 32768, "a PERCPU_ARRAY value is at most 32 KiB");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cells);
} gs_cells SEC(".maps");

/* An iteration level (OpMapKeys, OpMapNext): the snapshot of a map's keys
 * that one for loop walks. key is the BPF key of the entry being read:
 * byte 0 the map id, the key bytes from byte 8, zeros after. The slack
 * after keys lets a copy of up to GS_MAP_KEY_SIZE bytes at any masked
 * offset stay inside the value. */
struct iter {
	u32 n, next;   /* keys held, the next to walk */
	u8 map, in, ksize, pad[5];
	u8 key[GS_MAP_KEY_SIZE];
	u8 keys[GS_ITER_BYTES + GS_MAP_KEY_SIZE];
};

_Static_assert((GS_ITER_BYTES & (GS_ITER_BYTES - 1)) == 0, "GS_ITER_BYTES must be a power of two");
_Static_assert(sizeof(struct iter) <= 32768, "a PERCPU_ARRAY value is at most 32 KiB");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, GS_MAX_ITER_DEPTH);
	__type(key, u32);
	__type(value, struct iter);
} gs_iters SEC(".maps");

/* Why a run stopped, in gs_scratch.stop. */
enum {
	RUNNING = 0,
	DONE,
	BAD,
};

/* The state bpf_loop passes to gs_step, on run()'s stack: pointers that do
 * not change during a run, so the verifier checks gs_step once (see struct
 * scratch), and gs_step need not look the scratch entry up again. */
struct loop_state {
	void *ctx;
	struct scratch *s;
};

static __always_inline void count(u32 counter)
{
	u64 *v = bpf_map_lookup_elem(&gs_counters, &counter);

	if (v)
		__sync_fetch_and_add(v, 1);
}

static __always_inline long bad(struct scratch *s)
{
	s->stop = BAD;
	return 1;
}

/* heap_bad reports whether [off, off+size) is not inside the heap. */
static __always_inline int heap_bad(u32 off, u32 size)
{
	return size > GS_HEAP_SIZE || off > GS_HEAP_SIZE - size;
}

/* heap_at returns heap[off]; the mask is for the verifier (see the top).
 * It is an asm AND because clang drops a C mask that heap_bad already
 * proved redundant, and verifiers before about 6.8 learn no bounds from
 * heap_bad's register-to-register compare: without the AND, 6.1 rejects
 * the object ("unbounded memory access"). */
static __always_inline u8 *heap_at(struct scratch *s, u64 off)
{
	asm volatile("%0 &= %1" : "+r"(off) : "i"(GS_HEAP_SIZE - 1));
	return &s->heap[off];
}

/* access_size maps the C operand of a sized access to its byte count, 0 if
 * it is not 1, 2, 4 or 8. */
static __always_inline u32 access_size(u8 c)
{
	return (c == 1 || c == 2 || c == 4 || c == 8) ? c : 0;
}

static __always_inline u64 load_sized(const u8 *p, u32 size)
{
	switch (size) {
	case 1:
		return *p;
	case 2:
		return *(const u16 *)p;
	case 4:
		return *(const u32 *)p;
	}
	return *(const u64 *)p;
}

static __always_inline void store_sized(u8 *p, u32 size, u64 v)
{
	switch (size) {
	case 1:
		*p = v;
		return;
	case 2:
		*(u16 *)p = v;
		return;
	case 4:
		*(u32 *)p = v;
		return;
	}
	*(u64 *)p = v;
}

/* Signed division without BPF_SDIV (cpu v4), with Go's results for
 * INT64_MIN / -1. */
static __always_inline u64 sdiv(s64 a, s64 b)
{
	u64 ua = a < 0 ? -(u64)a : (u64)a;
	u64 ub = b < 0 ? -(u64)b : (u64)b;
	u64 q;

	if (b == 0)
		return 0;
	q = ua / ub;
	return (a < 0) != (b < 0) ? -q : q;
}

static __always_inline u64 smod(s64 a, s64 b)
{
	u64 ua = a < 0 ? -(u64)a : (u64)a;
	u64 ub = b < 0 ? -(u64)b : (u64)b;
	u64 r;

	if (b == 0)
		return a;
	r = ua % ub;
	return a < 0 ? -r : r;
}

static __always_inline u64 ext(u64 v, u32 size, int sign)
{
	u32 sh = 64 - size * 8;

	if (sign)
		return (u64)((s64)(v << sh) >> sh);
	return (v << sh) >> sh;
}

/*
 * log2_u64 is floor(log2(v)) for v > 0, without branches (a branch per bit
 * would give the verifier 64 constant bucket numbers to follow): smear the
 * top bit down, then name it with a de Bruijn multiply and a 64-entry
 * table (TestHistBuckets in bpf/interp_test.go checks the powers of two).
 * About 20 dependent instructions, where shifting and testing took 30.
 */
static const u8 debruijn64[64] = {
	0, 47, 1, 56, 48, 27, 2, 60, 57, 49, 41, 37, 28, 16, 3, 61,
	54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4, 62,
	46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
	25, 39, 14, 33, 19, 30, 9, 24, 13, 18, 8, 12, 7, 6, 5, 63,
};

static __always_inline u32 log2_u64(u64 v)
{
	v |= v >> 1;
	v |= v >> 2;
	v |= v >> 4;
	v |= v >> 8;
	v |= v >> 16;
	v |= v >> 32;
	return debruijn64[(v * 0x03f79d71b4cb0a89ULL) >> 58];
}

/*
 * Histogram buckets, as bpftrace numbers them:
 *   hist:  0 for x < 0, 1 for x == 0, 2 for x == 1, then 2+k for
 *          [2^k, 2^(k+1)), so 64 for [2^62, 2^63).
 *   lhist: 0 for x < min, 1+(x-min)/step for min <= x < max, and
 *          1+(max-min)/step for x >= max; clamped to GS_MAX_BUCKETS-1.
 */
static __always_inline u32 hist_bucket(s64 x)
{
	if (x < 0)
		return 0;
	if (x == 0)
		return 1;
	return 2 + log2_u64(x);
}

static __always_inline u32 lhist_bucket(s64 x, u32 map)
{
	struct mapinfo *mi = bpf_map_lookup_elem(&gs_mapinfo, &map);
	u64 b;

	if (!mi || mi->step <= 0 || mi->max <= mi->min)
		return 0;
	if (x < mi->min)
		return 0;
	if (x >= mi->max)
		b = 1 + (u64)(mi->max - mi->min) / (u64)mi->step;
	else
		b = 1 + (u64)(x - mi->min) / (u64)mi->step;
	return b < GS_MAX_BUCKETS ? b : GS_MAX_BUCKETS - 1;
}

static __always_inline void agg_minmax(struct agg *g, s64 x, int min, int max)
{
	int set = g->v[GS_AGG_SET_SLOT] != 0;

	if (min && (!set || x < (s64)g->v[GS_AGG_MIN_SLOT]))
		g->v[GS_AGG_MIN_SLOT] = x;
	if (max && (!set || x > (s64)g->v[GS_AGG_MAX_SLOT]))
		g->v[GS_AGG_MAX_SLOT] = x;
	g->v[GS_AGG_SET_SLOT] = 1;
}

/* agg_update aggregates x into g, an aggregation value in gs_aggs or cells
 * laid over gs_cells: every aggregation but min and max counts the value,
 * and every one but count, min and max adds it to the sum slot (hist and
 * lhist too: the metrics exporters' _sum),
 * and min and max set the set slot, so a value that was never hit is all
 * zeros. agg must be an Agg (at most GS_AGG_LHIST). */
static __always_inline void agg_update(struct agg *g, u8 map, u8 agg, s64 x)
{
	u32 b;

	switch (agg) {
	case GS_AGG_COUNT:
		g->v[GS_AGG_COUNT_SLOT]++;
		return;
	case GS_AGG_SUM:
	case GS_AGG_AVG:
		g->v[GS_AGG_COUNT_SLOT]++;
		g->v[GS_AGG_SUM_SLOT] += x;
		return;
	case GS_AGG_MIN:
		agg_minmax(g, x, 1, 0);
		return;
	case GS_AGG_MAX:
		agg_minmax(g, x, 0, 1);
		return;
	case GS_AGG_STATS:
		g->v[GS_AGG_COUNT_SLOT]++;
		g->v[GS_AGG_SUM_SLOT] += x;
		agg_minmax(g, x, 1, 1);
		return;
	case GS_AGG_HIST:
		b = hist_bucket(x);
		break;
	default:
		b = lhist_bucket(x, map);
		break;
	}
	if (b >= GS_MAX_BUCKETS)
		b = GS_MAX_BUCKETS - 1;
	g->v[GS_AGG_COUNT_SLOT]++;
	g->v[GS_AGG_SUM_SLOT] += x; /* a histogram's _sum (metrics) */
	g->v[GS_AGG_BUCKET_BASE + b]++;
}

/* cell_agg is OpCellAgg: cells from the probe's first cell plus off. The compiler keeps a
 * range below GS_MAX_CELLS; checking its start is enough (see struct
 * cells). Returns 0, or -1 for a bad operand. */
static __always_inline int cell_agg(u32 cells, s32 off, u8 map, u8 agg, s64 x)
{
	u32 zero = 0;
	u64 at = (u64)cells + (u32)off;
	struct cells *c;

	if (agg > GS_AGG_LHIST || off < 0 || at >= GS_MAX_CELLS)
		return -1;
	c = bpf_map_lookup_elem(&gs_cells, &zero);
	if (c)
		agg_update((struct agg *)&c->v[at], map, agg, x);
	return 0;
}

/* map_str is OpMapLookup or OpMapUpdate (op) on gs_strs: the
 * string slot at heap[off] is the value stored or where the value read
 * goes (the empty string for an absent key). Returns 0, or 1 for a bad
 * operand. */
static __always_inline long map_str(struct scratch *s, u8 *key, u8 op, u64 off)
{
	u8 *slot;
	void *v;

	if (off > GS_HEAP_SIZE || heap_bad(off, gs_str_size))
		return bad(s);
	slot = heap_at(s, off);
	if (op == GS_OP_MAPSET) {
		if (bpf_map_update_elem(&gs_strs, key, slot, BPF_ANY))
			count(GS_COUNTER_MAP_FULL);
		return 0;
	}
	v = bpf_map_lookup_elem(&gs_strs, key);
	if (v) {
		bpf_probe_read_kernel(slot, gs_str_size, v);
	} else {
		*(u64 *)slot = 0; /* length 0, no flags */
		*(u64 *)(slot + 8) = 0;
	}
	return 0;
}

/* agg_entry returns this CPU's gs_aggs value at key, a zeroed one when the
 * key is new; NULL when the map is full (counted). */
static __always_inline struct agg *agg_entry(struct scratch *s, u8 *key)
{
	struct agg *g = bpf_map_lookup_elem(&gs_aggs, key);
	long err;

	if (g)
		return g;
	err = bpf_map_update_elem(&gs_aggs, key, &s->zero, BPF_NOEXIST);
	if (err && err != -17 /* EEXIST: another CPU was first */) {
		count(GS_COUNTER_MAP_FULL);
		return NULL;
	}
	return bpf_map_lookup_elem(&gs_aggs, key);
}

/* map_agg is OpMapAgg. */
static __always_inline long map_agg(struct scratch *s, u8 *key, u8 map, u8 agg, s64 x)
{
	struct agg *g;

	if (agg > GS_AGG_LHIST)
		return bad(s);
	g = agg_entry(s, key);
	if (g)
		agg_update(g, map, agg, x);
	return 0;
}

/* map_tseries is OpTseries: x at time now into the bucket of now's
 * interval of map's time series at key (ir/doc.go, "Time series"); the
 * map's gs_mapinfo holds {min fn, max intervals, step interval}. Returns
 * 0, or 1 for a map that is not a time series. */
static __always_inline long map_tseries(struct scratch *s, u8 *key, u8 map, s64 x, u64 now)
{
	u32 id = map;
	struct mapinfo *mi = bpf_map_lookup_elem(&gs_mapinfo, &id);
	struct agg *g;
	u64 epoch, i;

	if (!mi || mi->agg != GS_AGG_TSERIES || mi->step <= 0 || mi->max <= 0 || mi->max > GS_MAX_TSERIES)
		return bad(s);
	g = agg_entry(s, key);
	if (!g)
		return 0;
	epoch = now / (u64)mi->step;
	i = (epoch % (u64)mi->max) * GS_TSERIES_SLOTS;
	if (i > GS_AGG_SLOTS - GS_TSERIES_SLOTS)
		return bad(s);
	epoch++; /* stored plus 1: 0 is a bucket never written */
	if (mi->min != GS_TSERIES_LAST && g->v[i + 2] != epoch) {
		g->v[i] = 0;
		g->v[i + 1] = 0;
	}
	switch (mi->min) {
	case GS_TSERIES_LAST:
		g->v[i] = x;
		g->v[i + 1] = now;
		break;
	case GS_TSERIES_SUM:
	case GS_TSERIES_AVG:
		g->v[i] += x;
		g->v[i + 1] += mi->min == GS_TSERIES_AVG; /* avg counts */
		break;
	default: /* min and max: meta says the value is set */
		if (!g->v[i + 1] || (x < (s64)g->v[i]) == (mi->min == GS_TSERIES_MIN))
			g->v[i] = x;
		g->v[i + 1] = 1;
		break;
	}
	g->v[i + 2] = epoch;
	return 0;
}

/* The state of an aggregation read over all CPUs (agg_read). */
struct agg_sum {
	const u8 *key;
	u64 count, sum;
	s64 min, max;
	u32 set;
};

static long agg_cpu(u64 cpu, void *data)
{
	struct agg_sum *a = data;
	struct agg *g = bpf_map_lookup_percpu_elem(&gs_aggs, a->key, cpu);

	if (!g)
		return 0;
	a->count += g->v[GS_AGG_COUNT_SLOT];
	a->sum += g->v[GS_AGG_SUM_SLOT];
	if (g->v[GS_AGG_SET_SLOT]) {
		if (!a->set || (s64)g->v[GS_AGG_MIN_SLOT] < a->min)
			a->min = g->v[GS_AGG_MIN_SLOT];
		if (!a->set || (s64)g->v[GS_AGG_MAX_SLOT] > a->max)
			a->max = g->v[GS_AGG_MAX_SLOT];
		a->set = 1;
	}
	return 0;
}

/* agg_read is OpMapLookup on gs_aggs: the value of map's aggregation at
 * key as print shows it, combined over every CPU (count and sum add up,
 * min and max over the CPUs that saw a value, avg the sum over the
 * count); 0 when absent or for the aggregations that have no one value. */
static __always_inline u64 agg_read(const u8 *key, u32 map)
{
	struct mapinfo *mi = bpf_map_lookup_elem(&gs_mapinfo, &map);
	struct agg_sum a = {.key = key};

	if (!mi)
		return 0;
	bpf_loop(gs_nr_cpus, agg_cpu, &a, 0);
	switch (mi->agg) {
	case GS_AGG_COUNT:
		return a.count;
	case GS_AGG_SUM:
		return a.sum;
	case GS_AGG_MIN:
		return a.set ? a.min : 0;
	case GS_AGG_MAX:
		return a.set ? a.max : 0;
	case GS_AGG_AVG:
		return sdiv(a.sum, a.count);
	}
	return 0;
}

/* The state of an OpMapKeys walk over a BPF map. */
struct keys_walk {
	struct iter *it; /* the level, NULL to count only */
	u32 total;       /* keys of the map seen */
	u32 map;
};

/* keys_one is bpf_for_each_map_elem's callback: it counts the keys of one
 * script map (byte 0 its id) and copies their key bytes while they fit. */
static long keys_one(void *m, const u8 *key, void *val, void *data)
{
	struct keys_walk *w = data;
	struct iter *it = w->it;
	u64 k, off;

	if (key[0] != w->map)
		return 0;
	w->total++;
	if (!it)
		return 0;
	k = it->ksize & (GS_MAP_KEY_SIZE - 1);
	if (k == 0)
		return 0;
	off = (u64)it->n * k;
	if (off + k > GS_ITER_BYTES)
		return 0;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(GS_ITER_BYTES - 1));
	bpf_probe_read_kernel(&it->keys[off], k, key + 8);
	it->n++;
	return 0;
}

/* map_keys is OpMapKeys: *ra = the keys of script map map in BPF map in;
 * with k > 0, the first that fit are copied to level lvl. Returns 0, or 1
 * for a bad operand. */
static __always_inline long map_keys(struct scratch *s, u64 *ra, u8 map, u8 in, s32 imm)
{
	u32 k = imm & 0xff, lvl = (u32)imm >> 8;
	struct keys_walk w = {.map = map};
	struct iter *it = NULL;

	if (k > GS_MAP_KEY_SIZE - 8 || (k & 7) || in > GS_IN_STRS)
		return bad(s);
	if (k) {
		it = bpf_map_lookup_elem(&gs_iters, &lvl);
		if (!it)
			return bad(s);
		it->n = 0;
		it->next = 0;
		it->map = map;
		it->in = in;
		it->ksize = k;
		__builtin_memset(it->key, 0, sizeof it->key);
		it->key[0] = map;
		w.it = it;
	}
	/* One call per map: 6.1's verifier refuses a bpf_for_each_map_elem
	 * call that sees two maps ("tail_call abusing map_ptr"), and the
	 * distinct asm keeps clang from merging the three calls into one. */
	if (in == GS_IN_VALS) {
		bpf_for_each_map_elem(&gs_vals, keys_one, &w, 0);
		asm volatile("/* vals */");
	} else if (in == GS_IN_AGGS) {
		bpf_for_each_map_elem(&gs_aggs, keys_one, &w, 0);
		asm volatile("/* aggs */");
	} else {
		bpf_for_each_map_elem(&gs_strs, keys_one, &w, 0);
		asm volatile("/* strs */");
	}
	if (it && w.total > it->n)
		count(GS_COUNTER_ITER_CUT);
	*ra = w.total;
	return 0;
}

/* map_next is OpMapNext: the next key of level lvl and its value, read
 * now (a value the body changed or deleted reads as it is), to heap[off]:
 * the key bytes, then vsize bytes of value. *ra = 0 when the level is
 * done. Returns 0, or 1 for a bad operand. */
static __always_inline long map_next(struct scratch *s, u64 *ra, u32 lvl, u32 vsize, u32 off)
{
	struct iter *it = bpf_map_lookup_elem(&gs_iters, &lvl);
	u64 k, at, *v64;
	u8 *dst;
	void *v;

	if (!it)
		return bad(s);
	k = it->ksize & (GS_MAP_KEY_SIZE - 1);
	if (it->next >= it->n) {
		*ra = 0;
		return 0;
	}
	if (vsize > GS_STR_HEADER + GS_MAX_STR_LEN || heap_bad(off, k + vsize))
		return bad(s);
	at = (u64)it->next * k;
	if (at + k > GS_ITER_BYTES)
		return bad(s);
	asm volatile("%0 &= %1" : "+r"(at) : "i"(GS_ITER_BYTES - 1));
	it->next++;
	dst = heap_at(s, off);
	bpf_probe_read_kernel(dst, k, &it->keys[at]);
	bpf_probe_read_kernel(&it->key[8], k, &it->keys[at]);
	dst = heap_at(s, off + k);
	if (it->in == GS_IN_STRS) {
		v = bpf_map_lookup_elem(&gs_strs, it->key);
		if (vsize > gs_str_size)
			vsize = gs_str_size;
		if (v)
			bpf_probe_read_kernel(dst, vsize, v);
		else
			__builtin_memset(dst, 0, GS_STR_HEADER);
	} else if (it->in == GS_IN_AGGS) {
		*(u64 *)dst = agg_read(it->key, it->map);
	} else {
		v64 = bpf_map_lookup_elem(&gs_vals, it->key);
		*(u64 *)dst = v64 ? *v64 : 0;
	}
	*ra = 1;
	return 0;
}

/* The state of an OpStrEq comparison, on gs_step's stack. */
struct cmp_state {
	const u8 *a, *b; /* the texts */
	u32 n;           /* bytes to compare */
	u32 ne;          /* set when they differ */
};

/* cmp_step compares the i-th 8 bytes of two texts. */
static long cmp_step(u64 i, void *data)
{
	struct cmp_state *c = data;
	u32 off = (i & (GS_MAX_STR_LEN / 8 - 1)) * 8;
	u64 x = *(const u64 *)(c->a + off);
	u64 y = *(const u64 *)(c->b + off);
	u32 left = c->n - off;

	if (left < 8) {
		u64 mask = (1ULL << (left * 8)) - 1;

		x &= mask;
		y &= mask;
	}
	if (x != y) {
		c->ne = 1;
		return 1;
	}
	return 0;
}

static __always_inline long str_eq(struct scratch *s, u64 *ra, u64 offa, u64 offb, u32 max)
{
	struct cmp_state c = {};
	u32 la, lb;

	if (offa > GS_HEAP_SIZE - GS_STR_HEADER || offb > GS_HEAP_SIZE - GS_STR_HEADER)
		return bad(s);
	c.a = heap_at(s, offa);
	c.b = heap_at(s, offb);
	la = *(const u16 *)c.a;
	lb = *(const u16 *)c.b;
	if (max > GS_MAX_STR_LEN)
		max = GS_MAX_STR_LEN;
	if (la > max)
		la = max;
	if (lb > max)
		lb = max;
	if (la != lb) {
		*ra = 0;
		return 0;
	}
	c.a += GS_STR_HEADER;
	c.b += GS_STR_HEADER;
	c.n = la;
	bpf_loop((la + 7) / 8, cmp_step, &c, 0);
	*ra = !c.ne;
	return 0;
}

/*
 * read_user and read_user_str read the traced process's memory (or the
 * kernel's, above GS_KERNEL_HALF, when gs_kernel_reads is set). The
 * non-faulting helpers come first: they are cheap, but fail on a page that
 * is not mapped yet (never touched, or swapped out). A sleepable program
 * then retries with a read that faults the page in, as the process itself
 * would: the retry costs nothing while pages are present. Both fill dst
 * with zeros when they fail, and the retry's result is the read's.
 */
static __always_inline long read_user(void *dst, u32 size, u64 addr, const int sleepable)
{
	long err;

	if (gs_kernel_reads && addr >= GS_KERNEL_HALF)
		return bpf_probe_read_kernel(dst, size, (const void *)addr);
	err = bpf_probe_read_user(dst, size, (const void *)addr);

	if (err && sleepable)
		err = bpf_copy_from_user(dst, size, (const void *)addr);
	return err;
}

/* read_user_str returns what bpf_probe_read_user_str does: the length with
 * the NUL, at most size, or a negative error. */
static __always_inline long read_user_str(void *dst, u32 size, u64 addr, const int sleepable)
{
	long n;

	if (gs_kernel_reads && addr >= GS_KERNEL_HALF)
		return bpf_probe_read_kernel_str(dst, size, (const void *)addr);
	n = bpf_probe_read_user_str(dst, size, (const void *)addr);

	if (n >= 0 || !sleepable)
		return n;
	if (bpf_copy_from_user_str)
		return bpf_copy_from_user_str(dst, size, (const void *)addr, GS_PAD_ZEROS);
	/*
	 * Before 6.12 there is no faulting string read: fault the string's
	 * page in with bpf_copy_from_user (5.10+; one byte, into dst, which the
	 * read then overwrites) and read again; then the next page, when the
	 * size bytes reach it (size < 4096: two pages at most).
	 */
	if (bpf_copy_from_user(dst, 1, (const void *)addr))
		return n;
	n = bpf_probe_read_user_str(dst, size, (const void *)addr);
	if (n >= 0 || ((addr ^ (addr + size - 1)) & ~4095ULL) == 0)
		return n;
	if (bpf_copy_from_user(dst, 1, (const void *)((addr | 4095) + 1)))
		return n;
	return bpf_probe_read_user_str(dst, size, (const void *)addr);
}

/* st_str is OpStStr: a string slot {u16 len, u8 flags, u8 pad[5], u64
 * address, text} at heap[off]. With own set, a fault pending is the
 * address's (gen cleared the flag before it read the pointer): the slot
 * then reports that failed read, where reading at the 0 it left would
 * print NULL. */
static __always_inline long st_str(struct scratch *s, u64 addr, u64 limit, u32 off, u8 own, const int sleepable)
{
	u8 *slot, *text;
	u16 saved;
	u64 len, flags = 0;
	long n;

	if (limit > GS_MAX_STR_LEN)
		limit = GS_MAX_STR_LEN;
	if (heap_bad(off, GS_STR_HEADER + limit))
		return bad(s);
	slot = heap_at(s, off);
	if (own && s->rf.fault) {
		*(u64 *)slot = (u64)GS_STR_FAULT << 16;
		*(u64 *)(slot + 8) = s->rf.fault_addr;
		s->rf.fault = 0;
		s->rf.fault_addr = 0;
		return 0;
	}
	text = slot + GS_STR_HEADER;
	/*
	 * Read limit+2 bytes: the helper returns limit+1 for a text of exactly
	 * limit bytes and limit+2 for a longer one. The two bytes past the slot
	 * belong to the next value: save and restore them.
	 */
	saved = *(u16 *)(text + limit);
	n = read_user_str(text, limit + 2, addr, sleepable);
	*(u16 *)(text + limit) = saved;
	if (n < 0) {
		len = 0;
		flags = GS_STR_FAULT;
	} else {
		len = n > 0 ? n - 1 : 0;
		if (len > limit) {
			len = limit;
			flags = GS_STR_TRUNCATED;
		}
	}
	*(u64 *)slot = len | flags << 16;
	*(u64 *)(slot + 8) = addr;
	return 0;
}

static __always_inline long st_mem(struct scratch *s, u64 addr, u64 size, u32 off, const int sleepable)
{
	u8 *p;
	long err;

	if (size > GS_ST_MEM_MAX)
		size = GS_ST_MEM_MAX;
	if (heap_bad(off, GS_STATUS_SIZE + size))
		return bad(s);
	p = heap_at(s, off);
	err = read_user(p + GS_STATUS_SIZE, size, addr, sleepable);
	*(u64 *)p = err ? GS_STATUS_READ_ERROR : GS_STATUS_OK;
	*(u64 *)(p + 8) = err ? addr : 0;
	return 0;
}

#include "unwind_walk.h"

/* capture writes up to max frames of the user stack at heap[base] (base +
 * max frames inside the heap and its slack) and returns how many, *hash a
 * hash of them, unwound by call frame information (unwind.h) from ctx's
 * registers: a uprobe's, or a perf event's user registers (user_regs). */
static __always_inline u32 capture(void *ctx, struct scratch *s, u32 base, u32 max, u64 *hash, const int uprobe)
{
	if (max > GS_MAX_STACK || base > 2 * GS_HEAP_SIZE - GS_MAX_STACK * GS_STACK_FRAME_SIZE)
		return 0;
	return unwind(ctx, s, base, max, hash, uprobe);
}

/* user_ctx reports whether a perf event's user registers are a user
 * context: a kernel thread (or the idle task) has none, and its stack is
 * empty rather than an error. */
static __always_inline int user_ctx(const void *ctx, const int uprobe)
{
	return uprobe || (((const struct pt_regs *)ctx)->cs & 3) == 3;
}

/* stack_cmp is stack_same's bpf_loop context: the pointers only (what
 * changes is in struct stack_probe, so the verifier sees one state). */
struct stack_cmp {
	struct scratch *s;
	const u8 *stored;
};

/* stack_cmp_frame compares frame i of the heap's stack with the stored
 * one's; the bpf_loop callback of stack_same (verified once, not per
 * frame). */
static long stack_cmp_frame(u64 i, void *data)
{
	struct stack_cmp *c = data;
	struct stack_probe *p = &c->s->sp;
	const u64 *a, *b;

	if (i >= p->n || i >= GS_MAX_STACK)
		return 1;
	a = (const u64 *)&c->s->heap[GS_HEAP_SIZE + i * GS_STACK_FRAME_SIZE];
	b = (const u64 *)(c->stored + i * GS_STACK_FRAME_SIZE);
	if (a[0] != b[0] || a[1] != b[1] || a[2] != b[2] || a[3] != b[3]) {
		p->differ = 1;
		return 1;
	}
	return 0;
}

/* stack_same reports whether the stored stack is the sp.n frames in the
 * heap's slack: the same frames, and no more (its frame n is empty). */
static __always_inline int stack_same(struct scratch *s, const u8 *stored)
{
	struct stack_cmp c = {.s = s, .stored = stored};
	u32 n = s->sp.n;
	u32 end = n * GS_STACK_FRAME_SIZE; /* frame n */

	if (n > GS_MAX_STACK)
		return 0;
	/* Opaque to clang, which would otherwise check n and add its own
	 * n * 32, whose bounds the verifier got before the check. */
	__asm__ volatile("" : "+r"(end));
	if (end <= (GS_MAX_STACK - 1) * GS_STACK_FRAME_SIZE && *(const s32 *)(stored + end) != GS_STACK_FRAME_EMPTY)
		return 0;
	s->sp.differ = 0;
	bpf_loop(GS_MAX_STACK, stack_cmp_frame, &c, 0);
	return !s->sp.differ;
}

/* stack_probe_id is the bpf_loop callback of stack_id: one id of the
 * stack's GS_STACK_PROBES, s->sp.hash. It stops the loop (sp.done) when
 * the id holds the stack or now does, or on an error (counted); an id
 * that holds another stack is a collision, counted, and the loop goes on
 * with the next id. A callback is verified once, not per id tried. */
static long stack_probe_id(u64 k, void *data)
{
	struct scratch *s = *(struct scratch **)data;
	struct stack_probe *p = &s->sp;
	void *frames = &s->heap[GS_HEAP_SIZE];
	u64 hash = p->hash;
	const u8 *stored;
	long err;

	if (hash == GS_STACK_ID_NONE)
		hash ^= 1;
	p->done = 1;
	stored = bpf_map_lookup_elem(&gs_stacks, &hash);
	if (!stored) {
		err = bpf_map_update_elem(&gs_stacks, &hash, frames, BPF_NOEXIST);
		if (!err) {
			p->id = hash;
			return 1;
		}
		if (err != -17 /* EEXIST: another CPU stored one */) {
			count(GS_COUNTER_STACK_ERROR);
			return 1;
		}
		stored = bpf_map_lookup_elem(&gs_stacks, &hash);
		if (!stored) { /* cleared since */
			count(GS_COUNTER_STACK_ERROR);
			return 1;
		}
	}
	if (stack_same(s, stored)) {
		p->id = hash;
		return 1;
	}
	count(GS_COUNTER_STACK_COLLISION);
	p->hash = hash + 0x9e3779b97f4a7c15ULL; /* odd: the next id to try */
	p->done = 0;
	return 0;
}

/* stack_id is OpStackID of the n frames in the heap's slack, hash their
 * hash: they are stored under it. An id that holds another stack (a
 * collision, compared frame by frame) is counted and the next of
 * GS_STACK_PROBES ids tried, so two stacks never share an id: when all
 * hold others the stack is a stack error, never merged. */
static __always_inline u64 stack_id(struct scratch *s, u32 n, u64 hash, int user)
{
	if ((n == 0 && user) || n > GS_MAX_STACK) {
		count(GS_COUNTER_STACK_ERROR);
		return GS_STACK_ID_NONE;
	}
	if (n < GS_MAX_STACK)
		*(s32 *)&s->heap[GS_HEAP_SIZE + n * GS_STACK_FRAME_SIZE] = GS_STACK_FRAME_EMPTY;
	s->sp.hash = hash;
	s->sp.id = GS_STACK_ID_NONE;
	s->sp.n = n;
	s->sp.done = 0;
	/* bpf_loop's context must be on the stack: a pointer to the entry. */
	bpf_loop(GS_STACK_PROBES, stack_probe_id, &s, 0);
	if (!s->sp.done)
		count(GS_COUNTER_STACK_ERROR); /* every id holds another stack */
	return s->sp.id;
}

/* stack_op is OpStStack (a u64 frame count at heap offset imm, then c
 * build-id frames) and OpStackID (into rA; the stack is built in the
 * heap's slack). Both walk the stack from one call of capture, so the
 * verifier sees the walk's callback once, not once per op: what differs
 * is read from the instruction before and again after the walk, and
 * nothing op-specific is live across it. */
static __always_inline long stack_op(void *ctx, struct scratch *s, const struct insn *ins, u64 *ra, const int uprobe)
{
	int user = user_ctx(ctx, uprobe);
	u32 base = GS_HEAP_SIZE, max = GS_MAX_STACK, n = 0;
	u32 frames, off;
	u64 hash = 0xcbf29ce484222325ULL;

	if (ins->op == GS_OP_STSTACK) {
		frames = ins->c;
		off = ins->imm;
		if (frames > GS_MAX_STACK || heap_bad(off, 8 + frames * GS_STACK_FRAME_SIZE))
			return bad(s);
		base = (off & (GS_HEAP_SIZE - 1)) + 8;
		max = frames;
	}
	if (user && max)
		n = capture(ctx, s, base, max, &hash, uprobe);
	/* Read again: a value kept from before would be a constant to the
	 * verifier on one op's path, and tell the two paths apart. */
	if (*(volatile const u8 *)&ins->op != GS_OP_STSTACK) {
		*ra = stack_id(s, n, hash, user);
		return 0;
	}
	frames = *(volatile const u8 *)&ins->c;
	off = *(volatile const s32 *)&ins->imm;
	if (frames > GS_MAX_STACK || heap_bad(off, 8 + frames * GS_STACK_FRAME_SIZE))
		return bad(s);
	if (frames && user && n == 0)
		count(GS_COUNTER_STACK_ERROR);
	*(u64 *)heap_at(s, off) = n;
	return 0;
}

/* ld_ctx is OpLdCtx: 0, or -1 for an unknown context value. */
static __always_inline int ld_ctx(const struct hit *h, u64 *ra, s32 which)
{
	switch (which) {
	case GS_CTX_PID:
		*ra = bpf_get_current_pid_tgid() >> 32;
		return 0;
	case GS_CTX_TID:
		*ra = (u32)bpf_get_current_pid_tgid();
		return 0;
	case GS_CTX_UID:
		*ra = (u32)bpf_get_current_uid_gid();
		return 0;
	case GS_CTX_GID:
		*ra = bpf_get_current_uid_gid() >> 32;
		return 0;
	case GS_CTX_NSECS:
		*ra = bpf_ktime_get_ns();
		return 0;
	case GS_CTX_ELAPSED:
		*ra = bpf_ktime_get_ns() - gs_start_ns;
		return 0;
	case GS_CTX_CPU:
		*ra = bpf_get_smp_processor_id();
		return 0;
	case GS_CTX_PROBE:
		*ra = h->probe;
		return 0;
	case GS_CTX_BOOT_NS:
		*ra = bpf_ktime_get_boot_ns();
		return 0;
	case GS_CTX_TAI_NS:
		*ra = bpf_ktime_get_tai_ns();
		return 0;
	case GS_CTX_TP:
		*ra = bpf_get_current_task_btf()->thread.fsbase;
		return 0;
	case GS_CTX_RAND:
		*ra = bpf_get_prandom_u32();
		return 0;
	case GS_CTX_CPID:
		*ra = gs_cpid;
		return 0;
	case GS_CTX_TASK:
		*ra = bpf_get_current_task();
		return 0;
	case GS_CTX_JIFFIES:
		*ra = bpf_jiffies64();
		return 0;
	case GS_CTX_CGROUP:
		*ra = bpf_get_current_cgroup_id();
		return 0;
	}
	return -1;
}

/* fail records the first failure of a run: a status and its address. */
static __always_inline void fail(struct regfile *f, u64 status, u64 addr)
{
	if (!f->fault) {
		f->fault = status;
		f->fault_addr = addr;
	}
}

/* tls_block is OpTLS: the start of the static TLS block of module modid
 * for the current thread, tcb->dtv[modid].val, or 0 with the failure
 * recorded. A block that is not in static TLS (to_free set: malloc'd by
 * __tls_get_addr), not allocated (val TLS_DTV_UNALLOCATED, or 0: an entry
 * this thread's DTV has not caught up with), or past this thread's DTV is
 * dynamic TLS. */
static __always_inline u64 tls_block(struct regfile *f, u64 modid, s32 abi, const int sleepable)
{
	u64 tp = bpf_get_current_task_btf()->thread.fsbase;
	u64 dtv = 0, len = 0, entry[2] = {};
	u64 at;

	if (abi == GS_TLS_MUSL) {
		/* musl: dtv[0] modules, dtv[i] module i's block (ir/tls.go). */
		at = tp + GS_MUSL_DTV;
		if (read_user(&dtv, 8, at, sleepable))
			goto fault;
		at = dtv + GS_MUSL_DTV_LENGTH * GS_MUSL_DTV_ENTRY_SIZE;
		if (read_user(&len, 8, at, sleepable))
			goto fault;
		if (modid == 0 || modid > len) {
			fail(f, GS_STATUS_DYNAMIC_TLS, modid);
			return 0;
		}
		at = dtv + modid * GS_MUSL_DTV_ENTRY_SIZE;
		if (read_user(entry, 8, at, sleepable))
			goto fault;
		if (entry[0] == 0) {
			fail(f, GS_STATUS_DYNAMIC_TLS, modid);
			return 0;
		}
		return entry[0];
	}
	at = tp + GS_TCB_DTV;
	if (read_user(&dtv, 8, at, sleepable))
		goto fault;
	at = dtv + GS_DTV_LENGTH * GS_DTV_ENTRY_SIZE;
	if (read_user(&len, 8, at, sleepable))
		goto fault;
	if (modid == 0 || modid > len) {
		fail(f, GS_STATUS_DYNAMIC_TLS, modid);
		return 0;
	}
	at = dtv + modid * GS_DTV_ENTRY_SIZE;
	if (read_user(entry, sizeof entry, at, sleepable))
		goto fault;
	if (entry[0] == 0 || entry[0] == (u64)GS_DTV_UNALLOCATED || entry[GS_DTV_TO_FREE / 8] != 0) {
		fail(f, GS_STATUS_DYNAMIC_TLS, modid);
		return 0;
	}
	return entry[0];
fault:
	fail(f, GS_STATUS_READ_ERROR, at);
	return 0;
}

/*
 * emit_flags picks OpEmit's wakeup. Waking the reader costs more than the
 * rest of a printf hit together (an irq_work and an IPI), and a reader that
 * keeps up is idle at every record, so the kernel's adaptive policy wakes
 * it every time. With gs_wakeup_ns set, a CPU wakes the reader at most once
 * per gs_wakeup_ns, and always forcibly: records sent without a wakeup make
 * the reader look busy to the adaptive policy. The reader's poll timeout
 * collects what no wakeup announced.
 */
static __always_inline u64 emit_flags(struct scratch *s)
{
	u64 now;

	if (!gs_wakeup_ns)
		return 0;
	now = bpf_ktime_get_ns();
	if (now - s->woke < gs_wakeup_ns)
		return BPF_RB_NO_WAKEUP;
	s->woke = now;
	return BPF_RB_FORCE_WAKEUP;
}

/* ld_reg is OpLdReg: slot i of pt_regs (or of the regs that start
 * bpf_perf_event_data). The verifier refuses a variable offset into ctx,
 * so each slot is a load at its own constant offset; the barrier keeps
 * clang from folding them back into one indexed load. Returns -1 for a
 * slot past the end. */
static __always_inline int ld_reg(const void *ctx, u32 i, u64 *ra)
{
	const u64 *regs = ctx;

	switch (i) {
#define GS_SLOT(n)              \
	case n:                 \
		*ra = regs[n];  \
		barrier_var(*ra); \
		return 0;
	GS_SLOT(0) GS_SLOT(1) GS_SLOT(2) GS_SLOT(3) GS_SLOT(4) GS_SLOT(5) GS_SLOT(6)
	GS_SLOT(7) GS_SLOT(8) GS_SLOT(9) GS_SLOT(10) GS_SLOT(11) GS_SLOT(12) GS_SLOT(13)
	GS_SLOT(14) GS_SLOT(15) GS_SLOT(16) GS_SLOT(17) GS_SLOT(18) GS_SLOT(19) GS_SLOT(20)
#undef GS_SLOT
	}
	return -1;
}

_Static_assert(GS_PT_REGS_SLOTS == 21, "ld_reg has a case per pt_regs slot");

/* What an instruction did. */
enum {
	OP_NEXT,  /* go on at *next */
	OP_DONE,  /* OpExit, or *next is the range's end */
	OP_BAD,   /* it broke a rule: stop and count GS_COUNTER_BAD_PROGRAM */
};

/* jump moves to pc+1+off; the range's end is a valid target (it stops). */
static __always_inline int jump(const struct hit *h, u32 pc, s32 off, u32 *next)
{
	s64 t = (s64)pc + 1 + off;

	if (t < h->start || t > h->end)
		return OP_BAD;
	*next = t;
	return t == h->end ? OP_DONE : OP_NEXT;
}

/* The fields of the current address space a bias entry is checked
 * against (struct bias_val), found through BTF. The ___gs flavour keeps
 * them apart from the task_struct fields declared above. */
struct mm_struct___gs {
	unsigned long start_stack, arg_start;
} __attribute__((preserve_access_index));

struct task_struct___gs {
	struct mm_struct___gs *mm;
} __attribute__((preserve_access_index));

/* current_image fills v's address space fields from the current task. */
static __always_inline void current_image(struct bias_val *v)
{
	struct task_struct___gs *t = (void *)bpf_get_current_task_btf();
	struct mm_struct___gs *mm = BPF_CORE_READ(t, mm);

	v->start_stack = BPF_CORE_READ(mm, start_stack);
	v->arg_start = BPF_CORE_READ(mm, arg_start);
}

/* bias_of returns gs_bias's bias of module in this process, or
 * GS_BIAS_UNKNOWN when it has none for the process's current image (an
 * entry from before an exec is deleted). Not inlined, as record_bias. */
static __noinline u64 bias_of(u32 module)
{
	struct bias_key k = {
		.tgid = bpf_get_current_pid_tgid() >> 32,
		.module = module,
	};
	struct bias_val now = {}, *v;

	v = bpf_map_lookup_elem(&gs_bias, &k);
	if (!v)
		return GS_BIAS_UNKNOWN;
	current_image(&now);
	if (v->start_stack != now.start_stack || v->arg_start != now.arg_start) {
		bpf_map_delete_elem(&gs_bias, &k);
		return GS_BIAS_UNKNOWN;
	}
	return v->bias;
}

/* ld_bias is OpLdBias. uprobe says ctx is a uprobe's, whose
 * bpf_get_func_ip is the probe's run-time address. */
static __always_inline u64 ld_bias(void *ctx, struct regfile *f, const struct hit *h, u32 module, const int uprobe)
{
	u64 bias, ip;

	if (uprobe && module == h->module) {
		ip = bpf_get_func_ip(ctx);
		if (ip) /* 0 before 6.4: use the map */
			return ip - h->address;
	}
	bias = bias_of(module);
	if (bias != GS_BIAS_UNKNOWN)
		return bias;
	fail(f, GS_STATUS_NO_BIAS, module);
	return GS_BIAS_UNKNOWN;
}

/* record_bias is a bias probe's whole run (GS_PROBE_FLAG_BIAS): its
 * module's load bias in this process, kept in gs_bias. A bias probe is an
 * entry uprobe, where the saved rip is the breakpoint's run-time address
 * on every kernel (handle_swbp sets it "in advance for ->handler()"
 * before the handlers run; bpf_get_func_ip, 6.4+, returns that same
 * value): so it works on 6.1 too, where the /proc scan alone would race a
 * process that starts after gs. Not inlined: its locals would push run()'s
 * frame to 64 bytes (see "Stack frames"). */
static __noinline void record_bias(void *ctx, const struct probe *p)
{
	struct bias_key k = {
		.tgid = bpf_get_current_pid_tgid() >> 32,
		.module = p->module,
	};
	struct bias_val v = {.bias = ((struct pt_regs *)ctx)->rip - p->address};

	current_image(&v);
	bpf_map_update_elem(&gs_bias, &k, &v, BPF_ANY);
}

/*
 * exec executes ins, at pc, on l's scratch entry. *next is pc+1 unless the
 * op says otherwise. One switch for every op: a second level of dispatch
 * cost every heap op about 2 ns.
 */
/* The operand registers, read where an op uses them: decoding all three
 * for every op cost the short programs a few ns per step. */
#define RA (&f->r[ins->a & 15])
#define RB (f->r[ins->b & 15])
#define RC (f->r[ins->c & 15])

static __always_inline int exec(struct loop_state *l, const struct insn *ins, u32 pc, u32 *next, const int sleepable, const int uprobe)
{
	struct scratch *s = l->s;
	struct regfile *f = &s->rf;
	const struct hit *h = &s->hit;
	void *ctx = l->ctx;
	s32 imm = ins->imm;
	u64 v;
	u32 n;

	*next = pc + 1;
	switch (ins->op) {
	case GS_OP_NOP:
		break;
	case GS_OP_MOVI:
		*RA = (s64)imm;
		break;
	case GS_OP_LDI64: {
		const struct insn *hi;
		u32 at = pc + 1;

		if (at >= h->end)
			return OP_BAD;
		hi = bpf_map_lookup_elem(&gs_insns, &at);
		if (!hi)
			return OP_BAD;
		*RA = (u32)imm | (u64)(u32)hi->imm << 32;
		*next = pc + 2;
		break;
	}
	case GS_OP_MOV:
		*RA = RB;
		break;
	case GS_OP_ADD:
		*RA = RB + RC;
		break;
	case GS_OP_SUB:
		*RA = RB - RC;
		break;
	case GS_OP_MUL:
		*RA = RB * RC;
		break;
	case GS_OP_DIVU:
		*RA = RC ? RB / RC : 0;
		break;
	case GS_OP_DIVS:
		*RA = sdiv(RB, RC);
		break;
	case GS_OP_MODU:
		*RA = RC ? RB % RC : RB;
		break;
	case GS_OP_MODS:
		*RA = smod(RB, RC);
		break;
	case GS_OP_AND:
		*RA = RB & RC;
		break;
	case GS_OP_OR:
		*RA = RB | RC;
		break;
	case GS_OP_XOR:
		*RA = RB ^ RC;
		break;
	case GS_OP_SHL:
		*RA = RB << (RC & 63);
		break;
	case GS_OP_SHR:
		*RA = RB >> (RC & 63);
		break;
	case GS_OP_SAR:
		*RA = (s64)RB >> (RC & 63);
		break;
	case GS_OP_ADDI:
		*RA = RB + (s64)imm;
		break;
	case GS_OP_NEG:
		*RA = -RB;
		break;
	case GS_OP_NOT:
		*RA = ~RB;
		break;
	case GS_OP_LNOT:
		*RA = RB == 0;
		break;
	case GS_OP_EQ:
		*RA = RB == RC;
		break;
	case GS_OP_NE:
		*RA = RB != RC;
		break;
	case GS_OP_LTS:
		*RA = (s64)RB < (s64)RC;
		break;
	case GS_OP_LES:
		*RA = (s64)RB <= (s64)RC;
		break;
	case GS_OP_LTU:
		*RA = RB < RC;
		break;
	case GS_OP_LEU:
		*RA = RB <= RC;
		break;
	case GS_OP_SEXT:
	case GS_OP_ZEXT:
		n = access_size(ins->c);
		if (!n)
			return OP_BAD;
		*RA = ext(RB, n, ins->op == GS_OP_SEXT);
		break;
	case GS_OP_JA:
		return jump(h, pc, imm, next);
	case GS_OP_JZ:
		if (*RA == 0)
			return jump(h, pc, imm, next);
		break;
	case GS_OP_JNZ:
		if (*RA != 0)
			return jump(h, pc, imm, next);
		break;
	case GS_OP_LDREG:
		if (ld_reg(ctx, imm, RA))
			return OP_BAD;
		break;
	case GS_OP_LDCTX:
		if (ld_ctx(h, RA, imm))
			return OP_BAD;
		break;
	case GS_OP_LDBIAS:
		*RA = ld_bias(ctx, f, h, imm, uprobe);
		break;
	case GS_OP_LOAD: {
		u64 addr = RB + (s64)imm;

		n = access_size(ins->c);
		if (!n)
			return OP_BAD;
		v = 0;
		if (read_user(&v, n, addr, sleepable)) {
			v = 0;
			fail(f, GS_STATUS_READ_ERROR, addr);
		}
		*RA = v;
		break;
	}
	case GS_OP_TLS:
		*RA = tls_block(f, RB, imm, sleepable);
		break;
	case GS_OP_TAKEFAULT:
		*RA = f->fault != 0;
		f->fault = 0;
		f->fault_addr = 0;
		break;
	case GS_OP_CELLAGG:
		if (cell_agg(h->cells, imm, ins->b, ins->c, *RA))
			return OP_BAD;
		break;
	case GS_OP_STREG:
	case GS_OP_STCTX:
		if (heap_bad(imm, 8))
			return OP_BAD;
		if (ins->op == GS_OP_STREG ? ld_reg(ctx, ins->c, &v) : ld_ctx(h, &v, ins->c))
			return OP_BAD;
		*(u64 *)heap_at(s, imm) = v;
		break;
	case GS_OP_CELLAGGREG:
		if (ld_reg(ctx, ins->a, &v) || cell_agg(h->cells, imm, ins->b, ins->c, v))
			return OP_BAD;
		break;
	case GS_OP_EXIT:
		if (imm)
			gs_stopped = 1;
		return OP_DONE;
	case GS_OP_LDHEAP:
		n = access_size(ins->c);
		if (!n || heap_bad(imm, n))
			return OP_BAD;
		*RA = load_sized(heap_at(s, imm), n);
		break;
	case GS_OP_STHEAP:
		n = access_size(ins->c);
		if (!n || heap_bad(imm, n))
			return OP_BAD;
		store_sized(heap_at(s, imm), n, *RA);
		break;
	case GS_OP_STSTATUS: {
		u8 *p;

		if (heap_bad(imm, GS_STATUS_SIZE))
			return OP_BAD;
		p = heap_at(s, imm);
		*(u64 *)p = s->rf.fault; /* GS_STATUS_OK when none */
		*(u64 *)(p + 8) = s->rf.fault ? s->rf.fault_addr : 0;
		s->rf.fault = 0;
		s->rf.fault_addr = 0;
		break;
	}
/* Each GS_NO_ group leaves out the cases of its ops, for the variants that
 * lack them (bpf.Variants): strings and raw memory, script maps, stacks. */
#ifndef GS_NO_STRINGS
	case GS_OP_STSTR:
		if (st_str(s, *RA, RB, imm, ins->c, sleepable))
			return OP_BAD;
		break;
	case GS_OP_STMEM:
		if (st_mem(s, *RA, RB, imm, sleepable))
			return OP_BAD;
		break;
#endif
	case GS_OP_STCOMM:
		if (heap_bad(imm, GS_COMM_LEN))
			return OP_BAD;
		bpf_get_current_comm(heap_at(s, imm), GS_COMM_LEN);
		break;
	case GS_OP_RECORD:
		*(u64 *)s->heap = (u32)imm | (u64)s->hit.probe << 32;
		break;
	case GS_OP_EMIT:
		n = imm;
		if (n == 0 || n > GS_HEAP_SIZE)
			return OP_BAD;
		if (bpf_ringbuf_output(&gs_events, s->heap, n, emit_flags(s))) {
			u64 *lost = bpf_map_lookup_elem(&gs_lost, &s->hit.probe);

			if (lost)
				__sync_fetch_and_add(lost, 1);
		}
		break;
#ifndef GS_NO_STRINGS
	case GS_OP_STREQ:
		if (str_eq(s, RA, RB, RC, imm))
			return OP_BAD;
		break;
#endif
#ifndef GS_NO_MAPS
	case GS_OP_TSERIES:
		if (heap_bad(imm, GS_MAP_KEY_SIZE))
			return OP_BAD;
		*(u64 *)heap_at(s, imm) = ins->b; /* byte 0 the map id, bytes 1-7 zero */
		if (map_tseries(s, heap_at(s, imm), ins->b, *RA, RC))
			return OP_BAD;
		break;
	case GS_OP_MAPKEYS:
		if (map_keys(s, RA, ins->b, ins->c, imm))
			return OP_BAD;
		break;
	case GS_OP_MAPNEXT:
		if (map_next(s, RA, ins->b, (u32)ins->c * 8, imm))
			return OP_BAD;
		break;
	case GS_OP_MAPGET:
	case GS_OP_MAPSET:
	case GS_OP_MAPDEL:
	case GS_OP_MAPHAS:
	case GS_OP_MAPAGG: {
		u8 *key;

		if (heap_bad(imm, GS_MAP_KEY_SIZE))
			return OP_BAD;
		key = heap_at(s, imm);
		*(u64 *)key = ins->b; /* byte 0 the map id, bytes 1-7 zero */
		if (ins->op == GS_OP_MAPHAS) {
			void *m = ins->c == GS_IN_AGGS ? (void *)&gs_aggs : ins->c == GS_IN_STRS ? (void *)&gs_strs : (void *)&gs_vals;

			*RA = bpf_map_lookup_elem(m, key) != NULL;
		} else if (ins->op == GS_OP_MAPDEL) {
			void *m = ins->c == GS_IN_AGGS ? (void *)&gs_aggs : ins->c == GS_IN_STRS ? (void *)&gs_strs : (void *)&gs_vals;

			*RA = bpf_map_delete_elem(m, key) == 0;
		} else if (ins->op != GS_OP_MAPAGG && ins->c == GS_IN_STRS) {
			if (map_str(s, key, ins->op, *RA))
				return OP_BAD;
		} else if (ins->op == GS_OP_MAPGET && ins->c == GS_IN_AGGS) {
			*RA = agg_read(key, ins->b);
		} else if (ins->op == GS_OP_MAPGET) {
			u64 *val = bpf_map_lookup_elem(&gs_vals, key);

			*RA = val ? *val : 0;
		} else if (ins->op == GS_OP_MAPSET) {
			if (bpf_map_update_elem(&gs_vals, key, RA, BPF_ANY))
				count(GS_COUNTER_MAP_FULL);
		} else if (map_agg(s, key, ins->b, ins->c, *RA)) {
			return OP_BAD;
		}
		break;
	}
#endif
#ifndef GS_NO_STACKS
	case GS_OP_STSTACK:
	case GS_OP_STACKID:
		if (stack_op(l->ctx, s, ins, RA, uprobe))
			return OP_BAD;
		break;
#endif
	default:
		return OP_BAD;
	}
	return *next >= h->end ? OP_DONE : OP_NEXT;
}

#undef RA
#undef RB
#undef RC

/* step executes the instruction at s->pc: 0 to go on, 1 to stop. */
static __always_inline long step(struct loop_state *l, const int sleepable, const int uprobe)
{
	struct scratch *s = l->s;
	u32 pc = s->pc, next;
	struct insn *ins;
	int r;

	ins = bpf_map_lookup_elem(&gs_insns, &pc);
	if (!ins)
		return bad(s);
	r = exec(l, ins, pc, &next, sleepable, uprobe);
	if (r == OP_NEXT) {
		s->pc = next;
		return 0;
	}
	s->stop = r == OP_DONE ? DONE : BAD;
	return 1;
}

/* gs_step, gs_step_s and gs_step_pe are bpf_loop's callbacks: one step,
 * with the non-faulting reads only or with the faulting retry, of a uprobe
 * or of a perf event. Each program's verification sees one of them. */
static long gs_step(u64 index, void *data)
{
	return step(data, 0, 1);
}

static long gs_step_s(u64 index, void *data)
{
	return step(data, 1, 1);
}

static long gs_step_pe(u64 index, void *data)
{
	return step(data, 0, 0);
}

/* hit_of is what a run of probe p, id id, knows of it. */
static __always_inline void hit_of(struct hit *h, const struct probe *p, u32 id, const int uprobe)
{
	h->probe = id;
	h->module = uprobe ? p->module : GS_MODULE_NONE;
	h->address = p->address;
	h->cells = p->cells;
	h->start = p->start;
	h->end = p->start + p->len;
}

/*
 * one_agg runs a range that is one aggregation into cells, count() (of
 * r0, the only register defined at entry) or of a saved register: the
 * whole program of `@[func] = count()`, `@h = hist(arg0)`, `@b = sum(arg2)`.
 * It touches only cells and the probe's registers, so it needs neither the
 * scratch entry nor the loop: like the interpreter's, its updates of
 * per-CPU cells are not atomic, and a run preempted amid one (on a
 * preemptible kernel) by a hit of the same probe on the same CPU may lose
 * that hit's count, as bpftrace's per-CPU counts may. Returns 0 when it
 * ran the range, 1 when the interpreter must.
 */
static __always_inline int one_agg(void *ctx, const struct probe *p, const int uprobe)
{
	struct insn *ins = bpf_map_lookup_elem(&gs_insns, &p->start);
	u64 x = 0;

	if (!ins || (ins->op != GS_OP_CELLAGGREG && (ins->op != GS_OP_CELLAGG || ins->a != 0)))
		return 1;
	if (ins->op == GS_OP_CELLAGGREG && (!uprobe || ld_reg(ctx, ins->a, &x)))
		return 1; /* a perf event's user registers are in the scratch entry */
	if (cell_agg(p->cells, ins->imm, ins->b, ins->c, x))
		count(GS_COUNTER_BAD_PROGRAM);
	return 0;
}

/* in_tree reports whether the current process is in gs_tree. */
static __always_inline int in_tree(void)
{
	u32 tgid = bpf_get_current_pid_tgid() >> 32;
	struct tree_entry *e = bpf_map_lookup_elem(&gs_tree, &tgid);

	return e && !e->exited;
}

/* task_wanted reports whether a probe of GS_PROBE_FLAG_TASK counts a hit
 * in the current task: in -p's process, in -c's tree, else in any. */
static __always_inline int task_wanted(void)
{
	u32 tgid = bpf_get_current_pid_tgid() >> 32;

	if (gs_target_tgid && tgid != gs_target_tgid)
		return 0;
	return !gs_tree_on || in_tree();
}

/* user_regs copies the current task's user registers to u: a perf
 * event's own registers are the kernel's when the sample interrupted the
 * kernel, while bpf_task_pt_regs is where the kernel saved the user
 * context at its entry (all zero in a kernel thread). */
static __always_inline void user_regs(struct pt_regs *u)
{
	void *r = (void *)bpf_task_pt_regs(bpf_get_current_task_btf());

	if (!r || bpf_probe_read_kernel(u, sizeof(*u), r))
		__builtin_memset(u, 0, sizeof(*u));
}

static __always_inline int run(void *ctx, const int sleepable, const int uprobe)
{
	u32 zero = 0, id = bpf_get_attach_cookie(ctx);
	struct scratch *s;
	struct probe *p;
	struct loop_state l = {};

	if (gs_stopped | (uprobe && gs_tree_on && !in_tree()))
		return 0;
	p = bpf_map_lookup_elem(&gs_probes, &id);
	if (!p || p->version != GS_IR_VERSION || p->start >= GS_MAX_INSNS || p->len > GS_MAX_INSNS - p->start) {
		count(GS_COUNTER_BAD_PROGRAM);
		return 0;
	}
	if (!uprobe && (p->flags & GS_PROBE_FLAG_TASK) && !task_wanted())
		return 0;
	if (p->flags & GS_PROBE_FLAG_BIAS) {
		if (uprobe)
			record_bias(ctx, p);
		return 0;
	}
	if (p->flags & GS_PROBE_FLAG_COUNT) {
		u64 *n = bpf_map_lookup_elem(&gs_hits, &id);

		if (n)
			__sync_fetch_and_add(n, 1);
	}
	/* A program that does nothing (a block with no code) costs one array
	 * lookup: an empty probe must cost what bpftrace's does. */
	if (!p->len)
		return 0;
	if (p->len == 1 && !one_agg(ctx, p, uprobe))
		return 0;
	s = bpf_map_lookup_elem(&gs_scratch, &zero);
	if (!s)
		return 0;
	if (__sync_lock_test_and_set(&s->busy, 1)) {
		count(GS_COUNTER_REENTRY);
		return 0;
	}
	/* Only r0 is defined at entry (ir/doc.go): the compiler writes every
	 * other register before it reads it. */
	s->rf.r[0] = 0;
	s->rf.fault = 0;
	s->rf.fault_addr = 0;

	s->pc = p->start;
	s->stop = RUNNING;
	hit_of(&s->hit, p, id, uprobe);
	l.ctx = ctx;
	if (!uprobe) {
		user_regs(&s->uregs);
		l.ctx = &s->uregs;
	}
	l.s = s;
	bpf_loop(GS_MAX_STEPS, !uprobe ? gs_step_pe : sleepable ? gs_step_s : gs_step, &l, 0);
	if (s->stop == BAD)
		count(GS_COUNTER_BAD_PROGRAM);
	else if (s->stop == RUNNING)
		count(GS_COUNTER_STEP_LIMIT);
	s->busy = 0;
	return 0;
}

SEC("uprobe")
int gs_uprobe(struct pt_regs *ctx)
{
	return run(ctx, 0, 1);
}

SEC("uprobe.multi")
int gs_uprobe_multi(struct pt_regs *ctx)
{
	return run(ctx, 0, 1);
}

/* The sleepable uprobe programs: a user read that finds its page missing
 * faults it in (see read_user). */
SEC("uprobe.s")
int gs_uprobe_s(struct pt_regs *ctx)
{
	return run(ctx, 1, 1);
}

SEC("uprobe.multi.s")
int gs_uprobe_multi_s(struct pt_regs *ctx)
{
	return run(ctx, 1, 1);
}

SEC("perf_event")
int gs_perf_event(struct bpf_perf_event_data *ctx)
{
	return run(ctx, 0, 0);
}

/* gs_fork and gs_exit keep gs_tree (above). They run in the forking and
 * the exiting thread; sched_process_fork fires after the child is made and
 * before it is woken. A new thread (same tgid) changes nothing. */
SEC("tp_btf/sched_process_fork")
int gs_fork(u64 *ctx)
{
	struct task_struct *parent = (struct task_struct *)ctx[0];
	struct task_struct *child = (struct task_struct *)ctx[1];
	u32 ptgid = parent->tgid, ctgid = child->tgid;
	struct tree_entry *pe, e = {};

	if (ptgid == ctgid)
		return 0;
	pe = bpf_map_lookup_elem(&gs_tree, &ptgid);
	if (!pe || pe->exited)
		return 0;
	e.parent = ptgid;
	if (bpf_map_update_elem(&gs_tree, &ctgid, &e, BPF_ANY))
		count(GS_COUNTER_MAP_FULL);
	return 0;
}

SEC("tp_btf/sched_process_exit")
int gs_exit(u64 *ctx)
{
	struct task_struct *p = (struct task_struct *)ctx[0];
	u32 tgid = p->tgid;
	struct tree_entry *e;

	if (p->signal->live.counter != 0) /* do_exit decremented it: 0 when the group is dead */
		return 0;
	e = bpf_map_lookup_elem(&gs_tree, &tgid);
	if (e) {
		bpf_get_current_comm(e->comm, sizeof(e->comm));
		e->exited = 1;
	}
	return 0;
}
