package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestStaticBinary: `make build` makes bin/gs a static binary (no
// PT_INTERP), which runs on any Linux host, musl-based ones too, and never
// calls the libc it may be tracing.
func TestStaticBinary(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "gs")
	// The Makefile's recipe, with the output moved out of the tree.
	cmd := exec.Command("make", "-s", "-C", root, "build", "BIN="+out)
	cmd.Env = os.Environ()
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, b)
	}
	f, err := elf.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Errorf("%s has a PT_INTERP: it is dynamically linked (build with CGO_ENABLED=0)", out)
		}
	}
	if _, err := f.DynamicSymbols(); err == nil {
		t.Errorf("%s has dynamic symbols", out)
	}
}
