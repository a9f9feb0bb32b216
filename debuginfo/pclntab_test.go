package debuginfo

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// buildGoPair builds tests/e2e's Go target twice with the tests' Go
// toolchain, with DWARF and symbols and with -ldflags='-s -w' (neither),
// as buildmode (exe or pie) says; the text of the two is the same.
func buildGoPair(t *testing.T, buildmode string) (full, stripped string) {
	t.Helper()
	src, err := filepath.Abs("../tests/e2e/testdata/goorders/main.go")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, b := range []struct {
		out   *string
		name  string
		flags []string
	}{{&full, "full", nil}, {&stripped, "stripped", []string{"-ldflags=-s -w"}}} {
		*b.out = filepath.Join(dir, b.name)
		testtarget.GoBuild(t, *b.out, src, append([]string{"-buildmode=" + buildmode}, b.flags...)...)
	}
	return full, stripped
}

// TestPclntabFuncs reads the functions, lines and SP deltas of a Go binary
// built with -ldflags='-s -w' by the tests' toolchain (the 1.20 format)
// from its .gopclntab and compares them with what the same program built
// with symbols and DWARF says (comparePclntab).
func TestPclntabFuncs(t *testing.T) {
	for _, mode := range []string{"exe", "pie"} {
		t.Run(mode, func(t *testing.T) {
			full, stripped := buildGoPair(t, mode)
			comparePclntab(t, full, stripped, "1.20")
		})
	}
}

// comparePclntab compares what stripped, built with -ldflags='-s -w',
// has in its .gopclntab (in the format version) with what full, the same
// program built with symbols and DWARF, says: each function at the
// address and with the size its symbol has (the symbol table names
// assembly functions NAME.abi0, the table NAME, as Go's tracebacks do),
// the file:line of every function's entry and middle as the DWARF line
// table has them, and the unwind table row for row as Go's linker wrote
// .debug_frame (from the same SP deltas).
func comparePclntab(t *testing.T, full, stripped, version string) {
	t.Helper()
	fb, err := Open(full)
	if err != nil {
		t.Fatal(err)
	}
	defer fb.Close()
	sb, err := Open(stripped)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if sb.File.Section(".symtab") != nil {
		t.Fatal("-s left a .symtab")
	}
	if v, ok := sb.GoPclntab(); !ok || v != version {
		t.Fatalf("GoPclntab = %q, %v; want the %s format", v, ok, version)
	}
	if _, ok := fb.GoPclntab(); ok {
		t.Error("a binary with a symbol table takes its functions from .gopclntab")
	}
	d, err := fb.Debug()
	if err != nil {
		t.Fatal(err)
	}
	found, lines := 0, 0
	for _, fn := range fb.funcs {
		if fn.Size == 0 || strings.HasPrefix(fn.Name, "go:") {
			continue // runtime.text, go:textfipsstart: markers
		}
		if strings.HasPrefix(fn.Name, "type.") && strings.Contains(fn.Name, "[") {
			// Generated equality of an array type: before Go 1.20 the
			// table names it type..eq.[...]T, the symbol type..eq.[15]T.
			continue
		}
		got, ok := sb.FuncAt(fn.Addr)
		name := strings.TrimSuffix(fn.Name, ".abi0")
		if !ok || got.Addr != fn.Addr || got.Size != fn.Size || got.Name != name {
			t.Errorf("symbol %s at %#x, %d bytes: .gopclntab has %+v", fn.Name, fn.Addr, fn.Size, got)
			continue
		}
		found++
		for _, pc := range []uint64{fn.Addr, fn.Addr + fn.Size/2} {
			wf, wl, wok := d.LineAt(pc)
			gf, gl, gok := sb.LineAt(pc)
			if wok && (gf != wf || gl != wl) {
				t.Errorf("%s+%d: .gopclntab says %s:%d, DWARF %s:%d", fn.Name, pc-fn.Addr, gf, gl, wf, wl)
			}
			if wok && gok {
				lines++
			}
		}
	}
	if found < 500 || lines < 500 {
		t.Errorf("compared %d functions and %d lines: too few to mean anything", found, lines)
	}
	if _, ok := sb.LookupFunc("main.main"); !ok {
		t.Error("no main.main")
	}
	want, err := fb.UnwindTable()
	if err != nil {
		t.Fatal(err)
	}
	got, err := sb.UnwindTable()
	if err != nil {
		t.Fatal(err)
	}
	// Whether callers unwind by rbp without reading code: the calls of
	// Frameless are machine's to read (machine.FramePointers).
	fp := func(t *UnwindTable) bool { return t.FramePointers && len(t.Frameless) == 0 }
	if len(got.Rows) != len(want.Rows) || fp(got) != fp(want) {
		t.Fatalf("unwind table: %d rows (frame pointers %v), .debug_frame's %d (%v)", len(got.Rows), fp(got), len(want.Rows), fp(want))
	}
	for i := range want.Rows {
		if got.Rows[i] != want.Rows[i] {
			t.Fatalf("unwind row %d: %+v, .debug_frame's %+v", i, got.Rows[i], want.Rows[i])
		}
	}
}

