package debuginfo

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestResolveMapped: a library's short name resolves to a file the
// process maps before ld.so.cache and the library directories.
func TestResolveMapped(t *testing.T) {
	lib := buildSharedLib(t, t.TempDir(), "libc.so.6", "int odd(void) { return 1; }")
	r := &Resolver{Mapped: []string{"/x/libm.so.6", lib}}
	for _, name := range []string{"c", "libc", "libc.so.6"} {
		if got, err := r.Library(name); err != nil || got != lib {
			t.Errorf("Library(%q) = %q, %v; want %s", name, got, err, lib)
		}
	}
}

// TestForProcess: a process in gs's root has no Root, and its libc is the
// file it maps.
func TestForProcess(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	var r *Resolver
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		r = ForProcess(cmd.Process.Pid)
		if slices.ContainsFunc(r.Mapped, func(m string) bool { return filepath.Base(m) == "libc.so.6" }) || time.Now().After(deadline) {
			break
		}
	}
	if r.Root != "" {
		t.Errorf("Root = %q, want none", r.Root)
	}
	got, err := r.Library("c")
	if err != nil {
		t.Fatalf("Library(c): %v (mapped: %q)", err, r.Mapped)
	}
	if !slices.Contains(r.Mapped, got) || filepath.Base(got) != "libc.so.6" {
		t.Errorf("Library(c) = %q, not the libc.so.6 sleep maps (mapped: %q)", got, r.Mapped)
	}
}

// TestResolveRootLinks: symbolic links inside Root resolve inside it,
// absolute ones from Root, not from gs's root.
func TestResolveRootLinks(t *testing.T) {
	root := t.TempDir()
	lib := buildSharedLib(t, filepath.Join(root, "lib", "x86_64-linux-gnu"), "libgsodd.so.1", "int odd(void) { return 1; }")
	for _, l := range []struct{ at, to string }{
		{"lib64/libgsabs.so", "/lib/x86_64-linux-gnu/libgsodd.so.1"}, // absolute
		{"usr/lib", "../lib"},                  // relative, like a merged /usr
		{"app/up", "/../../lib64/libgsabs.so"}, // above the root stays in it
	} {
		at := filepath.Join(root, l.at)
		if err := os.MkdirAll(filepath.Dir(at), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l.to, at); err != nil {
			t.Fatal(err)
		}
	}
	r := &Resolver{Root: root}
	for _, name := range []string{"/lib64/libgsabs.so", "/usr/lib/x86_64-linux-gnu/libgsodd.so.1", "/app/up", "/usr/lib/../lib64/libgsabs.so"} {
		if got, err := r.Path(name); err != nil || got != lib {
			t.Errorf("Path(%q) = %q, %v; want %s", name, got, err, lib)
		}
	}
	if got, err := r.Path("/lib64/nothing"); err == nil {
		t.Errorf("Path(/lib64/nothing) = %q, want an error", got)
	}
}
