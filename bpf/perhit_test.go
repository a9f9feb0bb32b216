package bpf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"github.com/cilium/ebpf/ringbuf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// BenchmarkPerHit measures what one probe hit costs, side by side with
// bpftrace, on a C target that calls f 1,000,000 times and prints its own
// ns/call. Run it with (the package before the -perhit flags)
//
//	go test ./bpf/ -run '^$' -bench PerHit -benchtime 1x -v -perhit.rounds 7
//
// It reports the median ns/call of each mode over -perhit.rounds
// interleaved rounds, then runs each traced mode once more with BPF
// statistics on and logs the time spent in the BPF program per hit. f
// begins with push %rbp, which the kernel emulates instead of
// single-stepping: the trap is the same for both tools, so the difference
// is the BPF side. No figure is asserted; gs-printf runs check that every
// record arrived and none was lost.
func BenchmarkPerHit(b *testing.B) {
	needRoot(b)
	bpftrace, err := exec.LookPath("bpftrace")
	if err != nil {
		b.Skip("bpftrace is not installed")
	}
	bin := buildPerHitTarget(b)
	calls := *perhitCalls
	ex, err := link.OpenExecutable(bin)
	if err != nil {
		b.Fatal(err)
	}
	def := loadPerHit(b, 0)

	type mode struct {
		name string
		run  func() (float64, error)
		prog *ebpf.Program // gs's program, for its statistics
	}
	gs := func(name string, h *perHit, probe uint64, u uprobeProg) mode {
		return mode{name, func() (float64, error) { return h.run(ex, bin, calls, probe, u) }, u.prog(h.objs)}
	}
	single, multi := uprobeProg{}, uprobeProg{multi: true}
	singleS, multiS := uprobeProg{sleepable: true}, uprobeProg{multi: true, sleepable: true}
	bt := func(name, prog string) mode {
		return mode{name, func() (float64, error) {
			return runTarget(exec.Command(bpftrace, "-e", fmt.Sprintf("uprobe:%s:f %s", bin, prog), "-c", fmt.Sprintf("%s %d", bin, calls)))
		}, nil}
	}
	modes := []mode{
		{"untraced", func() (float64, error) { return runTarget(exec.Command(bin, strconv.Itoa(calls))) }, nil},
		bt("bpftrace-empty", "{}"),
		gs("gs-empty-uprobe", def, 0, single),
		gs("gs-empty-uprobe-s", def, 0, singleS),
		gs("gs-empty-multi", def, 0, multi),
		gs("gs-empty-multi-s", def, 0, multiS),
		bt("bpftrace-printf", `{ printf("%d\n", arg0) }`),
		gs("gs-printf-uprobe", def, 1, single),
		gs("gs-printf-uprobe-s", def, 1, singleS),
		gs("gs-printf-multi", def, 1, multi),
		gs("gs-printf-multi-s", def, 1, multiS),
	}
	// With gs_wakeup_ns, when the object has it: at most one reader wakeup
	// per CPU and millisecond.
	if batched := loadPerHit(b, uint64(time.Millisecond)); batched != nil {
		modes = append(modes, gs("gs-printf-multi-wakeup1ms", batched, 1, multi), gs("gs-printf-multi-s-wakeup1ms", batched, 1, multiS))
	}
	figures := make([][]float64, len(modes))
	b.ResetTimer()
	for round := range *perhitRounds {
		for i, m := range modes {
			ns, err := m.run()
			if err != nil {
				b.Fatalf("round %d, %s: %v", round, m.name, err)
			}
			figures[i] = append(figures[i], ns)
		}
	}
	b.StopTimer()
	med := map[string]float64{}
	for i, m := range modes {
		med[m.name] = median(figures[i])
		b.ReportMetric(med[m.name], m.name+"-ns/call")
		b.Logf("%-26s median %7.1f ns/call  runs %v", m.name, med[m.name], figures[i])
	}
	for _, m := range modes {
		base := ""
		switch {
		case strings.HasPrefix(m.name, "gs-empty"):
			base = "bpftrace-empty"
		case strings.HasPrefix(m.name, "gs-printf"):
			base = "bpftrace-printf"
		}
		if base != "" {
			b.Logf("%-26s / %-15s = %.3f", m.name, base, med[m.name]/med[base])
		}
	}
	// The sleepable programs against the others.
	for _, m := range modes {
		base := strings.Replace(m.name, "-s-", "-", 1)
		if strings.HasSuffix(m.name, "-s") {
			base = strings.TrimSuffix(m.name, "-s")
		}
		if _, ok := med[base]; ok && base != m.name {
			b.Logf("%-26s / %-26s = %.3f", m.name, base, med[m.name]/med[base])
		}
	}

	// One more run of each traced mode with BPF statistics on: the time
	// spent in the BPF program per hit, without the trap around it.
	stats, err := ebpf.EnableStats(unix.BPF_STATS_RUN_TIME)
	if err != nil {
		b.Fatal(err)
	}
	defer stats.Close()
	for _, m := range modes[1:] {
		var w *progWatch
		var st0 *ebpf.ProgramStats
		if m.prog == nil {
			w = watchPrograms()
		} else if st0, err = m.prog.Stats(); err != nil {
			b.Fatal(err)
		}
		if _, err := m.run(); err != nil {
			b.Fatalf("%s with statistics: %v", m.name, err)
		}
		if m.prog == nil {
			for _, p := range w.stop() {
				b.Logf("%-26s program %-16s %8d runs, %6.1f ns/run", m.name, p.name, p.runs, p.ns)
			}
			continue
		}
		st1, err := m.prog.Stats()
		if err != nil {
			b.Fatal(err)
		}
		runs := st1.RunCount - st0.RunCount
		b.Logf("%-26s program %-16s %8d runs, %6.1f ns/run", m.name, m.prog.String(), runs, float64(st1.Runtime-st0.Runtime)/float64(max(runs, 1)))
	}
}

