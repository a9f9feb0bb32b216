package sema

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// This file resolves the probe points that need DWARF:
//
//   - uprobe:BIN:FUNC attaches to every copy of the function: the
//     out-of-line one (and clones such as FUNC.constprop.0) and each body
//     inlined into a caller, one ir.Probe per copy (FuncInstances), but
//     not to a tail gcc split off (FUNC.part.0), which only the other
//     copies enter. Where
//     on the copy is decided later by the placement rule (placeProbes in
//     values.go), when the names the group reads are known. Without DWARF
//     the function's symbol is the only copy.
//   - uprobe:BIN:FILE:LINE attaches to every address the line table gives
//     for the line (one per copy of its code).
//   - uprobe:BIN:FUNC+OFF must fall on an instruction: the function is
//     decoded from its first byte (machine.OffsetProblem).

// funcCopies returns a probe on each copy of the functions pr.Func names
// (every overload of a C++ name), or false when DWARF does not know them
// (the caller then uses the symbols syms, FindFuncs's answer).
func (c *checker) funcCopies(pr *parser.Probe, bin *debuginfo.Binary, binName string, syms []debuginfo.Func) ([]ir.Probe, bool) {
	d, err := bin.Debug()
	if err != nil {
		return nil, false
	}
	insts, err := d.FuncInstances(pr.Func)
	if err != nil {
		if len(syms) == 0 && !errors.Is(err, debuginfo.ErrNotFound) {
			c.errorf(pr, "%s", c.shortErr(err, bin)) // inlined everywhere and optimized away
			return nil, true
		}
		return nil, false
	}
	name := debuginfo.QuoteName(pr.Func)
	prefix := pr.Kind.String() + ":" + binName + ":"
	var out []ir.Probe
	covered := map[uint64]bool{}
	isSym := map[uint64]bool{}
	for _, s := range syms {
		isSym[s.Addr] = true
	}
	inlined := 0
	whole := 0 // copies that are not a split-off part
	for _, fi := range insts {
		if !fi.Part {
			whole++
		}
	}
	for i := range insts {
		fi := insts[i]
		if fi.Part && pr.Kind == parser.ProbeUprobe && whole > 0 {
			// Only the function's other copies enter its split-off
			// tail: a probe there would count their calls twice. A
			// uretprobe keeps it, as the other copies may jump to it.
			covered[fi.Entry] = true
			continue
		}
		if fi.Inlined && pr.Kind == parser.ProbeUretprobe {
			inlined++
			continue // an inlined body does not return
		}
		off, ok := bin.FileOffset(fi.Entry)
		if !ok {
			continue
		}
		covered[fi.Entry] = true
		p := ir.Probe{Name: name, Func: fi.Display(), Symbol: fi.Symbol, Offset: off, Address: fi.Entry}
		desc := prefix + name
		if fi.Display() != pr.Func {
			desc += " (" + fi.Display() + ")"
		}
		switch {
		case fi.Inlined:
			desc += fmt.Sprintf(" (inlined into %s at %s:%d)", fi.Caller, filepath.Base(fi.CallFile), fi.CallLine)
		case fi.Symbol != "" && fi.Symbol != pr.Func && fi.Symbol != fi.Linkage:
			desc += " (" + fi.Symbol + ")"
		}
		c.pvs().probeInfo[probeKey{bin.Path, fi.Entry}] = &probeInfo{inst: &fi, desc: desc}
		out = append(out, p)
	}
	var extra []ir.Probe
	for _, s := range syms {
		if !covered[s.Addr] {
			extra = append(extra, ir.Probe{Name: name, Func: bin.FuncName(s), Symbol: s.Name, Offset: s.Offset, Address: s.Addr})
		}
	}
	out = append(extra, out...)
	if len(out) == 0 && inlined > 0 {
		c.errorf(pr, "%s is only inlined (%d %s): it never returns by itself", name, inlined, plural2(inlined, "copy", "copies")).
			WithHint("read its result in its callers, or trace its entry with uprobe:")
		return nil, true
	}
	if len(out) == 0 {
		return nil, false
	}
	// Copies that are not a symbol are told apart in messages; a
	// symbol's own probe keeps the plain name.
	if len(out) > 1 {
		for _, p := range out {
			k := probeKey{bin.Path, p.Address}
			if pi := c.pvs().probeInfo[k]; pi != nil && !pi.inst.Inlined && isSym[p.Address] {
				pi.desc += fmt.Sprintf(" (out of line, 0x%x)", p.Address)
			}
		}
	}
	return out, true
}

func plural2(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// lineProbes resolves uprobe:BIN:FILE:LINE.
func (c *checker) lineProbes(pr *parser.Probe, bin *debuginfo.Binary, binName string) []ir.Probe {
	if pr.Kind == parser.ProbeUretprobe {
		c.errorf(pr, "a uretprobe attaches to a function, not a line").WithHint("use uprobe:%s:%s:%d", binName, pr.File, pr.Line)
		return nil
	}
	d, err := bin.Debug()
	if err != nil {
		c.errorf(pr, "FILE:LINE probes need DWARF: %s has no DWARF debug info%s", binName, debuginfodNote(bin)).
			WithHint("%s", noDWARFHint)
		return nil
	}
	addrs, err := d.LineAddrs(pr.File, pr.Line)
	if err != nil {
		c.errorf(pr, "%s", c.shortErr(err, bin)) // names the nearest lines with code
		return nil
	}
	name := fmt.Sprintf("%s:%d", pr.File, pr.Line)
	prefix := pr.Kind.String() + ":" + binName + ":"
	var out []ir.Probe
	for _, a := range addrs {
		off, ok := bin.FileOffset(a)
		if !ok {
			continue
		}
		p := ir.Probe{Name: name, Func: fmt.Sprintf("0x%x", a), Offset: off, Address: a}
		if fn, ok := bin.FuncAt(a); ok {
			p.Func = fn.Name
		}
		desc := prefix + name
		if len(addrs) > 1 {
			desc += fmt.Sprintf(" (in %s at 0x%x)", p.Func, a)
		}
		c.pvs().probeInfo[probeKey{bin.Path, a}] = &probeInfo{desc: desc}
		out = append(out, p)
	}
	return out
}

// onInstruction reports whether FUNC+OFF falls on the start of an
// instruction of fn, and says where the nearest ones start when it does
// not. A function whose bytes cannot be read or decoded is not checked.
func (c *checker) onInstruction(pr *parser.Probe, bin *debuginfo.Binary, fn debuginfo.Func) bool {
	msg, hint := machine.OffsetProblem(bin, fn, pr.Offset)
	if msg == "" {
		return true
	}
	d := c.errorf(pr, "%s", msg)
	if hint != "" {
		d.WithHint("%s", hint)
	}
	return false
}
