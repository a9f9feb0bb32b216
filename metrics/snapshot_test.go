package metrics

import (
	"strings"
	"testing"
)

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Counter: "counter", Gauge: "gauge", Histogram: "histogram", Summary: "summary", Kind(9): "Kind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	good := Family{Name: "gs_h", Kind: Histogram, LabelNames: []string{"comm"}, Points: []Point{
		{Labels: []string{"redis"}, Count: 5, Sum: 12, Buckets: []Bucket{{0, 1}, {1, 2}, {3, 5}}},
	}}
	if err := (&Snapshot{Families: []Family{good}}).Check(); err != nil {
		t.Fatalf("good snapshot: %v", err)
	}
	for name, c := range map[string]struct {
		f    Family
		want string
	}{
		"labels":     {Family{Name: "gs_a", LabelNames: []string{"pid"}, Points: []Point{{}}}, "0 labels for 1 names"},
		"order":      {Family{Name: "gs_a", Kind: Histogram, Points: []Point{{Count: 2, Buckets: []Bucket{{3, 1}, {1, 2}}}}}, "bucket 1"},
		"cumulative": {Family{Name: "gs_a", Kind: Histogram, Points: []Point{{Count: 2, Buckets: []Bucket{{1, 2}, {3, 1}}}}}, "bucket 1"},
		"over":       {Family{Name: "gs_a", Kind: Histogram, Points: []Point{{Count: 1, Buckets: []Bucket{{1, 2}}}}}, "counts 2 of 1"},
		"buckets":    {Family{Name: "gs_a", Kind: Counter, Points: []Point{{Buckets: []Bucket{{1, 0}}}}}, "counter with buckets"},
		"twice":      {good, "twice"},
	} {
		s := &Snapshot{Families: []Family{good, c.f}}
		err := s.Check()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Check() = %v, want an error containing %q", name, err, c.want)
		}
	}
}
