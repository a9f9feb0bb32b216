package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"

	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// A live session (gs -i, package live) is one run whose program grows
// while it runs: adding probes is new bytecode in the running
// interpreter's maps and more uprobes, with no reload, so the probes
// already attached keep running and lose nothing.
//
// The caller compiles the whole script each time, the earlier traces
// first, and hands the result to Extend. Since gen numbers probes,
// events, maps, instructions and cells in the order the script has
// them, the program the interpreter runs is a prefix of the new one;
// Extend checks that it is (ErrIncompatible when not: a trace that
// clear()s a map the earlier ones aggregate into, for one), writes the
// new suffix into the kernel's maps and attaches the new probes. A
// deleted trace stays in the script, its probes detached and their
// gs_probes entries empty, so that no number moves.
//
// The interpreter is loaded whole (every op, the interval program), and
// its script-map hashes sized for any key (liveShape): a new map is an
// entry in gs_mapinfo. What a load fixes and a trace cannot change is
// refused by Extend: string map values of another size than
// liveStrValue. BEGIN and END probes are refused (the session began
// before them). The hidden probes of a plain run are not attached: a
// uretprobe made of RET probes does not count the calls that gave no
// return event, and the load biases of libraries come from /proc
// (updated every poll), not from their entry points.

// ErrIncompatible: a program that Extend cannot run in place of the
// running one; the message says why.
var ErrIncompatible = errors.New("the running session cannot take this trace")

// liveStrValue is gs_strs' value size in a live session: one string slot
// of the default str() capacity.
const liveStrValue = ir.StrHeader + ir.DefaultStr

// liveMaps is how many maps of each kind (plain, aggregation, strings)
// the hashes of a live session are sized for, at the usual entries each.
const liveMaps = 4

// liveShape is a program with the maps a live session sizes its hashes
// for (sizeMaps): liveMaps maps of each kind, with the longest keys.
func liveShape() *ir.Program {
	p := &ir.Program{StrValueSize: liveStrValue}
	key := ir.MapKeySize - 8
	stack := &ir.Type{Kind: ir.KindStack, StackID: true, Size: 8}
	for range liveMaps {
		p.Maps = append(p.Maps,
			ir.Map{KeySize: key, Keys: []*ir.Type{stack}},
			ir.Map{KeySize: key, IsAgg: true},
			ir.Map{KeySize: key, Value: &ir.Type{Kind: ir.KindString}})
	}
	return p
}

// Live is a running live session.
type Live struct {
	s      *session // set by Run once it made the session
	cancel context.CancelFunc
	done   chan struct{}
	err    error
}

// Attached is the probes one Extend attached.
type Attached struct {
	IDs       []uint32
	links     []link.Link
	intervals []io.Closer
}

// StartLive starts a live session with prog (usually a script with no
// probes) as Run would, and returns once it runs (with -c: once the
// command runs). It ends when Stop is called, ctx is cancelled, or the
// target exits (Done); then the maps print and losses are reported as
// at the end of Run.
func StartLive(ctx context.Context, prog *ir.Program, opts Options) (*Live, error) {
	if err := liveKinds(prog, 0); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	l := &Live{cancel: cancel, done: make(chan struct{})}
	ready := make(chan struct{})
	then := opts.Attached
	opts.Attached = func() {
		if then != nil {
			then()
		}
		close(ready)
	}
	opts.live = l
	opts.DryRun = false
	p := *prog
	p.Returns = nil
	go func() {
		defer close(l.done)
		l.err = Run(ctx, &p, opts)
	}()
	select {
	case <-ready:
		return l, nil
	case <-l.done:
		cancel()
		if l.err == nil {
			return nil, errors.New("start live session: the trace ended before it began")
		}
		return nil, l.err
	}
}

// Done is closed once the session has ended.
func (l *Live) Done() <-chan struct{} { return l.done }

// Stop ends the session (detach, drain, print the maps, report losses)
// and returns Run's error.
func (l *Live) Stop() error {
	l.cancel()
	<-l.done
	return l.err
}

// errEnded: the session has ended, nothing more can change.
var errEnded = errors.New("the session has ended")

// closeLive marks the live session closed once the loop returned: no
// Extend attaches after the links are closed.
func (s *session) closeLive() {
	s.liveMu.Lock()
	s.liveClosed = true
	s.liveMu.Unlock()
}

// liveKinds refuses the probes of prog from the first on that a live
// session cannot take.
func liveKinds(prog *ir.Program, first int) error {
	for _, p := range prog.Probes[first:] {
		if p.Kind == ir.Begin || p.Kind == ir.End {
			return fmt.Errorf("%w: %s probes run once, when a trace begins or ends, and this session has begun", ErrIncompatible, p.Kind)
		}
	}
	return nil
}

