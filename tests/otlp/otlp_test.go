package otlp

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/bits"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// calls is how many times the target calls serve: half before its gate,
// half after.
const calls = 400

// script counts serve's calls by kind, makes a histogram of its sizes,
// and keeps their stats() and max().
const script = `uprobe:./served:serve { @calls[kind] = count(); @size = hist(size); @st = stats(size); @biggest = max(size) }`

// The metric and label names gs gives the script's maps (docs/metrics.md):
// the prefix and the map's name, _total for a counter; a key's label is
// named by the key's expression (here the parameter).
const (
	callsMetric   = "gs_calls_total"
	sizeMetric    = "gs_size"
	statsMetric   = "gs_st"
	biggestMetric = "gs_biggest"
	kindLabel     = "kind"
)

// call is one call of serve as the target logged it.
type call struct{ kind, size int64 }

// readLog reads the target's log of its calls.
func readLog(t *testing.T, path string) []call {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []call
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c call
		if _, err := fmt.Sscanf(sc.Text(), "%d %d", &c.kind, &c.size); err != nil {
			t.Fatalf("%s: %q: %v", path, sc.Text(), err)
		}
		out = append(out, c)
	}
	return out
}

// expected is what the Collector should have received for calls.
type expected struct {
	perKind map[string]float64
	sizes   []int64
}

func expect(calls []call) expected {
	e := expected{perKind: map[string]float64{}}
	for _, c := range calls {
		e.perKind[strconv.FormatInt(c.kind, 10)]++
		e.sizes = append(e.sizes, c.size)
	}
	return e
}

// push is one push's points of the two maps, by the Collector.
type push struct {
	perKind map[string]float64
	starts  map[string]u64 // per kind
	hist    *histogramPoint
	stats   *summaryPoint
	biggest *numberPoint
}

// pushes reads the points of every push the Collector received, checking
// the shape of each: cumulative monotonic counters, a cumulative histogram.
func pushes(t *testing.T, reqs []request) []push {
	t.Helper()
	var out []push
	for _, r := range reqs {
		p := push{perKind: map[string]float64{}, starts: map[string]u64{}}
		found := false
		for _, m := range mustMetrics(t, []request{r}, callsMetric) {
			found = true
			if m.Sum == nil || !m.Sum.IsMonotonic || m.Sum.AggregationTemporality != cumulative {
				t.Fatalf("%s is not a monotonic cumulative sum: %+v", callsMetric, m)
			}
			for _, dp := range m.Sum.DataPoints {
				k, ok := attr(dp.Attributes, kindLabel)
				if !ok {
					t.Fatalf("%s point without a %s attribute: %+v", callsMetric, kindLabel, dp)
				}
				if dp.Start == 0 || dp.Start > dp.Time {
					t.Errorf("%s{%s=%s}: start %d, time %d", callsMetric, kindLabel, k, dp.Start, dp.Time)
				}
				p.perKind[k] = dp.AsDouble + float64(dp.AsInt)
				p.starts[k] = dp.Start
			}
		}
		for _, m := range mustMetrics(t, []request{r}, sizeMetric) {
			found = true
			if m.Histogram == nil || m.Histogram.AggregationTemporality != cumulative || len(m.Histogram.DataPoints) != 1 {
				t.Fatalf("%s is not one cumulative histogram point: %+v", sizeMetric, m)
			}
			p.hist = &m.Histogram.DataPoints[0]
		}
		for _, m := range mustMetrics(t, []request{r}, statsMetric) {
			if m.Summary == nil || len(m.Summary.DataPoints) != 1 {
				t.Fatalf("%s is not one summary point: %+v", statsMetric, m)
			}
			p.stats = &m.Summary.DataPoints[0]
		}
		for _, m := range mustMetrics(t, []request{r}, biggestMetric) {
			if m.Gauge == nil || len(m.Gauge.DataPoints) != 1 {
				t.Fatalf("%s is not one gauge point: %+v", biggestMetric, m)
			}
			p.biggest = &m.Gauge.DataPoints[0]
		}
		if found {
			out = append(out, p)
		}
	}
	return out
}

// mustMetrics is metricsNamed without the resources.
func mustMetrics(t *testing.T, reqs []request, name string) []metric {
	ms, _ := metricsNamed(reqs, name)
	return ms
}

