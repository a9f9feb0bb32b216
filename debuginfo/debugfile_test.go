package debuginfo

import (
	"debug/elf"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// checkFinds asserts that d answers the basic questions.
func checkFinds(t *testing.T, b *Binary, d *Debug) {
	t.Helper()
	fis, err := d.FuncInstances("process")
	if err != nil || len(fis) != 1 {
		t.Fatalf("FuncInstances(process): %v %v", fis, err)
	}
	vars, err := d.VarsAt(fis[0].PrologueEnd)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := FindVar(vars, "count"); !ok || !v.Available {
		t.Errorf("count at %#x: %+v", fis[0].PrologueEnd, v)
	}
	if _, err := d.Global("g_counter"); err != nil {
		t.Error(err)
	}
	if _, err := d.Types("struct item"); err != nil {
		t.Error(err)
	}
	if addrs, err := d.LineAddrs("target.c", marker(t, "clamp_hi")); err != nil || len(addrs) != 2 {
		t.Errorf("LineAddrs: %x %v", addrs, err)
	}
	if _, err := d.CFA(fis[0].Entry); err != nil {
		t.Errorf("CFA from the stripped binary's .eh_frame: %v", err)
	}
	// The debug file's .symtab brings back static functions.
	if _, ok := b.LookupFunc("cmp_int"); !ok {
		t.Error("static function cmp_int not found through the debug file's symbols")
	}
}

// splitDebug builds the target, moves its DWARF into name.debug and strips
// the binary, adding a .gnu_debuglink. It returns both paths in a fresh
// directory.
func splitDebug(t *testing.T, c config) (bin, dbg string) {
	t.Helper()
	needTool(t, "objcopy")
	dir := t.TempDir()
	src := build(t, c)
	bin = filepath.Join(dir, "app")
	dbg = filepath.Join(dir, "app.debug")
	run(t, "cp", src, bin)
	run(t, "objcopy", "--only-keep-debug", bin, dbg)
	run(t, "objcopy", "--strip-all", "--add-gnu-debuglink="+dbg, bin)
	return bin, dbg
}

func withDebugDirs(t *testing.T, dirs ...string) {
	old := DebugDirs
	DebugDirs = dirs
	t.Cleanup(func() { DebugDirs = old })
}

func TestSeparateDebugFile(t *testing.T) {
	c := config{cc: gcc, opt: "-O0", dwarf: 5, pie: true}
	root := t.TempDir()
	withDebugDirs(t, root)

	t.Run("no debug file", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		os.Rename(dbg, dbg+".elsewhere")
		b, err := Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		_, err = b.Debug()
		if !errors.Is(err, ErrNoDWARF) {
			t.Fatalf("Debug() = %v, want ErrNoDWARF", err)
		}
		for _, want := range []string{"has no DWARF debug info", "-dbgsym", "--debug-file PATH", filepath.Join(root, ".build-id")} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not mention %q", err, want)
			}
		}
	})
	t.Run("debuglink next to the binary", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		b, d := openBin(t, bin)
		if b.DebugFile() != dbg {
			t.Errorf("DebugFile() = %s, want %s", b.DebugFile(), dbg)
		}
		checkFinds(t, b, d)
	})
	t.Run("debuglink in .debug", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		os.Mkdir(filepath.Join(filepath.Dir(bin), ".debug"), 0o755)
		moved := filepath.Join(filepath.Dir(bin), ".debug", filepath.Base(dbg))
		os.Rename(dbg, moved)
		b, _ := Open(bin)
		defer b.Close()
		d, err := b.Debug()
		if err != nil || b.DebugFile() != moved {
			t.Fatalf("Debug() = %v, file %s", err, b.DebugFile())
		}
		checkFinds(t, b, d)
	})
	t.Run("debuglink with a wrong CRC", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		f, _ := os.OpenFile(dbg, os.O_APPEND|os.O_WRONLY, 0)
		f.Write([]byte("x"))
		f.Close()
		b, _ := Open(bin)
		defer b.Close()
		if _, err := b.Debug(); !errors.Is(err, ErrNoDWARF) {
			t.Fatalf("Debug() = %v, want ErrNoDWARF for a CRC mismatch", err)
		}
	})
	t.Run("build-id directory", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		b, _ := Open(bin)
		defer b.Close()
		id := b.BuildID()
		if len(id) < 8 {
			t.Fatalf("build-id %q", id)
		}
		p := filepath.Join(root, ".build-id", id[:2], id[2:]+".debug")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.Rename(dbg, p); err != nil {
			t.Fatal(err)
		}
		d, err := b.Debug()
		if err != nil || b.DebugFile() != p {
			t.Fatalf("Debug() = %v, file %s", err, b.DebugFile())
		}
		checkFinds(t, b, d)
	})
	t.Run("--debug-file", func(t *testing.T) {
		bin, dbg := splitDebug(t, c)
		other := filepath.Join(t.TempDir(), "renamed.debug")
		os.Rename(dbg, other)
		b, err := OpenWithDebugFile(bin, other)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		d, err := b.Debug()
		if err != nil {
			t.Fatal(err)
		}
		checkFinds(t, b, d)
	})
	t.Run("--debug-file of another build", func(t *testing.T) {
		bin, _ := splitDebug(t, c)
		_, otherDbg := splitDebug(t, config{cc: gcc, opt: "-O2", dwarf: 5, pie: true})
		_, err := OpenWithDebugFile(bin, otherDbg)
		if err == nil || !strings.Contains(err.Error(), "does not match") || !strings.Contains(err.Error(), "build-id") {
			t.Fatalf("OpenWithDebugFile(mismatch) = %v", err)
		}
	})
	t.Run("--debug-file without build-id, CRC mismatch", func(t *testing.T) {
		nb := config{cc: gcc, opt: "-O0", dwarf: 5, pie: true, extra: []string{"-Wl,--build-id=none"}, tag: "noid"}
		bin, dbg := splitDebug(t, nb)
		f, _ := os.OpenFile(dbg, os.O_APPEND|os.O_WRONLY, 0)
		f.Write([]byte("x"))
		f.Close()
		_, err := OpenWithDebugFile(bin, dbg)
		if err == nil || !strings.Contains(err.Error(), "CRC") {
			t.Fatalf("OpenWithDebugFile(CRC mismatch) = %v", err)
		}
	})
	t.Run("--debug-file that is missing", func(t *testing.T) {
		bin, _ := splitDebug(t, c)
		if _, err := OpenWithDebugFile(bin, "/nonexistent.debug"); err == nil || !strings.Contains(err.Error(), "no such file") {
			t.Fatalf("err = %v", err)
		}
	})
}

