package otlp

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/gs-tracer/gs/metrics"
)

func TestConfigFromEnv(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want Config
		err  string
	}{
		{env: nil, want: Config{Protocol: HTTPProtobuf, Interval: time.Minute, Timeout: 30 * time.Second,
			Endpoint: "https://localhost:4318/v1/metrics"}},
		{env: map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4317",
			"OTEL_METRIC_EXPORT_INTERVAL": "250", "OTEL_METRIC_EXPORT_TIMEOUT": "1000"},
			want: Config{Protocol: GRPC, Interval: 250 * time.Millisecond, Timeout: time.Second, Endpoint: "http://127.0.0.1:4317"}},
		// the signal's own variables win; the base endpoint gains /v1/metrics over HTTP
		{env: map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "grpc", "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL": "http/protobuf",
			"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318/"},
			want: Config{Protocol: HTTPProtobuf, Interval: time.Minute, Timeout: 30 * time.Second, Endpoint: "http://c:4318/v1/metrics"}},
		{env: map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://c:4318", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT": "http://d/m"},
			want: Config{Protocol: HTTPProtobuf, Interval: time.Minute, Timeout: 30 * time.Second, Endpoint: "http://d/m"}},
		{env: map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": "http/json"}, err: `OTEL_EXPORTER_OTLP_PROTOCOL="http/json": gs pushes with grpc or http/protobuf`},
		{env: map[string]string{"OTEL_METRIC_EXPORT_INTERVAL": "5s"}, err: `OTEL_METRIC_EXPORT_INTERVAL="5s": want a positive number of milliseconds`},
		{env: map[string]string{"OTEL_METRIC_EXPORT_TIMEOUT": "0"}, err: `OTEL_METRIC_EXPORT_TIMEOUT="0": want a positive number of milliseconds`},
	} {
		got, err := ConfigFromEnv(func(k string) string { return c.env[k] })
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%v: error %v, want %q", c.env, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%v: %+v, %v; want %+v", c.env, got, err, c.want)
		}
	}
}

// TestConvert checks the mapping of each kind, the buckets' counts and the
// start times kept across snapshots: stable while a series grows, moved to
// the previous snapshot's time when it went down or is new.
func TestConvert(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	pr := &producer{start: t0}
	counter := func(vals map[string]float64, keys ...string) metrics.Family {
		f := metrics.Family{Name: "gs_calls", Kind: metrics.Counter, LabelNames: []string{"kind"}}
		for _, k := range keys {
			f.Points = append(f.Points, metrics.Point{Labels: []string{k}, Value: vals[k]})
		}
		return f
	}
	hist := metrics.Family{Name: "gs_size", Kind: metrics.Histogram, Points: []metrics.Point{{Count: 7, Sum: 40,
		Buckets: []metrics.Bucket{{UpperBound: 0, Count: 1}, {UpperBound: 1, Count: 1}, {UpperBound: 3, Count: 4}, {UpperBound: 7, Count: 6}}}}}
	gauge := metrics.Family{Name: "gs_max", Kind: metrics.Gauge, LabelNames: []string{"comm"},
		Points: []metrics.Point{{Labels: []string{"app"}, Value: -3}}}
	summary := metrics.Family{Name: "gs_st", Kind: metrics.Summary, Points: []metrics.Point{{Count: 2, Sum: 9}}}
	empty := metrics.Family{Name: "gs_none", Kind: metrics.Counter}

	m := pr.convert(&metrics.Snapshot{Time: at(1), Families: []metrics.Family{
		counter(map[string]float64{"a": 1, "b": 2}, "a", "b"), hist, gauge, summary, empty}})
	if len(m) != 4 {
		t.Fatalf("%d metrics, want 4 (an empty family is left out): %+v", len(m), m)
	}
	sum := m[0].Data.(metricdata.Sum[float64])
	if !sum.IsMonotonic || sum.Temporality != metricdata.CumulativeTemporality || len(sum.DataPoints) != 2 {
		t.Fatalf("counter: %+v", sum)
	}
	for _, dp := range sum.DataPoints {
		if !dp.StartTime.Equal(t0) || !dp.Time.Equal(at(1)) {
			t.Errorf("counter %v: start %v time %v, want %v %v", dp.Attributes, dp.StartTime, dp.Time, t0, at(1))
		}
	}
	if v, _ := sum.DataPoints[1].Attributes.Value("kind"); v.AsString() != "b" || sum.DataPoints[1].Value != 2 {
		t.Errorf("counter point 1: %+v", sum.DataPoints[1])
	}
	h := m[1].Data.(metricdata.Histogram[float64]).DataPoints[0]
	if !reflect.DeepEqual(h.Bounds, []float64{0, 1, 3, 7}) || !reflect.DeepEqual(h.BucketCounts, []uint64{1, 0, 3, 2, 1}) ||
		h.Count != 7 || h.Sum != 40 || !h.StartTime.Equal(t0) {
		t.Errorf("histogram: %+v", h)
	}
	if g := m[2].Data.(metricdata.Gauge[float64]).DataPoints[0]; g.Value != -3 || !g.StartTime.IsZero() {
		t.Errorf("gauge: %+v", g)
	}
	if s := m[3].Data.(metricdata.Summary).DataPoints[0]; s.Count != 2 || s.Sum != 9 || len(s.QuantileValues) != 0 {
		t.Errorf("summary: %+v", s)
	}

	// a grows: same start; b went down (cleared, counted again): the
	// previous snapshot's time; c is new: the same.
	m = pr.convert(&metrics.Snapshot{Time: at(2), Families: []metrics.Family{
		counter(map[string]float64{"a": 5, "b": 1, "c": 1}, "a", "b", "c")}})
	want := []time.Time{t0, at(1), at(1)}
	for i, dp := range m[0].Data.(metricdata.Sum[float64]).DataPoints {
		if !dp.StartTime.Equal(want[i]) {
			t.Errorf("second snapshot, point %d: start %v, want %v", i, dp.StartTime, want[i])
		}
	}
	// b and c keep theirs; a, gone for one snapshot, starts again at the
	// snapshot it was missing from.
	pr.convert(&metrics.Snapshot{Time: at(3), Families: []metrics.Family{counter(map[string]float64{"b": 3, "c": 1}, "b", "c")}})
	m = pr.convert(&metrics.Snapshot{Time: at(4), Families: []metrics.Family{
		counter(map[string]float64{"a": 9, "b": 4, "c": 1}, "a", "b", "c")}})
	want = []time.Time{at(3), at(1), at(1)}
	for i, dp := range m[0].Data.(metricdata.Sum[float64]).DataPoints {
		if !dp.StartTime.Equal(want[i]) {
			t.Errorf("fourth snapshot, point %d: start %v, want %v", i, dp.StartTime, want[i])
		}
	}
}

