package ir

import (
	"encoding/binary"
	"fmt"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/printfmt"
)

// Version identifies the encoding. Bump it whenever an op is added or its
// meaning changes.
const Version = 19

// Limits shared with the C interpreter (they are written into its header).
const (
	NumRegs     = 16
	MaxInsns    = 65536
	MaxProbes   = 4096
	HeapSize    = 8192 // bytes addressable by heap offsets
	MaxSteps    = 65536
	StrHeader   = 16   // bytes before a string slot's text
	MaxStrLen   = 1024 // largest string limit
	StMemMax    = 1024 // largest raw copy by OpStMem
	CommLen     = 16
	RecordHdr   = 8 // {u32 event, u32 probe}
	MaxStack    = 127
	MapKeySize  = 128
	MaxMaps     = 255
	DefaultStr  = 64               // str(p) limit when none is given
	PtRegsSlots = arch.PtRegsSlots // OpLdReg reads slots 0..PtRegsSlots-1 (package arch)

	// Aggregation values (gs_aggs): v[AggCountSlot] count, v[AggSumSlot]
	// sum, v[AggMinSlot] min, v[AggMaxSlot] max, v[AggSetSlot] 1 once
	// min/max hold a value, then MaxBuckets hist/lhist buckets from
	// AggBucketBase. Every aggregation but min and max increments the
	// count slot, and all but count, min and max add the value to the sum
	// slot (hist and lhist too, since Version 14: a histogram's sum for
	// the metrics exporters); min and max set the set slot. Each CPU has its own values: sum the
	// counts, sums and buckets, and take min/max over the CPUs whose set
	// slot is 1.
	//
	// hist buckets (as bpftrace's): 0 holds x < 0, 1 holds 0, 2 holds 1,
	// and 2+k holds [2^k, 2^(k+1)) for k = 1..62 (so the last is 64).
	// lhist(min, max, step) buckets: 0 holds x < min, 1+(x-min)/step holds
	// min <= x < max, and 1+(max-min)/step holds x >= max; a bucket past
	// MaxBuckets-1 is counted in MaxBuckets-1.
	AggSlots      = 72
	AggCountSlot  = 0
	AggSumSlot    = 1
	AggMinSlot    = 2
	AggMaxSlot    = 3
	AggSetSlot    = 4
	AggBucketBase = 5
	MaxBuckets    = 66

	// A tseries() entry (OpTseries) holds its intervals' buckets in the
	// slots of an aggregation value instead: bucket i is slots
	// TseriesSlots*i to TseriesSlots*i+2, {value, meta, epoch+1} (see Time
	// series in doc.go), so a time series has at most MaxTseries
	// intervals.
	TseriesSlots = 3
	MaxTseries   = AggSlots / TseriesSlots

	// MaxCells is how many u64 cells of gs_cells each CPU has for ranges
	// (see Cells in doc.go). The entry holds AggSlots more, so that the
	// interpreter need only check that a range starts below MaxCells; the
	// compiler keeps InCells maps in gs_aggs when their ranges do not fit.
	MaxCells = 4000

	// Iteration (see Iteration in doc.go): each of MaxIterDepth nested
	// for loops over maps has IterBytes of key snapshot per CPU.
	IterBytes    = 16384
	MaxIterDepth = 4

	// Stack frames, as the kernel's struct bpf_stack_build_id: {s32
	// status, u8 build_id[20], u64 offset or ip}. See Stacks in doc.go.
	StackFrameSize    = 32
	StackFrameBuildID = 4          // byte offset of the build id
	StackFrameAddr    = 24         // byte offset of the file offset or address
	StackFrameEmpty   = 0          // BPF_STACK_BUILD_ID_EMPTY: no frame
	StackFrameValid   = 1          // BPF_STACK_BUILD_ID_VALID: build id and file offset
	StackFrameIP      = 2          // BPF_STACK_BUILD_ID_IP: a raw address
	StackIDNone       = 0xffffffff // OpStackID's value when no stack was captured
	DefaultStackIDs   = 1024       // gs_stacks entries unless the runtime sets another size
	// StackProbes: the ids OpStackID tries for one stack, its hash and
	// then the next ones while they hold other stacks (collisions).
	StackProbes = 4

	// Unwind rows (gs_urows, see Stacks in doc.go): what the unwinder does
	// at a pc from the row's on.
	UnwindNone = 0 // no call frame information: follow the frame pointer
	UnwindRSP  = 1 // CFA = rsp + off
	UnwindRBP  = 2 // CFA = rbp + off
	UnwindEnd  = 3 // the outermost frame: the stack ends here
	// UnwindSignal: a signal frame (the restorer the handler returns to):
	// the interrupted context's registers are in the ucontext at rsp
	// (arch.SigUContextRIP...), and its pc is where it stopped, not a
	// return address.
	UnwindSignal = 4
	// UnwindPLT: a PLT stub, CFA = rsp + off, + 8 from the byte
	// (rip & 15) >= rbp_off of its 16 on (its push).
	UnwindPLT = 5
	// UnwindKindMask selects the kind of a row's kind byte; the flags
	// above it modify UnwindRSP and UnwindRBP rows.
	UnwindKindMask = 0x0f
	// UnwindDeref: CFA = *(register + off), not register + off (a CFA
	// expression: a realigned frame keeps its CFA in its frame).
	UnwindDeref = 0x40
	// UnwindRBPAtReg: the caller's rbp is at register + rbp_off, not at
	// CFA + rbp_off (an expression rule, with UnwindDeref).
	UnwindRBPAtReg = 0x80
	// UnwindFramePointers is the gs_umods flag of a module whose callers'
	// frames unwind by rbp alone.
	UnwindFramePointers = 1
	// UnwindVMAs is how many executable file mappings of a process
	// gs_uvmas holds (a power of two): where the unwinder finds a pc's
	// module when bpf_find_vma cannot look (unwind.h).
	UnwindVMAs = 32

	// ModuleNone is gs_probes' module of a probe in none of Program.Modules
	// (and of BEGIN, END, interval probes).
	ModuleNone = 0xffffffff
	// ProbeFlagBias in gs_probes' flags marks a bias probe (not one of
	// Program.Probes: the runtime adds one per module at a place every
	// process runs once it has mapped the module, before the module's own
	// code): it stores its module's load bias in gs_bias[{tgid, module}],
	// as the hit's run-time address minus the entry's link-time address,
	// and runs no code.
	ProbeFlagBias = 1
	// ProbeFlagCount in gs_probes' flags counts the probe's hits in
	// gs_hits[id] (Program.Returns): the RET probes of a ReturnCount, and
	// the runtime's hidden probe on its function's entry (entries
	// len(Probes)+len(Modules)+i), which runs no code.
	ProbeFlagCount = 2
	// ProbeFlagTask in gs_probes' flags marks a probe whose perf event
	// fires in any task (one per CPU: Perf, Watchpoint): it counts only
	// hits in the traced process (gs_target_tgid) or tree (gs_tree_on).
	ProbeFlagTask = 4
	// BiasUnknown is what OpLdBias yields for a module whose bias it does
	// not know: an address biased by it is not canonical, so a read there
	// fails too.
	BiasUnknown = 1 << 63
)

