package session

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/symbolize"
)

// Script maps live in two BPF hashes shared by all maps of their kind
// (ir/doc.go, "Maps"): gs_vals for plain maps, gs_aggs (per CPU) for
// aggregations. Byte 0 of a key is the map's ID, so listing one map is a
// walk over its BPF map that keeps the keys with that first byte. An
// aggregation whose keys the probe knows (ir/doc.go, "Cells") lives in
// gs_cells instead, at the ranges Program.CellRanges lists.

// mapKey is a gs_vals or gs_aggs key, zero-padded: the BPF hashes hold
// the first KeySize() bytes of it (mapSizes).
type mapKey = output.MapKey

// mapEntry is one key of a script map and its value (plain maps: Val,
// maps of strings: Str, the string slot, aggregations: Agg).
type mapEntry = output.MapEntry

// aggValue is one CPU's gs_aggs value (struct agg).
type aggValue [ir.AggSlots]uint64

// combine adds up the per-CPU values of one aggregation as the comment on
// ir.AggSlots says: counts, sums and buckets add, min and max come from
// the CPUs that have one.
func combine(vs []aggValue) output.AggTotal {
	var t output.AggTotal
	for i := range vs {
		v := &vs[i]
		t.Count += v[ir.AggCountSlot]
		t.Sum += int64(v[ir.AggSumSlot])
		for b := range t.Buckets {
			t.Buckets[b] += v[ir.AggBucketBase+b]
		}
		if v[ir.AggSetSlot] == 0 {
			continue
		}
		lo, hi := int64(v[ir.AggMinSlot]), int64(v[ir.AggMaxSlot])
		if !t.Set || lo < t.Min {
			t.Min = lo
		}
		if !t.Set || hi > t.Max {
			t.Max = hi
		}
		t.Set = true
	}
	return t
}

// combineSeries reduces the per-CPU buckets of a time series as bpftrace
// does (ir/doc.go, "Time series"): a bucket's value is that of its latest
// epoch on any CPU, the CPUs' values of that epoch combined by the
// series' function (last: the one written last, by its meta).
func combineSeries(ts *ir.Tseries, vs []aggValue) output.AggTotal {
	var t output.AggTotal
	for b := 0; b < ts.Intervals && b < ir.MaxTseries; b++ {
		i := b * ir.TseriesSlots
		var epoch1, val, meta uint64 // epoch1: the epoch plus 1, 0 for none
		for c := range vs {
			v := &vs[c]
			e := v[i+2]
			if e == 0 || e < epoch1 {
				continue
			}
			if e > epoch1 {
				epoch1, val, meta = e, v[i], v[i+1]
				continue
			}
			switch ts.Fn {
			case ir.TseriesLast:
				if v[i+1] > meta {
					val, meta = v[i], v[i+1]
				}
			case ir.TseriesSum:
				val += v[i]
			case ir.TseriesAvg:
				val += v[i]
				meta += v[i+1]
			case ir.TseriesMin, ir.TseriesMax:
				less := v[i] < val
				if ts.Signed {
					less = int64(v[i]) < int64(val)
				}
				if less == (ts.Fn == ir.TseriesMin) {
					val = v[i]
				}
			}
		}
		if epoch1 == 0 {
			continue
		}
		if ts.Fn == ir.TseriesAvg && meta > 0 {
			if ts.Signed {
				val = uint64(int64(val) / int64(meta))
			} else {
				val /= meta
			}
		}
		t.Series = append(t.Series, output.SeriesPoint{Epoch: epoch1 - 1, Value: val})
	}
	slices.SortFunc(t.Series, func(a, b output.SeriesPoint) int { return cmp.Compare(a.Epoch, b.Epoch) })
	return t
}

// taiOffset is how far CLOCK_TAI is ahead of UTC, in nanoseconds (the
// kernel's TAI offset: 0 until NTP sets it, 37 s since 2017).
func taiOffset() int64 {
	var tai, utc unix.Timespec
	if unix.ClockGettime(unix.CLOCK_TAI, &tai) != nil || unix.ClockGettime(unix.CLOCK_REALTIME, &utc) != nil {
		return 0
	}
	d := tai.Nano() - utc.Nano()
	return (d + 5e8) / 1e9 * 1e9 // whole seconds: the two reads are not at one instant
}

