package debuginfo

import (
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"
)

// fuzzSections are the sections FuzzDebugInfo corrupts: DWARF, the line
// table, call frame information, and the symbols and indexes that lead to
// them.
var fuzzSections = []string{
	".debug_info", ".debug_abbrev", ".debug_loclists", ".debug_loc", ".debug_rnglists", ".debug_ranges",
	".debug_line", ".debug_line_str", ".debug_str", ".debug_str_offsets", ".debug_addr", ".debug_aranges",
	".debug_names", ".gdb_index", ".eh_frame", ".eh_frame_hdr", ".debug_frame", ".symtab",
}

// fuzzConfigs are the fixtures, built from testdata/target.c.
var fuzzConfigs = []config{
	{cc: gcc, opt: "-O0", dwarf: 5, pie: true},
	{cc: gcc, opt: "-O2", dwarf: 5, pie: false},
	{cc: clang, opt: "-O0", dwarf: 4, pie: false},
	{cc: clang, opt: "-O2", dwarf: 5, pie: true},
	{cc: gcc, opt: "-O2", dwarf: 4, pie: true, extra: []string{"-fno-asynchronous-unwind-tables", "-fno-unwind-tables"}, tag: "debugframe"},
}

// fixture is one fixture's bytes and where its sections lie in them.
type fixture struct {
	data  []byte
	secs  map[string][2]uint64 // name → [file offset, size]
	names []string             // the sections an edit chooses from
	funcs string               // the functions queried
	src   string               // the source file whose lines are queried
	vars  bool                 // the intact fixture has variables
}

// numFixtures counts fuzzConfigs and fuzzExtra (fuzzfix_test.go).
func numFixtures() int { return len(fuzzConfigs) + len(fuzzExtra) }

var (
	fixtureMu sync.Mutex
	fixtures  = map[int]*fixture{}
)

func loadFixture(t *testing.T, i int) *fixture {
	names, funcs, vars, src := fuzzSections, "*", true, "target.c"
	var path string
	if i < len(fuzzConfigs) {
		path = build(t, fuzzConfigs[i])
	} else {
		x := fuzzExtra[i-len(fuzzConfigs)]
		path, names, vars = buildExtra(t, i-len(fuzzConfigs)), fuzzExtraSections, !x.noVars
		if x.funcs != "" {
			funcs = x.funcs
		}
		if x.src != "" {
			src = x.src
		}
	}
	fixtureMu.Lock()
	defer fixtureMu.Unlock()
	if fx, ok := fixtures[i]; ok {
		return fx
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fx := &fixture{data: data, secs: map[string][2]uint64{}, names: names, funcs: funcs, src: src, vars: vars}
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOBITS && s.Size > 0 && s.Offset+s.Size <= uint64(len(data)) {
			fx.secs[s.Name] = [2]uint64{s.Offset, s.Size}
		}
	}
	fixtures[i] = fx
	return fx
}

// mutate applies the edits in in to a copy of fx: each is a section
// choice, a 4-byte offset into it, a count and that many bytes to xor in.
func (fx *fixture) mutate(in []byte) []byte {
	out := append([]byte(nil), fx.data...)
	for len(in) >= 6 {
		sec, ok := fx.secs[fx.names[int(in[0])%len(fx.names)]]
		off := uint64(binary.LittleEndian.Uint32(in[1:]))
		n := int(in[5])
		in = in[6:]
		n = min(n, len(in))
		if ok {
			for i, x := range in[:n] {
				out[sec[0]+(off+uint64(i))%sec[1]] ^= x
			}
		}
		in = in[n:]
	}
	return out
}

