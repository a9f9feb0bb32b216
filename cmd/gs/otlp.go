package main

import (
	"context"
	"fmt"
	"io"
	"os"

	flag "github.com/spf13/pflag"

	"github.com/gs-tracer/gs/otlp"
	"github.com/gs-tracer/gs/session"
)

// addOTLPFlags adds --otlp, which pushes the same families as --metrics
// serves (docs/metrics.md); the standard OTEL_* variables configure it.
func addOTLPFlags(fs *flag.FlagSet, o *metricsOptions) {
	fs.BoolVar(&o.otlp, "otlp", false, "push the script's maps to an OpenTelemetry Collector over OTLP, configured by the OTEL_EXPORTER_OTLP_* and OTEL_METRIC_EXPORT_* variables, until SIGINT or SIGTERM (docs/metrics.md)")
}

// otlpConfig reads the push's configuration from the environment, before
// anything is compiled or attached: a bad value is a usage error.
func otlpConfig(o *metricsOptions, stderr io.Writer) (otlp.Config, int) {
	if !o.otlp {
		return otlp.Config{}, exitOK
	}
	cfg, err := otlp.ConfigFromEnv(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "gs: --otlp: %v\n", err)
		return cfg, exitUsage
	}
	return cfg, exitOK
}

// startOTLP starts the push of e's snapshots (exporter, metrics.go) and
// adds its failed pushes to the health families that both the endpoint
// and the push read.
func startOTLP(o *metricsOptions, cfg otlp.Config, e *exporter, stderr io.Writer) int {
	if !o.otlp {
		return exitOK
	}
	p, err := otlp.Start(context.Background(), cfg, e.maps.Source(o.prefix),
		otlp.Options{Status: stderr, Version: version, Prefix: o.prefix})
	if err != nil {
		fmt.Fprintf(stderr, "gs: --otlp: %v\n", err)
		return exitRuntime
	}
	e.push = p
	e.maps.AddHealth(p.Health)
	return exitOK
}

// attachPush has the last push made when the trace ends, while the maps
// still read.
func (e *exporter) attachPush(r *session.MetricsReader) {
	if e.push != nil {
		r.OnClose(e.closePush)
	}
}

// closePush makes the last push and stops (once: at the trace's end, or
// when gs ends before attaching).
func (e *exporter) closePush() {
	if e.push == nil {
		return
	}
	if err := e.push.Shutdown(context.Background()); err != nil {
		fmt.Fprintf(e.stderr, "gs: otlp: %v\n", err)
	}
}
