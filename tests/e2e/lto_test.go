package e2e

import (
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/internal/elftest"
	"github.com/gs-tracer/gs/internal/testtarget"
)

// The link-time optimized builds of SQLite: gcc keeps each function's
// abstract DIE in the unit of the early debug info and writes its code
// (out of line and inlined) in the LTRANS units, which refer to it across
// units (DW_FORM_ref_addr); clang's ThinLTO refers across the units of the
// modules a function was imported into.
var ltoBuilds = []testtarget.Flavour{
	testtarget.GCCLTO.With("sq-gcc-lto", "-O3"),
	testtarget.ThinLTO.With("sq-clang-thinlto", "-O2"),
}

// ltoDWARF is what the DWARF of an LTO build says of its functions, read
// with debug/dwarf, apart from gs's reader.
type ltoDWARF struct {
	// names are the functions the DWARF describes: every
	// DW_TAG_subprogram with a DW_AT_name that is not a declaration.
	names []string
	// clones are the linkage names of a function's clones that carry
	// one: gcc's LTO names the DIE of alterFindTable.constprop.0 so, and
	// gdb then knows that copy only by that name.
	clones map[string][]string
	// inlined are the inlined copies of each function.
	inlined map[string][]inlinedCopy
}

// inlinedCopy is one DW_TAG_inlined_subroutine.
type inlinedCopy struct {
	ranges   [][2]uint64
	callLine int64
	// split is a tail gcc split off the function (ipa-split) and
	// inlined back into a copy of the same function, "called" from the
	// function's own declaration line: not a call.
	split bool
}

func readLTODWARF(t *testing.T, bin string) ltoDWARF {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		t.Fatal(err)
	}
	type die struct {
		name     string
		origin   dwarf.Offset
		declLine int64
	}
	dies := map[dwarf.Offset]die{}
	type inl struct {
		off, parent dwarf.Offset
		copy        inlinedCopy
	}
	var inls []inl
	seen := map[string]bool{}
	type clone struct {
		origin  dwarf.Offset
		linkage string
	}
	var cl []clone
	var fnStack []dwarf.Offset // the subprogram or inlined copy each open DIE is in
	var open []bool            // whether each open DIE is a function
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			break
		}
		if e.Tag == 0 {
			if n := len(open); n > 0 {
				if open[n-1] {
					fnStack = fnStack[:len(fnStack)-1]
				}
				open = open[:n-1]
			}
			continue
		}
		isFn := e.Tag == dwarf.TagSubprogram || e.Tag == dwarf.TagInlinedSubroutine
		if isFn {
			dd := die{}
			dd.name, _ = e.Val(dwarf.AttrName).(string)
			dd.origin, _ = e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
			if dd.origin == 0 {
				dd.origin, _ = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
			}
			dd.declLine, _ = e.Val(dwarf.AttrDeclLine).(int64)
			dies[e.Offset] = dd
		}
		if e.Tag == dwarf.TagSubprogram && e.Val(dwarf.AttrDeclaration) == nil {
			if n, ok := e.Val(dwarf.AttrName).(string); ok {
				seen[n] = true
			}
			if l, ok := e.Val(dwarf.AttrLinkageName).(string); ok {
				if o, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset); ok {
					cl = append(cl, clone{o, l})
				}
			}
		}
		if e.Tag == dwarf.TagInlinedSubroutine {
			all, _ := d.Ranges(e)
			var rs [][2]uint64
			for _, r := range all {
				if r[1] > r[0] { // gdb skips empty ranges, as gs does
					rs = append(rs, r)
				}
			}
			var parent dwarf.Offset
			if len(fnStack) > 0 {
				parent = fnStack[len(fnStack)-1]
			}
			line, _ := e.Val(dwarf.AttrCallLine).(int64)
			if len(rs) > 0 {
				inls = append(inls, inl{e.Offset, parent, inlinedCopy{ranges: rs, callLine: line}})
			}
		}
		if e.Children {
			open = append(open, isFn)
			if isFn {
				fnStack = append(fnStack, e.Offset)
			}
		}
	}
	// root follows abstract origins to the DIE that names the function.
	root := func(off dwarf.Offset) (dwarf.Offset, die) {
		for i := 0; i < 8; i++ {
			dd := dies[off]
			if dd.origin == 0 {
				return off, dd
			}
			off = dd.origin
		}
		return off, dies[off]
	}
	out := ltoDWARF{clones: map[string][]string{}, inlined: map[string][]inlinedCopy{}}
	for _, c := range cl {
		if _, dd := root(c.origin); dd.name != "" && dd.name != c.linkage {
			out.clones[dd.name] = append(out.clones[dd.name], c.linkage)
		}
	}
	for _, in := range inls {
		o, dd := root(in.off)
		if dd.name == "" {
			continue
		}
		if in.parent != 0 {
			po, _ := root(in.parent)
			in.copy.split = po == o && in.copy.callLine == dd.declLine
		}
		out.inlined[dd.name] = append(out.inlined[dd.name], in.copy)
	}
	for n := range seen {
		out.names = append(out.names, n)
	}
	sort.Strings(out.names)
	return out
}

