package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// This file is the program-value part of resource analysis. Before
// layout, prepareValues checks where unavailable values and aggregates
// are used, and turns char * arguments of print and %s into strings; the
// layout hook (layoutArg) gives values read from the process a status
// slot; after layout, finishValues gives each probe where some printed
// value is optimized out its own copy of the event, with those fields
// marked Unavailable.

// prepareValues runs after checking, before layout.
func (c *checker) prepareValues() {
	c.goModules() // golang.go
	if c.p.Values != nil {
		for _, g := range c.p.Groups {
			c.checkUses(g)
		}
	}
	for _, ev := range c.events {
		switch ev.kind {
		case ir.EventPrint:
			for _, a := range ev.args {
				c.asString(a)
			}
		case ir.EventPrintf, ir.EventSystem, ir.EventCat, ir.EventWarnf, ir.EventErrorf:
			i := 0
			for _, v := range ev.verbs {
				if v.IsLiteral() {
					continue
				}
				if i < len(ev.args) && v.Class() == printfmt.ClassString {
					c.asString(ev.args[i])
				} else if i < len(ev.args) {
					c.asLen(ev.args[i])
				}
				i++
			}
		}
	}
}

// asString makes a char * argument print as the text it points to, and
// counted text as its text.
func (c *checker) asString(a parser.Expr) {
	if c.asLen(a) {
		return
	}
	if t := c.p.Types[a]; t != nil && (isCharPtr(t) || isCountedText(t)) {
		c.vals().AsString[a] = t
		c.p.Types[a] = StringOf(c.settings.StrLen)
	}
}

// unavailAt reports whether the value of e is optimized out at probe id:
// e names such a variable, or reads a field, an element or the target of
// one.
func (c *checker) unavailAt(e parser.Expr, id int) bool {
	_, un := c.unavailWhy(e, id)
	return un
}

// unavailWhy is unavailAt, and when DWARF gives a location gs cannot
// evaluate, the operation it stops at (debuginfo.Location.Unsupported).
func (c *checker) unavailWhy(e parser.Expr, id int) (string, bool) {
	if fx := c.implicitThis(e); fx != nil {
		e = fx
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		if ref := c.valuesRef(e); ref != nil {
			if at := ref.At[id]; at != nil && !at.Available() {
				if at.Loc.Unsupported {
					return at.Loc.Reason, true
				}
				return "", true
			}
		}
		return "", false
	case *parser.FieldExpr:
		return c.unavailWhy(x.X, id)
	case *parser.IndexExpr:
		return c.unavailWhy(x.X, id)
	case *parser.UnaryExpr:
		if x.Op == "*" {
			return c.unavailWhy(x.X, id)
		}
	case *parser.CastExpr:
		return c.unavailWhy(x.X, id)
	}
	return "", false
}

// checkUses reports the uses of optimized-out values other than printing
// them, and aggregates stored where only integers and strings fit.
func (c *checker) checkUses(g *Group) {
	var stack []parser.Node
	parser.Inspect(g.Node, func(n parser.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		switch n.(type) {
		case *parser.SizeofExpr, *parser.OffsetofExpr, *parser.Probe:
			return false // not evaluated
		}
		stack = append(stack, n)
		if e, ok := n.(parser.Expr); ok {
			c.checkUse(g, e, stack)
		}
		return true
	})
}

