package promexport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/prometheus/exporter-toolkit/web"

	"github.com/gs-tracer/gs/metrics"
)

// Path is where the metrics are served.
const Path = "/metrics"

// Server is the endpoint: listening from Listen on, serving from Serve on.
type Server struct {
	l       net.Listener
	srv     *http.Server
	webConf string
	log     *slog.Logger
	done    chan error
}

// Listen binds addr (host:port; ":9464" is every address) and checks the
// web configuration file webConfig ("" for plain HTTP): both fail here,
// before anything is attached. Errors go to log (nil: none).
func Listen(addr, webConfig string, src metrics.Source, log io.Writer) (*Server, error) {
	if webConfig != "" {
		if err := web.Validate(webConfig); err != nil {
			return nil, fmt.Errorf("web config %s: %w", webConfig, err)
		}
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Err != nil {
			err = oe.Err // "bind: address already in use"
		}
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	if log == nil {
		log = io.Discard
	}
	logger := slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn}))
	return &Server{l: l, srv: &http.Server{Handler: Handler(src), ReadHeaderTimeout: 10 * time.Second}, webConf: webConfig, log: logger}, nil
}

// Handler serves src's snapshots at Path: the text format, or
// OpenMetrics when the scraper asks for it.
func Handler(src metrics.Source) http.Handler {
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(collector{src})
	mux := http.NewServeMux()
	mux.Handle(Path, promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		EnableOpenMetrics: true,
		ErrorHandling:     promhttp.HTTPErrorOnError,
	}))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "gs: the script's maps are at %s\n", Path)
	})
	return mux
}

// Addr is the address the server listens on (its port when addr's was 0).
func (s *Server) Addr() net.Addr { return s.l.Addr() }

// Serve serves in the background until Close.
func (s *Server) Serve() {
	s.done = make(chan error, 1)
	flags := &web.FlagConfig{WebConfigFile: &s.webConf}
	go func() { s.done <- web.Serve(s.l, s.srv, flags, s.log) }()
}

// Close stops serving: it waits for scrapes under way for up to a
// second, then closes what is left (a connection that has sent nothing
// yet keeps Shutdown waiting for 5 seconds). It returns the error that
// stopped serving early, if one did.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil {
		s.srv.Close()
	}
	if s.done == nil {
		return s.l.Close()
	}
	if err := <-s.done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve metrics: %w", err)
	}
	return nil
}
