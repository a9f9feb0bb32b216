package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// placementBench measures what probe placement buys (issue 9):
//
//   - an empty probe on a function whose first instructions the kernel
//     single-steps before a push (stepfirst) next to one on a function
//     starting with the push (pushfirst), and one on a function that
//     returns before any emulated instruction (retfirst: mov; add; ret),
//     all in one run, per call: gs (which moves the first probe to the
//     push and the third to retfirst's call), gs --exact-placement and
//     bpftrace;
//   - SQLite's amalgamation (gcc -O2, from the npm package better-sqlite3
//     as the tests fetch it): 20,000 inserts, an index and a scan in
//     memory, untraced and with every sqlite3* function probed by
//     `@n = count()`, timing the workload itself (bpftrace takes minutes
//     to attach and detach its single uprobes).
func placementBench(dir string, tools []tool, gsAbs string) {
	target := filepath.Join(dir, "placement")
	if err := testtarget.Compile("", testtarget.GCC, "-O2", "-o", target, "bench/testdata/placement.c"); err != nil {
		fail("compile placement target: %v", err)
	}
	all := append([]tool{{"gs --exact-placement", func(t, s string) []string {
		return []string{gsAbs, "-q", "--exact-placement", "-c", t, "-e", s}
	}}}, tools...)
	if *base != "" { // the gs before a change, in the same run
		all = append([]tool{{"gs -base", func(t, s string) []string { return []string{*base, "-q", "-c", t, "-e", s} }}}, all...)
	}
	n := "100000"
	script := "uprobe:" + target + ":stepfirst { } uprobe:" + target + ":pushfirst { } uprobe:" + target + ":retfirst { }"
	step, push, ret := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	for r := 0; r < *runs; r++ {
		for _, tl := range all {
			stderr, _ := run(nil, tl.argv(target+" "+n, script)...)
			step[tl.name] = append(step[tl.name], parse(stderr, `pair_ns ([\d.]+)`))
			push[tl.name] = append(push[tl.name], parse(stderr, `pair_ns [\d.]+ ([\d.]+)`))
			ret[tl.name] = append(ret[tl.name], parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`))
		}
	}
	fmt.Printf("\nempty probe, single-stepped first instruction vs push first vs no emulated instruction before the ret, one run (%s calls each, median of %d runs, ns a call)\n", n, *runs)
	for _, tl := range all {
		s, p, r := median(step[tl.name]), median(push[tl.name]), median(ret[tl.name])
		fmt.Printf("  %-22s stepfirst %8.0f   pushfirst %8.0f   ratio %.2f   retfirst %8.0f   ratio %.2f\n", tl.name, s, p, s/p, r, r/p)
	}

	src := sqliteSource()
	if src == "" {
		return
	}
	// Built once: the driver and the amalgamation do not change.
	sq := filepath.Join(src, "..", "..", "..", "sqlite_work") // .cache/sqlite
	if _, err := os.Stat(sq); err != nil {
		fmt.Println("\nbuilding SQLite (gcc -O2, a few minutes)...")
		if err := testtarget.Compile("", testtarget.GCC, "-g", "-O2", "-I", src, "-o", sq+".tmp", "bench/testdata/sqlite_work.c",
			filepath.Join(src, "sqlite3.c"), "-lpthread", "-lm"); err != nil {
			fail("compile sqlite: %v", err)
		}
		check(os.Rename(sq+".tmp", sq))
	}
	// bpftrace refuses more than 512 probes unless told.
	os.Setenv("BPFTRACE_MAX_PROBES", "4096")
	count := "uprobe:" + sq + ":sqlite3* { @n = count() }"
	times := map[string][]float64{}
	names := []string{"untraced"}
	for _, tl := range all {
		names = append(names, tl.name)
	}
	sqRuns := min(*runs, 3)
	for r := 0; r < sqRuns; r++ {
		stderr, _ := run(nil, sq)
		times["untraced"] = append(times["untraced"], parse(stderr, `workload_ms ([\d.]+)`))
		for _, tl := range all {
			stderr, _ := run(nil, tl.argv(sq, count)...)
			times[tl.name] = append(times[tl.name], parse(stderr, `workload_ms ([\d.]+)`))
		}
	}
	fmt.Printf("\nSQLite in memory, 20,000 inserts + index + scan, every sqlite3* function counted (workload time, median of %d runs, ms)\n", sqRuns)
	bt := median(times["bpftrace"])
	for _, name := range names {
		v := median(times[name])
		row := fmt.Sprintf("  %-22s %10.1f", name, v)
		if bt > 0 && name != "bpftrace" {
			row += fmt.Sprintf("   /bpftrace %.3f", v/bt)
		}
		fmt.Println(row)
	}
}

// sqliteSource finds SQLite's amalgamation where the tests keep it
// (.cache/sqlite), fetching it with npm as they do.
func sqliteSource() string {
	cache, _ := filepath.Abs(filepath.Join(".cache", "sqlite"))
	src := filepath.Join(cache, "package", "deps", "sqlite3")
	if _, err := os.Stat(filepath.Join(src, "sqlite3.c")); err == nil {
		return src
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		fmt.Println("no SQLite:", err)
		return ""
	}
	for _, argv := range [][]string{
		{"npm", "pack", "--silent", "better-sqlite3@12.11.1"},
		{"tar", "xzf", "better-sqlite3-12.11.1.tgz", "package/deps/sqlite3/sqlite3.c", "package/deps/sqlite3/sqlite3.h"},
	} {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = cache
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Printf("no SQLite (%s: %v)\n%s", argv[0], err, out)
			return ""
		}
	}
	return src
}
