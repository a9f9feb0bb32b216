package session

import (
	"debug/elf"
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/procmaps"
)

// usesStacks reports whether prog captures user stacks.
func usesStacks(prog *ir.Program) bool {
	return usesOp(prog, ir.OpStStack) || usesOp(prog, ir.OpStackID)
}

// unwindTables builds the unwind tables (gs_umods, gs_urows) of the
// modules a user stack of prog may pass through: the probed binaries,
// the program's modules, the -c command (cmd, "" for none) and,
// recursively, the libraries they need, and with pid the files that
// process maps executable (as /proc/PID/map_files names them, so a
// container's libc is its own). A module mapped later (dlopen, or an
// executable that calls a probed library when tracing system-wide) gets
// its table from unwindWatch, in the room the maps keep for it.
// A module without call frame information is left out: its frames follow
// rbp. notes says which were left out and why.
func unwindTables(prog *ir.Program, pid int, cmd string) (u *unwindMaps, notes []string) {
	u = &unwindMaps{}
	if !usesStacks(prog) {
		return u, nil
	}
	u.grow = true
	var res debuginfo.Resolver
	seen := map[string]bool{}
	var add func(path string, depth int)
	add = func(path string, depth int) {
		if path == "" || seen[path] || depth > 8 {
			return
		}
		seen[path] = true
		if err := u.Add(path); err != nil {
			notes = append(notes, err.Error())
		}
		f, err := elf.Open(path)
		if err != nil {
			return
		}
		defer f.Close()
		for _, lib := range res.Needed(f, path) {
			add(lib.Path, depth+1)
		}
	}
	for _, p := range prog.Probes {
		add(p.Binary, 0)
	}
	for _, m := range prog.Modules {
		add(m, 0)
	}
	add(cmd, 0)
	if pid != 0 {
		maps, err := procmaps.Read(pid)
		if err != nil {
			return u, append(notes, err.Error())
		}
		for _, m := range maps {
			if !m.Exec() || !m.File() || m.Inode == 0 {
				continue
			}
			path := fmt.Sprintf("/proc/%d/map_files/%x-%x", pid, m.Start, m.End)
			if err := u.Add(path, umodKey(m.Major, m.Minor, m.Inode)); err != nil {
				notes = append(notes, err.Error())
			}
		}
	}
	return u, notes
}
