package session

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/ringbuf"
	"github.com/cilium/ebpf/rlimit"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/cgroup"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/procmaps"
)

// Errors that cmd/gs tells apart (errors.Is). Their messages are meant for
// the user as they are.
var (
	// ErrPermission: the process may not load BPF programs or open perf
	// events.
	ErrPermission = errors.New("gs needs root or CAP_BPF and CAP_PERFMON to attach probes (try sudo)")
	// ErrKernel: the kernel lacks a feature gs needs; the message names it.
	ErrKernel = errors.New("the kernel lacks")
	// ErrTargetStart: the -c command could not be started.
	ErrTargetStart = errors.New("start command")
	// ErrNoProcess: the -p process does not exist.
	ErrNoProcess = errors.New("no process with pid")
)

// DefaultBufferSize is the ring buffer size when Options.BufferSize is 0.
const DefaultBufferSize = 16 << 20

// Options says what to trace and where the output goes.
type Options struct {
	PID        int       // trace only this process (filtered in the kernel)
	Command    []string  // start this command held until every probe is attached, trace it, stop when it exits
	Out        io.Writer // trace output; buffered, flushed whenever the ring buffer is momentarily empty
	Status     io.Writer // status and warning lines (stderr); nil discards them
	Verbose    bool      // timings and the command's exit status on Status
	Quiet      bool      // no informational lines on Status (warnings still show)
	BufferSize int       // ring buffer bytes: a power of two, at least a page; 0 means DefaultBufferSize
	DryRun     bool      // load into the kernel (the verifier runs), attach nothing, return
	Format     Format    // text (bpftrace's shapes) or JSON lines, for Out and Status
	// MapEntries is how many keys each script map holds (a full map drops
	// updates and says so); 0 means DefaultMapEntries.
	MapEntries int
	// Wakeup is the least time between two ring buffer wakeups of the
	// reader by one CPU (gs_wakeup_ns): records in between are collected
	// by polling, at most 2*Wakeup late. 0 means DefaultWakeup; a negative
	// value wakes the reader for every record.
	Wakeup time.Duration
	// Notes are verbose lines written before anything else (where each
	// probe was placed).
	Notes []string
	// NoWarnings drops the script's warnf() messages (--no-warnings).
	NoWarnings bool
	// MapReaders are more readers of the script's maps (a pprof
	// profile): each is given a map when print(@m) prints it, and every
	// map when tracing ends (also when the maps do not print then). An
	// error is reported as it happens; one at the end makes Run fail.
	MapReaders []output.MapReader
	// Metrics, when set, is called once every probe is attached and
	// enabled, before Attached, with a reader of the maps for the metrics
	// exporters (metrics.go); the reader ends with the trace.
	Metrics func(*MetricsReader)
	// Attached, when set, is called once every probe is attached and
	// enabled (with Command: once the command runs), before any record is
	// printed.
	Attached func()

	// forceSingle attaches one perf-event uprobe per probe even when the
	// kernel has uprobe_multi (tests of the fallback).
	forceSingle bool
	// live makes the run one whose program grows (StartLive, live.go).
	live *Live
}

// Timing intervals of the read loop.
const (
	pollInterval = 100 * time.Millisecond // longest wait for records; output is flushed at least this often
	lossInterval = time.Second            // how often the loss counters are read
)

// DefaultWakeup is Options.Wakeup's default: a printf hit that wakes the
// reader costs several times one that does not (see bench/).
const DefaultWakeup = time.Millisecond

// ExitError is what Run returns when the script ended with exit(code) of a
// code other than 0: the trace ran, and gs exits with Code.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit(%d)", e.Code) }

