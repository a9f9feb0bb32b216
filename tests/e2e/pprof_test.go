package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// pprofSrc calls leaf on three paths and counts the calls of each itself:
// twice, a static inline function gcc -O2 inlines into alpha, calls it
// from two lines (two return addresses in alpha, each frame with twice
// inlined at it), beta calls it once. Work after each call keeps the calls
// from being tail calls, so that every path has its own frames.
const pprofSrc = `#include <stdio.h>
#include <stdlib.h>
volatile long sink;
long n_twice1, n_twice2, n_beta;
__attribute__((noinline)) void leaf(long n) { sink += n; }
static inline void twice(long n) {
	n_twice1++; leaf(n);
	n_twice2++; leaf(n + 1);
	sink -= 1;
}
__attribute__((noinline)) void alpha(long n) { twice(n); sink ^= 3; }
__attribute__((noinline)) void beta(long n) { n_beta++; leaf(n); sink ^= 5; }
int main(int argc, char **argv) {
	long a = atol(argv[1]), b = atol(argv[2]);
	for (long i = 0; i < a; i++) alpha(i);
	for (long i = 0; i < b; i++) beta(i);
	printf("twice1 %ld twice2 %ld beta %ld\n", n_twice1, n_twice2, n_beta);
	return 0;
}
`

