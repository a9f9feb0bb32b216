package sema

import (
	"os"

	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/parser"
)

// Cgroups: the cgroup builtin is the task's cgroup v2 id
// (bpf_get_current_cgroup_id, ir.CtxCgroup), a uint64 as bpftrace's.
// cgroup_path(id) and the container builtin are that id again, typed so
// that the runtime prints it as the cgroup's path or its container's id,
// resolved in user space when it prints (package cgroup), so a cgroup
// whose processes have exited still prints by name.

// CgroupPath is the type of cgroup_path(id).
var CgroupPath = &Type{Kind: KindCgroupPath, Size: 8, Name: "cgroup_path"}

// Container is the type of the container builtin.
var Container = &Type{Kind: KindContainer, Size: 8, Name: "container"}

// cgroupPath checks cgroup_path(id): one integer, a cgroup id.
func (c *checker) cgroupPath(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) || c.integer(gc, e.Args[0], e.Fn) == nil {
		return nil
	}
	c.p.Cgroups = true
	return CgroupPath
}

// cgroup2Magic is statfs's f_type of a cgroup v2 file system
// (CGROUP2_SUPER_MAGIC, linux/magic.h).
const cgroup2Magic = 0x63677270

// cgroupid checks cgroupid("/sys/fs/cgroup/..."): the id of the cgroup v2
// directory at the path, read when the script compiles (as bpftrace's),
// a constant: its inode, which is the id the kernel gives the cgroup.
func (c *checker) cgroupid(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	lit, ok := e.Args[0].(*parser.StrLit)
	if !ok {
		c.values(gc, e.Args)
		c.errorf(e.Args[0], "cgroupid needs a string literal, the path of a cgroup directory")
		return nil
	}
	var fs unix.Statfs_t
	var st unix.Stat_t
	err := unix.Statfs(lit.Val, &fs)
	if err == nil {
		err = unix.Stat(lit.Val, &st)
	}
	switch {
	case err != nil:
		c.errorf(e.Args[0], "cgroupid: %v", &os.PathError{Op: "stat", Path: lit.Val, Err: err})
		return nil
	case fs.Type != cgroup2Magic || st.Mode&unix.S_IFMT != unix.S_IFDIR:
		c.errorf(e.Args[0], "cgroupid: %q is not a cgroup v2 directory", lit.Val).WithHint("cgroup ids are those of the cgroup2 hierarchy (grep cgroup2 /proc/mounts)")
		return nil
	}
	c.p.Consts[e] = st.Ino
	return Uint64
}
