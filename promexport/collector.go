package promexport

import (
	"errors"
	"fmt"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/gs-tracer/gs/metrics"
)

// collector is a prometheus.Collector of one metrics.Source: unchecked
// (it describes nothing ahead), since a script's families are known only
// when a snapshot is taken.
type collector struct {
	src metrics.Source
}

func (c collector) Describe(chan<- *prometheus.Desc) {}

// Collect takes one snapshot. Before the probes are attached it has no
// families; an error of the snapshot fails the scrape's families with it
// (the handler reports it).
func (c collector) Collect(ch chan<- prometheus.Metric) {
	s, err := c.src()
	if errors.Is(err, metrics.ErrNotAttached) {
		return
	}
	if err != nil {
		ch <- prometheus.NewInvalidMetric(prometheus.NewDesc("gs_snapshot_error", "a snapshot of the maps failed", nil, nil), err)
		return
	}
	for i := range s.Families {
		collectFamily(ch, &s.Families[i])
	}
}

// collectFamily sends one family's points as constant metrics.
func collectFamily(ch chan<- prometheus.Metric, f *metrics.Family) {
	desc := prometheus.NewDesc(f.Name, f.Help, f.LabelNames, nil)
	for i := range f.Points {
		p := &f.Points[i]
		var m prometheus.Metric
		var err error
		switch f.Kind {
		case metrics.Counter:
			m, err = prometheus.NewConstMetric(desc, prometheus.CounterValue, p.Value, p.Labels...)
		case metrics.Gauge:
			m, err = prometheus.NewConstMetric(desc, prometheus.GaugeValue, p.Value, p.Labels...)
		case metrics.Histogram:
			buckets := make(map[float64]uint64, len(p.Buckets))
			for _, b := range p.Buckets {
				buckets[b.UpperBound] = b.Count
			}
			m, err = prometheus.NewConstHistogram(desc, p.Count, p.Sum, buckets, p.Labels...)
		case metrics.Summary:
			m, err = prometheus.NewConstSummary(desc, p.Count, p.Sum, nil, p.Labels...)
		default:
			err = fmt.Errorf("unknown kind %v", f.Kind)
		}
		if err != nil {
			m = prometheus.NewInvalidMetric(desc, fmt.Errorf("export %s: %w", f.Name, err))
		}
		ch <- m
	}
}
