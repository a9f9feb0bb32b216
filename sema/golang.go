package sema

import (
	"debug/dwarf"
	"sort"
	"strings"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// This file holds what sema does differently for Go programs.
//
// Return probes. A kernel uretprobe replaces the return address on the
// stack with a trampoline's; Go's runtime moves and copies goroutine
// stacks and walks them (for growth, GC, tracebacks), finds an address
// that is in no function and crashes the program. So `uretprobe:` on a Go
// function becomes a plain uprobe on each of its RET instructions
// (retSites, retsites.go; machine.ReturnSites finds them), where the stack is the function's own and
// nothing is written to it. There retval and the results (by name, or r0,
// r1 for Go's unnamed ~r0, ~r1) are read from the registers the ABI
// returns them in (debuginfo.GoResultsAtReturn). A goroutine that panics
// through the function or calls runtime.Goexit in it leaves without a
// RET: it gives no return event.

// goResultName returns the DWARF name of a Go result the script calls
// name: Go's unnamed results are ~r0, ~r1..., which the script spells r0,
// r1.
func goResultName(vars []debuginfo.Var, name string) (debuginfo.Var, bool) {
	for _, v := range vars {
		if v.Result && !v.Shadowed && v.Name == "~"+name {
			return v, true
		}
	}
	return debuginfo.Var{}, false
}

// goid resolves the goid builtin in gc's group: the goroutine id, read
// from the g that Go's ABI keeps in a register (arch.GoABI.G) at the
// offset of runtime.g.goid in each probed binary's DWARF.
func (c *checker) goid(gc *groupCtx, e *parser.Ident) *Builtin {
	slot, ok := arch.Slot(arch.GoABI.G)
	if !ok {
		c.errorf(e, "goid is not available on this architecture")
		return nil
	}
	off := -1
	for _, id := range gc.g.Probes {
		bin := c.binaryAt(&c.p.Probes[id])
		if bin == nil {
			return nil // reported with the probe
		}
		if !bin.IsGo() {
			c.errorf(e, "goid is only available in Go programs, and %s is not one", c.userName(bin.Path)).
				WithHint("put the probes of Go programs in a group of their own")
			return nil
		}
		o, err := bin.GoidOffset() // DWARF, else the layout of its Go release
		if err != nil {
			c.errorf(e, "cannot read goid in %s: %v", c.userName(bin.Path), err)
			return nil
		}
		if off >= 0 && o != off {
			c.errorf(e, "goid is at different offsets of runtime.g in the group's binaries").
				WithHint("put the probes of each binary in a group of their own")
			return nil
		}
		off = o
	}
	b := *builtins["goid"]
	b.Reg, b.Off = slot, off
	return &b
}

// goPastStackCheck returns where a probe on the entry of a Go function
// goes instead: after the stack check of its prologue
// (machine.GoStackCheckLen: morestack runs the function again from its
// entry). Probes at an explicit address stay.
func (c *checker) goPastStackCheck(p *ir.Probe) (to, off uint64, ok bool) {
	bin := c.binaryAt(p)
	if p.Kind != ir.Uprobe || c.pinned[int(p.ID)] || bin == nil {
		return 0, 0, false
	}
	n := machine.GoStackCheckLen(bin, p.Address)
	if n == 0 {
		return 0, 0, false
	}
	return p.Address + n, p.Offset + n, true
}

// GoValue is what reading a Go interface or map needs; gen reads an
// interface through its Type.Desc.
type GoValue struct {
	Kind GoKind
	// Module is the binary whose type descriptors an interface points
	// to.
	Module string
	// Len is the member of a map's header that counts its entries (Go
	// 1.24's maps.Map.used, hmap.count before).
	Len Member
}

// GoKind says which Go value a GoValue describes.
type GoKind uint8

// Go kinds.
const (
	GoIface GoKind = iota // {tab *itab, data}
	GoEface               // {_type *_type, data}: interface{}, any
	GoMap                 // a pointer to the map's header
)

// goTypedef returns the type of Go's typedef tt of under when it is an
// interface or a map, nil otherwise. Every interface type is a typedef
// of runtime.iface or runtime.eface; a map[K]V one of a pointer to its
// header. The typedef's own copy of the type carries the GoValue (error
// is runtime.iface too).
func (ct *ctypes) goTypedef(tt *dwarf.TypedefType, under *Type) *Type {
	if ct.bin == nil {
		return nil
	}
	switch {
	case under.Kind == KindStruct && (under.Name == "runtime.iface" || under.Name == "runtime.eface"):
		rt, err := ct.bin.GoRuntime()
		if err != nil {
			return nil
		}
		cp := *under
		cp.Name = tt.Name
		cp.Go = &GoValue{Kind: GoIface, Module: ct.bin.Path}
		// An error made by errors.New reads as its message, any other
		// interface as the name of its dynamic type.
		cp.Desc = &DescText{Module: ct.bin.Path, Indirect: true, Via: rt.ItabType, Flags: rt.TypeTFlag,
			NameOff: rt.TypeStr, Names: rt.Types, Skip: debuginfo.GoTFlagExtraStar}
		if tt.Name == "error" {
			cp.Desc.Text = rt.ErrorString
		}
		if under.Name == "runtime.eface" {
			cp.Go.Kind = GoEface
			cp.Desc.Indirect = false // the word is the type descriptor
		}
		return &cp
	case under.Kind == KindPointer && strings.HasPrefix(tt.Name, "map[") && under.Elem != nil:
		for _, name := range []string{"used", "count"} {
			if m, ok := findMember(under.Elem, name); ok && m.Type.Kind == KindInt && m.Type.Size == 8 {
				cp := *under
				cp.Name = tt.Name
				cp.Go = &GoValue{Kind: GoMap, Len: m}
				return &cp
			}
		}
	}
	return nil
}

// isGoIface reports whether t is a Go interface, read as text.
func isGoIface(t *Type) bool { return t != nil && t.Go != nil && t.Go.Kind != GoMap }

// isGoMap reports whether t is a Go map, read as its length.
func isGoMap(t *Type) bool { return t != nil && t.Go != nil && t.Go.Kind == GoMap }

// goModules registers the binaries whose Go interfaces the script reads:
// gen adds their load bias to the type descriptors' link-time addresses.
func (c *checker) goModules() {
	seen := map[string]bool{}
	for _, t := range c.p.Types {
		if isGoIface(t) {
			seen[t.Go.Module] = true
		}
	}
	paths := make([]string, 0, len(seen))
	for p := range seen {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		c.module(p)
	}
}

// goTypeName returns t's name as Go spells it, which Go's DWARF gives
// every type ("*main.Order", "[]int", "string"), or c when it has none.
func goTypeName(t dwarf.Type, c string) string {
	if st, ok := t.(*dwarf.StructType); ok && st.StructName != "" {
		return st.StructName
	}
	if n := t.Common().Name; n != "" {
		return n
	}
	return c
}

// asLen makes a Go map argument of print or printf print as its length.
func (c *checker) asLen(a parser.Expr) bool {
	t := c.p.Types[a]
	if !isGoMap(t) {
		return false
	}
	c.vals().AsLen[a] = &LenRead{Type: t, Off: t.Go.Len.Offset}
	c.p.Types[a] = Int64
	return true
}

// goArg returns argN for gc's group: in Go programs the Nth integer
// argument register of Go's ABI (arch.GoABI.IntRegs), not the C one.
func (c *checker) goArg(gc *groupCtx, e *parser.Ident, b *Builtin) *Builtin {
	var goProbes, others int
	for _, id := range gc.g.Probes {
		p := &c.p.Probes[id]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		if bin := c.binaryAt(p); bin != nil && bin.IsGo() {
			goProbes++
		} else {
			others++
		}
	}
	switch {
	case goProbes == 0 && b.GoOnly:
		c.errorf(e, "%s is not available", e.Name).
			WithHint("only the first %d integer arguments are passed in registers: arg0..arg%d (in Go programs %d: arg0..arg%d)",
				len(arch.ArgRegs), len(arch.ArgRegs)-1, len(arch.GoABI.IntRegs), len(arch.GoABI.IntRegs)-1)
		return nil
	case goProbes == 0:
		return b
	case others > 0:
		c.errorf(e, "%s is a different register in Go programs than in the group's other probes", e.Name).
			WithHint("put the probes of Go programs in a group of their own")
		return nil
	}
	if b.Arg >= len(arch.GoABI.IntRegs) {
		c.errorf(e, "%s is not available on this architecture", e.Name)
		return nil
	}
	slot, ok := arch.Slot(arch.GoABI.IntRegs[b.Arg])
	if !ok {
		c.errorf(e, "%s is not available on this architecture", e.Name)
		return nil
	}
	cp := *b
	cp.Reg = slot
	return &cp
}

// goResults gives the results at a RET of a Go function their locations
// under the register ABI, or, for a binary of a Go before 1.17 (results
// on the stack), the reason they are not read.
func goResults(bin *debuginfo.Binary, vars []debuginfo.Var) {
	if ok, v := bin.GoRegisterABI(); !ok {
		for i := range vars {
			if vars[i].Result {
				vars[i].Loc = debuginfo.Location{Reason: "built by " + v + ", before Go's register ABI"}
				vars[i].Available = false
			}
		}
		return
	}
	debuginfo.GoResultsAtReturn(vars)
}

// goRegisterABI reports whether the Go binaries of gc's probes use the
// register ABI, which argN, retval and goid read; it reports the first
// that does not.
func (c *checker) goRegisterABI(gc *groupCtx, e *parser.Ident) bool {
	for _, id := range gc.g.Probes {
		bin := c.binaryAt(&c.p.Probes[id])
		if bin == nil || !bin.IsGo() {
			continue
		}
		if ok, v := bin.GoRegisterABI(); !ok {
			c.errorf(e, "%s cannot be read in %s: it was built by %s, which passes arguments and results on the stack", e.Name, c.userName(bin.Path), v).
				WithHint("gs reads Go programs built by Go 1.17 or later by register; read parameters by name")
			return false
		}
	}
	return true
}