// Run loads prog into the kernel, attaches its probes, and prints what they
// record to opts.Out until ctx is cancelled, the target exits or a probe
// calls exit(). Stopping for any of these reasons is not an error, but
// exit(code) with a code other than 0 returns an *ExitError.
func Run(ctx context.Context, prog *ir.Program, opts Options) error {
	start := time.Now()
	if prog == nil {
		return errors.New("run: no program")
	}
	if prog.Version != 0 && prog.Version != ir.Version {
		return fmt.Errorf("run: program has bytecode version %d, this gs runs version %d", prog.Version, ir.Version)
	}
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Status == nil {
		opts.Status = io.Discard
	}
	if opts.BufferSize == 0 {
		opts.BufferSize = DefaultBufferSize
	}
	if opts.BufferSize < os.Getpagesize() || opts.BufferSize&(opts.BufferSize-1) != 0 || opts.BufferSize > 1<<30 {
		return fmt.Errorf("buffer size %d: must be a power of two between %d and %d bytes", opts.BufferSize, os.Getpagesize(), 1<<30)
	}
	if opts.PID != 0 && len(opts.Command) > 0 {
		return errors.New("run: a pid and a command are exclusive")
	}
	if opts.MapEntries < 0 {
		return fmt.Errorf("map entries %d: must be positive", opts.MapEntries)
	}
	switch {
	case opts.Wakeup == 0:
		opts.Wakeup = DefaultWakeup
	case opts.Wakeup < 0:
		opts.Wakeup = 0
	}
	groups, err := groupByBinary(prog)
	if err != nil {
		return err
	}
	if err := checkLayout(prog); err != nil { // live.go
		return err
	}
	if err := checkPrivileges(); err != nil {
		return err
	}
	Prepare()
	prepareVariant(pickVariant(prog, opts.live != nil)) // while the features wait for the kernel's BTF
	kf, err := checkFeatures()
	if err != nil {
		return err
	}
	if err := rlimit.RemoveMemlock(); err != nil {
		return translate(fmt.Errorf("raise the locked-memory limit: %w", err))
	}
	if opts.PID != 0 {
		if err := unix.Kill(opts.PID, 0); errors.Is(err, unix.ESRCH) || opts.PID < 0 {
			return fmt.Errorf("%w %d", ErrNoProcess, opts.PID)
		}
	}
	var cmdPath string
	if len(opts.Command) > 0 {
		if cmdPath, err = resolveCommand(opts.Command); err != nil {
			return err
		}
	}
	for _, g := range groups {
		if _, err := os.Stat(g.path); err != nil {
			return fmt.Errorf("attach probe %s: open %s: %w", g.first().Name, g.path, unwrapPathErr(err))
		}
	}

	cfg := loadConfig{
		bufSize:    opts.BufferSize,
		multi:      kf.uprobeMulti && !opts.forceSingle,
		mapEntries: opts.MapEntries,
		wakeupNs:   uint64(opts.Wakeup.Nanoseconds()),
		hold:       len(opts.Command) > 0,
		live:       opts.live != nil,
	}
	unwindStart := time.Now()
	var unwindNotes []string
	cfg.unwind, unwindNotes = unwindTables(prog, opts.PID, cmdPath)
	in, err := loadInterpreter(prog, cfg)
	if err != nil {
		return err
	}
	s := &session{
		cmdPath: cmdPath,
		prog:    prog,
		opts:    opts,
		cfg:     cfg,
		in:      in,
		dec:     newDecoder(prog),
		out:     newOutput(opts.Out),
		status:  &statusLog{w: opts.Status, json: opts.Format == FormatJSON, verbose: opts.Verbose, quiet: opts.Quiet},
		start:   start,
	}
	s.dec.json = opts.Format == FormatJSON
	if opts.live != nil {
		opts.live.s = s
	}
	s.status.trace = func(b []byte) { s.out.record(b, false) }
	defer func() { s.in.Close() }()
	for _, note := range kf.notes {
		s.status.infof("%s", note)
	}
	if in.sleepableErr != nil {
		s.status.sleepableFallback(in.sleepableErr)
	}
	for _, n := range opts.Notes {
		s.logf("%s", n)
	}
	if usesStacks(prog) {
		s.logf("unwind tables: %d modules, %d rows, built in %v", len(cfg.unwind.Keys), len(cfg.unwind.Rows), time.Since(unwindStart).Round(time.Millisecond))
		for _, n := range unwindNotes {
			s.logf("unwind tables: %s", n)
		}
	}
	s.logf("loaded the interpreter (%s) in %v", in.variant, time.Since(start).Round(time.Millisecond))
	if sz := in.sizes; len(prog.Maps) > 0 {
		s.logf("map sizes: gs_vals %d entries (%d-byte keys), gs_aggs %d (%d-byte keys), gs_stacks %d", sz.vals, sz.valsKey, sz.aggs, sz.aggsKey, sz.stacks)
	}
	if opts.DryRun {
		return nil
	}
	if err := s.run(ctx, groups); err != nil {
		return err
	}
	if s.exitCode != 0 {
		return &ExitError{Code: s.exitCode}
	}
	return nil
}