func TestCompressedSections(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		c := config{cc: cc, opt: "-O2", dwarf: 5, pie: true, extra: []string{"-gz"}, tag: "gz"}
		bin := build(t, c)
		b, d := openBin(t, bin)
		s := b.File.Section(".debug_info")
		if s == nil || s.Flags&elf.SHF_COMPRESSED == 0 {
			t.Fatalf("%s: .debug_info is not compressed", c.name())
		}
		checkFinds(t, b, d)
	}
}

func TestSharedLibrary(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		c := config{cc: cc, opt: "-O2", dwarf: 5, pie: true, extra: []string{"-shared", "-fPIC", "-DNO_MAIN"}, tag: "so"}
		lib := build(t, c)
		b, d := openBin(t, lib)
		if !b.PIE {
			t.Error("a shared library is ET_DYN")
		}
		fis, err := d.FuncInstances("process")
		if err != nil {
			t.Fatal(err)
		}
		vars, err := d.VarsAt(fis[0].Entry)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vars {
			if v.IsParam() && !v.Available {
				t.Errorf("%s: param %s at entry: %v", c.name(), v.Name, v.Loc)
			}
			if v.Kind == VarStatic && !v.Loc.NeedsBias() {
				t.Errorf("%s: static %s: %v needs the load bias", c.name(), v.Name, v.Loc)
			}
		}
		g, err := d.Global("g_counter")
		if err != nil || !g.Loc.NeedsBias() {
			t.Errorf("%s: g_counter %v %v", c.name(), g, err)
		}
	}
}

