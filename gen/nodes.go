package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// nodeWalk writes node container a (sema/nodes.go) into record field f:
// the status of the container's reads, the program's element count at
// the field's end, and up to f.Type.Len elements, each copied by an
// OpStMem of its own (heap offsets are immediates, so the copies are
// unrolled) with its status at the element's start. The move to the next
// node is a loop for a tree (bounded by sema.MaxNodeDepth steps), one load
// for a list. A read that fails, or a tree deeper than the bound, stops
// the walk and is the field's status: the value prints as a read error,
// never with another element. An element's counted values (a std::string
// or std::vector key or value, sema.Nodes.Reads) are read after its copy
// into their slots.
func (g *gen) nodeWalk(a parser.Expr, n *sema.Nodes, f *ir.Field) {
	g.nodeWalkAt(a, func(r uint8) place { return g.placeOf(a, r) }, n, f)
}

// nodeWalkAt is nodeWalk of the container at the place placeAt evaluates
// (a member of a, say).
func (g *gen) nodeWalkAt(a parser.Expr, placeAt func(r uint8) place, n *sema.Nodes, f *ir.Field) {
	end, fail := newLabel(), newLabel()
	rb := g.push()
	p := placeAt(rb)
	if !p.mem {
		g.failf("%s is held in registers: gs reads a %s in memory only", g.p.File.Text(a.Span()), n.Show)
		g.pop()
		return
	}
	rn, x, y, t, k := g.push(), g.push(), g.push(), g.push(), g.push()
	g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rb, C: 8, Imm: int32(n.Count.Offset)})
	g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(f.Status)})
	g.jump(ir.OpJnz, t, end)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: rn, C: 8, Imm: int32(f.Offset + f.Type.Size - 8)})
	if n.Tree {
		g.addImm(rb, int64(n.Head.Offset)) // the header node: the end of the walk
		g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: rb, C: 8, Imm: int32(n.Begin)})
	} else {
		g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: rb, C: 8, Imm: int32(n.Head.Offset)})
	}
	g.emit(ir.Insn{Op: ir.OpTakeFault, A: t})
	g.jump(ir.OpJnz, t, fail)
	es := f.Type.Elem.Size
	size := n.Elem.Size // the element's own bytes; its Reads' slots follow
	for i := 0; i < f.Type.Len; i++ {
		if n.Tree {
			g.emit(ir.Insn{Op: ir.OpEq, A: t, B: x, C: rb})
			g.jump(ir.OpJnz, t, end)
		} else {
			g.jump(ir.OpJz, x, end)
		}
		slot := f.Offset + i*es
		g.emit(ir.Insn{Op: ir.OpAddImm, A: t, B: x, Imm: int32(n.Value)})
		g.constant(k, uint64(size))
		g.emit(ir.Insn{Op: ir.OpStMem, A: t, B: k, Imm: int32(slot)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(slot)})
		ok := newLabel()
		g.jump(ir.OpJz, t, ok)
		for w := 0; w < ir.StatusSize; w += 8 { // the element's status is the value's
			g.emit(ir.Insn{Op: ir.OpLdHeap, A: t, C: 8, Imm: int32(slot + w)})
			g.emit(ir.Insn{Op: ir.OpStHeap, A: t, C: 8, Imm: int32(f.Status + w)})
		}
		g.jump(ir.OpJa, 0, end)
		g.bind(ok)
		for _, rd := range n.Reads { // a read error is its own, not the walk's
			placeAt := func(r uint8) place {
				g.emit(ir.Insn{Op: ir.OpAddImm, A: r, B: x, Imm: int32(n.Value + rd.Src)})
				return place{mem: true}
			}
			if rd.Seq() {
				g.countedSeqAt(placeAt, rd.Counted, &ir.Field{Offset: slot + rd.Dst, Status: slot + rd.Dst - ir.StatusSize, Type: rd.Item})
				continue
			}
			g.textAt(nil, placeAt, rd.Counted, nil, slot+rd.Dst, sema.NodeTextCap, 0)
		}
		if i == f.Type.Len-1 {
			break
		}
		if n.Tree {
			g.treeNext(n, x, y, t, k, fail)
		} else {
			g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: x, C: 8, Imm: int32(n.Next)})
		}
		g.emit(ir.Insn{Op: ir.OpTakeFault, A: t})
		g.jump(ir.OpJnz, t, fail)
	}
	g.jump(ir.OpJa, 0, end)
	g.bind(fail) // a failed load, or a tree too deep: a read error at 0 for that
	g.emit(ir.Insn{Op: ir.OpLoad, A: t, B: zero, C: 1})
	g.emit(ir.Insn{Op: ir.OpStStatus, Imm: int32(f.Status)})
	g.bind(end)
	for i := 0; i < 6; i++ {
		g.pop()
	}
}

// treeNext moves x to the next node in order of libstdc++'s red-black
// tree, as _Rb_tree_increment does; a walk longer than sema.MaxNodeDepth
// steps jumps to fail. It is libc++'s __tree_next_iter too: there the
// climb stops at the end node, whose "right link" (the word after its
// __left_, the map's size) is never a node's address.
func (g *gen) treeNext(n *sema.Nodes, x, y, t, k uint8, fail *label) {
	up, done, loop1, loop2, out2 := newLabel(), newLabel(), newLabel(), newLabel(), newLabel()
	deep := sema.MaxNodeDepth
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: x, C: 8, Imm: int32(n.Right)})
	g.jump(ir.OpJz, y, up)
	g.emit(ir.Insn{Op: ir.OpMov, A: x, B: y}) // the right subtree's leftmost
	g.constant(k, uint64(deep))
	g.bind(loop1)
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: x, C: 8, Imm: int32(n.Left)})
	g.jump(ir.OpJz, y, done)
	g.emit(ir.Insn{Op: ir.OpMov, A: x, B: y})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: k, B: k, Imm: -1})
	g.jump(ir.OpJnz, k, loop1)
	g.jump(ir.OpJa, 0, fail)
	g.bind(up) // up while x is its parent's right child
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: x, C: 8, Imm: int32(n.Parent)})
	g.constant(k, uint64(deep))
	g.bind(loop2)
	g.emit(ir.Insn{Op: ir.OpLoad, A: t, B: y, C: 8, Imm: int32(n.Right)})
	g.emit(ir.Insn{Op: ir.OpNe, A: t, B: t, C: x})
	g.jump(ir.OpJnz, t, out2)
	g.emit(ir.Insn{Op: ir.OpMov, A: x, B: y})
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: y, C: 8, Imm: int32(n.Parent)})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: k, B: k, Imm: -1})
	g.jump(ir.OpJnz, k, loop2)
	g.jump(ir.OpJa, 0, fail)
	g.bind(out2)
	g.emit(ir.Insn{Op: ir.OpLoad, A: t, B: x, C: 8, Imm: int32(n.Right)})
	g.emit(ir.Insn{Op: ir.OpEq, A: t, B: t, C: y})
	g.jump(ir.OpJnz, t, done)
	g.emit(ir.Insn{Op: ir.OpMov, A: x, B: y})
	g.bind(done)
}
