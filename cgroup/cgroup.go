// Package cgroup names cgroup ids in user space: the path of a cgroup v2
// directory, and the container a path belongs to.
//
// A cgroup id (bpf_get_current_cgroup_id(), gs's cgroup builtin) is the
// inode number of the cgroup's directory in the cgroup v2 hierarchy (the
// kernel's kernfs node id, which kernfs gives its inodes on 64-bit
// machines). So a Resolver walks the hierarchy, mounted at /sys/fs/cgroup
// or, on a system in hybrid mode, at /sys/fs/cgroup/unified, and indexes
// every directory by its inode.
//
// Ids are resolved when a record or a map is printed, which may be after
// the process, and its cgroup, are gone. A Resolver keeps every id it
// has seen while gs runs: it walks the hierarchy when it starts, again
// when an id is not known (at most every missEvery), and every
// refreshEvery while Watch runs (or less often on a machine with so many
// cgroups that a walk takes more than a twentieth of that). A cgroup
// created and removed between two walks whose id is printed only later (a
// map key printed at exit) cannot be named: it prints as not found.
package cgroup

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// How often a Resolver walks the hierarchy again.
const (
	refreshEvery = time.Second            // while Watch runs
	missEvery    = 100 * time.Millisecond // for an id it does not know
)

// Resolver names cgroup ids. It is safe for concurrent use.
type Resolver struct {
	root string // the cgroup2 mount point; "" when none is mounted
	// base is the directory of the hierarchy mounted at root ("" for
	// its root): a bind mount of a subtree, or the root of gs's cgroup
	// namespace, names its cgroups below it.
	base string

	mu     sync.Mutex
	paths  map[uint64]string // id → path below root ("/" for root)
	walked time.Time         // when the last walk started
	took   time.Duration     // how long it took
	err    error             // why the hierarchy cannot be read
}

// New returns a resolver of the cgroup v2 hierarchy mounted on this
// machine (found in /proc/self/mountinfo), walked once.
func New() *Resolver {
	r := &Resolver{paths: map[uint64]string{}}
	r.root, r.base, r.err = mount()
	r.walk()
	return r
}

// Mount returns where the cgroup v2 hierarchy is mounted.
func Mount() (string, error) {
	root, _, err := mount()
	return root, err
}

// preferredMounts are where systems mount the cgroup v2 hierarchy: the
// unified layout, then the hybrid one (systemd's, Debian's before 11);
// another mount point counts only when neither has it.
var preferredMounts = []string{"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}

// mount finds the cgroup v2 mount in /proc/self/mountinfo, and the
// directory of the hierarchy it shows (its fourth field).
func mount() (root, base string, err error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return "", "", fmt.Errorf("find the cgroup2 mount: %w", err)
	}
	defer f.Close()
	found := map[string]string{} // mount point → directory shown
	var first string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// 36 35 0:30 / /sys/fs/cgroup rw,... shared:9 - cgroup2 cgroup2 rw
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		fields, fstype := strings.Fields(pre), strings.Fields(post)
		if ok && len(fields) >= 5 && len(fstype) > 0 && fstype[0] == "cgroup2" {
			at := unescape(fields[4])
			if first == "" {
				first = at
			}
			found[at] = strings.TrimSuffix(unescape(fields[3]), "/")
		}
	}
	if err := sc.Err(); err != nil {
		return "", "", fmt.Errorf("find the cgroup2 mount: %w", err)
	}
	for _, at := range preferredMounts {
		if b, ok := found[at]; ok {
			return at, b, nil
		}
	}
	if first != "" {
		return first, found[first], nil
	}
	return "", "", errors.New("no cgroup2 file system is mounted")
}

// unescape undoes mountinfo's octal escapes (\040 for a blank).
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// walk indexes the hierarchy's directories by inode, adding to what is
// known (a removed cgroup keeps its name). It reads each directory once
// with getdents, whose entries carry the inode and the type, so that no
// directory is stat'ed: a cgroup directory holds tens of files.
func (r *Resolver) walk() {
	r.walked = time.Now()
	defer func() { r.took = time.Since(r.walked) }()
	if r.root == "" {
		return
	}
	var st syscall.Stat_t
	if syscall.Stat(r.root, &st) != nil {
		return
	}
	root := r.base
	if root == "" {
		root = "/"
	}
	r.paths[st.Ino] = root
	r.walkDir(r.root, r.base, make([]byte, 32<<10), 0)
}

// maxDepth bounds the walk (cgroup v2 nests at most as deep as a path
// allows; systemd and Kubernetes use fewer than ten levels).
const maxDepth = 64

// walkDir indexes the directories below dir, whose path in the hierarchy
// is rel.
func (r *Resolver) walkDir(dir, rel string, buf []byte, depth int) {
	if depth > maxDepth {
		return
	}
	fd, err := syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return // removed meanwhile
	}
	var subdirs []string
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err != nil || n <= 0 {
			break
		}
		for b := buf[:n]; len(b) >= direntName; {
			// struct linux_dirent64: u64 d_ino, s64 d_off, u16 d_reclen, u8 d_type, char d_name[]
			reclen := int(binary.NativeEndian.Uint16(b[16:]))
			if reclen < direntName || reclen > len(b) {
				break
			}
			ino, typ, name := binary.NativeEndian.Uint64(b), b[18], b[direntName:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			b = b[reclen:]
			if typ != syscall.DT_DIR || string(name) == "." || string(name) == ".." {
				continue
			}
			p := rel + "/" + string(name)
			r.paths[ino] = p
			subdirs = append(subdirs, string(name))
		}
	}
	syscall.Close(fd)
	for _, name := range subdirs {
		r.walkDir(dir+"/"+name, rel+"/"+name, buf, depth+1)
	}
}

// direntName is the offset of d_name in struct linux_dirent64.
const direntName = 19

// Path returns the path of cgroup id below the hierarchy's root
// ("/system.slice/ssh.service"), and false when no walk saw it.
func (r *Resolver) Path(id uint64) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p, ok := r.paths[id]; ok {
		return p, true
	}
	if time.Since(r.walked) >= max(missEvery, walkShare*r.took) {
		r.walk()
	}
	p, ok := r.paths[id]
	return p, ok
}

// Err says why no cgroup can be named (no cgroup2 mount), or nil.
func (r *Resolver) Err() error { return r.err }

// Watch walks the hierarchy every refreshEvery until stop is closed, so
// that cgroups removed before their id is printed keep their names. A walk
// that takes long spaces the next ones (and those for unknown ids): they
// take at most 1/walkShare of a CPU.
func (r *Resolver) Watch(stop <-chan struct{}) {
	wait := refreshEvery
	for {
		select {
		case <-stop:
			return
		case <-time.After(wait):
			r.mu.Lock()
			r.walk()
			wait = max(refreshEvery, walkShare*r.took)
			r.mu.Unlock()
		}
	}
}

// walkShare bounds the share of a CPU Watch's walks take (1/20: 5%).
const walkShare = 20

var (
	defaultOnce sync.Once
	defaultRes  *Resolver
)

// Default is the resolver of this process, made (and walked) at its
// first use.
func Default() *Resolver {
	defaultOnce.Do(func() { defaultRes = New() })
	return defaultRes
}