// AddrUnavailable is an address at which no read of the traced process's
// memory succeeds: it is not canonical on x86-64 (with 4- or 5-level
// paging), so the kernel's user read refuses it. gen reads it to mark a
// value that has no location at run time (debuginfo.LocNeedCaller: an
// entry value whose caller DWARF does not describe), and the output
// prints a read error there as <optimized out>, never as a value.
const AddrUnavailable = 0xdead_0000_0000_0000

// String slot flags.
const (
	StrTruncated = 1 << 0
	StrFault     = 1 << 1
)

// Insn is one decoded instruction.
type Insn struct {
	Op  Op
	A   uint8
	B   uint8
	C   uint8
	Imm int32
}

// InsnSize is the encoded size of one instruction.
const InsnSize = 8

// Encode appends the encoding of ins to b.
func (ins Insn) Encode(b []byte) []byte {
	b = append(b, byte(ins.Op), ins.A, ins.B, ins.C)
	return binary.LittleEndian.AppendUint32(b, uint32(ins.Imm))
}

// DecodeInsn decodes one instruction from the first 8 bytes of b.
func DecodeInsn(b []byte) (Insn, error) {
	if len(b) < InsnSize {
		return Insn{}, fmt.Errorf("decode instruction: short input (%d bytes)", len(b))
	}
	ins := Insn{Op: Op(b[0]), A: b[1], B: b[2], C: b[3], Imm: int32(binary.LittleEndian.Uint32(b[4:]))}
	if int(ins.Op) >= NumOps {
		return ins, fmt.Errorf("decode instruction: unknown op %d", b[0])
	}
	return ins, nil
}

