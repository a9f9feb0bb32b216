package session

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

// moduleFile is a module as its mappings are recognized: by device and
// inode (or by name, when it cannot be stat'ed), with the page-aligned
// link-time address of its PT_LOAD segment at file offset 0.
type moduleFile struct {
	path  string
	st    *syscall.Stat_t
	vaddr uint64
}

func openModuleFile(path string) (moduleFile, error) {
	mf := moduleFile{path: path}
	fi, err := os.Stat(path)
	if err != nil {
		return mf, err
	}
	mf.st, _ = fi.Sys().(*syscall.Stat_t)
	f, err := elf.Open(path)
	if err != nil {
		return mf, err
	}
	defer f.Close()
	// The mapping at file offset 0 holds the PT_LOAD segment that starts
	// the file; its link-time address, page-aligned, is what was mapped
	// there.
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Off == 0 {
			mf.vaddr = p.Vaddr &^ uint64(os.Getpagesize()-1)
			return mf, nil
		}
	}
	return mf, fmt.Errorf("%s: no PT_LOAD segment at file offset 0", path)
}

// biasIn returns the module's load bias in a process with mappings ms, and
// false when the process has not mapped it.
func (mf *moduleFile) biasIn(ms []procmaps.Mapping) (uint64, bool) {
	for _, m := range ms {
		if m.Offset != 0 {
			continue
		}
		if st := mf.st; st != nil {
			if m.Inode != st.Ino || uint64(m.Major) != devMajor(st.Dev) || uint64(m.Minor) != devMinor(st.Dev) {
				continue
			}
		} else if m.Path != mf.path {
			continue
		}
		return m.Start - mf.vaddr, true
	}
	return 0, false
}

// moduleBias returns the load bias of the file at path in process pid,
// with the image it holds in, and false when the process has not mapped
// it (or exec'd while it was looked for).
func moduleBias(pid int, path string) (uint64, procmaps.Image, bool, error) {
	mf, err := openModuleFile(path)
	if err != nil {
		return 0, procmaps.Image{}, false, err
	}
	return imageBias(pid, mf)
}

// biasValue is gs_bias's value {u64 bias, u64 start_stack, u64
// arg_start}: the bias and the image of the process it holds in
// (procmaps.Image; the kernel side drops an entry of an image the process
// has left by exec).
func biasValue(bias uint64, im procmaps.Image) []byte {
	v := binary.LittleEndian.AppendUint64(nil, bias)
	v = binary.LittleEndian.AppendUint64(v, im.StartStack)
	return binary.LittleEndian.AppendUint64(v, im.ArgStart)
}

// imageBias is moduleBias for the process's image as it was before and
// after its mappings were read: ok is false when the process exec'd in
// between (the caller tries again later).
func imageBias(pid int, mf moduleFile) (bias uint64, im procmaps.Image, ok bool, err error) {
	im, err = procmaps.ReadImage(pid)
	if err != nil {
		return 0, im, false, err
	}
	ms, err := procmaps.Read(pid)
	if err != nil {
		return 0, im, false, err
	}
	bias, ok = mf.biasIn(ms)
	if after, err := procmaps.ReadImage(pid); err != nil || after != im {
		return 0, im, false, err
	}
	return bias, im, ok, nil
}

// biasKey is gs_bias's key {u32 tgid, u32 module}.
func biasKey(pid, module int) []byte {
	key := binary.LittleEndian.AppendUint32(nil, uint32(pid))
	return binary.LittleEndian.AppendUint32(key, uint32(module))
}

// devMajor and devMinor split a Linux dev_t as glibc's gnu_dev_major and
// gnu_dev_minor do.
func devMajor(dev uint64) uint64 { return (dev>>8)&0xfff | (dev>>32)&^0xfff }
func devMinor(dev uint64) uint64 { return dev&0xff | (dev>>12)&^0xff }

// biasWriter fills gs_bias for the traced process. Modules the process
// has not mapped yet (shared libraries of a command that just started) are
// retried until they show up (a module mapped later also gets its entry
// from its bias probe, biasprobe.go); until then OpLdBias fails for them.
// When the process execs another image, every module is looked for again.
type biasWriter struct {
	m       *ebpf.Map
	pid     int
	modules []string
	pending []int // module indices not found yet
	image   procmaps.Image
	started time.Time
	last    time.Time
	checked time.Time // when the image was last read
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
// and writing the bias then usually beats the first probe hit; the bias
// probe at the entry point (biasprobe.go) writes it before the program's
// code runs in any case. Where bpf_get_func_ip works (6.4+) the kernel
// derives a probe's own module's bias itself; on older kernels the probe's
// own module reads gs_bias too.
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
	if w == nil {
		return nil
	}
	now := time.Now()
	if now.Sub(w.checked) >= time.Second {
		w.checked = now
		im, err := procmaps.ReadImage(w.pid)
		if err == nil && w.image != (procmaps.Image{}) && im != w.image {
			w.pending, w.last = nil, time.Time{} // a new image: look for every module in it
			for i := range w.modules {
				w.pending = append(w.pending, i)
			}
		}
		if err == nil {
			w.image = im
		}
	}
	if len(w.pending) == 0 {
		return nil
	}
	if now.Sub(w.started) > biasFastPolling && now.Sub(w.last) < time.Second {
		return nil
	}
	w.last = now
	var still []int
	for _, i := range w.pending {
		path := w.modules[i]
		bias, im, ok, err := moduleBias(w.pid, path)
		if err != nil {
			w.pending = nil
			return fmt.Errorf("load bias of %s in process %d: %w", path, w.pid, err)
		}
		if !ok {
			still = append(still, i)
			continue
		}
		w.image = im
		if err := w.m.Update(biasKey(w.pid, i), biasValue(bias, im), ebpf.UpdateAny); err != nil {
			w.pending = nil
			return fmt.Errorf("write gs_bias: %w", err)
		}
	}
	w.pending = still
	return nil
}
