// Package ir defines gs's bytecode: the instruction set, its encoding, the
// resources that travel with it, and a disassembler.
//
// # Machine model
//
// A compiled script is one flat array of instructions shared by all probes.
// Each probe (one attach point) owns a contiguous range [Start, Start+Len)
// of it; several probes may share a range when they share a block. The
// kernel side (bpf/c/interp.bpf.c) finds a probe's range through the BPF
// cookie, which is the probe's ID, and executes one instruction per
// bpf_loop iteration, so the verifier sees the interpreter once no matter
// how long a script is.
//
// The machine has 16 64-bit registers r0..r15, a fault flag with the address
// of the first failed read, and a per-CPU byte heap of HeapSize bytes
// addressed by compile-time offsets. Registers hold integers and addresses
// only; strings, structs, map keys and the record being built live in the
// heap. At entry r0 is zero, the fault flag is clear and the probe's
// saved registers (pt_regs) are readable with OpLdReg; r1..r15 hold
// whatever an earlier run left, so a program writes a register before it
// reads it (the compiler does, and its tests poison them to check). A run
// stops at OpExit or when it reaches the end of its range.
//
// # Encoding
//
// Every instruction is 8 bytes, little-endian:
//
//	byte 0   op
//	byte 1   A   destination register (or source, for stores)
//	byte 2   B   register, or a small number (map id)
//	byte 3   C   register, or a small number (size, aggregation)
//	byte 4-7 imm signed 32-bit immediate: constant, heap offset, jump offset
//
// Jumps are relative to the next instruction. OpLdImm64 takes two slots.
// The C interpreter checks every jump and heap offset against its limits,
// and stops a probe that runs more than MaxSteps instructions.
//
// # Records
//
// A probe talks to user space only through records. OpRecord writes the
// 8-byte header {u32 event id, u32 probe id} at heap[0]; the program then
// stores the event's values at the offsets its Event layout gives, and
// OpEmit sends heap[0:size] to the ring buffer. The runtime decodes a record
// with Program.Events[id]: the layout is computed at compile time and never
// guessed. Values that are read from the traced process carry a status slot
// of StatusSize bytes (StatusOK or StatusReadError, then the failing
// address) before their bytes, so a failed read prints as <read error at
// 0x...>, never as a silent 0. The fault flag holds the status of the
// first failure: OpTLS's is StatusDynamicTLS (a thread-local variable of a
// module in dynamic TLS, printed <not available: dynamic TLS>; tls.go),
// OpLdBias's is StatusNoBias (no load bias of the module is known in this
// process, printed <not available: module not located in this process>).
// A counted sequence (KindSeq: a Go slice, a Rust Vec) is one OpStMem of
// its first Len elements after its status slot, its count after them.
//
// # Strings
//
// A string slot is a 16-byte header {u16 len, u8 flags, u8 pad[5], u64
// address} followed by its capacity in bytes. Flag StrTruncated means the
// source was longer than the limit; StrFault means the read failed at
// address.
//
// # Stacks
//
// Stacks are captured as the kernel's build-id frames, so they name file
// bytes, not a process's address space, and resolve to function+offset
// after the process has exited (package symbolize). In uprobes the
// interpreter walks the user stack itself, by call frame information the
// runtime loads into gs_umods and gs_urows (docs/design.md "User
// stacks"); in interval probes it asks the kernel (frame pointers only).
// OpStStack writes a u64 frame count at heap[imm], then that many frames
// of StackFrameSize (32) bytes, innermost first, at most C (C <= MaxStack):
//
//	byte 0-3    s32 status   StackFrameValid, StackFrameIP (or StackFrameEmpty)
//	byte 4-23   build id     (StackFrameBuildID; zero-padded to 20 bytes)
//	byte 24-31  u64          file offset in the module when StackFrameValid,
//	                         the raw address when StackFrameIP (StackFrameAddr)
//
// StackFrameIP means the frame's module is not known (no unwind table for
// its file, or its mapping could not be looked up): the runtime resolves
// those through a snapshot of the process's maps, while it still can. The
// slot a KindStack value takes is 8 + C*StackFrameSize bytes; only count
// frames are meaningful.
//
// OpStackID stores a stack once in the gs_stacks map and yields its id, a
// 64-bit hash of its frames, for use in map keys (@[ustack] = count()). A
// gs_stacks value holds MaxStack frames in the same layout; the frames
// after the last have status StackFrameEmpty. An id that already holds
// another stack (compared frame by frame) is a collision:
// CounterStackCollision counts it and the next of StackProbes ids is tried, so
// two stacks never share an id. When no frame was captured, the map is
// full or every id tried holds another stack, the id is StackIDNone and
// CounterStackError counts it. Unwind rows are UnwindNone (follow rbp), UnwindRSP and UnwindRBP
// (CFA = that register + offset; return address at CFA-8, the caller's
// rbp at CFA + its offset; with UnwindDeref the CFA is read from that
// address, and with UnwindRBPAtReg the caller's rbp is at the register +
// its offset), UnwindPLT (a PLT stub), UnwindSignal (a signal frame: the
// interrupted registers are in the ucontext at rsp) and UnwindEnd (the
// outermost frame).
//
// # Maps
//
// Program.Maps describes every script map (@name); Maps[i] has ID i. All
// plain maps of integers share the BPF hash gs_vals (u64 values), all maps
// of strings the hash gs_strs (string slots of Program.StrValueSize bytes:
// one capacity for all of them; Map.HoldsStrings) and all aggregations
// the per-CPU hash gs_aggs (AggSlots u64s, combined over CPUs as the
// comment on AggSlots says); Map.IsAgg says which. Operand C of
// OpMapLookup, OpMapUpdate and OpMapDelete names the hash (MapIn). The
// runtime sizes each hash's keys to the longest key of its maps. A key is MapKeySize
// bytes: byte 0 the map ID, bytes 1-7 zero, the key values from byte 8 at
// Map.KeyOffsets, and zeros after byte 8+Map.KeySize. To list a map, the
// runtime iterates its BPF map and keeps the keys whose byte 0 is the ID.
// A key value of type
//
//	KindInt, KindUint   is 8 bytes
//	KindString          a string slot of Cap bytes whose address word is 0,
//	                    the text zero-padded (StrTruncated: cut to Cap)
//	KindComm            CommLen bytes, NUL-padded
//	KindFunc, KindProbe a u64 probe id: print Probes[id].Func or .Name (as
//	                    everywhere: a map value or $var of func keeps the probe
//	                    that stored it)
//	KindStack           with StackID set, a u64 gs_stacks id (StackIDNone
//	                    when none was captured): print its first Len frames
//	KindSymbol          a u64 address, printed as symbol+offset
//
// Keys are bytes: two probes on one function, or two stacks that differ
// only below their first Len frames, are separate entries that print
// alike, and bpftrace would show them as one (add their values).
//
// A plain map's value is a u64 printed as Map.Value (signed or not). An
// aggregation's value is read from its slots: count the count slot, sum
// the sum slot (signed), avg sum/count, min and max their slots (signed,
// over the CPUs whose set slot is 1), stats count, average and sum,
// hist and lhist the buckets, numbered as the comment on AggSlots says;
// lhist's Min, Max and Step are in Map, and the runtime writes them to
// gs_mapinfo[ID] before any probe runs.
//
// # Cells
//
// An aggregation whose keys are known before a probe runs (none, func or
// probe: the probe's own id) needs no key and no hash: Map.InCells maps
// live in gs_cells, one per-CPU array entry of MaxCells u64s. The compiler
// gives each probe that aggregates into such a map its own range of
// CellsOf(Map.Agg) cells, laid out as the first slots of struct agg
// (AggSlots), and lists the ranges in Program.CellRanges; the probe's
// OpCellAgg imm is the range's offset from Probe.Cells, so probes that
// share code share offsets. A range whose count slot is 0 and whose set
// slot is 0 was never hit and holds no entry. To list the map, the runtime
// reads the ranges and keys each with the probe's id (several probes of a
// keyless map add up to one entry). A map that clear(), zero() or delete()
// acts on stays in gs_aggs (user space cannot reset some cells without
// racing the probes that write the others, and delete needs a key), and
// the compiler falls back to gs_aggs for all when the ranges would not fit
// MaxCells. OpCellAggReg is OpCellAgg of a saved register, in one step.
//
// # Time series
//
// A tseries(x, interval, n[, fn]) map (Map.Tseries) is a gs_aggs map
// whose entry holds n buckets of TseriesSlots u64s each, {value, meta,
// epoch + 1} (0: never written), as bpftrace's tseries map does. OpTseries at time t (TAI
// nanoseconds, or the value of the script's time map in tests) is in
// epoch e = t/interval, bucket e%n: when the bucket's epoch is not e and
// fn is not last, value and meta are zeroed first; then last sets value
// x and meta t, sum adds x, avg adds x and counts in meta, min and max
// keep the smaller or larger (signed) with meta 1 once set; the epoch
// slot becomes e + 1. The runtime combines the CPUs' buckets of one epoch by fn
// (last: the largest meta) and prints the n epochs up to the latest any
// key has.
//
// # Iteration
//
// OpMapLookup of an aggregation (C InAggs) reads its value over every CPU
// (bpf_map_lookup_percpu_elem, the CPUs that gs_nr_cpus counts): count
// and sum add up, min and max are taken over the CPUs that saw a value,
// avg is the sum over the count; stats, hist and lhist read as 0 (the
// compiler refuses them). Such maps are never InCells.
//
// `for ($kv : @m)` walks a snapshot. OpMapKeys walks the BPF map with
// bpf_for_each_map_elem, counts the keys whose byte 0 is the map's ID and
// copies their key bytes [8, 8+K) into iteration level L's IterBytes,
// as many as fit (IterCap(K)); a map with more keys counts
// CounterIterCut, and the loop sees the first ones. K = 0 only counts
// (len(@m)). Then each OpMapNext copies the next key to heap[imm] and
// its value, looked up then (a value the body changed reads as it is
// now; one the body deleted as 0 or the empty string), after it: the
// loop variable's slot is a tuple (key, value) whose key is the key
// bytes as the map lays them out. Loops nested in a probe use levels 0,
// 1, ... (MaxIterDepth); one level's walk runs under no other's, so a
// level is free when its loop ends. The loop body is ordinary code, and
// its steps count against MaxSteps like any loop's.
//
// print(@m[, top[, div]]), clear(@m) and zero(@m) are done in user space:
// the program emits a record of kind EventPrintMap, EventClearMap or
// EventZeroMap (the 8-byte header only; Event.Map is the ID, Event.Top and
// Event.Div print's options), and the runtime acts on it in order with the
// records around it. clear deletes the map's entries; zero keeps the keys
// and sets plain values and every aggregation slot to 0. When tracing
// ends, after the End probes ran, the runtime prints every map, as
// bpftrace prints all maps at exit (also those print() printed before).
//
// # Probes
//
// Probe.Kind says how the runtime runs a probe's range; every kind gets
// its probe ID as cookie and emits records the same way.
//
//	Uprobe, Uretprobe  attach to Binary at file Offset
//	Begin              runs once before any other probe can fire, in ID
//	                   order (the runtime triggers it, e.g. with a uprobe on
//	                   a function of its own binary); Binary is ""
//	End                runs once when tracing stops, after the other probes
//	                   are detached and their records read, in ID order
//	Interval           runs every PeriodNs nanoseconds on one CPU, from a
//	                   perf event (gs_perf_event)
//
// Begin, End and Interval programs never read the probe's registers (the
// compiler refuses argN, retval and func there): pid, comm, ustack and the
// like are those of gs itself (Begin, End) or of whatever task the
// interval interrupted. An EventExit record from any probe stops tracing,
// which then runs the End probes.
//
// # Limits
//
// MaxInsns instructions in all, MaxProbes probes, HeapSize heap bytes,
// MaxSteps executed instructions per hit. Version changes whenever the
// encoding or the meaning of an op changes; the kernel side refuses a
// program of another version.
package ir
