// Package live is gs's interactive session (gs -i) without its user
// interface: one running session (package session) to which traces are
// added, enabled, disabled and deleted while the target runs, and from
// which the script maps are read and the traces saved as a script.
//
// A trace is one probe group of the language, `PROBE[, PROBE] [/filter/]
// { ... }`, numbered from 1 in the order they were added. A PROBE may be
// bare, FUNC or FILE:LINE, for a probe on the session's binary. Every
// trace is compiled as part of one script, the earlier traces first, so
// that maps are the session's (a trace may use a map another declared,
// with the same type) and the program already running is a prefix of the
// new one (session.Live.Extend says why when it is not). A deleted trace
// keeps its place in that script, detached, so that no number moves.
//
// The user interfaces (cmd/gs's line mode, package tui) read commands
// and call this package; it prints nothing but the trace's records, in
// order with them, through the session.
package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"
	"github.com/gs-tracer/gs/session"
)

// The heap a session plans for (sema.Config.Reserve): records of up to
// reserveRecords bytes and reserveMaps maps, so that no trace moves what
// the earlier ones use.
const (
	reserveRecords = 2048
	reserveMaps    = 16
)

// Config says what the session traces and how.
type Config struct {
	PID     int      // the process to trace (gs -i -p PID)
	Command []string // or the command to start and trace (gs -i -c CMD)
	Binary  string   // or the binary whose processes to trace (gs -i BINARY)
	Out     io.Writer
	Status  io.Writer
	Format  session.Format
	Verbose bool
	Quiet   bool

	DebugFile      string
	ExactPlacement bool
	Unsafe         bool
	NoWarnings     bool
	MapEntries     int
	BufferSize     int

	// InfoLocals writes what gs -lv shows for spec (FILE:LINE or FUNC) in
	// binary: the info locals command.
	InfoLocals func(w io.Writer, binary, spec string) error
}

// Trace is one trace of the session.
type Trace struct {
	N       int    // its number, from 1
	Text    string // as compiled: bare probes spelled out on the session's binary
	Enabled bool
	Deleted bool
	// Placement says where each of its uprobes sits (machine.Placement).
	Placement []string

	att *session.Attached
}

// Session is a running interactive session.
type Session struct {
	cfg    Config
	binary string // the session's binary: bare probes are on it
	live   *session.Live
	traces []*Trace
	cur    *ir.Program

	// SrcMap maps the directories sources were built in to where they are
	// now (srcpath map FROM TO), for a user interface that shows them.
	SrcMap [][2]string
}

// Start starts the session: the target (with Command) runs, no probe is
// attached yet.
func Start(ctx context.Context, cfg Config) (*Session, error) {
	s := &Session{cfg: cfg}
	switch {
	case len(cfg.Command) > 0:
		s.binary = cfg.Command[0]
		if p, err := (&debuginfo.Resolver{}).Command(cfg.Command[0]); err == nil {
			s.binary = p
		}
	case cfg.PID != 0:
		s.binary = debuginfo.ForProcess(cfg.PID).Exe(cfg.PID)
	case cfg.Binary != "":
		s.binary = cfg.Binary
	}
	if s.binary != "" && !strings.HasPrefix(s.binary, "/") {
		if abs, err := filepath.Abs(s.binary); err == nil {
			s.binary = abs
		}
	}
	session.Prepare()
	prog, _, err := s.compile("")
	if err != nil {
		return nil, err
	}
	s.cur = prog
	l, err := session.StartLive(ctx, prog, session.Options{
		PID: cfg.PID, Command: cfg.Command, Out: cfg.Out, Status: cfg.Status, Format: cfg.Format,
		Verbose: cfg.Verbose, Quiet: cfg.Quiet, MapEntries: cfg.MapEntries, BufferSize: cfg.BufferSize,
		NoWarnings: cfg.NoWarnings,
	})
	if err != nil {
		return nil, err
	}
	s.live = l
	return s, nil
}

// Binary is the session's binary, where bare probes go ("" when it has
// none: gs -i with no target).
func (s *Session) Binary() string { return s.binary }

// Traces returns the session's traces, deleted ones too.
func (s *Session) Traces() []*Trace { return s.traces }

// Done is closed when the session has ended (the target exited).
func (s *Session) Done() <-chan struct{} { return s.live.Done() }

// Stop ends the session: the probes detach, the maps print, losses are
// reported.
func (s *Session) Stop() error { return s.live.Stop() }

