package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// benchOutput measures what gs's output side costs per event: reading a
// record, decoding and printing it. The figure is gs's CPU time (user and
// system; gs traces the target with -p, so the target's time, the
// probes' included, is not in it) for a case, less that of a control run
// (the probe empty, or the map not printed), divided by the lines (or map
// keys) printed, so that lost events do not flatter a slow printer. Two
// gs binaries run side by side, interleaved run by run (-gs, the one
// under test, and -base, the one before a change), so that drift in the
// machine's speed hits both alike; each figure is the median of -runs.
//
//	go run ./bench -only output -gs bin/gs -base /work/base/gs-742f08a
//
// The cases: 1M printf events (an integer and a string), 1M print()s of a
// DWARF struct (nested struct, char array, double, bitfields), and the
// print at exit of a map of 100k keys (@[arg0] = count(), its control the
// same script with print_maps_on_exit = false), each in text and in JSON.
func benchOutput(dir, target string) {
	if *base == "" {
		fail("-only output needs -base, the gs binary to compare with")
	}
	baseAbs, err := filepath.Abs(*base)
	check(err)
	gsAbs, err := filepath.Abs(*gs)
	check(err)
	bins := []struct{ name, path string }{{"before", baseAbs}, {"after", gsAbs}}

	n := strconv.Itoa(*calls)
	keys := strconv.Itoa(*mapKeys)
	h := "uprobe:" + target + ":h "
	f := "uprobe:" + target + ":f "
	noPrint := "config = { print_maps_on_exit = false } "
	type outCase struct {
		name    string
		args    []string // before -e
		command []string // the target
		script  string
		control string
		perKey  bool // divide by the map's keys, not by lines
	}
	var cases []outCase
	for _, format := range []string{"text", "json"} {
		args := []string{"-f", format}
		cases = append(cases,
			outCase{"printf %d %s, " + format, args, []string{target, "item", n},
				h + `{ printf("%d %s\n", arg0, str(arg1)); }`, h + "{ }", false},
			outCase{"print(*it) struct, " + format, args, []string{target, "item", n},
				h + `{ print(*it); }`, h + "{ }", false},
			outCase{"@[arg0] = count() " + keys + " keys, " + format,
				append(args, "--map-entries", strconv.Itoa(2**mapKeys)), []string{target, keys},
				f + `{ @[arg0] = count(); }`, noPrint + f + `{ @[arg0] = count(); }`, true},
		)
	}

	// Per run and case, the two binaries one after the other, in turns
	// (before then after, then after then before): a figure per binary and
	// the ratio of the two, which drift between runs moves less.
	type figs struct{ cpu, user, lines [2][]float64 }
	per := map[string]*figs{}
	ratios := map[string]*[2][]float64{} // cpu, user
	for r := 0; r < *runs; r++ {
		for _, c := range cases {
			if per[c.name] == nil {
				per[c.name], ratios[c.name] = &figs{}, &[2][]float64{}
			}
			var cpu, user [2]float64
			ok := true
			for k := range bins {
				i := k
				if r%2 == 1 {
					i = 1 - k
				}
				b := bins[i]
				all, u, lines, err := runCPU(append(append([]string{b.path}, c.args...), "-e", c.script), c.command)
				if err != nil {
					ok = false
					continue
				}
				ctl, ctlUser, _, err := runCPU(append(append([]string{b.path}, c.args...), "-e", c.control), c.command)
				if err != nil {
					ok = false
					continue
				}
				events := float64(lines)
				if c.perKey {
					events = float64(*mapKeys)
				}
				if events == 0 {
					ok = false
					continue
				}
				cpu[i], user[i] = (all-ctl)/events*1e9, (u-ctlUser)/events*1e9
				f := per[c.name]
				f.cpu[i] = append(f.cpu[i], cpu[i])
				f.user[i] = append(f.user[i], user[i])
				f.lines[i] = append(f.lines[i], float64(lines))
			}
			if ok && cpu[0] > 0 && user[0] > 0 {
				ratios[c.name][0] = append(ratios[c.name][0], cpu[1]/cpu[0])
				ratios[c.name][1] = append(ratios[c.name][1], user[1]/user[0])
			}
		}
	}
	fmt.Printf("\noutput: gs CPU per event printed (or per map key), less a control run without the printing (ns; median of %d runs; ratio: median of the runs' after/before)\n", *runs)
	fmt.Printf("  before %s\n  after  %s\n", baseAbs, gsAbs)
	fmt.Printf("  %-34s %10s %10s %6s   %10s %10s %6s   %9s %9s\n", "case", "cpu before", "after", "ratio", "user bef.", "after", "ratio", "lines bef", "after")
	for _, c := range cases {
		f, rs := per[c.name], ratios[c.name]
		fmt.Printf("  %-34s %10.1f %10.1f %6.3f   %10.1f %10.1f %6.3f   %9.0f %9.0f\n", c.name,
			median(f.cpu[0]), median(f.cpu[1]), median(rs[0]), median(f.user[0]), median(f.user[1]), median(rs[1]),
			median(f.lines[0]), median(f.lines[1]))
	}
}

