package sema

import (
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// uaddr checks uaddr("NAME"): the address of the symbol NAME in the
// probed binary, from its ELF symbols (DWARF is not needed), plus the load
// bias for a PIE or a library. As in bpftrace, it points to an unsigned
// integer of the symbol's size when that is 1, 2, 4 or 8 bytes, else to a
// uint64. It stands for &NAME of an identifier sema makes up
// (Values.Uaddr), whose VarRef is at the symbol, so gen lowers it as any
// global's address.
func (c *checker) uaddr(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	lit, ok := e.Args[0].(*parser.StrLit)
	if !ok {
		c.values(gc, e.Args)
		c.errorf(e.Args[0], "uaddr() needs a symbol's name as a string literal")
		return nil
	}
	if len(gc.g.Probes) == 0 {
		return nil // the probes are in error
	}
	id := &parser.Ident{Name: lit.Val, Sp: lit.Sp}
	ref := &VarRef{Name: lit.Val, At: map[int]*VarAt{}}
	for _, pid := range gc.g.Probes {
		p := &c.p.Probes[pid]
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			c.errorf(e, "uaddr() needs a uprobe: it resolves the symbol in the probed binary, not at %s", p.Name)
			return nil
		}
		bin := c.binaryAt(p)
		if bin == nil {
			return nil // reported where the probe was placed
		}
		addr, size, ok := bin.LookupData(lit.Val)
		if !ok {
			c.errorf(e.Args[0], "no symbol %q in %s", lit.Val, c.userName(bin.Path)).
				WithHint("uaddr() takes a global's name as the binary's symbol table has it (nm %s)", c.userName(bin.Path))
			return nil
		}
		t := Uint64
		switch size {
		case 1, 2, 4:
			t = &Type{Kind: KindInt, Size: int(size), Name: [...]string{1: "uint8", 2: "uint16", 4: "uint32"}[size]}
		}
		if ref.Type == nil {
			ref.Type = t
		} else if ref.Type.Size != t.Size {
			c.errorf(e.Args[0], "symbol %q is %d bytes in one probed binary and %d in another", lit.Val, ref.Type.Size, t.Size).
				WithHint("put these probes in groups of their own")
			return nil
		}
		op := debuginfo.LocOp{Kind: debuginfo.LocAddr, Value: addr, Bias: bin.PIE}
		at := &VarAt{Loc: debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceMemory, Ops: []debuginfo.LocOp{op}}}}, Module: -1, Kind: debuginfo.VarGlobal}
		if bin.PIE {
			at.Module = c.module(bin.Path)
		}
		ref.At[pid] = at
	}
	v := c.vals()
	v.Vars[id] = ref
	v.PerProbe[gc.g] = true
	amp := &parser.UnaryExpr{Op: "&", X: id, Sp: e.Sp}
	c.p.Types[id], c.p.Types[amp] = ref.Type, PointerTo(ref.Type)
	v.Uaddr[e] = amp
	return PointerTo(ref.Type)
}
