package session

import (
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	goruntime "runtime"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/procmaps"
)

// Begin and End probes run from uprobes on two functions of gs's own
// binary, filtered to gs's own process: calling the function runs the
// probes, synchronously, in the calling thread, so their records are in
// the ring buffer when the call returns. Go functions' entries take
// uprobes like any other (uretprobes would break Go's stack handling and
// are never used here).

var triggerCalls atomic.Uint64

// beginTrigger runs the Begin probes.
//
//go:noinline
func beginTrigger() { triggerCalls.Add(1) }

// endTrigger runs the End probes.
//
//go:noinline
func endTrigger() { triggerCalls.Add(1) }

// ownFunc returns the file and file offset of the entry of fn, a function
// of this binary, from the mappings of this process.
func ownFunc(fn func()) (string, uint64, error) {
	pc := reflect.ValueOf(fn).Pointer()
	if f := goruntime.FuncForPC(pc); f == nil || f.Entry() != pc {
		return "", 0, fmt.Errorf("locate trigger function at %#x", pc)
	}
	ms, err := procmaps.Read(0)
	if err != nil {
		return "", 0, err
	}
	for _, m := range ms {
		if uint64(pc) < m.Start || uint64(pc) >= m.End {
			continue
		}
		if m.Deleted {
			return "", 0, fmt.Errorf("gs's own binary %s was deleted or replaced while it runs", m.Path)
		}
		return m.Path, uint64(pc) - m.Start + m.Offset, nil
	}
	return "", 0, fmt.Errorf("no mapping of gs's own binary holds %#x", pc)
}

// attachTriggers attaches the Begin and End probes to the trigger
// functions, for this process only (with single uprobes, this thread:
// a perf-event uprobe filters by thread, so the caller must call the
// triggers from this locked OS thread).
//
// Probes at one address run newest attachment first (the kernel adds each
// consumer at the head of the uprobe's list), so they are attached in
// reverse: they then run in ID order.
func attachTriggers(in *interpreter, prog *ir.Program) ([]link.Link, error) {
	var probes []*ir.Probe
	for i := len(prog.Probes) - 1; i >= 0; i-- {
		p := prog.Probes[i]
		var fn func()
		switch p.Kind {
		case ir.Begin:
			fn = beginTrigger
		case ir.End:
			fn = endTrigger
		default:
			continue
		}
		path, off, err := ownFunc(fn)
		if err != nil {
			return nil, fmt.Errorf("attach probe %s: %w", p.Name, err)
		}
		p.Binary, p.Offset = path, off
		probes = append(probes, &p)
	}
	if len(probes) == 0 {
		return nil, nil
	}
	ex, err := link.OpenExecutable(probes[0].Binary)
	if err != nil {
		return nil, fmt.Errorf("attach probe %s: open %s: %w", probes[0].Name, probes[0].Binary, unwrapPathErr(err))
	}
	if in.multi {
		return attachMulti(ex, in.prog, probes, os.Getpid(), false)
	}
	return attachSingles(ex, in.prog, probes, unix.Gettid())
}

// linkPerfEvent links prog to a perf event with a BPF cookie. cilium/ebpf
// has no API for a perf_event link's cookie: this is the raw
// BPF_LINK_CREATE (union bpf_attr's link_create with perf_event.bpf_cookie).
func linkPerfEvent(prog *ebpf.Program, perfFD int, cookie uint64) (int, error) {
	attr := struct {
		progFD, targetFD, attachType, flags uint32
		cookie                              uint64
		_                                   [24]byte
	}{progFD: uint32(prog.FD()), targetFD: uint32(perfFD), attachType: unix.BPF_PERF_EVENT, cookie: cookie}
	fd, _, errno := unix.Syscall(unix.SYS_BPF, unix.BPF_LINK_CREATE, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr))
	if errno != 0 {
		if errors.Is(errno, unix.EINVAL) {
			return -1, fmt.Errorf("create perf_event link: %w (%w perf_event links with cookies, Linux 5.15)", errno, ErrKernel)
		}
		return -1, fmt.Errorf("create perf_event link: %w", errno)
	}
	unix.CloseOnExec(int(fd))
	return int(fd), nil
}

// closeAll closes the closers concurrently. A panic in a close is raised
// again on the caller's goroutine.
func closeAll(cs []io.Closer) {
	done := make(chan struct{}, len(cs))
	var p panics
	for _, c := range cs {
		go func() {
			defer func() { done <- struct{}{} }()
			p.run("detaching an interval probe", func() { _ = c.Close() })
		}()
	}
	for range cs {
		<-done
	}
	p.raise()
}

// probesOf returns prog's probes of kind.
func probesOf(prog *ir.Program, kind ir.ProbeKind) []*ir.Probe {
	var out []*ir.Probe
	for i := range prog.Probes {
		if prog.Probes[i].Kind == kind {
			out = append(out, &prog.Probes[i])
		}
	}
	return slices.Clip(out)
}
