package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// derefs evaluates into r the address a `.` or `*` reaches from x through
// the pointers sema's d names (sema.Derefs): each step advances the place
// by its bytes and loads the pointer there; then d.Off advances.
func (g *gen) derefs(x parser.Expr, r uint8, d sema.Derefs) place {
	steps := d.Steps
	if g.ctype(x).Kind == sema.KindPointer && steps[0] == 0 {
		g.exprInto(x, r) // a reference's value is the address it refers to
	} else {
		p := g.placeOf(x, r)
		if p.mem {
			g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 8, Imm: int32(steps[0])})
		} else {
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: r, C: 8, Imm: int32(p.heap + steps[0])})
		}
	}
	for _, s := range steps[1:] {
		g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 8, Imm: int32(s)})
	}
	p := place{mem: true}
	p.move(g, r, int64(d.Off))
	return p
}

// attach reads, after the bytes of the struct a that dump copied into
// field f, the text and elements its counted members point to
// (sema.Attached).
func (g *gen) attach(a parser.Expr, f *ir.Field) {
	at := g.p.Values.AttachedOf(a)
	if at == nil {
		return
	}
	for _, x := range at.List {
		placeAt := func(rp uint8) place {
			p := g.placeOf(a, rp)
			p.move(g, rp, int64(x.Src))
			return p
		}
		if x.Item.Kind == ir.KindString {
			g.textAt(a, placeAt, x.Type.Counted, x.Type.Desc, f.Offset+x.Dst, x.Item.Cap, 0)
			continue
		}
		rt := g.push()
		g.emit(ir.Insn{Op: ir.OpTakeFault, A: rt}) // the status reports this read only
		g.pop()
		if x.Type.Nodes != nil {
			g.nodeWalkAt(a, placeAt, x.Type.Nodes, &ir.Field{Offset: f.Offset + x.Dst, Status: f.Offset + x.Dst - ir.StatusSize, Type: x.Item})
			continue
		}
		g.countedSeqAt(placeAt, x.Type.Counted, &ir.Field{Offset: f.Offset + x.Dst, Status: f.Offset + x.Dst - ir.StatusSize, Type: x.Item})
	}
}