// Print writes b to the trace output, in order with the records.
func (s *Session) Print(b []byte) { s.live.Print(b) }

// script is the whole script of the traces, one after the other, and
// the byte offset where text (a trace being added) starts.
func (s *Session) script(text string) (string, int) {
	var b strings.Builder
	for _, t := range s.traces {
		b.WriteString(t.Text)
		b.WriteString("\n")
	}
	at := b.Len()
	b.WriteString(text)
	return b.String(), at
}

// compile compiles the traces and text after them. Diagnostics about
// text are returned positioned in text (named "trace"); errors return
// them as a *diag.Errors.
func (s *Session) compile(text string) (*ir.Program, *sema.Program, error) {
	src, at := s.script(text)
	file := &diag.File{Name: "<trace>", Src: src}
	prog, diags := parser.Parse(file)
	if diags.HasErrors() {
		return nil, nil, s.diagErr(diags, text, at)
	}
	script := rewrite.Apply(prog, rewrite.Config{StackMode: os.Getenv("BPFTRACE_STACK_MODE"), IsBuiltin: sema.IsBuiltin, OtherPidNS: rewrite.OtherPidNamespace()})
	cfg := sema.Config{Dir: ".", DebugFile: s.cfg.DebugFile, ExactPlacement: s.cfg.ExactPlacement, Unsafe: s.cfg.Unsafe,
		Script: script, DefaultBinary: s.binary, Command: len(s.cfg.Command) > 0}
	cfg.Reserve.Records, cfg.Reserve.Maps, cfg.Reserve.StrCap = reserveRecords, reserveMaps, ir.DefaultStr // session.liveStrValue
	if len(s.cfg.Command) > 0 {
		cfg.Mapped = debuginfo.MuslMapped(s.binary)
	} else if s.cfg.PID != 0 {
		r := debuginfo.ForProcess(s.cfg.PID)
		cfg.Root, cfg.Mapped = r.Root, r.Mapped
	}
	checked, sdiags := sema.Check(prog, cfg)
	if sdiags != nil && (sdiags.HasErrors() || !s.cfg.NoWarnings) {
		sdiags.File = file
		if err := s.diagErr(sdiags, text, at); err != nil && sdiags.HasErrors() {
			return nil, nil, err
		} else if err != nil && s.cfg.Status != nil {
			var de *diag.Errors
			if errors.As(err, &de) {
				de.List.Render(s.cfg.Status, false) // warnings of the new trace
			}
		}
	}
	if sdiags != nil && sdiags.HasErrors() {
		return nil, nil, errors.New("the script has errors")
	}
	if checked.RecordArea > reserveRecords || len(checked.Maps) > reserveMaps {
		why := fmt.Sprintf("its records take %d bytes of the heap, more than the %d a session keeps for them", checked.RecordArea, reserveRecords)
		if len(checked.Maps) > reserveMaps {
			why = fmt.Sprintf("the traces would have %d maps, more than the %d a session keeps keys for", len(checked.Maps), reserveMaps)
		}
		return nil, nil, fmt.Errorf("%w: %s; save the session and run it with gs FILE.gs", session.ErrIncompatible, why)
	}
	compiled, err := gen.Generate(checked)
	if err != nil {
		return nil, nil, err
	}
	return compiled, checked, nil
}

// diagErr returns the diagnostics of list that are about text (which
// starts at byte at of the script), positioned in text, or nil when
// there are none.
func (s *Session) diagErr(list *diag.List, text string, at int) error {
	out := &diag.List{File: &diag.File{Name: "<trace>", Src: text}}
	line := strings.Count(list.File.Src[:at], "\n")
	for _, d := range list.Diags {
		if d.Span.Start.IsValid() && d.Span.Start.Offset < at {
			continue // an earlier trace's, reported when it was added
		}
		for _, p := range []*diag.Pos{&d.Span.Start, &d.Span.End} {
			if p.IsValid() {
				p.Offset -= at
				p.Line -= line
			}
		}
		out.Diags = append(out.Diags, d)
	}
	if len(out.Diags) == 0 {
		return nil
	}
	return &diag.Errors{List: out}
}