func (c *checker) checkUse(g *Group, e parser.Expr, stack []parser.Node) {
	if t := c.p.Types[e]; t != nil && isBytes(t) && len(stack) >= 2 {
		switch p := stack[len(stack)-2].(type) {
		case *parser.AssignStmt:
			switch {
			case p.RHS != e:
			case IsHeld(t): // held.go: copied as its bytes
			case isWide(t):
				wideHint(c.errorf(e, "%s is %s, which cannot be stored", c.text(e), t), t)
			case isCountedText(t):
				c.errorf(e, "%s is %s: it can only be printed, compared or read with str()", c.text(e), t).
					WithHint("store its text: %s = str(%s)", c.text(p.LHS), c.text(e))
			default:
				c.errorf(e, "%s is %s: it can only be printed or have its fields read", c.text(e), t).
					WithHint("store a field, or print it")
			}
		case *parser.MapExpr:
			if !isCharArray(t) && !isCountedText(t) && !IsHeld(t) { // these key as their text (keyType), held ones as their bytes
				c.errorf(e, "%s is %s, which cannot be a map key", c.text(e), t)
			}
		}
	}
	ref := c.valuesRef(e)
	if fx := c.implicitThis(e); fx != nil {
		ref = c.valuesRef(fx.X) // this, read for this->NAME
	}
	if ref == nil {
		return
	}
	bad := -1
	for _, id := range sortedIDs(ref.At) {
		if !ref.At[id].Available() {
			bad = id
			break
		}
	}
	if bad < 0 {
		return
	}
	// Climb the chain of field, element, dereference and cast: the value
	// of the chain is unavailable too, and printing it is fine.
	child := parser.Node(e)
	i := len(stack) - 2
	for ; i >= 0; i-- {
		ok := false
		switch p := stack[i].(type) {
		case *parser.FieldExpr:
			ok = p.X == child
		case *parser.IndexExpr:
			ok = p.X == child
		case *parser.UnaryExpr:
			ok = p.Op == "*" && p.X == child
		case *parser.CastExpr:
			ok = p.X == child
		}
		if !ok {
			break
		}
		child = stack[i]
	}
	if i >= 0 {
		if call, ok := stack[i].(*parser.CallExpr); ok && (call.Fn == "print" || call.Fn == "printf") {
			for j, a := range call.Args {
				if a == child && (call.Fn == "print" || j > 0) {
					return
				}
			}
		}
	}
	what := "an expression"
	switch {
	case len(stack) > 1 && stack[1] == g.Node.Filter:
		what = "the filter"
	case i >= 0:
		what = useContext(stack[i], child)
	}
	why := "is optimized out"
	if r := ref.At[bad].Loc.Reason; r != "" && r != debuginfo.ReasonOptimizedOut && r != debuginfo.ReasonPartial {
		why = "cannot be read (" + r + ")" // a location gs cannot evaluate
	}
	c.errorf(child, "%s %s at %s: it cannot be used in %s", ref.Name, why, c.probeDesc(bad), what).
		WithHint("print(%s) shows <optimized out>; to use its value, probe a place where it is available", ref.Name)
}

// useContext names what parent does with child, for messages.
func useContext(parent, child parser.Node) string {
	switch p := parent.(type) {
	case *parser.ProbeGroup:
		return "a filter"
	case *parser.IfStmt:
		return "a condition"
	case *parser.CondExpr:
		if p.Cond == child {
			return "a condition"
		}
		return "a ?: expression"
	case *parser.BinaryExpr:
		switch p.Op {
		case "==", "!=", "<", "<=", ">", ">=":
			return "a comparison"
		case "&&", "||":
			return "a condition"
		}
		return "arithmetic"
	case *parser.UnaryExpr:
		if p.Op == "&" {
			return "&: it has no address"
		}
		if p.Op == "!" {
			return "a condition"
		}
		return "arithmetic"
	case *parser.IndexExpr:
		return "an index"
	case *parser.AssignStmt:
		return "an assignment"
	case *parser.MapExpr:
		return "a map key"
	case *parser.CallExpr:
		return p.Fn + "()"
	}
	return "an expression"
}

// isProgramExpr reports whether evaluating e reads the traced program.
func (c *checker) isProgramExpr(e parser.Expr) bool {
	if c.p.Values == nil {
		return hasDeref(e) // *(int *)8 reads memory in any script
	}
	found := false
	parser.Inspect(e, func(n parser.Node) bool {
		if found || n == nil {
			return false
		}
		switch x := n.(type) {
		case *parser.SizeofExpr, *parser.OffsetofExpr:
			return false
		case *parser.Ident, *parser.ArgsExpr:
			found = c.valuesRef(x.(parser.Expr)) != nil || c.implicitThis(x.(parser.Expr)) != nil
		case *parser.FieldExpr, *parser.IndexExpr:
			found = true
		case *parser.UnaryExpr:
			found = x.Op == "*" || x.Op == "&"
		}
		return !found
	})
	return found
}

// hasDeref reports whether e dereferences a pointer.
func hasDeref(e parser.Expr) bool {
	found := false
	parser.Inspect(e, func(n parser.Node) bool {
		if u, ok := n.(*parser.UnaryExpr); ok && u.Op == "*" {
			found = true
		}
		return !found && n != nil
	})
	return found
}