// compare fails unless p holds what e says: the counts by kind, and a
// histogram with bpftrace's log2 bounds (0, then 2^k-1) whose cumulative
// counts are the sizes at most each bound, with their count and sum
// (docs/metrics.md: the negative bucket's bound is -1).
func compare(t *testing.T, what string, p push, e expected) {
	t.Helper()
	if !reflect.DeepEqual(p.perKind, e.perKind) {
		t.Errorf("%s: %s by %s = %v, the target counted %v", what, callsMetric, kindLabel, p.perKind, e.perKind)
	}
	h := p.hist
	if h == nil {
		t.Errorf("%s: no %s", what, sizeMetric)
		return
	}
	if len(h.BucketCounts) != len(h.Bounds)+1 {
		t.Fatalf("%s: %d bucket counts for %d bounds", what, len(h.BucketCounts), len(h.Bounds))
	}
	var sum, biggest int64
	for _, s := range e.sizes {
		sum += s
		biggest = max(biggest, s)
	}
	if p.stats == nil || uint64(p.stats.Count) != uint64(len(e.sizes)) || p.stats.Sum != float64(sum) || len(p.stats.Quantiles) != 0 {
		t.Errorf("%s: %s = %+v, the target made %d calls summing %d (a summary without quantiles)", what, statsMetric, p.stats, len(e.sizes), sum)
	}
	if p.biggest == nil || p.biggest.AsDouble+float64(p.biggest.AsInt) != float64(biggest) {
		t.Errorf("%s: %s = %+v, the target's largest size was %d", what, biggestMetric, p.biggest, biggest)
	}
	if uint64(h.Count) != uint64(len(e.sizes)) || h.Sum != float64(sum) {
		t.Errorf("%s: %s count %d sum %v, the target made %d calls summing %d", what, sizeMetric, h.Count, h.Sum, len(e.sizes), sum)
	}
	var cum uint64
	for i, b := range h.Bounds {
		if b != -1 && b != 0 && (b != float64(int64(b)) || bits.OnesCount64(uint64(b)+1) != 1) {
			t.Errorf("%s: bound %v is not -1, 0 or 2^k-1", what, b)
		}
		if i > 0 && b <= h.Bounds[i-1] {
			t.Errorf("%s: bounds not ascending: %v", what, h.Bounds)
		}
		cum += uint64(h.BucketCounts[i])
		var want uint64
		for _, s := range e.sizes {
			if float64(s) <= b {
				want++
			}
		}
		if cum != want {
			t.Errorf("%s: %s le=%v counts %d, the target made %d calls of at most that size", what, sizeMetric, b, cum, want)
		}
	}
	if cum+uint64(h.BucketCounts[len(h.Bounds)]) != uint64(h.Count) {
		t.Errorf("%s: bucket counts add up to %d, not the count %d", what, cum+uint64(h.BucketCounts[len(h.Bounds)]), h.Count)
	}
}

