// Command bench measures gs side by side with bpftrace (when installed):
// per-call cost of an untraced call, an empty probe and a printf probe over
// 1,000,000 calls; what a map aggregation costs over an empty probe,
// measured in one run (an empty probe on f and the script on g, called in
// alternating blocks, so that drift in the machine's speed, which moves
// single runs by 10-20% here, hits both alike); the time from launch until
// a -c target is released (probes attached); and the wall time of a whole
// -c run on a target that exits at once. Each figure is the median of
// several interleaved runs. Then probe placement (placement.go), and the
// time to the first event when the debug file comes from a local
// debuginfod server, cold and cached (debuginfod.go), and the metrics
// exporter's costs: a hist hit with its hidden sum, a scrape (metrics.go).
// Function names of a
// big C++ program (names.go) run only with -only names.
//
//	make bench            (root; builds bin/gs first)
//	go run ./bench -runs 7
//	go run ./bench -only placement
//	go run ./bench -only debuginfod
//	go run ./bench -only loops [-base OLD-GS]   (the cost of a loop iteration, next to -base and bpftrace, loops.go)
//	go run ./bench -only usdt      (a USDT probe's hit next to a uprobe on an emulated push, usdt.go)
//	go run ./bench -only names     (listing a big C++ program's functions, names.go)
//	go run ./bench -only ustack [-base OLD-GS]   (@[ustack] = count() with and without frame pointers, ustack.go)
//	go run ./bench -only startup [-base OLD-GS]   (launch until released and a whole -c run, next to bpftrace)
//	go run ./bench -only output -base OLD-GS   (printing's cost per event, two gs binaries side by side, output.go)
//	go run ./bench -only metrics [-base OLD-GS]   (a hist hit's cost with its hidden sum, next to -base and bpftrace; a scrape's cost, metrics.go)
//	go run ./bench -only interactive   (gs -i: a trace command until its probe is armed, against a new gs run, interactive.go)
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

var (
	runs     = flag.Int("runs", 5, "runs per measurement (the median is reported)")
	calls    = flag.Int("calls", 1000000, "calls per run")
	gs       = flag.String("gs", "bin/gs", "the gs binary")
	namesBin = flag.String("names-bin", "", "-only names: the C++ binary to list, instead of generating and compiling one")
	only     = flag.String("only", "", "run one part: placement (probe placement and SQLite), debuginfod (fetching SQLite's debug file), loops (a loop iteration in a probe; -base adds an older gs), usdt (a USDT probe's hit next to a uprobe on an emulated instruction, and bpftrace's), names (listing a big C++ program's functions, next to gdb), ustack (@[ustack] = count(), with and without frame pointers), profile (a profile:hz:999 { @[ustack] = count() } sample, with and without frame pointers, next to bpftrace's), metrics (a hist hit with its hidden sum, next to -base and bpftrace; a scrape), startup (launch until released and a whole -c run; -base adds an older gs), goret (Go uretprobes on return addresses and on RETs next to an entry probe; -base adds an older gs), interactive (gs -i: a trace command until armed, against a new run) or output (printing's cost per event, -gs next to -base)")
	base     = flag.String("base", "", "-only output, metrics, placement, startup, ustack and loops: the gs binary to compare -gs with (the one before a change)")
	mapKeys  = flag.Int("map-keys", 100000, "-only output: keys of the printed map")
)

type tool struct {
	name string
	argv func(target, script string) []string
}

