package sema

import (
	"errors"
	"fmt"
	"path/filepath"

	"golang.org/x/arch/x86/x86asm"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file resolves the probe points that need DWARF:
//
//   - uprobe:BIN:FUNC attaches to every copy of the function: the
//     out-of-line one (and clones such as FUNC.constprop.0) and each body
//     inlined into a caller, one ir.Probe per copy (FuncInstances). Where
//     on the copy is decided later by the placement rule (placeProbes in
//     values.go), when the names the group reads are known. Without DWARF
//     the function's symbol is the only copy.
//   - uprobe:BIN:FILE:LINE attaches to every address the line table gives
//     for the line (one per copy of its code).
//   - uprobe:BIN:FUNC+OFF must fall on an instruction: the function is
//     decoded from its first byte.

// funcCopies returns a probe on each copy of pr.Func, or false when DWARF
// does not know the function (the caller then uses the symbol).
func (c *checker) funcCopies(pr *parser.Probe, bin *debuginfo.Binary, binName string) ([]ir.Probe, bool) {
	d, err := bin.Debug()
	if err != nil {
		return nil, false
	}
	insts, err := d.FuncInstances(pr.Func)
	sym, hasSym := bin.LookupFunc(pr.Func)
	if err != nil {
		if !hasSym && !errors.Is(err, debuginfo.ErrNotFound) {
			c.errorf(pr, "%s", c.shortErr(err, bin)) // inlined everywhere and optimized away
			return nil, true
		}
		return nil, false
	}
	prefix := pr.Kind.String() + ":" + binName + ":"
	var out []ir.Probe
	symCovered := false
	for i := range insts {
		fi := insts[i]
		if fi.Inlined && pr.Kind == parser.ProbeUretprobe {
			continue // an inlined body does not return
		}
		off, ok := bin.FileOffset(fi.Entry)
		if !ok {
			continue
		}
		if hasSym && fi.Entry == sym.Addr {
			symCovered = true
		}
		p := ir.Probe{Name: pr.Func, Func: pr.Func, Symbol: fi.Symbol, Offset: off, Address: fi.Entry}
		desc := prefix + pr.Func
		switch {
		case fi.Inlined:
			desc += fmt.Sprintf(" (inlined into %s at %s:%d)", fi.Caller, filepath.Base(fi.CallFile), fi.CallLine)
		case fi.Symbol != "" && fi.Symbol != pr.Func:
			desc += " (" + fi.Symbol + ")"
		}
		c.pvs().probeInfo[probeKey{bin.Path, fi.Entry}] = &probeInfo{inst: &fi, desc: desc}
		out = append(out, p)
	}
	if hasSym && !symCovered {
		out = append([]ir.Probe{{Name: sym.Name, Func: sym.Name, Symbol: sym.Name, Offset: sym.Offset, Address: sym.Addr}}, out...)
	}
	if len(out) == 0 {
		return nil, false
	}
	// Copies that are not the symbol are told apart in messages; the
	// symbol's own probe keeps the plain name.
	if len(out) > 1 {
		for _, p := range out {
			k := probeKey{bin.Path, p.Address}
			if pi := c.pvs().probeInfo[k]; pi != nil && !pi.inst.Inlined && pi.inst.Symbol == pr.Func {
				pi.desc += fmt.Sprintf(" (out of line, 0x%x)", p.Address)
			}
		}
	}
	return out, true
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
	code, _ := bin.Code(fn)
	if code == nil {
		return true
	}
	prev, next := -1, -1
	for pc := 0; pc < len(code); {
		inst, err := x86asm.Decode(code[pc:], 64)
		if err != nil || inst.Len == 0 {
			return true
		}
		switch {
		case uint64(pc) == pr.Offset:
			return true
		case uint64(pc) < pr.Offset:
			prev = pc
		case next < 0:
			next = pc
		}
		pc += inst.Len
	}
	d := c.errorf(pr, "offset %d is not on an instruction boundary of %q", pr.Offset, fn.Name)
	switch {
	case prev >= 0 && next >= 0:
		d.WithHint("the nearest instructions start at %s+%d and %s+%d", fn.Name, prev, fn.Name, next)
	case prev >= 0:
		d.WithHint("the nearest instruction starts at %s+%d", fn.Name, prev)
	}
	return false
}