// goReleases are the older Go releases whose builds the tests check:
// each pclntab format Go has written since 1.16, and each runtime.g
// layout in goGoidOffsets. Their toolchains come from the Go module proxy
// (golang.org/toolchain), as `go` fetches them for GOTOOLCHAIN.
var goReleases = []struct{ toolchain, pcln string }{
	{"go1.16.15", "1.16"},
	{"go1.18.10", "1.18"},
	{"go1.23.12", "1.20"}, // goid at 160
}

// goRelease is a small program, written for every release since 1.16:
// a method, a closure, a goroutine.
const goRelease = `package main

import "os"

type counter struct{ n int }

func (c *counter) add(k int) { c.n += k }

func main() {
	c := &counter{}
	done := make(chan bool)
	go func() { c.add(len(os.Args)); done <- true }()
	<-done
	os.Exit(c.n - len(os.Args))
}
`

// TestPclntabReleases builds goRelease with each of goReleases'
// toolchains, with DWARF and with -ldflags='-s -w', and compares the two
// (comparePclntab); from Go 1.17 on (the register ABI, which goid needs)
// it checks goGoidOffsets against the release's DWARF.
func TestPclntabReleases(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(goRelease), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, r := range goReleases {
		t.Run(r.toolchain, func(t *testing.T) {
			// GOENV=off: the machine's go env file may set flags an
			// older go does not know. `go env GOROOT` fetches the
			// toolchain (module mode switches toolchains, GOPATH mode
			// does not), whose go then builds the one file.
			env := append(os.Environ(), "GOENV=off", "GOFLAGS=")
			cmd := exec.Command("go", "env", "GOROOT")
			cmd.Dir, cmd.Env = dir, append(env, "GOTOOLCHAIN="+r.toolchain)
			root, err := cmd.Output()
			if err != nil {
				t.Fatalf("fetch %s from the Go module proxy: %v", r.toolchain, err)
			}
			gobin := filepath.Join(strings.TrimSpace(string(root)), "bin", "go") // tools: go (a fetched toolchain's)
			env = append(env, "GO111MODULE=off", "GOTOOLCHAIN=local")
			var bins [2]string
			for i, flags := range [][]string{nil, {"-ldflags=-s -w"}} {
				bins[i] = filepath.Join(dir, r.toolchain+[]string{"-full", "-stripped"}[i])
				cmd := exec.Command(gobin, append(append([]string{"build", "-o", bins[i]}, flags...), src)...)
				cmd.Dir, cmd.Env = dir, env
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go build with %s (fetched from the Go module proxy): %v\n%s", r.toolchain, err, out)
				}
			}
			comparePclntab(t, bins[0], bins[1], r.pcln)
			fb, err := Open(bins[0])
			if err != nil {
				t.Fatal(err)
			}
			defer fb.Close()
			if fb.GoVersion() != r.toolchain {
				t.Fatalf("%s was built by %s", bins[0], fb.GoVersion())
			}
			if ok, _ := fb.GoRegisterABI(); !ok {
				return
			}
			want, err := fb.GoidOffset()
			if err != nil {
				t.Fatal(err)
			}
			major, minor, _ := goMinor(fb.GoVersion())
			if got, ok := goGoidOffsets[[2]int{major, minor}]; !ok || got != want {
				t.Errorf("goGoidOffsets[%d.%d] = %d, %v; the DWARF of %s has runtime.g.goid at %d", major, minor, got, ok, r.toolchain, want)
			}
		})
	}
}