// splitParts returns, by function, the address ranges of the symbols of
// the tails gcc split off it (foo.part.0), which gs does not probe: only
// the function's other copies enter them.
func splitParts(t *testing.T, bin string) map[string][][2]uint64 {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][2]uint64{}
	for _, s := range syms {
		if i := strings.Index(s.Name, ".part."); i > 0 && elf.ST_TYPE(s.Info) == elf.STT_FUNC {
			out[s.Name[:i]] = append(out[s.Name[:i]], [2]uint64{s.Value, s.Value + s.Size})
		}
	}
	return out
}

func inRanges(rs [][2]uint64, a uint64) bool {
	for _, r := range rs {
		if r[0] <= a && a < r[1] {
			return true
		}
	}
	return false
}

// gdbLocations asks gdb, once for all names, how many locations `break
// NAME` has, after reading every unit in full (maint expand-symtabs: by
// default gdb looks for inlined copies only in the units its index names
// for NAME, and an LTRANS unit that only inlines a function is not among
// them). A name gdb cannot break on counts 0.
func gdbLocations(t *testing.T, bin string, names []string) map[string][]uint64 {
	t.Helper()
	dir := t.TempDir()
	list := filepath.Join(dir, "names")
	if err := os.WriteFile(list, []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "count.py")
	// The count is the one `break` prints: "(N locations)", else one.
	py := `import gdb, re
gdb.execute("maint expand-symtabs")
out = open(` + strconv.Quote(filepath.Join(dir, "counts")) + `, "w")
for name in open(` + strconv.Quote(list) + `).read().split():
    try:
        s = gdb.execute("break " + name, to_string=True)
    except gdb.error:
        out.write("%s 0\n" % name)
        continue
    m = re.search(r"\((\d+) locations\)", s)
    bp = gdb.breakpoints()[-1]
    out.write("%s %d %s\n" % (name, int(m.group(1)) if m else 1, " ".join("%x" % l.address for l in bp.locations)))
    gdb.execute("delete", to_string=True)
out.close()
`
	if err := os.WriteFile(script, []byte(py), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("timeout", "900", "gdb", "-nx", "-batch", "-ex", "set pagination off",
		"-ex", "set confirm off", "-ex", "set breakpoint pending off", "-x", script, bin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "counts"))
	if err != nil {
		t.Fatal(err)
	}
	locs := map[string][]uint64{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Fields(l)
		if len(f) < 2 {
			t.Fatalf("gdb's count %q", l)
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || (n > 0 && len(f) != n+2) {
			t.Fatalf("gdb's count %q: %d locations, %d addresses", l, n, len(f)-2)
		}
		var at []uint64
		for _, a := range f[2:] {
			v, err := strconv.ParseUint(a, 16, 64)
			if err != nil {
				t.Fatalf("gdb's count %q: %v", l, err)
			}
			at = append(at, v)
		}
		locs[f[0]] = at
	}
	if len(locs) != len(names) {
		t.Fatalf("gdb counted %d of %d names", len(locs), len(names))
	}
	return locs
}

// gsLocations returns, for each name, the distinct addresses gs attaches
// a probe to, as uprobe:BIN:NAME does (sema's funcCopies): the entry of
// every copy DWARF describes (debuginfo.FuncInstances), else the name's
// symbols. asGdb says where gdb 13 would break on the same copies: one
// location per out-of-line copy, and one per start of an inlined copy's
// first range (gdb reads no DW_AT_entry_pc of an inlined copy).
func gsLocations(t *testing.T, bin string, names []string) (at map[string]map[uint64]bool, asGdb map[string]gdbPlaces) {
	t.Helper()
	b, d := elftest.OpenDebug(t, bin)
	at, asGdb = map[string]map[uint64]bool{}, map[string]gdbPlaces{}
	for _, n := range names {
		insts, _ := d.FuncInstances(n)
		a, g := map[uint64]bool{}, gdbPlaces{inlined: map[uint64]bool{}}
		whole := 0
		for _, in := range insts {
			if !in.Part {
				whole++
			}
		}
		for _, in := range insts {
			if in.Part && whole > 0 {
				continue // split off: a uprobe leaves it (sema's funcCopies)
			}
			a[in.Entry] = true
			if in.Inlined {
				g.inlined[in.Ranges[0][0]] = true
			} else {
				g.outOfLine++
			}
		}
		if len(insts) == 0 {
			for _, s := range b.FindFuncs(n) {
				a[s.Addr] = true
				g.outOfLine++
			}
		}
		at[n], asGdb[n] = a, g
	}
	return at, asGdb
}

// gdbPlaces are the locations gdb would give a function's copies.
type gdbPlaces struct {
	inlined   map[uint64]bool
	outOfLine int
}

// TestLTOLocations compares, for every function of SQLite built with
// link-time optimization, how many copies gs finds with the number of
// locations gdb's `break` reports.
func TestLTOLocations(t *testing.T) {
	for _, lb := range ltoBuilds {
		t.Run(lb.Name, func(t *testing.T) {
			bin := sqliteBuild(t, lb.Name, lb.CC, lb.Flags...)
			info := readLTODWARF(t, bin)
			names, clones := info.names, info.clones
			parts := splitParts(t, bin)
			all := append([]string(nil), names...)
			for _, n := range names {
				all = append(all, clones[n]...)
			}
			gdb := gdbLocations(t, bin, all)
			got, asGdb := gsLocations(t, bin, names)
			var bad []string
			moved, unprobed := 0, 0
			for _, n := range names {
				want := map[uint64]bool{}
				for _, c := range append([]string{n}, clones[n]...) {
					for _, a := range gdb[c] {
						want[a] = true
					}
				}
				// gdb breaks where gs does not probe on purpose: in a
				// split-off tail, and at a tail inlined back into its
				// own function (each would count a call twice).
				whole := map[uint64]bool{}
				for _, c := range info.inlined[n] {
					if !c.split {
						whole[c.ranges[0][0]] = true
					}
				}
				for _, c := range info.inlined[n] {
					if a := c.ranges[0][0]; c.split && !whole[a] && want[a] {
						delete(want, a)
						unprobed++
					}
				}
				for a := range want {
					if inRanges(parts[n], a) && !whole[a] && len(want) > 1 {
						delete(want, a)
						unprobed++
					}
				}
				if len(got[n]) == len(want) {
					continue
				}
				// gdb 13 breaks on an inlined copy at the start of
				// its first range, not at its DW_AT_entry_pc: two
				// copies that begin their code at one address are one
				// location to gdb. gs's copies must then be gdb's.
				var missing []uint64
				for _, a := range keys(asGdb[n].inlined) {
					if !want[a] {
						missing = append(missing, a)
					}
				}
				if len(asGdb[n].inlined)+asGdb[n].outOfLine == len(want) && len(missing) == 0 {
					moved++
					continue
				}
				if len(missing) > 8 {
					missing = missing[:8]
				}
				bad = append(bad, fmt.Sprintf("%s: gs %d (%d where gdb would break), gdb %d; gs's inlined copies at %x are not gdb's",
					n, len(got[n]), len(asGdb[n].inlined)+asGdb[n].outOfLine, len(want), missing))
			}
			t.Logf("%d functions compared, %d differ; %d more have copies that begin at one address with different DW_AT_entry_pc; %d of gdb's locations are split-off tails", len(names), len(bad), moved, unprobed)
			if len(bad) > 0 {
				t.Errorf("%d of %d functions differ", len(bad), len(names))
				if len(bad) > 40 {
					bad = append(bad[:40], "...")
				}
				t.Errorf("%s", strings.Join(bad, "\n"))
			}
		})
	}
}

func keys(m map[uint64]bool) []uint64 {
	var out []uint64
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// callFuncs are functions of SQLite that the LTO builds inline (and
// gcc's splits, sqlite3_free and sqlite3DbMallocRawNN into a head and a
// tail inlined back into it) and the driver calls. Others are left out
// where the builds fold calls away: sqlite3DbFree(db, 0) on a path where
// p is known to be 0 leaves no code to probe.
var callFuncs = []string{"sqlite3_free", "sqlite3DbMallocRawNN", "sqlite3DbMallocZero", "sqlite3DbStrDup",
	"sqlite3GetVdbe", "sqlite3VdbeMemRelease"}

// gdbCalls runs bin under gdb and counts the calls of each of names.
func gdbCalls(t *testing.T, bin string, names []string) map[string]int {
	t.Helper()
	dir := t.TempDir()
	counts := filepath.Join(dir, "counts")
	py := `import gdb, collections
c = collections.Counter()
class B(gdb.Breakpoint):
    def stop(self):
        c[self.location] += 1
        return False
for n in ` + strconv.Quote(strings.Join(names, " ")) + `.split():
    B(n)
gdb.execute("run > /dev/null")
with open(` + strconv.Quote(counts) + `, "w") as out:
    for n, v in c.items():
        out.write("%s %d\n" % (n, v))
`
	script := filepath.Join(dir, "calls.py")
	if err := os.WriteFile(script, []byte(py), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("timeout", "300", "gdb", "-nx", "-batch", "-ex", "set pagination off", "-x", script, bin)
	cmd.Dir = filepath.Dir(bin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	data, err := os.ReadFile(counts)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var n string
		var c int
		if _, err := fmt.Sscan(l, &n, &c); err != nil {
			t.Fatalf("gdb's count %q: %v", l, err)
		}
		calls[n] = c
	}
	return calls
}

// TestLTOCallCounts counts with gs the calls of functions the LTO builds
// of SQLite inline, and compares them with the calls gdb counts in the
// -O0 build, where every call is a call of the one out-of-line copy.
func TestLTOCallCounts(t *testing.T) {
	want := gdbCalls(t, sqliteBuild(t, "sq-O0", gcc, "-O0"), callFuncs)
	for _, lb := range ltoBuilds {
		t.Run(lb.Name, func(t *testing.T) {
			bin := sqliteBuild(t, lb.Name, lb.CC, lb.Flags...)
			var prog strings.Builder
			for i, n := range callFuncs {
				fmt.Fprintf(&prog, "uprobe:./%s:%s { @f%d = count() }\n", filepath.Base(bin), n, i)
			}
			r := runGS(t, filepath.Dir(bin), 3*timeout, "-c", "./"+filepath.Base(bin), "-e", prog.String())
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			for i, n := range callFuncs {
				got := 0
				if m := regexp.MustCompile(fmt.Sprintf(`(?m)^@f%d: (\d+)$`, i)).FindStringSubmatch(r.Stdout); m != nil {
					got, _ = strconv.Atoi(m[1])
				}
				if want[n] == 0 {
					t.Errorf("gdb counts no call of %s at -O0", n)
				}
				if got != want[n] {
					t.Errorf("%s: gs counts %d calls, gdb %d at -O0", n, got, want[n])
				}
			}
		})
	}
}

// TestLTOInlinedValues traces scale, which lto_a.c defines and LTO
// inlines into lto_b.c's functions: gs counts as many calls as the -O0
// build makes and the target counts itself, and reads x and k by name at
// each copy as the target prints them. Where gs says a value is
// optimized out, gdb, stopped at the same call, says so too.
func TestLTOInlinedValues(t *testing.T) {
	src, _ := filepath.Abs("testdata")
	builds := append([]testtarget.Flavour{{Name: "o0", CC: gcc, Flags: []string{"-O0"}}}, ltoBuilds...)
	for _, lb := range builds {
		t.Run(lb.Name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"-g"}, lb.Flags...)
			build(t, dir, lb.CC, append(args, "-o", "lto", filepath.Join(src, "lto_a.c"), filepath.Join(src, "lto_b.c"))...)
			// -l names it as a probe does, though no symbol does in
			// gcc's LTO build (scale is only inlined there).
			if l := runGS(t, dir, timeout, "-l", "uprobe:./lto:scale"); l.Code != 0 || strings.TrimSpace(l.Stdout) != "uprobe:./lto:scale" {
				t.Errorf("-l: exit %d\n%s%s", l.Code, l.Stdout, l.Stderr)
			}
			r := runGS(t, dir, timeout, "-o", "trace.txt", "-c", "./lto", "-e",
				`uprobe:./lto:scale { printf("scale x=%d k=%d\n", x, k) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			trace, err := os.ReadFile(filepath.Join(dir, "trace.txt"))
			if err != nil {
				t.Fatal(err)
			}
			var ours, theirs []string
			calls := -1
			for _, l := range strings.Split(string(trace), "\n") {
				if strings.HasPrefix(l, "scale ") {
					ours = append(ours, l)
				}
			}
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "scale ") {
					theirs = append(theirs, l)
				}
				if m := regexp.MustCompile(`^sum=-?\d+ calls=(\d+)$`).FindStringSubmatch(l); m != nil {
					calls, _ = strconv.Atoi(m[1])
				}
			}
			if calls != 7 || len(theirs) != calls {
				t.Fatalf("the target made %d calls and printed:\n%s", calls, r.Stdout)
			}
			if len(ours) != calls {
				t.Fatalf("gs saw %d of the %d calls:\n%s", len(ours), calls, trace)
			}
			gdb := gdbScale(t, dir)
			read := 0
			val := regexp.MustCompile(`^scale x=(<optimized out>|-?\d+) k=(<optimized out>|-?\d+)$`)
			for i := range ours {
				g, w := val.FindStringSubmatch(ours[i]), val.FindStringSubmatch(theirs[i])
				if g == nil || w == nil {
					t.Fatalf("call %d: gs %q, the target %q", i, ours[i], theirs[i])
				}
				for j, name := range []string{"x", "k"} {
					if g[j+1] == w[j+1] {
						read++
						continue
					}
					if g[j+1] != "<optimized out>" || !strings.Contains(gdb[i], name+"=<optimized out>") {
						t.Errorf("call %d: gs %q, the target %q, gdb %q", i, ours[i], theirs[i], gdb[i])
					}
				}
			}
			if read < calls {
				t.Errorf("gs read only %d of %d values:\n%s", read, 2*calls, trace)
			}
		})
	}
}

// gdbScale prints x and k where gdb stops at each call of scale.
func gdbScale(t *testing.T, dir string) []string {
	t.Helper()
	cmds := "set pagination off\nmaint expand-symtabs\nbreak scale\ncommands\nsilent\n" +
		"printf \"gdb x=\"\noutput x\nprintf \" k=\"\noutput k\nprintf \"\\n\"\ncontinue\nend\nrun > /dev/null\n"
	if err := os.WriteFile(filepath.Join(dir, "cmds.gdb"), []byte(cmds), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("timeout", "60", "gdb", "-nx", "-batch", "-x", "cmds.gdb", "./lto")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "gdb x=") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 7 {
		t.Fatalf("gdb stopped %d times:\n%s", len(lines), out)
	}
	return lines
}

// TestLTOCopyScopes reads, at every copy of functions the LTO builds
// inline, each parameter by name: the name is a parameter of the copy (or
// of a function inlined into it at its entry), never a variable of the
// function it was inlined into (clang drops every
// parameter DIE of an inlined copy that keeps none: its names still hide
// the caller's, as in gdb's frame of the copy).
func TestLTOCopyScopes(t *testing.T) {
	params := map[string][]string{
		"sqlite3DbFree":        {"db", "p"},
		"sqlite3_free":         {"p"},
		"sqlite3DbMallocRawNN": {"db", "n"},
		"sqlite3DbStrDup":      {"db", "z"},
	}
	for _, lb := range ltoBuilds {
		t.Run(lb.Name, func(t *testing.T) {
			bin := sqliteBuild(t, lb.Name, lb.CC, lb.Flags...)
			_, d := elftest.OpenDebug(t, bin)
			copies := 0
			for fn, names := range params {
				insts, err := d.FuncInstances(fn)
				if err != nil {
					t.Fatal(err)
				}
				for _, in := range insts {
					copies++
					vars, err := d.VarsAt(in.Entry)
					if err != nil {
						t.Fatalf("%s at %#x: %v", fn, in.Entry, err)
					}
					for _, n := range names {
						// At the copy's entry the name is its own, or
						// that of a function inlined into it there
						// (sqlite3DbFreeNN into sqlite3DbFree), never
						// the caller's.
						if v, ok := debuginfo.FindVar(vars, n); !ok || !v.IsParam() || (in.Inlined && v.Func == in.Caller && in.Caller != fn) {
							t.Errorf("%s at %#x (inlined into %s): %s is %s's %v", fn, in.Entry, in.Caller, n, v.Func, v.Kind)
						}
					}
				}
			}
			t.Logf("%d copies", copies)
		})
	}
}
