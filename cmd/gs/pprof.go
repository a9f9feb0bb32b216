package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/pprof"
)

// errNoProfiled: --pprof with a script that has no map to profile.
var errNoProfiled = errors.New("--pprof: no map of the script is keyed by ustack with a count() or sum() value (docs/pprof.md)")

// pprofReaders returns --pprof FILE's writer of prog's stack maps, after
// checking that FILE can be written (before anything attaches). main is
// the traced executable, when known.
func pprofReaders(path string, prog *ir.Program, main string) ([]output.MapReader, error) {
	if path == "" {
		return nil, nil
	}
	if len(pprof.Profiled(prog)) == 0 {
		return nil, errNoProfiled
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("--pprof: %w", err)
	}
	f.Close()
	w := pprof.New(path, prog)
	w.Main = main
	return []output.MapReader{w}, nil
}

// tracedExecutable is the executable gs traces: -c's command, -p's
// process's, else the first probe's binary.
func tracedExecutable(cmdArgs []string, pid int, prog *ir.Program) string {
	switch {
	case len(cmdArgs) > 0:
		return lookPath(cmdArgs[0])
	case pid != 0:
		return fmt.Sprintf("/proc/%d/exe", pid)
	case len(prog.Probes) > 0:
		return prog.Probes[0].Binary
	}
	return ""
}
