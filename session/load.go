package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/bpf"
	"github.com/gs-tracer/gs/ir"
)

// Names in the BPF object (docs/design.md, "the kernel ABI"), as bpf2go's
// bindings name them (bpf.Name): written once, in bpf/c/interp.bpf.c.
var (
	progUprobe       = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsUprobe })
	progUprobeMulti  = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsUprobeMulti })
	progUprobeS      = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsUprobeS })
	progUprobeMultiS = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsUprobeMultiS })
	progPerfEvent    = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsPerfEvent })
	progFork         = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsFork })
	progExit         = objProg(func(p *bpf.GsProgramSpecs) any { return &p.GsExit })

	mapInsns    = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsInsns })
	mapProbes   = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsProbes })
	mapEvents   = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsEvents })
	mapLost     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsLost })
	mapCounters = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsCounters })
	mapMapinfo  = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsMapinfo })
	mapBias     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsBias })
	mapVals     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsVals })
	mapAggs     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsAggs })
	mapStrs     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsStrs })
	mapCells    = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsCells })
	mapStacks   = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsStacks })
	mapTree     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsTree })
	mapHits     = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsHits })
	mapUmods    = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsUmods })
	mapUrows    = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsUrows })
	mapUvmas    = objMap(func(m *bpf.GsMapSpecs) any { return &m.GsUvmas })

	varStartNs  = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsStartNs })
	varVersion  = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsVersion })
	varWakeupNs = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsWakeupNs })
	varStrSize  = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsStrSize })
	varNrCPUs   = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsNrCpus })
	varKernel   = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsKernelReads })
	varTreeOn   = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsTreeOn })
	varCpid     = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsCpid })
	varTarget   = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsTargetTgid })
	varStopped  = objVar(func(v *bpf.GsVariableSpecs) any { return &v.GsStopped })
)

func objProg(f func(*bpf.GsProgramSpecs) any) string { return bpf.Name(f) }
func objMap(f func(*bpf.GsMapSpecs) any) string      { return bpf.Name(f) }
func objVar(f func(*bpf.GsVariableSpecs) any) string { return bpf.Name(f) }

// interpreter is the loaded BPF side.
type interpreter struct {
	coll     *ebpf.Collection
	prog     *ebpf.Program // gs_uprobe_multi or gs_uprobe, whichever attaches
	perf     *ebpf.Program // gs_perf_event, when the program has interval probes
	multi    bool
	events   *ebpf.Map
	lost     *ebpf.Map
	counters *ebpf.Map
	bias     *ebpf.Map
	tree     *ebpf.Map // gs_tree (tree.go)
	hits     *ebpf.Map // gs_hits (returns.go)
	probes   *ebpf.Map // gs_probes
	vals     *ebpf.Map
	aggs     *ebpf.Map
	strs     *ebpf.Map
	cells    *ebpf.Map
	stacks   *ebpf.Map
	umods    *ebpf.Map // gs_umods and gs_urows: the unwind tables (unwindMaps)
	urows    *ebpf.Map
	uvmas    *ebpf.Map // gs_uvmas: the traced processes' mappings (unwindWatch)
	sizes    mapSizes
	// held says the uprobes and interval probes were loaded with empty
	// ranges, to wait for the Begin probes or a -c command's exec
	// (enableProbes).
	held bool
	// sleepableErr is why the sleepable program did not load, when the
	// plain one was loaded in its place (reportSleepable).
	sleepableErr error
	variant      string // the bpf.Variants build loaded
}

func (in *interpreter) Close() { in.coll.Close() }

// DefaultMapEntries is how many keys each script map can hold unless
// Options.MapEntries says otherwise (bpftrace's default too).
const DefaultMapEntries = 4096

// Memory the default sizes of the shared script-map hashes may take
// (preallocated, locked): past it, each map gets fewer entries.
const (
	aggsBudget = 256 << 20
	valsBudget = 64 << 20
)

