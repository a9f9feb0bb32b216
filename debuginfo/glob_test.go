package debuginfo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryGlob: a binary pattern names the regular files it matches, spelt as
// the pattern is (relative to Dir, "./" kept), or with Mapped the mapped
// files whose path or base name it matches.
func TestBinaryGlob(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"targ1", "targ2", "other"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "targdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := &Resolver{Dir: dir}
	for pattern, want := range map[string]string{
		"./targ*":                "./targ1 ./targ2",
		"targ?":                  "targ1 targ2",
		filepath.Join(dir, "o*"): filepath.Join(dir, "other"),
		"./nosuch*":              "",
		"./t[a]rg[2]":            "./targ2",
	} {
		if got := strings.Join(r.Glob(pattern), " "); got != want {
			t.Errorf("Glob(%q) = %q, want %q", pattern, got, want)
		}
	}
	m := &Resolver{Mapped: []string{"/usr/lib/libc.so.6", "/opt/app/bin/server"}}
	for pattern, want := range map[string]string{
		"libc*":         "/usr/lib/libc.so.6",
		"/opt/*/bin/*":  "/opt/app/bin/server",
		"*":             "/usr/lib/libc.so.6 /opt/app/bin/server",
		"/usr/lib/libm": "",
	} {
		if got := strings.Join(m.Glob(pattern), " "); got != want {
			t.Errorf("Mapped: Glob(%q) = %q, want %q", pattern, got, want)
		}
	}
}
