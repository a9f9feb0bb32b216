package main

import (
	"fmt"
	"path/filepath"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// usdtBench measures the per-hit cost of a USDT probe (issue 21): in one
// run, `@s = sum(arg0)` on a USDT site (a NOP the kernel emulates, its
// argument in a register) and on the entry of a function starting with a
// push (a uprobe on an emulated instruction), in alternating blocks; the
// cost is each block's time a call over the untraced run's. gs and
// bpftrace run the same script.
func usdtBench(dir string, tools []tool) {
	target := filepath.Join(dir, "usdt")
	if err := testtarget.Compile("", testtarget.GCC, "-O2", "-o", target, "bench/testdata/usdt.c"); err != nil {
		fail("compile usdt target: %v", err)
	}
	n := "200000"
	script := "usdt:" + target + ":bench:hit { @s = sum(arg0) } uprobe:" + target + ":pushfirst { @t = sum(arg0) }"
	site, push := map[string][]float64{}, map[string][]float64{}
	all := append([]tool{{"untraced", nil}}, tools...)
	for r := 0; r < *runs; r++ {
		for _, tl := range all {
			argv := []string{target, n}
			if tl.argv != nil {
				argv = tl.argv(target+" "+n, script)
			}
			stderr, _ := run(nil, argv...)
			site[tl.name] = append(site[tl.name], parse(stderr, `pair_ns ([\d.]+)`))
			push[tl.name] = append(push[tl.name], parse(stderr, `pair_ns [\d.]+ ([\d.]+)`))
		}
	}
	fmt.Printf("\nUSDT probe vs uprobe on an emulated push, @s = sum(arg0), one run (%s calls each, median of %d runs, ns a call; cost over untraced)\n", n, *runs)
	s0, p0 := median(site["untraced"]), median(push["untraced"])
	fmt.Printf("  %-10s usdt site %8.1f   push %8.1f\n", "untraced", s0, p0)
	for _, tl := range tools {
		s, p := median(site[tl.name]), median(push[tl.name])
		fmt.Printf("  %-10s usdt site %8.1f (+%6.1f)   uprobe on push %8.1f (+%6.1f)\n", tl.name, s, s-s0, p, p-p0)
	}
}
