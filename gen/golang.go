package gen

import (
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/sema"
)

// This file lowers the Go values of sema/golang.go.

// goIfaceText leaves in rp and rn the text a Go interface at place p
// reads as, for countedText: an error made by errors.New its message;
// any other value the name of its dynamic type, from the type
// descriptor's name (abi.Name: a flag byte, a varint length, the bytes;
// a '*' to skip when the descriptor has TFlagExtraStar). A nil interface
// jumps to null. t is a scratch register.
func (g *gen) goIfaceText(p place, rp, rn, t uint8, gv *sema.GoValue, null *label) {
	if p.mem {
		g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 8, Imm: 8})
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 8})
	} else {
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rn, C: 8, Imm: int32(p.heap + 8)})
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rp, C: 8, Imm: int32(p.heap)})
	}
	g.jump(ir.OpJz, rp, null) // the itab (or type) word: nil
	done, name := newLabel(), newLabel()
	mod := g.moduleIndex(gv.Module)
	x, y := g.push(), g.push()
	if gv.Error && gv.RT.ErrorString != 0 {
		g.constant(t, gv.RT.ErrorString)
		g.emit(ir.Insn{Op: ir.OpLdBias, A: x, Imm: int32(mod)})
		g.emit(ir.Insn{Op: ir.OpAdd, A: t, B: t, C: x})
		g.emit(ir.Insn{Op: ir.OpEq, A: t, B: t, C: rp})
		g.jump(ir.OpJz, t, name)
		// *errors.errorString{s string}: the data word points to s.
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rn, C: 8})
		g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rn, C: 8, Imm: 8})
		g.jump(ir.OpJa, 0, done)
	}
	g.bind(name)
	if gv.Kind == sema.GoIface { // itab.Type
		g.emit(ir.Insn{Op: ir.OpLoad, A: rp, B: rp, C: 8, Imm: int32(gv.RT.ItabType)})
	}
	g.emit(ir.Insn{Op: ir.OpLoad, A: x, B: rp, C: 1, Imm: int32(gv.RT.TypeTFlag)})
	g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 4, Imm: int32(gv.RT.TypeStr)})
	g.emit(ir.Insn{Op: ir.OpSext, A: rn, B: rn, C: 4})
	g.constant(rp, gv.RT.Types)
	g.emit(ir.Insn{Op: ir.OpLdBias, A: y, Imm: int32(mod)})
	g.emit(ir.Insn{Op: ir.OpAdd, A: rp, B: rp, C: y})
	g.emit(ir.Insn{Op: ir.OpAdd, A: rp, B: rp, C: rn}) // the abi.Name
	g.emit(ir.Insn{Op: ir.OpLoad, A: rn, B: rp, C: 1, Imm: 1})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 2})
	one := newLabel()
	g.constant(y, 0x80)
	g.emit(ir.Insn{Op: ir.OpAnd, A: y, B: rn, C: y})
	g.jump(ir.OpJz, y, one)
	g.emit(ir.Insn{Op: ir.OpLoad, A: y, B: rp, C: 1}) // a two-byte length
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 1})
	g.constant(t, 0x7f)
	g.emit(ir.Insn{Op: ir.OpAnd, A: rn, B: rn, C: t})
	g.constant(t, 7)
	g.emit(ir.Insn{Op: ir.OpShl, A: y, B: y, C: t})
	g.emit(ir.Insn{Op: ir.OpOr, A: rn, B: rn, C: y})
	g.bind(one)
	g.constant(y, debuginfo.GoTFlagExtraStar)
	g.emit(ir.Insn{Op: ir.OpAnd, A: x, B: x, C: y})
	g.jump(ir.OpJz, x, done)
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rp, B: rp, Imm: 1})
	g.emit(ir.Insn{Op: ir.OpAddImm, A: rn, B: rn, Imm: -1})
	g.bind(done)
	g.pop()
	g.pop()
}

// moduleIndex returns the Values.Modules index of path, which sema
// registered.
func (g *gen) moduleIndex(path string) int {
	for i, m := range g.p.Values.Modules {
		if m == path {
			return i
		}
	}
	panic("gen: module " + path + " was not registered")
}

// goMapLen turns the map pointer in r into the map's length: 0 for a nil
// map, else the count in its header.
func (g *gen) goMapLen(r uint8, gv *sema.GoValue) {
	done := newLabel()
	g.jump(ir.OpJz, r, done)
	g.emit(ir.Insn{Op: ir.OpLoad, A: r, B: r, C: 8, Imm: int32(gv.Len.Offset)})
	g.bind(done)
}