func main() {
	flag.Parse()
	dir, err := os.MkdirTemp("", "gs-bench-")
	check(err)
	defer os.RemoveAll(dir)
	target := filepath.Join(dir, "target")
	// With frame pointers, as production builds increasingly are: f then
	// starts with push %rbp, which the kernel emulates (gcc 12 omits the
	// leaf frame anyway, clang honours -mno-omit-leaf-frame-pointer). Without them f
	// starts with lea, which the kernel single-steps, and the trap (several
	// microseconds) swamps every other cost for both tools alike.
	if err := testtarget.Compile("", testtarget.Clang, "-g", "-O2", "-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer",
		"-o", target, "bench/testdata/target.c"); err != nil {
		fail("compile target: %v", err)
	}
	gsAbs, err := filepath.Abs(*gs)
	check(err)
	if *only == "debuginfod" {
		benchDebuginfod(gsAbs, dir)
		return
	}
	if *only == "output" {
		benchOutput(dir, target)
		return
	}
	if *only == "names" {
		namesBench(dir, gsAbs)
		return
	}
	if *only == "goret" {
		benchGoRet(dir, gsAbs) // goret.go
		return
	}
	if *only == "interactive" {
		benchInteractive(dir, gsAbs) // interactive.go
		return
	}

	tools := []tool{{"gs", func(t, s string) []string { return []string{gsAbs, "-q", "-c", t, "-e", s} }}}
	if bt, err := exec.LookPath("bpftrace"); err == nil {
		tools = append(tools, tool{"bpftrace", func(t, s string) []string { return []string{bt, "-c", t, "-e", s} }})
	} else {
		fmt.Println("bpftrace not installed: gs figures only (apt-get install bpftrace)")
	}

	if *only == "placement" {
		placementBench(dir, tools, gsAbs)
		return
	}
	if *only == "loops" {
		if *base != "" {
			baseAbs, err := filepath.Abs(*base)
			check(err)
			tools = append([]tool{{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }}}, tools...)
		}
		benchLoops(target, tools)
		return
	}
	if *only == "usdt" {
		usdtBench(dir, tools) // usdt.go
		return
	}
	if *only == "profile" {
		benchProfile(dir, tools) // profile.go
		return
	}
	if *only == "ustack" {
		benchUstack(dir, target, tools)
		return
	}
	if *only == "metrics" {
		benchHistHit(target, tools)
		benchScrape(gsAbs, target)
		return
	}
	if *only == "startup" {
		if *base != "" {
			baseAbs, err := filepath.Abs(*base)
			check(err)
			tools = append([]tool{{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }}}, tools...)
		}
		benchStartup(target, tools)
		return
	}
	probe := "uprobe:" + target + ":f"
	scripts := []struct{ name, script string }{
		{"empty probe", probe + " { }"},
		{"printf(\"%d\\n\", arg0)", probe + ` { printf("%d\n", arg0); }`},
		{"@[func] = count()", probe + ` { @[func] = count(); }`},
		{"@h = hist(arg0)", probe + ` { @h = hist(arg0); }`},
	}
	n := strconv.Itoa(*calls)

	// Per-call cost, interleaving tools so that drift hits all alike.
	untraced := []float64{}
	perCall := map[string][]float64{}
	lost := map[string]string{}
	for r := 0; r < *runs; r++ {
		stderr, _ := run(nil, target, n)
		untraced = append(untraced, parse(stderr, `ns_per_call ([\d.]+)`))
		for _, s := range scripts {
			for _, tl := range tools {
				key := tl.name + "|" + s.name
				stderr, _ := run(nil, tl.argv(target+" "+n, s.script)...)
				perCall[key] = append(perCall[key], parse(stderr, `ns_per_call ([\d.]+)`))
				if m := regexp.MustCompile(`(?i)lost (\d+)`).FindStringSubmatch(stderr); m != nil {
					lost[key] = m[1]
				}
			}
		}
	}
	fmt.Printf("\nper call over %d calls (median of %d runs, ns)\n", *calls, *runs)
	fmt.Printf("  %-26s %10.1f\n", "untraced", median(untraced))
	for _, s := range scripts {
		row := fmt.Sprintf("  %-26s", s.name)
		var vals []float64
		for _, tl := range tools {
			key := tl.name + "|" + s.name
			v := median(perCall[key])
			vals = append(vals, v)
			l := lost[key]
			if l == "" {
				l = "0"
			}
			row += fmt.Sprintf(" %s %8.1f (lost %s)", tl.name, v, l)
		}
		if len(vals) == 2 {
			row += fmt.Sprintf("   gs/bpftrace %.2f", vals[0]/vals[1])
		}
		if s.name != scripts[0].name {
			row += fmt.Sprintf("   gs/gs-empty %.2f", vals[0]/median(perCall["gs|"+scripts[0].name]))
		}
		fmt.Println(row)
	}

	// Aggregation over an empty probe, side by side in one run.
	pairScripts := []struct{ name, script string }{
		{"@[func] = count()", `{ @[func] = count(); }`},
		{"@h = hist(arg0)", `{ @h = hist(arg0); }`},
		{"@[tid] = count()", `{ @[tid] = count(); }`},
		{"{ } (control)", `{ }`},
	}
	ratios := map[string][]float64{}
	for r := 0; r < *runs; r++ {
		for _, s := range pairScripts {
			for _, tl := range tools {
				script := "uprobe:" + target + ":f { } uprobe:" + target + ":g " + s.script
				stderr, _ := run(nil, tl.argv(target+" pair "+n, script)...)
				ratios[tl.name+"|"+s.name] = append(ratios[tl.name+"|"+s.name], parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`))
			}
		}
	}
	fmt.Printf("\ncost over an empty probe, side by side in one run (g/f per call, median of %d runs)\n", *runs)
	for _, s := range pairScripts {
		row := fmt.Sprintf("  %-26s", s.name)
		for _, tl := range tools {
			row += fmt.Sprintf(" %s %.3f", tl.name, median(ratios[tl.name+"|"+s.name]))
		}
		fmt.Println(row)
	}

	benchStartup(target, tools)
	placementBench(dir, tools, gsAbs)
	benchDebuginfod(gsAbs, dir)
	benchHistHit(target, tools)
	benchScrape(gsAbs, target)
	benchProfile(dir, tools) // profile.go
}

// benchStartup measures the time from launch until a -c target is
// released (probes attached), and a whole -c run of a target that exits at
// once, interleaving the tools run by run so that drift hits all alike.
func benchStartup(target string, tools []tool) {
	probe := "uprobe:" + target + ":f { }"
	attach := map[string][]float64{}
	whole := map[string][]float64{}
	for r := 0; r < *runs; r++ {
		for _, tl := range tools {
			start := time.Now()
			stderr, _ := run(nil, tl.argv(target+" once", probe)...)
			whole[tl.name] = append(whole[tl.name], float64(time.Since(start).Microseconds())/1000)
			started := parse(stderr, `started_ns (\d+)`)
			attach[tl.name] = append(attach[tl.name], (started-float64(start.UnixNano()))/1e6)
		}
	}
	fmt.Printf("\nstart-up (median of %d runs, ms)\n", *runs)
	bt := "bpftrace"
	for _, tl := range tools {
		row := fmt.Sprintf("  %-10s launch→target released %7.1f   whole -c run %7.1f", tl.name, median(attach[tl.name]), median(whole[tl.name]))
		if tl.name != bt && len(whole[bt]) > 0 {
			row += fmt.Sprintf("   /bpftrace: released %.2fx, whole %.2fx", median(attach[tl.name])/median(attach[bt]), median(whole[tl.name])/median(whole[bt]))
		}
		fmt.Println(row)
	}
}

func run(stdin []byte, argv ...string) (string, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stdout = nil // /dev/null: printing cost is the tool's, not the terminal's
	cmd.Stderr = &stderr
	err := cmd.Run()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n%s", strings.Join(argv, " "), err, stderr.String())
	}
	return stderr.String(), err
}

func parse(s, re string) float64 {
	m := regexp.MustCompile(re).FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	return v
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(1)
}
