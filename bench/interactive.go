package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// benchInteractive measures gs -i (docs/interactive.md): the time from a
// trace command to its probe armed (the answer, printed once attached)
// and to its first event, against a whole new gs run with the same probe
// (launch to "Attached 1 probe", and to its first event), on one target
// that calls f every 100 us.
func benchInteractive(dir, gsAbs string) {
	spin := filepath.Join(dir, "spin")
	if err := testtarget.Compile("", testtarget.GCC, "-g", "-O2", "-o", spin, "bench/testdata/spin.c"); err != nil {
		fail("compile spin: %v", err)
	}
	target := exec.Command(spin)
	check(target.Start())
	defer func() { target.Process.Kill(); target.Wait() }()
	pid := strconv.Itoa(target.Process.Pid)
	probe := func(i int) string { return fmt.Sprintf(`uprobe:%s:f { printf("hit%d %%d\n", i) }`, spin, i) }

	var armedI, firstI, armedN, firstN []float64
	gs := exec.Command(gsAbs, "-i", "-p", pid)
	stdin, err := gs.StdinPipe()
	check(err)
	stdout, err := gs.StdoutPipe()
	check(err)
	check(gs.Start())
	lines := make(chan string, 1<<16)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	wait := func(prefix string) {
		for l := range lines {
			if strings.HasPrefix(l, prefix) {
				return
			}
		}
		fail("gs -i ended before %q", prefix)
	}
	io.WriteString(stdin, "info traces\n")
	wait("no traces")
	for r := 1; r <= *runs; r++ {
		start := time.Now()
		io.WriteString(stdin, "trace "+probe(r)+"\n")
		wait(fmt.Sprintf("trace %d:", r))
		armedI = append(armedI, ms(time.Since(start)))
		wait(fmt.Sprintf("hit%d ", r))
		firstI = append(firstI, ms(time.Since(start)))
		io.WriteString(stdin, fmt.Sprintf("delete %d\n", r))
		wait(fmt.Sprintf("trace %d deleted", r))
	}
	stdin.Close()
	for range lines {
	}
	gs.Wait()

	for r := 1; r <= *runs; r++ {
		start := time.Now()
		cmd := exec.Command(gsAbs, "-p", pid, "-e", probe(r))
		out, err := cmd.StdoutPipe()
		check(err)
		errs, err := cmd.StderrPipe()
		check(err)
		check(cmd.Start())
		armed := make(chan time.Duration, 1)
		go func() {
			sc := bufio.NewScanner(errs)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), "Attached") {
					armed <- time.Since(start)
				}
			}
			io.Copy(io.Discard, errs)
		}()
		sc := bufio.NewScanner(out)
		for sc.Scan() && !strings.HasPrefix(sc.Text(), "hit") {
		}
		first := time.Since(start)
		armedN = append(armedN, ms(<-armed))
		firstN = append(firstN, ms(first))
		cmd.Process.Signal(syscall.SIGINT)
		io.Copy(io.Discard, out)
		cmd.Wait()
	}
	fmt.Printf("\ngs -i: a probe added to a running session, against a new gs run with it (median of %d, ms)\n", *runs)
	fmt.Printf("  %-34s %8s %12s\n", "", "armed", "first event")
	fmt.Printf("  %-34s %8.2f %12.2f\n", "gs -i -p PID: trace PROBE", median(armedI), median(firstI))
	fmt.Printf("  %-34s %8.2f %12.2f\n", "gs -p PID -e PROBE (a new run)", median(armedN), median(firstN))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
