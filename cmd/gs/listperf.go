package main

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// listSoftware implements `gs -l 'software:PATTERN'`: the software events
// whose name or alias matches, as bpftrace lists them (software:NAME:).
func listSoftware(pattern string, stdout io.Writer) int {
	if pattern == "" {
		pattern = "*"
	}
	for _, e := range sema.SoftwareEvents {
		a, _ := path.Match(pattern, e.Name)
		b, _ := path.Match(pattern, e.Alias)
		if a {
			fmt.Fprintf(stdout, "software:%s:\n", e.Name)
		}
		if e.Alias != "" && b {
			fmt.Fprintf(stdout, "software:%s:\n", e.Alias)
		}
	}
	return exitOK
}

// listPattern implements bpftrace's -l with a bare pattern ('*sleep*', its
// '*:PATTERN') or a wildcard in the probe type ('*ware:*'): the interval,
// profile and software probes whose listed name matches, and with -p the
// process's functions matching a bare pattern. gs has no kernel probes to
// list, so a pattern that matches nothing is an error, not empty output.
func listPattern(pattern string, pid int, stdout, stderr io.Writer) int {
	found := false
	var names []string
	for _, k := range []parser.ProbeKind{parser.ProbeInterval, parser.ProbeProfile} {
		for _, u := range parser.TimeUnits(k) {
			names = append(names, fmt.Sprintf("%s:%s:", k, u))
		}
	}
	for _, e := range sema.SoftwareEvents {
		names = append(names, "software:"+e.Name+":")
	}
	for _, n := range names {
		full, _ := path.Match(pattern, n)
		bare, _ := path.Match(pattern, strings.TrimSuffix(n, ":"))
		if full || bare || !strings.Contains(pattern, ":") && matchAnyPart(pattern, n) {
			fmt.Fprintln(stdout, n)
			found = true
		}
	}
	if pid != 0 && !strings.Contains(pattern, ":") {
		var out strings.Builder
		if listProcess(pid, pattern, &out, io.Discard) == exitOK { // list.go
			fmt.Fprint(stdout, out.String())
			found = true
		}
	}
	if !found {
		fmt.Fprintf(stderr, "gs: no probe matches %q (gs lists uprobe:BIN:PATTERN, usdt:BIN:PATTERN, a process's functions with -p, and interval, profile and software probes; it has no kernel probes)\n", pattern)
		return exitRuntime
	}
	return exitOK
}

// matchAnyPart reports whether a bare pattern matches one of a listed
// name's parts, as bpftrace's '*:PATTERN' does.
func matchAnyPart(pattern, name string) bool {
	for _, part := range strings.Split(name, ":") {
		if ok, _ := path.Match(pattern, part); ok && part != "" {
			return true
		}
	}
	return false
}

// listTimed implements `gs -l 'interval:PATTERN'` and 'profile:PATTERN':
// the units whose name matches the pattern's first part, as bpftrace lists
// them (interval:ms:).
func listTimed(k parser.ProbeKind, pattern string, stdout io.Writer) int {
	pattern, _, _ = strings.Cut(pattern, ":")
	if pattern == "" {
		pattern = "*"
	}
	for _, u := range parser.TimeUnits(k) {
		if ok, _ := path.Match(pattern, u); ok {
			fmt.Fprintf(stdout, "%s:%s:\n", k, u)
		}
	}
	return exitOK
}
