package debuginfo

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// HasWildcard reports whether a probe's binary names files by a pattern
// (uprobe:*:f, uprobe:/usr/lib/*/libc*:f) rather than one file.
func HasWildcard(name string) bool { return strings.ContainsAny(name, "*?[") }

// Glob returns the files a binary pattern names, as probe names spell
// them: with Mapped (-p), the files the process maps whose path or base
// name the pattern matches; else the regular files of the file system it
// matches, relative to Dir as the pattern is (a leading "./" kept as
// written, as bpftrace prints the paths). It is the one rule of wildcards
// in binaries, for probes (sema) and gs -l.
func (r *Resolver) Glob(pattern string) []string {
	if len(r.Mapped) > 0 {
		var out []string
		for _, m := range r.Mapped {
			full, _ := path.Match(pattern, m)
			base, _ := path.Match(pattern, filepath.Base(m))
			if full || base {
				out = append(out, m)
			}
		}
		return out
	}
	full := pattern
	if !filepath.IsAbs(pattern) {
		full = filepath.Join(r.Dir, pattern)
	}
	ms, _ := filepath.Glob(full)
	var out []string
	for _, m := range ms {
		if fi, err := os.Stat(m); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if !filepath.IsAbs(pattern) {
			if rel, err := filepath.Rel(r.Dir, m); err == nil {
				m = rel
				if strings.HasPrefix(pattern, "./") {
					m = "./" + m
				}
			}
		}
		out = append(out, m)
	}
	return out
}
