package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// list implements `gs -l SPEC` (functions matching a pattern) and
// `gs -lv SPEC` (also the parameters and locals of each match, with their
// types and whether they can be read at the probe's address).
func list(spec string, pid int, verbose, exact bool, stdout, stderr io.Writer) int {
	if rest, ok := strings.CutPrefix(spec, "*:"); ok {
		// Every kind: the functions, then the USDT probes (listusdt.go).
		code := list("uprobe:"+rest, pid, verbose, exact, stdout, stderr)
		if prog, diags := parser.ParseString("<list>", "usdt:"+rest+" {}"); !diags.HasErrors() && len(prog.Groups) == 1 {
			listUSDT(prog.Groups[0].Probes[0], pid, verbose, true, stdout, stderr)
		}
		return code
	}
	if t, _, _ := strings.Cut(spec, " "); t == "struct" || t == "union" || t == "enum" {
		return listTypes(spec, verbose, stdout, stderr) // listtypes.go
	}
	kind, rest, ok := strings.Cut(spec, ":")
	if k, _ := parser.LookupProbeType(kind); ok && (k == parser.ProbeInterval || k == parser.ProbeProfile) {
		return listTimed(k, rest, stdout) // listperf.go
	}
	if !ok || debuginfo.HasWildcard(kind) && strings.Trim(kind, "abcdefghijklmnopqrstuvwxyz*?") == "" {
		return listPattern(spec, pid, stdout, stderr) // listperf.go
	}
	spec = normalizeSpec(spec) // listmore.go
	prog, diags := parser.ParseString("<list>", spec+" {}")
	if diags.HasErrors() {
		diags.Render(stderr, false)
		return exitUsage
	}
	if len(prog.Groups) != 1 || len(prog.Groups[0].Probes) != 1 {
		fmt.Fprintf(stderr, "gs: -l takes one probe such as 'uprobe:BIN:PATTERN', not %q\n", spec)
		return exitUsage
	}
	p := prog.Groups[0].Probes[0]
	if p.Kind == parser.ProbeUsdt {
		return listUSDT(p, pid, verbose, false, stdout, stderr) // listusdt.go
	}
	if p.Kind == parser.ProbeSoftware {
		return listSoftware(p.Event, stdout) // listperf.go
	}
	if p.Kind != parser.ProbeUprobe && p.Kind != parser.ProbeUretprobe {
		fmt.Fprintf(stderr, "gs: -l lists uprobe points, not %s probes\n", p.Kind)
		return exitUsage
	}
	if (p.Binary == "" || p.Binary == "*") && pid != 0 {
		pattern := p.Func
		if pattern == "" {
			pattern = "*"
		}
		return listProcess(pid, pattern, stdout, stderr)
	}
	if p.Binary == "" {
		fmt.Fprintf(stderr, "gs: -l needs a binary: 'uprobe:BIN:%s'\n", p.Func)
		return exitUsage
	}
	if debuginfo.HasWildcard(p.Binary) && pid == 0 {
		bins := globBinaries(p.Binary)
		if len(bins) == 0 {
			fmt.Fprintf(stderr, "gs: no binary matches %q\n", p.Binary)
			return exitRuntime
		}
		code := exitOK
		for _, b := range bins {
			one := strings.Replace(spec, p.Binary, b, 1)
			if c := list(one, pid, verbose, exact, stdout, stderr); c != exitOK {
				code = c
			}
		}
		return code
	}
	r := &debuginfo.Resolver{}
	if pid != 0 {
		r = debuginfo.ForProcess(pid) // in the target's root, as probes find it
	}
	path, err := r.Find(p.Binary) // as probes find it
	if err != nil {
		fmt.Fprintf(stderr, "gs: %v\n", err)
		return exitRuntime
	}
	bin, err := debuginfo.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "gs: %v\n", err)
		return exitRuntime
	}
	defer bin.Close()
	prefix := strings.SplitN(p.Text, ":", 2)[0] + ":" + p.Binary + ":"

	if p.File != "" {
		d, err := bin.Debug()
		if err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
			return exitRuntime
		}
		addrs, err := d.LineAddrs(p.File, p.Line)
		if err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
			return exitRuntime
		}
		for _, a := range addrs {
			where := ""
			if fn, ok := bin.FuncAt(a); ok {
				where = fmt.Sprintf(" (%s+%d)", fn.Name, a-fn.Addr)
			}
			fmt.Fprintf(stdout, "%s%s:%d  0x%x%s\n", prefix, p.File, p.Line, a, where)
			if verbose {
				listVars(stdout, d, a, 0, "here")
			}
		}
		return exitOK
	}

	pattern := p.Func
	if pattern == "" {
		pattern = "*"
	}
	funcs := bin.ListFuncs(pattern)
	if len(funcs) == 0 && !debuginfo.NewQuery(pattern).Wildcard {
		// A function with no symbol of its name, as a probe finds it:
		// inlined everywhere, or out of line only as a clone
		// (sqlite3DbFree.lto_priv.0 in an LTO build).
		if d, err := bin.Debug(); err == nil {
			if insts, err := d.FuncInstances(pattern); err == nil && len(insts) > 0 {
				funcs = []debuginfo.Listed{{Spec: debuginfo.QuoteName(pattern), Qual: pattern}}
			}
		}
	}
	if len(funcs) == 0 {
		fmt.Fprintf(stderr, "gs: no function in %s matches %q\n", path, pattern)
		return exitRuntime
	}
	var d *debuginfo.Debug
	_, goPcln := bin.GoPclntab() // Go without DWARF: listGoABI says what there is
	if verbose && !goPcln {
		if d, err = bin.Debug(); err != nil && bin.IsGo() {
			goPcln = true // symbols (-w), no DWARF
		} else if err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
		}
	}
	if p.HasOffset {
		if p.Kind == parser.ProbeUretprobe {
			fmt.Fprintf(stderr, "gs: a uretprobe attaches to a function's entry, not an offset\n")
			return exitUsage
		}
		for _, fn := range funcs {
			if msg, hint := machine.OffsetProblem(bin, fn.Funcs[0], p.Offset); msg != "" {
				fmt.Fprintf(stderr, "gs: %s\n", msg)
				if hint != "" {
					fmt.Fprintf(stderr, "hint: %s\n", hint)
				}
				return exitUsage
			}
		}
	}
	for _, fn := range funcs {
		line := prefix + fn.Spec
		if p.HasOffset {
			line += fmt.Sprintf("+%d", p.Offset)
		}
		if verbose {
			for _, s := range fn.Funcs {
				if s.Name != fn.Qual {
					line += "  " + s.Name // its symbols, mangled
				}
			}
		}
		fmt.Fprintln(stdout, line)
		if verbose && goPcln {
			listGoABI(stdout, bin, fn, p.Kind == parser.ProbeUretprobe, exact) // listgo.go
		}
		if verbose && !goPcln && d == nil {
			fmt.Fprintf(stdout, "    (named by %s)\n", symbolSources(fn))
		}
		if d == nil {
			continue
		}
		insts, err := d.FuncInstances(fn.Qual)
		if err != nil || len(insts) == 0 {
			fmt.Fprintf(stdout, "    (no debug information for %s; named by %s)\n", fn.Qual, symbolSources(fn))
			continue
		}
		listArgs(stdout, d, insts)
		for _, in := range insts {
			if len(insts) > 1 || in.Inlined {
				kind := "out-of-line"
				if in.Inlined {
					kind = fmt.Sprintf("inlined into %s at %s:%d", in.Caller, filepath.Base(in.CallFile), in.CallLine)
				}
				fmt.Fprintf(stdout, "  copy at 0x%x (%s)\n", in.Entry, kind)
			}
			if p.Kind == parser.ProbeUretprobe && !in.Inlined {
				if why := retSitesWhy(bin, in); why != "" {
					listReturns(stdout, bin, d, in, why) // listgo.go
					continue
				}
			}
			if p.HasOffset { // FUNC+OFF: there, never moved
				if in.Inlined {
					continue
				}
				at := fmt.Sprintf("at +%d", p.Offset)
				fmt.Fprintf(stdout, "    probe  %s (0x%x): FUNC+OFF probes stay where they are put\n", at, in.Entry+p.Offset)
				end := uint64(0)
				if p.Offset == 0 {
					end = in.PrologueEnd // as at the entry: what the prologue has yet to store
				}
				listVars(stdout, d, in.Entry+p.Offset, end, at)
				continue
			}
			fmt.Fprintf(stdout, "    probe  %s\n", machine.PlaceFunc(bin, in, exact))
			listVars(stdout, d, in.Entry, in.PrologueEnd, "at entry")
		}
	}
	return exitOK
}