// extendable reports why prog cannot replace old in the running
// interpreter, or nil: old must be a prefix of prog.
func (s *session) extendable(old, prog *ir.Program) error {
	if prog.Version != ir.Version {
		return fmt.Errorf("run: program has bytecode version %d, this gs runs version %d", prog.Version, ir.Version)
	}
	if err := checkLayout(prog); err != nil {
		return err
	}
	if err := liveKinds(prog, len(old.Probes)); err != nil {
		return err
	}
	why := ""
	switch {
	case len(prog.Insns) < len(old.Insns) || !slices.Equal(prog.Insns[:len(old.Insns)], old.Insns),
		!prefix(old.Probes, prog.Probes):
		why = "it changes the code of the traces before it"
	case !prefix(old.Events, prog.Events):
		why = "it changes what the traces before it print"
	case !prefix(old.Maps, prog.Maps):
		why = "it changes a map of the traces before it (a clear() or zero() of a map they aggregate into, another key or value)"
	case len(prog.CellRanges) < len(old.CellRanges) || !slices.Equal(prog.CellRanges[:len(old.CellRanges)], old.CellRanges):
		why = "it changes where the traces before it aggregate"
	case len(prog.Modules) < len(old.Modules) || !slices.Equal(prog.Modules[:len(old.Modules)], old.Modules):
		why = "it changes the modules the traces before it read"
	case prog.StrValueSize != 0 && prog.StrValueSize != int(s.in.sizes.strValue):
		why = fmt.Sprintf("its maps of strings or tuples hold %d-byte values, this session's %d (a str() of the default size fits)", prog.StrValueSize, s.in.sizes.strValue)
	}
	if why != "" {
		return fmt.Errorf("%w: %s; save the session and run it with gs FILE.gs", ErrIncompatible, why)
	}
	for _, m := range prog.Maps[len(old.Maps):] {
		if keySize(m.KeySize) > s.in.sizes.valsKey || keySize(m.KeySize) > s.in.sizes.aggsKey {
			return fmt.Errorf("%w: map @%s has %d-byte keys, more than this session's", ErrIncompatible, m.Name, m.KeySize)
		}
	}
	return nil
}

// prefix reports whether old is a prefix of s, element by element.
func prefix[T any](old, s []T) bool {
	if len(s) < len(old) {
		return false
	}
	for i := range old {
		if !reflect.DeepEqual(old[i], s[i]) {
			return false
		}
	}
	return true
}

// checkLayout checks that the events and maps of prog refer to each
// other by index.
func checkLayout(prog *ir.Program) error {
	for _, ev := range prog.Events {
		if ev.Kind >= ir.EventPrintMap && ev.Kind <= ir.EventZeroMap && (ev.Map < 0 || ev.Map >= len(prog.Maps)) {
			return fmt.Errorf("run: event %d acts on map %d, the program has %d", ev.ID, ev.Map, len(prog.Maps))
		}
	}
	for i, m := range prog.Maps {
		if int(m.ID) != i {
			return fmt.Errorf("run: map %d has ID %d", i, m.ID)
		}
	}
	return nil
}

// Extend runs prog in place of the running program, of which it must be
// an extension (the package comment above), and attaches its new probes.
// Their records decode from the moment they can fire.
func (l *Live) Extend(prog *ir.Program) (*Attached, error) {
	s := l.s
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	if s.liveClosed {
		return nil, errEnded
	}
	p := *prog
	p.Returns = nil // live.go's comment: no hidden probes
	prog = &p
	old := s.prog
	if err := s.extendable(old, prog); err != nil {
		return nil, err
	}
	from := len(old.Probes)

	// User space first: a record of a new probe can come as soon as its
	// gs_probes entry is written.
	s.mu.Lock()
	dec := newDecoder(prog)
	dec.json, dec.text, dec.jsonOut = s.dec.json, s.dec.text, s.dec.jsonOut
	s.prog, s.dec = prog, dec
	s.maps.prog, s.printer.Prog, s.loss.prog = prog, prog, prog
	s.loss.lostSeen = append(s.loss.lostSeen, make([]uint64, len(prog.Probes)-from)...)
	var err error
	if len(prog.Modules) > len(old.Modules) {
		if s.pid != 0 {
			s.bias = newBiasWriter(s.in.bias, s.pid, prog.Modules)
		}
		if s.kpid == 0 {
			s.procBias, err = newProcBias(s.in.bias, prog.Modules)
		}
		if err == nil {
			s.updateBias()
		}
	}
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if err := s.in.extend(old, prog); err != nil {
		return nil, err
	}

	a := &Attached{}
	for _, p := range prog.Probes[from:] {
		a.IDs = append(a.IDs, p.ID)
	}
	added := &ir.Program{Probes: prog.Probes[from:]}
	groups, err := groupByBinary(added)
	if err == nil {
		a.links, err = attachAll(s.in, groups, s.kpid)
	}
	if err == nil {
		a.intervals, err = attachIntervals(s.in, added)
	}
	if err == nil {
		err = startIntervals(a.intervals)
	}
	if err != nil {
		_ = s.in.setEnabled(prog, a.IDs, false)
		closeLinks(a.links)
		closeAll(a.intervals)
		return nil, err
	}
	s.links = append(s.links, a.links...)
	s.intervals = append(s.intervals, a.intervals...)
	return a, nil
}