// ProbeKind says how a probe attaches.
type ProbeKind uint8

// Probe kinds.
const (
	Uprobe ProbeKind = iota
	Uretprobe
	Begin
	End
	Interval
	Perf       // a perf event on every CPU: profile and software probes
	Watchpoint // a hardware breakpoint on every CPU
)

func (k ProbeKind) String() string {
	return [...]string{"uprobe", "uretprobe", "BEGIN", "END", "interval", "perf", "watchpoint"}[k]
}

// Probe is one attach point and the instructions it runs.
type Probe struct {
	ID     uint32 // index in Program.Probes; the BPF cookie
	Kind   ProbeKind
	Name   string // the full probe name, printed by the `probe` builtin
	Func   string // the function's name, printed by the `func` builtin
	Binary string // path of the module to attach to (uprobes)
	Symbol string // symbol the address was resolved from ("" for raw addresses)
	// Offset is the file offset of the attach point in Binary, as the
	// kernel's uprobe interface wants it.
	Offset uint64
	// Address is the link-time virtual address of the attach point.
	Address uint64
	// Sites, when set, are the file offsets the uprobe attaches at
	// instead of Offset: the direct calls of the function at Address,
	// which the kernel emulates where it single-steps the entry
	// (sema/callsites.go). The script reads no load bias, stack or
	// program name there, so Address still names the probe.
	Sites []uint64
	// RefCtrOffset is the file offset in Binary of a USDT probe's
	// semaphore, which the kernel raises while the uprobe is attached
	// (the uprobe's ref_ctr_offset); 0 for none.
	RefCtrOffset uint64
	PeriodNs     uint64 // Interval probes
	Start        uint32 // first instruction
	Len          uint32 // number of instructions
	// Perf probes: perf_event_attr's type, config and sample_period
	// (nanoseconds for cpu-clock and task-clock, events otherwise).
	PerfType   uint32
	PerfConfig uint64
	Period     uint64
	// Watchpoint probes: the watched bytes, [Address, Address+WatchLen)
	// at link time in Binary (none: Address is absolute), and the
	// accesses that trigger it (perf_event_attr's bp_type).
	WatchLen  uint32
	WatchType uint32
	// Cells is the first of the probe's cells in gs_cells: its OpCellAgg
	// imm counts from there (see Cells in doc.go).
	Cells uint32
	Sp    diag.Span
}

// EventKind says what a record means.
type EventKind uint8

// Event kinds.
const (
	EventPrint  EventKind = iota // print(e, ...): one line of "src = value" pairs, or a Bare value alone
	EventPrintf                  // printf(fmt, args...)
	EventExit                    // exit(): stop tracing

	// Map events carry no values: the record is the 8-byte header, and
	// Event.Map names the map. The runtime acts on them in record order,
	// between the lines other records print, reading the map from user
	// space (see Maps in doc.go).
	EventPrintMap // print(@m[, top[, div]]): print every entry of map Event.Map
	EventClearMap // clear(@m): delete every entry of map Event.Map
	EventZeroMap  // zero(@m): set every value of map Event.Map to 0, keeping the keys

	// Events done in user space, in order with the lines around them.
	EventSystem // system(fmt, args...): run the formatted command with sh -c; its output goes to the trace output
	EventCat    // cat(fmt, args...): print the contents of the file the format names
	EventTime   // time([fmt]): print the current local time formatted by Event.Text (strftime)
	EventWarnf  // warnf(fmt, args...): a warning at the call's position, on the status output
	EventErrorf // errorf(fmt, args...): an error at the call's position, on the status output
)

var eventKindNames = [...]string{"print", "printf", "exit", "printmap", "clearmap", "zeromap", "system", "cat", "time", "warnf", "errorf"}

// Formatted reports whether the event's record holds the arguments of a
// printf-style format (Event.Verbs): printf, system, cat, warnf, errorf.
func (k EventKind) Formatted() bool {
	switch k {
	case EventPrintf, EventSystem, EventCat, EventWarnf, EventErrorf:
		return true
	}
	return false
}

func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "event?"
}

