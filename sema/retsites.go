package sema

import (
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
)

// Return probes on RET instructions. A kernel uretprobe replaces the
// return address of the probed call with its trampoline's. Two kinds of
// code walk the stack by return addresses and break on it: Go's runtime
// (golang.go), and the unwinder of C++ exceptions, Rust panics and
// thread cancellation, which finds no CFI for the trampoline and aborts
// the program ("terminate called after throwing ..."). So where one can
// pass through the function (debuginfo.Binary.LeavesByUnwind: C++ and
// Rust code, a function with an LSDA or personality, a binary that uses
// exceptions or setjmp/longjmp), and in every Go function, `uretprobe:`
// becomes a plain uprobe on each RET of the function: there the stack is
// the function's own, nothing is written to it, and retval is in the
// return register as it is at a uretprobe.
//
// Such a probe sees only the returns through a RET. A frame left by an
// exception, a longjmp or Go's panic gives no event, and neither does a
// tail call (a JMP to another function, which returns for both): a kernel
// uretprobe would not see the first three either, since the trampoline
// is never reached. So each such function is an ir.ReturnCount: the
// runtime counts its calls at its entry and its RET probes' hits, and
// reports the calls that gave no return event. gs -lv lists the RET
// sites.

// retSites turns each function entry of ats (a uretprobe's attach points)
// into uprobes on the function's RET instructions where they must be.
// atRet says which of out did; each of sites is a function whose RETs are
// out[first:first+n], with the entry where its calls are counted.
func (c *checker) retSites(g *Group, pr *parser.Probe, bin *debuginfo.Binary, ats []ir.Probe) (out []ir.Probe, atRet []bool, sites []retSite) {
	for _, at := range ats {
		fn, ok := bin.FuncAt(at.Address)
		why := ""
		switch {
		case bin.IsGo():
			why = "it is Go"
		case ok && fn.Addr == at.Address:
			why = bin.LeavesByUnwind(fn)
		}
		if why == "" {
			out, atRet = append(out, at), append(atRet, false)
			continue
		}
		if !ok || fn.Addr != at.Address {
			c.errorf(pr, "%s is not the entry of a function in the symbol table", at.Name).
				WithHint("a return probe on a function whose frames exceptions or longjmp may unwind needs its code")
			continue
		}
		rets, err := machine.ReturnSites(bin, fn.Addr)
		if err != nil {
			c.errorf(pr, "cannot find the returns of %s: %v", fn.Name, err).
				WithHint("a kernel uretprobe would abort the program when an exception passes through %s (%s)", fn.Name, why)
			continue
		}
		if len(rets) == 0 {
			c.errorf(pr, "%s has no RET instruction: it never returns, or leaves only by a tail call", fn.Name).
				WithHint("trace its entry with uprobe:, or the function it jumps to")
			continue
		}
		site := retSite{entry: at, first: len(out)}
		if bin.IsGo() {
			// Past the stack check: morestack runs the function again
			// from its entry (goPastStackCheck).
			n := machine.GoStackCheckLen(bin, fn.Addr)
			site.entry.Address += n
			site.entry.Offset += n
			if p, calls, pl := c.goReturnAddrs(g, bin, fn, rets, at); pl != nil { // goretaddrs.go
				site.calls, site.pl = calls, pl
				out, atRet = append(out, p), append(atRet, true)
				site.n = 1
				sites = append(sites, site)
				continue
			}
		}
		for _, addr := range rets {
			p := at
			p.Address = addr
			off, ok := bin.FileOffset(addr)
			if !ok {
				c.errorf(pr, "the RET at %#x of %s is not in a loaded segment", addr, fn.Name)
				break
			}
			p.Offset = off
			out, atRet = append(out, p), append(atRet, true)
		}
		site.n = len(out) - site.first
		sites = append(sites, site)
	}
	return out, atRet, sites
}

// retSite is a function whose uretprobe is uprobes on its RETs.
type retSite struct {
	entry    ir.Probe // the uretprobe's attach point: where its calls are counted
	first, n int      // its RET probes, in retSites' out
	// pl, when set, says that its one probe sits on the function's return
	// addresses (goReturnAddrs), and calls are the file offsets of its
	// calls, where they are counted.
	pl    *machine.Placement
	calls []uint64
}

// sseResult finds a copy of the floating-point value of type t that the
// function probe pv returns from has in SSE register reg, at the probe:
// its location, or why there is none (machine.FloatResult).
func (c *checker) sseResult(pv *probeView, t *Type, reg int) (debuginfo.Location, string) {
	if t.Kind != KindFloat || t.Size != 4 && t.Size != 8 {
		return debuginfo.Location{}, "gs looks for copies of a float or double result only"
	}
	return machine.FloatResult(pv.bin, c.p.Probes[pv.id].Address, c.retSite[pv.id], reg, t.Size)
}

// markRetSite records that probe id sits on a RET for a uretprobe.
func (c *checker) markRetSite(id int) {
	if c.retSite == nil {
		c.retSite = map[int]bool{}
	}
	c.retSite[id] = true
}

// returned reports whether probe id fires after its function has
// returned, where its locals are gone: a kernel uretprobe, or one at a
// RET of a function that is not Go's (Go reads its results there).
func (c *checker) returned(id int) bool {
	p := &c.p.Probes[id]
	if p.Kind == ir.Uretprobe {
		return true
	}
	bin := c.binaryAt(p)
	return c.retSite[id] && (bin == nil || !bin.IsGo())
}
