// Package otlp pushes a script's maps to an OpenTelemetry Collector over
// OTLP, with the OpenTelemetry Go SDK: a periodic reader whose only input is
// a producer reading a metrics.Source (the one snapshot of the maps that the
// Prometheus endpoint serves too) and an otlpmetricgrpc or otlpmetrichttp
// exporter. gs registers no instruments: the SDK carries the snapshot's
// points as they are.
//
// The mapping, family by family (metrics.Kind):
//
//	Counter    a monotonic cumulative Sum
//	Gauge      a Gauge
//	Histogram  a cumulative Histogram with the snapshot's bucket bounds as
//	           its explicit bounds (OTLP's buckets are upper-inclusive, as
//	           Prometheus's le), the counts per bucket, Count and Sum
//	Summary    a Summary with Count and Sum and no quantiles
//
// Labels become attributes of the same names. Cumulative points carry a
// start time that stays the same from push to push: the time the push
// started for series in the first snapshot, the previous snapshot's time
// for a series that is new or that went down since (a clear() or delete()
// of its key: OTLP's way of saying the series restarted).
//
// A push that fails (an unreachable Collector, a timeout, a snapshot that
// cannot be read) is counted and tracing goes on: the first failure is
// said once on the status writer, the count is the family that
// Pusher.Health returns (gs_otlp_push_failures_total), and Shutdown says
// how many failed.
package otlp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetricgrpc"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/sdk/instrumentation"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"go.opentelemetry.io/otel/sdk/resource"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"

	"github.com/gs-tracer/gs/metrics"
)

// ScopeName is the instrumentation scope of every metric gs pushes.
const ScopeName = "github.com/gs-tracer/gs"

// Options are what the caller adds to the Config.
type Options struct {
	Status  io.Writer // where the first failure and the summary are said
	Version string    // gs's version: the scope's and service.version
	Prefix  string    // the metrics' prefix (metrics.DefaultPrefix), for Health's name
}

// A Pusher pushes snapshots until Shutdown.
type Pusher struct {
	cfg      Config
	status   io.Writer
	failures string // Health's family name
	provider *sdkmetric.MeterProvider
	prod     *producer

	pushes, failed atomic.Uint64
	closing        atomic.Bool // Shutdown has begun
	sayOnce        sync.Once
	saidMu         sync.Mutex
	said           map[string]bool // the SDK's messages said
}

// errCounted marks an error the Pusher has counted and said, so that the
// SDK's error handler, which the periodic reader hands every failed push,
// does not say it again.
type errCounted struct{ err error }

func (e errCounted) Error() string { return e.err.Error() }
func (e errCounted) Unwrap() error { return e.err }

// Start begins pushing what src returns every cfg.Interval. It fails only
// when the exporter cannot be made (a malformed endpoint); a Collector
// that does not answer is a failed push, counted.
func Start(ctx context.Context, cfg Config, src metrics.Source, o Options) (*Pusher, error) {
	p := &Pusher{cfg: cfg, status: o.Status, failures: o.Prefix + FailuresFamily, said: map[string]bool{}}
	if p.status == nil {
		p.status = io.Discard
	}
	var exp sdkmetric.Exporter
	var err error
	switch cfg.Protocol {
	case GRPC:
		exp, err = otlpmetricgrpc.New(ctx)
	case HTTPProtobuf:
		exp, err = otlpmetrichttp.New(ctx)
	default:
		err = fmt.Errorf("unknown protocol %q", cfg.Protocol)
	}
	if err != nil {
		return nil, fmt.Errorf("create OTLP exporter: %w", err)
	}
	// Later options win: OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME
	// over gs's own service.name.
	own := []attribute.KeyValue{semconv.ServiceName("gs")}
	if o.Version != "" {
		own = append(own, semconv.ServiceVersion(o.Version))
	}
	res, err := resource.New(ctx, resource.WithAttributes(own...), resource.WithTelemetrySDK(), resource.WithFromEnv())
	if err != nil {
		return nil, fmt.Errorf("read OTEL_RESOURCE_ATTRIBUTES: %w", err)
	}
	p.prod = &producer{src: src, start: time.Now(), p: p,
		scope: instrumentation.Scope{Name: ScopeName, Version: o.Version}}
	reader := sdkmetric.NewPeriodicReader(&countingExporter{Exporter: exp, p: p},
		sdkmetric.WithInterval(cfg.Interval), sdkmetric.WithTimeout(cfg.Timeout),
		sdkmetric.WithProducer(p.prod))
	otel.SetErrorHandler(otel.ErrorHandlerFunc(p.handle))
	p.provider = sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader), sdkmetric.WithResource(res))
	return p, nil
}