// SetEnabled gives the probes of a their code (on) or an empty range: a
// disabled probe still traps, and returns at once.
func (l *Live) SetEnabled(a *Attached, on bool) error {
	s := l.s
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	if s.liveClosed {
		return errEnded
	}
	return s.in.setEnabled(s.prog, a.IDs, on)
}

// Detach disables the probes of a and detaches them.
func (l *Live) Detach(a *Attached) error {
	s := l.s
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	if s.liveClosed {
		return errEnded
	}
	err := s.in.setEnabled(s.prog, a.IDs, false)
	closeLinks(a.links)
	closeAll(a.intervals)
	s.links = slices.DeleteFunc(s.links, func(x link.Link) bool { return slices.Contains(a.links, x) })
	s.intervals = slices.DeleteFunc(s.intervals, func(x io.Closer) bool { return slices.Contains(a.intervals, x) })
	a.links, a.intervals = nil, nil
	return err
}

// MapText appends the text of script map @name to dst as print(@name)
// prints it, and reports whether the program has the map.
func (l *Live) MapText(dst []byte, name string) ([]byte, bool, error) {
	s := l.s
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.prog.Maps {
		m := &s.prog.Maps[i]
		if m.Name != name {
			continue
		}
		es, err := s.maps.entries(m)
		if err != nil {
			return dst, true, err
		}
		return s.printer.Print(dst, m, es, 0, 0, true), true, nil
	}
	return dst, false, nil
}

// Maps returns the program's map names, in the order of their IDs.
func (l *Live) Maps() []string {
	s := l.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var names []string
	for _, m := range s.prog.Maps {
		names = append(names, m.Name)
	}
	return names
}

// Print writes b to the trace output, in order with the records, and
// flushes it.
func (l *Live) Print(b []byte) {
	s := l.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.out.record(b, false)
	s.out.flush()
}

// Symbols names stack frames (for a caller that prints values itself).
func (l *Live) Symbols() *output.Symbols {
	s := l.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dec.symbols()
}

// extend writes what prog has past old into the interpreter's maps: the
// instructions, then the new maps' parameters, then the new probes'
// entries, enabled.
func (in *interpreter) extend(old, prog *ir.Program) error {
	if n := len(prog.Insns) - len(old.Insns); n > 0 {
		keys := make([]uint32, n)
		code := make([][ir.InsnSize]byte, n)
		for i := range n {
			keys[i] = uint32(len(old.Insns) + i)
			prog.Insns[len(old.Insns)+i].Encode(code[i][:0])
		}
		if err := writeKeys(in.coll.Maps[mapInsns], keys, code); err != nil {
			return fmt.Errorf("write %s: %w", mapInsns, err)
		}
	}
	if len(prog.Maps) > len(old.Maps) {
		keys, mv := mapinfoValues(prog.Maps[len(old.Maps):])
		if err := writeKeys(in.coll.Maps[mapMapinfo], keys, mv); err != nil {
			return fmt.Errorf("write %s: %w", mapMapinfo, err)
		}
	}
	var ids []uint32
	for _, p := range prog.Probes[len(old.Probes):] {
		ids = append(ids, p.ID)
	}
	return in.setEnabled(prog, ids, true)
}

// setEnabled writes the gs_probes entries of ids: their ranges (on), or
// empty ones.
func (in *interpreter) setEnabled(prog *ir.Program, ids []uint32, on bool) error {
	if len(ids) == 0 {
		return nil
	}
	pv, err := probeValues(prog, !on)
	if err != nil {
		return err
	}
	vals := make([][probeValueSize]byte, len(ids))
	for i, id := range ids {
		if int(id) >= len(pv) {
			return fmt.Errorf("probe %d: the program has %d", id, len(pv))
		}
		vals[i] = pv[id]
	}
	if err := writeKeys(in.probes, ids, vals); err != nil {
		return fmt.Errorf("write %s: %w", mapProbes, err)
	}
	return nil
}
