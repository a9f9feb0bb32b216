package sema

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file resolves USDT probes (usdt:BIN:[PROVIDER:]NAME) to the sites
// of the binaries' .note.stapsdt (debuginfo/usdt.go) and types their
// arguments. A site is a NOP, so its probe is a uprobe there, pinned (no
// placement moves it: the arguments are where the note says only at that
// pc), with the file offset of its semaphore for the kernel to raise.
//
// arg0..argN read where the note's specs say. They are program values
// like variables (a VarRef with one location per probe), so gen reads
// them as it reads variables: a register, memory at reg+off, a constant.
// Their type is the spec's (int32_t for -4@...) when every probe of the
// group agrees, else int64 with each probe's value extended by its own
// size and sign (bpftrace's usdt:BIN:prov:* over sites of other types).

// usdtSite is what a USDT probe attaches to.
type usdtSite struct {
	bin  *debuginfo.Binary
	note debuginfo.USDT
}

// usdtProbes adds the probes of a usdt specifier.
func (c *checker) usdtProbes(g *Group, pr *parser.Probe) {
	var names []string
	switch {
	case pr.Binary == "" && len(c.cfg.Mapped) > 0:
		names = c.cfg.Mapped // -p: every module of the process, as gs opens it (openMapped)
	case pr.Binary == "" && c.cfg.DefaultBinary != "":
		names = []string{c.cfg.DefaultBinary}
	case pr.Binary == "":
		c.errorf(pr, "probe %q names no binary", pr.Text).
			WithHint("write usdt:BINARY:%s, or trace a command with -c or a process with -p", pr.Func)
		return
	case pr.Binary == "*" && len(c.cfg.Mapped) == 0:
		names = debuginfo.USDTFiles() // every process's files with probes
	case debuginfo.HasWildcard(pr.Binary):
		names = c.resolver().Glob(pr.Binary)
	default:
		names = []string{pr.Binary}
	}
	n := 0
	for _, name := range names {
		k := c.usdtBinary(g, pr, name, len(names) == 1 && !debuginfo.HasWildcard(pr.Binary) && pr.Binary != "")
		if k < 0 {
			return // reported
		}
		n += k
	}
	if n == 0 {
		what := pr.Func
		if pr.Provider != "" {
			what = pr.Provider + ":" + pr.Func
		}
		where := fmt.Sprintf("%q", pr.Binary)
		if pr.Binary == "" {
			where = "the traced process"
		}
		c.missingProbe(pr, "no usdt probe in %s matches %q", where, what).
			WithHint("gs -l 'usdt:BINARY:*' lists a binary's probes")
	}
}

// usdtBinary adds the sites of pr in the binary name and returns how many
// there are; with one, a binary it cannot open or read is reported, and
// the count is -1.
func (c *checker) usdtBinary(g *Group, pr *parser.Probe, name string, one bool) int {
	var be *binEntry
	if len(c.cfg.Mapped) > 0 && (pr.Binary == "" || debuginfo.HasWildcard(pr.Binary)) {
		// A file of Mapped (Glob's matches with -p are too), by its host path.
		be = c.openMapped(name)
	} else {
		be = c.openBinary(name)
	}
	if be.bin == nil {
		if one {
			d := c.errorf(pr, "%s", be.err)
			if be.hint != "" {
				d.WithHint("%s", be.hint)
			}
			return -1
		}
		return 0
	}
	notes, _, err := be.bin.USDTs()
	if err != nil {
		if one {
			c.errorf(pr, "cannot read the usdt probes of %q: %v", name, err)
			return -1
		}
		return 0
	}
	spelled := name
	if pr.Binary == "" || pr.Binary == "*" {
		spelled = be.bin.Path
	}
	n := 0
	for _, u := range notes {
		if !debuginfo.USDTMatch(pr.Provider, u.Provider) || !debuginfo.USDTMatch(pr.Func, u.Name) {
			continue
		}
		off, ok := be.bin.FileOffset(u.PC)
		if !ok {
			c.errorf(pr, "usdt probe %s:%s of %q is at 0x%x, in no loaded segment", u.Provider, u.Name, name, u.PC)
			continue
		}
		at := ir.Probe{
			ID: uint32(len(c.p.Probes)), Kind: ir.Uprobe, Binary: be.bin.Path, Offset: off, Address: u.PC, Sp: pr.Sp,
			Name: "usdt:" + spelled + ":" + u.Provider + ":" + u.Name,
		}
		at.Func = at.Name
		if fn, ok := be.bin.FuncAt(u.PC); ok {
			at.Func, at.Symbol = be.bin.FuncName(fn), fn.Name
		}
		if u.Semaphore != 0 {
			sem, ok := be.bin.FileOffset(u.Semaphore)
			if !ok {
				c.errorf(pr, "the semaphore of usdt probe %s:%s of %q is at 0x%x, in no loaded segment", u.Provider, u.Name, name, u.Semaphore)
				continue
			}
			at.RefCtrOffset = sem
		}
		if c.pinned == nil {
			c.pinned = map[int]bool{}
		}
		c.pinned[int(at.ID)] = true
		if c.usdt == nil {
			c.usdt = map[int]*usdtSite{}
		}
		c.usdt[int(at.ID)] = &usdtSite{bin: be.bin, note: u}
		g.Probes = append(g.Probes, len(c.p.Probes))
		c.p.Probes = append(c.p.Probes, at)
		n++
	}
	return n
}

