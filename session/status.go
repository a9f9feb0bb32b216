package session

import (
	"fmt"
	"io"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// Format selects how records and maps are written.
type Format uint8

// Output formats.
const (
	// FormatText prints records and maps as bpftrace does, and status
	// lines as "gs: ...".
	FormatText Format = iota
	// FormatJSON writes one JSON object per line for every record and map
	// print, and for every status line (docs/json.md).
	FormatJSON
)

// counterKeys name the ir.Counter values in JSON status lines.
var counterKeys = [ir.NumCounters]string{"reentry", "step_limit", "bad_program", "map_full", "stack_error", "iter_cut"}

// counterHints say what to do about a counter, where something can be done.
var counterHints = [ir.NumCounters]string{
	ir.CounterMapFull: " (raise --map-entries)",
}

// statusLog writes status lines: text lines "gs: ..." or, with FormatJSON,
// JSON objects, one per line.
type statusLog struct {
	w    io.Writer
	json bool
	// trace, with json, puts a line into the trace output: bpftrace's
	// messages of the run (lost_events, warnf, errorf) go there, in
	// order with the records; nil writes them on w.
	trace   func([]byte)
	verbose bool // write logf lines
	quiet   bool // drop infof lines
}

func (l *statusLog) line(level, text string) {
	if !l.json {
		switch level {
		case "warning":
			text = "warning: " + text
		case "internal":
			text = "internal error: " + text
		}
		fmt.Fprintf(l.w, "gs: %s\n", text)
		return
	}
	_, _ = l.w.Write(output.AppendJSONStatus(nil, level, text)) // output/json_status.go
}

// traceLine writes a JSON message of the run into the trace output.
func (l *statusLog) traceLine(b []byte) {
	if l.trace == nil {
		_, _ = l.w.Write(b)
		return
	}
	l.trace(b)
}

// logf writes a verbose line (timings, what gs does).
func (l *statusLog) logf(format string, args ...any) {
	if l.verbose {
		l.line("verbose", fmt.Sprintf(format, args...))
	}
}

// infof writes an informational line, unless quiet.
func (l *statusLog) infof(format string, args ...any) {
	if !l.quiet {
		l.line("info", fmt.Sprintf(format, args...))
	}
}

// attached writes bpftrace's "Attached N probes" line, unless quiet: its
// own words in text, not a "gs:" line, as scripts and bpftrace's tests wait
// for it.
func (l *statusLog) attached(n int) {
	if l.quiet {
		return
	}
	msg := fmt.Sprintf("Attached %d probes", n)
	if n == 1 {
		msg = "Attached 1 probe"
	}
	if l.json {
		l.traceLine(output.AppendJSONAttached(nil, n)) // output/json_status.go
		return
	}
	fmt.Fprintln(l.w, msg)
}

// warnf writes a warning; quiet does not hide it.
func (l *statusLog) warnf(format string, args ...any) {
	l.line("warning", fmt.Sprintf(format, args...))
}

// script writes a message of the script's (warnf, errorf) as a
// diagnostic reads, "POS: warning: MSG" without gs's prefix (pos is
// FILE:LINE:COL, or ""). JSON writes bpftrace's message instead
// (scriptJSON).
func (l *statusLog) script(level, pos, msg string) {
	if pos != "" {
		pos += ": "
	}
	fmt.Fprintf(l.w, "%s%s: %s\n", pos, level, msg)
}

// note writes a note at sp with the source line and a caret, as a
// diagnostic reads: where the script called the macro a warnf() or
// errorf() message came from.
func (l *statusLog) note(f *diag.File, sp diag.Span, msg string) {
	diag.RenderOne(l.w, f, diag.Diagnostic{Severity: diag.Note, Span: sp, Msg: msg}, false)
}

// errorf writes a plain error line (as "gs: ..." in text).
func (l *statusLog) errorf(format string, args ...any) {
	l.line("error", fmt.Sprintf(format, args...))
}

// internalf reports a bug in gs (a malformed record).
func (l *statusLog) internalf(format string, args ...any) {
	l.line("internal", fmt.Sprintf(format, args...))
}

// lost reports n records of probe dropped because the ring buffer was full.
func (l *statusLog) lost(probe string, n uint64) {
	if !l.json {
		fmt.Fprintf(l.w, "gs: lost %d events on probe %s (ring buffer full; raise --buffer-size)\n", n, probe)
		return
	}
	l.traceLine(output.AppendJSONLost(nil, probe, n)) // output/json_status.go
}

// lostTotal reports the whole run's lost records; JSON has no total (a
// reader adds up the lost_events messages).
func (l *statusLog) lostTotal(n uint64) {
	if !l.json {
		fmt.Fprintf(l.w, "gs: lost %d events in total\n", n)
	}
}

// counter reports that counter c grew by n; total marks the run's total.
func (l *statusLog) counter(c ir.Counter, n uint64, total bool) {
	if !l.json {
		if total {
			fmt.Fprintf(l.w, "gs: %d %s in total\n", n, ir.CounterNames[c])
			return
		}
		fmt.Fprintf(l.w, "gs: %d %s%s\n", n, ir.CounterNames[c], counterHints[c])
		return
	}
	_, _ = l.w.Write(output.AppendJSONCounter(nil, counterKeys[c], ir.CounterNames[c]+counterHints[c], n, total)) // output/json_status.go
}

// sleepableFallback reports that the sleepable program was refused with
// err and the plain one is used: a read of a page the target has not
// touched faults. Quiet drops the line, but verbose shows it always, with
// the whole error (a verifier log may follow its first line).
func (l *statusLog) sleepableFallback(err error) {
	msg := err.Error()
	if !l.verbose {
		msg, _, _ = strings.Cut(msg, "\n")
	}
	text := "the kernel refused the sleepable probe program (" + msg + "); using the plain one: reads of memory the target has not touched yet fail"
	if l.verbose {
		l.line("verbose", text)
		return
	}
	l.infof("%s", text)
}
