// Command btsuite runs bpftrace's own runtime tests against gs and counts
// what passes:
//
//	go run ./tests/bt/cmd/btsuite -repo /path/to/bpftrace [-rev HEAD] [-run REGEXP] [-out results.txt]
//
// It extracts tests/ of the bpftrace checkout into a temporary directory,
// builds bpftrace's test programs there, selects the cases gs is measured
// on (bt.Selection: uprobes, uretprobes, usdt, profile, software, watchpoint, begin/end and interval only) and
// runs them one by one with gs as {{BPFTRACE}}. It prints how many were
// selected, passed, failed and not run, the most common failure reasons,
// and every case that made gs panic or hang. Nothing of bpftrace's is kept.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/gs-tracer/gs/tests/bt"

	"github.com/gs-tracer/gs/internal/testtarget"
)

func main() {
	repo := flag.String("repo", "", "bpftrace's git directory (bare or not)")
	rev := flag.String("rev", "HEAD", "the commit of bpftrace to take tests/ from")
	gs := flag.String("gs", "", "the gs binary (default: build ./cmd/gs)")
	filter := flag.String("run", "", "run only the selected cases whose suite.name matches this `REGEXP`")
	out := flag.String("out", "", "write one line per selected case (status, id, reason) to `FILE`")
	verbose := flag.Bool("v", false, "print every case's result, and the output of failures")
	keep := flag.Bool("keep", false, "keep the temporary directory")
	flag.Parse()
	if *repo == "" {
		fmt.Fprintln(os.Stderr, "btsuite: -repo is required")
		os.Exit(2)
	}
	if err := run(*repo, *rev, *gs, *filter, *out, *verbose, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "btsuite:", err)
		os.Exit(1)
	}
}

