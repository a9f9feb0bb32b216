// Package gen lowers a checked program (sema.Program) to gs bytecode
// (ir.Program).
//
// Each probe group becomes one contiguous code range shared by all of its
// probes; a run stops at its end (or at an OpExit). Expressions are
// evaluated on a register stack: an expression tree at depth d lands in
// r(d+1) and its operands use the registers above it, so r1..r15 suffice
// for any tree of depth 15. Every register is written before it is read:
// only r0 is defined at entry. r0 is never written: it is zero at entry
// and serves as the constant 0 for comparisons and stores. An aggregation
// whose keys the probe knows (none, func, probe) goes to the probe's cells
// (OpCellAgg, see maps.go) without a key.
//
// The heap holds everything that is not a register value: the record being
// built at offset 0, one 128-byte key buffer per map from sema's
// RecordArea on (see maps.go), the group's $vars, and string temporaries
// above those (string comparisons), reused statement by statement. Strings and comm values are written straight into their
// destination slot whenever possible: str() into the record field, a
// string literal by constant stores, so copies happen only for $vars.
package gen

import (
	"errors"
	"fmt"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// Sentinel errors for limits only the generator can see. Generate returns
// them wrapped with the script's diagnostic (a *diag.Errors, positioned
// where the position is known). Every other error it returns wraps
// ErrInternal: sema checks everything else, so gen failing is a bug.
var (
	ErrTooComplex = errors.New("expression needs more than 15 registers")
	ErrTooLong    = errors.New("program has too many instructions")
	ErrHeap       = errors.New("program needs too much heap")
	ErrInternal   = errors.New("internal error")
)

// limitError is a limit only the generator can see, as a diagnostic.
type limitError struct {
	limit error        // one of the sentinels
	diags *diag.Errors // the rendered form
}

func (e *limitError) Error() string   { return e.diags.Error() }
func (e *limitError) Unwrap() []error { return []error{e.limit, e.diags} }

// limitf reports that the script exceeds limit, at sp when it is valid.
func (g *gen) limitf(sp diag.Span, limit error, hint, format string, args ...any) error {
	l := &diag.List{File: g.p.File}
	l.Errorf(sp, "%s", fmt.Sprintf(format, args...)).WithHint("%s", hint)
	return &limitError{limit: limit, diags: l.Err().(*diag.Errors)}
}

// zero is the register that always holds 0.
const zero = 0

// maxReg is the last register of the expression stack.
const maxReg = ir.NumRegs - 1

// Generate lowers p, which must have been checked without errors. The
// aggregations whose keys a probe knows before it runs live in cells (see
// Cells in ir/doc.go) unless their ranges would not fit ir.MaxCells; then
// every aggregation goes to gs_aggs.
func Generate(p *sema.Program) (*ir.Program, error) {
	out, err := generate(p, true)
	if errors.Is(err, errCells) {
		return generate(p, false)
	}
	return out, err
}

// errCells says that the cell ranges would not fit ir.MaxCells.
var errCells = errors.New("cells do not fit")

func generate(p *sema.Program, useCells bool) (*ir.Program, error) {
	g := &gen{p: p, heapMax: p.RecordArea}
	out := &ir.Program{
		Version: ir.Version,
		Probes:  append([]ir.Probe(nil), p.Probes...),
		Events:  p.Events,
		File:    p.File,
	}
	// clear() and zero() are done by user space, which cannot write some
	// cells without racing the probes that write the others: a map they
	// act on stays in gs_aggs.
	reset := map[int]bool{}
	for _, e := range p.Events {
		if e.Kind == ir.EventClearMap || e.Kind == ir.EventZeroMap {
			reset[e.Map] = true
		}
	}
	for _, m := range p.Maps {
		d := m.Desc
		d.InCells = useCells && inCells(m) && !reset[int(d.ID)]
		out.Maps = append(out.Maps, d)
	}
	g.maps = out.Maps
	if p.Values != nil {
		out.Modules = p.Values.Modules
	}
	out.Returns = p.Returns
	for _, grp := range p.Groups {
		g.cellOff, g.groupCells = map[uint8]int{}, 0
		if err := g.groupCode(grp, out); err != nil { // values.go: per probe when locations differ
			return nil, err
		}
		g.placeCells(grp, out)
	}
	if g.cells > ir.MaxCells {
		return nil, errCells
	}
	if len(g.insns) > ir.MaxInsns {
		return nil, g.limitf(diag.Span{}, ErrTooLong, "use fewer probes or simpler code in probes that read program values (their code is generated per probe)",
			"the program needs %d instructions, more than the limit of %d", len(g.insns), ir.MaxInsns)
	}
	if g.heapMax > ir.HeapSize {
		return nil, g.limitf(diag.Span{}, ErrHeap, "lower the str() limits",
			"the program needs %d bytes of heap, more than the limit of %d", g.heapMax, ir.HeapSize)
	}
	out.Insns = g.insns
	out.Lines = g.lines
	out.StrValueSize = p.StrValueSize
	out.KeepMaps = p.KeepMaps
	out.DebugInfo = p.DebugInfo
	out.Cgroups = p.Cgroups
	out.KernelReads = p.KernelReads
	out.HeapSize = g.heapMax
	return out, nil
}

// gen is the state of one Generate.
type gen struct {
	p       *sema.Program
	insns   []ir.Insn
	lines   []ir.LineEntry
	depth   int // registers r1..r(depth) are in use
	base    int // the current group's first heap byte for temporaries
	temp    int // next free heap byte for temporaries
	heapMax int
	// boundAt is the pc the last label was bound to: when it equals
	// len(insns) at the end of a group, something jumps past the last
	// instruction and a final exit is needed.
	boundAt int
	err     error
	stmtSp  diag.Span // the statement being generated, for errors
	probe   int       // the probe whose code is generated, or -1 when shared (values.go)
	loops   []loop    // the loops around the statement generated (loops.go)

	maps       []ir.Map      // the program's maps, InCells decided
	cellOff    map[uint8]int // the current group's cell offset of each InCells map it aggregates into
	groupCells int           // cells the current group's probes take each
	cells      int           // cells given to the probes so far
}

// label is a jump target, bound once; jumps to it before binding are
// patched then.
type label struct {
	pc   int // -1 until bound
	refs []int
}

func newLabel() *label { return &label{pc: -1} }

func (g *gen) bind(l *label) { g.bindAt(l, len(g.insns)) }

func (g *gen) bindAt(l *label, pc int) {
	l.pc = pc
	if len(l.refs) > 0 {
		g.boundAt = pc
	}
	for _, at := range l.refs {
		g.insns[at].Imm = int32(pc - at - 1)
	}
	l.refs = nil
}

// jump emits a jump op (OpJa, OpJz, OpJnz) testing register a.
func (g *gen) jump(op ir.Op, a uint8, l *label) {
	at := g.emit(ir.Insn{Op: op, A: a})
	if l.pc >= 0 {
		g.insns[at].Imm = int32(l.pc - at - 1)
	} else {
		l.refs = append(l.refs, at)
	}
}

func (g *gen) emit(ins ir.Insn) int {
	g.insns = append(g.insns, ins)
	return len(g.insns) - 1
}

// line marks the instructions emitted from now on as coming from sp.
func (g *gen) line(sp diag.Span) {
	g.stmtSp = sp
	pc := len(g.insns)
	if n := len(g.lines); n > 0 && g.lines[n-1].PC == pc {
		g.lines[n-1].Sp = sp
		return
	}
	g.lines = append(g.lines, ir.LineEntry{PC: pc, Sp: sp})
}

// push allocates the next register of the expression stack.
func (g *gen) push() uint8 {
	if g.depth == maxReg {
		if g.err == nil {
			g.err = g.limitf(g.stmtSp, ErrTooComplex, "compute parts of it into $variables first",
				"this needs more than the %d registers an expression can use", maxReg)
		}
		return maxReg
	}
	g.depth++
	return uint8(g.depth)
}

func (g *gen) pop() { g.depth-- }

// tempSlot reserves n bytes of heap for a temporary.
func (g *gen) tempSlot(n int) int {
	off := g.temp
	g.temp += ir.Align8(n)
	g.heapMax = max(g.heapMax, g.temp)
	return off
}

func (g *gen) group(grp *sema.Group) error {
	start := len(g.insns)
	g.boundAt = -1
	g.base, g.temp = grp.HeapEnd, grp.HeapEnd
	g.heapMax = max(g.heapMax, grp.HeapEnd)
	exit := newLabel()
	if f := grp.Node.Filter; f != nil {
		g.line(f.Span())
		g.branch(f, exit, false)
	}
	for _, v := range grp.Vars {
		if v.Init {
			g.line(v.Sp)
			g.zeroVar(v)
		}
	}
	g.block(grp.Node.Body)
	if g.err != nil {
		return g.err
	}
	// The run stops at the range's end: no final OpExit, which would cost
	// every hit one more step. A group that does nothing has no code.
	// A jump to the end may reuse a final OpExit, but not exit()'s, which
	// stops every probe (imm 1).
	if n := len(g.insns); n > start && g.endsInExit() && g.insns[n-1].Imm == 0 {
		g.bindAt(exit, n-1)
	} else {
		g.bind(exit)
	}
	return nil
}

// endsInExit reports whether the code so far ends in an exit that nothing
// jumps past: code placed next would be unreachable by falling through.
func (g *gen) endsInExit() bool {
	n := len(g.insns)
	return n > 0 && g.insns[n-1].Op == ir.OpExit && g.boundAt != n
}

func (g *gen) block(b *parser.Block) {
	for _, s := range b.Stmts {
		g.stmt(s)
	}
}

func (g *gen) stmt(s parser.Stmt) {
	g.temp = g.base // temporaries live for one statement
	switch s := s.(type) {
	case *parser.Block:
		g.block(s)
	case *parser.ExprStmt:
		call, ok := s.X.(*parser.CallExpr)
		if !ok {
			return // a value nobody uses: sema warned
		}
		switch call.Fn {
		case "print", "printf", "exit", "clear", "zero", "system", "cat", "time", "warnf", "errorf":
			g.line(s.Span())
			g.record(call)
		case "delete":
			g.line(s.Span())
			g.mapDelete(call)
		}
	case *parser.AssignStmt:
		g.line(s.Span())
		g.assign(s)
	case *parser.IfStmt:
		g.line(s.Cond.Span())
		els, end := newLabel(), newLabel()
		g.branch(s.Cond, els, false)
		g.block(s.Then)
		if s.Else != nil {
			if !g.endsInExit() {
				g.jump(ir.OpJa, 0, end)
			}
			g.bind(els)
			g.stmt(s.Else)
		} else {
			g.bind(els)
		}
		g.bind(end)
	case *parser.ReturnStmt:
		g.line(s.Span())
		g.emit(ir.Insn{Op: ir.OpExit})
	case *parser.WhileStmt, *parser.UnrollStmt, *parser.ForStmt, *parser.BranchStmt:
		g.loopStmt(s)
	case *parser.LetStmt:
		if s.Var != nil && s.Init != nil {
			g.line(s.Span())
			g.assign(&parser.AssignStmt{LHS: s.Var, Op: "=", RHS: s.Init, Sp: s.Sp})
		} else if v := g.p.Vars[s.Var]; s.Var != nil && v != nil {
			// `let $x;` starts $x at 0 each time it runs (in a loop's body too).
			g.line(s.Span())
			g.zeroVar(v)
		}
	default:
		panic(fmt.Sprintf("gen: unexpected statement %T", s))
	}
}
