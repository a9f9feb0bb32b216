package main

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// benchHistHit measures what @h = hist(arg0) costs per hit over an empty
// probe, side by side in one run (target pair: an empty probe on f, the
// script on g), for -gs, for -base (the gs before the hidden sum that a
// histogram keeps for its metrics' _sum) and for bpftrace. It reports the
// median of f's ns per call, of what the hist adds over it, and of g/f.
func benchHistHit(target string, tools []tool) {
	if *base != "" {
		baseAbs, err := filepath.Abs(*base)
		check(err)
		tools = append([]tool{{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }}}, tools...)
	}
	n := strconv.Itoa(*calls)
	type fig struct{ f, cost, ratio []float64 }
	figs := map[string]*fig{}
	for r := 0; r < *runs; r++ {
		for _, tl := range tools {
			script := "uprobe:" + target + ":f { } uprobe:" + target + ":g { @h = hist(arg0); }"
			stderr, err := run(nil, tl.argv(target+" pair "+n, script)...)
			if err != nil {
				continue
			}
			if figs[tl.name] == nil {
				figs[tl.name] = &fig{}
			}
			fg := figs[tl.name]
			// The ratio is the median over block pairs, which drift
			// between blocks does not move: the cost is f's time times
			// the ratio's excess, not g's median minus f's.
			f, ratio := parse(stderr, `pair_ns ([\d.]+) [\d.]+`), parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`)
			fg.f = append(fg.f, f)
			fg.cost = append(fg.cost, f*(ratio-1))
			fg.ratio = append(fg.ratio, ratio)
		}
	}
	fmt.Printf("\n@h = hist(arg0) per hit over an empty probe, side by side in one run (median of %d runs of %d calls)\n", *runs, *calls)
	for _, tl := range tools {
		fg := figs[tl.name]
		if fg == nil {
			continue
		}
		row := fmt.Sprintf("  %-10s empty probe %7.1f ns, hist over it %6.1f ns   g/f %.3f", tl.name, median(fg.f), median(fg.cost), median(fg.ratio))
		if b := figs["gs-base"]; tl.name == "gs" && b != nil {
			row += fmt.Sprintf("   /gs-base: g/f %.3fx", median(fg.ratio)/median(b.ratio))
		}
		fmt.Println(row)
	}
}
