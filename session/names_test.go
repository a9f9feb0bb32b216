package session

import (
	"testing"

	"github.com/gs-tracer/gs/bpf"
)

// TestObjectNames: every name session takes from bpf2go's bindings is in
// the BPF object, in each of its variants.
func TestObjectNames(t *testing.T) {
	for _, v := range bpf.Variants {
		t.Run(v.Name, func(t *testing.T) { testObjectNames(t, v) })
	}
}

func testObjectNames(t *testing.T, v *bpf.Variant) {
	spec, err := loadSpec(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{progUprobe, progUprobeMulti, progUprobeS, progUprobeMultiS, progPerfEvent, progFork, progExit} {
		if spec.Programs[n] == nil {
			t.Errorf("no program %q", n)
		}
	}
	for _, n := range []string{mapInsns, mapProbes, mapEvents, mapLost, mapCounters, mapMapinfo, mapBias, mapVals, mapAggs, mapStrs, mapCells, mapStacks, mapTree, mapHits, mapUmods, mapUrows} {
		if spec.Maps[n] == nil {
			t.Errorf("no map %q", n)
		}
	}
	for _, n := range []string{varStartNs, varVersion, varWakeupNs, varStrSize, varNrCPUs, varTreeOn, varCpid, varKernel} {
		if spec.Variables[n] == nil {
			t.Errorf("no variable %q", n)
		}
	}
	if progUprobeS != progUprobe+"_s" || mapVals != "gs_vals" {
		t.Errorf("names %q %q", progUprobeS, mapVals)
	}
}
