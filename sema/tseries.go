package sema

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// This file checks bpftrace's tseries(value, interval, intervals[, fn]):
// an aggregation that keeps, per key, the value of each of the last
// intervals intervals of interval nanoseconds (the last one written, or
// their sum, min, max or avg), printed as a graph over time. Its buckets
// live in one gs_aggs entry (ir/doc.go, "Time series"), so intervals is at
// most ir.MaxTseries.

// tseriesFns are tseries' fourth argument's values.
var tseriesFns = map[string]ir.TseriesFn{"avg": ir.TseriesAvg, "sum": ir.TseriesSum, "min": ir.TseriesMin, "max": ir.TseriesMax}

// tseriesArgs checks tseries' arguments and returns its shape; nil when in
// error (reported).
func (c *checker) tseriesArgs(gc *groupCtx, call *parser.CallExpr) *ir.Tseries {
	if len(call.Args) != 3 && len(call.Args) != 4 {
		c.values(gc, call.Args)
		c.errorf(call, "tseries takes 3 or 4 arguments, got %d", len(call.Args)).
			WithHint("tseries(value, interval, intervals[, \"avg\" | \"sum\" | \"min\" | \"max\"])")
		return nil
	}
	vt := c.integer(gc, call.Args[0], "tseries")
	ok := vt != nil
	var params [2]int64
	for i, a := range call.Args[1:3] {
		t := c.value(gc, a)
		v, isConst := c.p.Consts[a]
		name := [...]string{"interval", "intervals"}[i]
		if t == nil || !t.IsInteger() || !isConst {
			if t != nil {
				c.errorf(a, "tseries %s must be an integer constant", name).WithHint("an interval is a duration: 100ms, 1s")
			}
			ok = false
			continue
		}
		params[i] = int64(v)
		if params[i] <= 0 {
			c.errorf(a, "tseries %s must be at least 1, got %d", name, params[i])
			ok = false
		}
	}
	if ok && params[1] > ir.MaxTseries {
		c.errorf(call.Args[2], "not supported by gs yet: a tseries of more than %d intervals, got %d", ir.MaxTseries, params[1]).
			WithHint("gs keeps a key's intervals in one aggregation entry")
		ok = false
	}
	fn := ir.TseriesLast
	if len(call.Args) == 4 {
		lit, isLit := call.Args[3].(*parser.StrLit)
		if isLit {
			c.p.Types[lit] = LitOf(len(lit.Val))
		} else {
			c.value(gc, call.Args[3])
		}
		f, known := ir.TseriesFn(0), false
		if isLit {
			f, known = tseriesFns[lit.Val]
		}
		if !known {
			c.errorf(call.Args[3], "tseries combines an interval's values by \"avg\", \"max\", \"min\" or \"sum\"")
			ok = false
		}
		fn = f
	}
	if !ok {
		return nil
	}
	c.tseriesClock(gc)
	return &ir.Tseries{Interval: params[0], Intervals: int(params[1]), Fn: fn, Signed: !vt.IsUnsigned()}
}

// tseriesClock resolves the map that stands for the clock when
// Config.TimeMap names one (bpftrace's BPFTRACE_DUMMY_TS_MAP, for tests):
// tseries then reads its time from that scalar map of integers.
func (c *checker) tseriesClock(gc *groupCtx) {
	if c.cfg.TimeMap == "" || c.p.TimeMap != nil {
		return
	}
	name := c.cfg.TimeMap
	if len(name) > 0 && name[0] == '@' {
		name = name[1:]
	}
	e := &parser.MapExpr{Name: name}
	m := c.maps[name]
	if m == nil || m.Kind != MapPlain || len(m.KeyTypes) > 0 {
		c.diags.Errorf(e.Sp, "the tseries clock map @%s must be a map of integers without keys, assigned before a tseries", name)
		return
	}
	c.p.Types[e] = c.mapRead(gc, e)
	c.p.TimeMap = e
}

// sameTseries reports whether two uses of a map give tseries one shape.
func sameTseries(a, b *ir.Tseries) bool { return a != nil && b != nil && *a == *b }
