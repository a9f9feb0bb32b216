package session

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/bpf"
	"github.com/gs-tracer/gs/procmaps"
)

// errUnwindFull is returned for a module whose table does not fit in the
// room gs_urows and gs_umods keep for modules added after load.
var errUnwindFull = errors.New("no room left in gs_urows")

// unwindWatch adds the unwind tables of modules that appear after load,
// found the way the load biases are (bias.go): in the /proc/PID/maps of
// the traced process (-p, -c) at every tick, or, system-wide, in every
// process that maps a probed binary, looked at every tick; the processes
// are looked at once each, as they appear (a listing of /proc once a
// second: procBias's way). A process that maps a probed binary only later
// (dlopen) is not looked at again: its frames of modules the tables built
// at load do not cover follow rbp. So a library a
// process dlopens, which no table built before load covers, gets its
// table within a tick of its mapping: until then (a stack taken in the
// same moment as the dlopen) its frames follow rbp, as without a table.
type unwindWatch struct {
	u      *unwindMaps
	maps   func() (mods, rows, vmas *ebpf.Map) // the loaded gs_umods, gs_urows and gs_uvmas
	pid    int                                 // 0: system-wide
	probed map[bpf.GsUmodKey]bool              // system-wide: the probed binaries' files
	last   time.Time
	hot    map[int]bool // system-wide: the processes that map a probed binary, looked at every tick
	seen   map[int]bool // system-wide: the processes looked at once
	notef  func(string, ...any)
	added  func(path string)   // a module got its table (the symbolizer indexes it)
	vmas   map[int]bpf.GsUvmas // what gs_uvmas holds, by pid
	// members lists -c's tree (nil: pid alone): its processes are
	// looked at as pid is.
	members func() []int
}

// newUnwindWatch returns the watch of pid (0: every process mapping one of
// binaries), or nil when prog takes no stacks.
func newUnwindWatch(u *unwindMaps, maps func() (mods, rows, vmas *ebpf.Map), pid int, binaries []string, notef func(string, ...any), added func(string)) *unwindWatch {
	if u == nil || !u.grow {
		return nil
	}
	w := &unwindWatch{u: u, maps: maps, pid: pid, notef: notef, added: added, probed: map[bpf.GsUmodKey]bool{}, vmas: map[int]bpf.GsUvmas{}}
	for _, b := range binaries {
		var st syscall.Stat_t
		if syscall.Stat(b, &st) == nil {
			w.probed[umodKey(unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), st.Ino)] = true
		}
	}
	return w
}

// update looks for new modules: in the traced process at every call, in
// every process at most once a second.
func (w *unwindWatch) update() {
	if w == nil {
		return
	}
	if w.pid != 0 {
		w.scan(w.pid, false)
		if w.members != nil {
			for _, pid := range w.members() {
				if pid != w.pid && !w.scan(pid, false) {
					w.forget(pid)
				}
			}
		}
		return
	}
	for pid := range w.hot {
		if !w.scan(pid, true) {
			delete(w.hot, pid)
			w.forget(pid)
		}
	}
	if time.Since(w.last) < time.Second {
		return
	}
	w.last = time.Now()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return
	}
	if w.hot == nil {
		w.hot, w.seen = map[int]bool{}, map[int]bool{}
	}
	alive := map[int]bool{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid <= 0 {
			continue
		}
		alive[pid] = true
		if w.seen[pid] {
			continue
		}
		w.seen[pid] = true
		if w.scan(pid, true) {
			w.hot[pid] = true
		}
	}
	for pid := range w.seen {
		if !alive[pid] {
			delete(w.seen, pid)
			w.forget(pid)
		}
	}
}

// scan adds the tables of the executable files pid maps that have none;
// with probedOnly only when pid maps a probed binary (its stacks can be
// taken). It reports whether pid maps one.
func (w *unwindWatch) scan(pid int, probedOnly bool) bool {
	ms, err := procmaps.Read(pid)
	if err != nil {
		return false // exited, or a kernel thread
	}
	var fresh []procmaps.Mapping
	probed := !probedOnly
	for _, m := range ms {
		if !m.Exec() || !m.File() || m.Inode == 0 {
			continue
		}
		key := umodKey(m.Major, m.Minor, m.Inode)
		probed = probed || w.probed[key]
		if !w.u.seen[key] {
			fresh = append(fresh, m)
		}
	}
	if probed {
		w.writeVMAs(pid, ms)
	}
	if !probed || len(fresh) == 0 {
		return probed
	}
	key0, row0 := len(w.u.Keys), len(w.u.Rows)
	for _, m := range fresh {
		key := umodKey(m.Major, m.Minor, m.Inode)
		if w.u.seen[key] {
			continue // two mappings of one file
		}
		nk, nr := len(w.u.Keys), len(w.u.Rows)
		path := fmt.Sprintf("/proc/%d/map_files/%x-%x", pid, m.Start, m.End)
		err := w.u.Add(path, key)
		if err == nil && (len(w.u.Keys) > w.u.capMods || len(w.u.Rows) > w.u.capRows) {
			w.u.Keys, w.u.Mods, w.u.Rows = w.u.Keys[:nk], w.u.Mods[:nk], w.u.Rows[:nr]
			err = fmt.Errorf("unwind table of %s: %w (%d rows): its frames follow rbp", m.Path, errUnwindFull, w.u.capRows)
		}
		switch {
		case err != nil:
			w.notef("unwind tables: %v", err)
		case len(w.u.Keys) > nk:
			w.notef("unwind tables: %s, mapped by process %d after load: %d rows", m.Path, pid, len(w.u.Rows)-nr)
			w.added(m.Path)
		}
	}
	mods, rows, _ := w.maps()
	if err := fillUnwind(mods, rows, w.u, key0, row0); err != nil {
		w.notef("unwind tables: %v", err)
	}
	return true
}

// writeVMAs writes pid's executable file mappings to gs_uvmas when they
// changed (the first ir.UnwindVMAs of them: a pc past those follows rbp).
func (w *unwindWatch) writeVMAs(pid int, ms []procmaps.Mapping) {
	var v bpf.GsUvmas
	for _, m := range ms {
		if !m.Exec() || !m.File() || m.Inode == 0 || int(v.N) == len(v.E) {
			continue
		}
		e := &v.E[v.N]
		e.Start, e.End, e.Off, e.Key = m.Start, m.End, m.Offset, umodKey(m.Major, m.Minor, m.Inode)
		v.N++
	}
	if old, ok := w.vmas[pid]; ok && old == v {
		return
	}
	_, _, vmas := w.maps()
	if vmas == nil {
		return
	}
	if err := vmas.Put(uint32(pid), &v); err != nil {
		w.notef("unwind tables: the mappings of process %d: %v", pid, err)
		return
	}
	w.vmas[pid] = v
}

// forget deletes what gs_uvmas holds of pid, which exited.
func (w *unwindWatch) forget(pid int) {
	if _, ok := w.vmas[pid]; !ok {
		return
	}
	delete(w.vmas, pid)
	if _, _, vmas := w.maps(); vmas != nil {
		_ = vmas.Delete(uint32(pid))
	}
}
