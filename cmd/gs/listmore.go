package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/procmaps"
	"github.com/gs-tracer/gs/sema"
)

// The forms of -l that bpftrace's users write besides 'uprobe:BIN:PATTERN':
// a script (-l -e 'PROGRAM' or -l FILE: the probes it would attach), a
// process (-l -p PID: the functions of its executable and libraries), a
// kind wildcard ('*:BIN:PATTERN'), BIN:PATTERN, and wildcards in BIN.

// isScript reports whether -l was given a script rather than a probe: an
// -e program with a block, or an existing file.
func isScript(program string, rest []string) bool {
	if program != "" {
		return strings.ContainsAny(program, "{<") && len(rest) == 0
	}
	if len(rest) != 1 || strings.Contains(rest[0], ":") {
		return false
	}
	fi, err := os.Stat(rest[0])
	return err == nil && fi.Mode().IsRegular()
}

// listProbes prints the probes a checked script attaches, once each, as
// bpftrace lists them: interval, profile and software probes by their unit
// or event alone (interval:ms:), as -l 'interval:*' lists them.
func listProbes(p *sema.Program, w io.Writer) {
	seen := map[string]bool{}
	for _, pr := range p.Probes {
		name := pr.Name
		if pr.Kind == ir.Interval || pr.Kind == ir.Perf {
			if parts := strings.SplitN(name, ":", 3); len(parts) == 3 {
				name = parts[0] + ":" + parts[1] + ":"
			}
		}
		if !seen[name] {
			seen[name] = true
			fmt.Fprintln(w, name)
		}
	}
}

// normalizeSpec turns the other spellings of a uprobe pattern into
// 'uprobe:BIN:PATTERN': '*:BIN:PATTERN' (gs has no other kind) and
// 'BIN:PATTERN' for a BIN that is a path.
func normalizeSpec(spec string) string {
	switch {
	case strings.HasPrefix(spec, "*:"):
		return "uprobe:" + spec[2:]
	case strings.HasPrefix(spec, "/"), strings.HasPrefix(spec, "./"), strings.HasPrefix(spec, "../"):
		return "uprobe:" + spec
	}
	return spec
}

// globBinaries expands a wildcard in a probe's binary as probes do
// (debuginfo.Resolver.Glob); files that are not ELF are left out.
func globBinaries(pattern string) []string {
	var out []string
	for _, m := range (&debuginfo.Resolver{}).Glob(pattern) {
		if b, err := debuginfo.Open(m); err == nil {
			b.Close()
			out = append(out, m)
		}
	}
	return out
}

// listProcess prints 'uprobe:PATH:FUNC' for every function matching
// pattern in the executable and the libraries process pid maps, PATH as
// the process names the file.
func listProcess(pid int, pattern string, stdout, stderr io.Writer) int {
	ms, err := procmaps.Read(pid)
	if err != nil {
		fmt.Fprintf(stderr, "gs: %v\n", err)
		return exitRuntime
	}
	r := debuginfo.ForProcess(pid)
	seen := map[string]bool{}
	found := false
	for _, m := range ms {
		if !m.Exec() || m.Path == "" || !path.IsAbs(m.Path) || seen[m.Path] {
			continue
		}
		seen[m.Path] = true
		file, err := r.Find(m.Path)
		if err != nil {
			continue // not the process's file any more (replaced, unlinked)
		}
		bin, err := debuginfo.Open(file)
		if err != nil {
			continue // [vdso] and the like
		}
		for _, fn := range bin.ListFuncs(pattern) {
			fmt.Fprintf(stdout, "uprobe:%s:%s\n", m.Path, fn.Spec)
			found = true
		}
		bin.Close()
	}
	if !found {
		fmt.Fprintf(stderr, "gs: no function of process %d matches %q\n", pid, pattern)
		return exitRuntime
	}
	return exitOK
}
