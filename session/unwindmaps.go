package session

import (
	"errors"
	"fmt"
	"syscall"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/bpf"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
)

// unwindMaps is the content of gs_umods and gs_urows (bpf/c/unwind.h): the
// unwind tables of the modules a user stack may pass through.
type unwindMaps struct {
	Keys []bpf.GsUmodKey
	Mods []bpf.GsUmod
	Rows []bpf.GsUrow
	seen map[bpf.GsUmodKey]bool
	// capMods and capRows are the maps' sizes (sizeUnwind): what modules
	// added after load may fill.
	capMods, capRows int
	// grow says modules may be added after load (the program takes
	// stacks): the maps keep room for them.
	grow bool
}

// errUnwindRange is returned for a module whose code lies above 4 GiB
// (gs_urows holds 32-bit link-time addresses).
var errUnwindRange = errors.New("code above 4 GiB")

// Add adds the module at path, keyed by the device and inode its file has
// (stat), and under extra (UmodKey of what /proc/PID/maps shows: a file of
// an overlay is mapped as its lower layer's).
func (u *unwindMaps) Add(path string, extra ...bpf.GsUmodKey) error {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return fmt.Errorf("unwind table of %s: %w", path, err)
	}
	keys := append([]bpf.GsUmodKey{umodKey(unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), st.Ino)}, extra...)
	if u.seen == nil {
		u.seen = map[bpf.GsUmodKey]bool{}
	}
	var fresh []bpf.GsUmodKey
	for _, k := range keys {
		if !u.seen[k] {
			u.seen[k] = true
			fresh = append(fresh, k)
		}
	}
	if len(fresh) == 0 {
		return nil
	}
	b, err := debuginfo.Open(path)
	if err != nil {
		return err
	}
	defer b.Close()
	t, err := b.UnwindTable()
	if err != nil {
		return err
	}
	m := bpf.GsUmod{First: uint32(len(u.Rows))}
	if machine.FramePointers(b, t) {
		m.Flags |= ir.UnwindFramePointers
	}
	m.BuildId, _ = debuginfo.FrameID(b.File, path)
	// One executable segment maps file offsets to link-time addresses.
	for _, p := range b.File.Progs {
		if p.Type == 1 /* PT_LOAD */ && p.Flags&1 /* PF_X */ != 0 {
			m.Delta = int64(p.Vaddr) - int64(p.Off)
			break
		}
	}
	for _, r := range t.Rows {
		if r.PC > 0xffffffff {
			u.Rows = u.Rows[:m.First]
			return fmt.Errorf("unwind table of %s: %w", path, errUnwindRange)
		}
		u.Rows = append(u.Rows, urow(r))
	}
	m.Count = uint32(len(u.Rows)) - m.First
	for _, k := range fresh {
		u.Keys = append(u.Keys, k)
		u.Mods = append(u.Mods, m)
	}
	return nil
}

// urow is r as a gs_urows row (bpf/c/unwind.h); a rule whose offsets do
// not fit is UnwindNone (follow rbp).
func urow(r debuginfo.UnwindRow) bpf.GsUrow {
	row := bpf.GsUrow{Pc: uint32(r.PC), Kind: ir.UnwindNone}
	fits := r.CFAOff == int64(int16(r.CFAOff)) && r.RBPOff == int64(int8(r.RBPOff))
	switch {
	case r.Kind == debuginfo.UnwindEnd:
		row.Kind = ir.UnwindEnd
	case r.Kind == debuginfo.UnwindSignal:
		row.Kind = ir.UnwindSignal
	case r.Kind == debuginfo.UnwindPLT && fits && r.PLTSplit >= 0 && r.PLTSplit < 16:
		row.Kind, row.CfaOff, row.RbpOff = ir.UnwindPLT, int16(r.CFAOff), int8(r.PLTSplit)
	case r.Kind != debuginfo.UnwindCFA || !fits:
	case r.CFAReg == 7:
		row.Kind, row.CfaOff, row.RbpOff = ir.UnwindRSP, int16(r.CFAOff), int8(r.RBPOff)
	case r.CFAReg == 6:
		row.Kind, row.CfaOff, row.RbpOff = ir.UnwindRBP, int16(r.CFAOff), int8(r.RBPOff)
	}
	if row.Kind == ir.UnwindRSP || row.Kind == ir.UnwindRBP {
		if r.CFADeref {
			row.Kind |= ir.UnwindDeref
		}
		if r.RBPAtReg {
			row.Kind |= ir.UnwindRBPAtReg
		}
	}
	return row
}

// umodKey is the kernel's view of a file: s_dev is MKDEV(major, minor),
// major << 20 | minor, not the encoding stat returns.
func umodKey(major, minor uint32, ino uint64) bpf.GsUmodKey {
	return bpf.GsUmodKey{Dev: major<<20 | minor, Ino: ino}
}

// Room for the tables of modules that appear after load (dlopen, a new
// process system-wide: unwindWatch): gs_urows rows (8 bytes each: 2 MiB,
// about nine libcs) and gs_umods entries beyond the tables built before.
const (
	unwindSpareRows = 1 << 18
	unwindSpareMods = 256
	// unwindProcesses bounds the processes gs_uvmas holds the mappings
	// of (1.3 KiB each).
	unwindProcesses = 1024
)

// sizeUnwind sets the sizes of gs_umods and gs_urows in spec for u and
// the modules that may come later.
func sizeUnwind(spec *ebpf.CollectionSpec, u *unwindMaps) {
	u.capMods, u.capRows = max(len(u.Keys), 1), max(len(u.Rows), 1)
	if u.grow {
		u.capMods += unwindSpareMods
		u.capRows += unwindSpareRows
	}
	spec.Maps[mapUmods].MaxEntries = uint32(u.capMods)
	spec.Maps[mapUrows].MaxEntries = uint32(u.capRows)
	if u.grow {
		spec.Maps[mapUvmas].MaxEntries = unwindProcesses
	}
}

// fillUnwind writes u's modules from index key on and its rows from
// index row on into the loaded maps: the rows first, so a module's
// entry is never seen before them.
func fillUnwind(mods, rows *ebpf.Map, u *unwindMaps, key, row int) error {
	if n := len(u.Rows) - row; n > 0 {
		keys := make([]uint32, n)
		for i := range keys {
			keys[i] = uint32(row + i)
		}
		if _, err := rows.BatchUpdate(keys, u.Rows[row:], nil); err != nil {
			for i, r := range u.Rows[row:] {
				if err := rows.Put(uint32(row+i), r); err != nil {
					return fmt.Errorf("fill gs_urows: %w", err)
				}
			}
		}
	}
	for i := key; i < len(u.Keys); i++ {
		if err := mods.Put(u.Keys[i], u.Mods[i]); err != nil {
			return fmt.Errorf("fill gs_umods: %w", err)
		}
	}
	return nil
}