// scriptMaps reads, clears and zeroes script maps from user space.
type scriptMaps struct {
	prog   *ir.Program
	vals   *ebpf.Map // gs_vals
	aggs   *ebpf.Map // gs_aggs
	strs   *ebpf.Map // gs_strs
	cells  *ebpf.Map // gs_cells
	stacks *ebpf.Map // gs_stacks

	ncpu   int
	frames map[uint64][]symbolize.Frame // gs_stacks ids already read
}

func newScriptMaps(prog *ir.Program, in *interpreter) (*scriptMaps, error) {
	n, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("count CPUs: %w", err)
	}
	return &scriptMaps{prog: prog, vals: in.vals, aggs: in.aggs, strs: in.strs, cells: in.cells, stacks: in.stacks, ncpu: n, frames: map[uint64][]symbolize.Frame{}}, nil
}

// read returns the entries of the maps whose IDs want holds, by ID. It
// walks each BPF map once.
func (sm *scriptMaps) read(want []bool) (map[uint8][]mapEntry, error) {
	out := map[uint8][]mapEntry{}
	var plain, agg, cells, strs bool
	for id, w := range want {
		if w && id < len(sm.prog.Maps) {
			if sm.prog.Maps[id].HoldsStrings() {
				strs = true
			} else if sm.prog.Maps[id].InCells {
				cells = true
			} else if sm.prog.Maps[id].IsAgg {
				agg = true
			} else {
				plain = true
			}
		}
	}
	// A walk restarts when a probe deletes the key it stands on, so a key
	// can come twice: keep its last value.
	index := map[mapKey]int{}
	add := func(e mapEntry) {
		id := e.Key[0]
		if i, ok := index[e.Key]; ok {
			out[id][i] = e
			return
		}
		index[e.Key] = len(out[id])
		out[id] = append(out[id], e)
	}
	var key mapKey
	wanted := func() bool { return int(key[0]) < len(want) && want[key[0]] }
	if plain {
		var v uint64
		kb := make([]byte, sm.vals.KeySize())
		it := sm.vals.Iterate()
		for it.Next(kb, &v) {
			key = mapKey{}
			copy(key[:], kb)
			if wanted() && !sm.prog.Maps[key[0]].IsAgg {
				add(mapEntry{Key: key, Val: v})
			}
		}
		if err := it.Err(); err != nil {
			return nil, fmt.Errorf("read gs_vals: %w", err)
		}
	}
	if agg {
		var vs []aggValue
		kb := make([]byte, sm.aggs.KeySize())
		it := sm.aggs.Iterate()
		for it.Next(kb, &vs) {
			key = mapKey{}
			copy(key[:], kb)
			if !wanted() || !sm.prog.Maps[key[0]].IsAgg {
				continue
			}
			if ts := sm.prog.Maps[key[0]].Tseries; ts != nil {
				add(mapEntry{Key: key, Agg: combineSeries(ts, vs)})
			} else {
				add(mapEntry{Key: key, Agg: combine(vs)})
			}
		}
		if err := it.Err(); err != nil {
			return nil, fmt.Errorf("read gs_aggs: %w", err)
		}
	}
	if strs {
		kb := make([]byte, sm.strs.KeySize())
		it := sm.strs.Iterate()
		for v := []byte(nil); it.Next(kb, &v); v = nil {
			key = mapKey{}
			copy(key[:], kb)
			if wanted() && sm.prog.Maps[key[0]].HoldsStrings() {
				add(mapEntry{Key: key, Str: v})
			}
		}
		if err := it.Err(); err != nil {
			return nil, fmt.Errorf("read %s: %w", mapStrs, err)
		}
	}
	if cells {
		if err := sm.readCells(want, add); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// cellsValue is one CPU's gs_cells value (struct cells).
type cellsValue [ir.MaxCells + ir.AggSlots]uint64

// readCells adds the entries of the wanted maps that live in gs_cells:
// one per key, adding up the ranges of the probes that share it (a keyless
// map aggregated by several probes). A range never hit has no entry.
func (sm *scriptMaps) readCells(want []bool, add func(mapEntry)) error {
	var vs []cellsValue
	if err := sm.cells.Lookup(uint32(0), &vs); err != nil {
		return fmt.Errorf("read %s: %w", mapCells, err)
	}
	byKey := map[mapKey][]aggValue{}
	var order []mapKey
	for _, r := range sm.prog.CellRanges {
		if int(r.Map) >= len(want) || !want[r.Map] || int(r.Map) >= len(sm.prog.Maps) {
			continue
		}
		m := &sm.prog.Maps[r.Map]
		n := ir.CellsOf(m.Agg)
		if int(r.Cell)+n > ir.MaxCells {
			return fmt.Errorf("read %s: @%s's cells %d-%d are past %d", mapCells, m.Name, r.Cell, int(r.Cell)+n, ir.MaxCells)
		}
		var k mapKey
		k[0] = m.ID
		for _, off := range m.KeyOffsets { // func and probe keys: the probe id
			binary.LittleEndian.PutUint64(k[off:], uint64(r.Probe))
		}
		if _, ok := byKey[k]; !ok {
			order = append(order, k)
		}
		for cpu := range vs {
			var v aggValue
			copy(v[:n], vs[cpu][r.Cell:])
			byKey[k] = append(byKey[k], v)
		}
	}
	for _, k := range order {
		if t := combine(byKey[k]); t.Count > 0 || t.Set {
			add(mapEntry{Key: k, Agg: t})
		}
	}
	return nil
}

// entries returns the entries of map m.
func (sm *scriptMaps) entries(m *ir.Map) ([]mapEntry, error) {
	want := make([]bool, int(m.ID)+1)
	want[m.ID] = true
	all, err := sm.read(want)
	return all[m.ID], err
}

// keys lists the keys of map m in its BPF map.
func (sm *scriptMaps) keys(m *ir.Map) (*ebpf.Map, []mapKey, error) {
	if m.InCells {
		return nil, nil, fmt.Errorf("list @%s: its values are in %s, which has no keys", m.Name, mapCells)
	}
	bm := sm.vals
	if m.IsAgg {
		bm = sm.aggs
	} else if m.HoldsStrings() {
		bm = sm.strs
	}
	var keys []mapKey
	seen := map[mapKey]bool{}
	var next mapKey
	size := bm.KeySize()
	cur, nb := make([]byte, size), make([]byte, size)
	// A walk restarts at the first key when a probe deletes the key it
	// stands on: bound it, and keep each key once.
	for i := uint32(0); i < 2*bm.MaxEntries()+2; i++ {
		var err error
		if i == 0 {
			err = bm.NextKey(nil, nb)
		} else {
			err = bm.NextKey(cur, nb)
		}
		next = mapKey{}
		copy(next[:], nb)
		if errors.Is(err, ebpf.ErrKeyNotExist) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("list @%s: %w", m.Name, err)
		}
		if next[0] == m.ID && !seen[next] {
			seen[next] = true
			keys = append(keys, next)
		}
		copy(cur, nb)
	}
	return bm, keys, nil
}

// clear deletes every entry of m (clear(@m)).
func (sm *scriptMaps) clear(m *ir.Map) error {
	bm, keys, err := sm.keys(m)
	if err != nil {
		return err
	}
	for i := range keys {
		if err := bm.Delete(keys[i][:bm.KeySize()]); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
			return fmt.Errorf("clear @%s: %w", m.Name, err)
		}
	}
	return nil
}

