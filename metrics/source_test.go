package metrics

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"
	"github.com/gs-tracer/gs/symbolize"
)

// compile runs the front end and gen on src, with metrics on.
func compile(t *testing.T, src string) (*ir.Program, string) {
	t.Helper()
	prog, diags := parser.ParseString("prog.gs", src)
	if diags.HasErrors() {
		t.Fatalf("parse: %v", diags.Err())
	}
	sp, diags := sema.Check(prog, sema.Config{Metrics: true, Script: rewrite.Apply(prog, rewrite.Config{IsBuiltin: sema.IsBuiltin})})
	if diags.HasErrors() {
		var b bytes.Buffer
		diags.Render(&b, false)
		return nil, b.String()
	}
	p, err := gen.Generate(sp)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return p, ""
}

// modelReader reads the maps of the interpreter's Go model, as
// session.Live reads the kernel's.
type modelReader struct{ m *model.Machine }

func (r modelReader) ReadMaps() (map[uint8][]output.MapEntry, error) {
	out := map[uint8][]output.MapEntry{}
	for k, v := range r.m.Vals {
		var e output.MapEntry
		copy(e.Key[:], k)
		e.Val = v
		out[e.Key[0]] = append(out[e.Key[0]], e)
	}
	for k, v := range r.m.Aggs {
		var e output.MapEntry
		copy(e.Key[:], k)
		t := &e.Agg
		t.Count, t.Sum = v[ir.AggCountSlot], int64(v[ir.AggSumSlot])
		t.Min, t.Max, t.Set = int64(v[ir.AggMinSlot]), int64(v[ir.AggMaxSlot]), v[ir.AggSetSlot] != 0
		copy(t.Buckets[:], v[ir.AggBucketBase:])
		out[e.Key[0]] = append(out[e.Key[0]], e)
	}
	for k, v := range r.m.Strs {
		var e output.MapEntry
		copy(e.Key[:], k)
		e.Str = v
		out[e.Key[0]] = append(out[e.Key[0]], e)
	}
	return out, nil
}
func (modelReader) Stack(uint64) ([]symbolize.Frame, bool) { return nil, false }
func (modelReader) Symbols() *output.Symbols               { return nil }
func (modelReader) Health() (Health, error) {
	return Health{Lost: []uint64{3}, Counters: [ir.NumCounters]uint64{ir.CounterMapFull: 2}, ProbesAttached: 1}, nil
}

// values are the pids the probe runs with: known values whose counts,
// sums and buckets the test computes itself.
var values = []int64{0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 1000, 70000}

func snapshot(t *testing.T, src string) *Snapshot {
	t.Helper()
	p, errs := compile(t, src)
	if p == nil {
		t.Fatalf("check:\n%s", errs)
	}
	m := model.New()
	m.Comm = "target"
	for _, v := range values {
		m.Ctx[ir.CtxPid] = uint64(v)
		if err := m.Run(p, 0); err != nil {
			t.Fatalf("run: %v", err)
		}
	}
	ms, diags := NewMaps(p, DefaultPrefix)
	if diags.HasErrors() {
		t.Fatalf("names: %v", diags.Err())
	}
	ms.Attach(modelReader{m})
	s, err := ms.Source(DefaultPrefix)()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	return s
}

func family(t *testing.T, s *Snapshot, name string) *Family {
	t.Helper()
	for i := range s.Families {
		if s.Families[i].Name == name {
			return &s.Families[i]
		}
	}
	var names []string
	for _, f := range s.Families {
		names = append(names, f.Name)
	}
	t.Fatalf("no family %s in %v", name, names)
	return nil
}