// TestPush runs gs with --otlp against a real Collector, over gRPC and
// over HTTP, while the target makes its calls in two halves: a push
// between them holds the first half's counts, the last push all of them,
// and each series keeps its start time.
func TestPush(t *testing.T) {
	for _, c := range []struct {
		protocol string
		v        testtarget.Variant
	}{
		{"grpc", testtarget.Variant{CC: testtarget.GCC, Opt: "-O0", PIE: false}},
		{"http/protobuf", testtarget.Variant{CC: testtarget.Clang, Opt: "-O2", PIE: true}},
	} {
		t.Run(strings.ReplaceAll(c.protocol, "/", "-")+"/"+c.v.String(), func(t *testing.T) {
			col := startCollector(t)
			dir := t.TempDir()
			testtarget.Build(t, c.v.CC, c.v.Args(filepath.Join(dir, "served"), []string{filepath.Join("testdata", "served.c")})...)
			logPath, gate := filepath.Join(dir, "calls.log"), filepath.Join(dir, "gate")
			endpoint := "http://" + col.GRPC
			if c.protocol != "grpc" {
				endpoint = "http://" + col.HTTP
			}
			env := []string{"OTEL_EXPORTER_OTLP_PROTOCOL=" + c.protocol, "OTEL_EXPORTER_OTLP_ENDPOINT=" + endpoint,
				"OTEL_METRIC_EXPORT_INTERVAL=100", "OTEL_RESOURCE_ATTRIBUTES=gs.test=" + t.Name()}
			gs := startGS(t, dir, env, "--otlp", "-c", fmt.Sprintf("./served %d %s %s", calls, logPath, gate), "-e", script)

			// The target waits at its gate: wait for a push of the first half.
			first := expect(nil)
			deadline := time.Now().Add(timeout)
			for {
				if time.Now().After(deadline) {
					t.Fatalf("no push with %d calls in %v; gs:\n%s\nthe Collector:\n%s", calls/2, timeout, gs.stderr(), col.log)
				}
				// The log is flushed just after the last call before the
				// gate, so it may lag a push that saw that call.
				if ps := pushes(t, col.requests(t)); len(ps) > 0 && total(ps[len(ps)-1].perKind) == calls/2 {
					if log := readLog(t, logPath); len(log) == calls/2 {
						first = expect(log)
						compare(t, "the push between the halves", ps[len(ps)-1], first)
						break
					}
				}
				gs.checkRunning(t)
				time.Sleep(50 * time.Millisecond)
			}
			if len(first.sizes) != calls/2 {
				t.Fatalf("the target logged %d calls before its gate, want %d", len(first.sizes), calls/2)
			}
			if err := os.WriteFile(gate, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			gs.wait(t)
			col.stop(t) // flushes the file
			reqs := col.requests(t)
			ps := pushes(t, reqs)
			all := readLog(t, logPath)
			if len(all) != calls {
				t.Fatalf("the target logged %d calls, want %d", len(all), calls)
			}
			compare(t, "the last push", ps[len(ps)-1], expect(all))

			// Cumulative: a series never goes down and keeps its start.
			starts, last := map[string]u64{}, map[string]float64{}
			for i, p := range ps {
				for k, v := range p.perKind {
					if s, ok := starts[k]; ok && s != p.starts[k] {
						t.Errorf("push %d: %s{%s=%s} starts at %d, before at %d", i, callsMetric, kindLabel, k, p.starts[k], s)
					}
					if v < last[k] {
						t.Errorf("push %d: %s{%s=%s} went down from %v to %v", i, callsMetric, kindLabel, k, last[k], v)
					}
					starts[k], last[k] = p.starts[k], v
				}
			}
			// The resource: gs's service.name, OTEL_RESOURCE_ATTRIBUTES.
			_, res := metricsNamed(reqs, callsMetric)
			if name, _ := attr(res[0], "service.name"); name != "gs" {
				t.Errorf("service.name %q, want gs", name)
			}
			if v, _ := attr(res[0], "gs.test"); v != t.Name() {
				t.Errorf("resource gs.test=%q, want %q from OTEL_RESOURCE_ATTRIBUTES", v, t.Name())
			}
			if strings.Contains(gs.stderr(), "otlp:") {
				t.Errorf("gs reported a failed push:\n%s", gs.stderr())
			}
		})
	}
}

func total(m map[string]float64) float64 {
	var n float64
	for _, v := range m {
		n += v
	}
	return n
}

// gsRun is gs running in the background.
type gsRun struct {
	cmd            *exec.Cmd
	stdout, errBuf *syncBuffer
	done           chan struct{}
	err            error
}

// startGS starts gs with args in dir, env added to the environment. It is
// killed when the test ends, if it has not exited.
func startGS(t *testing.T, dir string, env []string, args ...string) *gsRun {
	t.Helper()
	g := &gsRun{cmd: exec.Command(gsBin, args...), stdout: &syncBuffer{}, errBuf: &syncBuffer{}, done: make(chan struct{})}
	g.cmd.Dir = dir
	g.cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS="), env...)
	g.cmd.Stdout, g.cmd.Stderr = g.stdout, g.errBuf
	if err := g.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { g.err = g.cmd.Wait(); close(g.done) }()
	t.Cleanup(func() {
		select {
		case <-g.done:
		default:
			g.cmd.Process.Kill()
			<-g.done
		}
	})
	return g
}

func (g *gsRun) stderr() string { return g.errBuf.String() }

// checkRunning fails the test if gs has exited.
func (g *gsRun) checkRunning(t *testing.T) {
	t.Helper()
	select {
	case <-g.done:
		t.Fatalf("gs exited early: %v\nstdout:\n%s\nstderr:\n%s", g.err, g.stdout.String(), g.stderr())
	default:
	}
}

// wait waits for gs to exit, and fails the test unless it exited 0.
func (g *gsRun) wait(t *testing.T) {
	t.Helper()
	select {
	case <-g.done:
	case <-time.After(timeout):
		t.Fatalf("gs did not exit in %v:\n%s", timeout, g.stderr())
	}
	if g.err != nil {
		t.Fatalf("gs: %v\nstdout:\n%s\nstderr:\n%s", g.err, g.stdout.String(), g.stderr())
	}
}

// syncBuffer is a bytes.Buffer that gs's pipes and the test share.
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

// TestUnreachable pushes to a loopback port no Collector listens on:
// tracing goes on (every call printed, as the target logged it), the
// failed pushes are counted in gs's own health metrics (read from its
// Prometheus endpoint while it runs), and stderr says so once, then the
// total at the end.
func TestUnreachable(t *testing.T) {
	for _, protocol := range []string{"grpc", "http/protobuf"} {
		t.Run(strings.ReplaceAll(protocol, "/", "-"), func(t *testing.T) {
			dir := t.TempDir()
			testtarget.Build(t, testtarget.Default.CC, testtarget.Default.Args(filepath.Join(dir, "served"), []string{filepath.Join("testdata", "served.c")})...)
			logPath, gate := filepath.Join(dir, "calls.log"), filepath.Join(dir, "gate")
			nowhere, scrape := freePort(t), freePort(t)
			env := []string{"OTEL_EXPORTER_OTLP_PROTOCOL=" + protocol, "OTEL_EXPORTER_OTLP_ENDPOINT=http://" + nowhere,
				"OTEL_METRIC_EXPORT_INTERVAL=100", "OTEL_METRIC_EXPORT_TIMEOUT=500"}
			gs := startGS(t, dir, env, "--otlp", "--metrics", scrape, "-c", fmt.Sprintf("./served %d %s %s", calls, logPath, gate),
				"-e", `uprobe:./served:serve { @calls[kind] = count(); printf("served %d %d\n", kind, size) }`)

			// The target waits at its gate while the pushes fail.
			deadline := time.Now().Add(timeout)
			var failed float64
			for failed < 3 {
				if time.Now().After(deadline) {
					t.Fatalf("gs counted %v failed pushes in %v, want 3:\n%s", failed, timeout, gs.stderr())
				}
				gs.checkRunning(t)
				time.Sleep(50 * time.Millisecond)
				failed = scrapeValue(t, scrape, "gs_otlp_push_failures_total")
			}
			if err := os.WriteFile(gate, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			gs.wait(t)

			var want strings.Builder
			for _, c := range readLog(t, logPath) {
				fmt.Fprintf(&want, "served %d %d\n", c.kind, c.size)
			}
			if got := strings.Join(regexp.MustCompile(`(?m)^served .*\n`).FindAllString(gs.stdout.String(), -1), ""); got != want.String() {
				t.Errorf("gs printed:\n%s\nthe target logged:\n%s", got, want.String())
			}
			if strings.Count(want.String(), "\n") != calls {
				t.Errorf("the target logged %d calls, want %d", strings.Count(want.String(), "\n"), calls)
			}
			stderr := gs.stderr()
			endpoint := "http://" + nowhere
			if protocol != "grpc" {
				endpoint += "/v1/metrics"
			}
			if n := strings.Count(stderr, "gs: otlp: push to "+endpoint+" failed: "); n != 1 {
				t.Errorf("stderr says %d times that a push failed, want once:\n%s", n, stderr)
			}
			m := regexp.MustCompile(`(?m)^gs: otlp: (\d+) of (\d+) pushes to ` + regexp.QuoteMeta(endpoint) + ` failed$`).FindStringSubmatch(stderr)
			if m == nil || m[1] != m[2] {
				t.Fatalf("stderr does not say that every push failed:\n%s", stderr)
			}
			if n, _ := strconv.ParseFloat(m[1], 64); n < failed {
				t.Errorf("gs says %v pushes failed at the end, fewer than the %v it counted before", n, failed)
			}
		})
	}
}

// scrapeValue reads a sample without labels from gs's Prometheus
// endpoint; -1 while gs does not listen yet or serves nothing (before the
// probes are attached).
func scrapeValue(t *testing.T, addr, name string) float64 {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		return -1 // not listening yet
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("gs's endpoint: %s:\n%s", resp.Status, body)
	}
	if len(body) == 0 {
		return -1 // the probes are not attached yet: no families
	}
	m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindSubmatch(body)
	if m == nil {
		t.Fatalf("gs's endpoint serves no %s:\n%s", name, body)
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
