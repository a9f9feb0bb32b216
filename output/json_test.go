package output

import "github.com/gs-tracer/gs/ir"

// jsonOf decodes a value of type typ from b (func and probe name
// testProbe) and writes it as JSON.
func jsonOf(typ *ir.Type, b []byte) string {
	v := NewDecoder(&ir.Program{Probes: []ir.Probe{*testProbe}}).Value(typ, b)
	var p JSON
	return string(p.Value(nil, &v))
}