func TestCounterLabels(t *testing.T) {
	s := snapshot(t, `BEGIN { @calls[comm, pid % 3] = count(); @bytes[pid % 2] = sum(pid); @[pid & 1] = count(); }`)
	f := family(t, s, "gs_calls_total")
	if f.Kind != Counter || !slices.Equal(f.LabelNames, []string{"comm", "key2"}) {
		t.Fatalf("gs_calls_total: %v %v", f.Kind, f.LabelNames)
	}
	want := map[string]float64{}
	sums := map[string]float64{}
	for _, v := range values {
		want[[]string{"0", "1", "2"}[v%3]]++
		sums[[]string{"0", "1"}[v%2]] += float64(v)
	}
	if len(f.Points) != len(want) {
		t.Fatalf("gs_calls_total: %d points, want %d: %+v", len(f.Points), len(want), f.Points)
	}
	for _, p := range f.Points {
		if p.Labels[0] != "target" || p.Value != want[p.Labels[1]] {
			t.Errorf("gs_calls_total%v = %v, want comm target and %v", p.Labels, p.Value, want[p.Labels[1]])
		}
	}
	b := family(t, s, "gs_bytes_total")
	for _, p := range b.Points {
		if p.Value != sums[p.Labels[0]] {
			t.Errorf("gs_bytes_total%v = %v, want %v", p.Labels, p.Value, sums[p.Labels[0]])
		}
	}
	if a := family(t, s, "gs_map_total"); !slices.Equal(a.LabelNames, []string{"key"}) {
		t.Errorf("@'s labels %v", a.LabelNames)
	}
	if l := family(t, s, "gs_lost_events_total"); len(l.Points) != 1 || l.Points[0].Value != 3 || l.Points[0].Labels[0] != "begin" {
		t.Errorf("lost events: %+v", l.Points)
	}
	if l := family(t, s, "gs_map_full_total"); l.Points[0].Value != 2 {
		t.Errorf("map full: %+v", l.Points)
	}
}

func TestGauges(t *testing.T) {
	s := snapshot(t, `BEGIN { @mx = max(pid); @mn = min(pid); @av = avg(pid); @last = pid; }`)
	var sum, mx float64
	for _, v := range values {
		sum += float64(v)
		mx = max(mx, float64(v))
	}
	for name, want := range map[string]float64{"gs_mx": mx, "gs_mn": 0, "gs_av": sum / float64(len(values)), "gs_last": float64(values[len(values)-1])} {
		f := family(t, s, name)
		if f.Kind != Gauge || len(f.Points) != 1 || f.Points[0].Value != want {
			t.Errorf("%s: %v %+v, want a gauge of %v", name, f.Kind, f.Points, want)
		}
	}
}

func TestHistograms(t *testing.T) {
	s := snapshot(t, `BEGIN { @h = hist(pid - 1); @l = lhist(pid, 0, 100, 10); @st = stats(pid); }`)
	check := func(name string, shift int64, bounds []float64) {
		f := family(t, s, name)
		if f.Kind != Histogram || len(f.Points) != 1 {
			t.Fatalf("%s: %v %+v", name, f.Kind, f.Points)
		}
		p := f.Points[0]
		var sum float64
		for _, v := range values {
			sum += float64(v + shift)
		}
		if p.Count != uint64(len(values)) || p.Sum != sum {
			t.Errorf("%s: count %d sum %v, want %d and %v", name, p.Count, p.Sum, len(values), sum)
		}
		var got []float64
		for _, b := range p.Buckets {
			got = append(got, b.UpperBound)
			var n uint64
			for _, v := range values {
				if float64(v+shift) <= b.UpperBound {
					n++
				}
			}
			if b.Count != n {
				t.Errorf("%s: bucket le=%v counts %d, want %d", name, b.UpperBound, b.Count, n)
			}
		}
		if !slices.Equal(got, bounds) {
			t.Errorf("%s: bounds %v, want %v", name, got, bounds)
		}
	}
	// hist(pid-1): from -1 (the negative bucket) to 69999's, [65536, 131072).
	check("gs_h", -1, []float64{-1, 0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023, 2047, 4095, 8191, 16383, 32767, 65535, 131071})
	check("gs_l", 0, []float64{-1, 9, 19, 29, 39, 49, 59, 69, 79, 89, 99})
	st := family(t, s, "gs_st")
	if st.Kind != Summary || st.Points[0].Count != uint64(len(values)) {
		t.Errorf("stats: %v %+v", st.Kind, st.Points)
	}
}

