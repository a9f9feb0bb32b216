package cgroup

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const hexID = "3f2a9c1e0b7d4e5f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f"

// TestContainerID: the path forms of containerForms, and paths in no
// container.
func TestContainerID(t *testing.T) {
	for _, tt := range []struct{ path, id string }{
		{"/system.slice/docker-" + hexID + ".scope", hexID},
		{"/docker/" + hexID, hexID},
		{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1f2e3d4c_5b6a_7980_a1b2_c3d4e5f6a7b8.slice/cri-containerd-" + hexID + ".scope", hexID},
		{"/kubepods/burstable/pod1f2e3d4c-5b6a-7980-a1b2-c3d4e5f6a7b8/" + hexID, hexID},
		{"/kubepods.slice/kubepods-pod1.slice/crio-" + hexID + ".scope", hexID},
		{"/machine.slice/libpod-" + hexID + ".scope/container", hexID},
		{"/system.slice/docker-" + hexID + ".scope/init.scope", hexID}, // a cgroup the container made
		{"/machine.slice/libpod-conmon-" + hexID + ".scope", ""},       // podman's monitor
		{"/kubepods.slice/kubepods-pod1.slice/crio-conmon-" + hexID + ".scope", ""},
		{"/user.slice/user-1000.slice/session-3.scope", ""},
		{"/", ""},
		{"/docker/" + hexID[:63], ""},
	} {
		id, ok := ContainerID(tt.path)
		if id != tt.id || ok != (tt.id != "") {
			t.Errorf("ContainerID(%q) = %q, %v; want %q", tt.path, id, ok, tt.id)
		}
	}
}

// TestPath: on this machine, a cgroup made under the cgroup2 mount is
// named by its directory's inode, also after it is removed; the root is
// "/" (tests/e2e TestCgroup checks that the kernel's cgroup id is that
// inode).
func TestPath(t *testing.T) {
	mount, err := Mount()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(mount, "gs-cgroup-test-"+strings.ReplaceAll(t.Name(), "/", "-"))
	if err := os.Mkdir(dir, 0o755); err != nil && !os.IsExist(err) {
		t.Fatal(err)
	}
	nested := filepath.Join(dir, "a", "b.scope")
	if err := os.MkdirAll(nested, 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(dir)
	defer os.Remove(filepath.Dir(nested))
	defer os.Remove(nested)
	var st, nst, root syscall.Stat_t
	if err := syscall.Stat(dir, &st); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Stat(nested, &nst); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Stat(mount, &root); err != nil {
		t.Fatal(err)
	}
	r := New()
	for _, d := range []string{nested, filepath.Dir(nested), dir} {
		if err := os.Remove(d); err != nil {
			t.Fatal(err)
		}
	}
	if p, ok := r.Path(st.Ino); !ok || p != strings.TrimPrefix(dir, mount) {
		t.Errorf("Path(%d) = %q, %v; want %q", st.Ino, p, ok, strings.TrimPrefix(dir, mount))
	}
	if p, ok := r.Path(nst.Ino); !ok || p != strings.TrimPrefix(nested, mount) {
		t.Errorf("Path(%d) = %q, %v; want %q", nst.Ino, p, ok, strings.TrimPrefix(nested, mount))
	}
	if p, ok := r.Path(root.Ino); !ok || p != "/" {
		t.Errorf("Path of the root (%d) = %q, %v", root.Ino, p, ok)
	}
	if _, ok := r.Path(1 << 62); ok {
		t.Error("an id of no cgroup has a path")
	}
}

func TestUnescape(t *testing.T) {
	if got := unescape(`/a\040b\134c`); got != `/a b\c` {
		t.Errorf("unescape = %q", got)
	}
}

// BenchmarkWalk: one walk of this machine's cgroup v2 hierarchy (Watch's
// work every second), and how many cgroups it names.
func BenchmarkWalk(b *testing.B) {
	r := New()
	for b.Loop() {
		r.mu.Lock()
		r.walk()
		r.mu.Unlock()
	}
	b.ReportMetric(float64(len(r.paths)), "cgroups")
}
