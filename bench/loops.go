package main

import (
	"fmt"
	"strconv"
)

// benchLoops measures what one iteration of a while loop costs in a probe:
// a probe on f runs the loop 0 times, one on g the same loop N times, in
// one run (target pair), so that ns per iteration = (g - f) / N is not
// moved by drift in the machine's speed. The same for unroll(100) against
// the probe without it, and for over a map against the probe without it.
// loopScript is the probe: a loop whose result is stored, so that
// bpftrace's compiler cannot drop it, and that it cannot fold (s*3+i).
const loopScript = `{ $s = arg0; $i = 0; while ($i < %d) { $s = $s * 3 + $i; $i++; } @s = $s; }`

func benchLoops(target string, tools []tool) {
	const calls = 100000
	n := strconv.Itoa(calls)
	type loopCase struct {
		name   string
		iters  int
		f, g   string
		prefix string // probes before f and g
	}
	var cases []loopCase
	for _, iters := range []int{10, 100, 1000} {
		cases = append(cases, loopCase{
			fmt.Sprintf("while, %d iterations", iters), iters,
			fmt.Sprintf(loopScript, 0), fmt.Sprintf(loopScript, iters), "",
		})
	}
	cases = append(cases, loopCase{"unroll(100)", 100,
		`{ $s = arg0; @s = $s; }`, `{ $s = arg0; unroll(100) { $s = $s * 3 + 1; } @s = $s; }`, ""})
	// for over a map of 100 keys: the walk's snapshot (bpf_for_each_map_elem)
	// is part of what an iteration costs.
	cases = append(cases, loopCase{"for over a map, 100 keys", 100,
		`{ $s = arg0; @s = $s; }`, `{ $s = arg0; for ($kv : @m) { $s = $s * 3 + $kv.1; } @s = $s; }`,
		`BEGIN { for ($i : 0..100) { @m[$i] = $i; } } `})
	per := map[string][]float64{}
	for r := 0; r < *runs; r++ {
		for _, c := range cases {
			for _, tl := range tools {
				script := c.prefix + "uprobe:" + target + ":f " + c.f + " uprobe:" + target + ":g " + c.g
				stderr, err := run(nil, tl.argv(target+" pair "+n, script)...)
				if err != nil {
					continue
				}
				fns := parse(stderr, `pair_ns ([\d.]+) [\d.]+`)
				gns := parse(stderr, `pair_ns [\d.]+ ([\d.]+)`)
				key := tl.name + "|" + c.name
				per[key] = append(per[key], (gns-fns)/float64(c.iters))
			}
		}
	}
	fmt.Printf("\nloops: ns per iteration = (probe with N iterations - with 0) / N, side by side in one run (%d calls, median of %d runs)\n", calls, *runs)
	for _, c := range cases {
		row := fmt.Sprintf("  %-26s", c.name)
		vals := map[string]float64{}
		for _, tl := range tools {
			v := median(per[tl.name+"|"+c.name])
			vals[tl.name] = v
			row += fmt.Sprintf(" %s %7.2f", tl.name, v)
		}
		if b := vals["gs-base"]; b > 0 {
			row += fmt.Sprintf("   gs/gs-base %.2f", vals["gs"]/b)
		}
		if b := vals["bpftrace"]; b > 0 {
			row += fmt.Sprintf("   gs/bpftrace %.1f", vals["gs"]/b)
		}
		fmt.Println(row)
	}
}
