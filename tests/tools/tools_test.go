package tools

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const root = "../.."

var listPath = filepath.Join(root, "scripts", "tools.txt")

// TestEveryProgramListed fails for each program a test, a helper or a
// script a test runs starts that scripts/tools.txt does not name for the
// make target that runs it: then deps.sh would not install it, and the test
// would pass only on machines where someone installed it by hand.
func TestEveryProgramListed(t *testing.T) {
	list, err := ReadList(listPath)
	if err != nil {
		t.Fatal(err)
	}
	uses, unresolved, err := Scan(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(uses) < 100 {
		t.Fatalf("the scan found only %d places that run programs: it has stopped reading the tests", len(uses))
	}
	missing := map[string][]string{}
	for _, u := range uses {
		if e, ok := list[u.Prog]; ok && e.Needs(u.Target) {
			continue
		}
		k := u.Prog + " for " + Targets[u.Target] + " (target " + u.Target + ")"
		if ps := missing[k]; len(ps) == 0 || ps[len(ps)-1] != u.Pos {
			missing[k] = append(ps, u.Pos)
		}
	}
	var keys []string
	for k := range missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("scripts/tools.txt does not name %s, which %s runs: add the program, its Debian package and the target",
			k, strings.Join(missing[k], ", "))
	}
	for _, u := range unresolved {
		t.Errorf("%s: runs a program the scan cannot name (%s): name it with a `// tools: NAME... (why)` comment on that line", u.Pos, u.Expr)
	}
}