// mapSizes are the max_entries of the script-map BPF maps, and the key
// sizes of gs_vals and gs_aggs.
type mapSizes struct {
	vals, aggs, strs, stacks uint32
	perMap                   int // entries per script map asked for
	// valsKey and aggsKey are the bytes of the hashes' keys: the 8-byte
	// header and the longest key of a map they hold (ir/doc.go "Maps"),
	// not ir.MapKeySize: the kernel hashes and compares every key byte at
	// each hit.
	valsKey, aggsKey, strsKey uint32
	// strValue is gs_strs's value size: the program's StrValueSize.
	strValue uint32
}

// keySize is the hash key size that holds keys of keyBytes bytes after
// the header: a multiple of 8, at most ir.MapKeySize.
func keySize(keyBytes int) uint32 {
	return uint32(min(8+ir.Align8(keyBytes), ir.MapKeySize))
}

// sizeMaps sizes gs_vals and gs_aggs for perMap entries per script map of
// their kind (all maps of a kind share one BPF hash), and gs_stacks with
// headroom for stack keys: the kernel refuses even a stack it holds once
// it is full, and ids that collide in a bucket fail too. Without an
// explicit size the default is capped by memory: gs_aggs values are
// per-CPU.
func sizeMaps(prog *ir.Program, perMap int, ncpu int) mapSizes {
	explicit := perMap > 0
	if !explicit {
		perMap = DefaultMapEntries
	}
	var plain, agg, strs, plainKey, aggKey, strsKey int
	stacks := usesOp(prog, ir.OpStackID) // stack keys, and values that hold stack ids
	for _, m := range prog.Maps {
		if m.InCells { // gs_cells, sized by the compiler
		} else if m.HoldsStrings() {
			strs++
			strsKey = max(strsKey, m.KeySize)
		} else if m.IsAgg {
			agg++
			aggKey = max(aggKey, m.KeySize)
		} else {
			plain++
			plainKey = max(plainKey, m.KeySize)
		}
	}
	sz := mapSizes{vals: 1, aggs: 1, strs: 1, stacks: 1, perMap: perMap,
		valsKey: keySize(plainKey), aggsKey: keySize(aggKey), strsKey: keySize(strsKey), strValue: 8}
	if strs > 0 {
		sz.strValue = uint32(prog.StrValueSize)
		n := strs * perMap
		if limit := valsBudget / (int(sz.strsKey) + int(sz.strValue) + 64); !explicit && n > limit {
			n = max(limit, perMap)
		}
		sz.strs = uint32(min(n, 1<<30))
	}
	if plain > 0 {
		n := plain * perMap
		if limit := valsBudget / (int(sz.valsKey) + 8 + 64); !explicit && n > limit {
			n = max(limit, perMap)
		}
		sz.vals = uint32(min(n, 1<<30))
	}
	if agg > 0 {
		n := agg * perMap
		if limit := aggsBudget / (ir.AggSlots * 8 * max(ncpu, 1)); !explicit && n > limit {
			n = max(limit, 1024)
		}
		sz.aggs = uint32(min(n, 1<<30))
	}
	if stacks {
		sz.stacks = uint32(max(ir.DefaultStackIDs, min(2*perMap, 1<<20)))
	}
	return sz
}

// loadConfig says how to load the interpreter.
type loadConfig struct {
	bufSize    int  // ring buffer bytes
	multi      bool // attach through uprobe_multi (else single uprobes)
	mapEntries int  // entries per script map; 0 for DefaultMapEntries
	wakeupNs   uint64
	// hold loads the uprobes and interval probes with empty ranges until
	// enableProbes, also without Begin probes: a -c command's probes wait
	// for its exec, as the shim before it is gs.
	hold bool
	// unwind holds the unwind tables of user stacks (unwindTables).
	unwind *unwindMaps
	// live loads for a program that grows while it runs (live.go): the
	// whole interpreter, its maps sized for any script.
	live bool
}

// hasKind reports whether prog has a probe of one of kinds.
func hasKind(prog *ir.Program, kinds ...ir.ProbeKind) bool {
	for _, p := range prog.Probes {
		if slices.Contains(kinds, p.Kind) {
			return true
		}
	}
	return false
}