// Event is the layout of one kind of record, shared by the program that
// writes it and the runtime that decodes it.
type Event struct {
	ID   uint32
	Kind EventKind
	// Verbs is the format of an EventPrintf, parsed once by sema; the
	// runtime interprets it over Fields, in order, for every record.
	Verbs  []printfmt.Verb
	Fields []Field
	Size   int // bytes, header included
	Sp     diag.Span
	// Expanded are the macro calls an errorf or warnf was expanded from,
	// innermost first.
	Expanded []diag.Span

	// Map is the ID of the map a map event acts on (EventPrintMap,
	// EventClearMap, EventZeroMap).
	Map int
	// Top, for EventPrintMap, prints only the Top entries with the largest
	// values (hist and lhist: the largest counts); 0 prints all. Div
	// divides every value before printing (bpftrace's print(@m, top, div));
	// 0 and 1 leave values as they are.
	Top int
	Div int64
	// Text is time()'s strftime format.
	Text string
}

// Field is one value in a record.
type Field struct {
	Name   string // the expression's source text
	Offset int    // byte offset in the record (header included)
	Type   *Type
	// Status is the offset of the value's {status, address} slot, or -1
	// when the value cannot fail (registers, constants).
	Status int
	// Unavailable marks a value with no location at the probe's address;
	// it occupies no bytes and prints as <optimized out>, or with
	// NotEvaluated set as <not evaluated: NotEvaluated>: DWARF gives a
	// location gs cannot evaluate (it names the operation).
	Unavailable  bool
	NotEvaluated string
	// Bare marks a print() value that prints alone, without "Name = ",
	// and a string without quotes, as bpftrace prints it (sema decides).
	Bare bool
}

// TypeKind classifies a value for decoding and printing.
type TypeKind uint8

// Type kinds.
const (
	KindInt     TypeKind = iota // signed integer of Size bytes
	KindUint                    // unsigned integer
	KindBool                    // 0 or 1, printed as true/false
	KindChar                    // a C char, printed as a character
	KindPointer                 // an address, printed as 0x... or NULL
	KindString                  // a string slot with capacity Cap
	KindComm                    // CommLen bytes, NUL-padded
	KindFunc                    // a u64 probe id: that probe's function name (Probes[id].Func)
	KindProbe                   // a u64 probe id: that probe's name (Probes[id].Name)
	KindStruct
	KindUnion
	KindArray
	KindEnum
	KindFloat
	KindStack  // u64 count then StackFrameSize-byte frames (see Stacks in doc.go)
	KindSymbol // an address printed as symbol+offset
	// KindSeq is a counted sequence: Len elements of Elem, of which the
	// first min(count, Len) hold values, then the u64 count the program
	// had at Size-8 (more than Len: the rest were not copied).
	KindSeq
	// KindVariants is a Rust enum with fields: the integer at Discr
	// selects one of Variants, which is printed with its fields.
	KindVariants
	KindTime  // u64 nanoseconds of CLOCK_MONOTONIC, printed as a local time by Type.Format (strftime)
	KindErrno // a u64 errno, printed as the C library's message for it (strerror)
	// KindTuple is bpftrace's tuple, record or args: Members, printed
	// as Style.Shape says.
	KindTuple
	KindInet // an IPv4 address in a u64's low 4 bytes, in memory order, printed dotted (ntop)
	KindBuf  // a string slot of Cap raw bytes (buf), printed hex-escaped as %r
	// KindCgroupPath and KindContainer are a u64 cgroup id (cgroup),
	// printed as its cgroup v2 path (cgroup_path) or as the id of the
	// container whose cgroup it is (container), resolved by package cgroup.
	KindCgroupPath
	KindContainer
	KindUser // a u64 user id, printed as the user's name (username)
	KindMac  // a MAC address in a u64's low 6 bytes, in memory order, printed as 05:04:03:02:01:0A (macaddr)
	// KindSignal is a signal number in a u64's low 4 bytes, printed as
	// its description (signal_name: "Interrupt" for 2).
	KindSignal
)