// runCPU starts target (in its wait mode) and gs on it with -p, so that
// gs's CPU time is gs's alone; releases the target once gs has attached;
// and returns gs's CPU time (user and system, and user alone) and the
// lines of its output, counted and thrown away.
func runCPU(gsArgv []string, target []string) (cpu, user float64, lines int, err error) {
	tc := exec.Command(target[0], append([]string{"wait"}, target[1:]...)...)
	release, err := tc.StdinPipe()
	check(err)
	if err := tc.Start(); err != nil {
		return 0, 0, 0, err
	}
	defer tc.Wait()
	defer release.Close()
	argv := append(append([]string(nil), gsArgv[:len(gsArgv)-2]...), "-p", strconv.Itoa(tc.Process.Pid))
	argv = append(argv, gsArgv[len(gsArgv)-2:]...)
	cmd := exec.Command(argv[0], argv[1:]...) // tools: none (the gs binaries the bench was given)
	errPipe, err := cmd.StderrPipe()
	check(err)
	out, err := cmd.StdoutPipe()
	check(err)
	if err := cmd.Start(); err != nil {
		tc.Process.Kill()
		return 0, 0, 0, err
	}
	// gs says so on stderr (text) or in its output (JSON's attached_probes).
	attached := make(chan struct{})
	var once sync.Once
	var stderr bytes.Buffer
	stderrDone := make(chan struct{})
	go func() {
		defer close(stderrDone)
		sc := bufio.NewScanner(errPipe)
		for sc.Scan() {
			stderr.Write(sc.Bytes())
			stderr.WriteByte('\n')
			if bytes.Contains(sc.Bytes(), []byte("Attached")) {
				once.Do(func() { close(attached) })
			}
		}
		once.Do(func() { close(attached) })
	}()
	counted := make(chan int)
	go func() {
		n := 0
		buf := make([]byte, 1<<16)
		for {
			k, rerr := out.Read(buf)
			if n == 0 && bytes.Contains(buf[:k], []byte(`"attached_probes"`)) {
				once.Do(func() { close(attached) })
			}
			n += bytes.Count(buf[:k], []byte{'\n'})
			if rerr != nil {
				break
			}
		}
		counted <- n
	}()
	select {
	case <-attached:
	case <-time.After(60 * time.Second):
		tc.Process.Kill()
	}
	release.Write([]byte{'\n'})
	release.Close()
	lines = <-counted
	<-stderrDone
	if err := cmd.Wait(); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n%s", argv, err, stderr.String())
		return 0, 0, 0, err
	}
	st := cmd.ProcessState
	return (st.UserTime() + st.SystemTime()).Seconds(), st.UserTime().Seconds(), lines, nil
}