// FuzzDebugInfo corrupts the DWARF, line table and CFI of real binaries
// and runs every query on them. Nothing may panic or hang: a query
// returns an error, or a variable that is not available.
func FuzzDebugInfo(f *testing.F) {
	for i := range numFixtures() {
		f.Add(byte(i), []byte{})
		for s := range fuzzExtraSections {
			f.Add(byte(i), []byte{byte(s), 0x10, 0, 0, 0, 4, 0xff, 0x80, 0x01, 0x7f})
		}
	}
	var workDir string
	var once sync.Once
	f.Fuzz(func(t *testing.T, which byte, edits []byte) {
		fx := loadFixture(t, int(which)%numFixtures())
		once.Do(func() {
			var err error
			if workDir, err = os.MkdirTemp(testDir, "fuzz-"); err != nil {
				t.Fatal(err)
			}
		})
		path := filepath.Join(workDir, fmt.Sprintf("bin-%d", os.Getpid()))
		if err := os.WriteFile(path, fx.mutate(edits), 0o755); err != nil {
			t.Fatal(err)
		}
		done := make(chan any, 1)
		go func() {
			defer func() {
				if r := recover(); r != nil {
					done <- fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
				}
			}()
			n := queryAll(path, fx.funcs, fx.src)
			if len(edits) == 0 && n == 0 && fx.vars {
				done <- "the intact fixture has no variables"
				return
			}
			done <- nil
		}()
		select {
		case r := <-done:
			if r != nil {
				t.Fatal(r)
			}
		case <-time.After(20 * time.Second):
			buf := make([]byte, 1<<20)
			t.Fatalf("queries did not finish in 20s:\n%s", buf[:runtime.Stack(buf, true)])
		}
	})
}

// maxFuzzNames bounds the globals and types queried: a Go or Rust
// runtime has thousands.
const maxFuzzNames = 400

// fuzzLines are the lines of a fixture's source that queryAll looks up:
// each lookup reads every unit's line table again, and a few lines before,
// on and between the functions take the same paths as all of them.
var fuzzLines = []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144}

// queryAll asks the binary at path everything gs asks of a binary, of
// the functions matching funcs and the lines of src. It returns how many
// variables it found. Each address is asked once: VarsAt reads its unit
// from the start, and a function's entry is often its instance's too.
func queryAll(path, funcs, src string) int {
	b, err := Open(path)
	if err != nil {
		return 0
	}
	defer b.Close()
	for _, fn := range b.MatchFuncs("*") {
		b.FuncAt(fn.Addr + fn.Size/2)
		b.Code(fn)
	}
	b.MiniDebugErr()
	d, err := b.Debug()
	if err != nil {
		return 0
	}
	n := 0
	d.AccelSource()
	var pcs []uint64
	for _, fn := range b.MatchFuncs(funcs) {
		pcs = append(pcs, fn.Addr, fn.Addr+fn.Size/2)
		insts, _ := d.FuncInstances(fn.Name)
		for _, in := range insts {
			pcs = append(pcs, in.Entry, in.PrologueEnd)
			for _, r := range in.Ranges {
				pcs = append(pcs, r[0], r[0]+(r[1]-r[0])/2)
			}
		}
	}
	seen := map[uint64]bool{}
	for _, pc := range pcs {
		if seen[pc] {
			continue
		}
		seen[pc] = true
		vars, _ := d.VarsAt(pc)
		n += len(vars)
		for _, v := range vars {
			describeVar(v)
		}
		d.CFA(pc)
	}
	for _, name := range first(d.GlobalNames(), maxFuzzNames) {
		if v, err := d.Global(name); err == nil {
			describeVar(*v)
		}
	}
	for _, name := range first(d.TypeNames(), maxFuzzNames) {
		if t, err := d.Types(name); err == nil {
			TypeName(t)
			Members(t)
			StructMembers(Resolve(t))
			EnumValues(Resolve(t))
		}
	}
	for _, line := range fuzzLines {
		d.LineAddrs(src, line)
	}
	return n
}

func describeVar(v Var) {
	_ = v.Loc.String()
	v.Loc.Available()
	v.Loc.UnsavedReg()
	v.Loc.NeedsBias()
	if v.Type != nil {
		TypeName(v.Type)
		for _, m := range StructMembers(Resolve(v.Type)) {
			m.LoadSize()
		}
	}
}

func first(names []string, n int) []string { return names[:min(n, len(names))] }
