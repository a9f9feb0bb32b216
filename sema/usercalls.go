package sema

import (
	"strings"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// bpftrace's functions that gs does in user space (system, cat, time:
// records the runtime acts on in order) or at compile time (strcontains,
// strncmp and bswap of constants).

// system checks system(format, ...), which needs --unsafe.
func (c *checker) system(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.cfg.Unsafe {
		c.values(gc, e.Args)
		c.diags.Errorf(e.FnSp, "system() runs a command: it needs --unsafe")
		return Void
	}
	c.printf(gc, e, ir.EventSystem)
	return Void
}

// time checks time([format]).
func (c *checker) time(gc *groupCtx, e *parser.CallExpr) *Type {
	format := "%H:%M:%S\n"
	switch len(e.Args) {
	case 0:
	case 1:
		lit, isLit := e.Args[0].(*parser.StrLit)
		if !isLit {
			c.value(gc, e.Args[0])
			c.errorf(e.Args[0], "time's format must be a string literal")
			return Void
		}
		c.p.Types[lit] = LitOf(len(lit.Val))
		format = lit.Val
	default:
		c.values(gc, e.Args)
		c.errorf(e, "time takes at most 1 argument, got %d", len(e.Args))
		return Void
	}
	c.addEvent(e, ir.EventTime, nil, nil)
	c.events[len(c.events)-1].text = format
	return Void
}

// NsecsClocks are the clocks of nsecs(CLOCK), bpftrace's names, and the
// context value that reads each (bare nsecs is monotonic).
// bpftrace's sw_tai is TAI worked out in software for kernels without
// bpf_ktime_get_tai_ns (5.17); gs reads the kernel's TAI clock for both.
var NsecsClocks = map[string]ir.Ctx{"monotonic": ir.CtxNsecs, "boot": ir.CtxBootNs, "tai": ir.CtxTaiNs, "sw_tai": ir.CtxTaiNs}

// nsecs checks nsecs(boot), nsecs(monotonic), nsecs(tai) and nsecs(sw_tai).
func (c *checker) nsecs(_ *groupCtx, e *parser.CallExpr) *Type {
	var id *parser.Ident
	if len(e.Args) == 1 {
		id, _ = e.Args[0].(*parser.Ident)
	}
	if id == nil {
		c.errorf(e, "nsecs takes one clock: nsecs(boot), nsecs(monotonic) or nsecs(tai)")
		return nil
	}
	if _, ok := NsecsClocks[id.Name]; !ok {
		c.errorf(id, "unknown clock %q", id.Name).WithHint("the clocks are boot, monotonic, tai and sw_tai")
		return nil
	}
	return Uint64
}

// strcontains checks strcontains(haystack, needle). Of two literals the
// answer is a constant; a string value (str(p), a $var, comm is not) with
// a literal needle is searched in the probe, position by position
// (gen's strcontains), so the haystack's capacity times the needle's
// length is bounded.
func (c *checker) strcontains(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 2) {
		return nil
	}
	if !c.values(gc, e.Args) {
		return nil
	}
	n, nok := e.Args[1].(*parser.StrLit)
	if !nok {
		return c.strcontainsRun(e) // both read at run time
	}
	needle, _, _ := strings.Cut(n.Val, "\x00") // C's text ends at a NUL
	if h, ok := e.Args[0].(*parser.StrLit); ok {
		hay, _, _ := strings.Cut(h.Val, "\x00")
		c.p.Consts[e] = b2u(strings.Contains(hay, needle))
		return Bool
	}
	ht := c.p.Types[e.Args[0]]
	if ht.Kind == KindProbe || ht.Kind == KindFunc {
		return c.strcontainsName(gc, e, ht, needle)
	}
	if ht.Kind != KindString {
		c.errorf(e.Args[0], "strcontains needs a string, got %s", ht).WithHint("read the text with str(%s)", c.text(e.Args[0]))
		return nil
	}
	if ht.Cap*(len(needle)+1) > maxSearch {
		c.errorf(e, "strcontains of a %d-byte string for a %d-byte needle is too large a search", ht.Cap, len(needle)).
			WithHint("lower the str() limit: at most %d bytes for this needle", maxSearch/(len(needle)+1))
		return nil
	}
	return Bool
}

