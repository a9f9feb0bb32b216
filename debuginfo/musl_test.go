package debuginfo

import (
	"debug/elf"
	"os"
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestMuslNeeded: a musl-gcc program's DT_NEEDED libc.so resolves, as
// musl's loader resolves it, to the loader itself (the file the program's
// own process maps), not to glibc's libc.so.6 through ld.so.cache; a
// glibc program's does not change.
func TestMuslNeeded(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "m.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\nint main(void) { puts(\"hi\"); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	loader, err := filepath.EvalSymlinks(MuslLoader)
	if err != nil {
		t.Fatalf("musl's loader: %v (deps.sh installs musl-tools)", err)
	}
	for _, c := range []struct {
		cc   testtarget.Compiler
		musl bool
	}{{testtarget.MuslGCC, true}, {gcc, false}} {
		bin := filepath.Join(dir, c.cc.String())
		testtarget.Build(t, c.cc, "-o", bin, src)
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		if IsMusl(f) != c.musl {
			t.Errorf("%s: IsMusl = %v", c.cc, !c.musl)
		}
		var r Resolver
		libc := ""
		for _, n := range r.Needed(f, bin) {
			if n.Name == "libc.so" || n.Name == "libc.so.6" {
				libc, _ = filepath.EvalSymlinks(n.Path)
			}
		}
		f.Close()
		if c.musl && libc != loader {
			t.Errorf("%s: libc resolves to %q, want musl's %q", c.cc, libc, loader)
		}
		if !c.musl && (libc == "" || libc == loader) {
			t.Errorf("%s: libc resolves to %q", c.cc, libc)
		}
	}
	if !muslReservedName("libpthread.so") || muslReservedName("libcrypto.so.3") {
		t.Error("muslReservedName: libpthread.so is musl's libc, libcrypto.so.3 is not")
	}
}