// mayFault reports whether evaluating e may read the process's memory,
// which may fail: the value then needs a status slot.
func (c *checker) mayFault(e parser.Expr) bool {
	if fx := c.implicitThis(e); fx != nil {
		e = fx
	}
	if _, ok := c.p.Consts[e]; ok {
		return false
	}
	switch x := e.(type) {
	case *parser.SizeofExpr, *parser.OffsetofExpr:
		return false
	case *parser.Ident, *parser.ArgsExpr:
		if ref := c.valuesRef(e); ref != nil {
			if ref.Type.Kind == KindArray {
				return c.addrFault(e)
			}
			for _, at := range ref.At {
				if readsMemory(at.Loc) {
					return true
				}
			}
		}
		return false
	case *parser.FieldExpr:
		return c.inMemoryAt(e) || c.addrFault(e)
	case *parser.IndexExpr:
		return c.inMemoryAt(e) || c.addrFault(e) || c.mayFault(x.Index)
	case *parser.UnaryExpr:
		switch x.Op {
		case "*":
			return true
		case "&":
			return c.addrFault(x.X)
		}
	}
	fault := false
	parser.Inspect(e, func(n parser.Node) bool {
		if fault || n == nil {
			return false
		}
		if sub, ok := n.(parser.Expr); ok && sub != e {
			fault = c.mayFault(sub)
			return false
		}
		return true
	})
	return fault
}

// inMemoryAt reports whether lvalue e is in the process's memory at some
// probe (and not only in registers).
func (c *checker) inMemoryAt(e parser.Expr) bool {
	if fx := c.implicitThis(e); fx != nil {
		e = fx
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		if ref := c.valuesRef(e); ref != nil {
			for _, at := range ref.At {
				if readsMemory(at.Loc) {
					return true
				}
			}
		}
		return false
	case *parser.FieldExpr:
		return c.p.Values.Arrow(x) || c.inMemoryAt(x.X)
	case *parser.IndexExpr:
		if t := c.p.Types[x.X]; t != nil && t.Kind == KindPointer {
			return true
		}
		return c.inMemoryAt(x.X)
	case *parser.UnaryExpr:
		return x.Op == "*"
	}
	return true
}

// addrFault reports whether computing the address of lvalue e may read
// the process's memory, or need a load bias that may be unknown in the
// process (&global prints as not available then, never as an address).
func (c *checker) addrFault(e parser.Expr) bool {
	if fx := c.implicitThis(e); fx != nil {
		e = fx
	}
	switch x := e.(type) {
	case *parser.Ident, *parser.ArgsExpr:
		if ref := c.valuesRef(e); ref != nil {
			for _, at := range ref.At {
				if at.Loc.NeedsBias() || at.Module >= 0 {
					return true // OpLdBias fails where the module's bias is unknown
				}
				for _, p := range at.Loc.Pieces {
					for _, o := range p.Ops {
						if o.Kind == debuginfo.LocDeref {
							return true
						}
					}
				}
			}
		}
		return false
	case *parser.FieldExpr:
		if c.p.Values.Arrow(x) {
			return c.mayFault(x.X)
		}
		return c.addrFault(x.X)
	case *parser.IndexExpr:
		if t := c.p.Types[x.X]; t != nil && t.Kind == KindPointer {
			return c.mayFault(x.X) || c.mayFault(x.Index)
		}
		return c.addrFault(x.X) || c.mayFault(x.Index)
	case *parser.UnaryExpr:
		if x.Op == "*" {
			return c.mayFault(x.X)
		}
	}
	return c.mayFault(e)
}

// wideRegPiece returns the size of a piece of a value of size bytes that
// is held in a register or computed, and wider than the 8 bytes gen takes
// from one. (Wider registers, such as the SSE ones, are not saved by a
// uprobe anyway.)
func wideRegPiece(loc debuginfo.Location, size int) (int, bool) {
	off := 0
	for _, p := range loc.Pieces {
		n := p.Size
		if n == 0 {
			n = size - off
		}
		if (p.Kind == debuginfo.PieceReg || p.Kind == debuginfo.PieceValue) && n > 8 {
			return n, true
		}
		off += n
	}
	return 0, false
}