// usdtArgIndex returns N of an identifier argN.
func usdtArgIndex(name string) (int, bool) {
	if !strings.HasPrefix(name, "arg") || len(name) == 3 || strings.Trim(name[3:], "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(name[3:])
	return n, err == nil
}

// usdtGroup reports whether g's probes are USDT sites; a group mixing
// them with others has argN of two meanings, which usdtArg refuses.
func (c *checker) usdtGroup(g *Group) (all, any bool) {
	all = len(g.Probes) > 0
	for _, id := range g.Probes {
		if c.usdt[id] != nil {
			any = true
		} else {
			all = false
		}
	}
	return all, any
}

// usdtArg types argN at the USDT probes of gc's group.
func (c *checker) usdtArg(gc *groupCtx, e *parser.Ident, n int) *Type {
	if all, _ := c.usdtGroup(gc.g); !all {
		c.errorf(e, "%s is a usdt probe's argument here and a register at the group's other probes", e.Name).
			WithHint("put the usdt probes in a group of their own")
		return nil
	}
	ref := &VarRef{Name: e.Name, At: map[int]*VarAt{}}
	var first *debuginfo.USDTArg
	same := true
	for _, id := range gc.g.Probes {
		s := c.usdt[id]
		if s.note.Args == nil && s.note.ArgsText != "" {
			_, err := debuginfo.ParseUSDTArgs(s.note.ArgsText)
			c.errorf(e, "%s cannot be read at %s: %v", e.Name, c.p.Probes[id].Name, err)
			return nil
		}
		if n >= len(s.note.Args) {
			d := c.errorf(e, "%s is not available: %s has %d argument%s", e.Name, c.p.Probes[id].Name, len(s.note.Args), plural(len(s.note.Args)))
			if len(s.note.Args) > 0 {
				d.WithHint("its arguments are arg0..arg%d", len(s.note.Args)-1)
			}
			return nil
		}
		a := &s.note.Args[n]
		if first == nil {
			first = a
		} else if a.Size != first.Size || a.Signed != first.Signed {
			same = false
		}
	}
	for _, id := range gc.g.Probes {
		s := c.usdt[id]
		a := s.note.Args[n]
		loc, err := s.bin.USDTLocation(a)
		if err != nil {
			c.errorf(e, "%s cannot be read at %s: %v", e.Name, c.p.Probes[id].Name, err)
			return nil
		}
		if !same {
			loc = extendedUSDT(loc, a)
		}
		at := &VarAt{Loc: loc, Module: -1, Kind: debuginfo.VarParam}
		if loc.NeedsBias() {
			at.Module = c.module(s.bin.Path)
		}
		ref.At[id] = at
	}
	ref.Type = Int64
	if same {
		ref.Type = cTypes[first.TypeName()]
	}
	v := c.vals()
	v.Vars[e] = ref
	v.PerProbe[gc.g] = true
	return ref.Type
}

// extendedUSDT turns the location of a as its own type into one of its
// value as an int64: sign- or zero-extended from its size.
func extendedUSDT(loc debuginfo.Location, a debuginfo.USDTArg) debuginfo.Location {
	p := loc.Pieces[0]
	var ops []debuginfo.LocOp
	switch p.Kind {
	case debuginfo.PieceReg:
		ops = []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: p.Ops[0].Reg}}
	case debuginfo.PieceMemory:
		ops = append(append(ops, p.Ops...), debuginfo.LocOp{Kind: debuginfo.LocDeref, Size: a.Size})
	default:
		ops = append(ops, p.Ops...)
	}
	if a.Size < 8 {
		bits := uint64(64 - 8*a.Size)
		if a.Signed {
			ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocConst, Value: bits}, debuginfo.LocOp{Kind: debuginfo.LocShl},
				debuginfo.LocOp{Kind: debuginfo.LocConst, Value: bits}, debuginfo.LocOp{Kind: debuginfo.LocShra})
		} else {
			ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocConst, Value: 1<<(8*a.Size) - 1}, debuginfo.LocOp{Kind: debuginfo.LocAnd})
		}
	}
	return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceValue, Ops: ops}}}
}

// openMapped opens a file -p's process maps by the path gs opens it at
// (Config.Mapped), once; a name the script writes goes through the
// resolver instead (openBinary), in the process's root.
func (c *checker) openMapped(path string) *binEntry {
	if be, ok := c.mapped[path]; ok {
		return be
	}
	if c.mapped == nil {
		c.mapped = map[string]*binEntry{}
	}
	be := &binEntry{}
	c.mapped[path] = be
	bin, err := debuginfo.Open(path)
	if err != nil {
		be.err = fmt.Sprintf("cannot open %q: %v", path, err)
		return be
	}
	be.bin = bin
	return be
}
