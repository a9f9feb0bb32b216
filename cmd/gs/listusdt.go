package main

import (
	"fmt"
	"io"
	"path"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/procmaps"
)

// listUSDT implements gs -l 'usdt:BIN:[PROVIDER:]NAME' (the USDT probes
// of a binary, of wildcard binaries, or with -p or no binary of every
// file process pid maps) and -lv (each probe's sites and arguments: type
// and the note's spec). quiet leaves out the message for no match (the
// usdt half of '*:BIN:PATTERN' and -l -p).
func listUSDT(p *parser.Probe, pid int, verbose, quiet bool, stdout, stderr io.Writer) int {
	type file struct{ open, shown string }
	var files []file
	switch {
	case pid != 0 && (p.Binary == "" || p.Binary == "*" || debuginfo.HasWildcard(p.Binary)):
		ms, err := procmaps.Read(pid)
		if err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
			return exitRuntime
		}
		r := debuginfo.ForProcess(pid)
		seen := map[string]bool{}
		for _, m := range ms {
			if !m.File() || m.Path == "" || !path.IsAbs(m.Path) || seen[m.Path] {
				continue
			}
			seen[m.Path] = true
			if p.Binary != "" && p.Binary != "*" {
				full, _ := path.Match(p.Binary, m.Path)
				base, _ := path.Match(p.Binary, path.Base(m.Path))
				if !full && !base {
					continue
				}
			}
			if f, err := r.Find(m.Path); err == nil {
				files = append(files, file{f, m.Path})
			}
		}
	case p.Binary == "":
		fmt.Fprintf(stderr, "gs: -l needs a binary: 'usdt:BIN:%s', or -p PID\n", p.Func)
		return exitUsage
	case debuginfo.HasWildcard(p.Binary):
		for _, b := range globBinaries(p.Binary) {
			files = append(files, file{b, b})
		}
	default:
		r := &debuginfo.Resolver{}
		if pid != 0 {
			r = debuginfo.ForProcess(pid)
		}
		f, err := r.Find(p.Binary)
		if err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
			return exitRuntime
		}
		files = append(files, file{f, p.Binary})
	}
	found := false
	for _, f := range files {
		bin, err := debuginfo.Open(f.open)
		if err != nil {
			continue
		}
		notes, _, err := bin.USDTs()
		if err != nil {
			fmt.Fprintf(stderr, "gs: %s: %v\n", f.shown, err)
		}
		var order []string
		sites := map[string][]debuginfo.USDT{}
		for _, u := range notes {
			if !debuginfo.USDTMatch(p.Provider, u.Provider) || !debuginfo.USDTMatch(p.Func, u.Name) {
				continue
			}
			k := u.Provider + ":" + u.Name
			if sites[k] == nil {
				order = append(order, k)
			}
			sites[k] = append(sites[k], u)
		}
		for _, k := range order {
			found = true
			fmt.Fprintf(stdout, "usdt:%s:%s\n", f.shown, k)
			if verbose {
				listUSDTSites(stdout, bin, sites[k])
			}
		}
		bin.Close()
	}
	if !found && !quiet {
		what := p.Func
		if p.Provider != "" {
			what = p.Provider + ":" + p.Func
		}
		fmt.Fprintf(stderr, "gs: no usdt probe matches %q\n", what)
		return exitRuntime
	}
	return exitOK
}

// listUSDTSites prints each site of one probe: where it is, its
// semaphore, and its arguments as bpftrace's -lv lists arguments
// ("    int32_t arg0"), with the spec the note gives.
func listUSDTSites(w io.Writer, bin *debuginfo.Binary, sites []debuginfo.USDT) {
	for i, u := range sites {
		where := fmt.Sprintf("0x%x", u.PC)
		if fn, ok := bin.FuncAt(u.PC); ok {
			where += fmt.Sprintf(" (%s+%d)", bin.FuncName(fn), u.PC-fn.Addr)
		}
		sem := ""
		if u.Semaphore != 0 {
			sem = fmt.Sprintf(", semaphore at 0x%x (raised while attached)", u.Semaphore)
		}
		if len(sites) > 1 || i > 0 {
			fmt.Fprintf(w, "  site %d at %s%s\n", i+1, where, sem)
		} else {
			fmt.Fprintf(w, "    probe  at %s%s\n", where, sem)
		}
		if u.Args == nil && u.ArgsText != "" {
			_, err := debuginfo.ParseUSDTArgs(u.ArgsText)
			fmt.Fprintf(w, "    (arguments %q: %v)\n", u.ArgsText, err)
			continue
		}
		for n, a := range u.Args {
			fmt.Fprintf(w, "    %-8s %-6s %s\n", a.TypeName(), fmt.Sprintf("arg%d", n), a.Spec)
		}
	}
}
