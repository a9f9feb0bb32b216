package sema

import (
	"errors"
	"maps"
	"slices"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/printfmt"
)

// callSpec is one function gs implements.
type callSpec struct {
	// check type-checks a call and returns its type (nil: an error was
	// reported).
	check func(c *checker, gc *groupCtx, e *parser.CallExpr) *Type
	// noMemory: its calls read no memory of the process but their
	// arguments' values (placement's groupReads).
	noMemory bool
}

// funcs are the functions gs implements, by name: the one table that
// call dispatches on, that "did you mean" offers, and that placement
// reads noMemory from. The aggregations (aggs, maps.go) are added in
// init, as are all entries: their checks call back into call.
var funcs map[string]callSpec

func init() {
	funcs = map[string]callSpec{
		"print":   {check: (*checker).printCall},
		"printf":  {check: printfCall(ir.EventPrintf)},
		"exit":    {check: (*checker).exitCall, noMemory: true},
		"str":     {check: (*checker).str},
		"strncmp": {check: (*checker).strncmp}, // cexpr.go
		"ustack":  {check: (*checker).ustack},
		"usym":    {check: intFunc(Usym)},                 // the symbol at an address
		"delete":  {check: mapFunc(Bool), noMemory: true}, // whether there was an entry
		"has_key": {check: (*checker).hasKey},
		"clear":   {check: mapFunc(Void), noMemory: true},
		"zero":    {check: mapFunc(Void), noMemory: true},
		// usercalls.go
		"system":      {check: (*checker).system},
		"cat":         {check: printfCall(ir.EventCat)},
		"warnf":       {check: printfCall(ir.EventWarnf)},
		"errorf":      {check: printfCall(ir.EventErrorf)},
		"time":        {check: (*checker).time},
		"strcontains": {check: (*checker).strcontains},
		"bswap":       {check: (*checker).bswap},
		"nsecs":       {check: (*checker).nsecs},
		"strftime":    {check: (*checker).strftime},
		"strlen":      {check: (*checker).strlen},                  // textcalls.go
		"strerror":    {check: intFunc(Errno)},                     // an errno value, printed as its message
		"signal_name": {check: intFunc(Signal)},                    // a signal number, printed as its description
		"cgroup_path": {check: (*checker).cgroupPath},              // cgroup.go
		"cgroupid":    {check: (*checker).cgroupid},                // cgroup.go
		"kaddr":       {check: (*checker).kaddr},                   // kaddr.go
		"ntop":        {check: (*checker).ntop},                    // textcalls.go
		"pton":        {check: (*checker).ptonValue},               // textcalls.go
		"uaddr":       {check: (*checker).uaddr},                   // uaddr.go
		"macaddr":     {check: (*checker).macaddr},                 // textcalls.go
		"buf":         {check: (*checker).buf},                     // buf.go
		"len":         {check: (*checker).length},                  // textcalls.go
		"reg":         {check: (*checker).regCall, noMemory: true}, // reg.go
	}
	for name := range aggs {
		funcs[name] = callSpec{check: (*checker).aggCall, noMemory: true}
	}
}

// readsNoMemory reports whether calls of fn read no memory of the process
// but their arguments' values.
func readsNoMemory(fn string) bool { return funcs[fn].noMemory }

// mapFunc checks a call of a map function (delete, clear, zero: maps.go)
// whose value is of type t.
func mapFunc(t *Type) func(*checker, *groupCtx, *parser.CallExpr) *Type {
	return func(c *checker, gc *groupCtx, e *parser.CallExpr) *Type {
		c.mapCall(gc, e)
		return t
	}
}

// intFunc checks a call of one integer argument whose value is of type t.
func intFunc(t *Type) func(*checker, *groupCtx, *parser.CallExpr) *Type {
	return func(c *checker, gc *groupCtx, e *parser.CallExpr) *Type {
		if !c.argCount(gc, e, 1) || c.integer(gc, e.Args[0], e.Fn) == nil {
			return nil
		}
		return t
	}
}

// printfCall checks a call of printf's form that makes an event of kind.
func printfCall(kind ir.EventKind) func(*checker, *groupCtx, *parser.CallExpr) *Type {
	return func(c *checker, gc *groupCtx, e *parser.CallExpr) *Type {
		c.printf(gc, e, kind)
		return Void
	}
}

