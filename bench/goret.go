package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
)

// benchGoRet measures Go return probes (issue 23, goal 5) against an
// entry probe, per call, in one run: the target (bench/testdata/goret)
// calls entry (an entry probe on its emulated stack-check branch), retjcc
// (a uretprobe whose return address is followed by a compare and a jcc:
// the probe there is emulated) and retmov (whose return address is
// followed by stores and no branch before the result is overwritten: the
// probe there is single-stepped). gs puts both uretprobes on the return
// addresses of their calls (every call is known); --exact-placement keeps
// a single-stepped probe on each RET. Untraced is the target alone.
func benchGoRet(dir string, gsAbs string) {
	target := filepath.Join(dir, "goret")
	cmd := exec.Command("go", "build", "-o", target, "./bench/testdata/goret")
	if out, err := cmd.CombinedOutput(); err != nil {
		fail("build the Go target: %v\n%s", err, out)
	}
	all := []tool{
		{"untraced", nil},
		{"gs", func(t, s string) []string { return []string{gsAbs, "-q", "-c", t, "-e", s} }},
		{"gs --exact-placement", func(t, s string) []string { return []string{gsAbs, "-q", "--exact-placement", "-c", t, "-e", s} }},
	}
	if *base != "" {
		baseAbs, err := filepath.Abs(*base)
		check(err)
		all = append(all, tool{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }})
	}
	const n = "100000"
	script := "uprobe:" + target + ":main.entry { } uretprobe:" + target + ":main.retjcc { } uretprobe:" + target + ":main.retmov { }"
	type fig struct{ entry, jcc, mov []float64 }
	figs := map[string]*fig{}
	for r := 0; r < *runs; r++ {
		for _, tl := range all {
			argv := []string{target, n}
			if tl.argv != nil {
				argv = tl.argv(target+" "+n, script)
			}
			stderr, err := run(nil, argv...)
			if err != nil {
				continue
			}
			if figs[tl.name] == nil {
				figs[tl.name] = &fig{}
			}
			f := figs[tl.name]
			f.entry = append(f.entry, parse(stderr, `pair_ns ([\d.]+)`))
			f.jcc = append(f.jcc, parse(stderr, `pair_ns [\d.]+ ([\d.]+)`))
			f.mov = append(f.mov, parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`))
		}
	}
	fmt.Printf("\nGo return probes next to an entry probe, one run (%s calls each, median of %d runs, ns a call)\n", n, *runs)
	for _, tl := range all {
		f := figs[tl.name]
		if f == nil {
			fmt.Printf("  %-22s failed\n", tl.name)
			continue
		}
		e, j, m := median(f.entry), median(f.jcc), median(f.mov)
		fmt.Printf("  %-22s entry %8.1f   uretprobe, jcc after the call %8.1f (%.2fx)   no emulated after the call %8.1f (%.2fx)\n",
			tl.name, e, j, j/e, m, m/e)
	}
}
