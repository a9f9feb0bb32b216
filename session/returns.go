package session

import (
	"fmt"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/ir"
)

// Calls without a return event. A uretprobe that is uprobes on its
// function's RETs (ir.Program.Returns) sees no call that an exception, a
// longjmp or a tail call leaves. For each such function the runtime
// attaches one hidden probe on its entry (gs_probes entry
// len(prog.Probes)+len(prog.Modules)+i, flag ir.ProbeFlagCount, no code)
// and flags its RET probes: gs_hits counts both, and at the end the
// difference is reported.

// returnCountID is the gs_probes entry of the hidden entry probe of
// prog.Returns[i].
func returnCountID(prog *ir.Program, i int) uint32 {
	return uint32(len(prog.Probes) + len(prog.Modules) + i)
}

// countsReturn reports whether probe id is a RET probe of prog.Returns.
func countsReturn(prog *ir.Program, id uint32) bool {
	for _, rc := range prog.Returns {
		if slices.Contains(rc.Rets, id) {
			return true
		}
	}
	return false
}

// writeReturnCounts writes the entries of the hidden entry probes:
// counting once the probes run (not held).
func writeReturnCounts(in *interpreter, prog *ir.Program) error {
	flags := uint32(0)
	if !in.held {
		flags = ir.ProbeFlagCount
	}
	for i, rc := range prog.Returns {
		v := encodeProbe(0, 0, flags, uint32(probeModuleNone), 0, rc.Address)
		if err := in.probes.Put(returnCountID(prog, i), v); err != nil {
			return fmt.Errorf("write %s: %w", mapProbes, err)
		}
	}
	return nil
}

// attachReturnCounts writes and attaches the hidden entry probes of
// prog.Returns (pid 0: in every process).
func attachReturnCounts(in *interpreter, prog *ir.Program, pid int) ([]link.Link, error) {
	if len(prog.Returns) == 0 {
		return nil, nil
	}
	if int(returnCountID(prog, len(prog.Returns))) > ir.MaxProbes {
		return nil, fmt.Errorf("program has %d probes, %d modules and %d return probes on RETs, more than the %d probes the interpreter holds",
			len(prog.Probes), len(prog.Modules), len(prog.Returns), ir.MaxProbes)
	}
	if err := writeReturnCounts(in, prog); err != nil {
		return nil, err
	}
	var links []link.Link
	for i, rc := range prog.Returns {
		p := &ir.Probe{ID: returnCountID(prog, i), Name: "calls of " + rc.Func, Kind: ir.Uprobe, Binary: rc.Binary, Offset: rc.Offset, Sites: rc.Sites}
		l, err := in.attachHidden(p, pid)
		links = append(links, l...)
		if err != nil {
			return links, fmt.Errorf("attach the call count of %s: %w", rc.Name, err)
		}
	}
	return links, nil
}

// unreturned is one function's calls that gave no return event.
type unreturned struct {
	rc          *ir.ReturnCount
	calls, rets uint64
}

// readReturnCounts sums gs_hits over the CPUs for each of prog.Returns.
func readReturnCounts(m *ebpf.Map, prog *ir.Program) ([]unreturned, error) {
	sum := func(id uint32) (uint64, error) {
		var per []uint64
		if err := m.Lookup(id, &per); err != nil {
			return 0, fmt.Errorf("read %s: %w", mapHits, err)
		}
		var n uint64
		for _, v := range per {
			n += v
		}
		return n, nil
	}
	var out []unreturned
	for i := range prog.Returns {
		rc := &prog.Returns[i]
		u := unreturned{rc: rc}
		var err error
		if u.calls, err = sum(returnCountID(prog, i)); err != nil {
			return nil, err
		}
		for _, id := range rc.Rets {
			n, err := sum(id)
			if err != nil {
				return nil, err
			}
			u.rets += n
		}
		out = append(out, u)
	}
	return out, nil
}

// reportReturnCounts says, for each function of prog.Returns, how many of
// its calls gave no return event. Called once the probes are detached.
func (s *session) reportReturnCounts() {
	if len(s.prog.Returns) == 0 {
		return
	}
	us, err := readReturnCounts(s.in.hits, s.prog)
	if err != nil {
		s.status.warnf("%v", err)
		return
	}
	for _, u := range us {
		switch {
		case u.calls > u.rets:
			s.status.warnf("%s: %d of %d calls of %s gave no return event: an exception, longjmp or tail call left them, or they had not returned when tracing stopped",
				u.rc.Name, u.calls-u.rets, u.calls, u.rc.Func)
		case len(u.rc.Sites) > 0:
			s.logf("%s: %d calls of %s, every one returned through a probe on its return address", u.rc.Name, u.calls, u.rc.Func)
		default:
			s.logf("%s: %d calls of %s, every one returned through a RET probe", u.rc.Name, u.calls, u.rc.Func)
		}
	}
}
