package debuginfo

import (
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// This file is gs's one answer to "which file is this name": the binary of
// a probe (uprobe:BIN:...), of `gs -l`, of -c's command, and the libraries
// a binary needs (DT_NEEDED), for their globals and for symbolizing stacks.
// The rules, in order:
//
//  1. A name with a '/' is a path, relative to Resolver.Dir.
//  2. A bare name not starting with "lib" is a command in the search path
//     ($PATH): a regular file with an execute bit, as a shell finds it.
//  3. Otherwise (or when 2 finds nothing) it is a library's short name
//     ("c", "libc", "libc.so", "libc.so.6"): a library the traced process
//     maps (Resolver.Mapped, with -p), then /etc/ld.so.cache, then the
//     standard library directories (LibDirs), as the dynamic loader does.
//
// A DT_NEEDED entry is looked up as ld.so does: with a '/' it is a path;
// otherwise in the needing file's DT_RUNPATH, or its DT_RPATH when it has
// no RUNPATH ($ORIGIN and ${ORIGIN} are the directory of the needing
// file, symlinks resolved), then rule 3. LD_LIBRARY_PATH is not used: it
// belongs to the traced process's environment, not gs's; neither are
// $LIB, $PLATFORM, or the RPATH a library inherits from the executable.
// A file linked against musl has its DT_NEEDED resolved by musl's rules
// instead of rule 3 (musl.go): its libc is musl's loader.
//
// Every absolute path looked at is taken under Resolver.Root: with -p of
// a process in a container, /proc/PID/root (ForProcess, process.go).

// ErrNoFile is what the resolver's errors are (errors.Is) when a name
// resolves to no file. Their text is fit for the user.
var ErrNoFile = errors.New("no such file")

type noFileError struct{ msg string }

func (e *noFileError) Error() string        { return e.msg }
func (e *noFileError) Is(target error) bool { return target == ErrNoFile }

func noFile(format string, args ...any) error {
	return &noFileError{fmt.Sprintf(format, args...)}
}

// LibDirs are the directories searched for a library after ld.so.cache.
var LibDirs = []string{
	"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib",
	"/usr/local/lib",
}

// Resolver finds the file a binary or library name stands for. The zero
// value resolves on the host, relative to the working directory, with
// the environment's $PATH.
type Resolver struct {
	// Root prefixes every absolute path the resolver looks at ("" or "/":
	// the host's root). Returned paths include it.
	Root string
	// Dir is the directory relative paths are relative to ("": the
	// working directory). It is inside Root.
	Dir string
	// SearchPath is the command search path, like $PATH; "" means the
	// environment's $PATH.
	SearchPath string
	// Mapped are the files a process maps (paths gs opens): a library's
	// short name resolves to one of them before rule 3 (ForProcess).
	Mapped []string
}

// host maps a path inside Root (absolute, or relative to Dir) to the
// path gs opens.
func (r *Resolver) host(p string) string {
	if !filepath.IsAbs(p) {
		dir := r.Dir
		if dir == "" {
			if wd, err := os.Getwd(); err == nil && (r.Root == "" || r.Root == "/") {
				dir = wd
			} else {
				dir = "/"
			}
		}
		p = filepath.Join(dir, p)
	}
	if r.Root == "" || r.Root == "/" {
		if abs, err := filepath.Abs(p); err == nil { // a relative Dir
			return abs
		}
		return filepath.Clean(p)
	}
	return inRoot(r.Root, p)
}

// inRoot returns root joined with the absolute path p, with the symbolic
// links on the way resolved inside root: the kernel would resolve an
// absolute link target (/lib64/ld-linux-x86-64.so.2 → /lib/...) from
// gs's root, which is not the container's. A link that cannot be read
// is left for the caller's open to fail on.
func inRoot(root, p string) string {
	rest := strings.Split(p, "/") // not cleaned: ".." follows links, as in the kernel
	cur := "/"                    // resolved so far, inside root
	for links := 0; len(rest) > 0; {
		part := rest[0]
		rest = rest[1:]
		if part == "" || part == "." {
			continue
		}
		if part == ".." {
			cur = filepath.Dir(cur) // never above "/"
			continue
		}
		next := filepath.Join(cur, part)
		st, err := os.Lstat(filepath.Join(root, next))
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		target, err := os.Readlink(filepath.Join(root, next))
		if links++; err != nil || links > 40 { // ELOOP, as the kernel
			return filepath.Join(root, next, filepath.Join(rest...))
		}
		if filepath.IsAbs(target) {
			cur = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return filepath.Join(root, cur)
}

// Find resolves the binary of a probe, of -l, or of a command (rules 1-3).
// The error says what was looked for.
func (r *Resolver) Find(name string) (string, error) {
	if strings.ContainsRune(name, '/') {
		return r.Path(name)
	}
	if !strings.HasPrefix(name, "lib") {
		if p, err := r.Command(name); err == nil {
			return p, nil
		}
	}
	if p, err := r.Library(name); err == nil {
		return p, nil
	}
	return "", noFile("cannot find %q as a library or a command in $PATH", name)
}

// Path resolves a path (rule 1): absolute, cleaned, and existing.
func (r *Resolver) Path(name string) (string, error) {
	p := r.host(name)
	if _, err := os.Stat(p); err != nil {
		return "", noFile("binary %q does not exist", name)
	}
	return p, nil
}

// Command finds a command as a shell does: a name with a '/' is a path
// (rule 1), a bare name is looked up in the search path (rule 2).
func (r *Resolver) Command(name string) (string, error) {
	if strings.ContainsRune(name, '/') {
		return r.Path(name)
	}
	sp := r.SearchPath
	if sp == "" {
		sp = os.Getenv("PATH")
	}
	for _, dir := range filepath.SplitList(sp) {
		if dir == "" {
			dir = "." // an empty element is the working directory
		}
		p := r.host(filepath.Join(dir, name))
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", noFile("cannot find command %q in $PATH", name)
}

// Library resolves a library's short name ("libc", "libc.so.6", "c") the
// way the dynamic loader would: ld.so.cache, then LibDirs (rule 3).
func (r *Resolver) Library(name string) (string, error) {
	if strings.ContainsRune(name, '/') {
		return r.Path(name)
	}
	cands := []string{name}
	if !strings.HasPrefix(name, "lib") {
		cands = append(cands, "lib"+name)
	}
	var prefixes []string
	for _, c := range cands {
		if strings.Contains(c, ".so") {
			prefixes = append(prefixes, c)
		} else {
			prefixes = append(prefixes, c+".so")
		}
	}
	for _, p := range prefixes {
		for _, m := range r.Mapped {
			if base := filepath.Base(m); base == p || strings.HasPrefix(base, p+".") {
				return m, nil
			}
		}
	}
	if cache, err := readLdCache(r.host("/etc/ld.so.cache")); err == nil {
		for _, p := range prefixes {
			if path := cache.lookup(p); path != "" {
				if hp := r.host(path); exists(hp) {
					return hp, nil
				}
			}
		}
	}
	for _, dir := range LibDirs {
		for _, p := range prefixes {
			matches, _ := filepath.Glob(filepath.Join(r.host(dir), p+"*"))
			sort.Strings(matches)
			for _, m := range matches {
				base := filepath.Base(m)
				if base == p || strings.HasPrefix(base, p+".") {
					return m, nil
				}
			}
		}
	}
	return "", noFile("cannot find library %q in ld.so.cache or %s", name, strings.Join(LibDirs, ", "))
}

// Needed is one DT_NEEDED entry of a file and where it resolves.
type Needed struct {
	Name string // as the file names it
	Path string // "" when not found (Err says why)
	Err  error
}

// Needed resolves the DT_NEEDED entries of the ELF file f, opened from
// path (a path gs opens, under Root), in their order.
func (r *Resolver) Needed(f *elf.File, path string) []Needed {
	names, _ := f.ImportedLibraries()
	if len(names) == 0 {
		return nil
	}
	dirs := r.searchDirs(f, path)
	musl := IsMusl(f)
	out := make([]Needed, 0, len(names))
	for _, n := range names {
		nd := Needed{Name: n}
		if strings.ContainsRune(n, '/') {
			nd.Path, nd.Err = r.Path(n)
			out = append(out, nd)
			continue
		}
		for _, d := range dirs {
			if p := filepath.Join(d, n); exists(p) {
				nd.Path = p
				break
			}
		}
		switch {
		case nd.Path != "":
		case musl:
			nd.Path, nd.Err = r.muslNeeded(n) // musl.go
		default:
			nd.Path, nd.Err = r.Library(n)
		}
		out = append(out, nd)
	}
	return out
}

// Needed resolves b's DT_NEEDED libraries (Resolver.Needed).
func (b *Binary) Needed(r *Resolver) []Needed { return r.Needed(b.File, b.Path) }

// searchDirs returns the host directories of f's DT_RUNPATH, or of its
// DT_RPATH when it has no RUNPATH, with $ORIGIN expanded.
func (r *Resolver) searchDirs(f *elf.File, path string) []string {
	vals, _ := f.DynString(elf.DT_RUNPATH)
	if len(vals) == 0 {
		vals, _ = f.DynString(elf.DT_RPATH)
	}
	if len(vals) == 0 {
		return nil
	}
	real := path // under Root, host resolved its links already
	if r.Root == "" || r.Root == "/" {
		if p, err := filepath.EvalSymlinks(path); err == nil {
			real = p
		}
	}
	origin := filepath.Dir(real) // a host path already
	var dirs []string
	for _, v := range vals {
		for _, d := range strings.Split(v, ":") {
			if d == "" {
				continue
			}
			if strings.Contains(d, "ORIGIN") {
				d = strings.ReplaceAll(strings.ReplaceAll(d, "${ORIGIN}", "$ORIGIN"), "$ORIGIN", origin)
				dirs = append(dirs, filepath.Clean(d))
				continue
			}
			dirs = append(dirs, r.host(d))
		}
	}
	return dirs
}

func exists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
