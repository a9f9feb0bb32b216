package bpf

import (
	"encoding/binary"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// opNamed is the op of ir.Table named name.
func opNamed(t *testing.T, name string) ir.Op {
	t.Helper()
	for op := ir.Op(0); int(op) < ir.NumOps; op++ {
		if op.String() == name {
			return op
		}
	}
	t.Fatalf("no op is named %q", name)
	return 0
}

// TestVariantsCoverOps: every op is in some variant (the last, whole one
// lacks none), every op a variant lacks is one of ir's, and Pick takes the
// smallest that has a program's ops.
func TestVariantsCoverOps(t *testing.T) {
	for _, v := range Variants {
		for _, name := range v.Lacks {
			opNamed(t, name)
		}
	}
	for op := ir.Op(0); int(op) < ir.NumOps; op++ {
		has := false
		for _, v := range Variants {
			has = has || v.Has(op.String())
		}
		if !has {
			t.Errorf("op %v is in no variant", op)
		}
		if v := Pick(func(n string) bool { return n == op.String() }); !v.Has(op.String()) {
			t.Errorf("Pick chose %s for %v, which it lacks", v.Name, op)
		}
	}
	if last := Variants[len(Variants)-1]; len(last.Lacks) != 0 {
		t.Errorf("the last variant, %s, lacks %v", last.Name, last.Lacks)
	}
	uses := map[string]bool{ir.OpRecord.String(): true, ir.OpEmit.String(): true}
	if v := Pick(func(n string) bool { return uses[n] }); v != Variants[0] {
		t.Errorf("Pick(record, emit) = %s, want %s", v.Name, Variants[0].Name)
	}
}

// lackedOpUses are uses of the ops a variant may lack that the whole
// interpreter runs without a fault (r0 is 0 at entry; heap offset 64 is
// past the record's header).
var lackedOpUses = map[ir.Op]ir.Insn{
	ir.OpStStr:     {Op: ir.OpStStr, Imm: 64},
	ir.OpStMem:     {Op: ir.OpStMem, Imm: 64},
	ir.OpStrEq:     {Op: ir.OpStrEq, Imm: 8},
	ir.OpMapLookup: {Op: ir.OpMapLookup, Imm: 64},
	ir.OpMapUpdate: {Op: ir.OpMapUpdate, Imm: 64},
	ir.OpMapDelete: {Op: ir.OpMapDelete, Imm: 64},
	ir.OpMapAgg:    {Op: ir.OpMapAgg, C: uint8(ir.AggCount), Imm: 64},
	ir.OpMapHas:    {Op: ir.OpMapHas, Imm: 64},
	ir.OpMapKeys:   {Op: ir.OpMapKeys},
	ir.OpMapNext:   {Op: ir.OpMapNext, C: 1, Imm: 64},
	ir.OpStStack:   {Op: ir.OpStStack, C: 1, Imm: 64},
	ir.OpStackID:   {Op: ir.OpStackID},
	ir.OpTseries:   {Op: ir.OpTseries, B: tseriesMap, Imm: 64},
}

// tseriesMap is the map OpTseries's use aggregates into: TestVariantLacks
// makes it a time series in gs_mapinfo.
const tseriesMap = 9

// TestVariantLacks runs a use of each op a variant lacks on it and on the
// whole interpreter: the whole one runs them all, the variant refuses each
// (ir.CounterBadProgram, no record), and runs a program without them.
func TestVariantLacks(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	for _, v := range Variants {
		if len(v.Lacks) == 0 {
			continue
		}
		var probes []probeCode
		for _, name := range v.Lacks {
			op := opNamed(t, name)
			use, ok := lackedOpUses[op]
			if !ok {
				t.Fatalf("%s lacks %v: add a use of it to lackedOpUses", v.Name, op)
			}
			probes = append(probes, probeCode{"add", cat(record(0), use, emit(8))})
		}
		probes = append(probes, probeCode{"add", cat(record(0), emit(8))}) // no lacked op
		for _, run := range []*Variant{Variants[len(Variants)-1], v} {
			t.Run(v.Name+"/on "+run.Name, func(t *testing.T) {
				objs := loadVariant(t, run, nil)
				install(t, objs, probes)
				if err := objs.GsMapinfo.Put(uint32(tseriesMap), GsMapinfo{Max: 1, Step: 1, Agg: uint32(ir.AggTseries)}); err != nil {
					t.Fatal(err)
				}
				attach(t, objs, bin, probes, uprobeProg{})
				rd := newReader(t, objs)
				tg := startTarget(t, bin)
				tg.call(t, "add 1 2")
				want, bad := len(probes), 0
				if run == v {
					want, bad = 1, len(v.Lacks)
				}
				for _, r := range records(t, rd, want) {
					if id := binary.LittleEndian.Uint32(r[4:]); run == v && int(id) != len(probes)-1 {
						t.Errorf("record from probe %d (%v), which %s lacks", id, v.Lacks[id], v.Name)
					}
				}
				wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterBadProgram: uint64(bad)})
			})
		}
	}
}