// session is one trace from attach to the last record.
type session struct {
	cmdPath string // resolved Options.Command[0]
	prog    *ir.Program
	opts    Options
	cfg     loadConfig
	in      *interpreter
	dec     *decoder
	out     *traceOutput
	status  *statusLog
	start   time.Time

	links     []link.Link  // uprobes of the traced binaries
	triggers  []link.Link  // Begin and End probes (attachTriggers)
	intervals []io.Closer  // interval probes' perf events
	bias      *biasWriter  // nil unless tracing one process of a program with modules
	procBias  *procBias    // nil unless tracing system-wide (or -c's tree) a program with modules
	unwatch   *unwindWatch // nil unless the program takes user stacks
	panics    panics       // of the goroutines below; Run raises the first again
	rd        *ringbuf.Reader
	loss      *lossReporter
	line      []byte // output buffer reused for each record

	maps    *scriptMaps
	printer *output.Maps
	// discard drops records instead of printing them: after an exit()
	// record, nothing that came after it is printed (bpftrace's rule).
	discard bool
	// exitCode is exit(code)'s code, 0 for exit() or none.
	exitCode int

	internalErrs int
	readerErr    error // the first error of a MapReaders' at the end

	tree *processTree // -c's command and its descendants (tree.go); nil: its process alone

	metrics   *MetricsReader // Options.Metrics's (metrics.go)
	tracedPID int            // -p's pid, or -c's command's; 0 system-wide

	// mu guards what a live session (live.go) changes while the loop
	// reads records: prog, dec, maps, printer, loss, out, bias.
	mu sync.Mutex
	// liveMu orders a live session's changes of probes with the end of
	// the trace (liveClosed: the loop has returned).
	liveMu     sync.Mutex
	liveClosed bool
	pid, kpid  int // the traced process (0: every process); the pid the uprobes filter on
	// watched and watchWaits are the watchpoints attached and those
	// that wait for their module to be mapped (watch.go).
	watched, watchWaits map[uint32]bool
}

// logf writes a verbose line.
func (s *session) logf(format string, args ...any) { s.status.logf(format, args...) }

// infof writes an informational line, unless quiet.
func (s *session) infof(format string, args ...any) { s.status.infof(format, args...) }

