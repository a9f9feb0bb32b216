package sema

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// The run-time warnings bpftrace prints (its RuntimeErrorId, with the
// texts of src/required_resources.h at e1b7c39), in gs's words. Each is a
// warnf of a constant message at the operation, emitted every time.
const (
	// DivZeroMsg: a division or modulo by 0, whose result is 1, as
	// bpftrace makes it (CreateCheckedBinop in its irbuilderbpf.cpp).
	DivZeroMsg = "divide or modulo by 0: 1 is used as the result"
	// ArrayOOBMsg: a run-time index past an array's end (bpftrace's
	// visit(ArrayAccess) in codegen_llvm.cpp); the element is read all
	// the same.
	ArrayOOBMsg = "array index out of bounds: the element read is past the array's end"
	// MapFullMsg: a write of a new key to a map that holds as many as
	// its declaration allows (let @m = hash(N)); bpftrace's map update
	// fails (its "Map full" runtime error).
	MapFullMsg = "map full: the new key is not added (the map's declaration limits its keys)"
	// MapLookupMsg: with -k, a read of a map's key that it does not hold
	// (its value reads as 0); bpftrace's failed map_lookup_elem.
	MapLookupMsg = "map lookup: the map has no such key (0 is used as the value)"
	// ReadFailMsg: with -k, a $var's value read user memory that could
	// not be read (its value is 0); bpftrace's failed probe_read_user.
	// Printed values show the failure themselves (<read error at ADDR>).
	ReadFailMsg = "user memory read failed: the value is 0"
)

// runWarn makes the warning msg that gen emits at sp, and keys it by e
// (the divisor, the index) in Warns.
func (c *checker) runWarn(e parser.Expr, sp diag.Span, msg string) {
	verbs, err := printfmt.ParseFormat(msg)
	if err != nil {
		panic("sema: a run-time warning is no printf format: " + err.Error())
	}
	lit := &parser.StrLit{Val: msg, Sp: sp}
	c.p.Types[lit] = LitOf(len(lit.Val))
	call := &parser.CallExpr{Fn: "warnf", FnSp: sp, Args: []parser.Expr{lit}, Sp: sp}
	c.addEvent(call, ir.EventWarnf, verbs, nil)
	c.p.Warns[e] = call
}

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
	c.runWarn(y, sp, DivZeroMsg)
}