// unsupportedCalls are bpftrace's functions of the kernel's side that gs
// does not provide, with why.
var unsupportedCalls = map[string]string{
	"kstack":    "kstack() (gs attaches uprobes only)",
	"ksym":      "ksym() (gs symbolizes user space only)",
	"kptr":      "kptr() (gs reads user space only)",
	"override":  "override() (gs never changes the traced process)",
	"signal":    "signal() (gs never changes the traced process)",
	"skboutput": "skboutput() (a network program's function)",
}

// laterCalls are functions gs will have but does not support yet.
var laterCalls = map[string]bool{
	"join": true,
	"uptr": true,
	"path": true,
}

func (c *checker) call(gc *groupCtx, e *parser.CallExpr) *Type {
	if f, ok := funcs[e.Fn]; ok {
		return f.check(c, gc, e)
	}
	if t, ok := c.builtinCall(gc, e); ok {
		return t // builtins.go
	}
	if why, ok := unsupportedCalls[e.Fn]; ok {
		c.values(gc, e.Args)
		c.diags.Errorf(e.FnSp, "not supported by gs: %s", why)
		return nil
	}
	if laterCalls[e.Fn] {
		c.diags.Errorf(e.FnSp, "%s() is not supported yet", e.Fn)
		return nil
	}
	d := c.diags.Errorf(e.FnSp, "unknown function %q", e.Fn)
	if s := diag.Suggest(e.Fn, callNames()); s != "" {
		d.WithHint("did you mean %q?", s)
	}
	return nil
}

// callNames are the names "did you mean" offers for an unknown function:
// those of funcs and laterCalls, sorted.
func callNames() []string {
	known := slices.AppendSeq(slices.Collect(maps.Keys(funcs)), maps.Keys(laterCalls))
	slices.Sort(known)
	return known
}

// aggCall reports an aggregation outside a map assignment (maps.go
// checks them there).
func (c *checker) aggCall(gc *groupCtx, e *parser.CallExpr) *Type {
	c.values(gc, e.Args)
	c.errorf(e, "%s() can only be assigned to a map", e.Fn).WithHint("write @name[key] = %s", aggUsage[e.Fn])
	return nil
}

// printCall checks print(value, ...) and print(@map, ...).
func (c *checker) printCall(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) == 0 {
		c.errorf(e, "print needs at least one argument")
		return Void
	}
	if c.mapCall(gc, e) {
		return Void
	}
	if c.values(gc, e.Args) {
		c.addEvent(e, ir.EventPrint, nil, e.Args)
	}
	return Void
}

// exitCall checks exit().
func (c *checker) exitCall(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) > 1 {
		c.values(gc, e.Args)
		c.errorf(e, "exit takes at most 1 argument, got %d", len(e.Args)).WithHint("exit() or exit(code): gs then exits with code")
		return Void
	}
	if len(e.Args) == 1 && c.integer(gc, e.Args[0], "exit") == nil {
		return Void
	}
	c.addEvent(e, ir.EventExit, nil, e.Args) // exit(code): the code is the record's field
	gc.dead = true
	return Void
}

// hasKey checks has_key(@m, key).
func (c *checker) hasKey(gc *groupCtx, e *parser.CallExpr) *Type {
	if c.keyedCall(gc, e, "has_key") == nil {
		return nil
	}
	return Bool
}

// argCount reports whether e has n arguments; when not, it checks them
// as values and reports the call.
func (c *checker) argCount(gc *groupCtx, e *parser.CallExpr, n int) bool {
	if len(e.Args) == n {
		return true
	}
	c.values(gc, e.Args)
	switch n {
	case 0:
		c.errorf(e, "%s takes no arguments, got %d", e.Fn, len(e.Args))
	case 1:
		c.errorf(e, "%s takes 1 argument, got %d", e.Fn, len(e.Args))
	default:
		c.errorf(e, "%s takes %d arguments, got %d", e.Fn, n, len(e.Args))
	}
	return false
}

// values checks every expression of es as a value and reports whether all
// of them are fine.
func (c *checker) values(gc *groupCtx, es []parser.Expr) bool {
	ok := true
	for _, a := range es {
		if c.value(gc, a) == nil {
			ok = false
		}
	}
	return ok
}

