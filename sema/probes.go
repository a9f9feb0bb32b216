package sema

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// binEntry is a binary opened once per Check, or why it could not be.
type binEntry struct {
	bin  *debuginfo.Binary
	err  string // message when bin is nil
	hint string
}

// resolveProbes turns each probe specifier of g into attach points.
func (c *checker) resolveProbes(g *Group) {
	g.Ret = len(g.Node.Probes) > 0
	for _, pr := range g.Node.Probes {
		if pr.Kind != parser.ProbeUretprobe {
			g.Ret = false
		}
		switch pr.Kind {
		case parser.ProbeBegin, parser.ProbeEnd, parser.ProbeInterval:
			c.specialProbe(g, pr)
			continue
		case parser.ProbeUsdt:
			c.usdtProbes(g, pr) // usdt.go
			continue
		case parser.ProbeProfile, parser.ProbeSoftware:
			c.perfProbe(g, pr) // perf.go
			continue
		case parser.ProbeWatchpoint:
			c.watchProbe(g, pr) // perf.go
			continue
		}
		name := pr.Binary
		if name == "" {
			name = c.cfg.DefaultBinary
			if name == "" {
				c.errorf(pr, "probe %q names no binary", pr.Text).
					WithHint("write %s:BINARY:%s, or trace a command with -c or a process with -p", pr.Kind, pr.Func)
				continue
			}
		}
		names := []string{name}
		if debuginfo.HasWildcard(name) {
			names = c.wildBinaries(pr) // binglob.go
		}
		for _, name := range names {
			c.binaryProbes(g, pr, name)
		}
	}
}

// binaryProbes adds the attach points of pr in the binary name.
func (c *checker) binaryProbes(g *Group, pr *parser.Probe, name string) {
	be := c.openBinary(name)
	if be.bin == nil {
		d := c.errorf(pr, "%s", be.err)
		if be.hint != "" {
			d.WithHint("%s", be.hint)
		}
		return
	}
	c.warnStaticCommand(pr, name, be.bin)
	prefix := pr.Kind.String() + ":" + name + ":"
	ats := c.attachPoints(pr, be.bin, name)
	var atRet []bool
	var sites []retSite
	if pr.Kind == parser.ProbeUretprobe {
		ats, atRet, sites = c.retSites(g, pr, be.bin, ats) // retsites.go: a uprobe on each RET where it must be
	}
	first := len(c.p.Probes)
	for _, s := range sites {
		rc := ir.ReturnCount{Name: prefix + s.entry.Name, Func: s.entry.Func, Binary: be.bin.Path,
			Offset: s.entry.Offset, Address: s.entry.Address}
		for i := s.first; i < s.first+s.n; i++ {
			rc.Rets = append(rc.Rets, uint32(first+i))
		}
		if s.pl != nil { // on its return addresses: counted at its calls
			rc.Sites = s.calls
			if c.retAddrPl == nil {
				c.retAddrPl = map[int]machine.Placement{}
			}
			pl := *s.pl
			pl.Probe = first + s.first
			c.retAddrPl[pl.Probe] = pl
		}
		c.p.Returns = append(c.p.Returns, rc)
	}
	c.nameSources(prefix, be.bin, pr, ats)
	for i, at := range ats {
		ret := atRet != nil && atRet[i]
		at.ID = uint32(len(c.p.Probes))
		at.Name = prefix + at.Name
		at.Binary = be.bin.Path
		at.Sp = pr.Sp
		if pr.Kind == parser.ProbeUretprobe && !ret {
			at.Kind = ir.Uretprobe
		}
		if ret {
			c.markRetSite(int(at.ID))
		}
		if pr.HasAddr || pr.HasOffset || ret {
			if c.pinned == nil {
				c.pinned = map[int]bool{}
			}
			c.pinned[int(at.ID)] = true
		}
		g.Probes = append(g.Probes, len(c.p.Probes))
		c.p.Probes = append(c.p.Probes, at)
	}
}

