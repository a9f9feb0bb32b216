//go:build kernels

package kernels

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// buildInitramfs builds the guest's root: busybox, a static gs (what
// `make build` makes), the targets (dyn: PIE and dynamic, with the libc
// and loader it links copied in; sta: static; sysg: PIE, for the
// system-wide case), init, guest.sh and sysglobal.sh. It
// returns the path of the gzipped cpio archive.
func buildInitramfs(t *testing.T) string {
	work := t.TempDir()
	rootfs := filepath.Join(work, "root")
	td := filepath.Join(root(), "tests", "kernels", "testdata")
	for _, d := range []string{"bin", "t", "proc", "sys", "dev", "tmp"} {
		mkdir(t, filepath.Join(rootfs, d))
	}
	busybox, err := exec.LookPath("busybox")
	if err != nil {
		t.Fatal("busybox not found: scripts/deps.sh kernels installs busybox-static")
	}
	if out, _ := exec.Command("file", "-L", busybox).Output(); bytes.Contains(out, []byte("dynamically linked")) {
		t.Fatalf("%s is dynamically linked: install busybox-static", busybox)
	}
	copyFile(t, busybox, filepath.Join(rootfs, "bin", "busybox"), 0o755)
	copyFile(t, filepath.Join(td, "init"), filepath.Join(rootfs, "init"), 0o755)
	copyFile(t, filepath.Join(td, "guest.sh"), filepath.Join(rootfs, "t", "guest.sh"), 0o644)
	copyFile(t, filepath.Join(td, "sysglobal.sh"), filepath.Join(rootfs, "t", "sysglobal.sh"), 0o644)

	gs := filepath.Join(rootfs, "t", "gs")
	if err := testtarget.GS(gs, "CGO_ENABLED=0"); err != nil {
		t.Fatal(err)
	}
	cc := func(out string, args ...string) {
		testtarget.Build(t, testtarget.GCC, append([]string{"-g", "-O0", "-o", filepath.Join(rootfs, "t", out)}, args...)...)
	}
	cc("dyn", "-fPIE", "-pie", filepath.Join(td, "target.c"))
	cc("sta", "-static", filepath.Join(td, "target.c"))
	cc("sysg", "-fPIE", "-pie", filepath.Join(td, "sysglobal.c"))
	// the e2e suite's target: a string on a page nobody touched yet
	cc("untouched", "-fPIE", "-pie", filepath.Join(root(), "tests", "e2e", "testdata", "untouched.c"))
	// USDT probes, one guarded by its semaphore (<sys/sdt.h>)
	cc("usdt", "-fPIE", "-pie", filepath.Join(root(), "tests", "e2e", "testdata", "usdt.c"))
	// the e2e suite's targets of profile, software and watchpoint probes,
	// at -O2 without frame pointers
	e2e := filepath.Join(root(), "tests", "e2e", "testdata")
	cc("profile", "-O2", "-fomit-frame-pointer", "-fPIE", "-pie", filepath.Join(e2e, "profile.c"))
	cc("faults", "-O2", "-fomit-frame-pointer", "-fPIE", "-pie", filepath.Join(e2e, "faults.c"))
	cc("libwatch.so", "-O2", "-fPIC", "-shared", filepath.Join(e2e, "watchlib.c"))
	cc("watch", "-O2", "-fPIE", "-pie", filepath.Join(e2e, "watch.c"), "-L"+filepath.Join(rootfs, "t"), "-lwatch", "-Wl,-rpath,$ORIGIN")
	for _, lib := range sharedLibs(t, filepath.Join(rootfs, "t", "dyn")) {
		copyFile(t, lib, filepath.Join(rootfs, lib), 0o755)
	}

	initrd := filepath.Join(work, "initrd.gz")
	cmd := exec.Command("sh", "-c", "find . | cpio -o -H newc --quiet | gzip -1 >"+initrd)
	cmd.Dir = rootfs
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("cpio: %v\n%s", err, out)
	}
	return initrd
}

// sharedLibs returns the paths of the libraries and loader that ldd says
// bin needs.
func sharedLibs(t *testing.T, bin string) []string {
	out, err := exec.Command("ldd", bin).Output()
	if err != nil {
		t.Fatalf("ldd %s: %v", bin, err)
	}
	var libs []string
	for _, line := range strings.Split(string(out), "\n") {
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, "/") {
				libs = append(libs, f)
			}
		}
	}
	return libs
}

func mkdir(t *testing.T, dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	mkdir(t, filepath.Dir(to))
	if err := os.WriteFile(to, b, mode); err != nil {
		t.Fatal(err)
	}
}
