package e2e

import (
	"context"
	"math"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/cpus"
	"github.com/gs-tracer/gs/procmaps"
)

// TestProfileStacks: profile:hz:499 { @[ustack] = count() } on a target
// built without frame pointers (gcc -O2 -fomit-frame-pointer, clang -O2)
// that spends known shares of its CPU time in heavy, light (both through
// spin) and in_kernel (getppid system calls: samples taken in the kernel
// have the task's user stack). Every sampled stack that starts in one of
// those functions is, caller by caller with their return addresses, the
// backtrace gdb prints at a breakpoint in that function. The shares of
// the samples are the target's own shares of its thread CPU time within
// 6 points (about four standard deviations at a thousand samples), and
// the samples number 499 per second of its CPU time within 25%: a cpu-clock
// event samples whatever runs on the CPU, so the target gets a sample per
// period it runs.
func TestProfileStacks(t *testing.T) {
	for _, v := range []struct {
		variant
		flags []string
	}{
		{variant{CC: gcc, Opt: "-O2", PIE: true}, []string{"-fomit-frame-pointer"}},
		{variant{CC: clang, Opt: "-O2", PIE: false}, nil},
	} {
		t.Run(v.variant.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "profile.c", "profile", v.variant, v.flags...)
			want := map[string]map[string]bool{} // innermost function → gdb's stacks
			for _, fn := range []string{"spin", "heavy", "light", "in_kernel", "getppid"} {
				for stack := range gdbStacks(t, dir, "./profile", "0", fn) {
					name := frameName(strings.Split(stack, " ← ")[0])
					if want[name] == nil {
						want[name] = map[string]bool{}
					}
					want[name][stack] = true
				}
			}
			if len(want) != 5 {
				t.Fatalf("gdb stopped in %d of the 5 functions: %v", len(want), want)
			}
			r := runGS(t, dir, timeout, "-c", "./profile 2", "-e", `profile:hz:499 { @[ustack] = count() }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			m := regexp.MustCompile(`heavy (\S+) light (\S+) in_kernel (\S+) total (\S+)`).FindStringSubmatch(r.Stdout)
			if m == nil {
				t.Fatalf("the target printed no times:\n%s", r.Stdout)
			}
			var own [4]float64
			for i := range own {
				own[i], _ = strconv.ParseFloat(m[i+1], 64)
			}
			parts := []string{"heavy", "light", "in_kernel"}
			var got [3]int
			total, other := 0, 0
			for stack, n := range gsStacks(t, r.Stdout) {
				total += n
				frames := strings.Split(stack, " ← ")
				inner, _, _ := strings.Cut(frames[0], "+")
				ws, ok := want[inner]
				if !ok {
					other += n // main's loop, clock_gettime in the vDSO
					continue
				}
				frames[0] = inner
				if !ws[strings.Join(frames, " ← ")] {
					t.Errorf("sampled stack %s (%d samples) is none of gdb's backtraces in %s: %v", stack, n, inner, ws)
				}
				for i, p := range parts {
					if strings.Contains(" "+strings.Join(frames, " "), " "+p) {
						got[i] += n
					}
				}
			}
			if other*10 > total {
				t.Errorf("%d of %d samples are outside heavy, light and in_kernel", other, total)
			}
			sum := own[0] + own[1] + own[2]
			n := got[0] + got[1] + got[2]
			for i, p := range parts {
				share, ownShare := float64(got[i])/float64(n), own[i]/sum
				if math.Abs(share-ownShare) > 0.06 {
					t.Errorf("%s: %.3f of the samples, %.3f of the target's CPU time (%v s of %v s)", p, share, ownShare, own[i], sum)
				}
			}
			if exp := 499 * own[3]; float64(total) < 0.75*exp || float64(total) > 1.25*exp {
				t.Errorf("%d samples; 499 Hz × %.3f s of CPU time is %.0f", total, own[3], exp)
			}
			if t.Failed() {
				t.Logf("gs output:\n%s", r.Stdout)
			}
		})
	}
}

// TestProfileRate: system-wide, profile:hz:99 samples every online CPU 99
// times a second: over the 2 s until interval:s:2 exits, 99 × 2 × CPUs
// samples within 15%, and each CPU its share. A CPU that is idle gets
// almost no cpu-clock samples in this VM (its timer sleeps with the CPU;
// bpftrace 0.17 counts the same), so the test keeps every CPU busy with a
// spinning shell of its own, one per CPU.
func TestProfileRate(t *testing.T) {
	on, err := cpus.Online()
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	var spinners []*exec.Cmd
	defer func() {
		stop()
		for _, c := range spinners {
			c.Wait()
		}
	}()
	for range on {
		spin := exec.CommandContext(ctx, "sh", "-c", "while :; do :; done")
		if err := spin.Start(); err != nil {
			t.Fatal(err)
		}
		spinners = append(spinners, spin)
	}
	r := runGS(t, t.TempDir(), timeout, "-e", `profile:hz:99 { @n = count(); @c[cpu] = count() } interval:s:2 { exit() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	check := func(what string, got string, exp float64) {
		n, err := strconv.Atoi(got)
		if err != nil || float64(n) < 0.85*exp || float64(n) > 1.15*exp {
			t.Errorf("%s: %s samples, want %.0f ± 15%%", what, got, exp)
		}
	}
	m := regexp.MustCompile(`(?m)^@n: (\d+)$`).FindStringSubmatch(r.Stdout)
	if m == nil {
		t.Fatalf("no @n in:\n%s", r.Stdout)
	}
	check("all CPUs", m[1], 99*2*float64(len(on)))
	per := regexp.MustCompile(`(?m)^@c\[(\d+)\]: (\d+)$`).FindAllStringSubmatch(r.Stdout, -1)
	if len(per) != len(on) {
		t.Errorf("samples on %d CPUs, %d are online (%d in this process's mask):\n%s", len(per), len(on), runtime.NumCPU(), r.Stdout)
	}
	for _, c := range per {
		check("CPU "+c[1], c[2], 99*2)
	}
}

// TestProfileProcess: the profiler one-liner of docs/profile.md on a
// running process, gs -p PID with the filter /pid == $1/: every stack
// counted is the target's (down to main through its own functions, but
// for a leaf in the vdso, which libc's clock_gettime calls, and a sample
// in libc's exit after main returned), and
// there are no more samples than 99 Hz × its CPU time allows, and at
// least half (gs attaches after the target started).
func TestProfileProcess(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "profile.c", "profile", variant{CC: gcc, Opt: "-O2", PIE: true}, "-fomit-frame-pointer")
	tg := exec.Command("./profile", "3")
	tg.Dir = dir
	var out strings.Builder
	tg.Stdout = &out
	if err := tg.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { tg.Process.Kill(); tg.Wait() }()
	// The target's vdso, where cpu()'s clock_gettime (libc's) makes
	// the system call (the vdso has no thread CPU clock of its own).
	// Start returns once exec has released the parent, which the kernel
	// does before it maps the new image's vdso: read until it is there.
	var vdso procmaps.Mapping
	for deadline := time.Now().Add(5 * time.Second); vdso.End == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		ms, err := procmaps.Read(tg.Process.Pid)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			if m.Path == "[vdso]" {
				vdso = m
			}
		}
	}
	if vdso.End == 0 {
		t.Fatalf("process %d maps no [vdso]", tg.Process.Pid)
	}
	pid := strconv.Itoa(tg.Process.Pid)
	r := runGS(t, dir, timeout, "-p", pid, "-e", `profile:hz:99 /pid == $1/ { @[ustack] = count() }`, pid)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	if err := tg.Wait(); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`total (\S+)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("the target printed no times: %q", out.String())
	}
	cpu, _ := strconv.ParseFloat(m[1], 64)
	total := 0
	own := regexp.MustCompile(`^(spin|heavy|light|in_kernel|main)\+`)
	for stack, n := range gsStacks(t, r.Stdout) {
		total += n
		frames := strings.Split(stack, " ← ")
		if strings.HasPrefix(frames[len(frames)-1], "libc_start_call_main+") {
			// After main returned: libc's exit, its handlers and its
			// system call, where none of the target's functions is.
			for _, f := range frames {
				if own.MatchString(f) {
					t.Errorf("stack %s (%d): %s under libc_start_call_main, not main", stack, n, f)
				}
			}
			continue
		}
		if frames[len(frames)-1] == "" || !strings.HasPrefix(frames[len(frames)-1], "main+") {
			t.Errorf("stack %s (%d) does not reach main", stack, n)
		}
		callers := frames[1:]
		if pc, err := strconv.ParseUint(strings.TrimPrefix(frames[0], "0x"), 16, 64); err == nil && strings.HasPrefix(frames[0], "0x") && pc >= vdso.Start && pc < vdso.End {
			// A leaf in the vdso: its caller is libc's clock_gettime.
			if len(callers) == 0 || !strings.HasPrefix(callers[0], "clock_gettime+") {
				t.Errorf("stack %s (%d): a leaf in the vdso [%#x, %#x) not called by clock_gettime", stack, n, vdso.Start, vdso.End)
			} else {
				callers = callers[1:]
			}
		}
		for _, f := range callers {
			if !own.MatchString(f) {
				t.Errorf("stack %s (%d): caller %s is none of the target's functions", stack, n, f)
			}
		}
	}
	// A target that shares its CPU is caught by each 10.1 ms timer tick by
	// chance, so the count is random around 99 × its CPU time with a
	// standard deviation of about its square root (6% at 300 samples):
	// the bound is four of them above, which a doubled count still fails.
	if exp := 99 * cpu; float64(total) > exp+4*math.Sqrt(exp) || float64(total) < 0.5*exp {
		t.Errorf("%d samples; 99 Hz × %.2f s of the target's CPU time is %.0f (at most %.0f allowed)", total, cpu, exp, exp+4*math.Sqrt(exp))
	}
}

// TestProfileTree: with -c's process tree the unwinder knows the
// mappings of the tree's processes, not the command's alone: the target
// runs under sh -c, and the samples in getppid (in libc, called from the
// target's in_kernel, built without frame pointers) unwind to main. Not
// all: gs reads a new process's mappings at its next tick (100 ms), and
// until then a frame in its second module follows rbp; at least 85% of
// 2 s must.
func TestProfileTree(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "profile.c", "profile", variant{CC: gcc, Opt: "-O2", PIE: true}, "-fomit-frame-pointer")
	r := runGS(t, dir, timeout, "-c", `sh -c "./profile 2; true"`, "-e", `profile:hz:499 /comm == "profile"/ { @[ustack] = count() }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	n, good := 0, 0
	for stack, c := range gsStacks(t, r.Stdout) {
		if !strings.HasPrefix(stack, "getppid+") {
			continue
		}
		if regexp.MustCompile(`^getppid\+\d+ ← in_kernel\+\d+ ← main\+\d+$`).MatchString(stack) {
			good += c
		}
		n += c
	}
	if n == 0 || good*100 < n*85 {
		t.Errorf("%d of %d samples in getppid unwind to in_kernel ← main:\n%s", good, n, r.Stdout)
	}
}