// TestSeriesKey: label values that would join alike stay apart.
func TestSeriesKey(t *testing.T) {
	if seriesKey("f", []string{"a\x00", "b"}) == seriesKey("f", []string{"a", "\x00b"}) {
		t.Error("two series share a key")
	}
	if !strings.HasPrefix(seriesKey("gs_x", nil), "gs_x") {
		t.Error("the key does not start with the family")
	}
}

// TestUnreachable pushes with the real exporters to a loopback port no one
// listens on: every push fails, each is counted, the first is said once,
// and Shutdown says how many.
func TestUnreachable(t *testing.T) {
	for _, proto := range []string{GRPC, HTTPProtobuf} {
		t.Run(strings.ReplaceAll(proto, "/", "-"), func(t *testing.T) {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := l.Addr().String()
			l.Close()
			env := map[string]string{"OTEL_EXPORTER_OTLP_PROTOCOL": proto, "OTEL_EXPORTER_OTLP_ENDPOINT": "http://" + addr,
				"OTEL_METRIC_EXPORT_INTERVAL": "20", "OTEL_METRIC_EXPORT_TIMEOUT": "200"}
			cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			var reads atomic.Int64
			src := func() (*metrics.Snapshot, error) {
				reads.Add(1)
				return &metrics.Snapshot{Time: time.Now(), Families: []metrics.Family{
					{Name: "gs_calls", Kind: metrics.Counter, Points: []metrics.Point{{Value: 1}}}}}, nil
			}
			var status syncBuffer
			p, err := Start(context.Background(), cfg, src, Options{Status: &status, Version: "test", Prefix: "gs_"})
			if err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(time.Minute)
			for p.Failed() < 3 && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := p.Shutdown(ctx); err != nil {
				t.Errorf("Shutdown: %v", err)
			}
			failed, pushes := p.Failed(), p.Pushes()
			if failed < 3 || failed != pushes || reads.Load() < int64(pushes) {
				t.Errorf("%d of %d pushes failed, %d snapshots read; want at least 3, all failed, each read", failed, pushes, reads.Load())
			}
			if h := p.Health(); h.Name != "gs_otlp_push_failures_total" || h.Kind != metrics.Counter || h.Points[0].Value != float64(failed) {
				t.Errorf("health: %+v, want %d failures", h, failed)
			}
			out := status.String()
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[0], "gs: otlp: push to http://"+addr) ||
				!strings.Contains(lines[0], "counted in gs_otlp_push_failures_total and not said again") ||
				lines[1] != fmt.Sprintf("gs: otlp: %d of %d pushes to %s failed", failed, pushes, cfg.Endpoint) {
				t.Errorf("status, want the first failure and the summary:\n%s", out)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer the exporter's goroutine and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
