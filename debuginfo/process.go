package debuginfo

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/procmaps"
)

// ForProcess returns the resolver of the files process pid sees (-p).
// When the process has another root directory than gs (a container, a
// chroot), Root is /proc/PID/root: absolute paths, relative ones (taken
// from the process's root) and ld.so.cache are the process's. Library
// short names resolve first to the files the process maps (Mapped), since
// a container's libc is another file than the host's and a uprobe
// attaches to a file. A process that is gone leaves the host's resolver.
func ForProcess(pid int) *Resolver {
	r := &Resolver{}
	root := fmt.Sprintf("/proc/%d/root", pid)
	if st, err := os.Stat(root); err == nil {
		if host, err := os.Stat("/"); err == nil && !os.SameFile(st, host) {
			r.Root = root
		}
	}
	// Another mount namespace with the same root directory (unshare -m and
	// a private mount over a directory) shows other files at the same paths.
	if mine, err := os.Readlink("/proc/self/ns/mnt"); err == nil {
		if theirs, err := os.Readlink(fmt.Sprintf("/proc/%d/ns/mnt", pid)); err == nil && theirs != mine {
			r.Root = root
		}
	}
	ms, err := procmaps.Read(pid)
	if err != nil {
		return r
	}
	seen := map[string]bool{}
	for _, m := range ms {
		if !m.File() || m.Offset != 0 || seen[m.Path] {
			continue
		}
		seen[m.Path] = true
		if p := r.mappedFile(m); p != "" {
			r.Mapped = append(r.Mapped, p)
		}
	}
	return r
}

// mappedFile returns a path gs opens for the file of mapping m: the path
// the maps file shows (reachable from gs's root), else that path under
// Root; "" when neither is the mapped file (same device and inode).
func (r *Resolver) mappedFile(m procmaps.Mapping) string {
	cands := []string{m.Path}
	if r.Root != "" {
		cands = append(cands, filepath.Join(r.Root, m.Path))
	}
	for _, p := range cands {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok || sys.Ino != m.Inode || uint64(unix.Major(sys.Dev)) != uint64(m.Major) || uint64(unix.Minor(sys.Dev)) != uint64(m.Minor) {
			continue
		}
		return p
	}
	return ""
}

// Exe returns the executable of process pid as a name Find resolves to
// it: its path inside Root ("" when the process is gone).
func (r *Resolver) Exe(pid int) string {
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil || r.Root == "" {
		return exe
	}
	// The link shows the path from gs's root when the file is reachable
	// from it (a chroot): take off the process's root.
	if root, err := os.Readlink(r.Root); err == nil && root != "/" {
		if rest, ok := strings.CutPrefix(exe, root+"/"); ok {
			exe = "/" + rest
		}
	}
	return exe
}