func (s *session) run(ctx context.Context, groups []*binaryProbes) (err error) {
	// A held command is traced by the thread that started it until its
	// exec (heldCommand.run).
	goruntime.LockOSThread()
	defer goruntime.UnlockOSThread()
	pid := s.opts.PID
	var child *heldCommand
	if len(s.opts.Command) > 0 {
		if child, err = startHeld(s.cmdPath, s.opts.Command); err != nil {
			return err
		}
		child.panics = &s.panics
		pid = child.pid()
		if err := s.in.setCpid(pid); err != nil { // cpid.go
			child.abort()
			return err
		}
		s.followTree(pid)
	}
	defer func() { s.tree.close() }()
	defer func() { s.metrics.close() }() // before Run closes the maps
	// Last: a goroutine's panic is raised again here, once detached.
	defer func() {
		if s.panics.get() == nil {
			return
		}
		if err == nil { // else the probes are detached below
			closeLinks(append(s.links, s.triggers...))
			closeAll(s.intervals)
			s.links, s.triggers, s.intervals = nil, nil, nil
			switch {
			case child == nil:
			case !child.waiting: // not released yet
				child.abort()
			default:
				select {
				case <-child.done:
				default:
					_ = child.cmd.Process.Signal(unix.SIGTERM)
				}
			}
		}
		s.panics.raise()
	}()
	defer func() {
		if err != nil {
			closeLinks(append(s.links, s.triggers...))
			closeAll(s.intervals)
			if child != nil {
				child.abort()
			}
		}
	}()

	syms := output.NewSymbols(s.modules(), pid)
	s.tracedPID = pid
	syms.Sym.Lines = s.opts.Verbose // -v: file:line in stacks
	syms.DebugInfo = s.prog.DebugInfo
	s.dec.setSymbols(syms)
	var probed []string
	for _, p := range s.prog.Probes {
		probed = append(probed, p.Binary)
	}
	if s.prog.Cgroups {
		// Index the cgroups before the probes fire and while they do, so
		// that a cgroup removed before its id prints keeps its name.
		cgroups := cgroup.Default() // the first walk, now
		stopWalks := make(chan struct{})
		defer close(stopWalks)
		go s.panics.run("indexing cgroups", func() { cgroups.Watch(stopWalks) })
	}
	s.unwatch = newUnwindWatch(s.cfg.unwind, func() (*ebpf.Map, *ebpf.Map, *ebpf.Map) { return s.in.umods, s.in.urows, s.in.uvmas }, pid, probed, s.logf, syms.Sym.AddModule)
	if s.unwatch != nil && child != nil {
		s.unwatch.members = func() []int { return s.tree.members() } // tree.go
	}
	if child == nil {
		// The running processes' mappings are in gs_uvmas before the
		// first sample: a perf event's walk finds one module by
		// bpf_find_vma, the others only there (unwind.h), and the ticks
		// write it only from the first one after attaching on. -c's
		// command is looked at at its exec (onExec).
		s.unwatch.update()
	}
	if err := s.attach(groups, pid, child == nil); err != nil {
		return err
	}
	if child == nil && pid != 0 {
		if err := s.attachWatches(pid); err != nil { // watch.go
			return err
		}
	}
	if s.maps, err = newScriptMaps(s.prog, s.in); err != nil {
		return err
	}
	s.printer = &output.Maps{Prog: s.prog, Symbols: syms, Stacks: s.maps.stack, JSON: s.opts.Format == FormatJSON, TAIOffset: taiOffset()}
	s.dec.dec.Stacks = s.maps.stack // a stack's id read from a map, printed in a record
	// The reader comes after attaching, as the fallback above replaces the
	// ring buffer; records made meanwhile wait in it.
	rd, err := ringbuf.NewReader(s.in.events)
	if err != nil {
		return fmt.Errorf("open ring buffer: %w", translate(err))
	}
	s.rd = rd
	defer rd.Close()
	s.loss = newLossReporter(s.prog, s.in.lost, s.in.counters, s.status)
	mode := "uprobe_multi"
	if !s.in.multi {
		mode = "single uprobes"
	}
	s.logf("attached %d probes with %d links (%s), %v after start", len(s.prog.Probes), len(s.links)+len(s.triggers)+len(s.intervals), mode, time.Since(s.start).Round(time.Millisecond))

	// Begin probes run in this thread, before the others are given their
	// code: their records come first in the ring buffer.
	if hasKind(s.prog, ir.Begin) {
		beginTrigger()
	}
	if err := startIntervals(s.intervals); err != nil {
		return err
	}
	if child == nil {
		if err := s.in.enableProbes(s.prog); err != nil {
			return err
		}
		s.attached()
	}

	// Why the trace stops, from whichever watcher sees it first.
	stop := make(chan string, 1)
	stopWith := func(why string) {
		select {
		case stop <- why:
		default:
		}
		_ = s.rd.Flush() // wake the reader
	}
	s.panics.setOnPanic(func() { stopWith("internal error") })
	var wg sync.WaitGroup
	done := make(chan struct{})
	defer func() {
		close(done)
		wg.Wait()
	}()
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.panics.run("watching for interrupts", func() {
			select {
			case <-ctx.Done():
				stopWith("interrupted")
			case <-done:
			}
		})
	}()
	if child != nil {
		// Stop the command at its exec: its maps then hold the executable
		// and the dynamic loader, and none of its code has run. Only then
		// do the probes get their code: the shim, which is gs until it
		// execs, is the same process, and the pid filter cannot tell them
		// apart (a probe on malloc would count the shim's).
		var enableErr error
		onExec := func(traced bool) {
			if !traced {
				s.infof("cannot stop the command at its exec (ptrace): the probes start after it, and may miss its first calls")
				if err := s.bias.awaitExec(s.cmdPath, 50*time.Millisecond); err != nil {
					s.status.warnf("%v; its globals print as not available", err)
				}
			} else {
				s.updateBias()
			}
			enableErr = s.attachWatches(pid) // watch.go
			if enableErr == nil {
				enableErr = s.tree.filter(true) // tree.go
			}
			if enableErr == nil {
				enableErr = s.in.enableProbes(s.prog)
			}
			s.dec.symbols().Snapshot()
			if enableErr == nil {
				// Before the command runs, as bpftrace does: the line
				// never lands inside the command's own output.
				s.attached()
			}
		}
		if err := child.run(onExec); err != nil {
			return err
		}
		if enableErr != nil {
			return enableErr
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.panics.run("watching the command", func() {
				select {
				case <-child.done:
				case <-done:
					return
				}
				// As strace -f: until the last process of its tree exits.
				for logged := false; s.tree != nil && s.tree.alive() > 0; {
					if !logged {
						s.logf("the command exited; tracing its %d processes still running", s.tree.alive())
						logged = true
					}
					select {
					case <-time.After(pollInterval):
					case <-done:
						return
					}
				}
				stopWith("command exited")
			})
		}()
	} else if pid != 0 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.panics.run("watching the process", func() {
				if waitProcess(pid, done) {
					stopWith("process exited")
				}
			})
		}()
	}

	if child == nil && pid == 0 && !hasKind(s.prog, append(perfKinds, ir.Uprobe, ir.Uretprobe)...) && s.opts.live == nil {
		// Nothing but begin and end: as in bpftrace, tracing ends after
		// the begin probes ran.
		stopWith("only begin and end probes")
	}
	why, err := s.loop(stop)
	s.closeLive() // live.go
	if err != nil {
		return err
	}
	if s.panics.get() != nil {
		return nil // detached, and raised again, above
	}
	s.finish(why, child)
	if err := s.out.failure(); err != nil {
		return err
	}
	return s.readerErr
}

