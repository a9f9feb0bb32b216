package runtime

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/cilium/ebpf"

	"github.com/gs-tracer/gs/procmaps"
)

// A module's load bias is where the process mapped it minus where it was
// linked to load: link-time address + bias = run-time address. OpLdBias
// reads it from gs_bias, keyed by {tgid, module index}.

// moduleBias returns the load bias of the file at path in process pid, and
// false when the process has not mapped it.
func moduleBias(pid int, path string) (uint64, bool, error) {
	want, err := os.Stat(path)
	if err != nil {
		return 0, false, err
	}
	wantSt, _ := want.Sys().(*syscall.Stat_t)
	start, ok, err := firstMapping(pid, path, wantSt)
	if err != nil || !ok {
		return 0, false, err
	}
	f, err := elf.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	// The mapping at file offset 0 holds the PT_LOAD segment that starts
	// the file; its link-time address, page-aligned, is what was mapped
	// there.
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Off == 0 {
			return start - (p.Vaddr &^ uint64(os.Getpagesize()-1)), true, nil
		}
	}
	return 0, false, fmt.Errorf("%s: no PT_LOAD segment at file offset 0", path)
}

// firstMapping finds the start of the mapping of file offset 0 of path
// (matched by device and inode when known, else by name) in pid's maps.
func firstMapping(pid int, path string, st *syscall.Stat_t) (uint64, bool, error) {
	ms, err := procmaps.Read(pid)
	if err != nil {
		return 0, false, err
	}
	for _, m := range ms {
		if m.Offset != 0 {
			continue
		}
		if st != nil {
			if m.Inode != st.Ino || uint64(m.Major) != devMajor(st.Dev) || uint64(m.Minor) != devMinor(st.Dev) {
				continue
			}
		} else if m.Path != path {
			continue
		}
		return m.Start, true, nil
	}
	return 0, false, nil
}

// devMajor and devMinor split a Linux dev_t as glibc's gnu_dev_major and
// gnu_dev_minor do.
func devMajor(dev uint64) uint64 { return (dev>>8)&0xfff | (dev>>32)&^0xfff }
func devMinor(dev uint64) uint64 { return dev&0xff | (dev>>12)&^0xff }

// biasWriter fills gs_bias for the traced process. Modules the process
// has not mapped yet (shared libraries of a command that just started) are
// retried until they show up; until then OpLdBias reads 0 for them.
type biasWriter struct {
	m       *ebpf.Map
	pid     int
	modules []string
	pending []int // module indices not found yet
	started time.Time
	last    time.Time
}

// biasFastPolling is how long after the start pending modules are looked
// for at every call (a starting command maps its libraries within
// milliseconds); after it, once a second (dlopen).
const biasFastPolling = 2 * time.Second

func newBiasWriter(m *ebpf.Map, pid int, modules []string) *biasWriter {
	w := &biasWriter{m: m, pid: pid, modules: modules, started: time.Now()}
	for i := range modules {
		w.pending = append(w.pending, i)
	}
	return w
}

// awaitExec is called right after a command's exec: the kernel maps the
// executable a moment after the exec is reported, and the program's code
// runs only after the dynamic loader, so polling briefly for the mapping
// and writing the bias then usually beats the first probe hit. Where
// bpf_get_func_ip works (6.4+) the kernel derives a probe's own module's
// bias itself and this only serves the other modules; on older kernels
// the probe's own module reads gs_bias too, and a static binary's first
// hits may come before the bias is written (a race: a missing bias is 0,
// so a PIE global then reads at its link-time address, mostly a read error).
func (w *biasWriter) awaitExec(exe string, timeout time.Duration) error {
	if w == nil {
		return nil
	}
	idx := -1
	for _, i := range w.pending {
		if sameFile(w.modules[i], exe) {
			idx = i
		}
	}
	deadline := time.Now().Add(timeout)
	for {
		w.last = time.Time{}
		if err := w.update(); err != nil {
			return err
		}
		if idx < 0 || !slices.Contains(w.pending, idx) || time.Now().After(deadline) {
			return nil
		}
		time.Sleep(20 * time.Microsecond)
	}
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// update looks for the pending modules and writes the biases found.
func (w *biasWriter) update() error {
	if w == nil || len(w.pending) == 0 {
		return nil
	}
	now := time.Now()
	if now.Sub(w.started) > biasFastPolling && now.Sub(w.last) < time.Second {
		return nil
	}
	w.last = now
	var still []int
	for _, i := range w.pending {
		path := w.modules[i]
		bias, ok, err := moduleBias(w.pid, path)
		if err != nil {
			w.pending = nil
			return fmt.Errorf("load bias of %s in process %d: %w", path, w.pid, err)
		}
		if !ok {
			still = append(still, i)
			continue
		}
		key := binary.LittleEndian.AppendUint32(nil, uint32(w.pid))
		key = binary.LittleEndian.AppendUint32(key, uint32(i))
		if err := w.m.Update(key, bias, ebpf.UpdateAny); err != nil {
			w.pending = nil
			return fmt.Errorf("write gs_bias: %w", err)
		}
	}
	w.pending = still
	return nil
}