func (c *checker) addEvent(e *parser.CallExpr, kind ir.EventKind, verbs []printfmt.Verb, args []parser.Expr) {
	c.p.EventOf[e] = len(c.events)
	c.events = append(c.events, &eventInfo{call: e, kind: kind, verbs: verbs, args: args})
}

// aggUsage shows how each aggregation is called, for hints.
var aggUsage = map[string]string{
	"count": "count()", "sum": "sum(value)", "min": "min(value)", "max": "max(value)", "avg": "avg(value)",
	"stats": "stats(value)", "hist": "hist(value)", "lhist": "lhist(value, min, max, step)",
}

// ustack checks ustack(N); the bare identifier ustack is a builtin.
func (c *checker) ustack(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) == 0 {
		return c.defaultStack()
	}
	args, mode := e.Args, c.settings.StackMode
	if id, ok := args[0].(*parser.Ident); ok {
		m, known := ir.StackModes[id.Name]
		if !known && id.Name == "addr" {
			c.errorf(id, "not supported by gs: ustack(%s)", id.Name).WithHint("the modes are bpftrace, build_id, perf and raw")
			return nil
		}
		if known {
			args, mode = args[1:], m
		}
	}
	if len(args) == 0 {
		t := autoStack()
		t.StackMode = mode
		return t
	}
	if len(args) != 1 {
		c.values(gc, args)
		c.errorf(e, "ustack takes a mode and a number of frames, got %d arguments", len(e.Args))
		return nil
	}
	t := c.value(gc, args[0])
	if t == nil {
		return nil
	}
	v, ok := c.p.Consts[args[0]]
	if !ok || !t.IsInteger() || int64(v) < 1 || int64(v) > ir.MaxStack {
		c.errorf(args[0], "ustack frames must be a constant from 1 to %d", ir.MaxStack)
		return nil
	}
	st := StackOf(int(v))
	st.StackMode = mode
	return st
}

// autoStack is the type of a ustack without a depth: bpftrace's 127 frames,
// fewer when its record would be too large (see layout).
func autoStack() *Type {
	t := StackOf(ir.MaxStack)
	t.AutoDepth = true
	return t
}

// str checks str(ptr[, limit]).
func (c *checker) str(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) < 1 || len(e.Args) > 2 {
		c.values(gc, e.Args)
		c.errorf(e, "str takes 1 or 2 arguments, got %d", len(e.Args))
		return nil
	}
	pt := c.value(gc, e.Args[0])
	switch {
	case pt == nil || pt.IsInteger() || isCountedText(pt):
	case isCharArray(pt):
		// Read as text no further than its end (gen's arrayText).
		if !c.inMemory(e.Args[0], "read as a string") {
			pt = nil
		}
	default:
		c.errorf(e.Args[0], "str needs an address (an integer) or a char array, got %s", pt)
		pt = nil
	}
	n := c.settings.StrLen
	if len(e.Args) == 2 {
		lt := c.value(gc, e.Args[1])
		if lt == nil {
			return nil
		}
		v, ok := c.p.Consts[e.Args[1]]
		switch {
		case !lt.IsInteger():
			c.errorf(e.Args[1], "str limit must be an integer, got %s", lt)
			return nil
		case !ok && pt != nil && !pt.IsInteger():
			// A char array or a counted text has its own length.
			c.errorf(e.Args[1], "str limit of a %s must be a constant", pt)
			return nil
		case !ok:
			// A length known at run time (a Go string's, str(arg0, arg1)):
			// read at most that many bytes, capped at max_strlen, as
			// bpftrace does; gen clamps it.
		case int64(v) < 1 || int64(v) > ir.MaxStrLen:
			c.errorf(e.Args[1], "str limit must be from 1 to %d", ir.MaxStrLen)
			return nil
		default:
			n = int(v)
		}
	}
	if pt == nil {
		return nil
	}
	if isCharArray(pt) {
		n = min(n, ArrayKeyCap(pt))
	}
	return StringOf(n)
}

