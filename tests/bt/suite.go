package bt

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Extract writes tests/ of the bpftrace checkout repo (a git directory, bare
// or not) at commit rev into dir and returns dir/tests, where bpftrace's
// engine runs its cases (they name runtime/... and ./testprogs/...).
func Extract(repo, rev, dir string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	archive := exec.CommandContext(ctx, "git", "-C", repo, "archive", "--format=tar", rev, "tests")
	tar := exec.CommandContext(ctx, "tar", "-x", "-C", dir)
	var errb bytes.Buffer
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return "", err
	}
	archive.Stderr = &errb
	tar.Stdin, tar.Stderr = pipe, &errb
	if err := tar.Start(); err != nil {
		return "", err
	}
	if err := archive.Run(); err != nil {
		tar.Wait()
		return "", fmt.Errorf("git archive %s: %v: %s", rev, err, errb.String())
	}
	if err := tar.Wait(); err != nil {
		return "", fmt.Errorf("untar: %v: %s", err, errb.String())
	}
	return filepath.Join(dir, "tests"), nil
}

// Build compiles bpftrace's test programs and libraries in tests (as its
// CMake files do: -g -O0 with frame pointers, each program PIE as NAME-pie
// and not as NAME) and returns what failed to build; a case that needs a
// missing program then fails, it does not vanish.
func Build(tests string) []string {
	type job struct {
		name string
		argv []string
	}
	var jobs []job
	cflags := []string{"-g", "-O0", "-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer", "-I", "include", "-I", "testlibs"}
	os.MkdirAll(filepath.Join(tests, "testlibs"), 0o755)
	libs, _ := filepath.Glob(filepath.Join(tests, "testlibs", "*.c"))
	for _, src := range libs {
		name := strings.TrimSuffix(filepath.Base(src), ".c")
		out := filepath.Join("testlibs", "lib"+name+".so")
		jobs = append(jobs, job{out, []string{"gcc", "-g", "-O0", "-fPIC", "-shared", "-I", "include", "-o", out, rel(tests, src)}})
	}
	progs, _ := filepath.Glob(filepath.Join(tests, "testprogs", "*.c"))
	cxx, _ := filepath.Glob(filepath.Join(tests, "testprogs", "*.cpp"))
	for _, src := range append(progs, cxx...) {
		ext := filepath.Ext(src)
		name := strings.TrimSuffix(filepath.Base(src), ext)
		cc := "gcc"
		if ext == ".cpp" {
			cc = "g++"
		}
		for _, pie := range []bool{false, true} {
			out, flags := filepath.Join("testprogs", name), []string{"-no-pie"}
			if pie {
				out, flags = out+"-pie", []string{"-fpie", "-pie"}
			}
			fl := cflags
			if name == "uprobe_nofp" {
				fl = []string{"-g", "-O1", "-fomit-frame-pointer", "-fno-optimize-sibling-calls", "-I", "include"}
			}
			argv := append(append(append([]string{cc}, fl...), flags...), "-o", out, rel(tests, src), "-lpthread")
			if name == "usdt_lib" {
				argv = append(argv, "-fPIC", "-Ltestlibs", "-lusdt_tp", "-Wl,-rpath,"+filepath.Join(tests, "testlibs"))
			}
			jobs = append(jobs, job{out, argv})
		}
	}
	if gos, _ := filepath.Glob(filepath.Join(tests, "testprogs", "*.go")); len(gos) > 0 {
		for _, src := range gos {
			out := filepath.Join("testprogs", strings.TrimSuffix(filepath.Base(src), ".go"))
			jobs = append(jobs, job{out, []string{"go", "build", "-o", out, rel(tests, src)}})
		}
	}
	if rs, _ := filepath.Glob(filepath.Join(tests, "testprogs", "*.rs")); len(rs) > 0 {
		for _, src := range rs {
			out := filepath.Join("testprogs", strings.TrimSuffix(filepath.Base(src), ".rs"))
			jobs = append(jobs, job{out, []string{"rustc", "-C", "symbol_mangling_version=v0", "-o", out, rel(tests, src)}})
		}
	}
	var mu sync.Mutex
	var failed []string
	run := func(j job) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, j.argv[0], j.argv[1:]...)
		cmd.Dir = tests
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GO111MODULE=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			mu.Lock()
			failed = append(failed, fmt.Sprintf("%s: %v: %s", j.name, err, firstLine(string(out))))
			mu.Unlock()
		}
	}
	// Libraries first: usdt_lib links against one.
	var lib, rest []job
	for _, j := range jobs {
		if strings.HasPrefix(j.name, "testlibs") {
			lib = append(lib, j)
		} else {
			rest = append(rest, j)
		}
	}
	for _, group := range [][]job{lib, rest} {
		ch := make(chan job)
		var wg sync.WaitGroup
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range ch {
					run(j)
				}
			}()
		}
		for _, j := range group {
			ch <- j
		}
		close(ch)
		wg.Wait()
	}
	// The stripped copy with a separate debug file that some cases name.
	if _, err := os.Stat(filepath.Join(tests, "testprogs", "uprobe_test")); err == nil {
		ed := filepath.Join(tests, "testprogs", "external_debug")
		os.MkdirAll(ed, 0o755)
		for _, argv := range [][]string{
			{"objcopy", "--only-keep-debug", "testprogs/uprobe_test", "testprogs/external_debug/uprobe_test-stripped.debug"},
			{"objcopy", "--strip-debug", "testprogs/uprobe_test", "testprogs/uprobe_test-stripped"},
		} {
			run(job{argv[len(argv)-1], argv})
		}
	}
	// And one found by .gnu_debuglink in ./.debug.
	if _, err := os.Stat(filepath.Join(tests, "testprogs", "uprobe_separate_debug")); err == nil {
		os.MkdirAll(filepath.Join(tests, "testprogs", ".debug"), 0o755)
		for _, argv := range [][]string{
			{"objcopy", "--only-keep-debug", "testprogs/uprobe_separate_debug", "testprogs/.debug/uprobe_separate_debug-stripped.debug"},
			{"objcopy", "--strip-debug", "testprogs/uprobe_separate_debug", "testprogs/uprobe_separate_debug-stripped"},
			{"objcopy", "--add-gnu-debuglink=testprogs/.debug/uprobe_separate_debug-stripped.debug", "testprogs/uprobe_separate_debug-stripped"},
		} {
			run(job{argv[len(argv)-1], argv})
		}
	}
	// A flat binary of false.c's main (code and nothing else, which
	// mmap_exec maps and runs), and a zip holding true stored, as
	// bpftrace's tests/testprogs/CMakeLists.txt makes them.
	if _, err := os.Stat(filepath.Join(tests, "testprogs", "false.c")); err == nil {
		for _, argv := range [][]string{
			{"gcc", "-c", "testprogs/false.c", "-o", "testprogs/false.o"},
			{"objcopy", "-S", "--only-section=.text", "--keep-symbol=main", "-O", "binary", "testprogs/false.o", "testprogs/false.bin"},
		} {
			run(job{argv[len(argv)-1], argv})
		}
	}
	if _, err := os.Stat(filepath.Join(tests, "testprogs", "true")); err == nil {
		argv := []string{"zip", "-q", "-0", "-j", "testprogs/archive.zip", "testprogs/true"}
		run(job{"testprogs/archive.zip", argv})
	}
	// Split DWARF: a skeleton with its .dwo beside it, and one whose .dwo
	// files are bundled into a .dwp (as bpftrace's CMake builds them).
	if _, err := os.Stat(filepath.Join(tests, "testprogs", "uprobe_test.c")); err == nil {
		for _, kind := range []string{"dwo", "dwp"} {
			os.MkdirAll(filepath.Join(tests, "testprogs", "external_debug", kind), 0o755)
		}
		for _, argv := range [][]string{
			{"gcc", "-g", "-O0", "-gsplit-dwarf", "testprogs/uprobe_test.c", "-o", "testprogs/external_debug/dwo/uprobe_test-split"},
			{"gcc", "-g", "-O0", "-gsplit-dwarf", "testprogs/uprobe_test.c", "-o", "testprogs/external_debug/dwp/uprobe_test-split"},
			{"llvm-dwp", "-e", "testprogs/external_debug/dwp/uprobe_test-split", "-o", "testprogs/external_debug/dwp/uprobe_test-split.dwp"},
			{"sh", "-c", "rm -f testprogs/external_debug/dwp/*.dwo"},
		} {
			run(job{argv[len(argv)-1], argv})
		}
	}
	sort.Strings(failed)
	return failed
}

