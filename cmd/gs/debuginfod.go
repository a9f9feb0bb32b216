package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/debuginfod"
)

// setupDebugInfo makes debuginfo ask the servers of DEBUGINFOD_URLS for
// debug files no local file provides, with a progress line on stderr
// (unless -q), and with -v says where each binary's DWARF came from.
func setupDebugInfo(o *options, stderr io.Writer) {
	status := func(level, msg string) {
		if o.format == "json" {
			b, _ := json.Marshal(struct {
				Type  string `json:"type"`
				Level string `json:"level"`
				Msg   string `json:"msg"`
			}{"status", level, msg})
			fmt.Fprintf(stderr, "%s\n", b)
			return
		}
		fmt.Fprintf(stderr, "gs: %s\n", msg)
	}
	// Set them every time: tests call run more than once.
	debuginfo.Debuginfod, debuginfo.OnDebugFile = nil, nil
	debuginfo.SearchDirs = o.dbgDirs
	if c := debuginfod.FromEnv(); c != nil {
		switch {
		case o.quiet:
		case o.format == "json":
			started := false
			c.Progress = func(p debuginfod.Progress) {
				if p.Done || !started {
					status("info", p.String())
				}
				started = true
			}
		default:
			c.Progress = debuginfod.TextProgress(stderr, isTerminal(stderr))
		}
		debuginfo.Debuginfod = c
	}
	if o.verbose {
		debuginfo.OnDebugFile = func(b *debuginfo.Binary, path, how string) {
			if how == debuginfo.FromBinary {
				status("verbose", fmt.Sprintf("debug info for %s: in the binary", b.Path))
				return
			}
			status("verbose", fmt.Sprintf("debug info for %s: %s (%s)", b.Path, path, how))
		}
	}
}
