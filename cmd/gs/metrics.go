package main

import (
	"fmt"
	"io"

	flag "github.com/spf13/pflag"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/metrics"
	"github.com/gs-tracer/gs/otlp"
	"github.com/gs-tracer/gs/promexport"
	"github.com/gs-tracer/gs/session"
)

// metricsOptions are --metrics's flags (docs/metrics.md).
type metricsOptions struct {
	addr      string
	prefix    string
	webConfig string
	printMaps bool
	otlp      bool // --otlp (otlp.go)
}

func addMetricsFlags(fs *flag.FlagSet, o *metricsOptions) {
	fs.StringVar(&o.addr, "metrics", "", "serve the script's maps as Prometheus metrics at http://`ADDR`/metrics (127.0.0.1:9464, or :9464 for every address) until SIGINT or SIGTERM (docs/metrics.md)")
	fs.StringVar(&o.prefix, "metrics-prefix", metrics.DefaultPrefix, "the `PREFIX` of every metric's name")
	fs.StringVar(&o.webConfig, "metrics-web-config", "", "the web configuration `FILE` of the metrics endpoint: TLS, client certificates, basic auth (node_exporter's format)")
	fs.BoolVar(&o.printMaps, "metrics-print-maps", false, "with --metrics, also print the maps at exit (they are not, by default)")
}

// exporter is the metrics side of a run: the families of the script's
// maps, the Prometheus endpoint when --metrics is given, the OTLP push
// when --otlp is.
type exporter struct {
	maps   *metrics.Maps
	server *promexport.Server
	push   *otlp.Pusher // otlp.go
	stderr io.Writer
}

// startMetrics names prog's maps as metric families and binds --metrics'
// address, before anything is attached: a name that collides is a script
// error (exitScript), an address in use or a bad web configuration a
// run-time one (exitRuntime). It returns nil without --metrics or --otlp.
func startMetrics(o *metricsOptions, prog *ir.Program, file *diag.File, stderr io.Writer, colored bool) (*exporter, int) {
	if o.addr == "" && !o.otlp {
		return nil, exitOK
	}
	if !metrics.ValidPrefix(o.prefix) {
		fmt.Fprintf(stderr, "gs: --metrics-prefix %q: a metric's name is letters, digits and _, and does not start with a digit or __\n", o.prefix)
		return nil, exitUsage
	}
	if !o.printMaps {
		prog.KeepMaps = true // an agent's maps are scraped, not printed
	}
	maps, diags := metrics.NewMaps(prog, o.prefix)
	if diags.HasErrors() {
		diags.File = file
		diags.Render(stderr, colored)
		return nil, exitScript
	}
	e := &exporter{maps: maps, stderr: stderr}
	if o.addr == "" {
		return e, exitOK
	}
	srv, err := promexport.Listen(o.addr, o.webConfig, maps.Source(o.prefix), stderr)
	if err != nil {
		fmt.Fprintf(stderr, "gs: --metrics: %v\n", err)
		return nil, exitRuntime
	}
	srv.Serve()
	e.server = srv
	return e, exitOK
}

// reader is session.Options.Metrics: it gives the running trace's maps
// to the snapshots. nil without an exporter.
func (e *exporter) reader() func(*session.MetricsReader) {
	if e == nil {
		return nil
	}
	return func(r *session.MetricsReader) {
		e.maps.Attach(r)
		e.attachPush(r) // otlp.go
	}
}

// close stops the endpoint once the trace has ended.
func (e *exporter) close(stderr io.Writer) {
	if e == nil {
		return
	}
	e.closePush() // otlp.go; made already at the trace's end, if it attached
	if e.server == nil {
		return
	}
	if err := e.server.Close(); err != nil {
		fmt.Fprintf(stderr, "gs: --metrics: %v\n", err)
	}
}