// listVars prints the variables visible at pc; when prologueEnd is set and
// differs, a variable unavailable at pc but available there says so.
// listArgs prints the function's parameters as bpftrace's -lv lists them,
// "    int* n", before gs's own lines on where each can be read.
func listArgs(w io.Writer, d *debuginfo.Debug, insts []debuginfo.FuncInstance) {
	in := insts[0]
	for _, i := range insts {
		if !i.Inlined {
			in = i
			break
		}
	}
	vars, err := d.VarsAt(in.Entry)
	if err != nil {
		return
	}
	for _, v := range vars {
		if !v.IsParam() || v.Result {
			continue
		}
		typ := "?"
		if v.Type != nil {
			typ = strings.ReplaceAll(debuginfo.TypeName(v.Type), " *", "*")
		}
		fmt.Fprintf(w, "    %s %s\n", typ, v.Name)
	}
}

func listVars(w io.Writer, d *debuginfo.Debug, pc, prologueEnd uint64, where string) {
	vars, err := d.VarsAt(pc)
	if err != nil {
		fmt.Fprintf(w, "    (%v)\n", err)
		return
	}
	var later map[string]debuginfo.Var
	if prologueEnd != 0 && prologueEnd != pc {
		if vs, err := d.VarsAt(prologueEnd); err == nil {
			later = map[string]debuginfo.Var{}
			for _, v := range vs {
				later[v.Kind.String()+" "+v.Name] = v
			}
		}
	}
	for _, v := range vars {
		if v.Kind == debuginfo.VarGlobal {
			continue
		}
		typ := "?"
		if v.Type != nil {
			typ = debuginfo.TypeName(v.Type)
		}
		avail := where + ": " + v.Loc.String()
		if !v.Available {
			avail = "optimized out here"
			if lv, ok := later[v.Kind.String()+" "+v.Name]; ok && lv.Available {
				avail = "after the prologue: " + lv.Loc.String()
			} else if v.Loc.Reason != "" {
				avail += " (" + v.Loc.Reason + ")"
			}
		}
		if reg, unsaved := v.Loc.UnsavedReg(); unsaved && v.Available {
			avail = fmt.Sprintf("in %s, which uprobes cannot read", debuginfo.RegName(reg))
		}
		fmt.Fprintf(w, "    %-6s %-28s %s\n", v.Kind, typ+" "+v.Name, avail)
	}
}

// symbolSources names the symbol tables that named fn's symbols
// (debuginfo's From*: .symtab, .gnu_debugdata, .dynsym).
func symbolSources(fn debuginfo.Listed) string {
	var out []string
	for _, s := range fn.Funcs {
		if s.From != "" && !slices.Contains(out, s.From) {
			out = append(out, s.From)
		}
	}
	return strings.Join(out, ", ")
}
