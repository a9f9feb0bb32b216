package otlp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildCollector builds the Collector of scripts/otelcol/manifest.yaml with
// the Collector builder, or finds it in the cache (scripts/otelcol.sh),
// and returns its path.
func buildCollector() (string, error) {
	cmd := exec.Command("bash", filepath.Join("..", "..", "scripts", "otelcol.sh")) // tools: bash go sha256sum cut mktemp cp mv mkdir rm date cat (what the script runs; go fetches the builder and the Collector's modules)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("scripts/otelcol.sh: %v\n%s", err, stderr.String())
	}
	return strings.TrimSpace(stdout.String()), nil
}

// collector is one Collector the test started: an OTLP receiver on
// loopback, gRPC and HTTP, and a file exporter writing what it received
// as OTLP JSON, one request a line.
type collector struct {
	GRPC, HTTP string // host:port
	file       string
	cmd        *exec.Cmd
	log        *bytes.Buffer
	done       chan struct{}
}

// freePort returns a loopback address no one listens on now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startCollector starts the Collector and waits until both receivers
// accept connections. It is stopped when the test ends, if not before.
func startCollector(t *testing.T) *collector {
	t.Helper()
	dir := t.TempDir()
	c := &collector{GRPC: freePort(t), HTTP: freePort(t), file: filepath.Join(dir, "metrics.jsonl"),
		log: &bytes.Buffer{}, done: make(chan struct{})}
	// No internal telemetry server (it would listen on :8888); the file
	// exporter flushes often so that a test waiting for a push sees it.
	conf := fmt.Sprintf(`receivers:
  otlp:
    protocols:
      grpc:
        endpoint: %s
      http:
        endpoint: %s
exporters:
  file:
    path: %s
    flush_interval: 100ms
service:
  telemetry:
    metrics:
      level: none
  pipelines:
    metrics:
      receivers: [otlp]
      exporters: [file]
`, c.GRPC, c.HTTP, c.file)
	confPath := filepath.Join(dir, "collector.yaml")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	c.cmd = exec.Command(collectorBin, "--config", "file:"+confPath) // tools: none (the Collector scripts/otelcol.sh built)
	c.cmd.Stdout, c.cmd.Stderr = c.log, c.log
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { c.cmd.Wait(); close(c.done) }()
	t.Cleanup(func() { c.stop(t) })
	deadline := time.Now().Add(timeout)
	for _, addr := range []string{c.GRPC, c.HTTP} {
		for {
			conn, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				conn.Close()
				break
			}
			select {
			case <-c.done:
				t.Fatalf("the Collector exited before listening on %s:\n%s", addr, c.log)
			default:
			}
			if time.Now().After(deadline) {
				t.Fatalf("the Collector does not listen on %s after %v:\n%s", addr, timeout, c.log)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return c
}

// stop ends the Collector with SIGTERM, which flushes the file exporter.
func (c *collector) stop(t *testing.T) {
	select {
	case <-c.done:
		return
	default:
	}
	c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.done:
	case <-time.After(timeout):
		c.cmd.Process.Kill()
		<-c.done
		t.Errorf("the Collector did not stop on SIGTERM:\n%s", c.log)
	}
}

// requests reads what the Collector wrote so far: one export request per
// complete line.
func (c *collector) requests(t *testing.T) []request {
	t.Helper()
	data, err := os.ReadFile(c.file)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []request
	for len(data) > 0 {
		line, rest, ok := bytes.Cut(data, []byte("\n"))
		if !ok {
			break // being written
		}
		data = rest
		var r request
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatalf("the Collector's file: %v:\n%s", err, line)
		}
		out = append(out, r)
	}
	return out
}

// The OTLP JSON encoding of an ExportMetricsServiceRequest, as far as the
// tests read it (opentelemetry-proto's metrics.proto; 64-bit integers are
// strings, fields at their zero value are left out).
type request struct {
	ResourceMetrics []struct {
		Resource struct {
			Attributes []keyValue `json:"attributes"`
		} `json:"resource"`
		ScopeMetrics []struct {
			Scope struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"scope"`
			Metrics []metric `json:"metrics"`
		} `json:"scopeMetrics"`
	} `json:"resourceMetrics"`
}

type keyValue struct {
	Key   string `json:"key"`
	Value struct {
		StringValue *string `json:"stringValue"`
	} `json:"value"`
}

type metric struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Sum         *struct {
		DataPoints             []numberPoint `json:"dataPoints"`
		AggregationTemporality int           `json:"aggregationTemporality"`
		IsMonotonic            bool          `json:"isMonotonic"`
	} `json:"sum"`
	Gauge *struct {
		DataPoints []numberPoint `json:"dataPoints"`
	} `json:"gauge"`
	Histogram *struct {
		DataPoints             []histogramPoint `json:"dataPoints"`
		AggregationTemporality int              `json:"aggregationTemporality"`
	} `json:"histogram"`
	Summary *struct {
		DataPoints []summaryPoint `json:"dataPoints"`
	} `json:"summary"`
}

type summaryPoint struct {
	Start     u64             `json:"startTimeUnixNano"`
	Count     u64             `json:"count"`
	Sum       float64         `json:"sum"`
	Quantiles json.RawMessage `json:"quantileValues"`
}

// cumulative is metrics.proto's AGGREGATION_TEMPORALITY_CUMULATIVE.
const cumulative = 2

type numberPoint struct {
	Attributes []keyValue `json:"attributes"`
	Start      u64        `json:"startTimeUnixNano"`
	Time       u64        `json:"timeUnixNano"`
	AsDouble   float64    `json:"asDouble"`
	AsInt      i64        `json:"asInt"`
}

type histogramPoint struct {
	Attributes   []keyValue `json:"attributes"`
	Start        u64        `json:"startTimeUnixNano"`
	Time         u64        `json:"timeUnixNano"`
	Count        u64        `json:"count"`
	Sum          float64    `json:"sum"`
	BucketCounts []u64      `json:"bucketCounts"`
	Bounds       []float64  `json:"explicitBounds"`
}

// u64 and i64 read OTLP JSON's 64-bit integers, written as strings.
type (
	u64 uint64
	i64 int64
)

func (n *u64) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseUint(strings.Trim(string(b), `"`), 10, 64)
	*n = u64(v)
	return err
}

func (n *i64) UnmarshalJSON(b []byte) error {
	v, err := strconv.ParseInt(strings.Trim(string(b), `"`), 10, 64)
	*n = i64(v)
	return err
}

// attr is the string attribute key of a point ("" and false if absent).
func attr(kvs []keyValue, key string) (string, bool) {
	for _, kv := range kvs {
		if kv.Key == key && kv.Value.StringValue != nil {
			return *kv.Value.StringValue, true
		}
	}
	return "", false
}

// metricsNamed returns every metric of that name in the requests, in the
// order the Collector received them, with its request's resource.
func metricsNamed(reqs []request, name string) (ms []metric, resources [][]keyValue) {
	for _, r := range reqs {
		for _, rm := range r.ResourceMetrics {
			for _, sm := range rm.ScopeMetrics {
				for _, m := range sm.Metrics {
					if m.Name == name {
						ms = append(ms, m)
						resources = append(resources, rm.Resource.Attributes)
					}
				}
			}
		}
	}
	return ms, resources
}