// TestPprof: --pprof writes @calls[ustack] = count() and @sum[ustack,
// comm] = sum(arg0) as a profile whose stacks and counts, read back by
// go tool pprof -raw and -top, are the ones gs prints for the same run and
// the calls the target counted itself; the inlined function is a frame of
// its own, and one chain of functions and lines is gdb's bt at leaf.
func TestPprof(t *testing.T) {
	dir := t.TempDir()
	bin := testtarget.FromSource(t, gcc, "prof.c", pprofSrc, "-O2", "-g", "-pie", "-fPIE")
	if err := os.Rename(bin, filepath.Join(dir, "prof")); err != nil {
		t.Fatal(err)
	}
	const a, b = 7, 4
	prof := filepath.Join(dir, "calls.pb.gz")
	// -v: gs prints each frame's source line, which tells apart the two
	// return addresses in alpha (names alone do not).
	r := runGS(t, dir, timeout, "-v", "-c", fmt.Sprintf("./prof %d %d", a, b), "--pprof", prof, "-e",
		`uprobe:./prof:leaf { @calls[ustack] = count(); @sum[ustack, comm] = sum(arg0) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}

	// The target's own counts.
	m := regexp.MustCompile(`twice1 (\d+) twice2 (\d+) beta (\d+)`).FindStringSubmatch(r.Stdout)
	if m == nil {
		t.Fatalf("the target printed no counts:\n%s", r.Stdout)
	}
	own := map[string]int{}
	for i, path := range []string{"twice1", "twice2", "beta"} {
		own[path], _ = strconv.Atoi(m[i+1])
	}
	if own["twice1"] != a || own["beta"] != b {
		t.Fatalf("the target counted %v for %d %d", own, a, b)
	}

	// What gs printed: each stack's frames (function and line) and count.
	printed := gsMapStacks(t, r.Stdout, "calls")
	if len(printed) != 3 {
		t.Fatalf("gs printed %d stacks for @calls, want 3:\n%s", len(printed), r.Stdout)
	}

	// go tool pprof -raw: the samples of @calls, by the chain of the
	// outermost function of each location and the innermost line (what
	// gs prints for a frame), must be gs's.
	raw := pprofTool(t, dir, "-raw", "-sample_index=@calls", prof)
	samples, locs := parsePprofRaw(t, raw)
	got := map[string]int{}
	byChain := map[string][]pprofLine{} // outermost names → every function of the chain, with lines
	for _, s := range samples {
		if s.values[0] == 0 {
			continue // a sample of @sum
		}
		var names []string
		var full []pprofLine
		for _, id := range s.locs {
			lines := locs[id]
			if len(lines) == 0 {
				t.Fatalf("location %d has no lines:\n%s", id, raw)
			}
			names = append(names, fmt.Sprintf("%s:%d", lines[len(lines)-1].fn, lines[0].line))
			full = append(full, lines...)
		}
		chain := strings.Join(names, " ← ")
		got[chain] += s.values[0]
		byChain[chain] = full
	}
	if fmt.Sprint(sortedCounts(got)) != fmt.Sprint(sortedCounts(printed)) {
		t.Errorf("pprof -raw's @calls stacks differ from gs's\npprof: %v\ngs:    %v\n%s", sortedCounts(got), sortedCounts(printed), raw)
	}

	// The target's paths: two stacks through alpha with twice inlined at
	// the call, one through beta, each counted as the target counted.
	perPath := map[string]int{}
	for chain, fr := range byChain {
		var fns []string
		for _, l := range fr {
			fns = append(fns, l.fn)
		}
		path := strings.Join(fns, " ← ")
		switch {
		case strings.HasPrefix(path, "leaf ← twice ← alpha ← main"):
			// Which line of twice tells the two paths apart.
			perPath[fmt.Sprintf("twice:%d", fr[1].line)] += got[chain]
		case strings.HasPrefix(path, "leaf ← beta ← main"):
			perPath["beta"] += got[chain]
		default:
			t.Errorf("a stack on no path of the target: %s", path)
		}
	}
	twiceLines := []int{}
	for k := range perPath {
		if l, ok := strings.CutPrefix(k, "twice:"); ok {
			n, _ := strconv.Atoi(l)
			twiceLines = append(twiceLines, n)
		}
	}
	sort.Ints(twiceLines)
	if len(twiceLines) != 2 || perPath[fmt.Sprintf("twice:%d", twiceLines[0])] != own["twice1"] ||
		perPath[fmt.Sprintf("twice:%d", twiceLines[1])] != own["twice2"] || perPath["beta"] != own["beta"] {
		t.Errorf("counts per path %v, the target counted %v\n%s", perPath, own, raw)
	}

	// go tool pprof -top: leaf's flat count is every call, the inlined
	// twice's and alpha's cumulative counts the calls through them.
	top := pprofTool(t, dir, "-top", "-sample_index=@calls", prof)
	for fn, want := range map[string]int{"leaf": own["twice1"] + own["twice2"] + own["beta"], "twice (inline)": own["twice1"] + own["twice2"],
		"alpha": own["twice1"] + own["twice2"], "beta": own["beta"]} {
		flat, cum, ok := pprofTop(top, fn)
		switch {
		case !ok:
			t.Errorf("pprof -top has no line for %s:\n%s", fn, top)
		case cum != want:
			t.Errorf("pprof -top: %s cum %d, want %d:\n%s", fn, cum, want, top)
		case fn == "leaf" && flat != want:
			t.Errorf("pprof -top: leaf flat %d, want %d:\n%s", flat, want, top)
		}
	}
	// go tool pprof -http's flame graph: the same calls per path, by the
	// function chains it draws (the inlined twice a box of its own).
	flame, total := pprofFlame(t, dir, prof, "@calls")
	wantFlame := map[string]int{}
	for chain, n := range got {
		var fns []string
		for _, l := range byChain[chain] {
			fns = append(fns, l.fn)
		}
		wantFlame[strings.Join(fns, " ← ")] += n
	}
	if fmt.Sprint(sortedCounts(flame)) != fmt.Sprint(sortedCounts(wantFlame)) || total != own["twice1"]+own["twice2"]+own["beta"] {
		t.Errorf("pprof -http's flame graph: %v, total %d\nwant %v, total %d", sortedCounts(flame), total, sortedCounts(wantFlame), own["twice1"]+own["twice2"]+own["beta"])
	}
	match(t, "pprof -top", top, `(?m)^File: prof$`)
	match(t, "pprof -top", top, `(?m)^Type: @calls$`)

	// @sum: the sums gs printed, and comm as a label.
	sums := pprofTool(t, dir, "-raw", "-sample_index=@sum", prof)
	ss, _ := parsePprofRaw(t, sums)
	total, labelled := 0, 0
	for _, s := range ss {
		total += s.values[1]
		if s.values[1] != 0 && s.labels == "comm:[prof]" {
			labelled++
		}
	}
	// arg0 is i, and i+1 on twice's second call: the sums over the runs.
	want := 0
	for i := 0; i < a; i++ {
		want += i + i + 1
	}
	for i := 0; i < b; i++ {
		want += i
	}
	if total != want || labelled != 3 {
		t.Errorf("@sum in the profile: total %d (want %d), %d samples labelled comm:[prof] (want 3)\n%s", total, want, labelled, sums)
	}

	// Mappings: the executable first, with its real path and build id.
	bid, err := exec.Command("readelf", "-n", filepath.Join(dir, "prof")).Output()
	if err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`Build ID: ([0-9a-f]+)`).FindSubmatch(bid)
	if id == nil {
		t.Fatalf("readelf shows no build id:\n%s", bid)
	}
	real, _ := filepath.EvalSymlinks(filepath.Join(dir, "prof"))
	match(t, "pprof -raw mappings", raw, `(?m)^1: 0x0/0x[0-9a-f]+/0x0 `+regexp.QuoteMeta(real)+` `+string(id[1])+` `)

	// gdb's bt at its first stop in leaf: alpha's first call of twice.
	bt := gdbBacktrace(t, dir, "./prof", []string{"1", "0"}, "leaf")
	var chain []pprofLine
	for _, fr := range byChain {
		if len(fr) >= len(bt) && fr[1].fn == "twice" && fr[1].line == twiceLines[0] {
			chain = fr[:len(bt)]
		}
	}
	if fmt.Sprint(chain) != fmt.Sprint(bt) {
		t.Errorf("the profile's frames for alpha's first call differ from gdb's bt\npprof: %v\ngdb:   %v", chain, bt)
	}
}

// gsMapStacks parses the stacks gs -v printed for @name[ustack]: each
// stack's frames, innermost first, as "function:line" (0 without a line)
// joined by " ← ", and its count.
func gsMapStacks(t *testing.T, out, name string) map[string]int {
	t.Helper()
	re := regexp.MustCompile(`(?m)^@` + name + `\[\n((?:        \S.*\n)+)\]: (\d+)$`)
	frameRe := regexp.MustCompile(`^        ([^+ ]+)\+\d+(?: \(.*:(\d+)\))?$`)
	stacks := map[string]int{}
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		var fns []string
		for _, f := range strings.Split(strings.TrimSuffix(m[1], "\n"), "\n") {
			fm := frameRe.FindStringSubmatch(f)
			if fm == nil {
				t.Fatalf("a frame gs printed is not func+off (file:line): %q", f)
			}
			if fm[2] == "" {
				fm[2] = "0"
			}
			fns = append(fns, fm[1]+":"+fm[2])
		}
		n, _ := strconv.Atoi(m[2])
		stacks[strings.Join(fns, " ← ")] += n
	}
	return stacks
}

func sortedCounts(m map[string]int) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s: %d", k, v))
	}
	sort.Strings(out)
	return out
}

// pprofTool runs go tool pprof with args and returns what it printed.
func pprofTool(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"tool", "pprof"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// pprofLine is one function of a location: its name and source line.
type pprofLine struct {
	fn   string
	file string
	line int
}

func (l pprofLine) String() string { return fmt.Sprintf("%s %s:%d", l.fn, l.file, l.line) }

type pprofSample struct {
	values []int
	locs   []int
	labels string
}

// parsePprofRaw reads go tool pprof -raw's samples and locations:
//
//	Samples:
//	@calls/count @sum/sum
//	          5          0: 1 2 3 4
//	                comm:[prof]
//	Locations
//	     1: 0x1220 M=1 leaf /tmp/prof.c:6:0 s=0
//	             alpha /tmp/prof.c:11:0 s=0
//	Mappings
func parsePprofRaw(t *testing.T, raw string) ([]pprofSample, map[int][]pprofLine) {
	t.Helper()
	sampleRe := regexp.MustCompile(`^\s+([-\d ]+): ([\d ]+)$`)
	locRe := regexp.MustCompile(`^\s+(\d+): 0x[0-9a-f]+(?: M=\d+)? (.*)$`)
	lineRe := regexp.MustCompile(`^(\S+) (\S*?):(\d+):\d+ s=\d+$`)
	var samples []pprofSample
	locs := map[int][]pprofLine{}
	section, cur := "", 0
	for _, l := range strings.Split(raw, "\n") {
		switch {
		case l == "Samples:" || l == "Locations" || l == "Mappings":
			section = l
			continue
		}
		switch section {
		case "Samples:":
			if m := sampleRe.FindStringSubmatch(l); m != nil {
				var s pprofSample
				for _, v := range strings.Fields(m[1]) {
					n, _ := strconv.Atoi(v)
					s.values = append(s.values, n)
				}
				for _, v := range strings.Fields(m[2]) {
					n, _ := strconv.Atoi(v)
					s.locs = append(s.locs, n)
				}
				samples = append(samples, s)
			} else if f := strings.TrimSpace(l); f != "" && len(samples) > 0 && !strings.Contains(f, "/") {
				samples[len(samples)-1].labels = f
			}
		case "Locations":
			text := strings.TrimSpace(l)
			if m := locRe.FindStringSubmatch(l); m != nil {
				cur, _ = strconv.Atoi(m[1])
				text = m[2]
			}
			if m := lineRe.FindStringSubmatch(text); m != nil && cur != 0 {
				n, _ := strconv.Atoi(m[3])
				locs[cur] = append(locs[cur], pprofLine{m[1], filepath.Base(m[2]), n})
			}
		}
	}
	if len(samples) == 0 || len(locs) == 0 {
		t.Fatalf("go tool pprof -raw printed no samples or locations:\n%s", raw)
	}
	return samples, locs
}

// pprofTop returns the flat and cumulative values of fn's line in go
// tool pprof -top's table.
func pprofTop(top, fn string) (flat, cum int, ok bool) {
	re := regexp.MustCompile(`(?m)^\s*(\d+)\s+\S+\s+\S+\s+(\d+)\s+\S+\s+` + regexp.QuoteMeta(fn) + `$`)
	m := re.FindStringSubmatch(top)
	if m == nil {
		return 0, 0, false
	}
	flat, _ = strconv.Atoi(m[1])
	cum, _ = strconv.Atoi(m[2])
	return flat, cum, true
}

// gdbBacktrace runs bin args under gdb to its first stop at fn and returns
// bt's frames down to main: each function (inlined ones too, as gdb
// shows them) with the file and line gdb gives it.
func gdbBacktrace(t *testing.T, dir, bin string, args []string, fn string) []pprofLine {
	t.Helper()
	cmd := exec.Command("timeout", append([]string{"60", "gdb", "-nx", "-batch", "-ex", "set pagination off", "-ex", "break " + fn,
		"-ex", "run", "-ex", "bt", "--args", bin}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	re := regexp.MustCompile(`(?m)^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*\) at (\S+):(\d+)$`)
	var frames []pprofLine
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[3])
		frames = append(frames, pprofLine{m[1], filepath.Base(m[2]), n})
		if m[1] == "main" {
			break
		}
	}
	if len(frames) < 3 || frames[len(frames)-1].fn != "main" {
		t.Fatalf("gdb's bt at %s has no frames down to main:\n%s", fn, out)
	}
	return frames
}

// pprofPrintSrc counts 5 calls of leaf, calls checkpoint, waits for a
// byte on the fifo argv[1], then counts 3 more.
const pprofPrintSrc = `#include <fcntl.h>
#include <unistd.h>
volatile long sink;
__attribute__((noinline)) void leaf(long n) { sink += n; }
__attribute__((noinline)) void checkpoint(void) { sink++; }
int main(int argc, char **argv) {
	int n = argc + 3; /* 5, in a loop gcc cannot unroll */
	for (int i = 0; i < n; i++) leaf(i);
	checkpoint();
	char c;
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0 || read(fd, &c, 1) != 1) return 1;
	for (int i = 0; i < n - 2; i++) leaf(i);
	return 0;
}
`

// TestPprofAtPrint: print(@calls) writes the profile while gs runs (it
// holds the 5 calls made before checkpoint, as print printed), and the
// end of the trace writes it again with all 8.
func TestPprofAtPrint(t *testing.T) {
	dir := t.TempDir()
	bin := testtarget.FromSource(t, gcc, "printprof.c", pprofPrintSrc, "-O2", "-g")
	fifo := filepath.Join(dir, "go-on")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "p.pb.gz")
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, gsBin, "-c", bin+" "+fifo, "--pprof", prof, "-e",
		`uprobe:`+bin+`:leaf { @calls[ustack] = count() } uprobe:`+bin+`:checkpoint { print(@calls) }`)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// gs creates the file empty before attaching; print fills it.
	var first *profile.Profile
	for first == nil {
		if ctx.Err() != nil {
			t.Fatalf("no profile written at print(@calls) in %v\nstderr:\n%s", timeout, stderr.String())
		}
		if b, err := os.ReadFile(prof); err == nil && len(b) > 0 {
			p, err := profile.ParseData(b)
			if err != nil {
				t.Fatalf("the profile written at print: %v", err)
			}
			first = p
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte{1})
	w.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("gs: %v\nstderr:\n%s", err, stderr.String())
	}
	last, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	final, err := profile.ParseData(last)
	if err != nil {
		t.Fatal(err)
	}
	total := func(p *profile.Profile) int64 {
		var n int64
		for _, s := range p.Sample {
			n += s.Value[0]
		}
		return n
	}
	printed := 0
	for _, n := range gsMapStacks(t, stdout.String(), "calls") {
		printed += n
	}
	if printed != 5+8 || total(first) != 5 || total(final) != 8 {
		t.Errorf("the profile at print(@calls) counts %d calls (want 5), at exit %d (want 8); gs printed %d in all (want 5+8)\nstdout:\n%s", total(first), total(final), printed, stdout.String())
	}
}

// pprofFlame serves prof with go tool pprof -http on loopback and reads
// its flame graph of sample type si: the value of each function chain
// drawn (innermost first, joined by " ← "), and the total.
func pprofFlame(t *testing.T, dir, prof, si string) (map[string]int, int) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "tool", "pprof", "-no_browser", "-http="+addr, prof)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// go tool runs pprof as its child: end both, as a process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() }()
	client := &http.Client{Timeout: timeout}
	var page []byte
	for page == nil {
		resp, err := client.Get("http://" + addr + "/ui/flamegraph?si=" + url.QueryEscape(si))
		if err == nil {
			page, err = io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusOK {
				t.Fatalf("pprof -http: %v %s\n%s", err, resp.Status, page)
			}
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("pprof -http did not serve %s in %v: %v\n%s", addr, timeout, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The page hands the flame graph to its script as stackViewer({...}, ...).
	_, data, ok := strings.Cut(string(page), "stackViewer({")
	data = "{" + data
	if !ok {
		t.Fatalf("pprof's flame graph page has no stackViewer data:\n%s", page)
	}
	var fg struct {
		Total  int
		Stacks []struct {
			Value   int
			Sources []int
		}
		Sources []struct{ FullName string }
	}
	if err := json.NewDecoder(strings.NewReader(data)).Decode(&fg); err != nil {
		t.Fatalf("pprof's flame graph data: %v", err)
	}
	chains := map[string]int{}
	for _, st := range fg.Stacks {
		if st.Value == 0 {
			continue
		}
		var fns []string
		for i := len(st.Sources) - 1; i >= 1; i-- { // Sources[0] is the root box
			fns = append(fns, fg.Sources[st.Sources[i]].FullName)
		}
		chains[strings.Join(fns, " ← ")] += st.Value
	}
	return chains, fg.Total
}