// readsMemory reports whether reading a value at loc reads memory.
func readsMemory(loc debuginfo.Location) bool {
	for _, p := range loc.Pieces {
		if p.Kind == debuginfo.PieceMemory {
			return true
		}
		for _, o := range p.Ops {
			if o.Kind == debuginfo.LocDeref {
				return true
			}
		}
	}
	return false
}

// layoutArg lays out one value of a record at off and returns the offset
// after it. Values read from the traced program carry a status slot before
// their bytes: aggregates and floats (copied raw by OpStMem, at most
// ir.StMemMax bytes), and integers whose reading may fault.
func (c *checker) layoutArg(ev *ir.Event, a parser.Expr, t *Type, off int) int {
	f := ir.Field{Name: c.text(a), Offset: off, Status: -1}
	if t.Kind != KindTuple && (t.IsC() || t.Kind == KindInt && t.Size > 8 || c.isProgramExpr(a)) {
		switch {
		case t.Nodes != nil:
			f.Status, f.Offset, f.Type = off, off+ir.StatusSize, irNodes(t) // nodes.go
			ev.Fields = append(ev.Fields, f)
			return off + ir.StatusSize + f.Type.Size
		case isCountedSeq(t):
			f.Status, f.Offset, f.Type = off, off+ir.StatusSize, irSeq(t)
			ev.Fields = append(ev.Fields, f)
			return off + ir.StatusSize + f.Type.Size
		case isBytes(t):
			it := irMem(t)
			if t.Size > ir.StMemMax {
				it = truncate(it, ir.StMemMax)
				c.diags.Warnf(a.Span(), "%s is %d bytes; only the first %d are printed", c.text(a), t.Size, it.Size)
			} else {
				it = c.attach(a, t, it) // outofline.go: counted members as text and elements, nested too
			}
			f.Status, f.Offset, f.Type = off, off+ir.StatusSize, it
			ev.Fields = append(ev.Fields, f)
			return off + ir.StatusSize + ir.Align8(it.Size)
		case t.Kind == KindString || t.Kind == KindBuf:
			f.Type = IR(t)
		case c.mayFault(a):
			f.Status, f.Offset, f.Type = off, off+ir.StatusSize, irValue(t)
			ev.Fields = append(ev.Fields, f)
			return off + ir.StatusSize + 8
		default:
			f.Type = irValue(t)
		}
	}
	if f.Type == nil {
		f.Type = IR(t)
	}
	ev.Fields = append(ev.Fields, f)
	return off + SlotSize(t)
}

// finishValues runs after layout: a probe at which some printed value is
// optimized out records a copy of the event with those fields marked
// Unavailable (the layout stays; the runtime skips their bytes).
func (c *checker) finishValues() {
	v := c.p.Values
	if v == nil {
		return
	}
	groupOf := map[*parser.CallExpr]*Group{}
	for _, g := range c.p.Groups {
		parser.Inspect(g.Node, func(n parser.Node) bool {
			if call, ok := n.(*parser.CallExpr); ok {
				groupOf[call] = g
			}
			return n != nil
		})
	}
	variants := map[string]int{}
	for id, info := range c.events {
		g := groupOf[info.call]
		if g == nil || !v.PerProbe[g] || id >= len(c.p.Events) {
			continue
		}
		base := c.p.Events[id]
		if len(base.Fields) != len(info.args) {
			continue // an argument was in error
		}
		for _, pid := range g.Probes {
			var un []int
			var whys []string
			for i, a := range info.args {
				if why, ok := c.unavailWhy(a, pid); ok {
					un, whys = append(un, i), append(whys, why)
				}
			}
			if len(un) == 0 {
				continue
			}
			key := fmt.Sprintf("%d %v %q", id, un, whys)
			vid, ok := variants[key]
			if !ok {
				cp := base
				cp.ID = uint32(len(c.p.Events))
				cp.Fields = append([]ir.Field(nil), base.Fields...)
				for k, i := range un {
					cp.Fields[i].Unavailable, cp.Fields[i].NotEvaluated = true, whys[k]
					cp.Fields[i].Status = -1
				}
				vid = int(cp.ID)
				variants[key] = vid
				c.p.Events = append(c.p.Events, cp)
			}
			v.Events[[2]int{pid, id}] = vid
		}
	}
}