// TestScanFinds checks the scan on code written for it: a literal, a
// helper's parameter, a table, sh -c and gs's -c, a timeout wrapper.
func TestScanFinds(t *testing.T) {
	dir := t.TempDir()
	src := `package e2e

import ("os/exec"; "path/filepath")

func run(name string, args ...string) { exec.Command(name, args...).Run() }

func build(argv ...string) { exec.Command(argv[0], argv[1:]...).Run() }

func TestX() {
	exec.Command("lit-one", "-x").Run()
	run("via-helper", "a")
	for _, cc := range []string{"from-range", "from-range2"} {
		exec.Command(cc).Run()
	}
	for _, v := range []struct{ cc, opt string }{{"from-field", "-O0"}} {
		exec.Command(v.cc, v.opt).Run()
	}
	build("via-vector", "-o", "x")
	exec.Command("sh", "-c", "in-shell a | piped b && $(subst c)").Run()
	exec.Command("timeout", "60", "wrapped", "x").Run()
	exec.Command(filepath.Join("dir", "built")).Run()
	exec.Command(testtarget.FromSource(t, testtarget.GCC, "t.c", "int main;")).Run()
	testtarget.BuildWithX(t)
	gsRun("-c", "dash-c-cmd 5", "-e", "uprobe:x:y {}")
	p, _ := exec.LookPath("looked-up")
	_ = p
	exec.Command(unknownFunc()).Run()
	exec.Command(unknownFunc()).Run() // tools: named-by-comment (why)
}
`
	if err := os.MkdirAll(filepath.Join(dir, "tests", "e2e"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tests", "e2e", "x_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// A test helper in internal (testtarget's shape): the programs are
	// the fields of its table.
	helper := `package buildtest

import "os/exec"

type Compiler struct{ prog string }

var (
	A = Compiler{prog: "from-helper-table"}
	B = Compiler{prog: "from-helper-table2"}
)

func (c Compiler) run(args ...string) { exec.Command(c.prog, args...).Run() }
`
	if err := os.MkdirAll(filepath.Join(dir, "internal", "buildtest"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "internal", "buildtest", "build.go"), []byte(helper), 0o644); err != nil {
		t.Fatal(err)
	}
	// internal/testtarget itself: its compilers stand for programs where
	// other packages name them or a function that uses them.
	tt := `package testtarget

type Compiler struct{ prog string }

var (
	GCC = Compiler{prog: "via-testtarget-var"}
	X   = Compiler{prog: "via-testtarget-func"}
	Y   = Compiler{prog: "only-compared"}
)

func BuildWithX(t any) { build(X) }

func build(c Compiler) bool { return c == Y }

func FromSource(t any, c Compiler, name, text string) string { return "" }
`
	if err := os.MkdirAll(filepath.Join(dir, "internal", "testtarget"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "internal", "testtarget", "t.go"), []byte(tt), 0o644); err != nil {
		t.Fatal(err)
	}
	uses, unresolved, err := Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, u := range uses {
		got[u.Prog] = true
	}
	for _, want := range []string{"lit-one", "via-helper", "from-range", "from-range2", "from-field", "via-vector",
		"sh", "in-shell", "piped", "subst", "timeout", "wrapped", "dash-c-cmd", "looked-up", "named-by-comment",
		"from-helper-table", "from-helper-table2", "via-testtarget-var", "via-testtarget-func"} {
		if !got[want] {
			t.Errorf("the scan missed %s; it found %v", want, got)
		}
		delete(got, want)
	}
	if len(got) > 0 {
		t.Errorf("the scan found programs that are not in the code: %v", got)
	}
	if len(unresolved) != 1 || !strings.Contains(unresolved[0].Expr, "unknownFunc") {
		t.Errorf("want one unresolved call (unknownFunc()), got %v", unresolved)
	}
}

// TestShellPrograms pins the shell reading on lines like tests/bt's.
func TestShellPrograms(t *testing.T) {
	for line, want := range map[string]string{
		`want=$(nm testprogs/calls | awk '$3=="add"{print $1}' | sed 's/^0*//'); {{BPFTRACE}} -c './testprogs/calls 1' -e 'x' | grep -x "$want" && echo ok`: "nm awk sed grep",
		`echo 'a | b' | {{BPFTRACE}} - > /tmp/x 2>&1; cmp /tmp/a /tmp/b`:                                                                                    "cmp",
		`X=1 timeout 5 gdb -batch ./p; sh -c "rm -f x"`:                                                                                                     "timeout gdb sh rm",
		`./testprogs/spin`: "",
	} {
		if got := strings.Join(ShellPrograms(line), " "); got != want {
			t.Errorf("ShellPrograms(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestListTrue checks the list against this machine: every program make
// test needs is here (deps.sh installed it), and each program found comes
// from the package the list names (dpkg -S, following symlinks, so that
// alternatives and merged /usr are seen through).
func TestListTrue(t *testing.T) {
	list, err := ReadList(listPath)
	if err != nil {
		t.Fatal(err)
	}
	path := os.Getenv("PATH") + ":" + filepath.Join(os.Getenv("HOME"), ".cargo", "bin")
	var names []string
	for n := range list {
		names = append(names, n)
	}
	sort.Strings(names)
	where := map[string]string{}
	var paths []string
	for _, n := range names {
		if w := locate(n, path); w != "" {
			where[n] = w
			paths = append(paths, chain(w)...)
		}
	}
	own := owners(paths)
	for _, n := range names {
		e := list[n]
		w := where[n]
		if w == "" {
			if e.Needs("test") {
				t.Errorf("scripts/tools.txt:%d: %s is not on this machine; scripts/deps.sh test installs it", e.Line, n)
			}
			continue
		}
		if e.Packages == nil || strings.HasPrefix(w, os.Getenv("HOME")+"/") {
			continue // not from Debian (go), or rustup's toolchain, which deps.sh takes in place of Debian's
		}
		if !e.Needs("test") && !installed(e.Packages[0]) {
			continue // another target's program, from elsewhere here
		}
		var got []string
		for _, p := range chain(w) {
			got = append(got, own[p]...)
		}
		if !provides(e.Packages, got) {
			t.Errorf("scripts/tools.txt:%d: %s (%s) belongs to %v here, not to %v", e.Line, n, w, got, e.Packages)
		}
	}
}

func locate(prog, path string) string {
	if strings.HasPrefix(prog, "/") {
		if _, err := os.Stat(prog); err != nil {
			return ""
		}
		return prog
	}
	for _, d := range filepath.SplitList(path) {
		p := filepath.Join(d, prog)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// chain is path and the links on the way to its target, each in its
// /usr-merged spellings.
func chain(path string) []string {
	var out []string
	for p, hops := path, 0; p != "" && hops < 8; hops++ {
		out = append(out, spellings(p)...)
		next, err := os.Readlink(p)
		if err != nil {
			break
		}
		if !filepath.IsAbs(next) {
			next = filepath.Join(filepath.Dir(p), next)
		}
		p = next
	}
	return out
}

// owners maps each path dpkg knows to the packages that own it (one dpkg
// -S for all: it exits non-zero when some path is no package's).
func owners(paths []string) map[string][]string {
	b, _ := exec.Command("dpkg", append([]string{"-S"}, paths...)...).Output()
	out := map[string][]string{}
	for _, l := range strings.Split(string(b), "\n") {
		pk, p, ok := strings.Cut(l, ": ")
		if !ok || strings.HasPrefix(pk, "diversion") {
			continue
		}
		for _, one := range strings.Split(pk, ", ") {
			one, _, _ = strings.Cut(one, ":")
			out[p] = append(out[p], one)
		}
	}
	return out
}

func spellings(p string) []string {
	out := []string{p}
	for _, pre := range []string{"/usr/bin/", "/usr/sbin/"} {
		if strings.HasPrefix(p, pre) {
			out = append(out, "/"+strings.TrimPrefix(p, "/usr/"))
		}
	}
	for _, pre := range []string{"/bin/", "/sbin/"} {
		if strings.HasPrefix(p, pre) {
			out = append(out, "/usr"+p)
		}
	}
	return out
}

// provides says whether one of the listed packages owns the file, or an
// owner provides one (NodeSource's nodejs provides npm).
func provides(listed, owners []string) bool {
	for _, o := range owners {
		for _, l := range listed {
			if o == l {
				return true
			}
		}
		b, _ := exec.Command("dpkg-query", "-W", "-f", "${Provides}", o).Output()
		for _, p := range strings.Split(string(b), ",") {
			p, _, _ = strings.Cut(strings.TrimSpace(p), " ")
			for _, l := range listed {
				if p == l {
					return true
				}
			}
		}
	}
	return false
}

func installed(pkg string) bool {
	b, err := exec.Command("dpkg-query", "-W", "-f", "${Status}", pkg).Output()
	return err == nil && strings.HasSuffix(string(b), " installed")
}
