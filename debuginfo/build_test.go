package debuginfo

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// The compilers of the targets.
var (
	gcc     = testtarget.GCC
	clang   = testtarget.Clang
	gxx     = testtarget.GXX
	clangxx = testtarget.ClangXX
)

// Targets are compiled once per test binary into testDir.
var (
	testDir  string
	buildMu  sync.Mutex
	builds   = map[string]string{}
	buildErr = map[string]error{}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gs-debuginfo-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// config is one compilation of testdata/target.c.
type config struct {
	cc    testtarget.Compiler // gcc or clang
	opt   string              // -O0, -O2
	dwarf int                 // 4 or 5
	pie   bool
	extra []string // more flags
	tag   string   // distinguishes variants with extra flags
}

func (c config) name() string {
	pie := "nopie"
	if c.pie {
		pie = "pie"
	}
	n := fmt.Sprintf("%s%s-dwarf%d-%s", c.cc.Short(), c.opt, c.dwarf, pie)
	if c.tag != "" {
		n += "-" + c.tag
	}
	return n
}

func (c config) flags() []string {
	f := []string{c.opt, fmt.Sprintf("-gdwarf-%d", c.dwarf)}
	if c.pie {
		f = append(f, "-fPIE", "-pie")
	} else {
		f = append(f, "-fno-pie", "-no-pie")
	}
	return append(f, c.extra...)
}

// matrix is every compiler × optimization × DWARF version × PIE.
func matrix() []config {
	var out []config
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		for _, opt := range []string{"-O0", "-O2"} {
			for _, dw := range []int{4, 5} {
				for _, pie := range []bool{false, true} {
					out = append(out, config{cc: cc, opt: opt, dwarf: dw, pie: pie})
				}
			}
		}
	}
	return out
}

func needTool(t testing.TB, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is needed by this test: %v", name, err)
	}
}

func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// build compiles the target with c and returns the binary's path.
func build(t testing.TB, c config) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	key := c.name()
	if p, ok := builds[key]; ok {
		return p
	}
	if err, ok := buildErr[key]; ok {
		t.Fatal(err)
	}
	src, err := filepath.Abs("testdata/target.c")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(testDir, key)
	args := append([]string{"-g"}, c.flags()...)
	args = append(args, "-o", out, src)
	if err := testtarget.Compile("", c.cc, args...); err != nil {
		buildErr[key] = err
		t.Fatal(err)
	}
	builds[key] = out
	return out
}

// markers maps each "L:name" marker of the target to its line.
var markers = sync.OnceValue(func() map[string]int {
	f, err := os.Open("testdata/target.c")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	m := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "L:"); i >= 0 {
			name := strings.Fields(line[i+2:])[0]
			m[name] = n
		}
	}
	return m
})

func marker(t testing.TB, name string) int {
	t.Helper()
	n, ok := markers()[name]
	if !ok {
		t.Fatalf("no marker L:%s in testdata/target.c", name)
	}
	return n
}

// openUnwind opens path and its unwind table, closed when the test ends.
func openUnwind(t testing.TB, path string) (*Binary, *UnwindTable) {
	t.Helper()
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	tab, err := b.UnwindTable()
	if err != nil {
		t.Fatal(err)
	}
	return b, tab
}

// openBin opens path and its debug information, closed when the test
// ends.
func openBin(t testing.TB, path string) (*Binary, *Debug) {
	t.Helper()
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	d, err := b.Debug()
	if err != nil {
		t.Fatal(err)
	}
	return b, d
}