// loadInterpreter loads the BPF object with only the programs that will
// attach (each program verifies the whole interpreter, which takes time)
// and fills its maps with prog.
func loadInterpreter(prog *ir.Program, cfg loadConfig) (*interpreter, error) {
	variant := pickVariant(prog, cfg.live)
	spec, err := loadSpec(variant)
	if err != nil {
		return nil, fmt.Errorf("load interpreter object: %w", err)
	}
	var version uint32
	if err := getVar(spec, varVersion, &version); err != nil {
		return nil, err
	}
	if version != ir.Version {
		return nil, fmt.Errorf("load interpreter: the BPF object was built for bytecode version %d, gs emits version %d (rebuild with make generate)", version, ir.Version)
	}
	use, sleepable := progUprobe, progUprobeS
	if cfg.multi {
		use, sleepable = progUprobeMulti, progUprobeMultiS
	}
	// The sleepable programs retry a failed read with one that faults the
	// page in, so a string the target has not touched yet still reads; they
	// cost the same per hit. An older kernel may refuse them: then the
	// plain programs are used.
	var sleepErr error
	if spec.Programs[sleepable] != nil {
		in, err := (*interpreter)(nil), testSleepableErr
		if err == nil {
			in, err = loadInterpreterWith(prog, cfg, spec, sleepable)
		}
		if err == nil {
			in.variant = variant.Name
			return in, nil
		}
		sleepErr = err
		if spec, err = loadSpec(variant); err != nil {
			return nil, fmt.Errorf("load interpreter object: %w", err)
		}
	}
	in, err := loadInterpreterWith(prog, cfg, spec, use)
	if err != nil {
		return nil, err
	}
	in.sleepableErr = sleepErr
	in.variant = variant.Name
	return in, nil
}

// pickVariant returns the smallest interpreter build that runs prog; a live
// session's program grows, so it takes the whole one.
func pickVariant(prog *ir.Program, live bool) *bpf.Variant {
	used := map[string]bool{}
	for _, ins := range prog.Insns {
		used[ins.Op.String()] = true
	}
	return bpf.Pick(func(op string) bool { return used[op] || live })
}

// testSleepableErr, when set, fails the sleepable programs' load with it.
var testSleepableErr error

// usesOp reports whether prog contains op.
func usesOp(prog *ir.Program, op ir.Op) bool {
	for _, ins := range prog.Insns {
		if ins.Op == op {
			return true
		}
	}
	return false
}

