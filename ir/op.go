package ir

// Op is a bytecode operation. The numbering is part of the encoding: append
// new operations at the end of the table and bump Version.
type Op uint8

// The instruction set. Each comment shows the effect; rA, rB, rC are the
// registers named by the A, B, C operand bytes, imm is the 32-bit immediate,
// heap[x] is the per-CPU scratch heap at byte offset x, user[x] is memory of
// the traced process.
const (
	OpNop        Op = iota // -
	OpMovImm               // rA = sext(imm)
	OpLdImm64              // rA = uint32(imm) | next.imm<<32   (two slots; the second is an OpNop)
	OpMov                  // rA = rB
	OpAdd                  // rA = rB + rC
	OpSub                  // rA = rB - rC
	OpMul                  // rA = rB * rC
	OpDivU                 // rA = rB / rC   unsigned; x/0 = 0
	OpDivS                 // rA = rB / rC   signed; x/0 = 0
	OpModU                 // rA = rB % rC   unsigned; x%0 = x
	OpModS                 // rA = rB % rC   signed; x%0 = x
	OpAnd                  // rA = rB & rC
	OpOr                   // rA = rB | rC
	OpXor                  // rA = rB ^ rC
	OpShl                  // rA = rB << (rC & 63)
	OpShr                  // rA = rB >> (rC & 63)   logical
	OpSar                  // rA = rB >> (rC & 63)   arithmetic
	OpAddImm               // rA = rB + sext(imm)
	OpNeg                  // rA = -rB
	OpNot                  // rA = ^rB
	OpLNot                 // rA = rB == 0
	OpEq                   // rA = rB == rC
	OpNe                   // rA = rB != rC
	OpLtS                  // rA = rB < rC    signed
	OpLeS                  // rA = rB <= rC   signed
	OpLtU                  // rA = rB < rC    unsigned
	OpLeU                  // rA = rB <= rC   unsigned
	OpSext                 // rA = sign-extend the low C bytes (1, 2, 4) of rB
	OpZext                 // rA = zero-extend the low C bytes (1, 2, 4) of rB
	OpJa                   // pc += imm
	OpJz                   // if rA == 0 { pc += imm }
	OpJnz                  // if rA != 0 { pc += imm }
	OpLdReg                // rA = saved register imm (index into the copied pt_regs)
	OpLdCtx                // rA = context value imm (a Ctx constant)
	OpLdBias               // rA = load bias of module imm in the current process (unknown: rA = BiasUnknown, fault set as StatusNoBias)
	OpLoad                 // rA = user[rB + sext(imm)], C bytes (1, 2, 4, 8) zero-extended; on fault rA = 0 and fault is set
	OpTakeFault            // rA = fault ? 1 : 0; fault is cleared
	OpLdHeap               // rA = heap[imm], C bytes (1, 2, 4, 8) zero-extended
	OpStHeap               // heap[imm] = rA, C bytes (1, 2, 4, 8)
	OpStStatus             // heap[imm] = {u64 status, u64 fault address}; fault is cleared
	OpStStr                // heap[imm] = string slot of at most rB bytes read from user[rA]; C=1: a pending fault (rA's read) makes it a read error
	OpStMem                // heap[imm+16] = rB raw bytes from user[rA] (rB <= StMemMax); heap[imm] = status as OpStStatus
	OpStComm               // heap[imm] = current task's comm, 16 bytes
	OpRecord               // heap[0:8] = {u32 imm (event id), u32 probe id}
	OpEmit                 // output heap[0:imm] as one record to the ring buffer; a full buffer counts a lost event
	OpStrEq                // rA = string slot heap[rB] equals string slot heap[rC], comparing at most imm bytes
	OpMapLookup            // rA = value of map B at key heap[imm:imm+KeySize]; rA = 0 when absent (C: the BPF map, see MapIn; InAggs: the value over all CPUs, see Iteration in doc.go)
	OpMapUpdate            // map B [key heap[imm:]] = rA; a full map counts a map error (C: the BPF map, see MapIn)
	OpMapDelete            // delete map B [key heap[imm:]]; rA = 1 when there was an entry, else 0 (C: the BPF map, see MapIn)
	OpMapAgg               // aggregate rA into map B [key heap[imm:]] with aggregation C (an Agg constant)
	OpStStack              // heap[imm] = user stack: u64 count, then up to C frames of StackFrameSize bytes (see Stacks in doc.go)
	OpExit                 // stop this probe's program; imm 1 (exit()): stop every probe, none runs again until the runtime clears gs_stopped (for END)
	OpStackID              // rA = id of the current user stack in gs_stacks; StackIDNone if it was not captured
	OpCellAgg              // aggregate rA with aggregation C into the probe's cells from imm (map B; see Cells in doc.go)
	OpCellAggReg           // OpCellAgg of saved register A (as OpLdReg A) instead of a register: one step for `hist(arg0)`
	OpStReg                // heap[imm] = saved register C (as OpLdReg C), 8 bytes: one step for a stored argN
	OpStCtx                // heap[imm] = context value C (as OpLdCtx C), 8 bytes: one step for a stored pid, tid...
	OpTLS                  // rA = start of the static TLS block of DTV module rB for the current thread, in the DTV of libc imm (TLSGlibc, TLSMusl); none: rA = 0, fault set as StatusDynamicTLS (see tls.go)
	OpMapKeys              // rA = number of keys of map B in BPF map C; the first IterCap(K) have key bytes [8, 8+K) copied to iteration level L (imm = K | L<<8; K = 0: count only)
	OpMapNext              // if level B has a next key: heap[imm:] = its K key bytes, heap[imm+K:] = its value (C*8 bytes), rA = 1; else rA = 0
	OpMapHas               // rA = 1 when map B has key heap[imm:imm+KeySize], else 0 (C: the BPF map, see MapIn)
	OpTseries              // add rA at time rC to the time series of map B [key heap[imm:]] in gs_aggs (Map.Tseries; see Time series in doc.go)
	numOps
)