// printf checks printf(format, args...) against the format's conversions.
func (c *checker) printf(gc *groupCtx, e *parser.CallExpr, kind ir.EventKind) {
	if len(e.Args) == 0 {
		c.errorf(e, "%s needs a format string", e.Fn)
		return
	}
	ok := c.values(gc, e.Args[1:])
	lit, isLit := e.Args[0].(*parser.StrLit)
	if !isLit {
		c.value(gc, e.Args[0])
		c.errorf(e.Args[0], "%s format must be a string literal", e.Fn)
		return
	}
	c.p.Types[lit] = LitOf(len(lit.Val))
	verbs, err := printfmt.ParseFormat(lit.Val)
	if err != nil {
		var fe *printfmt.Error
		if errors.As(err, &fe) {
			c.diags.Errorf(c.litSpan(lit, fe.Offset, fe.End), "invalid %s format: %s", e.Fn, fe.Msg)
		} else {
			c.errorf(lit, "invalid %s format: %v", e.Fn, err)
		}
		return
	}
	args := e.Args[1:]
	var convs []printfmt.Verb
	for _, v := range verbs {
		if !v.IsLiteral() {
			convs = append(convs, v)
		}
	}
	switch {
	case len(args) > len(convs):
		c.errorf(args[len(convs)], "%s has more arguments than conversions", e.Fn).
			WithHint("the format has %d conversion%s for %d argument%s", len(convs), plural(len(convs)), len(args), plural(len(args)))
		ok = false
	case len(args) < len(convs):
		v := convs[len(args)]
		c.diags.Errorf(c.litSpan(lit, v.Start, v.End), "%s conversion %s has no argument", e.Fn, v.String()).
			WithHint("the format has %d conversion%s for %d argument%s", len(convs), plural(len(convs)), len(args), plural(len(args)))
		ok = false
	}
	for i, a := range args {
		t := c.p.Types[a]
		if i >= len(convs) || t == nil {
			continue
		}
		if !c.convArg(convs[i], a, t) {
			ok = false
		}
	}
	if ok {
		c.addEvent(e, kind, verbs, args)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// convArg checks that argument a of type t suits conversion v.
func (c *checker) convArg(v printfmt.Verb, a parser.Expr, t *Type) bool {
	if ok, done := c.cConvArg(v, t); done {
		return ok // C values (cexpr.go)
	}
	switch v.Class() {
	case printfmt.ClassBuf:
		if t.Kind != KindBuf {
			c.errorf(a, "%s needs a buf(), got %s", v.String(), t).WithHint("buf(p, n) copies n bytes at p")
			return false
		}
	case printfmt.ClassString:
		if t.IsInteger() {
			c.errorf(a, "%%%c needs a string, got %s", v.Conv, t).WithHint("wrap it in str() to read the string at that address")
			return false
		}
	case printfmt.ClassFloat:
		c.errorf(a, "%%%c needs a floating-point value, got %s", v.Conv, t)
		return false
	default:
		if !t.IsInteger() {
			c.errorf(a, "%s needs an integer, got %s", v.String(), t).WithHint("print it with %%s")
			return false
		}
	}
	return true
}

// litSpan returns the source span of bytes [start, end) of the decoded
// text of lit, or lit's whole span when the mapping is unclear.
func (c *checker) litSpan(lit *parser.StrLit, start, end int) diag.Span {
	raw := c.p.File.Text(lit.Sp)
	if len(raw) < 2 || raw[0] != '"' {
		return lit.Sp
	}
	// offs[i] is the raw offset where decoded byte i starts.
	var offs []int
	for i := 1; i < len(raw)-1; {
		offs = append(offs, i)
		if raw[i] != '\\' || i+1 >= len(raw)-1 {
			i++
			continue
		}
		i += 2
		switch raw[i-1] {
		case 'x':
			for k := 0; k < 2 && i < len(raw)-1 && isHex(raw[i]); k++ {
				i++
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			for k := 0; k < 2 && i < len(raw)-1 && raw[i] >= '0' && raw[i] <= '7'; k++ {
				i++
			}
		}
	}
	if len(offs) != len(lit.Val) || start < 0 || end > len(offs) || start >= end {
		return lit.Sp
	}
	rawEnd := len(raw) - 1
	if end < len(offs) {
		rawEnd = offs[end]
	}
	base := lit.Sp.Start.Offset
	return diag.Span{Start: c.p.File.PosAt(base + offs[start]), End: c.p.File.PosAt(base + rawEnd)}
}

func isHex(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F'
}
