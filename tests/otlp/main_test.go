// Package otlp checks gs's OTLP push against a real OpenTelemetry
// Collector: built by the tests with the Collector builder from the OTLP
// receiver and the file exporter (scripts/otelcol.sh, cached by the hash
// of its manifest), started on loopback, pushed to by gs over gRPC and
// over HTTP while gs traces a target the tests compile. What the Collector
// wrote is compared with what the target logged of its own calls.
//
// The tests need root (gs attaches uprobes), Go and the module proxy (the
// first run builds the Collector: a few minutes). They fail, never skip,
// when something is missing.
package otlp

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

var gsBin, collectorBin string

// timeout bounds every wait for gs, the Collector and the target; none of
// them should come near it.
const timeout = 2 * time.Minute

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	if os.Geteuid() != 0 {
		fmt.Fprintln(os.Stderr, "FAIL: the OTLP tests attach real uprobes and need root (run make test as root)")
		return 1
	}
	dir, err := os.MkdirTemp("", "gs-otlp-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	gsBin = filepath.Join(dir, "gs")
	if err := testtarget.GS(gsBin); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL:", err)
		return 1
	}
	if collectorBin, err = buildCollector(); err != nil {
		fmt.Fprintln(os.Stderr, "FAIL: build the Collector:", err)
		return 1
	}
	return m.Run()
}
