package metrics

import (
	"fmt"
	"time"
)

// Kind is a family's metric type.
type Kind int

const (
	Counter   Kind = iota // only grows (until its map is cleared): count(), sum()
	Gauge                 // any value: min(), max(), avg(), a plain value
	Histogram             // Count, Sum and cumulative Buckets: hist(), lhist()
	Summary               // Count and Sum only (no quantiles): stats()
)

var kindNames = [...]string{Counter: "counter", Gauge: "gauge", Histogram: "histogram", Summary: "summary"}

// String returns the kind's name as Prometheus spells it.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Snapshot is every family at one moment.
type Snapshot struct {
	Time     time.Time
	Families []Family
}

// Family is one metric: a map, or one of gs's own health counters.
// Name is complete (prefix included) and valid for Prometheus; LabelNames
// are valid, distinct and in key order. Points are in a deterministic
// order (their labels', as the map's keys sort).
type Family struct {
	Name, Help string
	Kind       Kind
	LabelNames []string
	Points     []Point
}

// Point is one series of a family: one map entry.
type Point struct {
	Labels  []string // values, parallel to the family's LabelNames
	Value   float64  // Counter, Gauge
	Count   uint64   // Histogram, Summary
	Sum     float64  // Histogram, Summary
	Buckets []Bucket // Histogram: cumulative, ascending, without +Inf
}

// Bucket is one cumulative histogram bucket: Count observations were at
// most UpperBound.
type Bucket struct {
	UpperBound float64
	Count      uint64 // cumulative
}

// A Source takes one snapshot; the endpoint and the push call it (safe
// for concurrent use).
type Source func() (*Snapshot, error)

// Check reports the first way s breaks the invariants documented on its
// types: a label count that differs from the family's, buckets out of
// order or not cumulative, a bucket count above the point's count, or a
// family name used twice. Exporters and tests call it; a Source's output
// always passes.
func (s *Snapshot) Check() error {
	seen := make(map[string]bool, len(s.Families))
	for _, f := range s.Families {
		if f.Name == "" {
			return fmt.Errorf("check snapshot: a family has no name")
		}
		if seen[f.Name] {
			return fmt.Errorf("check snapshot: family %q twice", f.Name)
		}
		seen[f.Name] = true
		for i, p := range f.Points {
			if len(p.Labels) != len(f.LabelNames) {
				return fmt.Errorf("check snapshot: %s point %d has %d labels for %d names", f.Name, i, len(p.Labels), len(f.LabelNames))
			}
			if f.Kind != Histogram && len(p.Buckets) > 0 {
				return fmt.Errorf("check snapshot: %s is a %s with buckets", f.Name, f.Kind)
			}
			for j, b := range p.Buckets {
				if j > 0 && (b.UpperBound <= p.Buckets[j-1].UpperBound || b.Count < p.Buckets[j-1].Count) {
					return fmt.Errorf("check snapshot: %s point %d: bucket %d (le=%v, %d) after (le=%v, %d)", f.Name, i, j, b.UpperBound, b.Count, p.Buckets[j-1].UpperBound, p.Buckets[j-1].Count)
				}
				if b.Count > p.Count {
					return fmt.Errorf("check snapshot: %s point %d: bucket le=%v counts %d of %d", f.Name, i, b.UpperBound, b.Count, p.Count)
				}
			}
		}
	}
	return nil
}