// FinalWait bounds the last push, at Shutdown, when the Config's Timeout
// is longer: a gs that was told to stop should not wait half a minute for
// a Collector that does not answer (the exporters retry until their
// deadline).
const FinalWait = 5 * time.Second

// Shutdown pushes once more, the maps as they are at the end, waiting at
// most the Config's Timeout, FinalWait or as long as ctx allows, whichever
// is shortest, and stops. It says how many pushes failed, if any did.
func (p *Pusher) Shutdown(ctx context.Context) error {
	if p.closing.Swap(true) {
		return nil // shut down already
	}
	ctx, cancel := context.WithTimeout(ctx, min(p.cfg.Timeout, FinalWait))
	defer cancel()
	err := p.provider.Shutdown(ctx)
	if n := p.failed.Load(); n > 0 {
		fmt.Fprintf(p.status, "gs: otlp: %d of %d pushes to %s failed\n", n, p.pushes.Load(), p.cfg.Endpoint)
	}
	var c errCounted
	if errors.As(err, &c) {
		return nil // counted and said
	}
	return err
}

// Failed is the number of pushes that failed so far.
func (p *Pusher) Failed() uint64 { return p.failed.Load() }

// Pushes is the number of pushes tried so far.
func (p *Pusher) Pushes() uint64 { return p.pushes.Load() }

// FailuresFamily names the health counter of failed pushes after the
// metrics' prefix, as gs's other health families (gs_otlp_push_failures_total).
const FailuresFamily = "otlp_push_failures_total"

// Health is gs's own metric of the pushes, the failed ones counted from
// the start: a family to add to each snapshot's health families.
func (p *Pusher) Health() metrics.Family {
	return metrics.Family{
		Name:   p.failures,
		Help:   "OTLP pushes of the maps that failed (the Collector did not take them, or the maps could not be read)",
		Kind:   metrics.Counter,
		Points: []metrics.Point{{Value: float64(p.failed.Load())}},
	}
}

// fail counts a failed push and says the first.
func (p *Pusher) fail(err error) error {
	p.failed.Add(1)
	p.sayOnce.Do(func() {
		fmt.Fprintf(p.status, "gs: otlp: push to %s failed: %v (tracing goes on; failed pushes are counted in %s and not said again)\n",
			p.cfg.Endpoint, err, p.failures)
	})
	return errCounted{err}
}

// handle is the SDK's error handler while the Pusher runs: what it has not
// counted itself (none of the SDK's own paths today) it says, once per
// message.
func (p *Pusher) handle(err error) {
	var c errCounted
	if errors.As(err, &c) || (p.closing.Load() && errors.Is(err, context.Canceled)) {
		return
	}
	p.saidMu.Lock()
	defer p.saidMu.Unlock()
	if msg := err.Error(); !p.said[msg] {
		p.said[msg] = true
		fmt.Fprintf(p.status, "gs: otlp: %v\n", err)
	}
}

// countingExporter counts the pushes and the failed ones.
type countingExporter struct {
	sdkmetric.Exporter
	p *Pusher
}

func (e *countingExporter) Export(ctx context.Context, rm *metricdata.ResourceMetrics) error {
	if len(rm.ScopeMetrics) == 0 {
		return nil // not attached yet: nothing to push
	}
	err := e.Exporter.Export(ctx, rm)
	if err != nil && e.p.closing.Load() && errors.Is(err, context.Canceled) {
		// The periodic push that Shutdown interrupted: the final one
		// follows, with the same maps or newer.
		return errCounted{err}
	}
	e.p.pushes.Add(1)
	if err != nil {
		return e.p.fail(err)
	}
	return nil
}

// producer turns snapshots into the SDK's data, keeping the start time of
// each cumulative series of the previous snapshot.
type producer struct {
	src   metrics.Source
	start time.Time
	scope instrumentation.Scope
	p     *Pusher

	mu     sync.Mutex // Produce runs in the reader's goroutine and in Shutdown's
	prev   map[string]series
	prevAt time.Time // the previous snapshot's time (zero before the first)
}

// series is what the producer remembers of a cumulative series.
type series struct {
	start time.Time
	last  float64 // its value (a histogram's or summary's count)
}