// Style is how a value prints where that depends on the language its
// type comes from. sema decides it, one rule per language
// (sema/style.go); the renderers read it and never ask which language a
// value came from. The zero Style is gdb's C, printed as bpftrace's where
// the script holds the value.
type Style struct {
	// Syntax is the notation of a struct, union, array or variant.
	Syntax Syntax
	// Fixed marks a value that prints in its Syntax also where the
	// script holds it (a map's key or value, a tuple's element, print's
	// argument, args); other structs, unions and arrays print there as
	// bpftrace's (SyntaxBt), and chars in them as numbers.
	Fixed bool
	// Prefix is the type name printed before a record's fields ("Entry"
	// of Entry {id: 1}); empty for none.
	Prefix string
	// Tuple marks a record whose fields print by position: Point(1, 2),
	// (7, -8), and as a JSON array.
	Tuple bool
	// CodePoint marks a KindChar that is a Unicode code point (Rust's
	// char): it prints as its character, 'é', and as a JSON string.
	// Other chars are bytes: 'c', and numbers in JSON.
	CodePoint bool
	// Float is how a KindFloat prints.
	Float FloatStyle
	// Shape is how a KindTuple prints.
	Shape TupleShape
}

// TupleShape is how a KindTuple prints (Style.Shape).
type TupleShape uint8

// Tuple shapes.
const (
	TuplePlain  TupleShape = iota // bpftrace's tuple: (1, abc), a JSON array
	TupleRecord                   // bpftrace's record: { .a = 1, .b = abc }, a JSON object
	TupleArgs                     // bpftrace's args: { .n = 0x1, .c = 120 }, a JSON array
)

// Syntax is a notation for aggregates (Style.Syntax).
type Syntax uint8

// Syntaxes.
const (
	SyntaxC    Syntax = iota // gdb's C: {id = 1, name = "x"}, {1, 2, 3}, a C++ variant's "Name = {...}"
	SyntaxRust               // gdb's Rust, without module paths: Entry {id: 1, name: "x"}, Point(1, 2), Some(5)
	SyntaxBt                 // bpftrace's: { .m = 2, .n = 3 }, [1,2,3], char arrays as their text
)

// FloatStyle is how a float prints (Style.Float).
type FloatStyle uint8

// Float styles.
const (
	FloatGdb   FloatStyle = iota // gdb's: %g with 17 significant digits for a double (0.10000000000000001, 1e+20)
	FloatDebug                   // Rust's {:?}: ".0" after an integral value, exponents from 1e16 and below 1e-4 (1.0, 1.5e-7)
)

// Type describes a value's bytes in a record. It is plain data computed at
// compile time: the runtime needs nothing else to print a value.
type Type struct {
	Kind    TypeKind
	Size    int
	Name    string // C spelling, for display ("struct item", "int")
	Elem    *Type  // KindPointer (may be nil), KindArray, KindSeq
	Len     int    // KindArray: element count; KindSeq: elements held
	Cap     int    // KindString: text capacity
	Members []Member
	Enums   []Enumerator
	// StackID marks a KindStack map key that holds the 8-byte id of a
	// stack in gs_stacks (OpStackID), not the frames; Len is then the
	// number of frames to print (ustack(N)).
	StackID bool
	// Style is how the value prints where languages differ.
	Style Style
	// Unsigned marks a KindChar of DW_ATE_unsigned_char (unsigned char,
	// uint8_t): its number is 0..255, never sign-extended.
	Unsigned bool
	// Discr is where a KindVariants value keeps its discriminant (an
	// integer of at most 8 bytes); nil when it has one variant.
	Discr *Member
	// Variants are a KindVariants value's variants.
	Variants []Variant
	// Format is a KindTime's strftime format (printfmt.Strftime).
	Format string
	// StackMode is how a KindStack prints (ustack(perf)).
	StackMode StackMode
	// Pairs marks a KindSeq of key/value pairs (structs whose first two
	// members are the key and the value), printed as gdb prints a C++
	// map: "Pairs with N elements = {[k] = v, ...}". Each element holds
	// its own status slot at its start.
	Pairs string
}

// RecordSize is how many record bytes a value of type t occupies: the
// one size rule of the output side (output decodes by it, and session
// checks records against it). A nil type occupies none.
func (t *Type) RecordSize() int {
	if t == nil {
		return 0
	}
	switch t.Kind {
	case KindFunc, KindProbe:
		return 8
	case KindString:
		if t.Size > 0 {
			return t.Size
		}
		return StrHeader + t.Cap
	case KindComm:
		if t.Size > 0 {
			return t.Size
		}
		return CommLen
	}
	return t.Size
}

// StackMode is bpftrace's stack_mode: how the frames of a ustack print.
type StackMode uint8

// Stack modes.
const (
	StackBpftrace StackMode = iota // "\tfunc+off", one frame a line
	StackPerf                      // "\taddr func+off (module)"
	StackRaw                       // "addr", no indentation
	StackBuildID                   // "buildid 0xoffset" (the module's build id, the frame's file offset), no indentation
)