// unitNs are the interval units in nanoseconds.
var unitNs = map[string]uint64{"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1, "hz": 0}

// specialProbe adds a BEGIN, END or interval probe. They attach to no
// binary of the script's: the runtime runs BEGIN and END itself and
// interval probes on a timer (see ir's doc).
func (c *checker) specialProbe(g *Group, pr *parser.Probe) {
	at := ir.Probe{ID: uint32(len(c.p.Probes)), Sp: pr.Sp}
	switch pr.Kind {
	case parser.ProbeBegin:
		// bpftrace names them begin and end however they are written
		// (the probe builtin, its attachpoint_passes.cpp).
		at.Kind, at.Name = ir.Begin, "begin"
	case parser.ProbeEnd:
		at.Kind, at.Name = ir.End, "end"
	default:
		at.Kind = ir.Interval
		period, ok := c.periodNs(pr, "interval")
		if !ok {
			return
		}
		at.PeriodNs = period
		at.Name = fmt.Sprintf("interval:%s:%d", pr.IntervalUnit, pr.IntervalN)
	}
	if g.Special == "" {
		g.Special = pr.Kind.String()
	}
	g.Probes = append(g.Probes, len(c.p.Probes))
	c.p.Probes = append(c.p.Probes, at)
}

// attachPoints resolves the location part of pr in bin. Name holds the
// location as it will appear after "uprobe:BIN:".
func (c *checker) attachPoints(pr *parser.Probe, bin *debuginfo.Binary, binName string) []ir.Probe {
	if pr.HasAddr {
		if pr.Kind == parser.ProbeUretprobe {
			c.errorf(pr, "a uretprobe attaches to a function, not an address").WithHint("use uprobe:%s:0x%x", binName, pr.Addr)
			return nil
		}
		off, ok := bin.FileOffset(pr.Addr)
		if !ok {
			c.errorf(pr, "address 0x%x is not in a loaded segment of %q", pr.Addr, binName)
			return nil
		}
		at := ir.Probe{Name: fmt.Sprintf("0x%x", pr.Addr), Func: fmt.Sprintf("0x%x", pr.Addr), Offset: off, Address: pr.Addr}
		fn, ok := bin.FuncAt(pr.Addr)
		if !ok && !c.cfg.Unsafe && bin.HasSymbols() {
			// Not known to be code: a breakpoint there could corrupt data
			// the process reads (bpftrace refuses it too).
			c.errorf(pr, "could not resolve address 0x%x in %q: it is in no function", pr.Addr, binName).
				WithHint("--unsafe attaches there anyway, if it is the first byte of an instruction")
			return nil
		}
		if ok {
			at.Func = bin.FuncName(fn)
			if pr.Addr != fn.Addr {
				at.Func = fmt.Sprintf("%s+0x%x", at.Func, pr.Addr-fn.Addr)
			}
		}
		return []ir.Probe{at}
	}
	if pr.File != "" {
		return c.lineProbes(pr, bin, binName) // lineprobes.go
	}
	if !bin.HasSymbols() {
		if err := bin.GoPclntabErr(); err != nil { // a Go binary's functions are in its .gopclntab
			c.errorf(pr, "%q has no symbol table, and gs cannot %v", binName, err)
			return nil
		}
		if err := bin.MiniDebugErr(); err != nil {
			c.errorf(pr, "%q has no symbol table it can read: %v", binName, err)
			return nil
		}
		c.errorf(pr, "%q has no symbol table", binName)
		return nil
	}
	// A name is tried as a plain name first, so that Go's
	// main.(*Server).Handle and C++'s operator* are not patterns.
	syms := bin.FindFuncs(pr.Func)
	if len(syms) == 0 && debuginfo.NewQuery(pr.Func).Wildcard {
		if pr.HasOffset {
			c.errorf(pr, "a wildcard probe cannot have an offset")
			return nil
		}
		var out []ir.Probe
		for _, l := range bin.ListFuncs(pr.Func) {
			for _, fn := range l.Funcs {
				out = append(out, ir.Probe{Name: l.Spec, Func: bin.FuncName(fn), Symbol: fn.Name, Offset: fn.Offset, Address: fn.Addr})
			}
		}
		if len(out) == 0 {
			c.missingProbe(pr, "no function in %q matches %q", binName, pr.Func)
			return nil
		}
		return out
	}
	if !pr.HasOffset {
		if out, ok := c.funcCopies(pr, bin, binName, syms); ok {
			return out // every copy of the function, from DWARF (lineprobes.go)
		}
	}
	if len(syms) == 0 {
		if err := bin.MiniDebugErr(); err != nil {
			// Its local functions are where it could not read them.
			c.missingProbe(pr, "function %q not found in %q: %v", pr.Func, binName, err).
				WithHint("the binary's own symbols are damaged: reinstall it, or name a debug file with --debug-file")
			return nil
		}
		d := c.missingProbe(pr, "function %q not found in %q", pr.Func, binName)
		if s := diag.Suggest(pr.Func, bin.FuncNames()); s != "" {
			d.WithHint("did you mean %q?", s)
		}
		return nil
	}
	if pr.HasOffset && len(syms) > 1 {
		var sigs []string
		for _, fn := range syms {
			sigs = append(sigs, debuginfo.QuoteName(bin.FuncName(fn)))
		}
		c.errorf(pr, "%q names %d functions; an offset needs one", pr.Func, len(syms)).
			WithHint("name one by its signature: %s", strings.Join(sigs, ", "))
		return nil
	}
	name := debuginfo.QuoteName(pr.Func)
	if !c.cfg.Unsafe {
		for _, fn := range syms {
			if fn.Size == 0 && (!pr.HasOffset || pr.Offset == 0) {
				// Nothing says it is code that starts there (bpftrace
				// refuses it too: attached_probe.cpp).
				c.errorf(pr, "cannot tell where %q ends: its symbol has size 0", bin.FuncName(fn)).
					WithHint("--unsafe attaches there anyway, if it is the first byte of an instruction")
				return nil
			}
		}
	}
	if !pr.HasOffset {
		out := make([]ir.Probe, len(syms))
		for i, fn := range syms {
			out[i] = ir.Probe{Name: name, Func: bin.FuncName(fn), Symbol: fn.Name, Offset: fn.Offset, Address: fn.Addr}
		}
		return out
	}
	fn := syms[0]
	if pr.Kind == parser.ProbeUretprobe {
		c.errorf(pr, "a uretprobe attaches to a function's entry, not an offset").WithHint("use uprobe:%s:%s+%d", binName, name, pr.Offset)
		return nil
	}
	if fn.Size != 0 && pr.Offset >= fn.Size {
		c.errorf(pr, "offset %d is past the end of %q (%d bytes)", pr.Offset, pr.Func, fn.Size).
			WithHint("Offset outside the function bounds ('%s' size is %d), as bpftrace says: use an offset below %d", pr.Func, fn.Size, fn.Size)
		return nil
	}
	if !c.onInstruction(pr, bin, fn) {
		return nil
	}
	return []ir.Probe{{Name: fmt.Sprintf("%s+%d", name, pr.Offset), Func: bin.FuncName(fn), Symbol: fn.Name,
		Offset: fn.Offset + pr.Offset, Address: fn.Addr + pr.Offset}}
}

// openBinary finds and opens the binary or library called name, once.
func (c *checker) openBinary(name string) *binEntry {
	if be, ok := c.binaries[name]; ok {
		return be
	}
	if c.binaries == nil {
		c.binaries = map[string]*binEntry{}
	}
	be := &binEntry{}
	c.binaries[name] = be
	shown := name
	if len(shown) >= 2 && shown[0] == '"' && shown[len(shown)-1] == '"' {
		shown = shown[1 : len(shown)-1] // uprobe:"a.zip!/lib/x.so":fn, as bpftrace quotes it
	}
	file := shown
	archive, entry, inZip := debuginfo.SplitZip(file)
	if inZip {
		file = archive // an entry of a zip archive (debuginfo/zip.go)
	}
	path, err := c.resolver().Find(file)
	if err == nil && inZip {
		path += debuginfo.ZipSep + entry
	}
	if err != nil {
		be.err = err.Error()
		if _, err := os.Stat(filepath.Join(c.cfg.Dir, name)); err == nil && !strings.ContainsRune(name, '/') && c.cfg.Root == "" {
			be.hint = fmt.Sprintf("did you mean %q?", "./"+name)
		} else if c.cfg.Root != "" {
			be.hint = fmt.Sprintf("with -p, files are the target's, as its root %s shows them", c.cfg.Root)
		}
		return be
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() && !inZip {
		be.err = fmt.Sprintf("%q is a directory, not a binary", shown)
		return be
	}
	bin, err := debuginfo.Open(path)
	if errors.Is(err, debuginfo.ErrNotELF) && c.cfg.Unsafe {
		bin, err = debuginfo.OpenRaw(path) // a flat binary, probed by file offset
	} else if errors.Is(err, debuginfo.ErrNotELF) {
		be.err = fmt.Sprintf("%q is not an ELF file", shown)
		be.hint = fmt.Sprintf("if it is code a process maps itself, --unsafe probes it by file offset: uprobe:%s:0xOFFSET", shown)
		return be
	}
	if err != nil {
		be.err = fmt.Sprintf("cannot open %q: %v", shown, errors.Unwrap(err))
		return be
	}
	if c.cfg.DebugFile != "" {
		if withDebug, err := debuginfo.OpenWithDebugFile(path, c.cfg.DebugFile); err == nil {
			bin.Close()
			bin = withDebug
			c.debugFileUsed = true
		} else if c.debugFileErr == nil {
			c.debugFileErr = err
		}
	}
	be.bin = bin
	return be
}

// checkDebugFileUsed reports a --debug-file that belongs to none of the
// probed binaries.
func (c *checker) checkDebugFileUsed(prog *parser.Program) {
	if c.cfg.DebugFile == "" || c.debugFileUsed || c.debugFileErr == nil || len(prog.Groups) == 0 {
		return
	}
	c.diags.Errorf(prog.Groups[0].Probes[0].Sp, "%v", c.debugFileErr).
		WithHint("--debug-file must be the debug file of a probed binary (same build-id)")
}

// resolver finds the files probes name (debuginfo/resolve.go): paths
// relative to Config.Dir, commands in $PATH, libraries; with -p, in the
// target's root and among the libraries it maps.
func (c *checker) resolver() *debuginfo.Resolver {
	return &debuginfo.Resolver{Root: c.cfg.Root, Dir: c.cfg.Dir, Mapped: c.cfg.Mapped}
}

func (c *checker) closeBinaries() {
	for _, be := range c.binaries {
		if be.bin != nil {
			be.bin.Close()
		}
	}
	for _, be := range c.mapped {
		if be.bin != nil {
			be.bin.Close()
		}
	}
}

// nameSources adds the -v lines saying what named the functions pr
// attaches to in bin, in gdb's order: DWARF (and where it was found),
// else the symbol table (debuginfo's From*: .symtab, .gnu_debugdata,
// .dynsym, .gopclntab).
func (c *checker) nameSources(prefix string, bin *debuginfo.Binary, pr *parser.Probe, ats []ir.Probe) {
	if pr.HasAddr || pr.File != "" {
		return
	}
	seen := map[string]bool{}
	for _, at := range ats {
		var from string
		if pi := c.pvs().probeInfo[probeKey{bin.Path, at.Address}]; pi != nil && pi.inst != nil {
			from = "DWARF (" + bin.DebugSource() + ")"
		} else if fn, ok := bin.FuncAt(at.Address); ok && fn.From != "" {
			from = fn.From
		} else {
			continue
		}
		line := fmt.Sprintf("%s%s: %s named by %s", prefix, at.Name, at.Func, from)
		if !seen[line] {
			seen[line] = true
			c.p.Named = append(c.p.Named, line)
		}
	}
}

// warnStaticCommand warns about a probe on a library named by its short
// name (uprobe:libc:...) when -c's command is linked statically: the
// command maps no library (its libc, glibc's or musl's, is in the
// executable), so only programs it starts can hit the probe.
func (c *checker) warnStaticCommand(pr *parser.Probe, name string, bin *debuginfo.Binary) {
	if !c.cfg.Command || c.cfg.DefaultBinary == "" || strings.ContainsRune(name, '/') || name == c.cfg.DefaultBinary {
		return
	}
	if c.warnedStatic || !debuginfo.StaticExecutable(c.cfg.DefaultBinary) || sameFile(bin.Path, c.cfg.DefaultBinary) {
		return
	}
	c.warnedStatic = true
	c.diags.Warnf(pr.Sp, "%q is %s, which the command %s, linked statically, does not map: only programs it starts can hit this probe",
		name, bin.Path, c.cfg.DefaultBinary).
		WithHint("the command's own libc functions are in the executable: %s:%s:%s", pr.Kind, c.cfg.DefaultBinary, pr.Func)
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// periodNs is the period of an interval: or profile: probe in
// nanoseconds (hz:N is a rate); what names the probe type in errors.
// It reports false where the parser or it reported an error.
func (c *checker) periodNs(pr *parser.Probe, what string) (uint64, bool) {
	ns, ok := unitNs[pr.IntervalUnit]
	if !ok || pr.IntervalN == 0 {
		return 0, false // the parser reported it
	}
	switch {
	case pr.IntervalUnit == "hz" && pr.IntervalN > 1e9:
		c.errorf(pr, "%s hz:%d is more than once a nanosecond", what, pr.IntervalN)
		return 0, false
	case pr.IntervalUnit == "hz":
		return 1e9 / pr.IntervalN, true
	case pr.IntervalN > math.MaxUint64/ns:
		c.errorf(pr, "%s %d%s is too long", what, pr.IntervalN, pr.IntervalUnit)
		return 0, false
	}
	return pr.IntervalN * ns, true
}