// TestAccelTables checks lookups through .gdb_index (gdb-add-index) and
// .debug_names (clang -gpubnames).
func TestAccelTables(t *testing.T) {
	needTool(t, "gdb-add-index")
	gi := build(t, config{cc: gcc, opt: "-O2", dwarf: 5, tag: "gdbindex-src"})
	dir := t.TempDir()
	withIndex := filepath.Join(dir, "app")
	run(t, "cp", gi, withIndex)
	run(t, "gdb-add-index", withIndex)
	dn := build(t, config{cc: clang, opt: "-O2", dwarf: 5, extra: []string{"-gpubnames"}, tag: "names"})
	for bin, want := range map[string]string{withIndex: ".gdb_index", dn: ".debug_names"} {
		b, d := openBin(t, bin)
		if got := d.AccelSource(); got != want {
			t.Errorf("%s: accelerator %q, want %q", bin, got, want)
		}
		checkFindsNoStatic(t, b, d)
		if _, err := d.FuncInstances("nosuch"); !errors.Is(err, ErrNotFound) {
			t.Errorf("FuncInstances(nosuch): %v", err)
		}
		fis, err := d.FuncInstances("clamp")
		if err != nil || len(fis) != 2 {
			t.Errorf("clamp through %s: %v %v", want, fis, err)
		}
	}
}

func checkFindsNoStatic(t *testing.T, b *Binary, d *Debug) {
	t.Helper()
	if _, err := d.FuncInstances("process"); err != nil {
		t.Error(err)
	}
	for _, g := range []string{"g_counter", "s_total"} {
		if _, err := d.Global(g); err != nil {
			t.Error(err)
		}
	}
	if _, err := d.Types("struct item"); err != nil {
		t.Error(err)
	}
}

// TestBuildID reads build ids set at link time, of any length (the
// 8-byte one stays 8 bytes), as readelf -n shows them; and in crafted
// note sections it takes only an NT_GNU_BUILD_ID note named "GNU".
func TestBuildID(t *testing.T) {
	needTool(t, "readelf")
	for _, id := range []string{"0123456789abcdef0123456789abcdef01234567", "1122334455667788"} {
		c := config{cc: gcc, opt: "-O0", dwarf: 5, extra: []string{"-Wl,--build-id=0x" + id}, tag: "id" + id[:4]}
		bin := build(t, c)
		b, err := Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		got := b.BuildID()
		b.Close()
		if !strings.Contains(run(t, "readelf", "-n", bin), "Build ID: "+id+"\n") || got != id {
			t.Errorf("BuildID() = %s, want %s (readelf -n agrees: %v)", got, id, strings.Contains(run(t, "readelf", "-n", bin), id))
		}
	}

	note := func(name string, typ uint32, desc string) []byte {
		n := append([]byte(name), 0)
		b := binary.LittleEndian.AppendUint32(nil, uint32(len(n)))
		b = binary.LittleEndian.AppendUint32(b, uint32(len(desc)))
		b = binary.LittleEndian.AppendUint32(b, typ)
		b = append(b, n...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		b = append(b, desc...)
		for len(b)%4 != 0 {
			b = append(b, 0)
		}
		return b
	}
	var sec []byte
	sec = append(sec, note("GNU", 1, "\x00\x00\x00\x00\x03\x00\x00\x00")...) // NT_GNU_ABI_TAG
	sec = append(sec, note("Go", 3, "not this one")...)                      // type 3, other name
	sec = append(sec, note("GNU", 3, "\xaa\xbb\xcc")...)
	if got := gnuBuildID(binary.LittleEndian, sec); string(got) != "\xaa\xbb\xcc" {
		t.Errorf("gnuBuildID = %x, want aabbcc", got)
	}
	if got := gnuBuildID(binary.LittleEndian, sec[:len(sec)-2]); got != nil {
		t.Errorf("truncated note: %x", got)
	}
}