// perHit is one loaded interpreter with the two programs the benchmark
// runs, probe 0 empty, probe 1 printf("%d\n", arg0), and a reader that
// drains the ring buffer as the runtime does.
type perHit struct {
	tb   testing.TB
	objs *GsObjects
	dr   *drain
}

// loadPerHit loads the interpreter with gs_wakeup_ns set to wakeupNs; nil
// if the object has no such variable.
func loadPerHit(tb testing.TB, wakeupNs uint64) *perHit {
	tb.Helper()
	spec, err := LoadSpec()
	if err != nil {
		tb.Fatal(err)
	}
	if wakeupNs != 0 {
		v := spec.Variables["gs_wakeup_ns"]
		if v == nil {
			return nil
		}
		if err := v.Set(wakeupNs); err != nil {
			tb.Fatal(err)
		}
	}
	objs := new(GsObjects)
	if err := spec.LoadAndAssign(objs, nil); err != nil {
		tb.Fatalf("load interpreter: %v", err)
	}
	tb.Cleanup(func() { objs.Close() })
	install(tb, objs, []probeCode{
		{"f", cat(ir.Insn{Op: ir.OpExit})},
		{"f", cat(record(0), ldreg(1, regDI), st(8, 1), emit(16), ir.Insn{Op: ir.OpExit})},
	})
	return &perHit{tb: tb, objs: objs, dr: startDrain(tb, objs)}
}

// run attaches probe to f with program u and runs the target; for the
// printf probe it checks that every record arrived and none was lost.
func (h *perHit) run(ex *link.Executable, bin string, calls int, probe uint64, u uprobeProg) (float64, error) {
	var l link.Link
	var err error
	if u.multi {
		l, err = ex.UprobeMulti([]string{"f"}, u.prog(h.objs), &link.UprobeMultiOptions{Cookies: []uint64{probe}})
	} else {
		l, err = ex.Uprobe("f", u.prog(h.objs), &link.UprobeOptions{Cookie: probe})
	}
	if err != nil {
		return 0, err
	}
	defer l.Close()
	lost0 := lostTotal(h.tb, h.objs, uint32(probe))
	n0 := h.dr.reset()
	ns, err := runTarget(exec.Command(bin, strconv.Itoa(calls)))
	if err != nil || probe == 0 {
		return ns, err
	}
	if got, bad := h.dr.wait(n0, calls); got != calls || bad != 0 {
		return ns, fmt.Errorf("received %d of %d records, %d out of sequence", got, calls, bad)
	}
	if lost := lostTotal(h.tb, h.objs, uint32(probe)) - lost0; lost != 0 {
		return ns, fmt.Errorf("lost %d records", lost)
	}
	return ns, nil
}

var (
	perhitRounds = flag.Int("perhit.rounds", 5, "BenchmarkPerHit: interleaved rounds")
	perhitCalls  = flag.Int("perhit.calls", 1000000, "BenchmarkPerHit: calls of f per run")
)

// perhitSrc calls f in a loop and prints ns per call to stderr. The
// volatile local makes gcc -O2 -fno-omit-frame-pointer give f a frame, so
// its first instruction is push %rbp.
const perhitSrc = `
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) int f(int x)
{
	volatile int v = x;
	return v + 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	struct timespec a, b;
	volatile int s = 0;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < n; i++)
		s += f(i);
	clock_gettime(CLOCK_MONOTONIC, &b);
	fprintf(stderr, "ns/call %.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
	return 0;
}
`

func buildPerHitTarget(tb testing.TB) string {
	tb.Helper()
	bin := testtarget.FromSource(tb, testtarget.GCC, "perhit.c", perhitSrc, "-O2", "-fno-omit-frame-pointer")
	// The kernel emulates push %rbp; most other first instructions are
	// single-stepped, which costs several times the trap.
	first, err := firstByte(bin, "f")
	if err != nil {
		tb.Fatal(err)
	}
	if first != 0x55 {
		tb.Fatalf("f begins with byte %#x, want push %%rbp (0x55)", first)
	}
	return bin
}

