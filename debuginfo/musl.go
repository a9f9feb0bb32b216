package debuginfo

import (
	"debug/elf"
	"os"
	"path/filepath"
	"strings"
)

// musl's dynamic linker is its libc, and it finds libraries by its own
// rules, not glibc's (ld.so.cache): a file built against musl has its
// DT_NEEDED resolved as musl's ldso/dynlink.c does. Sources: musl's
// ldso/dynlink.c (load_library: the reserved names; the search path from
// /etc/ld-musl-$ARCH.path, one or more directories separated by ':' or
// newlines, else /lib:/usr/local/lib:/usr/lib).
const (
	// MuslLoader is x86-64 musl's dynamic linker (PT_INTERP).
	MuslLoader = "/lib/ld-musl-x86_64.so.1"
	// muslPathFile is its search path file.
	muslPathFile = "/etc/ld-musl-x86_64.path"
)

// muslDefaultPath is the search path without muslPathFile.
var muslDefaultPath = []string{"/lib", "/usr/local/lib", "/usr/lib"}

// muslReserved are the library names musl's loader answers with itself
// (lib<name> followed by '.' or nothing): its libc holds them all.
var muslReserved = []string{"c", "pthread", "rt", "m", "dl", "util", "xnet"}

// IsMusl reports whether f was linked against musl: its interpreter is
// musl's loader, or (a library) it needs "libc.so", the name musl's
// libraries need where glibc's need libc.so.6.
func IsMusl(f *elf.File) bool {
	for _, p := range f.Progs {
		if p.Type != elf.PT_INTERP {
			continue
		}
		b := make([]byte, p.Filesz)
		if _, err := p.ReadAt(b, 0); err == nil {
			return strings.HasPrefix(filepath.Base(strings.TrimRight(string(b), "\x00")), "ld-musl-")
		}
	}
	libs, _ := f.ImportedLibraries()
	for _, l := range libs {
		if l == "libc.so" {
			return true
		}
	}
	return false
}

// muslReservedName reports whether musl's loader resolves name to itself.
func muslReservedName(name string) bool {
	rest, ok := strings.CutPrefix(name, "lib")
	if !ok {
		return false
	}
	for _, r := range muslReserved {
		if after, ok := strings.CutPrefix(rest, r); ok && (after == "" || after[0] == '.') {
			return true
		}
	}
	return false
}

// muslNeeded resolves the DT_NEEDED name of a musl file, after its
// RUNPATH (searched by the caller): a reserved name is the loader, any
// other is looked for in musl's search path.
func (r *Resolver) muslNeeded(name string) (string, error) {
	if muslReservedName(name) {
		// The loader by its file's name (libc.so, which short names
		// match), not the PT_INTERP link.
		p, err := r.Path(MuslLoader)
		if err == nil && (r.Root == "" || r.Root == "/") {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				p = real
			}
		}
		return p, err
	}
	dirs := muslDefaultPath
	if b, err := os.ReadFile(r.host(muslPathFile)); err == nil {
		dirs = strings.FieldsFunc(string(b), func(c rune) bool { return c == ':' || c == '\n' })
	}
	for _, d := range dirs {
		if p := r.host(filepath.Join(d, name)); exists(p) {
			return p, nil
		}
	}
	return "", noFile("cannot find library %q in musl's search path (%s)", name, strings.Join(dirs, ":"))
}

// MuslMapped returns the files a musl program at path will map at start
// (its DT_NEEDED libraries, recursively, as musl's loader finds them),
// for Resolver.Mapped: a library's short name ("libc") of a -c command
// built against musl is then its libc, not the host's glibc, which the
// program never maps. It returns nil for a program not linked against
// musl.
func MuslMapped(path string) []string {
	f, err := elf.Open(path)
	if err != nil {
		return nil
	}
	musl := IsMusl(f)
	f.Close()
	if !musl {
		return nil
	}
	var r Resolver
	var out []string
	seen := map[string]bool{}
	var walk func(p string, depth int)
	walk = func(p string, depth int) {
		if p == "" || seen[p] || depth > 8 {
			return
		}
		seen[p] = true
		f, err := elf.Open(p)
		if err != nil {
			return
		}
		defer f.Close()
		for _, n := range r.Needed(f, p) {
			if n.Path != "" && !seen[n.Path] {
				out = append(out, n.Path)
				walk(n.Path, depth+1)
			}
		}
	}
	walk(path, 0)
	return out
}

// StaticExecutable reports whether the executable at path is linked
// statically (static PIE too): no interpreter and no DT_NEEDED, so it maps
// no library (glibc's or musl's libc is in it).
func StaticExecutable(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return false
		}
	}
	libs, _ := f.ImportedLibraries()
	return len(libs) == 0
}