// TestPclntabMagic checks goPclnMagics against the binaries on this
// machine: the tests' Go toolchain writes the 1.20 format, Debian 12's
// prometheus (built by Go 1.19) the 1.18 one.
func TestPclntabMagic(t *testing.T) {
	_, stripped := buildGoPair(t, "exe")
	for path, want := range map[string]string{stripped: "1.20", "/usr/bin/prometheus": "1.18"} {
		f, err := elf.Open(path)
		if err != nil {
			t.Fatalf("%v (scripts/deps.sh test installs prometheus)", err)
		}
		data, err := f.Section(".gopclntab").Data()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := goPclnMagics[binary.LittleEndian.Uint32(data)]; got != want {
			t.Errorf("%s: magic %#x is %q, want %q", path, binary.LittleEndian.Uint32(data), got, want)
		}
	}
}

// TestPclntabCorrupt: a .gopclntab cut short or overwritten is an error,
// never a panic.
func TestPclntabCorrupt(t *testing.T) {
	_, stripped := buildGoPair(t, "exe")
	raw, err := os.ReadFile(stripped)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(stripped)
	if err != nil {
		t.Fatal(err)
	}
	s := f.Section(".gopclntab")
	off, size := int(s.Offset), int(s.Size)
	f.Close()
	// A magic no Go wrote: no functions, and the error says why.
	bad := append([]byte(nil), raw...)
	copy(bad[off:], []byte{0x12, 0x34, 0x56, 0x78})
	path := filepath.Join(t.TempDir(), "badmagic")
	if err := os.WriteFile(path, bad, 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.GoPclntabErr(); b.HasSymbols() || err == nil || !strings.Contains(err.Error(), "unknown magic 0x78563412") {
		t.Errorf("a .gopclntab of magic 0x78563412: %d functions, error %v", len(b.funcs), err)
	}
	b.Close()
	for _, at := range []int{4, 8, 16, 40, 64, size / 3, size / 2} {
		bad := append([]byte(nil), raw...)
		for i := off + at; i < off+size && i < off+at+64; i++ {
			bad[i] ^= 0xa5
		}
		path := filepath.Join(t.TempDir(), "bad")
		if err := os.WriteFile(path, bad, 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := Open(path)
		if err != nil {
			continue
		}
		b.UnwindTable()
		if len(b.funcs) > 0 {
			b.LineAt(b.funcs[len(b.funcs)/2].Addr)
		}
		b.Close()
	}
}

// TestGoidOffsets checks goGoidOffsets for the release of the tests' Go
// toolchain against the DWARF of a program it built, and that the
// stripped build of the same program finds goid there by its version.
func TestGoidOffsets(t *testing.T) {
	full, stripped := buildGoPair(t, "exe")
	fb, err := Open(full)
	if err != nil {
		t.Fatal(err)
	}
	defer fb.Close()
	want, err := fb.GoidOffset()
	if err != nil {
		t.Fatal(err)
	}
	major, minor, ok := goMinor(fb.GoVersion())
	if !ok {
		t.Fatalf("no Go version in %s", full)
	}
	if got, ok := goGoidOffsets[[2]int{major, minor}]; !ok || got != want {
		t.Errorf("goGoidOffsets[%d.%d] = %d, %v; the DWARF of %s has runtime.g.goid at %d", major, minor, got, ok, fb.GoVersion(), want)
	}
	sb, err := Open(stripped)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if got, err := sb.GoidOffset(); err != nil || got != want {
		t.Errorf("stripped: GoidOffset = %d, %v; want %d", got, err, want)
	}
	// A release the table does not have: its .go.buildinfo says go1.99.
	raw, err := os.ReadFile(stripped)
	if err != nil {
		t.Fatal(err)
	}
	s := sb.File.Section(".go.buildinfo")
	v := []byte(sb.GoVersion())
	i := bytes.Index(raw[s.Offset:s.Offset+s.Size], v)
	if i < 0 {
		t.Fatalf("%s not in .go.buildinfo", v)
	}
	copy(raw[int(s.Offset)+i:], "go1.99"+string(v[len("go1.xx"):]))
	path := filepath.Join(t.TempDir(), "future")
	if err := os.WriteFile(path, raw, 0o755); err != nil {
		t.Fatal(err)
	}
	future, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer future.Close()
	_, err = future.GoidOffset()
	if err == nil || !strings.Contains(err.Error(), "gs knows runtime.g's layout for Go 1.17 to 1.26, not go1.99") {
		t.Errorf("GoidOffset of a go1.99 binary: %v", err)
	}
}
