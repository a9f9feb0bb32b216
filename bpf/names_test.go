package bpf

import "testing"

// TestName: Name reads bpf2go's tags, and every name it gives is the
// object's.
func TestName(t *testing.T) {
	if got := Name(func(m *GsMapSpecs) any { return &m.GsVals }); got != "gs_vals" {
		t.Errorf("GsVals: %q, want gs_vals", got)
	}
	if got := Name(func(m *GsMapSpecs) any { return &m.GsAggs }); got != "gs_aggs" { // the first field
		t.Errorf("GsAggs: %q, want gs_aggs", got)
	}
	if got := Name(func(p *GsProgramSpecs) any { return &p.GsUprobeMultiS }); got != "gs_uprobe_multi_s" {
		t.Errorf("GsUprobeMultiS: %q", got)
	}
	if got := Name(func(v *GsVariableSpecs) any { return &v.GsStartNs }); got != "gs_start_ns" {
		t.Errorf("GsStartNs: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("Name of no field did not panic")
		}
	}()
	var other int
	Name(func(m *GsMapSpecs) any { return &other })
}