// firstByte returns the first byte of function sym in bin.
func firstByte(bin, sym string) (byte, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return 0, err
	}
	for _, s := range syms {
		if s.Name != sym || elf.ST_TYPE(s.Info) != elf.STT_FUNC {
			continue
		}
		sec := f.Sections[s.Section]
		buf := make([]byte, 1)
		if _, err := sec.ReadAt(buf, int64(s.Value-sec.Addr)); err != nil {
			return 0, err
		}
		return buf[0], nil
	}
	return 0, fmt.Errorf("%s has no function %s", bin, sym)
}

type progStat struct {
	name string
	runs uint64
	ns   float64
}

// progWatch polls the statistics of the kprobe-type programs loaded after
// it started (bpftrace's programs exist only while bpftrace runs).
type progWatch struct {
	first ebpf.ProgramID
	done  chan struct{}
	out   chan []progStat
}

func watchPrograms() *progWatch {
	w := &progWatch{done: make(chan struct{}), out: make(chan []progStat, 1)}
	for id, err := ebpf.ProgramGetNextID(0); err == nil; id, err = ebpf.ProgramGetNextID(id) {
		w.first = id
	}
	go func() {
		last := map[ebpf.ProgramID]progStat{}
		poll := func() {
			for id, err := ebpf.ProgramGetNextID(w.first); err == nil; id, err = ebpf.ProgramGetNextID(id) {
				p, perr := ebpf.NewProgramFromID(id)
				if perr != nil {
					continue
				}
				info, err1 := p.Info()
				st, err2 := p.Stats()
				p.Close()
				if err1 == nil && err2 == nil && info.Type == ebpf.Kprobe {
					last[id] = progStat{name: info.Name, runs: st.RunCount, ns: float64(st.Runtime.Nanoseconds())}
				}
			}
		}
		for {
			poll()
			select {
			case <-w.done:
				poll()
				var out []progStat
				for _, ps := range last {
					if ps.runs < 1000 {
						continue
					}
					out = append(out, progStat{name: ps.name, runs: ps.runs, ns: ps.ns / float64(ps.runs)})
				}
				w.out <- out
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return w
}

func (w *progWatch) stop() []progStat {
	close(w.done)
	return <-w.out
}

var nsPerCall = regexp.MustCompile(`ns/call ([0-9.]+)`)

// runTarget runs cmd (the target, or bpftrace running it) with stdout
// discarded and returns the ns/call the target printed to stderr.
func runTarget(cmd *exec.Cmd) (float64, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Stdout = nil // /dev/null
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return 0, fmt.Errorf("%v: %v\n%s", cmd.Args, err, stderr.String())
		}
	case <-time.After(5 * time.Minute):
		cmd.Process.Kill()
		<-done
		return 0, fmt.Errorf("%v: timed out", cmd.Args)
	}
	m := nsPerCall.FindStringSubmatch(stderr.String())
	if m == nil {
		return 0, fmt.Errorf("%v printed no ns/call:\n%s", cmd.Args, stderr.String())
	}
	return strconv.ParseFloat(m[1], 64)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func lostTotal(tb testing.TB, objs *GsObjects, probe uint32) uint64 {
	tb.Helper()
	var per []uint64
	if err := objs.GsLost.Lookup(probe, &per); err != nil {
		tb.Fatal(err)
	}
	var n uint64
	for _, v := range per {
		n += v
	}
	return n
}

// drain reads gs_events in the background, as the runtime does, counting
// printf records and checking that their arg0 values come in sequence.
type drain struct {
	n        atomic.Int64
	bad      atomic.Int64
	next     int32
	rd       *ringbuf.Reader
	finished chan struct{}
}

func startDrain(tb testing.TB, objs *GsObjects) *drain {
	tb.Helper()
	rd, err := ringbuf.NewReader(objs.GsEvents)
	if err != nil {
		tb.Fatal(err)
	}
	d := &drain{rd: rd, finished: make(chan struct{})}
	go func() {
		defer close(d.finished)
		var rec ringbuf.Record
		for {
			// Poll like the runtime: records sent without a wakeup
			// (gs_wakeup_ns) wait for the next wakeup or deadline.
			rd.SetDeadline(time.Now().Add(100 * time.Millisecond))
			if err := rd.ReadInto(&rec); err != nil {
				if errors.Is(err, ringbuf.ErrClosed) {
					return
				}
				continue
			}
			if len(rec.RawSample) < 16 {
				d.bad.Add(1)
				continue
			}
			v := int32(binary.LittleEndian.Uint32(rec.RawSample[8:]))
			if v != 0 && v != d.next {
				d.bad.Add(1)
			}
			d.next = v + 1
			d.n.Add(1)
		}
	}()
	tb.Cleanup(func() {
		rd.Close()
		<-d.finished
	})
	return d
}

// reset starts a run: it returns the record count so far.
func (d *drain) reset() int64 {
	d.bad.Store(0)
	return d.n.Load()
}

// wait waits until want records arrived after n0 (or 10 s passed) and
// returns how many did, and how many were out of sequence.
func (d *drain) wait(n0 int64, want int) (int, int) {
	deadline := time.Now().Add(10 * time.Second)
	for d.n.Load()-n0 < int64(want) && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	// Anything past want would be a duplicate: give it a moment to show.
	time.Sleep(10 * time.Millisecond)
	return int(d.n.Load() - n0), int(d.bad.Load())
}
