package live

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// The commands of a session, as gs -i's line mode reads them and the TUI's
// command line takes them (docs/interactive.md).
const Help = `trace PROBE [/filter/] [{ ... }]  add a trace (PROBE: any probe, or FUNC or FILE:LINE of the session's binary;
                                  no block: print the locals there)
enable N | disable N | delete N   turn trace N on, off, or remove it
info traces                       the traces, their state and where their probes sit
info locals FILE:LINE | FUNC      the parameters and locals there (what gs -lv shows)
print @map                        print a map now
save FILE                         save the traces as a script (gs FILE runs it)
source FILE                       add the probe groups of a script as traces
srcpath map FROM TO               read the sources of files built under FROM from TO
help                              this text
quit                              end the session (as does the end of the input)`

// ErrQuit is Do's answer to quit.
var ErrQuit = errors.New("quit")

// Do runs one command line, writing its answer to w. Errors in the
// command are *diag.Errors positioned in cmd; ErrQuit ends the session.
func (s *Session) Do(cmd string, w io.Writer) error {
	trimmed := strings.TrimSpace(cmd)
	if trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "//") {
		return nil
	}
	lead := len(cmd) - len(strings.TrimLeft(cmd, " \t"))
	word, rest, _ := strings.Cut(trimmed, " ")
	rest = strings.TrimSpace(rest)
	restAt := lead + len(word)
	for restAt < len(cmd) && (cmd[restAt] == ' ' || cmd[restAt] == '\t') {
		restAt++
	}
	bad := func(at, end int, hint, format string, args ...any) error {
		return cmdErr(cmd, at, end, hint, format, args...)
	}
	wordErr := func(format string, args ...any) error {
		return bad(restAt, len(strings.TrimRight(cmd, " \t\r\n")), "", format, args...)
	}
	switch word {
	case "trace", "t":
		if rest == "" {
			return bad(lead, lead+len(word), "trace FUNC, trace FILE:LINE or trace uprobe:BIN:FUNC { print(x) }", "trace takes a probe")
		}
		t, err := s.Add(rest)
		if err != nil {
			var de *diag.Errors
			if errors.As(err, &de) {
				de.List.File.Name = "<trace>"
				return err
			}
			return wordErr("%v", err)
		}
		fmt.Fprintf(w, "trace %d: %s (%s)\n", t.N, t.Text, plural(t.Probes(), "probe"))
	case "enable", "disable", "delete", "d":
		n, err := strconv.Atoi(rest)
		if err != nil || rest == "" {
			return bad(restAt, max(restAt+len(rest), restAt+1), "the numbers are those trace answered with (info traces lists them)", "%s takes a trace number", word)
		}
		var t *Trace
		switch word {
		case "enable":
			t, err = s.SetEnabled(n, true)
		case "disable":
			t, err = s.SetEnabled(n, false)
		default:
			word = "delete"
			t, err = s.Delete(n)
		}
		if err != nil {
			return wordErr("%v", err)
		}
		fmt.Fprintf(w, "trace %d %s\n", t.N, map[string]string{"enable": "enabled", "disable": "disabled", "delete": "deleted"}[word])
	case "info", "i":
		what, arg, _ := strings.Cut(rest, " ")
		arg = strings.TrimSpace(arg)
		switch what {
		case "traces", "trace", "":
			if len(s.traces) == 0 {
				fmt.Fprintln(w, "no traces")
			}
			for _, t := range s.traces {
				fmt.Fprintf(w, "%d %s %s\n", t.N, t.State(), t.Text)
				for _, pl := range t.Placement {
					fmt.Fprintf(w, "    %s\n", pl)
				}
			}
		case "locals", "args", "scope":
			if arg == "" {
				return wordErr("info locals takes FILE:LINE or FUNC")
			}
			if s.cfg.InfoLocals == nil {
				return wordErr("info locals: not available here")
			}
			if err := s.cfg.InfoLocals(w, s.binary, arg); err != nil {
				return wordErr("%v", err)
			}
		default:
			return wordErr("info takes traces or locals, not %q", what)
		}
	case "print", "p":
		if rest == "" {
			return bad(lead, lead+len(word), "", "print takes a map: print @name")
		}
		out, err := s.MapText(nil, rest)
		if err != nil {
			return wordErr("%v", err)
		}
		_, _ = w.Write(out)
	case "save":
		if rest == "" {
			return bad(lead, lead+len(word), "", "save takes a file name")
		}
		if err := s.Save(rest); err != nil {
			return wordErr("%v", err)
		}
		fmt.Fprintf(w, "saved %s to %s\n", plural(s.live0(), "trace"), rest)
	case "source":
		if rest == "" {
			return bad(lead, lead+len(word), "", "source takes a script file, as save writes them")
		}
		return s.source(rest, w)
	case "srcpath":
		f := strings.Fields(rest)
		if len(f) != 3 || f[0] != "map" {
			return wordErr("srcpath takes map FROM TO")
		}
		s.SrcMap = append(s.SrcMap, [2]string{f[1], f[2]})
		fmt.Fprintf(w, "sources under %s are read from %s\n", f[1], f[2])
	case "help", "h", "?":
		fmt.Fprintln(w, Help)
	case "quit", "q", "exit":
		return ErrQuit
	default:
		return bad(lead, lead+len(word), "the commands are trace, enable, disable, delete, info, print, save, source, srcpath, help and quit", "unknown command %q", word)
	}
	return nil
}

// source adds the probe groups of the script file name as traces, in
// order; it stops at the first that fails.
func (s *Session) source(name string, w io.Writer) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("source: %w", err)
	}
	prog, diags := parser.Parse(&diag.File{Name: name, Src: string(src)})
	if diags.HasErrors() {
		return &diag.Errors{List: diags}
	}
	if len(prog.Config) > 0 || len(prog.Types) > 0 || len(prog.MapDecls) > 0 {
		return fmt.Errorf("source %s: a script with a config block, types or map declarations runs as gs %s, not in a session", name, name)
	}
	for _, g := range prog.Groups {
		t, err := s.Add(string(src[g.Sp.Start.Offset:g.Sp.End.Offset]))
		if err != nil {
			return fmt.Errorf("source %s:%d: %w", name, g.Sp.Start.Line, err)
		}
		fmt.Fprintf(w, "trace %d: %s (%s)\n", t.N, t.Text, plural(t.Probes(), "probe"))
	}
	return nil
}

// live0 is how many traces are not deleted.
func (s *Session) live0() int {
	n := 0
	for _, t := range s.traces {
		if !t.Deleted {
			n++
		}
	}
	return n
}

// State is "enabled", "disabled" or "deleted".
func (t *Trace) State() string {
	switch {
	case t.Deleted:
		return "deleted"
	case t.Enabled:
		return "enabled"
	}
	return "disabled"
}

// cmdErr is an error about cmd's bytes [at, end).
func cmdErr(cmd string, at, end int, hint, format string, args ...any) error {
	f := &diag.File{Name: "<command>", Src: cmd}
	l := &diag.List{File: f}
	end = max(min(end, len(cmd)), at)
	d := l.Errorf(diag.Span{Start: f.PosAt(at), End: f.PosAt(end)}, format, args...)
	if hint != "" {
		d.WithHint("%s", hint)
	}
	return &diag.Errors{List: l}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