// StackModes names the modes as ustack(MODE) writes them.
var StackModes = map[string]StackMode{"bpftrace": StackBpftrace, "perf": StackPerf, "raw": StackRaw, "build_id": StackBuildID}

// Variant is one variant of a KindVariants type.
type Variant struct {
	Name string
	// Value is the discriminant that selects it, masked to the
	// discriminant's size; Default marks the variant for every other
	// value (the dataful variant of a niche layout), at most one.
	Value   uint64
	Default bool
	// Members are its fields, at offsets from the start of the value;
	// tuple variants name them __0, __1, ...
	Members []Member
	// Tuple marks a variant whose fields print by position: Some(5).
	Tuple bool
}

// Member is a field of a struct or union.
type Member struct {
	Name      string
	Offset    int // bytes
	BitOffset int // bits after Offset, for bitfields
	BitSize   int // 0 unless a bitfield
	Type      *Type
	// Status, when not 0, is where a status slot for the member's own
	// reads is, from the start of the struct it is a member of, as
	// Offset is (counted members read after a printed struct's bytes:
	// sema/outofline.go).
	Status int
}

// Enumerator is one named value of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// LineEntry maps the instructions from PC on to the source that produced them.
type LineEntry struct {
	PC int
	Sp diag.Span
}

// Map describes one script map (@name) and its BPF representation; the
// runtime needs nothing else to print, clear or zero it. Program.Maps[i]
// has ID i. See Maps in doc.go for the key layout and the value formats.
type Map struct {
	ID   uint8  // byte 0 of every key of the map; the gs_mapinfo index
	Name string // without '@'; "" for @
	// Keys are the types of the key values, in order; none for a map
	// used without brackets. KindFunc and KindProbe keys are 8-byte probe
	// ids (print Program.Probes[id].Func or .Name), KindStack keys are
	// 8-byte gs_stacks ids (Type.StackID), KindString keys are string
	// slots whose address word is zero.
	Keys []*Type
	// Labels name the keys as metric labels (package metrics): Labels[i]
	// is key i's, from its expression at first use (sema/labels.go), ""
	// where the expression gives none.
	Labels []string
	// KeySize is the bytes of key values after the 8-byte header; bytes
	// 8+KeySize to MapKeySize of every key are zero.
	KeySize int
	// Value is the type of a plain map's values (a 64-bit integer in
	// gs_vals) or of an aggregation's result: uint64 for count, hist and
	// lhist (counts), int64 for the others.
	Value *Type
	Agg   Agg  // when the map holds an aggregation
	IsAgg bool // false for plain value maps (gs_vals); true for gs_aggs
	// InCells marks an aggregation kept in gs_cells, not gs_aggs: its keys
	// are none, func or probe, known before the probe runs, so every
	// probe that aggregates into it has its own cells (Program.CellRanges).
	InCells bool
	// Lhist parameters.
	Min, Max, Step int64
	// Tseries describes a tseries() map (Agg AggTseries).
	Tseries *Tseries

	// KeyOffsets[i] is the byte offset of key value i in the 128-byte key
	// (the first is 8); each value takes Keys[i].Size bytes.
	KeyOffsets []int
	Sp         diag.Span // the map's first use in the script
}

// Tseries is a tseries(value, interval, intervals[, fn]) map's shape: the
// runtime writes it to gs_mapinfo as {min Fn, max Intervals, step
// Interval}.
type Tseries struct {
	Interval  int64 // nanoseconds of one interval
	Intervals int   // the intervals kept, at most MaxTseries
	Fn        TseriesFn
	// Signed says the values are signed (min and max compare as such).
	Signed bool
}

// CellRange is where one probe aggregates into one InCells map: the map's
// first CellsOf(Map.Agg) slots of struct agg (AggSlots), at cell Cell of
// gs_cells. Its key is the probe's: probe id for a func or probe key.
type CellRange struct {
	Map   uint8
	Probe uint32
	Cell  uint32
}

// CellsOf is the number of cells an aggregation takes: the slots of struct
// agg it uses, counted from slot 0.
func CellsOf(a Agg) int {
	switch a {
	case AggCount:
		return AggCountSlot + 1
	case AggSum, AggAvg:
		return AggSumSlot + 1
	case AggMin, AggMax, AggStats:
		return AggSetSlot + 1
	}
	return AggBucketBase + MaxBuckets
}

