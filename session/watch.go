package session

import (
	"errors"

	"github.com/gs-tracer/gs/ir"
)

// Watchpoints are hardware breakpoints on every CPU (perf.go) at an
// address of the traced process: bpftrace's absolute one, or a global's
// link-time address in its module plus the module's load bias there,
// which /proc/PID/maps gives once the module is mapped. A -c command's
// executable is mapped at its exec, where gs holds it (onExec); a library
// only once ld.so or dlopen maps it: a watch on it waits, and the ticks
// look again (updateBias), so its first writes before then are not seen.

// attachWatches attaches the watchpoints not attached yet whose address
// in process pid is known. A watch whose module pid has not mapped yet
// stays pending.
func (s *session) attachWatches(pid int) error {
	if s.watched == nil {
		s.watched = map[uint32]bool{}
	}
	for i := range s.prog.Probes {
		p := &s.prog.Probes[i]
		if p.Kind != ir.Watchpoint || s.watched[p.ID] {
			continue
		}
		addr := p.Address
		if p.Binary != "" {
			bias, _, ok, err := moduleBias(pid, p.Binary)
			if err != nil {
				return err
			}
			if !ok {
				if !s.watchWaits[p.ID] {
					s.logf("%s: %s is not mapped in process %d yet: the watchpoint waits for it", p.Name, p.Binary, pid)
					if s.watchWaits == nil {
						s.watchWaits = map[uint32]bool{}
					}
					s.watchWaits[p.ID] = true
				}
				continue
			}
			addr += bias
		}
		links, err := attachPerfProbe(s.in, p, addr)
		if err != nil {
			return err
		}
		s.intervals = append(s.intervals, links...)
		s.watched[p.ID] = true
		s.logf("%s: hardware breakpoint at 0x%x (%d bytes) on %d CPUs", p.Name, addr, p.WatchLen, len(links))
	}
	return nil
}

// retryWatches attaches the watches that wait for their module; an error
// stops tracing as an attach error would.
func (s *session) retryWatches() {
	if len(s.watchWaits) == 0 || s.pid == 0 {
		return
	}
	for id := range s.watchWaits {
		if s.watched[id] {
			delete(s.watchWaits, id)
		}
	}
	if err := s.attachWatches(s.pid); err != nil && !errors.Is(err, errDebugRegisters) {
		s.status.warnf("%v", err)
	}
}
