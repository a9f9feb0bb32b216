package gen

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// Loops are jumps: the condition at the top, the body, a jump back. The
// interpreter's step limit (ir.MaxSteps) bounds them, so an iteration
// costs only its own instructions.

// loop is the innermost loop's targets for break and continue.
type loop struct {
	brk, cont *label
}

func (g *gen) loopStmt(s parser.Stmt) {
	switch s := s.(type) {
	case *parser.WhileStmt:
		top, exit := newLabel(), newLabel()
		g.bind(top)
		g.line(s.Cond.Span())
		g.branch(s.Cond, exit, false)
		g.loopBody(s.Body, exit, top)
		g.jump(ir.OpJa, 0, top)
		g.bind(exit)
	case *parser.UnrollStmt:
		for range g.p.Unroll[s] {
			g.block(s.Body)
		}
	case *parser.ForStmt:
		if s.Map != nil {
			g.forMap(s)
			return
		}
		g.forRange(s)
	case *parser.BranchStmt:
		g.line(s.Span())
		l := g.loops[len(g.loops)-1]
		if s.Continue {
			g.jump(ir.OpJa, 0, l.cont)
		} else {
			g.jump(ir.OpJa, 0, l.brk)
		}
	}
}

func (g *gen) loopBody(b *parser.Block, brk, cont *label) {
	g.loops = append(g.loops, loop{brk, cont})
	g.block(b)
	g.loops = g.loops[:len(g.loops)-1]
}

// forRange is `for ($v : from..to) body`:
//
//	counter = from; end = to
//	top:  if !(counter < end) goto exit
//	      $v = counter
//	      body
//	next: counter += 1; goto top
//	exit:
func (g *gen) forRange(s *parser.ForStmt) {
	f := g.p.Fors[s]
	g.line(s.From.Span())
	g.temp = g.base
	r := g.expr(s.From)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(f.Counter.Offset)})
	g.exprInto(s.To, r)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(f.End.Offset)})
	g.pop()

	top, next, exit := newLabel(), newLabel(), newLabel()
	g.bind(top)
	g.line(s.Var.Span())
	i := g.push()
	end := g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: i, C: 8, Imm: int32(f.Counter.Offset)})
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: end, C: 8, Imm: int32(f.End.Offset)})
	lt := ir.OpLtU
	if f.Counter.Type.Signed {
		lt = ir.OpLtS
	}
	g.emit(ir.Insn{Op: lt, A: end, B: i, C: end})
	g.jump(ir.OpJz, end, exit)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: i, C: 8, Imm: int32(f.Var.Offset)})
	g.pop()
	g.pop()
	g.loopBody(s.Body, exit, next)
	g.bind(next)
	g.line(s.Var.Span())
	i = g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: i, C: 8, Imm: int32(f.Counter.Offset)})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: i, B: i, Imm: 1})
	g.emit(ir.Insn{Op: ir.OpStHeap, A: i, C: 8, Imm: int32(f.Counter.Offset)})
	g.pop()
	g.jump(ir.OpJa, 0, top)
	g.bind(exit)
}

// forMap is `for ($kv : @m) body` (ir/doc.go, "Iteration"):
//
//	mapkeys @m into level L
//	top:  if !mapnext(L, $kv) goto exit
//	      body
//	      goto top
//	exit:
func (g *gen) forMap(s *parser.ForStmt) {
	ml := g.p.MapLoops[s]
	m := ml.Map
	g.line(s.Map.Span())
	r := g.push()
	g.emit(ir.Insn{Op: ir.OpMapKeys, A: r, B: m.Desc.ID, C: uint8(sema.MapIn(m)), Imm: int32(m.Desc.KeySize | ml.Level<<8)})
	g.pop()
	top, exit := newLabel(), newLabel()
	g.bind(top)
	g.line(s.Var.Span())
	r = g.push()
	vsize := sema.SlotSize(m.Value)
	g.emit(ir.Insn{Op: ir.OpMapNext, A: r, B: uint8(ml.Level), C: uint8(ir.Align8(vsize) / 8), Imm: int32(ml.KV.Offset)})
	g.jump(ir.OpJz, r, exit)
	g.pop()
	g.loopBody(s.Body, exit, top)
	g.jump(ir.OpJa, 0, top)
	g.bind(exit)
}
