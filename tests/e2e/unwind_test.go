package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestUnwindCFI: @[ustack] = count() at a leaf of a call chain built
// without frame pointers (gcc -fomit-frame-pointer, clang-19 -O2) and one
// through libc (a qsort callback) names every frame down to main, in
// order, and counts each stack as often as gdb stops there with that
// backtrace (gdb -batch, its normal frames: not the inline and tail-call
// frames it synthesizes from DWARF).
func TestUnwindCFI(t *testing.T) {
	for _, v := range []struct {
		variant
		flags []string
		so    bool // djb and lookup in a shared library
	}{
		{variant{CC: gcc, Opt: "-O2", PIE: true}, []string{"-fomit-frame-pointer"}, false},
		{variant{CC: gcc, Opt: "-O2", PIE: false}, []string{"-fomit-frame-pointer"}, false},
		{variant{CC: clang, Opt: "-O2", PIE: true}, nil, false},
		{variant{CC: gcc, Opt: "-O0", PIE: true}, []string{"-fno-omit-frame-pointer"}, false},
		{variant{CC: gcc, Opt: "-O2", PIE: true}, []string{"-fomit-frame-pointer"}, true},
		{variant{CC: clang, Opt: "-O2", PIE: false}, nil, true},
	} {
		name := v.variant.String()
		if v.so {
			name += "-so"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			probe := "./chain"
			if v.so {
				lib := []string{"-g", v.Opt, "-fPIC", "-shared", "-o", filepath.Join(dir, "libchain.so"), filepath.Join("testdata", "unwind_lib.c")}
				testtarget.Build(t, v.CC, append(lib, v.flags...)...)
				compile(t, dir, "unwind.c", "chain", v.variant, append([]string{"-L" + dir, "-lchain", "-Wl,-rpath,$ORIGIN"}, v.flags...)...)
				probe = "./libchain.so"
			} else {
				compile(t, dir, "unwind.c", "chain", v.variant, append([]string{filepath.Join("testdata", "unwind_lib.c")}, v.flags...)...)
			}
			want := gdbStacks(t, dir, "./chain", "2", "djb")
			if len(want) < 3 {
				t.Fatalf("gdb stopped with %d distinct stacks: %v", len(want), want)
			}
			r := runGS(t, dir, timeout, "-c", "./chain 2", "-e", `uprobe:`+probe+`:djb { @[ustack] = count(); }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			sameStacks(t, want, r.Stdout)
		})
	}
}

// frameName normalizes a function name as gdb's minimal symbols and the
// ELF symbols gs reads may spell aliases of one address: qsort_r is
// __GI___qsort_r, msort_with_tmp.part.0 is msort_with_tmp.part.
var partSuffix = regexp.MustCompile(`\.(part|constprop|isra|cold)(\.\d+)?`)

func frameName(f string) string {
	f, _, _ = strings.Cut(f, " (") // the line: see TestUnwindLines
	name, off, _ := strings.Cut(f, "+")
	name = partSuffix.ReplaceAllString(name, "")
	name = strings.TrimPrefix(name, "__GI_")
	name = strings.TrimLeft(name, "_")
	if off != "" && off != "0" {
		return name + "+" + off
	}
	return name
}

// gdbStacks runs bin args under gdb with a breakpoint at fn's first
// instruction (where the uprobe is; set at main, when a library holding fn
// is loaded) and counts the
// backtraces (normal frames, innermost first, down to main) it stops with.
func gdbStacks(t *testing.T, dir, bin, arg, fn string) map[string]int {
	t.Helper()
	stacks := map[string]int{}
	for stack, n := range gdbRaw(t, dir, bin, arg, fn) {
		stacks[gdbStack(stack)] += n
	}
	return stacks
}

// gdbStack is one STACK line of unwind_bt.py in gsStacks's form.
func gdbStack(stack string) string {
	var fs []string
	for _, f := range strings.Split(stack, " | ") {
		fs = append(fs, frameName(f))
	}
	return strings.Join(fs, " ← ")
}

// gdbRaw counts the STACK lines of unwind_bt.py as gdb prints them.
func gdbRaw(t *testing.T, dir, bin, arg, fn string) map[string]int {
	t.Helper()
	return gdbRawWith(t, dir, bin, arg, fn)
}

// gdbRawWith is gdbRaw with gdb commands pre run before the program starts
// ("handle SIGUSR1 nostop": gdb stops at a signal by default).
func gdbRawWith(t *testing.T, dir, bin, arg, fn string, pre ...string) map[string]int {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("testdata", "unwind_bt.py"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"60", "gdb", "-nx", "-batch", "-ex", "set pagination off", "-ex", "source " + script}
	for _, c := range pre {
		args = append(args, "-ex", c)
	}
	args = append(args, "-ex", "break main", "-ex", "run", "-ex", "delete", "-ex", "break *"+fn, "-ex", "continue", "--args", bin, arg)
	cmd := exec.Command("timeout", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	stacks := map[string]int{}
	for _, line := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(line, "STACK "); ok {
			stacks[rest]++
		}
	}
	return stacks
}

// TestUnwindLines: with -v every frame of a stack in the target's own
// code names the file and line gdb gives that frame (a caller's line is
// the call's).
func TestUnwindLines(t *testing.T) {
	dir := t.TempDir()
	v := variant{CC: gcc, Opt: "-O2", PIE: true}
	compile(t, dir, "unwind.c", "chain", v, filepath.Join("testdata", "unwind_lib.c"), "-fomit-frame-pointer")
	want := map[string]bool{}
	for stack := range gdbLines(t, dir, "./chain", "1", "djb") {
		want[stack] = true
	}
	r := runGS(t, dir, timeout, "-v", "-c", "./chain 1", "-e", `uprobe:./chain:djb { @[ustack] = count(); }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	got := map[string]bool{}
	re := regexp.MustCompile(`@\[\n((?:        [^\n]*\n)+)\]: \d+\n`)
	for _, m := range re.FindAllStringSubmatch(r.Stdout, -1) {
		got[ownLines(strings.Split(strings.TrimSpace(m[1]), "\n"))] = true
	}
	if len(want) < 2 || fmt.Sprint(sortedKeys(got)) != fmt.Sprint(sortedKeys(want)) {
		t.Errorf("gs -v stacks, own frames with lines:\n%s\ngdb's:\n%s\ngs output:\n%s",
			strings.Join(sortedKeys(got), "\n"), strings.Join(sortedKeys(want), "\n"), r.Stdout)
	}
}

// ownLines keeps the frames of a stack that lie in the test's sources, as
// "function base-name:line", down to main.
func ownLines(frames []string) string {
	re := regexp.MustCompile(`^\s*([^+ ]+)\S* \((?:.*/)?(unwind(?:_lib)?\.c):(\d+)\)$`)
	var out []string
	for _, f := range frames {
		if m := re.FindStringSubmatch(f); m != nil {
			out = append(out, m[1]+" "+m[2]+":"+m[3])
			if m[1] == "main" {
				break
			}
		}
	}
	return strings.Join(out, " ← ")
}

// gdbLines is gdbStacks with each stack reduced by ownLines.
func gdbLines(t *testing.T, dir, bin, arg, fn string) map[string]int {
	t.Helper()
	out := map[string]int{}
	for stack, n := range gdbRaw(t, dir, bin, arg, fn) {
		out[ownLines(strings.Split(stack, " | "))] += n
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// gsStacks reads gs's printed @[ustack] map, each stack cut after main.
func gsStacks(t *testing.T, out string) map[string]int {
	t.Helper()
	re := regexp.MustCompile(`@\[\n((?:        [^\n]*\n)+)\]: (\d+)\n`)
	stacks := map[string]int{}
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		var fs []string
		for _, l := range strings.Split(strings.TrimSpace(m[1]), "\n") {
			f := frameName(strings.TrimSpace(l))
			fs = append(fs, f)
			if strings.HasPrefix(f, "main+") || f == "main" {
				break
			}
		}
		var n int
		for _, c := range m[2] {
			n = n*10 + int(c-'0')
		}
		stacks[strings.Join(fs, " ← ")] += n
	}
	if len(stacks) == 0 {
		t.Fatalf("no stacks in %q", out)
	}
	return stacks
}