// loadInterpreterWith loads spec keeping the uprobe program use.
func loadInterpreterWith(prog *ir.Program, cfg loadConfig, spec *ebpf.CollectionSpec, use string) (*interpreter, error) {
	keep := []string{use}
	intervals := hasKind(prog, perfKinds...) || cfg.live
	if intervals {
		keep = append(keep, progPerfEvent)
	}
	for _, name := range keep {
		if _, ok := spec.Programs[name]; !ok {
			return nil, fmt.Errorf("load interpreter: the BPF object has no program %s", name)
		}
	}
	for name := range spec.Programs {
		if !slices.Contains(keep, name) {
			delete(spec.Programs, name)
		}
	}
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("count CPUs: %w", err)
	}
	sizes := sizeMaps(prog, cfg.mapEntries, ncpu)
	if cfg.live {
		sizes = sizeMaps(liveShape(), cfg.mapEntries, ncpu) // live.go
	}
	// The per-CPU arrays indexed by probe id hold the program's ids only
	// (the kernel allocates every entry on every CPU at creation), and
	// gs_tree is used by -c alone: creating them at their object sizes is a
	// good part of a short run's start-up.
	ids := max(returnCountID(prog, len(prog.Returns)), 1) // one past the last gs_probes entry (returns.go)
	if cfg.live {
		ids = ir.MaxProbes
	}
	tree := uint32(1)
	if ms := spec.Maps[mapTree]; cfg.hold && ms != nil {
		tree = ms.MaxEntries
	}
	for name, n := range map[string]uint32{mapEvents: uint32(cfg.bufSize), mapVals: sizes.vals, mapAggs: sizes.aggs, mapStrs: sizes.strs, mapStacks: sizes.stacks,
		mapLost: ids, mapHits: ids, mapTree: tree} {
		ms, ok := spec.Maps[name]
		if !ok {
			return nil, fmt.Errorf("load interpreter: the BPF object has no map %s", name)
		}
		ms.MaxEntries = n
	}
	if cfg.unwind != nil {
		sizeUnwind(spec, cfg.unwind)
	}
	spec.Maps[mapVals].KeySize = sizes.valsKey
	spec.Maps[mapAggs].KeySize = sizes.aggsKey
	spec.Maps[mapStrs].KeySize = sizes.strsKey
	spec.Maps[mapStrs].ValueSize = sizes.strValue
	if err := setVar(spec, varStrSize, sizes.strValue); err != nil {
		return nil, err
	}
	if err := setVar(spec, varWakeupNs, cfg.wakeupNs); err != nil {
		return nil, err
	}
	if err := setVar(spec, varNrCPUs, uint32(ncpu)); err != nil {
		return nil, err
	}
	// A live session's scripts come later: any of them may read curtask.
	if err := setVar(spec, varKernel, b2u8(prog.KernelReads || cfg.live)); err != nil {
		return nil, err
	}

	// gs_start_ns last, right before loading, as bpf_ktime_get_ns() counts:
	// CLOCK_MONOTONIC.
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return nil, fmt.Errorf("read the clock: %w", err)
	}
	if err := setVar(spec, varStartNs, uint64(ts.Nano())); err != nil {
		return nil, err
	}
	coll, err := ebpf.NewCollectionWithOptions(spec, ebpf.CollectionOptions{Cache: kernelTypes})
	if err != nil {
		if isPermission(err) {
			return nil, ErrPermission
		}
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("load interpreter: %w", newVerifierError(ve))
		}
		return nil, fmt.Errorf("load interpreter: %w", err)
	}
	in := &interpreter{coll: coll, prog: coll.Programs[use], multi: cfg.multi, sizes: sizes}
	if intervals {
		in.perf = coll.Programs[progPerfEvent]
	}
	for name, m := range map[string]**ebpf.Map{
		mapEvents: &in.events, mapLost: &in.lost, mapCounters: &in.counters, mapBias: &in.bias, mapTree: &in.tree, mapHits: &in.hits,
		mapProbes: &in.probes, mapVals: &in.vals, mapAggs: &in.aggs, mapStrs: &in.strs, mapCells: &in.cells, mapStacks: &in.stacks,
		mapUmods: &in.umods, mapUrows: &in.urows, mapUvmas: &in.uvmas,
	} {
		if *m = coll.Maps[name]; *m == nil {
			coll.Close()
			return nil, fmt.Errorf("load interpreter: the BPF object has no map %s", name)
		}
	}
	if cfg.unwind != nil {
		if err := fillUnwind(in.umods, in.urows, cfg.unwind, 0, 0); err != nil {
			coll.Close()
			return nil, err
		}
	}
	// Begin probes run before any other (ir/doc.go "Probes"): the others
	// are attached with empty ranges until they have run.
	in.held = cfg.hold || hasKind(prog, ir.Begin)
	if err := fillMaps(coll, prog, in.held); err != nil {
		coll.Close()
		return nil, translate(err)
	}
	return in, nil
}

// getVar reads the object's variable name into out.
func getVar(spec *ebpf.CollectionSpec, name string, out any) error {
	return useVar(spec, name, "read", func(v *ebpf.VariableSpec) error { return v.Get(out) })
}

// setVar sets the object's variable name to val before loading.
func setVar(spec *ebpf.CollectionSpec, name string, val any) error {
	return useVar(spec, name, "set", func(v *ebpf.VariableSpec) error { return v.Set(val) })
}

// useVar calls use on the object's variable name; verb names what use
// does in its error.
func useVar(spec *ebpf.CollectionSpec, name, verb string, use func(*ebpf.VariableSpec) error) error {
	v, ok := spec.Variables[name]
	if !ok {
		return fmt.Errorf("load interpreter: the BPF object has no variable %s", name)
	}
	if err := use(v); err != nil {
		return fmt.Errorf("%s %s: %w", verb, name, err)
	}
	return nil
}