func run(repo, rev, gs, filter, out string, verbose, keep bool) error {
	var re *regexp.Regexp
	if filter != "" {
		var err error
		if re, err = regexp.Compile(filter); err != nil {
			return err
		}
	}
	tmp, err := os.MkdirTemp("", "btsuite-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Println("directory:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}
	if gs == "" {
		gs = filepath.Join(tmp, "gs")
		if err := testtarget.GS(gs); err != nil {
			return err
		}
	} else if gs, err = filepath.Abs(gs); err != nil {
		return err
	}
	tests, err := bt.Extract(repo, rev, tmp)
	if err != nil {
		return err
	}
	t0 := time.Now()
	if failed := bt.Build(tests); len(failed) > 0 {
		fmt.Printf("%d test programs did not build:\n", len(failed))
		for _, f := range failed {
			fmt.Println("  ", f)
		}
	}
	fmt.Printf("built the test programs in %v\n", time.Since(t0).Round(time.Second))
	cases, err := bt.ReadSuite(tests)
	if err != nil {
		return err
	}
	var selected []*bt.Case
	n := 0
	left := map[string]int{}
	for _, c := range cases {
		ok, why := bt.Selection(c, tests)
		if !ok {
			left[why]++
			continue
		}
		n++
		if re == nil || re.MatchString(c.ID()) {
			selected = append(selected, c)
		}
	}
	fmt.Printf("%d cases in bpftrace's runtime tests (%s), %d selected", len(cases), rev, n)
	if re != nil {
		fmt.Printf(", %d of them match -run", len(selected))
	}
	fmt.Println()
	if verbose {
		for why, k := range left {
			fmt.Printf("  not selected: %4d %s\n", k, why)
		}
	}
	eng, err := bt.NewEngine(gs, tests)
	if err != nil {
		return err
	}
	eng.BpftraceStyle = true
	var results []bt.Result
	counts := map[bt.Status]int{}
	for _, c := range selected {
		r := eng.Run(c)
		results = append(results, r)
		counts[r.Status]++
		if verbose || r.Status == bt.Fail || r.Status == bt.Timeout {
			fmt.Printf("%-8s %s (%v): %s\n", r.Status, c.ID(), r.Elapsed.Round(time.Millisecond), r.Reason)
			if verbose && r.Status != bt.Pass && r.Status != bt.NotRun {
				fmt.Printf("\tcommand: %s\n\toutput:\n%s\n", r.Command, indent(r.Output))
			}
		}
	}
	if out != "" {
		var b strings.Builder
		for _, r := range results {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", r.Status, r.Case.ID(), reason(r), r.Reason)
		}
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	summarize(results, counts, len(selected))
	return nil
}

func indent(s string) string {
	if len(s) > 4000 {
		s = s[:4000] + "\n..."
	}
	return "\t\t" + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n\t\t")
}

var (
	errorRE = regexp.MustCompile(`(?m)(?:error|ERROR): (.*)$`)
	gsRE    = regexp.MustCompile(`(?m)^gs: (.*)$`)
	numRE   = regexp.MustCompile(`\d+`)
)

// reason is the kind of failure, for counting: gs's first error message
// with numbers blanked, else the engine's reason with the case's text cut.
func reason(r bt.Result) string {
	if r.Status == bt.Pass {
		return ""
	}
	if r.Status == bt.NotRun {
		return "not run: " + r.Reason
	}
	if isPanic(r) {
		return "PANIC"
	}
	if m := errorRE.FindStringSubmatch(r.Output); m != nil {
		return numRE.ReplaceAllString(m[1], "N")
	}
	if m := gsRE.FindStringSubmatch(r.Output); m != nil {
		return numRE.ReplaceAllString(m[1], "N")
	}
	switch s := r.Reason; {
	case strings.HasPrefix(s, "timed out"):
		return "timed out, output does not match"
	case strings.HasPrefix(s, "no line"), strings.HasPrefix(s, "no match"), strings.HasPrefix(s, "a line"), strings.HasPrefix(s, "a match"),
		strings.Contains(s, "differs"), strings.Contains(s, "lines of JSON"):
		return "output does not match"
	default:
		return numRE.ReplaceAllString(s, "N")
	}
}

// panicRE matches gs's report of an internal error and a Go panic.
var panicRE = regexp.MustCompile(`(?m)^(gs: internal error|panic: |fatal error: )`)

func isPanic(r bt.Result) bool {
	return panicRE.MatchString(r.Output) || r.Code == 70
}

func summarize(results []bt.Result, counts map[bt.Status]int, selected int) {
	byReason := map[string]int{}
	var panics, hangs []string
	for _, r := range results {
		if r.Status == bt.Fail || r.Status == bt.Timeout {
			byReason[reason(r)]++
		}
		if isPanic(r) {
			panics = append(panics, r.Case.ID())
		}
		if r.Status == bt.Timeout {
			hangs = append(hangs, r.Case.ID())
		}
	}
	type kv struct {
		k string
		n int
	}
	var rs []kv
	for k, n := range byReason {
		rs = append(rs, kv{k, n})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].n > rs[j].n || rs[i].n == rs[j].n && rs[i].k < rs[j].k })
	fmt.Printf("\nmost common failure reasons:\n")
	for i, x := range rs {
		if i == 40 {
			break
		}
		k := x.k
		if len(k) > 110 {
			k = k[:110] + "..."
		}
		fmt.Printf("%5d  %s\n", x.n, k)
	}
	if len(panics) > 0 {
		fmt.Printf("\ngs panicked (internal error) in %d: %s\n", len(panics), strings.Join(panics, " "))
	}
	if len(hangs) > 0 {
		fmt.Printf("\ntimed out (killed after TIMEOUT) in %d: %s\n", len(hangs), strings.Join(hangs, " "))
	}
	fmt.Printf("\nselected %d: passed %d, failed %d, timed out %d, not run %d\n",
		selected, counts[bt.Pass], counts[bt.Fail], counts[bt.Timeout], counts[bt.NotRun])
}