// Shape says which operand bytes an op uses, for the disassembler. Nothing
// checks operands when encoding: the C interpreter masks registers and
// checks heap offsets and jumps when it runs.
type Shape uint8

// Operand shapes. Letters name the operands in use: A, B, C registers (or
// small numbers, see Info.CIsNum), I the immediate.
const (
	ShapeNone Shape = iota
	ShapeA
	ShapeI
	ShapeAI
	ShapeAB
	ShapeABI
	ShapeABC
	ShapeABCI
	ShapeACI
	ShapeAIJump // A and a jump offset
	ShapeIJump  // a jump offset
)

// Info describes one op: its mnemonic and operand shape.
type Info struct {
	Name  string
	Shape Shape
	// CIsNum is set when operand C is a number (a size, an aggregation) and
	// not a register. BIsNum likewise for B (a map id).
	CIsNum bool
	BIsNum bool
}

// Table is the one definition of every op's name and shape. The C
// interpreter's numbering is generated from it (see CHeader).
var Table = [numOps]Info{
	OpNop:        {Name: "nop", Shape: ShapeNone},
	OpMovImm:     {Name: "movi", Shape: ShapeAI},
	OpLdImm64:    {Name: "ldi64", Shape: ShapeAI},
	OpMov:        {Name: "mov", Shape: ShapeAB},
	OpAdd:        {Name: "add", Shape: ShapeABC},
	OpSub:        {Name: "sub", Shape: ShapeABC},
	OpMul:        {Name: "mul", Shape: ShapeABC},
	OpDivU:       {Name: "divu", Shape: ShapeABC},
	OpDivS:       {Name: "divs", Shape: ShapeABC},
	OpModU:       {Name: "modu", Shape: ShapeABC},
	OpModS:       {Name: "mods", Shape: ShapeABC},
	OpAnd:        {Name: "and", Shape: ShapeABC},
	OpOr:         {Name: "or", Shape: ShapeABC},
	OpXor:        {Name: "xor", Shape: ShapeABC},
	OpShl:        {Name: "shl", Shape: ShapeABC},
	OpShr:        {Name: "shr", Shape: ShapeABC},
	OpSar:        {Name: "sar", Shape: ShapeABC},
	OpAddImm:     {Name: "addi", Shape: ShapeABI},
	OpNeg:        {Name: "neg", Shape: ShapeAB},
	OpNot:        {Name: "not", Shape: ShapeAB},
	OpLNot:       {Name: "lnot", Shape: ShapeAB},
	OpEq:         {Name: "eq", Shape: ShapeABC},
	OpNe:         {Name: "ne", Shape: ShapeABC},
	OpLtS:        {Name: "lts", Shape: ShapeABC},
	OpLeS:        {Name: "les", Shape: ShapeABC},
	OpLtU:        {Name: "ltu", Shape: ShapeABC},
	OpLeU:        {Name: "leu", Shape: ShapeABC},
	OpSext:       {Name: "sext", Shape: ShapeABC, CIsNum: true},
	OpZext:       {Name: "zext", Shape: ShapeABC, CIsNum: true},
	OpJa:         {Name: "ja", Shape: ShapeIJump},
	OpJz:         {Name: "jz", Shape: ShapeAIJump},
	OpJnz:        {Name: "jnz", Shape: ShapeAIJump},
	OpLdReg:      {Name: "ldreg", Shape: ShapeAI},
	OpLdCtx:      {Name: "ldctx", Shape: ShapeAI},
	OpLdBias:     {Name: "ldbias", Shape: ShapeAI},
	OpLoad:       {Name: "load", Shape: ShapeABCI, CIsNum: true},
	OpTakeFault:  {Name: "takefault", Shape: ShapeA},
	OpLdHeap:     {Name: "ldheap", Shape: ShapeACI, CIsNum: true},
	OpStHeap:     {Name: "stheap", Shape: ShapeACI, CIsNum: true},
	OpStStatus:   {Name: "ststatus", Shape: ShapeI},
	OpStStr:      {Name: "ststr", Shape: ShapeABCI},
	OpStMem:      {Name: "stmem", Shape: ShapeABI},
	OpStComm:     {Name: "stcomm", Shape: ShapeI},
	OpRecord:     {Name: "record", Shape: ShapeI},
	OpEmit:       {Name: "emit", Shape: ShapeI},
	OpStrEq:      {Name: "streq", Shape: ShapeABCI},
	OpMapLookup:  {Name: "mapget", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpMapUpdate:  {Name: "mapset", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpMapDelete:  {Name: "mapdel", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpMapAgg:     {Name: "mapagg", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpStStack:    {Name: "ststack", Shape: ShapeACI, CIsNum: true},
	OpExit:       {Name: "exit", Shape: ShapeI},
	OpStackID:    {Name: "stackid", Shape: ShapeA},
	OpCellAgg:    {Name: "cellagg", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpCellAggReg: {Name: "cellaggreg", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpStReg:      {Name: "streg", Shape: ShapeACI, CIsNum: true},
	OpStCtx:      {Name: "stctx", Shape: ShapeACI, CIsNum: true},
	OpTLS:        {Name: "tls", Shape: ShapeABI},
	OpMapKeys:    {Name: "mapkeys", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpMapNext:    {Name: "mapnext", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpMapHas:     {Name: "maphas", Shape: ShapeABCI, BIsNum: true, CIsNum: true},
	OpTseries:    {Name: "tseries", Shape: ShapeABCI, BIsNum: true},
}

// NumOps is the number of defined ops.
const NumOps = int(numOps)

func (op Op) String() string {
	if int(op) < len(Table) && Table[op].Name != "" {
		return Table[op].Name
	}
	return "op?"
}

// Ctx names a value of the probe's context, read with OpLdCtx.
type Ctx int32

// Context values.
const (
	CtxPid     Ctx = iota // process id (tgid)
	CtxTid                // thread id
	CtxUid                // user id
	CtxGid                // group id
	CtxNsecs              // bpf_ktime_get_ns()
	CtxElapsed            // nanoseconds since gs started
	CtxCpu                // current CPU
	CtxProbe              // the probe's id (its BPF cookie)
	CtxBootNs             // bpf_ktime_get_boot_ns(): CLOCK_BOOTTIME, counting suspend
	CtxTaiNs              // bpf_ktime_get_tai_ns(): CLOCK_TAI
	CtxTP                 // the current thread's thread pointer (x86-64: its FS base, the task's thread.fsbase)
	CtxRand               // bpf_get_prandom_u32(): bpftrace's rand
	CtxCpid               // the pid of -c's command (gs_cpid, set by the runtime)
	CtxCgroup             // bpf_get_current_cgroup_id(): the id of the task's cgroup v2 (its directory's inode)
	CtxTask               // bpf_get_current_task(): the address of the current task's struct task_struct (curtask)
	CtxJiffies            // bpf_jiffies64(): the kernel's jiffies (bpftrace's jiffies)
	numCtx
)

// CtxNames maps each Ctx to its name, for disassembly and the C header.
var CtxNames = [numCtx]string{"pid", "tid", "uid", "gid", "nsecs", "elapsed", "cpu", "probe", "boot_ns", "tai_ns", "tp", "rand", "cpid", "cgroup", "task", "jiffies"}

// MapIn names the BPF map that OpMapLookup, OpMapUpdate and OpMapDelete
// act on, their operand C.
type MapIn uint8

// The BPF maps of script maps (see Maps in doc.go).
const (
	InVals MapIn = iota // gs_vals: u64 values; rA is the value
	InAggs              // gs_aggs: aggregations (OpMapDelete only)
	// InStrs is gs_strs: string values, string slots of the program's
	// StrValueSize bytes. rA holds the heap offset of the slot: the value
	// to store (OpMapUpdate) or where the value read goes (OpMapLookup; an
	// absent key reads as the empty string).
	InStrs
	numMapIn
)

// MapInNames names each MapIn for the C header.
var MapInNames = [numMapIn]string{"VALS", "AGGS", "STRS"}

// Agg names an in-kernel aggregation, operand C of OpMapAgg.
type Agg uint8

// Aggregations.
const (
	AggCount Agg = iota
	AggSum
	AggMin
	AggMax
	AggAvg
	AggStats
	AggHist
	AggLhist
	AggTseries // OpTseries, not OpMapAgg: Map.Tseries
	numAgg
)

// AggNames maps each Agg to its script name.
var AggNames = [numAgg]string{"count", "sum", "min", "max", "avg", "stats", "hist", "lhist", "tseries"}

// TseriesFn is how a tseries() combines the values of one interval
// (bpftrace's aggregation argument): the last one by default.
type TseriesFn uint8

// Time series functions.
const (
	TseriesLast TseriesFn = iota
	TseriesSum
	TseriesMin
	TseriesMax
	TseriesAvg
	numTseriesFn
)

// TseriesFnNames names each TseriesFn as tseries' argument spells it.
var TseriesFnNames = [numTseriesFn]string{"last", "sum", "min", "max", "avg"}

// Status values written by OpStStatus and OpStMem, in a status slot of
// StatusSize bytes: {u64 status, u64 fault address}. OpStMem's bytes
// follow the slot.
const (
	StatusOK         = 0 // the value was read
	StatusReadError  = 1 // a user-memory read failed; the address follows
	StatusDynamicTLS = 2 // OpTLS found no static TLS block (dynamic TLS); the module id follows
	StatusNoBias     = 3 // OpLdBias knows no load bias of the module in this process; the Program.Modules index follows
	StatusSize       = 16
)

// Counter indexes the kernel side's per-CPU diagnostic counters (the
// gs_counters map). The runtime reports every non-zero counter.
type Counter uint32

// Counters.
const (
	CounterReentry        Counter = iota // a probe fired while this CPU was already running one
	CounterStepLimit                     // a program ran more than MaxSteps instructions
	CounterBadProgram                    // wrong version, a pc or heap offset out of range
	CounterMapFull                       // a map update failed because the map was full
	CounterStackError                    // a stack could not be captured
	CounterIterCut                       // a for loop over a map saw only the first keys that fit its snapshot
	CounterStackCollision                // a stack's hash was another stored stack's id: it took the next free id
	NumCounters
)

// CounterNames describes each counter for the user.
var CounterNames = [NumCounters]string{
	"probe hits dropped because the CPU was busy with another probe",
	"probe runs stopped at the step limit",
	"probe runs stopped by an invalid program",
	"map updates dropped because the map was full",
	"stacks that could not be captured",
	"for loops over a map that walked only its first keys (a walk holds 16 KiB of keys: 2048 integer keys)",
	"stacks whose hash was another stack's id (each took the next free id; counts are not merged)",
}