// verifierError is the verifier rejecting gs's own interpreter: a bug in
// gs (ErrInternal), told in one line that names the file with the log.
type verifierError struct {
	ve   *ebpf.VerifierError
	file string // the whole log; "" when it could not be written
}

func newVerifierError(ve *ebpf.VerifierError) *verifierError {
	file, _ := verifierLogFile(ve)
	return &verifierError{ve: ve, file: file}
}

// Error names the log file; the cause (EACCES, "permission denied")
// would only mislead.
func (e *verifierError) Error() string {
	msg := "the kernel's verifier rejected gs's interpreter (a bug in gs: please report it with the log)"
	if e.file == "" {
		if n := len(e.ve.Log); n > 0 {
			return msg + ": " + e.ve.Log[n-1]
		}
		return msg
	}
	return msg + "; its log is in " + e.file
}

func (e *verifierError) Unwrap() []error { return []error{e.ve, ErrInternal} }

// Value layouts of the maps runtime writes (bpf/c/interp.bpf.c).
const (
	probeValueSize   = 32 // struct gs_probe {u32 start, len, version, flags, module, cells; u64 address}
	mapinfoValueSize = 32 // {s64 min, max, step; u32 agg, flags}
)

// mapinfo flags.
const mapinfoIsAgg = 1 << 0

// held reports whether probe p waits with an empty range until the Begin
// probes have run.
func held(p *ir.Probe) bool {
	return p.Kind == ir.Uprobe || p.Kind == ir.Uretprobe || slices.Contains(perfKinds, p.Kind)
}

// perfKinds are the probes gs_perf_event runs (special.go).
var perfKinds = []ir.ProbeKind{ir.Interval, ir.Perf, ir.Watchpoint}

// probeModuleNone is gs_probe.module for a probe in no module of
// prog.Modules: its OpLdBias reads gs_bias for every module.
const probeModuleNone = ir.ModuleNone

// probeValues encodes the gs_probes entries of prog; with hold, the
// probes that wait for Begin get an empty range (they return at once).
// A uprobe's entry names its binary's prog.Modules index and its link-time
// address (but one on several sites, ir.Probe.Sites): the kernel derives that module's bias from the hit, without
// gs_bias (bpf/c/interp.bpf.c, "Load bias"), and its first cell
// (ir.Probe.Cells). writeKeys checks that the map's value size is
// probeValueSize.
func probeValues(prog *ir.Program, hold bool) ([][probeValueSize]byte, error) {
	pv := make([][probeValueSize]byte, len(prog.Probes))
	for i := range prog.Probes {
		p := &prog.Probes[i]
		if uint64(p.Start)+uint64(p.Len) > uint64(len(prog.Insns)) {
			return nil, fmt.Errorf("probe %d (%s): instructions [%d, %d) are outside the program's %d", i, p.Name, p.Start, p.Start+p.Len, len(prog.Insns))
		}
		start, n := p.Start, p.Len
		if hold && held(p) {
			start, n = 0, 0
		}
		module := uint32(probeModuleNone)
		// A probe on several sites (ir.Probe.Sites) is at none of them at
		// its link-time address: its bias comes from gs_bias.
		if (p.Kind == ir.Uprobe || p.Kind == ir.Uretprobe) && len(p.Sites) == 0 {
			if m := slices.Index(prog.Modules, p.Binary); m >= 0 {
				module = uint32(m)
			}
		}
		flags := uint32(0)
		if !(hold && held(p)) && countsReturn(prog, p.ID) {
			flags = ir.ProbeFlagCount // returns.go
		}
		if p.Kind == ir.Perf || p.Kind == ir.Watchpoint {
			flags |= ir.ProbeFlagTask
		}
		pv[i] = encodeProbe(start, n, flags, module, p.Cells, p.Address)
	}
	return pv, nil
}

// enableProbes gives the held probes their ranges, once Begin has run.
func (in *interpreter) enableProbes(prog *ir.Program) error {
	if !in.held {
		return nil
	}
	pv, err := probeValues(prog, false)
	if err != nil {
		return err
	}
	if err := writeArray(in.probes, pv); err != nil {
		return fmt.Errorf("write %s: %w", mapProbes, err)
	}
	in.held = false
	return writeReturnCounts(in, prog) // returns.go
}