// Add compiles text as a new trace and attaches its probes. On an error
// in text the error is a *diag.Errors positioned in text.
func (s *Session) Add(text string) (*Trace, error) {
	text = strings.TrimSpace(s.expand(s.withBody(strings.TrimSpace(text))))
	if text == "" {
		return nil, errors.New("trace: no probe")
	}
	start := time.Now()
	prog, checked, err := s.compile(text)
	if err != nil {
		return nil, err
	}
	compiled := time.Now()
	att, err := s.live.Extend(prog)
	if err != nil {
		return nil, err
	}
	t := &Trace{N: len(s.traces) + 1, Text: text, Enabled: true, att: att}
	if s.cfg.Verbose && s.cfg.Status != nil {
		fmt.Fprintf(s.cfg.Status, "gs: trace %d: compiled in %v, armed %v later (%d instructions in all)\n", t.N,
			compiled.Sub(start).Round(10*time.Microsecond), time.Since(compiled).Round(10*time.Microsecond), len(prog.Insns))
	}
	for _, pl := range checked.Placements {
		if int(pl.Probe) >= len(s.cur.Probes) {
			t.Placement = append(t.Placement, checked.Probes[pl.Probe].Name+" "+pl.String())
		}
	}
	s.traces = append(s.traces, t)
	s.cur = prog
	return t, nil
}

// Probes is how many probes trace t attached.
func (t *Trace) Probes() int { return len(t.att.IDs) }

// trace returns trace n, or an error naming what there is.
func (s *Session) trace(n int) (*Trace, error) {
	if n < 1 || n > len(s.traces) {
		if len(s.traces) == 0 {
			return nil, fmt.Errorf("no trace %d: the session has no traces yet", n)
		}
		return nil, fmt.Errorf("no trace %d: the traces are 1 to %d", n, len(s.traces))
	}
	t := s.traces[n-1]
	if t.Deleted {
		return nil, fmt.Errorf("trace %d was deleted", n)
	}
	return t, nil
}

// SetEnabled enables or disables trace n: a disabled trace's probes stay
// attached and run no code.
func (s *Session) SetEnabled(n int, on bool) (*Trace, error) {
	t, err := s.trace(n)
	if err != nil {
		return nil, err
	}
	if err := s.live.SetEnabled(t.att, on); err != nil {
		return nil, err
	}
	t.Enabled = on
	return t, nil
}

// Delete detaches trace n.
func (s *Session) Delete(n int) (*Trace, error) {
	t, err := s.trace(n)
	if err != nil {
		return nil, err
	}
	if err := s.live.Detach(t.att); err != nil {
		return nil, err
	}
	t.Deleted, t.Enabled = true, false
	return t, nil
}

// MapText appends the text of map @name (name without '@') to dst, as
// print(@name) prints it.
func (s *Session) MapText(dst []byte, name string) ([]byte, error) {
	name = strings.TrimPrefix(name, "@")
	out, ok, err := s.live.MapText(dst, name)
	if !ok {
		names := s.live.Maps()
		if len(names) == 0 {
			return dst, fmt.Errorf("no map @%s: the traces have no maps", name)
		}
		for i := range names {
			names[i] = "@" + names[i]
		}
		return dst, fmt.Errorf("no map @%s: the maps are %s", name, strings.Join(names, ", "))
	}
	return out, err
}

// Maps returns the names of the session's maps (without '@').
func (s *Session) Maps() []string { return s.live.Maps() }

// Script is the session saved as a script that gs runs as it is: every
// trace not deleted, a disabled one in a comment.
func (s *Session) Script() string {
	var b strings.Builder
	b.WriteString("// saved by gs -i")
	if s.binary != "" {
		b.WriteString(" on " + s.binary)
	}
	b.WriteString("\n")
	for _, t := range s.traces {
		switch {
		case t.Deleted:
		case t.Enabled:
			b.WriteString(t.Text + "\n")
		case !strings.Contains(t.Text, "*/"):
			b.WriteString("/* disabled: " + t.Text + " */\n")
		}
	}
	return b.String()
}

// Save writes Script to the file name.
func (s *Session) Save(name string) error {
	if err := os.WriteFile(name, []byte(s.Script()), 0o644); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}

// probeType is the TYPE of a probe specifier TYPE:..., or BEGIN and END.
var probeType = regexp.MustCompile(`^(uprobe|u|uretprobe|ur|interval|i|kprobe|k|kretprobe|kr|kfunc|kretfunc|fentry|fexit|f|fr|tracepoint|t|rawtracepoint|rt|usdt|U|profile|p|software|s|hardware|h|watchpoint|w|asyncwatchpoint|aw|iter|it|uprobe_multi|self|bench|test):|^(BEGIN|END|begin|end)$`)