// HoldsStrings reports whether m is a plain map of strings or of tuples
// (gs_strs: a tuple is held in a string slot's bytes).
func (m *Map) HoldsStrings() bool {
	return !m.IsAgg && m.Value != nil && (m.Value.Kind == KindString || m.Value.Kind == KindTuple || m.Value.Kind == KindBuf ||
		m.Value.Kind == KindStruct || m.Value.Kind == KindUnion || m.Value.Kind == KindArray)
}

// Program is a compiled script: bytecode plus everything needed to run it.
type Program struct {
	Version uint32
	Insns   []Insn
	Probes  []Probe
	Events  []Event
	Maps    []Map
	// Modules are the absolute paths of the files (the executable, shared
	// libraries) whose link-time addresses the program uses; OpLdBias imm
	// reads the load bias of Modules[imm] in the current process from
	// gs_bias[{tgid, imm}]; when it is absent it yields BiasUnknown and
	// sets the fault flag to StatusNoBias, so the value prints as not
	// available, never as a read at a wrong address. A module's load bias
	// is where the process mapped it minus where it was linked to load,
	// the same for all its segments: run-time address = link-time address
	// + bias. The runtime computes it from /proc/PID/maps as the start of
	// the mapping of file offset 0 minus the page-aligned p_vaddr of the
	// PT_LOAD segment with p_offset 0 (0 for a non-PIE executable), and
	// writes it for every traced process before a probe that uses it can
	// fire in that process.
	//
	// The module a uprobe is attached in (Probes[i].Binary == Modules[m],
	// the same string) needs no gs_bias entry: the kernel side takes its
	// bias at the hit, as the probe's run-time address minus
	// Probes[i].Address, so the probe reads it right in a library mapped
	// after the runtime looked and when tracing system-wide.
	Modules []string
	// CellRanges lists the cells of every InCells map, one range per probe
	// that aggregates into it.
	CellRanges []CellRange
	// StrValueSize is the size of a string map value (gs_strs, MapIn
	// InStrs): one string slot, the same capacity for every map that holds
	// strings; 0 when none does.
	StrValueSize int
	// KeepMaps is set when the maps are not printed at exit (bpftrace's
	// config print_maps_on_exit = false).
	KeepMaps bool
	// DebugInfo is set when stacks in bpftrace's mode print each frame's
	// file:line and the functions inlined at it (bpftrace's config
	// show_debug_info).
	DebugInfo bool
	// Cgroups is set when values print as cgroup paths or containers: the
	// runtime then indexes the cgroup hierarchy before it attaches and
	// while it runs (package cgroup).
	Cgroups bool
	// KernelReads is set when the script reads kernel memory (through
	// curtask): the interpreter's reads of an address in the kernel's half
	// of the address space (KernelHalf and above) then read the kernel's
	// memory, and otherwise fail as any unmapped user address does.
	KernelReads bool
	Lines       []LineEntry
	HeapSize    int // bytes of heap the program touches
	// Returns are the uretprobes that are uprobes on their functions'
	// RETs (sema/retsites.go), whose calls left by an exception, a longjmp
	// or a tail call give no event: the runtime counts them.
	Returns []ReturnCount
	File    *diag.File
}

// KernelHalf is the lowest kernel address on x86-64: the kernel's half of
// the canonical address space has bit 63 set, with 4- and 5-level paging
// alike (Documentation/arch/x86/x86_64/mm.rst); user addresses never do.
const KernelHalf uint64 = 1 << 63

// IterCap is how many keys of k bytes an iteration level holds.
func IterCap(k int) int { return IterBytes / k }

// ReturnCount is one function whose uretprobe is uprobes on its RETs. The
// runtime attaches a hidden probe at Offset in Binary (the function's
// entry; a Go function's past its stack check) and counts its hits and
// those of the Rets probes (ProbeFlagCount): the calls that did not
// return through a RET while traced are the difference.
type ReturnCount struct {
	Name    string // the uretprobe as the script names it
	Func    string
	Binary  string
	Offset  uint64 // file offset of the entry
	Address uint64 // its link-time address
	Rets    []uint32
	// Sites, when set, are the file offsets the hidden probe attaches at
	// instead of Offset: the calls of the function, when its return
	// probe sits on their return addresses (sema/goretaddrs.go).
	Sites []uint64
}
