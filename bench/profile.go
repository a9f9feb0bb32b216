package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// benchProfile measures what a sample of profile:hz:999 { @[ustack] =
// count() } costs, in gs and bpftrace, on the e2e suite's profile target
// built with frame pointers and without them (gs unwinds by CFI there;
// bpftrace's frame-pointer walk then stops early, so it does less). The
// figure is the kernel's own account of the tools' perf_event programs
// (kernel.bpf_stats_enabled: run time and runs of each program, read while
// the tool runs). bpftrace 0.17's profile probe samples every task even
// with -c and records every sample (its map counts them all): its figure
// is time per run. gs's events sample every CPU too, but only the
// target's samples (those its map counts) walk a stack; the others stop
// at the in-kernel filter. Their cost is measured apart (gs -p on a
// sleeping process: every run stops there) and taken off, so gs's figure
// is time per sample of the target. The perf event's own interrupt is the
// same for both and not counted.
func benchProfile(dir string, tools []tool) {
	targets := []struct{ name, bin string }{
		{"frame pointers", filepath.Join(dir, "profile-fp")},
		{"no frame pointers (CFI)", filepath.Join(dir, "profile-nofp")},
	}
	for i, fl := range []string{"-fno-omit-frame-pointer", "-fomit-frame-pointer"} {
		if err := testtarget.Compile("", testtarget.GCC, "-g", "-O2", fl, "-o", targets[i].bin, "tests/e2e/testdata/profile.c"); err != nil {
			fail("compile target: %v", err)
		}
	}
	stats, err := ebpf.EnableStats(uint32(unix.BPF_STATS_RUN_TIME))
	if err != nil {
		fail("enable BPF run-time statistics: %v", err)
	}
	defer stats.Close()
	const script = "profile:hz:999 { @[ustack] = count() }"
	// gs's filtered runs: -p on a process that sleeps throughout.
	var filtered []float64
	for r := 0; r < *runs; r++ {
		sleeper := exec.Command("sleep", "10")
		check(sleeper.Start())
		rt, n, _, err := profileRun([]string{tools[0].argv("", "")[0], "-q", "-p", strconv.Itoa(sleeper.Process.Pid), "-e", script + " interval:s:2 { exit() }"})
		sleeper.Process.Kill()
		sleeper.Wait()
		if err == nil && n > 0 {
			filtered = append(filtered, float64(rt.Nanoseconds())/float64(n))
		}
	}
	perFiltered := median(filtered)
	type fig struct{ perSample []float64 }
	figs := map[string]*fig{}
	runsSeen, samplesSeen := map[string]uint64{}, map[string]uint64{}
	for r := 0; r < *runs; r++ {
		for _, t := range targets {
			for _, tl := range tools {
				rt, runs, samples, err := profileRun(tl.argv(t.bin+" 2", script))
				if err != nil || samples == 0 || runs == 0 {
					fmt.Printf("  %s on %s: %v (%d runs, %d samples)\n", tl.name, t.name, err, runs, samples)
					continue
				}
				key := tl.name + "|" + t.name
				if figs[key] == nil {
					figs[key] = &fig{}
				}
				per := float64(rt.Nanoseconds()) / float64(runs)
				if tl.name == "gs" && runs > samples {
					per = (float64(rt.Nanoseconds()) - float64(runs-samples)*perFiltered) / float64(samples)
				}
				figs[key].perSample = append(figs[key].perSample, per)
				runsSeen[key], samplesSeen[key] = runs, samples
			}
		}
	}
	fmt.Printf("\nprofile:hz:999 { @[ustack] = count() }: the perf_event program's kernel time per sample (the target runs 2 s of CPU; median of %d runs)\n", *runs)
	fmt.Printf("  gs, a sample of another task or an idle CPU (stopped by the filter): %.0f ns\n", perFiltered)
	fmt.Printf("  %-26s %-9s %12s %10s %10s\n", "target", "tool", "ns/sample", "runs", "recorded")
	for _, t := range targets {
		for _, tl := range tools {
			key := tl.name + "|" + t.name
			fg := figs[key]
			if fg == nil {
				fmt.Printf("  %-26s %-9s failed\n", t.name, tl.name)
				continue
			}
			fmt.Printf("  %-26s %-9s %12.0f %10d %10d\n", t.name, tl.name, median(fg.perSample), runsSeen[key], samplesSeen[key])
		}
	}
}

// perfPrograms returns the run time and runs of every loaded perf_event
// program, by id.
func perfPrograms() map[ebpf.ProgramID][2]uint64 {
	out := map[ebpf.ProgramID][2]uint64{}
	var id ebpf.ProgramID
	for {
		next, err := ebpf.ProgramGetNextID(id)
		if err != nil {
			return out
		}
		id = next
		p, err := ebpf.NewProgramFromID(id)
		if err != nil {
			continue
		}
		if info, err := p.Info(); err == nil && info.Type == ebpf.PerfEvent {
			if st, err := p.Stats(); err == nil {
				out[id] = [2]uint64{uint64(st.Runtime), st.RunCount}
			}
		}
		p.Close()
	}
}

// profileRun runs argv and returns the run time and runs of the perf_event
// programs it loaded (the last figures seen while it ran) and the samples
// its printed map counts.
func profileRun(argv []string) (time.Duration, uint64, uint64, error) {
	before := perfPrograms()
	cmd := exec.Command(argv[0], argv[1:]...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		return 0, 0, 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	last := map[ebpf.ProgramID][2]uint64{}
	for {
		select {
		case err := <-done:
			var rt, runs uint64
			for _, v := range last {
				rt += v[0]
				runs += v[1]
			}
			var samples uint64
			for _, m := range regexp.MustCompile(`\]: (\d+)\n`).FindAllStringSubmatch(stdout.String(), -1) {
				n, _ := strconv.ParseUint(m[1], 10, 64)
				samples += n
			}
			return time.Duration(rt), runs, samples, err
		case <-time.After(50 * time.Millisecond):
			for id, v := range perfPrograms() {
				if _, old := before[id]; !old {
					last[id] = v
				}
			}
		}
	}
}
