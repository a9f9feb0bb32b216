package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mattn/go-isatty"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/live"
	"github.com/gs-tracer/gs/session"
	"github.com/gs-tracer/gs/tui"
)

// interactive runs gs -i: the TUI on a terminal, else the line mode, which
// reads one command a line from stdin and writes the trace's records and
// the commands' answers to stdout (docs/interactive.md).
func interactive(o *options, rest []string, cmdArgs []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if o.program != "" || len(rest) > 1 {
		fmt.Fprint(stderr, "gs: -i takes no script: gs -i [-p PID | -c CMD | BINARY]\n")
		return exitUsage
	}
	cfg := live.Config{PID: o.pid, Command: cmdArgs, Out: stdout, Status: stderr, Verbose: o.verbose, Quiet: o.quiet,
		DebugFile: o.debugF, ExactPlacement: o.exact, Unsafe: o.unsafe, NoWarnings: o.noWarn,
		MapEntries: o.mapSize, BufferSize: o.bufSize}
	if o.format == "json" {
		cfg.Format = session.FormatJSON
	}
	if len(rest) == 1 {
		cfg.Binary = rest[0]
		if _, err := os.Stat(cfg.Binary); err != nil {
			fmt.Fprintf(stderr, "gs: -i: %v\n", err)
			return exitUsage
		}
	}
	cfg.InfoLocals = func(w io.Writer, binary, spec string) error {
		if binary == "" {
			return errors.New("the session has no binary: info locals needs gs -i -p, -c or a binary")
		}
		var errb bytes.Buffer
		if list("uprobe:"+binary+":"+spec, o.pid, true, o.exact, w, &errb) != exitOK {
			return errors.New(strings.TrimSpace(strings.TrimPrefix(errb.String(), "gs: ")))
		}
		return nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f, ok := stdin.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return tuiMode(ctx, cfg)
	}
	s, err := live.Start(ctx, cfg)
	if err != nil {
		return sessionErr(err, stderr)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	n := 0
	for done := false; !done; {
		select {
		case line, ok := <-lines:
			if !ok {
				done = true
				break
			}
			n++
			var out bytes.Buffer
			err := s.Do(line, &out)
			s.Print(out.Bytes()) // in order with the records
			if errors.Is(err, live.ErrQuit) {
				done = true
			} else if err != nil {
				renderAt(stderr, err, n)
			}
		case <-s.Done():
			done = true
		}
	}
	if err := s.Stop(); err != nil {
		return sessionErr(err, stderr)
	}
	return exitOK
}

// renderAt writes a command's error, its diagnostics at input line n.
func renderAt(w io.Writer, err error, n int) {
	var de *diag.Errors
	if !errors.As(err, &de) {
		fmt.Fprintf(w, "<stdin>:%d: error: %v\n", n, err)
		return
	}
	l := de.List
	l.File.Name = "<stdin>"
	for i := range l.Diags {
		for _, p := range []*diag.Pos{&l.Diags[i].Span.Start, &l.Diags[i].Span.End} {
			if p.IsValid() {
				p.Line += n - 1
			}
		}
	}
	l.Render(w, false)
}

// tuiMode runs the terminal UI (package tui).
func tuiMode(ctx context.Context, cfg live.Config) int {
	if err := tui.Run(ctx, cfg); err != nil {
		return sessionErr(err, os.Stderr)
	}
	return exitOK
}

// sessionErr reports an error that ended an interactive session.
func sessionErr(err error, stderr io.Writer) int {
	var de *diag.Errors
	if errors.As(err, &de) {
		de.List.Render(stderr, false)
		return exitScript
	}
	fmt.Fprintf(stderr, "gs: %v\n", err)
	if errors.Is(err, session.ErrInternal) {
		return exitInternal
	}
	return exitRuntime
}
