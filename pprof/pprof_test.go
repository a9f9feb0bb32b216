package pprof

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/symbolize"
)

// TestMappingByFile: frames of one module that arrive by two paths (the
// dynamic loader's /lib/... and /proc/PID/maps' /usr/lib/... on a merged
// /usr) share one mapping, named by the real path; another file with the
// same base name has its own.
func TestMappingByFile(t *testing.T) {
	dir := t.TempDir()
	usr := filepath.Join(dir, "usr", "lib")
	other := filepath.Join(dir, "opt")
	for _, d := range []string{usr, other} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(usr, "libc.so.6"), filepath.Join(other, "libc.so.6")} {
		if err := os.WriteFile(f, make([]byte, 4096), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("usr/lib", filepath.Join(dir, "lib")); err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(filepath.Join(usr, "libc.so.6"))
	if err != nil {
		t.Fatal(err)
	}
	loc := func(path string, off uint64, fns ...string) symbolize.Location {
		l := symbolize.Location{Symbol: symbolize.Symbol{Path: path, Func: fns[len(fns)-1]}, Offset: off, BuildID: "abcd"}
		for i, f := range fns {
			l.Funcs = append(l.Funcs, debuginfo.InlineFrame{Func: f, File: "x.c", Line: 10 + i})
		}
		return l
	}
	prof := &profile.Profile{SampleType: []*profile.ValueType{{Type: "@", Unit: "count"}}}
	b := newBuilder(prof, "")
	l1 := b.location(loc(filepath.Join(dir, "lib", "libc.so.6"), 0x10, "inl", "outer"))
	l2 := b.location(loc(filepath.Join(usr, "libc.so.6"), 0x20, "g"))
	l3 := b.location(loc(filepath.Join(other, "libc.so.6"), 0x10, "h"))
	again := b.location(loc(filepath.Join(usr, "libc.so.6"), 0x10, "inl", "outer"))
	prof.Sample = []*profile.Sample{{Value: []int64{3}, Location: []*profile.Location{l1, l2, l3}}}
	if len(prof.Mapping) != 2 {
		t.Fatalf("%d mappings, want 2: %v", len(prof.Mapping), prof.Mapping)
	}
	if l1.Mapping != l2.Mapping || l1.Mapping == l3.Mapping || again != l1 {
		t.Errorf("mappings by file: %v %v %v, the same location again: %v", l1.Mapping, l2.Mapping, l3.Mapping, again == l1)
	}
	if l1.Mapping.File != real || l1.Mapping.BuildID != "abcd" || l1.Mapping.Limit != 4096 {
		t.Errorf("mapping %+v, want file %s, build id abcd, limit 4096", l1.Mapping, real)
	}
	if len(l1.Line) != 2 || l1.Line[0].Function.Name != "inl" || l1.Line[1].Function.Name != "outer" || l1.Line[1].Line != 11 {
		t.Errorf("lines of the inlined frame: %+v", l1.Line)
	}
	var buf bytes.Buffer
	if err := prof.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := profile.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Mapping) != 2 || len(back.Location) != 3 || back.Sample[0].Value[0] != 3 {
		t.Errorf("read back: %d mappings, %d locations, %v", len(back.Mapping), len(back.Location), back.Sample[0].Value)
	}
}
