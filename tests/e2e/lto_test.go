package e2e

import (
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
)

// The link-time optimized builds of SQLite: gcc keeps each function's
// abstract DIE in the unit of the early debug info and writes its code
// (out of line and inlined) in the LTRANS units, which refer to it across
// units (DW_FORM_ref_addr); clang's ThinLTO refers across the units of the
// modules a function was imported into.
var ltoBuilds = []struct {
	name, cc string
	flags    []string
}{
	{"sq-gcc-lto", "gcc", []string{"-O3", "-flto"}},
	{"sq-clang-thinlto", "clang-19", []string{"-O2", "-flto=thin", "-fuse-ld=gold"}},
}

// dwarfFuncs lists the names of the functions the DWARF of bin describes
// (every DW_TAG_subprogram with a DW_AT_name that is not a declaration),
// read with debug/dwarf, apart from gs's reader; and for each, the
// linkage names of its clones that carry one (gcc's LTO names the DIE of
// alterFindTable.constprop.0 so, and gdb then knows that copy only by
// that name).
func dwarfFuncs(t *testing.T, bin string) (names []string, clones map[string][]string) {
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
	named := map[dwarf.Offset]string{}
	seen := map[string]bool{}
	type clone struct {
		origin  dwarf.Offset
		linkage string
	}
	var cl []clone
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if e == nil {
			break
		}
		if e.Tag != dwarf.TagSubprogram || e.Val(dwarf.AttrDeclaration) != nil {
			continue // a declaration of a function defined elsewhere (clang's, of libc's)
		}
		if n, ok := e.Val(dwarf.AttrName).(string); ok {
			named[e.Offset] = n
			seen[n] = true
		}
		if l, ok := e.Val(dwarf.AttrLinkageName).(string); ok {
			if o, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset); ok {
				cl = append(cl, clone{o, l})
			}
		}
	}
	clones = map[string][]string{}
	for _, c := range cl {
		if n := named[c.origin]; n != "" && n != c.linkage {
			clones[n] = append(clones[n], c.linkage)
		}
	}
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, clones
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
	b, err := debuginfo.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	d, err := b.Debug()
	if err != nil {
		t.Fatal(err)
	}
	at, asGdb = map[string]map[uint64]bool{}, map[string]gdbPlaces{}
	for _, n := range names {
		insts, _ := d.FuncInstances(n)
		a, g := map[uint64]bool{}, gdbPlaces{inlined: map[uint64]bool{}}
		for _, in := range insts {
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
		t.Run(lb.name, func(t *testing.T) {
			bin := sqliteBuild(t, lb.name, lb.cc, lb.flags...)
			names, clones := dwarfFuncs(t, bin)
			all := append([]string(nil), names...)
			for _, n := range names {
				all = append(all, clones[n]...)
			}
			gdb := gdbLocations(t, bin, all)
			got, asGdb := gsLocations(t, bin, names)
			var bad []string
			moved := 0
			for _, n := range names {
				want := map[uint64]bool{}
				for _, c := range append([]string{n}, clones[n]...) {
					for _, a := range gdb[c] {
						want[a] = true
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
			t.Logf("%d functions compared, %d differ; %d more have copies that begin at one address with different DW_AT_entry_pc", len(names), len(bad), moved)
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