// expand spells out the bare probes (FUNC, FILE:LINE, "NAME") at the head
// of text on the session's binary: uprobe:BIN:FUNC.
func (s *Session) expand(text string) string {
	text = strings.TrimSpace(text)
	head := headEnd(text)
	var specs []string
	for _, spec := range splitTop(text[:head]) {
		spec = strings.TrimSpace(spec)
		if spec != "" && s.binary != "" && !probeType.MatchString(spec) {
			spec = "uprobe:" + s.binary + ":" + spec
		}
		specs = append(specs, spec)
	}
	rest := strings.TrimSpace(text[head:])
	out := strings.Join(specs, ", ")
	if rest == "" {
		return out
	}
	return out + " " + rest
}

// headEnd is where the probes of a trace end: its block, or its filter
// or angle block after a blank (a probe's path has slashes), outside
// quotes.
func headEnd(text string) int {
	quoted := false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\\' && quoted:
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == '{',
			!quoted && (c == '/' || c == '<') && i > 0 && (text[i-1] == ' ' || text[i-1] == '\t'):
			return i
		}
	}
	return len(text)
}

// splitTop splits the probes of a head at the commas outside quotes.
func splitTop(head string) []string {
	var out []string
	quoted, start := false, 0
	for i := 0; i < len(head); i++ {
		switch c := head[i]; {
		case c == '\\' && quoted:
			i++
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			out = append(out, head[start:i])
			start = i + 1
		}
	}
	return append(out, head[start:])
}

// Locals returns the parameters and locals that can be read at the first
// address of FILE:LINE or at FUNC's entry (after its prologue) in the
// session's binary, for a trace with no block: it prints them.
func (s *Session) Locals(spec string) ([]string, error) {
	if s.binary == "" {
		return nil, errors.New("the session has no binary")
	}
	bin, err := debuginfo.Open(s.binary)
	if err != nil {
		return nil, err
	}
	defer bin.Close()
	d, err := bin.Debug()
	if err != nil {
		return nil, err
	}
	var pc uint64
	if file, line, ok := fileLine(spec); ok {
		addrs, err := d.LineAddrs(file, line)
		if err != nil {
			return nil, err
		}
		pc = addrs[0]
	} else {
		insts, err := d.FuncInstances(strings.Trim(spec, `"`))
		if err != nil {
			return nil, err
		}
		if len(insts) == 0 {
			return nil, fmt.Errorf("no function %q in %s", spec, s.binary)
		}
		pc = insts[0].PrologueEnd
	}
	vars, err := d.VarsAt(pc)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, v := range vars {
		if v.Kind == debuginfo.VarGlobal || !v.Available || v.Name == "" {
			continue
		}
		if _, unsaved := v.Loc.UnsavedReg(); unsaved {
			continue
		}
		names = append(names, v.Name)
	}
	return names, nil
}

// fileLine splits FILE:LINE.
func fileLine(spec string) (string, int, bool) {
	i := strings.LastIndexByte(spec, ':')
	if i <= 0 || (i > 0 && spec[i-1] == ':') {
		return "", 0, false
	}
	n := 0
	for _, c := range spec[i+1:] {
		if c < '0' || c > '9' {
			return "", 0, false
		}
		n = n*10 + int(c-'0')
	}
	return spec[:i], n, i+1 < len(spec)
}

// withBody gives a trace with no block one that prints the locals of its
// probe (a bare one on the session's binary), or its name.
func (s *Session) withBody(text string) string {
	if headEnd(text) < len(text) {
		return text
	}
	body := "{ print(probe) }"
	if specs := splitTop(text); len(specs) == 1 && !probeType.MatchString(strings.TrimSpace(specs[0])) {
		if names, err := s.Locals(strings.TrimSpace(specs[0])); err == nil && len(names) > 0 {
			body = "{ print(" + strings.Join(names, ", ") + ") }"
		}
	}
	return text + " " + body
}

// InfoLocals writes what gs -lv shows at spec (FILE:LINE or FUNC) of the
// session's binary.
func (s *Session) InfoLocals(w io.Writer, spec string) error {
	if s.cfg.InfoLocals == nil {
		return errors.New("info locals: not available here")
	}
	return s.cfg.InfoLocals(w, s.binary, spec)
}
