package main

import (
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// benchUstack measures what @[ustack] = count() costs per hit over an
// empty probe, side by side in one run (target paircall: an empty probe on
// fc, the script on gc), in the target built with frame pointers and in
// one built without them (the stack is then walked by call frame
// information). fc and gc start with a push in both builds, which the
// kernel emulates: no single-step swamps the figures.
//
// With -base, the gs before a change runs in the same rounds (gs-base).
func benchUstack(dir, fpTarget string, tools []tool) {
	if *base != "" {
		baseAbs, err := filepath.Abs(*base)
		check(err)
		tools = append([]tool{{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }}}, tools...) // tools: none (gs-base runs the targets the bench compiles)
	}
	nofp := filepath.Join(dir, "target-nofp")
	if err := testtarget.Compile("", testtarget.Clang, "-g", "-O2", "-fomit-frame-pointer", "-o", nofp, "bench/testdata/target.c"); err != nil {
		fail("compile target: %v", err)
	}
	const calls = 200000
	n := strconv.Itoa(calls)
	targets := []struct{ name, bin string }{{"frame pointers", fpTarget}, {"no frame pointers (CFI)", nofp}}
	type fig struct{ f, g, ratio []float64 }
	figs := map[string]*fig{}
	for r := 0; r < *runs; r++ {
		for _, t := range targets {
			for _, tl := range tools {
				script := "uprobe:" + t.bin + ":fc { } uprobe:" + t.bin + ":gc { @[ustack] = count(); }"
				stderr, err := run(nil, tl.argv(t.bin+" paircall "+n, script)...)
				if err != nil {
					continue
				}
				key := tl.name + "|" + t.name
				if figs[key] == nil {
					figs[key] = &fig{}
				}
				fg := figs[key]
				fg.f = append(fg.f, parse(stderr, `pair_ns ([\d.]+) [\d.]+`))
				fg.g = append(fg.g, parse(stderr, `pair_ns [\d.]+ ([\d.]+)`))
				fg.ratio = append(fg.ratio, parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`))
			}
		}
	}
	fmt.Printf("\n@[ustack] = count() next to an empty probe, side by side in one run (%d calls, median of %d runs)\n", calls, *runs)
	fmt.Printf("  %-26s %-9s %9s %9s %8s %9s\n", "target", "tool", "empty ns", "ustack ns", "ratio", "cost ns")
	for _, t := range targets {
		for _, tl := range tools {
			fg := figs[tl.name+"|"+t.name]
			if fg == nil {
				fmt.Printf("  %-26s %-9s failed\n", t.name, tl.name)
				continue
			}
			f, g := median(fg.f), median(fg.g)
			fmt.Printf("  %-26s %-9s %9.1f %9.1f %8.2f %9.1f\n", t.name, tl.name, f, g, median(fg.ratio), g-f)
		}
	}
}
