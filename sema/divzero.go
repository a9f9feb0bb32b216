package sema

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// DivZeroMsg is the warning of a division or modulo by 0 at run time.
// The result is 1, as bpftrace makes it (CreateCheckedBinop in its
// irbuilderbpf.cpp, whose DIVIDE_BY_ZERO_MSG says the same).
const DivZeroMsg = "divide or modulo by 0: 1 is used as the result"

// divZero makes the warning gen emits where the divisor y of op (/ or %)
// is 0 at run time, placed at sp (the operation); a divisor that is a
// non-zero constant needs none.
func (c *checker) divZero(op string, sp diag.Span, y parser.Expr) {
	if op != "/" && op != "%" {
		return
	}
	if v, ok := c.p.Consts[y]; ok && v != 0 {
		return
	}
	verbs, err := printfmt.ParseFormat(DivZeroMsg)
	if err != nil {
		panic("sema: the division warning is no printf format: " + err.Error())
	}
	lit := &parser.StrLit{Val: DivZeroMsg, Sp: sp}
	c.p.Types[lit] = LitOf(len(lit.Val))
	call := &parser.CallExpr{Fn: "warnf", FnSp: sp, Args: []parser.Expr{lit}, Sp: sp}
	c.addEvent(call, ir.EventWarnf, verbs, nil)
	c.p.DivZero[y] = call
}