// modules lists the files whose symbols stacks may name: the probed
// binaries and the program's modules.
func (s *session) modules() []string {
	var mods []string
	seen := map[string]bool{}
	for _, p := range s.prog.Probes {
		if p.Binary != "" && !seen[p.Binary] {
			seen[p.Binary] = true
			mods = append(mods, p.Binary)
		}
	}
	for _, m := range s.prog.Modules {
		if !seen[m] {
			seen[m] = true
			mods = append(mods, m)
		}
	}
	return mods
}

// attach attaches every probe, falling back to single uprobes when the
// kernel refuses a uprobe_multi link although the feature probe passed.
// Biases are written first when the process already runs (writeBias).
func (s *session) attach(groups []*binaryProbes, pid int, writeBias bool) error {
	for {
		if pid != 0 && len(s.prog.Modules) > 0 {
			s.bias = newBiasWriter(s.in.bias, pid, s.prog.Modules)
			if writeBias {
				s.updateBias() // before the first hit
			}
		}
		// With -c's tree the uprobes attach in every process, and the
		// interpreter filters (tree.go).
		kpid := pid
		if s.tree != nil {
			kpid = 0
		}
		s.pid, s.kpid = pid, kpid
		if kpid != 0 && hasKind(s.prog, ir.Perf, ir.Watchpoint) {
			// A perf event per CPU sees every task (perf.go).
			if err := s.in.coll.Variables[varTarget].Set(uint32(kpid)); err != nil {
				return fmt.Errorf("set %s: %w", varTarget, err)
			}
		}
		// The bias probes come first, then the scan of the processes
		// already running: a process starting in between is in both.
		links, err := attachBiasProbes(s.in, s.prog, kpid, s.status.warnf)
		if err == nil {
			var rl []link.Link
			rl, err = attachReturnCounts(s.in, s.prog, kpid) // returns.go
			links = append(links, rl...)
		}
		if err == nil && kpid == 0 && len(s.prog.Modules) > 0 {
			if s.procBias, err = newProcBias(s.in.bias, s.prog.Modules); err == nil {
				err = s.procBias.update()
			}
		}
		if err == nil {
			s.links, err = attachAll(s.in, groups, kpid)
		}
		s.links = append(links, s.links...)
		if err == nil {
			s.triggers, err = attachTriggers(s.in, s.prog)
		}
		if err == nil {
			s.intervals, err = attachIntervals(s.in, s.prog)
		}
		if err == nil || !s.in.multi || !errors.Is(err, ebpf.ErrNotSupported) {
			return err
		}
		s.logf("uprobe_multi failed (%v); attaching one uprobe per probe", err)
		closeLinks(append(s.links, s.triggers...))
		closeAll(s.intervals)
		s.links, s.triggers, s.intervals = nil, nil, nil
		s.cfg.multi = false
		in, err := loadInterpreter(s.prog, s.cfg)
		if err != nil {
			return err
		}
		s.in.Close()
		s.in = in
		if s.tree != nil { // its gs_tree was the old interpreter's
			s.tree.close()
			s.tree = nil
			if err := s.in.setCpid(pid); err != nil {
				return err
			}
			s.followTree(pid)
		}
		if in.sleepableErr != nil {
			s.status.sleepableFallback(in.sleepableErr)
		}
	}
}