func rel(base, path string) string {
	r, err := filepath.Rel(base, path)
	if err != nil {
		return path
	}
	return r
}

// ReadSuite reads every directive file under tests/runtime, as bpftrace's
// engine does (not engine/, scripts/ or outputs/, not dot files).
func ReadSuite(tests string) ([]*Case, error) {
	var cases []*Case
	root := filepath.Join(tests, "runtime")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "engine" || name == "scripts" || name == "outputs") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(name, ".") || strings.Contains(name, ".") {
			return nil
		}
		cs, err := ParseFile(path)
		if err != nil {
			return err
		}
		cases = append(cases, cs...)
		return nil
	})
	return cases, err
}

// probeKinds are bpftrace's probe types, long and short names, with what
// each is to the selection rule: true for the kinds gs has (uprobes,
// uretprobes, usdt, profile, software, watchpoint, begin/end, interval).
var probeKinds = map[string]bool{
	"uprobe": true, "u": true, "uretprobe": true, "ur": true,
	"interval": true, "i": true,
	"BEGIN": true, "END": true, "begin": true, "end": true,
	"kprobe": false, "k": false, "kretprobe": false, "kr": false,
	"tracepoint": false, "t": false, "rawtracepoint": false, "rt": false,
	"usdt": true, "U": true, "profile": true, "p": true,
	"software": true, "s": true, "hardware": false, "h": false,
	"watchpoint": true, "w": true, "asyncwatchpoint": false, "aw": false,
	"fentry": false, "f": false, "fexit": false, "fr": false,
	"kfunc": false, "kretfunc": false, "iter": false, "it": false,
	"bench": false, "self": false, "test": false,
}

