package session

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/procmaps"
)

// Bias probes. A probe's own module's bias is known at the hit; a global
// of another module needs gs_bias[{tgid, module}]. For each of
// prog.Modules the runtime attaches one hidden uprobe (gs_probes entry
// len(prog.Probes)+m, flag ir.ProbeFlagBias) at a place every process
// runs once it has mapped the module and before the module's own code
// runs: an executable's entry point, a shared library's initializer
// (DT_INIT, else its first DT_INIT_ARRAY entry), which the dynamic loader
// calls at start and at dlopen. The kernel side stores the hit's run-time
// address minus that link-time address. So processes that start after gs,
// system-wide, and libraries loaded later have their entries before any
// probe can read them. Processes already running are found in /proc
// (procBias). A bias probe's address is the saved rip, the breakpoint's
// address on every kernel (record_bias): before Linux 6.4, where
// bpf_get_func_ip returns 0 in uprobes, it is what finds a process that
// starts after gs (the /proc scan alone raced it: a scan that lists the
// pid between its fork and its exec sees the parent's image, and the pid
// is not read again).

var errNoBiasPoint = errors.New("no entry point or initializer")

// biasPoint returns the link-time address of the place a bias probe on the
// ELF file at path goes, and its file offset.
func biasPoint(path string) (addr, off uint64, err error) {
	f, err := elf.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	addr = f.Entry
	if f.Type != elf.ET_EXEC && !hasDynFlag1(f, elf.DF_1_PIE) {
		if v, _ := f.DynValue(elf.DT_INIT); len(v) > 0 && v[0] != 0 {
			addr = v[0]
		} else if v, _ := f.DynValue(elf.DT_INIT_ARRAY); len(v) > 0 && v[0] != 0 {
			addr = initArrayFirst(f, v[0])
		}
	}
	if addr == 0 {
		return 0, 0, errNoBiasPoint
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 && addr >= p.Vaddr && addr < p.Vaddr+p.Filesz {
			return addr, addr - p.Vaddr + p.Off, nil
		}
	}
	return 0, 0, fmt.Errorf("%#x is in no executable segment", addr)
}

func hasDynFlag1(f *elf.File, flag elf.DynFlag1) bool {
	v, _ := f.DynValue(elf.DT_FLAGS_1)
	return len(v) > 0 && v[0]&uint64(flag) != 0
}