// strcontainsName checks strcontains(probe, "lit") (func for ht's kind
// KindFunc): each probe's name is known here, so the answer is whether the
// probe that runs is one of those whose name holds the needle, a constant
// when all or none are.
func (c *checker) strcontainsName(gc *groupCtx, e *parser.CallExpr, ht *Type, needle string) *Type {
	var ids []int
	for _, id := range gc.g.Probes {
		name := c.p.Probes[id].Name
		if ht.Kind == KindFunc {
			name = c.p.Probes[id].Func
		}
		if strings.Contains(name, needle) {
			ids = append(ids, id)
		}
	}
	switch len(ids) {
	case 0:
		c.p.Consts[e] = 0
	case len(gc.g.Probes):
		c.p.Consts[e] = 1
	default:
		if c.p.ProbeMatch == nil {
			c.p.ProbeMatch = map[*parser.CallExpr][]int{}
		}
		c.p.ProbeMatch[e] = ids
	}
	return Bool
}

// strcontainsRun checks strcontains(haystack, needle) of a needle read at
// run time: every position of the haystack is compared with every byte of
// the needle's capacity (gen's strcontains), so the product of the
// capacities is bounded.
func (c *checker) strcontainsRun(e *parser.CallExpr) *Type {
	caps := [2]int{}
	for i, a := range e.Args {
		t := c.p.Types[a]
		switch t.Kind {
		case KindString, KindStrLit:
			caps[i] = t.Cap
		case KindComm:
			caps[i] = ir.CommLen
		default:
			c.errorf(a, "strcontains needs strings, got %s", t).WithHint("read the text with str(%s)", c.text(a))
			return nil
		}
	}
	if caps[0]*(caps[1]+1) > maxSearch {
		c.errorf(e, "strcontains of a %d-byte string for a needle of up to %d bytes is too large a search", caps[0], caps[1]).
			WithHint("lower the str() limits: their product at most about %d bytes", maxSearch)
		return nil
	}
	return Bool
}

// maxSearch bounds strcontains's search: the haystack's capacity times the
// needle's length plus one, about the instructions it takes.
const maxSearch = 16384

// bswap checks bswap(x): x's bytes reversed, at x's size (1, 2, 4 or 8
// bytes), an unsigned integer of that size.
func (c *checker) bswap(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	t := c.integer(gc, e.Args[0], "bswap")
	if t == nil {
		return nil
	}
	size := t.Size
	if t.Kind == KindPointer || size == 0 {
		size = 8
	}
	rt := &Type{Kind: KindInt, Size: size, Name: map[int]string{1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}[size]}
	if v, ok := c.p.Consts[e.Args[0]]; ok {
		c.p.Consts[e] = Bswap(v, size)
	}
	return rt
}

// Bswap reverses the low size bytes of v.
func Bswap(v uint64, size int) uint64 {
	var out uint64
	for i := 0; i < size; i++ {
		out = out<<8 | v>>(8*i)&0xff
	}
	return out
}

// strftime checks strftime(fmt, ns): ns, nanoseconds of nsecs's clock,
// printed as a local time (the runtime formats it).
func (c *checker) strftime(gc *groupCtx, e *parser.CallExpr) *Type {
	if len(e.Args) != 2 {
		c.values(gc, e.Args)
		c.errorf(e, "strftime takes 2 arguments (a format and nanoseconds), got %d", len(e.Args))
		return nil
	}
	lit, isLit := e.Args[0].(*parser.StrLit)
	if !isLit {
		c.values(gc, e.Args)
		c.errorf(e.Args[0], "strftime's format must be a string literal")
		return nil
	}
	c.p.Types[lit] = LitOf(len(lit.Val))
	if c.integer(gc, e.Args[1], "strftime") == nil {
		return nil
	}
	return &Type{Kind: KindTime, Size: 8, Name: "timestamp", Format: lit.Val}
}