// features gs does not have, whatever the kernel: a case that requires one
// is outside the selection.
var unselectedFeatures = map[string]bool{
	"btf": true, "kprobe_multi": true, "kprobe_session": true, "iter": true, "dpath": true,
	"fentry": true, "skboutput": true, "probe_read_kernel": true, "signal": true, "aot": true,
}

var (
	stringRE  = regexp.MustCompile(`"(\\.|[^"\\])*"`)
	commentRE = regexp.MustCompile(`(?s)//[^\n]*|/\*.*?\*/`)
	// A probe kind is a word at the start of a probe: after a blank, a
	// comma, a quote, a brace or a semicolon, before a colon or a
	// wildcard.
	kindRE = regexp.MustCompile(`(?:^|[\s,'"{};(])([A-Za-z_]+)\*?:`)
	bareRE = regexp.MustCompile(`(?:^|[\s,'"};])(BEGIN|END|begin|end|self|bench|test)\b`)
	// A script file a RUN passes to {{BPFTRACE}}.
	scriptRE  = regexp.MustCompile(`runtime/[\w./-]+\.bt`)
	listAllRE = regexp.MustCompile(`\{\{BPFTRACE\}\}\s+(-l|--list)\s*($|\|)`)
)

// Selection says whether bpftrace's case c is in the selection gs is
// measured on, and if not, why. The rule: every probe the case's script
// names (PROG, RUN's -e or script file, -l's pattern) is a uprobe, a
// uretprobe, begin/end or interval; it requires no feature gs cannot have
// (kernel BTF, kprobe_multi, ...); and its ARCH admits this machine.
// Everything else a case uses (flags, builtins, -c, -p, the test programs)
// is gs's to support, so it stays in.
func Selection(c *Case, tests string) (bool, string) {
	if !c.ArchMatches() {
		return false, "ARCH " + strings.Join(c.Arch, "|")
	}
	for _, f := range c.Features {
		if unselectedFeatures[strings.TrimPrefix(f, "!")] && !strings.HasPrefix(f, "!") {
			return false, "feature " + f
		}
	}
	// String literals of scripts are not probes; RUN's quotes are the
	// shell's, around scripts and -l patterns, so they stay.
	strip := func(s string) string { return stringRE.ReplaceAllString(commentRE.ReplaceAllString(s, ""), `""`) }
	code := strip(c.Prog) + "\n" + c.Run
	for _, s := range scriptRE.FindAllString(c.Run, -1) {
		if data, err := os.ReadFile(filepath.Join(tests, s)); err == nil {
			code += "\n" + strip(string(data))
		}
	}
	// -l alone lists every kind of probe.
	if c.Run != "" && listAllRE.MatchString(c.Run) {
		return false, "lists kernel probes"
	}
	for _, m := range kindRE.FindAllStringSubmatch(code, -1) {
		if ok, known := probeKinds[m[1]]; known && !ok {
			return false, "probe " + m[1]
		}
	}
	for _, m := range bareRE.FindAllStringSubmatch(code, -1) {
		if !probeKinds[m[1]] {
			return false, "probe " + m[1]
		}
	}
	return true, ""
}
