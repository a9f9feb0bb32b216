package debuginfo

import (
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// ltoConfigs link ../tests/e2e/testdata/lto_{a,b}.c with link-time
// optimization: gcc's (DWARF 5 and 4: the forms differ) and clang's ThinLTO.
var ltoConfigs = []testtarget.Flavour{
	testtarget.GCCLTO.With("", "-O2"),
	testtarget.GCCLTO.With("gcc-lto-dwarf4", "-O2", "-gdwarf-4"),
	testtarget.ThinLTO.With("", "-O2"),
}

func buildLTO(t *testing.T, name string, cc testtarget.Compiler, flags []string) string {
	t.Helper()
	src, err := filepath.Abs(filepath.Join("..", "tests", "e2e", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), name)
	args := append([]string{"-g"}, flags...)
	testtarget.Build(t, cc, append(args, "-o", out, filepath.Join(src, "lto_a.c"), filepath.Join(src, "lto_b.c"))...)
	return out
}

// TestCrossRefs checks the raw scan of units that refer across units
// (formSizes) against debug/dwarf's reading of the same DIEs: every
// function DIE referred to from another unit, and by which units.
func TestCrossRefs(t *testing.T) {
	for _, c := range ltoConfigs {
		t.Run(c.Name, func(t *testing.T) {
			bin := buildLTO(t, c.Name, c.CC, c.Flags)
			_, d := openBin(t, bin)
			x := d.crossRefs()
			if x == nil {
				t.Fatal("no unit refers across units")
			}
			if len(x.all) > 0 {
				t.Errorf("%d units could not be scanned", len(x.all))
			}
			got := map[string]bool{}
			for off, us := range x.refs {
				for _, u := range us {
					got[fmt.Sprintf("%#x from unit %#x", off, u.off)] = true
				}
			}
			want := map[string]bool{}
			f, _ := elf.Open(bin)
			defer f.Close()
			data, _ := f.DWARF()
			r := data.Reader()
			var cu dwarf.Offset
			var cuEnd dwarf.Offset
			for {
				e, err := r.Next()
				if err != nil || e == nil {
					break
				}
				if e.Tag == dwarf.TagCompileUnit || e.Tag == dwarf.TagPartialUnit {
					u := d.unitOf(e.Offset)
					cu, cuEnd = u.off, u.end
					continue
				}
				if e.Tag != dwarf.TagSubprogram && e.Tag != dwarf.TagInlinedSubroutine {
					continue
				}
				for _, a := range []dwarf.Attr{dwarf.AttrAbstractOrigin, dwarf.AttrSpecification} {
					if off, ok := e.Val(a).(dwarf.Offset); ok && (off < cu || off >= cuEnd) {
						want[fmt.Sprintf("%#x from unit %#x", off, cu)] = true
					}
				}
			}
			if len(want) == 0 {
				t.Fatal("debug/dwarf finds no reference across units")
			}
			if fmt.Sprint(sortedSet(got)) != fmt.Sprint(sortedSet(want)) {
				t.Errorf("scan: %v\ndebug/dwarf: %v", sortedSet(got), sortedSet(want))
			}
		})
	}
}

func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestCrossUnitCopies finds the copies of scale that LTO inlined into
// another unit than the one naming it, as many as gdb's `break scale`
// has locations once it has read every unit, each with its parameters by
// name.
func TestCrossUnitCopies(t *testing.T) {
	for _, c := range ltoConfigs {
		t.Run(c.Name, func(t *testing.T) {
			bin := buildLTO(t, c.Name, c.CC, c.Flags)
			out := gdbBatch(t, bin, "maint expand-symtabs", "break scale")
			want := 1
			if m := regexp.MustCompile(`\((\d+) locations\)`).FindStringSubmatch(out); m != nil {
				want, _ = strconv.Atoi(m[1])
			}
			_, d := openBin(t, bin)
			insts, err := d.FuncInstances("scale")
			if err != nil {
				t.Fatal(err)
			}
			inlined := 0
			for _, in := range insts {
				if in.Inlined {
					inlined++
				}
				vars, err := d.VarsAt(in.Entry)
				if err != nil {
					t.Fatalf("vars at %#x: %v", in.Entry, err)
				}
				for _, n := range []string{"x", "k"} {
					v, ok := FindVar(vars, n)
					if !ok || v.Func != "scale" || !v.IsParam() {
						t.Errorf("copy at %#x: parameter %s of scale not found (%+v)", in.Entry, n, v)
					}
				}
			}
			if len(insts) != want || inlined == 0 {
				t.Errorf("%d copies of scale (%d inlined), gdb has %d locations:\n%s", len(insts), inlined, want, out)
			}
		})
	}
}
