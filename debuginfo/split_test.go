package debuginfo

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// splitBuild compiles the target with -gsplit-dwarf into its own
// directory (the .dwo lands beside the binary) and asks gdb about it;
// with dwp the .dwo is then bundled into BIN.dwp by llvm-dwp and removed
// (gdb 13 crashes on a DWARF 5 .dwp; the binary and its DWARF are the
// same).
func splitBuild(t *testing.T, c config, dwp bool) (string, gdbFacts) {
	t.Helper()
	src, err := filepath.Abs("testdata/target.c")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, c.name())
	args := append(append([]string{"-g"}, c.flags()...), "-gsplit-dwarf", "-o", bin, src)
	testtarget.BuildIn(t, dir, c.cc, args...)
	dwos, _ := filepath.Glob(filepath.Join(dir, "*.dwo"))
	if len(dwos) != 1 {
		t.Fatalf("-gsplit-dwarf left %v, want one .dwo", dwos)
	}
	g := askGdb(t, bin)
	if dwp {
		needTool(t, "llvm-dwp-19")
		run(t, "llvm-dwp-19", "-e", bin, "-o", bin+".dwp")
		if err := os.Remove(dwos[0]); err != nil {
			t.Fatal(err)
		}
	}
	return bin, g
}

// TestSplitDWARF runs TestMatrix's checks (against the source's markers
// and gdb, which reads split DWARF itself) on builds whose DWARF is in a
// .dwo beside the binary and in a .dwp package, for gcc and clang.
func TestSplitDWARF(t *testing.T) {
	needTool(t, "gdb")
	for _, c := range []config{
		{cc: gcc, opt: "-O0", dwarf: 5, pie: true},
		{cc: gcc, opt: "-O2", dwarf: 5},
		{cc: clang, opt: "-O0", dwarf: 5},
		{cc: clang, opt: "-O2", dwarf: 5, pie: true},
	} {
		for _, dwp := range []bool{false, true} {
			name := c.name() + "-dwo"
			if dwp {
				name = c.name() + "-dwp"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				bin, g := splitBuild(t, c, dwp)
				b, d := openBin(t, bin)
				if len(d.units) == 0 || d.units[0].skel == nil {
					t.Fatalf("the unit was not joined from its split DWARF: %+v", d.units)
				}
				want := bin + ".dwp"
				if m, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), "*.dwo")); !dwp && len(m) == 1 {
					want = m[0]
				}
				if got := d.units[0].skel.file; got != want {
					t.Errorf("read from %s, want %s", got, want)
				}
				if ty, err := d.Types("struct item"); err != nil || ty.Size() <= 0 {
					t.Errorf("struct item: %v %v", ty, err)
				}
				b.Close()
				checkBuildWith(t, c, bin, g)
			})
		}
	}
}

// TestSplitDWARFMissing: a skeleton whose .dwo is gone, or is another
// build's, is an error that names the file, never a binary without names.
func TestSplitDWARFMissing(t *testing.T) {
	c := config{cc: gcc, opt: "-O0", dwarf: 5}
	bin, _ := splitBuild(t, c, false)
	dwos, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), "*.dwo"))
	old, err := os.ReadFile(dwos[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dwos[0]); err != nil {
		t.Fatal(err)
	}
	b, err := Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Debug()
	b.Close()
	if !errors.Is(err, ErrSplitDWARF) || !strings.Contains(err.Error(), dwos[0]) || !strings.Contains(err.Error(), bin+".dwp") {
		t.Errorf("missing .dwo: %v, want ErrSplitDWARF naming %s and %s.dwp", err, dwos[0], bin)
	}

	// Another build's .dwo (a different source, so a different dwo_id).
	src := filepath.Join(t.TempDir(), "other.c")
	if err := os.WriteFile(src, []byte("int other(int x) { return x + 1; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	odir := t.TempDir()
	testtarget.BuildIn(t, odir, gcc, "-g", "-gsplit-dwarf", "-c", "-o", filepath.Join(odir, "other.o"), src)
	other, err := os.ReadFile(filepath.Join(odir, "other.dwo"))
	if err != nil {
		t.Fatal(err)
	}
	if string(other) == string(old) {
		t.Fatal("the other build's .dwo is the same file")
	}
	if err := os.WriteFile(dwos[0], other, 0o644); err != nil {
		t.Fatal(err)
	}
	b, err = Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Debug()
	b.Close()
	if err == nil || !strings.Contains(err.Error(), dwos[0]) || !strings.Contains(err.Error(), "another build") {
		t.Errorf("another build's .dwo: %v, want an error naming %s", err, dwos[0])
	}
}

// TestSplitDWARF4: gcc's GNU DWARF 4 split format is refused by name.
func TestSplitDWARF4(t *testing.T) {
	bin, _ := splitBuild(t, config{cc: gcc, opt: "-O0", dwarf: 4}, false)
	b, err := Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, err = b.Debug()
	if !errors.Is(err, ErrSplitDWARF) || !strings.Contains(err.Error(), "GNU DWARF 4") || !strings.Contains(err.Error(), ".dwo") {
		t.Errorf("DWARF 4 split: %v, want ErrSplitDWARF naming the format and the .dwo", err)
	}
}

// TestExtendAbbrev: the unit DIE's declaration gains the attributes it
// lacks as DW_FORM_implicit_const; the others are copied as they are.
func TestExtendAbbrev(t *testing.T) {
	tab := []byte{
		1, tagCompileUnit, 1, 0x25, 0x25 /* producer strx1 */, atStmtList, 0x17, 0, 0,
		2, 0x24, 0, 0x03, 0x08, 0x3e, formImplicitConst, 0x7f /* -1 */, 0, 0,
		0,
		9, 9, // the next table: not copied
	}
	got, err := extendAbbrev(tab, 1, [][3]int64{{atStmtList, formImplicitConst, 5}, {atAddrBase, formImplicitConst, 200}})
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{
		1, tagCompileUnit, 1, 0x25, 0x25, atStmtList, 0x17, atAddrBase, formImplicitConst, 0xc8, 0x01, 0, 0,
		2, 0x24, 0, 0x03, 0x08, 0x3e, formImplicitConst, 0x7f, 0, 0,
		0,
	}
	if string(got) != string(want) {
		t.Errorf("got % x\nwant % x", got, want)
	}
	for n := 1; n < 20; n++ {
		if _, err := extendAbbrev(tab[:n], 1, nil); err == nil {
			t.Errorf("a table cut at %d bytes: no error", n)
		}
	}
}

var testOrder = binary.LittleEndian

// TestReadIndexTruncated: a .debug_cu_index cut short is an error, not a
// panic.
func TestReadIndexTruncated(t *testing.T) {
	idx := make([]byte, 16+1*12+2*4+2*1*2*4)
	idx[0] = 5
	idx[4], idx[8], idx[12] = 2, 1, 1
	for n := 0; n < len(idx); n++ {
		sf := &splitFile{}
		if err := sf.readIndex(idx[:n], testOrder); err == nil {
			t.Errorf("an index of %d bytes: no error", n)
		}
	}
	sf := &splitFile{}
	if err := sf.readIndex(idx, testOrder); err != nil {
		t.Errorf("the whole index: %v", err)
	}
}
