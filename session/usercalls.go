package session

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// DefaultMaxCatBytes is how much of a file cat() prints, unless
// BPFTRACE_MAX_CAT_BYTES (bpftrace's variable) says otherwise.
const DefaultMaxCatBytes = 10240

// system runs system()'s command with sh -c, as bpftrace does, and puts
// what it writes on stdout into the trace output, in order with the
// records around it; its stderr is gs's. The probes go on meanwhile: their
// records wait in the ring buffer.
func (s *session) system(command string) {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	s.userOutput("system", out)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		s.status.errorf("system(%q): %v", command, err)
	}
}

// cat prints the file at path (at most BPFTRACE_MAX_CAT_BYTES bytes) into
// the trace output.
func (s *session) cat(path string) {
	limit := int64(DefaultMaxCatBytes)
	if v, err := strconv.ParseInt(os.Getenv("BPFTRACE_MAX_CAT_BYTES"), 10, 64); err == nil && v >= 0 {
		limit = v
	}
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		s.status.errorf("cat: cannot open %q: %v", path, err)
		return
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit))
	if err != nil && !errors.Is(err, syscall.EISDIR) {
		s.status.errorf("cat: read %q: %v", path, err)
	}
	s.userOutput("cat", data)
}

// userOutput puts what system() or cat() produced into the trace output:
// as it is in text, as one {"type": KIND, "data": TEXT} line in JSON
// (output.AppendJSONMessage), where system's kind is bpftrace's "syscall".
func (s *session) userOutput(kind string, data []byte) {
	if s.opts.Format == FormatJSON {
		if kind == "system" {
			kind = "syscall"
		}
		data = output.AppendJSONMessage(nil, kind, data)
	}
	s.out.record(data, false)
}

// scriptMessage writes a warnf() or errorf() message on the status
// output, at the position of the call in the script, as a diagnostic
// reads: "<expr>:1:9: warning: MSG". --no-warnings drops warnf's.
func (s *session) scriptMessage(kind ir.EventKind, id uint32, msg []byte) {
	if kind == ir.EventWarnf && s.opts.NoWarnings {
		return
	}
	ev := &s.prog.Events[id]
	if s.opts.Format == FormatJSON {
		s.out.record(output.AppendJSONScript(nil, kind.String(), msg, s.prog.File, ev.Sp.Start), false) // output/json_status.go
		return
	}
	level := "warning"
	if kind == ir.EventErrorf {
		level = "error"
	}
	pos := ""
	if ev.Sp.Start.IsValid() {
		pos = s.prog.File.Location(ev.Sp.Start)
	}
	s.status.script(level, pos, strings.TrimRight(string(msg), "\n"))
	for _, sp := range ev.Expanded {
		s.status.note(s.prog.File, sp, "expanded from "+s.prog.File.Text(sp))
	}
}