// fillMaps writes the bytecode, the probes' ranges and the maps' parameters.
func fillMaps(coll *ebpf.Collection, prog *ir.Program, hold bool) error {
	if len(prog.Insns) > ir.MaxInsns {
		return fmt.Errorf("program has %d instructions, more than the %d the interpreter holds", len(prog.Insns), ir.MaxInsns)
	}
	if len(prog.Probes) > ir.MaxProbes {
		return fmt.Errorf("program has %d probes, more than the %d the interpreter holds", len(prog.Probes), ir.MaxProbes)
	}
	insns := coll.Maps[mapInsns]
	probes := coll.Maps[mapProbes]
	if insns == nil || probes == nil {
		return fmt.Errorf("load interpreter: the BPF object lacks %s or %s", mapInsns, mapProbes)
	}

	code := make([][ir.InsnSize]byte, len(prog.Insns))
	for i, ins := range prog.Insns {
		ins.Encode(code[i][:0])
	}
	if err := writeArray(insns, code); err != nil {
		return fmt.Errorf("write %s: %w", mapInsns, err)
	}

	pv, err := probeValues(prog, hold)
	if err != nil {
		return err
	}
	if err := writeArray(probes, pv); err != nil {
		return fmt.Errorf("write %s: %w", mapProbes, err)
	}

	if len(prog.Maps) > 0 {
		mi := coll.Maps[mapMapinfo]
		if mi == nil {
			return fmt.Errorf("load interpreter: the BPF object has no map %s", mapMapinfo)
		}
		keys, mv := mapinfoValues(prog.Maps)
		if err := writeKeys(mi, keys, mv); err != nil {
			return fmt.Errorf("write %s: %w", mapMapinfo, err)
		}
	}
	return nil
}

// mapinfoValues encodes the gs_mapinfo entries of maps, and their keys.
func mapinfoValues(maps []ir.Map) ([]uint32, [][mapinfoValueSize]byte) {
	mv := make([][mapinfoValueSize]byte, len(maps))
	keys := make([]uint32, len(maps))
	for i, m := range maps {
		var flags uint32
		if m.IsAgg {
			flags |= mapinfoIsAgg
		}
		keys[i] = uint32(m.ID)
		lo, hi, step := m.Min, m.Max, m.Step
		if ts := m.Tseries; ts != nil { // ir/doc.go, "Time series"
			lo, hi, step = int64(ts.Fn), int64(ts.Intervals), ts.Interval
		}
		b := mv[i][:0]
		b = binary.LittleEndian.AppendUint64(b, uint64(lo))
		b = binary.LittleEndian.AppendUint64(b, uint64(hi))
		b = binary.LittleEndian.AppendUint64(b, uint64(step))
		b = binary.LittleEndian.AppendUint32(b, uint32(m.Agg))
		binary.LittleEndian.AppendUint32(b, flags)
	}
	return keys, mv
}

// writeArray stores vals at keys 0, 1, ...
func writeArray[V any](m *ebpf.Map, vals []V) error {
	keys := make([]uint32, len(vals))
	for i := range keys {
		keys[i] = uint32(i)
	}
	return writeKeys(m, keys, vals)
}

// writeKeys stores vals at keys with one batch update when the kernel has
// batch operations for the map, else key by key. V is a byte array of the
// map's value size.
func writeKeys[V any](m *ebpf.Map, keys []uint32, vals []V) error {
	if len(keys) == 0 {
		return nil
	}
	if size := binary.Size(vals[0]); int(m.ValueSize()) != size {
		return fmt.Errorf("value size is %d bytes, gs writes %d", m.ValueSize(), size)
	}
	if _, err := m.BatchUpdate(keys, vals, nil); err == nil {
		return nil
	} else if !errors.Is(err, ebpf.ErrNotSupported) {
		return err
	}
	for i, k := range keys {
		if err := m.Update(k, vals[i], ebpf.UpdateAny); err != nil {
			return fmt.Errorf("key %d: %w", k, err)
		}
	}
	return nil
}

// b2u8 is a C boolean.
func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