// loop reads and prints records until a stop reason arrives or a probe
// calls exit().
func (s *session) loop(stop <-chan string) (string, error) {
	var rec ringbuf.Record
	lastFlush, lastLoss, lastTick := time.Now(), time.Now(), time.Now()
	// With gs_wakeup_ns set, a record sent less than Wakeup after its
	// CPU's last wakeup wakes nobody. Such records can only follow a
	// record that did, so after each record the reader polls every
	// 2*Wakeup, until one poll finds nothing: then every record still to
	// come wakes it, and it can wait long.
	short := 2 * s.opts.Wakeup
	var lastRecord time.Time
	for {
		select {
		case why := <-stop:
			return why, nil
		default:
		}
		s.mu.Lock()
		failed, closedPipe := s.out.failed(), s.out.closedPipe()
		s.mu.Unlock()
		if failed {
			// Nothing more can be written: stop, and say what was lost.
			if closedPipe {
				return "output closed", nil
			}
			return "write error", nil
		}
		now := time.Now()
		wait := pollInterval
		if short > 0 && now.Sub(lastRecord) < short {
			wait = short
		}
		s.rd.SetDeadline(now.Add(wait))
		err := s.rd.ReadInto(&rec)
		switch {
		case err == nil:
			lastRecord = time.Now()
			s.mu.Lock()
			kind := s.handle(rec.RawSample)
			s.mu.Unlock()
			if kind == ir.EventExit {
				return "exit()", nil
			}
		case errors.Is(err, os.ErrDeadlineExceeded), errors.Is(err, ringbuf.ErrFlushed):
		default:
			return "", fmt.Errorf("read ring buffer: %w", err)
		}
		now = time.Now()
		s.mu.Lock()
		if s.rd.AvailableBytes() == 0 || now.Sub(lastFlush) >= pollInterval {
			s.flush()
			lastFlush = now
		}
		if now.Sub(lastTick) >= pollInterval {
			s.tree.update(false)
			s.updateBias()
			if now.Sub(s.start) < 2*time.Second {
				// A starting process maps its libraries now: keep its
				// addresses resolvable after it exits.
				s.dec.symbols().Snapshot()
			}
			lastTick = now
		}
		if now.Sub(lastLoss) >= lossInterval {
			s.loss.check()
			lastLoss = now
		}
		s.mu.Unlock()
	}
}

// followTree makes -c trace the command's whole process tree, or says why
// it traces only the command's process.
func (s *session) followTree(pid int) {
	t, err := followTree(s.in, pid, s.logf)
	if err != nil {
		s.status.warnf("cannot follow the processes the command starts: %v; only the command's own process is traced", err)
		return
	}
	s.tree = t
	s.logf("tracing the process tree of the command (pid %d): its children join it at their fork", pid)
}

// updateBias writes the load biases of the modules the process has mapped
// since the last call.
func (s *session) updateBias() {
	s.unwatch.update()
	s.retryWatches()
	if err := s.bias.update(); err != nil {
		s.status.warnf("%v; its globals print as not available", err)
	}
	if err := s.procBias.update(); err != nil {
		s.status.warnf("load biases from /proc: %v", err)
		s.procBias = nil
	}
}

// handle decodes and prints one record and returns its kind. Map events
// act on the map now, in order with the records around them. After an
// exit() record (s.discard) records are dropped unread.
func (s *session) handle(raw []byte) ir.EventKind {
	if s.discard {
		return ir.EventPrint
	}
	var kind ir.EventKind
	var err error
	s.line, kind, err = s.dec.decode(s.line[:0], raw)
	if err != nil {
		s.internalErr(err)
		return ir.EventPrint
	}
	switch kind {
	case ir.EventExit:
		s.discard = true
		if ev := &s.prog.Events[binary.LittleEndian.Uint32(raw)]; len(ev.Fields) == 1 { // exit(code); decode checked the bytes
			s.exitCode = int(int64(binary.LittleEndian.Uint64(raw[ev.Fields[0].Offset:])))
		}
	case ir.EventPrintMap, ir.EventClearMap, ir.EventZeroMap:
		s.mapEvent(kind, &s.prog.Events[binary.LittleEndian.Uint32(raw)])
	case ir.EventSystem:
		s.system(string(s.line)) // usercalls.go
	case ir.EventCat:
		s.cat(string(s.line))
	case ir.EventWarnf, ir.EventErrorf:
		s.scriptMessage(kind, binary.LittleEndian.Uint32(raw), s.line) // usercalls.go
	default:
		s.out.record(s.line, false)
	}
	return kind
}

// mapEvent does print(@m), clear(@m) or zero(@m).
func (s *session) mapEvent(kind ir.EventKind, ev *ir.Event) {
	m := &s.prog.Maps[ev.Map] // Run checked the index
	var err error
	switch kind {
	case ir.EventPrintMap:
		var es []mapEntry
		if es, err = s.maps.entries(m); err == nil {
			s.writeMap(m, es, ev.Top, ev.Div, true)
			s.readMaps([]output.MapPrint{{Map: m, Entries: es}}, false)
		}
	case ir.EventClearMap:
		err = s.maps.clear(m)
	case ir.EventZeroMap:
		err = s.maps.zero(m)
	}
	if err != nil {
		s.status.errorf("%s: %v", ev.Kind, err)
	}
}

