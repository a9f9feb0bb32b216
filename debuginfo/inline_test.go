package debuginfo

import (
	"bufio"
	"bytes"
	"debug/dwarf"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// inlineSrc inlines sq into sum_sq and both into work, at -O2.
const inlineSrc = `volatile int sink;
static inline int sq(int x) { sink++; return x * x; }
static inline int sum_sq(int a, int b) {
	int s = sq(a);
	return s + sq(b);
}
__attribute__((noinline)) int work(int a, int b) {
	int r = sum_sq(a, b);
	return r + sq(r);
}
int main(int argc, char **argv) { return work(argc, argc + 1) & 1; }
`

// TestInlinedAt: at every address of the line table of work and main,
// InlinedAt gives the functions llvm-symbolizer --inlining gives,
// innermost first,
// each with the same line (the pc's for the innermost, the call's for
// the others), for gcc and clang at -O2 with DWARF 4 and 5. sq inlined in
// sum_sq inlined in work makes chains of three. (binutils 2.40's
// addr2line -i is not the reference: it misses clang's DWARF 5 inlined
// copy of sum_sq at one address, naming its line 5 in work.)
func TestInlinedAt(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		for _, dw := range []string{"-gdwarf-4", "-gdwarf-5"} {
			t.Run(cc.Short()+dw, func(t *testing.T) {
				bin := testtarget.FromSource(t, cc, "inl.c", inlineSrc, "-O2", dw)
				b, err := Open(bin)
				if err != nil {
					t.Fatal(err)
				}
				d, err := b.Debug()
				if err != nil {
					t.Fatal(err)
				}
				var pcs []uint64
				for _, fn := range []string{"work", "main"} {
					f, ok := b.LookupFunc(fn)
					if !ok {
						t.Fatalf("no symbol %s", fn)
					}
					pcs = append(pcs, lineAddrs(t, d.Data(), f.Addr, f.Addr+f.Size)...)
				}
				want := symbolizerInlines(t, bin, pcs)
				three := 0
				for i, pc := range pcs {
					frames, ok := d.InlinedAt(pc)
					if !ok {
						t.Errorf("%#x: no functions (llvm-symbolizer: %v)", pc, want[i])
						continue
					}
					var got []string
					for _, f := range frames {
						got = append(got, fmt.Sprintf("%s:%d", f.Func, f.Line))
					}
					if strings.Join(got, " ") != strings.Join(want[i], " ") {
						t.Errorf("%#x: InlinedAt %v, llvm-symbolizer %v", pc, got, want[i])
					}
					if len(frames) == 3 {
						three++
					}
				}
				if three == 0 {
					t.Errorf("no address has sq in sum_sq in work: the target did not inline as meant")
				}
			})
		}
	}
}

// lineAddrs returns the addresses of the line-table rows in [lo, hi).
func lineAddrs(t *testing.T, data *dwarf.Data, lo, hi uint64) []uint64 {
	t.Helper()
	seen := map[uint64]bool{}
	var out []uint64
	r := data.Reader()
	for {
		cu, err := r.Next()
		if err != nil || cu == nil {
			break
		}
		if cu.Tag != dwarf.TagCompileUnit {
			r.SkipChildren()
			continue
		}
		lr, err := data.LineReader(cu)
		if err == nil && lr != nil {
			var e dwarf.LineEntry
			for lr.Next(&e) == nil {
				if !e.EndSequence && e.Address >= lo && e.Address < hi && !seen[e.Address] {
					seen[e.Address] = true
					out = append(out, e.Address)
				}
			}
		}
		r.SkipChildren()
	}
	if len(out) == 0 {
		t.Fatalf("no line-table rows in [%#x, %#x)", lo, hi)
	}
	return out
}

// symbolizerInlines runs llvm-symbolizer-19 --inlining on pcs, in GNU
// addr2line's output style, and returns, for each, its functions
// innermost first as "name:line" (0 for "?").
func symbolizerInlines(t *testing.T, bin string, pcs []uint64) [][]string {
	t.Helper()
	var in bytes.Buffer
	for _, pc := range pcs {
		fmt.Fprintf(&in, "%#x\n", pc)
	}
	cmd := exec.Command("llvm-symbolizer-19", "--inlining", "--output-style=GNU", "--print-address", "--functions=linkage", "-e", bin)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("llvm-symbolizer: %v", err)
	}
	lineRe := regexp.MustCompile(`^(.*):(\d+|\?)(?: \(discriminator \d+\))?$`)
	var res [][]string
	var name string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for n := 0; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case l == "":
			n = -1
		case strings.HasPrefix(l, "0x") && !strings.Contains(l, ":"):
			res = append(res, nil)
			n = -1 // then name, file:line pairs
		case n%2 == 0:
			name = l
		default:
			m := lineRe.FindStringSubmatch(l)
			if m == nil || len(res) == 0 {
				t.Fatalf("llvm-symbolizer printed %q", l)
			}
			line, _ := strconv.Atoi(m[2])
			res[len(res)-1] = append(res[len(res)-1], fmt.Sprintf("%s:%d", name, line))
		}
	}
	if len(res) != len(pcs) {
		t.Fatalf("llvm-symbolizer answered for %d addresses of %d:\n%s", len(res), len(pcs), out)
	}
	return res
}
