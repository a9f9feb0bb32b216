package session

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/ir"
)

// binaryProbes is the uprobes of one binary, in program order.
type binaryProbes struct {
	path    string
	entries []*ir.Probe
	returns []*ir.Probe
}

// first returns the group's first probe, to name in errors.
func (g *binaryProbes) first() *ir.Probe {
	if len(g.entries) > 0 {
		return g.entries[0]
	}
	return g.returns[0]
}

// groupByBinary groups uprobes and uretprobes by the binary they attach to.
// Begin, End and Interval probes are attached apart (attachTriggers,
// attachIntervals).
func groupByBinary(prog *ir.Program) ([]*binaryProbes, error) {
	var groups []*binaryProbes
	byPath := map[string]*binaryProbes{}
	for i := range prog.Probes {
		p := &prog.Probes[i]
		switch p.Kind {
		case ir.Uprobe, ir.Uretprobe:
		case ir.Begin, ir.End, ir.Interval, ir.Perf, ir.Watchpoint:
			continue
		default:
			return nil, fmt.Errorf("probe %s: unknown kind %d", p.Name, p.Kind)
		}
		if p.Binary == "" {
			return nil, fmt.Errorf("probe %s: no binary to attach to", p.Name)
		}
		if p.Offset == 0 && isELF(p.Binary) {
			// Offset 0 is the ELF header, never code (a flat binary's
			// code may start there: sema's --unsafe probe by offset).
			return nil, fmt.Errorf("probe %s: no resolved address in %s", p.Name, p.Binary)
		}
		g := byPath[p.Binary]
		if g == nil {
			g = &binaryProbes{path: p.Binary}
			byPath[p.Binary] = g
			groups = append(groups, g)
		}
		if p.Kind == ir.Uprobe {
			g.entries = append(g.entries, p)
		} else {
			g.returns = append(g.returns, p)
		}
	}
	return groups, nil
}

// attachAll attaches every probe. With multi it makes one uprobe_multi link
// per binary and direction; without it (or when the kernel refuses
// uprobe_multi) one perf-event uprobe per probe. The links made so far are
// returned with any error, for the caller to close.
//
// Probes are attached in reverse script order: the kernel runs the
// consumers of one uprobe last-registered first (consumer_add in
// kernel/events/uprobes.c puts a new one at the head of the list, for
// entries and returns alike, and uprobe_multi registers its addresses in
// turn), and bpftrace runs two probes on one function in the order written.
func attachAll(in *interpreter, groups []*binaryProbes, pid int) ([]link.Link, error) {
	var links []link.Link
	for gi := len(groups) - 1; gi >= 0; gi-- {
		g := groups[gi]
		ex, err := link.OpenExecutable(g.path)
		if err != nil {
			return links, fmt.Errorf("attach probe %s: open %s: %w", g.first().Name, g.path, unwrapPathErr(err))
		}
		if in.multi {
			l, err := attachMulti(ex, in.prog, reversed(g.entries), pid, false)
			if err == nil {
				links = append(links, l...)
				l, err = attachMulti(ex, in.prog, reversed(g.returns), pid, true)
				links = append(links, l...)
			}
			if err != nil {
				return links, err
			}
			continue
		}
		l, err := attachSingles(ex, in.prog, reversed(append(append([]*ir.Probe{}, g.entries...), g.returns...)), pid)
		links = append(links, l...)
		if err != nil {
			return links, err
		}
	}
	return links, nil
}

// reversed returns a copy of probes in reverse order.
func reversed(probes []*ir.Probe) []*ir.Probe {
	r := make([]*ir.Probe, len(probes))
	for i, p := range probes {
		r[len(probes)-1-i] = p
	}
	return r
}