// writeMap prints map m (output/maps.go).
func (s *session) writeMap(m *ir.Map, es []mapEntry, top int, div int64, explicit bool) {
	s.line = s.printer.Print(s.line[:0], m, es, top, div, explicit)
	s.out.record(s.line, true)
}

// readMaps gives maps to the MapReaders (final: every map, at the end).
func (s *session) readMaps(maps []output.MapPrint, final bool) {
	for _, r := range s.opts.MapReaders {
		if err := r.ReadMaps(s.printer, maps, final); err != nil {
			s.status.errorf("%v", err)
			if final && s.readerErr == nil {
				s.readerErr = err
			}
		}
	}
}

// printMaps prints every map when tracing ends, as bpftrace does: also
// one that print(@m) printed before (it may have changed since); print
// false gives them to the MapReaders only.
func (s *session) printMaps(print bool) {
	want := make([]bool, len(s.prog.Maps))
	for i := range want {
		want[i] = true
	}
	if len(want) == 0 || (!print && len(s.opts.MapReaders) == 0) {
		return
	}
	all, err := s.maps.read(want)
	if err != nil {
		s.status.errorf("print maps: %v", err)
		if len(s.opts.MapReaders) > 0 && s.readerErr == nil {
			s.readerErr = fmt.Errorf("read maps: %w", err)
		}
		return
	}
	// In the order of their names, as bpftrace (a std::map of them).
	order := make([]int, len(s.prog.Maps))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return s.prog.Maps[order[a]].Name < s.prog.Maps[order[b]].Name })
	maps := make([]output.MapPrint, 0, len(order))
	for _, i := range order {
		m := &s.prog.Maps[i]
		if print {
			s.writeMap(m, all[uint8(i)], 0, 0, false)
		}
		maps = append(maps, output.MapPrint{Map: m, Entries: all[uint8(i)]})
	}
	s.readMaps(maps, true)
}

// maxInternalErrs bounds how many malformed records are reported one by one.
const maxInternalErrs = 10

func (s *session) internalErr(err error) {
	s.internalErrs++
	if s.internalErrs <= maxInternalErrs {
		s.status.internalf("%v", err)
	}
	if s.internalErrs == maxInternalErrs {
		s.status.internalf("not reporting further malformed records")
	}
}

func (s *session) flush() { s.out.flush() }

// finish detaches, drains what the probes recorded before detaching and
// prints it, runs the End probes, prints the maps and reports losses.
// After exit() the records that followed it are drained unprinted.
func (s *session) finish(why string, child *heldCommand) {
	s.tree.update(true) // who joined since the last look, for -v
	detachStart := time.Now()
	// With every traced process gone no probe runs again: the maps are
	// read with the links attached, and a releaser closes them once gs
	// has reported (release.go). Else detach first: the last hit must be
	// in the maps.
	later := s.releaseLater(why)
	if later {
		s.drain()
		if err := s.tree.admit(os.Getpid()); err != nil { // END runs in gs's process; the filter stays on
			s.status.warnf("%v", err)
		}
		s.logf("detaching %d links after the report, as no traced process is left (stopped: %s)", len(s.links)+len(s.triggers), why)
	} else {
		detached := make(chan struct{})
		go func() {
			defer close(detached)
			s.panics.run("detaching", func() {
				closeLinks(s.links)
				closeAll(s.intervals)
			})
		}()
		// Print what is there while the links close, then what came meanwhile.
		s.drain()
		<-detached
		s.drain()
		if err := s.tree.filter(false); err != nil { // END runs in gs's process
			s.status.warnf("%v", err)
		}
		s.logf("detached %d links in %v (stopped: %s)", len(s.links)+len(s.intervals), time.Since(detachStart).Round(time.Millisecond), why)
		s.links, s.intervals = nil, nil
	}
	s.reportReturnCounts() // returns.go

	// The End probes run now, after every other probe's records: what
	// they print comes last, before the maps.
	if hasKind(s.prog, ir.End) {
		s.discard = false
		if v := s.in.coll.Variables[varStopped]; v != nil { // exit() stopped every probe in the kernel
			if err := v.Set(uint32(0)); err != nil {
				s.status.warnf("set %s: %v: END does not run", varStopped, err)
			}
		}
		endTrigger()
		s.drain()
	}
	triggersClosed := make(chan struct{})
	go func() {
		defer close(triggersClosed)
		if !later {
			s.panics.run("detaching BEGIN and END", func() { closeLinks(s.triggers) })
		}
	}()
	if s.opts.Format == FormatText {
		// bpftrace ends its main loop's text with two newlines, maps or
		// not: scripts and bpftrace's tests expect the blank line.
		s.out.record([]byte("\n\n"), false)
	}
	s.printMaps(!s.prog.KeepMaps)
	s.loss.check()
	s.loss.totals()
	s.flush() // after the losses: JSON's lost_events are trace output
	if s.internalErrs > maxInternalErrs {
		s.status.internalf("%d malformed records in total", s.internalErrs)
	}
	switch {
	case child != nil:
		select {
		case <-child.done:
			if st := child.exitStatus(); st != "" {
				s.logf("command %s", st)
			}
		default:
			// Stopped by Ctrl-C or exit() while the command runs: it would
			// go on untraced, so end it.
			_ = child.cmd.Process.Signal(unix.SIGTERM)
		}
	case s.opts.PID != 0 && why == "process exited":
		s.infof("process %d exited", s.opts.PID)
	}
	<-triggersClosed
	if later {
		if err := releaseLinks(append(s.links, s.triggers...)); err != nil {
			s.logf("%v; detached the links in gs", err)
		}
		s.links = nil
	}
	s.triggers = nil
}