// zero sets every value of m to 0 and keeps its keys (zero(@m)).
func (sm *scriptMaps) zero(m *ir.Map) error {
	bm, keys, err := sm.keys(m)
	if err != nil {
		return err
	}
	var val any = uint64(0)
	if m.IsAgg {
		val = make([]aggValue, sm.ncpu)
	} else if m.HoldsStrings() {
		val = make([]byte, bm.ValueSize()) // the empty string
	}
	for i := range keys {
		// UpdateExist: a key a probe deleted meanwhile stays deleted.
		if err := bm.Update(keys[i][:bm.KeySize()], val, ebpf.UpdateExist); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
			return fmt.Errorf("zero @%s: %w", m.Name, err)
		}
	}
	return nil
}

// stack returns the frames of gs_stacks[id], innermost first, and false
// when the id names no stack.
func (sm *scriptMaps) stack(id uint64) ([]symbolize.Frame, bool) {
	if id == ir.StackIDNone || sm.stacks == nil {
		return nil, false
	}
	if fr, ok := sm.frames[id]; ok {
		return fr, fr != nil
	}
	var b [ir.MaxStack * ir.StackFrameSize]byte
	if err := sm.stacks.Lookup(id, &b); err != nil {
		sm.frames[id] = nil
		return nil, false
	}
	fr := output.StackFrames(b[:], ir.MaxStack)
	sm.frames[id] = fr
	return fr, true
}