// initArrayFirst returns the function pointer at link-time address at
// (the first DT_INIT_ARRAY entry) from its relocation (a linker may leave
// the word itself 0): R_X86_64_RELATIVE's addend, or R_X86_64_64's symbol
// plus addend (a global constructor); else the word.
func initArrayFirst(f *elf.File, at uint64) uint64 {
	syms, _ := f.DynamicSymbols() // without the null symbol 0
	for _, s := range f.Sections {
		if s.Type != elf.SHT_RELA {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		for i := 0; i+24 <= len(data); i += 24 {
			if binary.LittleEndian.Uint64(data[i:]) != at {
				continue
			}
			info, addend := binary.LittleEndian.Uint64(data[i+8:]), binary.LittleEndian.Uint64(data[i+16:])
			switch sym := info >> 32; elf.R_X86_64(info & 0xffffffff) {
			case elf.R_X86_64_RELATIVE:
				return addend
			case elf.R_X86_64_64:
				if sym >= 1 && int(sym) <= len(syms) && syms[sym-1].Section != elf.SHN_UNDEF {
					return syms[sym-1].Value + addend
				}
				return 0 // another module's function
			}
		}
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && at >= p.Vaddr && at+8 <= p.Vaddr+p.Filesz {
			var w [8]byte
			if _, err := p.ReadAt(w[:], int64(at-p.Vaddr)); err == nil {
				return binary.LittleEndian.Uint64(w[:])
			}
		}
	}
	return 0
}

// attachBiasProbes writes and attaches the bias probes of prog.Modules
// (pid 0: in every process). A module with no place for one is reported
// through warn: its globals then read only in processes found in /proc.
func attachBiasProbes(in *interpreter, prog *ir.Program, pid int, warn func(string, ...any)) ([]link.Link, error) {
	if len(prog.Probes)+len(prog.Modules) > ir.MaxProbes {
		return nil, fmt.Errorf("program has %d probes and %d modules, more than the %d probes the interpreter holds", len(prog.Probes), len(prog.Modules), ir.MaxProbes)
	}
	var links []link.Link
	for m, path := range prog.Modules {
		addr, off, err := biasPoint(path)
		if err != nil {
			warn("no load-bias probe in %s (%v): its values print as not available in processes that map it after gs started", path, err)
			continue
		}
		id := uint32(len(prog.Probes) + m)
		v := encodeProbe(0, 0, ir.ProbeFlagBias, uint32(m), 0, addr)
		if err := in.probes.Put(id, v); err != nil {
			return links, fmt.Errorf("write %s: %w", mapProbes, err)
		}
		p := &ir.Probe{ID: id, Name: "load bias of " + path, Kind: ir.Uprobe, Binary: path, Offset: off}
		l, err := in.attachHidden(p, pid)
		links = append(links, l...)
		if err != nil {
			return links, fmt.Errorf("attach the load-bias probe of %s: %w", path, err)
		}
	}
	return links, nil
}

// attachHidden attaches p, a probe gs adds to the script's (a load-bias
// or call-count probe), as the script's own uprobes are attached.
func (in *interpreter) attachHidden(p *ir.Probe, pid int) ([]link.Link, error) {
	ex, err := link.OpenExecutable(p.Binary)
	if err != nil {
		return nil, unwrapPathErr(err)
	}
	if in.multi {
		return attachMulti(ex, in.prog, []*ir.Probe{p}, pid, false)
	}
	return attachSingles(ex, in.prog, []*ir.Probe{p}, pid)
}

// encodeProbe is one gs_probes value (bpf/c/interp.bpf.c, struct probe).
func encodeProbe(start, n, flags, module, cells uint32, address uint64) [probeValueSize]byte {
	var v [probeValueSize]byte
	b := v[:0]
	for _, w := range []uint32{start, n, ir.Version, flags, module, cells} {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	binary.LittleEndian.AppendUint64(b, address)
	return v
}

// procBias fills gs_bias, when tracing system-wide, for the processes the
// bias probes did not see start: at the first update every process, then
// once a second each process not seen before (a fork inherits its
// parent's mappings, and no initializer runs in it again), and each
// process whose image changed (an exec keeps the pid; the kernel side
// drops the old image's entries at their first lookup). It deletes the
// entries of processes that exited, so a new process with a reused pid
// never reads an old one's bias (gs_bias is also an LRU map: it stays
// bounded whatever is missed).
type procBias struct {
	m    *ebpf.Map
	mods []moduleFile // by prog.Modules index; path "" for one that cannot be opened
	seen map[int]procmaps.Image
	last time.Time
}

func newProcBias(m *ebpf.Map, modules []string) (*procBias, error) {
	w := &procBias{m: m, seen: map[int]procmaps.Image{}}
	for _, path := range modules {
		mf, err := openModuleFile(path)
		if err != nil {
			return nil, fmt.Errorf("load bias of %s: %w", path, err)
		}
		w.mods = append(w.mods, mf)
	}
	return w, nil
}

// update scans /proc, at most once a second.
func (w *procBias) update() error {
	if w == nil || time.Since(w.last) < time.Second {
		return nil
	}
	w.last = time.Now()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return err
	}
	alive := map[int]bool{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 0 {
			continue
		}
		alive[pid] = true
		im, err := procmaps.ReadImage(pid)
		if err != nil {
			continue // exited
		}
		if seen, ok := w.seen[pid]; ok && seen == im {
			continue
		}
		ms, err := procmaps.Read(pid)
		if err != nil {
			continue // exited, or a kernel thread
		}
		if after, err := procmaps.ReadImage(pid); err != nil || after != im {
			continue // exec'd while its mappings were read: next time
		}
		w.seen[pid] = im
		for i := range w.mods {
			if bias, ok := w.mods[i].biasIn(ms); ok {
				if err := w.m.Update(biasKey(pid, i), biasValue(bias, im), ebpf.UpdateAny); err != nil {
					return fmt.Errorf("write %s: %w", mapBias, err)
				}
			}
		}
	}
	for pid := range w.seen {
		if !alive[pid] {
			delete(w.seen, pid)
		}
	}
	var key [8]byte
	var val [24]byte
	var dead [][8]byte
	it := w.m.Iterate()
	for it.Next(&key, &val) {
		pid := int(binary.LittleEndian.Uint32(key[:]))
		if alive[pid] {
			continue
		}
		// Started after the listing (its bias probe wrote the entry), or gone.
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); errors.Is(err, os.ErrNotExist) {
			dead = append(dead, key)
		}
	}
	for _, k := range dead {
		_ = w.m.Delete(k) // gone already: the LRU evicted it
	}
	return nil
}