func (pr *producer) Produce(context.Context) ([]metricdata.ScopeMetrics, error) {
	snap, err := pr.src()
	if errors.Is(err, metrics.ErrNotAttached) {
		return nil, nil // the probes are being attached: no push yet
	}
	if err != nil {
		pr.p.pushes.Add(1)
		return nil, pr.p.fail(fmt.Errorf("read the maps: %w", err))
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	sm := metricdata.ScopeMetrics{Scope: pr.scope, Metrics: pr.convert(snap)}
	return []metricdata.ScopeMetrics{sm}, nil
}

// convert maps one snapshot, updating the start times.
func (pr *producer) convert(snap *metrics.Snapshot) []metricdata.Metrics {
	now := snap.Time
	if now.IsZero() {
		now = time.Now()
	}
	next := make(map[string]series, len(pr.prev))
	// startOf is the start time of a cumulative series whose value is v.
	startOf := func(f *metrics.Family, pt *metrics.Point, v float64) time.Time {
		key := seriesKey(f.Name, pt.Labels)
		s, ok := pr.prev[key]
		switch {
		case !ok && pr.prevAt.IsZero():
			s.start = pr.start
		case !ok || v < s.last:
			s.start = pr.prevAt // it (re)started after the last snapshot
		}
		s.last = v
		next[key] = s
		return s.start
	}
	out := make([]metricdata.Metrics, 0, len(snap.Families))
	for i := range snap.Families {
		f := &snap.Families[i]
		if len(f.Points) == 0 {
			continue
		}
		m := metricdata.Metrics{Name: f.Name, Description: f.Help}
		switch f.Kind {
		case metrics.Counter:
			d := metricdata.Sum[float64]{Temporality: metricdata.CumulativeTemporality, IsMonotonic: true,
				DataPoints: make([]metricdata.DataPoint[float64], len(f.Points))}
			for j := range f.Points {
				pt := &f.Points[j]
				d.DataPoints[j] = metricdata.DataPoint[float64]{Attributes: attrs(f, pt),
					StartTime: startOf(f, pt, pt.Value), Time: now, Value: pt.Value}
			}
			m.Data = d
		case metrics.Gauge:
			d := metricdata.Gauge[float64]{DataPoints: make([]metricdata.DataPoint[float64], len(f.Points))}
			for j := range f.Points {
				pt := &f.Points[j]
				d.DataPoints[j] = metricdata.DataPoint[float64]{Attributes: attrs(f, pt), Time: now, Value: pt.Value}
			}
			m.Data = d
		case metrics.Histogram:
			d := metricdata.Histogram[float64]{Temporality: metricdata.CumulativeTemporality,
				DataPoints: make([]metricdata.HistogramDataPoint[float64], len(f.Points))}
			for j := range f.Points {
				pt := &f.Points[j]
				bounds, counts := buckets(pt)
				d.DataPoints[j] = metricdata.HistogramDataPoint[float64]{Attributes: attrs(f, pt),
					StartTime: startOf(f, pt, float64(pt.Count)), Time: now,
					Count: pt.Count, Sum: pt.Sum, Bounds: bounds, BucketCounts: counts}
			}
			m.Data = d
		case metrics.Summary:
			d := metricdata.Summary{DataPoints: make([]metricdata.SummaryDataPoint, len(f.Points))}
			for j := range f.Points {
				pt := &f.Points[j]
				d.DataPoints[j] = metricdata.SummaryDataPoint{Attributes: attrs(f, pt),
					StartTime: startOf(f, pt, float64(pt.Count)), Time: now, Count: pt.Count, Sum: pt.Sum}
			}
			m.Data = d
		default:
			continue // a kind this package does not know: nothing to say it as
		}
		out = append(out, m)
	}
	pr.prev, pr.prevAt = next, now
	return out
}

// buckets turns the snapshot's cumulative buckets (ascending, no +Inf)
// into OTLP's bounds and per-bucket counts, the last one above every
// bound.
func buckets(pt *metrics.Point) ([]float64, []uint64) {
	bounds := make([]float64, len(pt.Buckets))
	counts := make([]uint64, len(pt.Buckets)+1)
	var below uint64
	for i, b := range pt.Buckets {
		bounds[i] = b.UpperBound
		counts[i] = b.Count - below
		below = b.Count
	}
	counts[len(pt.Buckets)] = pt.Count - below
	return bounds, counts
}

// attrs are a point's labels as attributes.
func attrs(f *metrics.Family, pt *metrics.Point) attribute.Set {
	if len(pt.Labels) == 0 {
		return *attribute.EmptySet()
	}
	kv := make([]attribute.KeyValue, len(pt.Labels))
	for i, v := range pt.Labels {
		kv[i] = attribute.String(f.LabelNames[i], v)
	}
	return attribute.NewSet(kv...)
}

// seriesKey names a series unambiguously: the family and each label
// value, length-prefixed.
func seriesKey(name string, labels []string) string {
	var b strings.Builder
	b.WriteString(name)
	for _, l := range labels {
		b.WriteByte(0)
		b.WriteString(strconv.Itoa(len(l)))
		b.WriteByte(':')
		b.WriteString(l)
	}
	return b.String()
}