// attachMulti attaches probes (all entries or all returns of one binary)
// with one uprobe_multi link; cookies are the probe ids.
func attachMulti(ex *link.Executable, prog *ebpf.Program, probes []*ir.Probe, pid int, ret bool) ([]link.Link, error) {
	if len(probes) == 0 {
		return nil, nil
	}
	opts := &link.UprobeMultiOptions{PID: uint32(pid)}
	semaphores := false
	for _, p := range probes {
		for _, off := range sitesOf(p) {
			addr, plus := cilium(off)
			opts.Addresses = append(opts.Addresses, addr)
			opts.Offsets = append(opts.Offsets, plus)
			opts.Cookies = append(opts.Cookies, uint64(p.ID))
			// USDT semaphores: the kernel raises each while the link
			// holds its uprobe (0 is none).
			opts.RefCtrOffsets = append(opts.RefCtrOffsets, p.RefCtrOffset)
			semaphores = semaphores || p.RefCtrOffset != 0
		}
	}
	if !semaphores {
		opts.RefCtrOffsets = nil
	}
	var l link.Link
	var err error
	if ret {
		l, err = ex.UretprobeMulti(nil, prog, opts)
	} else {
		l, err = ex.UprobeMulti(nil, prog, opts)
	}
	if err != nil {
		what := "uprobes"
		if ret {
			what = "uretprobes"
		}
		if isPermission(err) {
			return nil, ErrPermission
		}
		if len(probes) == 1 {
			return nil, fmt.Errorf("attach probe %s (%s at offset %#x): %w", probes[0].Name, probes[0].Binary, probes[0].Offset, err)
		}
		return nil, fmt.Errorf("attach %d %s in %s (first: %s): %w", len(probes), what, probes[0].Binary, probes[0].Name, err)
	}
	return []link.Link{l}, nil
}

// attachSingles attaches one perf-event uprobe per probe.
func attachSingles(ex *link.Executable, prog *ebpf.Program, probes []*ir.Probe, pid int) ([]link.Link, error) {
	var links []link.Link
	for _, p := range probes {
		for _, off := range sitesOf(p) {
			addr, plus := cilium(off)
			opts := &link.UprobeOptions{Address: addr, Offset: plus, Cookie: uint64(p.ID), PID: pid, RefCtrOffset: p.RefCtrOffset}
			var l link.Link
			var err error
			if p.Kind == ir.Uretprobe {
				l, err = ex.Uretprobe("", prog, opts)
			} else {
				l, err = ex.Uprobe("", prog, opts)
			}
			if err != nil {
				if isPermission(err) {
					return links, ErrPermission
				}
				return links, fmt.Errorf("attach probe %s (%s at offset %#x): %w", p.Name, p.Binary, off, err)
			}
			links = append(links, l)
		}
	}
	return links, nil
}

// cilium splits file offset off into cilium's Address and Offset, which
// it adds: it reads Address 0 as "look the symbol up" (link.Executable's
// address), so offset 0 (a flat binary's first byte) is 1<<63 + 1<<63,
// which wraps to 0.
func cilium(off uint64) (addr, plus uint64) {
	if off == 0 {
		return 1 << 63, 1 << 63
	}
	return off, 0
}

// isELF reports whether path starts with the ELF magic (true when it
// cannot be read: the attach says why).
func isELF(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return true
	}
	defer f.Close()
	var m [4]byte
	if _, err := io.ReadFull(f, m[:]); err != nil {
		return false
	}
	return string(m[:]) == "\x7fELF"
}

// sitesOf returns the file offsets probe p attaches at: its Sites (the
// calls of its function, sema/callsites.go), else its Offset.
func sitesOf(p *ir.Probe) []uint64 {
	if len(p.Sites) > 0 {
		return p.Sites
	}
	return []uint64{p.Offset}
}

// closeLinks detaches every link at once: each detach waits for the
// kernel's grace period, so closing them in turn would add those up. A
// panic in a close is raised again on the caller's goroutine.
func closeLinks(links []link.Link) {
	var wg sync.WaitGroup
	var p panics
	for _, l := range links {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.run("detaching a probe", func() { _ = l.Close() })
		}()
	}
	wg.Wait()
	p.raise()
}

// unwrapPathErr drops the "stat executable: stat PATH:" wrapping from a
// path error: the message names the path already.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