func TestRecordKeyAndStrings(t *testing.T) {
	s := snapshot(t, `BEGIN { @r[(kind = pid % 2, n = 1)] = count(); @name[pid % 2] = comm; @le[pid % 2, pid % 3] = hist(pid); }`)
	if f := family(t, s, "gs_r_total"); !slices.Equal(f.LabelNames, []string{"kind", "n"}) || len(f.Points) != 2 {
		t.Errorf("record key: %v %+v", f.LabelNames, f.Points)
	}
	f := family(t, s, "gs_name")
	if !slices.Equal(f.LabelNames, []string{"key", "value"}) || len(f.Points) != 2 || f.Points[0].Labels[1] != "target" || f.Points[0].Value != 1 {
		t.Errorf("a map of strings: %v %+v", f.LabelNames, f.Points)
	}
	if f := family(t, s, "gs_le"); !slices.Equal(f.LabelNames, []string{"key1", "key2"}) {
		t.Errorf("hist labels: %v", f.LabelNames)
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"comm", "comm"}, {"0", "_0"}, {"__x", "_x"}, {"a-b.c", "a_b_c"}, {"", "_"}, {"é", "_"},
	} {
		if got := validName(c.in); got != c.want {
			t.Errorf("validName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for prefix, want := range map[string]bool{"gs_": true, "": true, "my_app_": true, "my-app_": false, "1x": false, "__x": false} {
		if got := ValidPrefix(prefix); got != want {
			t.Errorf("ValidPrefix(%q) = %v, want %v", prefix, got, want)
		}
	}
	p, _ := compile(t, `BEGIN { @map_full = count(); }`)
	_, diags := NewMaps(p, DefaultPrefix)
	var b bytes.Buffer
	diags.Render(&b, false)
	if !strings.Contains(b.String(), ":1:9: error: @map_full's metric gs_map_full_total is also gs's own map_full counter") {
		t.Errorf("collision: %s", b.String())
	}
}

func TestLabelError(t *testing.T) {
	_, errs := compile(t, `struct s { int a[2]; }; BEGIN { $p = (struct s *)0; @m[*$p] = count(); }`)
	want := `prog.gs:1:56: error: the key of @m cannot be a metric label: it is struct s, whose member a is an array (a label holds one value)
    struct s { int a[2]; }; BEGIN { $p = (struct s *)0; @m[*$p] = count(); }
                                                           ^~~
hint: key @m by the parts to label, one key each: @m[k.x, k.y]
`
	if strings.TrimSpace(errs) != strings.TrimSpace(want) {
		t.Errorf("got:\n%s\nwant:\n%s", errs, want)
	}
}

func TestMerge(t *testing.T) {
	count := &ir.Map{IsAgg: true, Agg: ir.AggHist}
	ps := merge(count, []Point{
		{Labels: []string{"f"}, Count: 2, Sum: 3, Buckets: []Bucket{{-1, 0}, {0, 1}, {1, 2}}},
		{Labels: []string{"f"}, Count: 3, Sum: 10, Buckets: []Bucket{{-1, 0}, {0, 0}, {1, 1}, {3, 3}}},
		{Labels: []string{"g"}, Count: 1, Sum: 1, Buckets: []Bucket{{-1, 0}, {0, 0}, {1, 1}}},
	})
	want := []Bucket{{-1, 0}, {0, 1}, {1, 3}, {3, 5}}
	if len(ps) != 2 || ps[0].Count != 5 || ps[0].Sum != 13 || !slices.Equal(ps[0].Buckets, want) {
		t.Errorf("merged hist: %+v, want count 5 sum 13 buckets %v", ps, want)
	}
	mn := merge(&ir.Map{IsAgg: true, Agg: ir.AggMin}, []Point{{Labels: []string{"a"}, Value: 4}, {Labels: []string{"a"}, Value: 2}})
	mx := merge(&ir.Map{IsAgg: true, Agg: ir.AggMax}, []Point{{Labels: []string{"a"}, Value: 4}, {Labels: []string{"a"}, Value: 2}})
	if len(mn) != 1 || mn[0].Value != 2 || len(mx) != 1 || mx[0].Value != 4 {
		t.Errorf("merged min %+v, max %+v", mn, mx)
	}
}