// releaseLater reports whether the trace stopped with no process left
// that its uprobes can run in, so the links may be closed after the
// report (finish): -p's process or -c's whole tree has exited (a process
// of the tree is marked exited when its last thread exits: it runs no
// more user code, and a probe's program runs in the task that hit it, to
// its end, before that task can exit), and no probe runs in any task
// (interval, perf and watchpoint events) or in gs itself (a probe on a
// file gs has mapped, its executable or a library of a cgo build: its End
// probes run with the filter on, in gs).
func (s *session) releaseLater(why string) bool {
	if why != "command exited" && why != "process exited" {
		return false
	}
	if len(s.intervals) > 0 || s.opts.live != nil || hasKind(s.prog, perfKinds...) {
		return false
	}
	own, err := procmaps.Read(0)
	if err != nil {
		return false
	}
	for _, p := range s.prog.Probes {
		if p.Kind != ir.Uprobe && p.Kind != ir.Uretprobe {
			continue
		}
		var st unix.Stat_t
		if err := unix.Stat(p.Binary, &st); err != nil {
			return false
		}
		for _, m := range own {
			if m.Inode == st.Ino && m.Major == unix.Major(st.Dev) && m.Minor == unix.Minor(st.Dev) {
				return false
			}
		}
	}
	return true
}

// drain prints every record in the ring buffer now.
func (s *session) drain() {
	var rec ringbuf.Record
	s.rd.SetDeadline(time.Now())
	for {
		err := s.rd.ReadInto(&rec)
		if err != nil {
			return // deadline: the buffer is empty
		}
		s.mu.Lock()
		s.handle(rec.RawSample)
		s.mu.Unlock()
	}
}

// waitProcess returns true when process pid exits, false when done closes
// first.
func waitProcess(pid int, done <-chan struct{}) bool {
	fd, err := unix.PidfdOpen(pid, 0)
	if err == nil {
		defer unix.Close(fd)
	}
	for {
		if err == nil {
			fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
			n, perr := unix.Poll(fds, int(pollInterval/time.Millisecond))
			if perr == nil && n > 0 {
				return true
			}
		} else {
			if kerr := unix.Kill(pid, 0); errors.Is(kerr, unix.ESRCH) {
				return true
			}
			time.Sleep(pollInterval)
		}
		select {
		case <-done:
			return false
		default:
		}
	}
}

// attached reports, as bpftrace does, how many probes are attached (every
// attach point, begin, end and interval probes included; a USDT probe
// once however many sites it has), then calls Options.Attached.
func (s *session) attached() {
	if s.opts.Metrics != nil && s.metrics == nil {
		r, err := s.newMetricsReader()
		if err != nil {
			s.status.errorf("metrics: %v", err)
		} else {
			s.metrics = r
			s.opts.Metrics(r)
		}
	}
	if s.opts.live == nil { // a live session says what it attached itself
		n, usdt := 0, map[string]bool{}
		for _, p := range s.prog.Probes {
			if strings.HasPrefix(p.Name, "usdt:") {
				if usdt[p.Name] {
					continue
				}
				usdt[p.Name] = true
			}
			n++
		}
		s.status.attached(n)
	}
	if s.opts.Attached != nil {
		s.opts.Attached()
	}
}
