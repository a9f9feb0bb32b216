package runtime

import (
	"time"

	"github.com/gs-tracer/gs/symbolize"
)

// symbols names the addresses of stacks and usym values of the traced
// process (pid 0 when tracing system-wide: build-id frames still resolve,
// plain addresses print as numbers).
type symbols struct {
	sym      *symbolize.Symbolizer
	pid      int
	snapped  time.Time // last snapshot of the process's maps
	snapOnce bool
}

// resnapEvery bounds how often an unresolved address refreshes the
// snapshot of the process's maps (a library loaded with dlopen).
const resnapEvery = time.Second

func newSymbols(modules []string, pid int) *symbols {
	s := &symbols{sym: symbolize.New(), pid: pid}
	for _, m := range modules {
		s.sym.AddModule(m)
	}
	return s
}

// resolve names a frame; without symbols it is the bare address.
func (s *symbols) resolve(fr symbolize.Frame) symbolize.Symbol {
	if s == nil {
		if fr.HasBuildID {
			return symbolize.Symbol{Addr: fr.Offset}
		}
		return symbolize.Symbol{Addr: fr.IP}
	}
	if !fr.HasBuildID && s.pid != 0 && (!s.snapOnce || time.Since(s.snapped) > resnapEvery) {
		s.snapshot()
	}
	sym := s.sym.Resolve(s.pid, fr)
	if sym.Func == "" && !fr.HasBuildID && s.pid != 0 && time.Since(s.snapped) > resnapEvery {
		s.snapshot()
		sym = s.sym.Resolve(s.pid, fr)
	}
	return sym
}

// snapshot records the process's mappings while it runs, so its addresses
// resolve also after it exits.
func (s *symbols) snapshot() {
	if s == nil || s.pid == 0 {
		return
	}
	if s.sym.SnapshotProcess(s.pid) == nil {
		s.snapOnce = true
	}
	s.snapped = time.Now()
}
