package runtime

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/ir"
)

// Names in the BPF object (docs/design.md, "the kernel ABI").
const (
	progUprobe      = "gs_uprobe"
	progUprobeMulti = "gs_uprobe_multi"
	progPerfEvent   = "gs_perf_event"

	mapInsns    = "gs_insns"
	mapProbes   = "gs_probes"
	mapEvents   = "gs_events"
	mapLost     = "gs_lost"
	mapCounters = "gs_counters"
	mapMapinfo  = "gs_mapinfo"
	mapBias     = "gs_bias"

	varStartNs = "gs_start_ns"
	varVersion = "gs_version"
)

// verifierLogLines is how much of the verifier's log a load error shows.
const verifierLogLines = 30

// interpreter is the loaded BPF side.
type interpreter struct {
	coll     *ebpf.Collection
	prog     *ebpf.Program // gs_uprobe_multi or gs_uprobe, whichever attaches
	multi    bool
	events   *ebpf.Map
	lost     *ebpf.Map
	counters *ebpf.Map
	bias     *ebpf.Map
}

func (in *interpreter) Close() { in.coll.Close() }

// loadInterpreter loads the BPF object with only the program that will
// attach (each program verifies the whole interpreter, which takes time)
// and fills its maps with prog.
func loadInterpreter(prog *ir.Program, bufSize int, multi bool) (*interpreter, error) {
	spec, err := loadSpec()
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
	use := progUprobe
	if multi {
		use = progUprobeMulti
	}
	for _, name := range []string{progUprobe, progUprobeMulti, progPerfEvent} {
		if _, ok := spec.Programs[name]; !ok && name == use {
			return nil, fmt.Errorf("load interpreter: the BPF object has no program %s", name)
		}
		if name != use {
			delete(spec.Programs, name)
		}
	}
	ev, ok := spec.Maps[mapEvents]
	if !ok {
		return nil, fmt.Errorf("load interpreter: the BPF object has no map %s", mapEvents)
	}
	ev.MaxEntries = uint32(bufSize)

	// gs_start_ns last, right before loading, as bpf_ktime_get_ns() counts:
	// CLOCK_MONOTONIC.
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return nil, fmt.Errorf("read the clock: %w", err)
	}
	if err := setVar(spec, varStartNs, uint64(ts.Nano())); err != nil {
		return nil, err
	}
	coll, err := ebpf.NewCollection(spec)
	if err != nil {
		if isPermission(err) {
			return nil, ErrPermission
		}
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("load interpreter: %w", &verifierError{ve})
		}
		return nil, fmt.Errorf("load interpreter: %w", err)
	}
	in := &interpreter{coll: coll, prog: coll.Programs[use], multi: multi}
	for name, m := range map[string]**ebpf.Map{mapEvents: &in.events, mapLost: &in.lost, mapCounters: &in.counters, mapBias: &in.bias} {
		if *m = coll.Maps[name]; *m == nil {
			coll.Close()
			return nil, fmt.Errorf("load interpreter: the BPF object has no map %s", name)
		}
	}
	if err := fillMaps(coll, prog); err != nil {
		coll.Close()
		return nil, translate(err)
	}
	return in, nil
}

func getVar(spec *ebpf.CollectionSpec, name string, out any) error {
	v, ok := spec.Variables[name]
	if !ok {
		return fmt.Errorf("load interpreter: the BPF object has no variable %s", name)
	}
	if err := v.Get(out); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}

func setVar(spec *ebpf.CollectionSpec, name string, val any) error {
	v, ok := spec.Variables[name]
	if !ok {
		return fmt.Errorf("load interpreter: the BPF object has no variable %s", name)
	}
	if err := v.Set(val); err != nil {
		return fmt.Errorf("set %s: %w", name, err)
	}
	return nil
}

// verifierError shows the tail of the verifier's log, where the reason is.
type verifierError struct{ ve *ebpf.VerifierError }

// Error shows the log's last lines; the cause (EACCES, "permission
// denied") would only mislead.
func (e *verifierError) Error() string {
	log := e.ve.Log
	omitted := len(log) - verifierLogLines
	if omitted > 0 {
		log = log[omitted:]
	}
	var b strings.Builder
	if len(log) == 0 {
		return "the verifier rejected it: " + e.ve.Cause.Error()
	}
	b.WriteString("the verifier rejected it:")
	if omitted > 0 {
		fmt.Fprintf(&b, "\n\t(%d lines omitted)", omitted)
	}
	for _, line := range log {
		b.WriteString("\n\t")
		b.WriteString(line)
	}
	return b.String()
}
func (e *verifierError) Unwrap() error { return e.ve }

// Value layouts of the maps runtime writes (bpf/c/interp.bpf.c).
const (
	probeValueSize   = 16 // struct gs_probe {u32 start, len, version, flags}
	mapinfoValueSize = 32 // {s64 min, max, step; u32 agg, flags}
)

// mapinfo flags.
const mapinfoIsAgg = 1 << 0

// fillMaps writes the bytecode, the probes' ranges and the maps' parameters.
func fillMaps(coll *ebpf.Collection, prog *ir.Program) error {
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

	pv := make([][probeValueSize]byte, len(prog.Probes))
	for i, p := range prog.Probes {
		if uint64(p.Start)+uint64(p.Len) > uint64(len(prog.Insns)) {
			return fmt.Errorf("probe %d (%s): instructions [%d, %d) are outside the program's %d", i, p.Name, p.Start, p.Start+p.Len, len(prog.Insns))
		}
		b := pv[i][:0]
		b = binary.LittleEndian.AppendUint32(b, p.Start)
		b = binary.LittleEndian.AppendUint32(b, p.Len)
		b = binary.LittleEndian.AppendUint32(b, ir.Version)
		binary.LittleEndian.AppendUint32(b, 0) // flags: none defined yet
	}
	if err := writeArray(probes, pv); err != nil {
		return fmt.Errorf("write %s: %w", mapProbes, err)
	}

	if len(prog.Maps) > 0 {
		mi := coll.Maps[mapMapinfo]
		if mi == nil {
			return fmt.Errorf("load interpreter: the BPF object has no map %s", mapMapinfo)
		}
		mv := make([][mapinfoValueSize]byte, len(prog.Maps))
		keys := make([]uint32, len(prog.Maps))
		for i, m := range prog.Maps {
			var flags uint32
			if m.IsAgg {
				flags |= mapinfoIsAgg
			}
			keys[i] = uint32(m.ID)
			b := mv[i][:0]
			b = binary.LittleEndian.AppendUint64(b, uint64(m.Min))
			b = binary.LittleEndian.AppendUint64(b, uint64(m.Max))
			b = binary.LittleEndian.AppendUint64(b, uint64(m.Step))
			b = binary.LittleEndian.AppendUint32(b, uint32(m.Agg))
			binary.LittleEndian.AppendUint32(b, flags)
		}
		if err := writeKeys(mi, keys, mv); err != nil {
			return fmt.Errorf("write %s: %w", mapMapinfo, err)
		}
	}
	return nil
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
