//go:build kernels

// Package kernels runs gs on the kernels production runs, under qemu: for
// each kernel package Debian serves (the 6.1 that linux-image-amd64 names
// and the newest 6.12), it downloads the package with apt-get, boots its
// vmlinuz with an initramfs that holds busybox, a static gs, test targets
// and a script (guest.sh), and checks what each one-liner printed against
// the lines the target prints about itself.
//
// The build tag keeps it out of `go test ./...`; `make test-kernels` (part
// of `make test`) runs it. It fails, never skips, when qemu, busybox or the
// kernel packages are missing: scripts/deps.sh kernels installs them.
// Downloaded kernels (their /boot) are cached in $GS_KERNEL_CACHE, or
// /var/cache/gs-kernels.
package kernels

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
)

// bootTimeout bounds one guest: TCG boot plus the tests take 30 s on an
// idle machine, minutes on a busy one.
const bootTimeout = 8 * time.Minute

// kernelPackages returns the Debian packages to boot: the 6.1 that
// linux-image-amd64 depends on and the newest 6.12 for bookworm.
func kernelPackages(t *testing.T) []string {
	out, err := exec.Command("apt-cache", "depends", "linux-image-amd64").Output()
	if err != nil {
		t.Fatalf("apt-cache depends linux-image-amd64: %v", err)
	}
	var pkgs []string
	if m := regexp.MustCompile(`Depends: (linux-image-6\.1\.0-\d+-amd64)\b`).FindSubmatch(out); m != nil {
		pkgs = append(pkgs, string(m[1]))
	} else {
		t.Fatalf("apt-cache depends linux-image-amd64 names no 6.1 kernel:\n%s", out)
	}
	out, err = exec.Command("apt-cache", "search", "--names-only", `^linux-image-6\.12\..*\+deb12-amd64$`).Output()
	if err != nil {
		t.Fatalf("apt-cache search linux-image: %v", err)
	}
	var v612 []string
	for _, line := range strings.Split(string(out), "\n") {
		if name, _, ok := strings.Cut(line, " "); ok {
			v612 = append(v612, name)
		}
	}
	if len(v612) == 0 {
		t.Fatalf("apt-cache search finds no linux-image-6.12.*+deb12-amd64 (run apt-get update)")
	}
	sort.Slice(v612, func(i, j int) bool { return patch(v612[i]) < patch(v612[j]) })
	return append(pkgs, v612[len(v612)-1])
}

// patch returns the patch level of linux-image-6.12.N+deb12-amd64.
func patch(pkg string) int {
	var n int
	fmt.Sscanf(strings.TrimPrefix(pkg, "linux-image-6.12."), "%d", &n)
	return n
}

func cacheDir(t *testing.T) string {
	dir := os.Getenv("GS_KERNEL_CACHE")
	if dir == "" {
		dir = "/var/cache/gs-kernels"
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// vmlinuz returns the path of pkg's kernel image, downloading and unpacking
// the package into the cache the first time.
func vmlinuz(t *testing.T, cache, pkg string) string {
	unpacked := filepath.Join(cache, pkg)
	if m, _ := filepath.Glob(filepath.Join(unpacked, "boot", "vmlinuz-*")); len(m) == 1 {
		return m[0]
	}
	debs, _ := filepath.Glob(filepath.Join(cache, pkg+"_*.deb"))
	if len(debs) == 0 {
		cmd := exec.Command("apt-get", "download", pkg)
		cmd.Dir = cache
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("apt-get download %s: %v\n%s", pkg, err, out)
		}
		debs, _ = filepath.Glob(filepath.Join(cache, pkg+"_*.deb"))
		if len(debs) == 0 {
			t.Fatalf("apt-get download %s left no .deb in %s", pkg, cache)
		}
	}
	tmp := unpacked + ".tmp"
	os.RemoveAll(tmp)
	if out, err := exec.Command("dpkg", "-x", debs[0], tmp).CombinedOutput(); err != nil {
		t.Fatalf("dpkg -x %s: %v\n%s", debs[0], err, out)
	}
	// Keep /boot only: the modules are not needed (BPF and uprobes are built
	// in, as the configs say) and are most of the package.
	if err := os.MkdirAll(unpacked, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(tmp, "boot"), filepath.Join(unpacked, "boot")); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(tmp)
	os.Remove(debs[0]) // the cache keeps /boot only
	m, _ := filepath.Glob(filepath.Join(unpacked, "boot", "vmlinuz-*"))
	if len(m) != 1 {
		t.Fatalf("%s has no boot/vmlinuz-*", pkg)
	}
	return m[0]
}

// checkConfig fails unless the kernel has what gs needs built in: the
// initramfs loads no modules.
func checkConfig(t *testing.T, vmlinuz string) {
	cfg, err := os.ReadFile(strings.Replace(vmlinuz, "vmlinuz-", "config-", 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []string{"CONFIG_BPF_SYSCALL", "CONFIG_UPROBE_EVENTS", "CONFIG_BPF_EVENTS", "CONFIG_DEBUG_INFO_BTF", "CONFIG_SERIAL_8250_CONSOLE", "CONFIG_BLK_DEV_INITRD"} {
		if !bytes.Contains(cfg, []byte("\n"+opt+"=y\n")) {
			t.Errorf("%s: %s is not built in; the guest loads no modules", vmlinuz, opt)
		}
	}
}

func TestKernels(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Fatal("the kernel matrix needs root (apt-get download into the cache)")
	}
	initrd := buildInitramfs(t)
	cache := cacheDir(t)
	for _, pkg := range kernelPackages(t) {
		t.Run(strings.TrimPrefix(pkg, "linux-image-"), func(t *testing.T) {
			k := vmlinuz(t, cache, pkg)
			checkConfig(t, k)
			start := time.Now()
			console := boot(t, k, initrd)
			t.Logf("%s: booted and tested in %v", pkg, time.Since(start).Round(time.Second))
			release := strings.TrimPrefix(pkg, "linux-image-")
			if !strings.Contains(console, "\nversion|1|kernel: Linux "+release+"\n") {
				t.Errorf("gs --version does not report Linux %s", release)
			}
			checkGuest(t, release, console)
		})
	}
}

// qemuArgs is how the guest runs: TCG (nested KVM hung), two vCPUs so that
// per-CPU maps and cross-CPU reads are exercised, one host thread for both
// (thread=single). QEMU 7.2's multi-threaded TCG does not keep the other
// vCPU's translated code coherent with the kernel's live text patching:
// when a static key flips (the first task-bound perf event, a BPF program,
// a sysctl), text_poke_bp writes an int3, syncs every CPU, writes the rest
// and removes the int3; the other vCPU, running the old translation, still
// executes the int3 after the patch is done, and the kernel, finding no
// patch in progress, dies with "Oops: int3" half way through a NOP (seen
// once in 9 matrix runs, right after gs --version, at __schedule+0x407).
// Flipping kernel.sched_schedstats in a loop while two processes ping-pong
// on a pipe oopsed within 2,000 flips in each of 2 boots of 6.12 with the
// default MTTCG (6.1 soft-locked instead), and not in 20,000 flips on each
// kernel with thread=single.
var qemuArgs = []string{"-accel", "tcg,thread=single", "-cpu", "max", "-m", "2G", "-smp", "2"}

// oopsRE matches the first line of a kernel oops, BUG, panic or warning on
// the console.
var oopsRE = regexp.MustCompile(`(?m)^(\[ *\d+\.\d+\] )?(Oops: |BUG: |Kernel panic|kernel BUG at |general protection fault|WARNING: CPU: )`)

// kernelOops returns the console from the first oops on (60 lines), or "".
func kernelOops(console string) string {
	loc := oopsRE.FindStringIndex(console)
	if loc == nil {
		return ""
	}
	lines := strings.SplitAfterN(console[loc[0]:], "\n", 61)
	if len(lines) > 60 {
		lines = lines[:60]
	}
	return strings.Join(lines, "")
}

// boot runs the kernel with initrd under qemu and returns the serial
// console's output. A kernel oops fails the test, with the oops: the guest
// runs nothing but gs and its targets.
func boot(t *testing.T, kernel, initrd string) string {
	ctx, cancel := context.WithTimeout(context.Background(), bootTimeout)
	defer cancel()
	// no_timer_check: a host busy enough to starve the guest makes the
	// IO-APIC timer check fail at boot ("IO-APIC + timer doesn't work!", a
	// panic that says nothing about gs).
	args := append(append([]string{}, qemuArgs...), "-kernel", kernel, "-initrd", initrd,
		"-append", "console=ttyS0 panic=-1 quiet no_timer_check", "-nographic", "-no-reboot")
	cmd := exec.CommandContext(ctx, "qemu-system-x86_64", args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	console := strings.ReplaceAll(out.String(), "\r\n", "\n")
	if oops := kernelOops(console); oops != "" {
		t.Fatalf("the guest kernel oopsed:\n%s", oops)
	}
	if ctx.Err() != nil {
		t.Fatalf("qemu timed out after %v; console:\n%s", bootTimeout, console)
	}
	if err != nil {
		t.Fatalf("qemu: %v; console:\n%s", err, console)
	}
	if !strings.Contains(console, "=== done") {
		t.Fatalf("the guest did not finish its tests; console:\n%s", console)
	}
	return console
}

// guestTest is the output of one test the guest ran.
type guestTest struct {
	Code           int
	Stdout, Stderr []string
}

// parseConsole splits the console into the guest's tests: guest.sh frames
// each with "=== NAME rc=N" and prefixes its lines with "NAME|1|" (stdout)
// or "NAME|2|" (stderr).
func parseConsole(console string) map[string]*guestTest {
	tests := map[string]*guestTest{}
	head := regexp.MustCompile(`^=== (\S+) rc=(\d+)$`)
	sc := bufio.NewScanner(strings.NewReader(console))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := head.FindStringSubmatch(line); m != nil {
			g := tests[m[1]]
			if g == nil {
				g = &guestTest{}
				tests[m[1]] = g
			}
			fmt.Sscanf(m[2], "%d", &g.Code)
			continue
		}
		name, rest, ok := strings.Cut(line, "|")
		if !ok {
			continue
		}
		g := tests[name]
		if g == nil {
			g = &guestTest{Code: -1}
			tests[name] = g
		}
		switch {
		case strings.HasPrefix(rest, "1|"):
			g.Stdout = append(g.Stdout, rest[2:])
		case strings.HasPrefix(rest, "2|"):
			g.Stderr = append(g.Stderr, rest[2:])
		}
	}
	return tests
}

// wants returns the lines the target announced with "want: " whose text
// matches re.
func (g *guestTest) wants(re string) []string {
	var w []string
	r := regexp.MustCompile(re)
	for _, l := range g.Stderr {
		if s, ok := strings.CutPrefix(l, "want: "); ok && r.MatchString(s) {
			w = append(w, s)
		}
	}
	return w
}

func (g *guestTest) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", g.Code, strings.Join(g.Stdout, "\n"), strings.Join(g.Stderr, "\n"))
}

// check is what one guest test must print. Want lines are literal, each
// must be on stdout in this order; wantFrom takes them from the target's
// "want:" lines that match the regular expression; match lists regular
// expressions that stdout (joined by newlines) must match.
type check struct {
	name     string
	want     []string
	wantFrom string
	match    []string
	stderr   []string // regular expressions stderr must match
	code     int
	kernel   string // only on kernels whose release starts with this
}

var checks = []check{
	{name: "oneliner", wantFrom: `^a = `},
	{name: "printf", wantFrom: `^add `},
	{name: "values", wantFrom: `^it->id = `},
	{name: "pie_global", wantFrom: `^counter = `},
	{name: "static_global", wantFrom: `^counter = `},
	{name: "retval", wantFrom: `^retval \d`},
	{name: "count_hist", wantFrom: `^@c: `, match: []string{`(?m)^@h:\n\[0\]\s+1 \|@+\|$`, `(?m)^\[16, 32\)\s+1 \|@+\|$`}},
	{name: "ustack", match: []string{`(?m)^@\[\n        leaf\+0\n        mid\+\d+\n        main\+\d+\n(        [^\n]+\n)*\]: 3$`}},
	{name: "ustack_static", match: []string{`(?m)^@\[\n        leaf\+0\n        mid\+\d+\n        main\+\d+\n        __libc_start_call_main\+\d+\n\]: 3$`}},
	{name: "libc_str", wantFrom: `^GSK_`},
	// -c's process tree: gs_fork and gs_exit (tp_btf) load and follow the
	// shell's children.
	{name: "tree", wantFrom: `^a = `, stderr: []string{`(?m)^gs: process \d+ joined the traced tree \(forked by \d+\): .*dyn`}},
	// A PIE's own globals in the tree's processes after their exec, at
	// every call (bias probes; 6.1 has no bpf_get_func_ip in uprobes).
	{name: "tree_global", want: []string{`counter = 42, msg = "hello"`, `counter = 42, msg = "hello"`, `counter = 42, msg = "hello"`}},
	{name: "begin_interval", want: []string{"begin", "tick"}},
	// tseries (OpTseries, CLOCK_TAI from bpf_ktime_get_tai_ns) and exit()
	// stopping every probe in the kernel: one hit, one interval.
	{name: "tseries", want: []string{"@n: 1"}, match: []string{`(?m)^@t:\n +6 +8\n`, `(?m)^\d\d:\d\d:\d\d\.\d{9} \| +\* +\| 7$`}},
	{name: "untouched", want: []string{`far away`}},
	{name: "const_deref", want: []string{`<read error at 0x8>`}},
	// USDT: constant arguments, and a probe guarded by its semaphore,
	// which the kernel raises (ref_ctr_offset) for the probe to run at
	// all; the target prints the semaphore and each time it runs the probe.
	{name: "usdt", want: []string{"consts 5 -7 -1234567890123", "guarded 0", "consts 5 -7 -1234567890123", "guarded 1",
		"consts 5 -7 -1234567890123", "guarded 2"}, stderr: []string{`(?m)^self: sem=1$`, `(?m)^self: fired 2$`}},
	// Perf-event probes: the interrupted task's user stack by CFI (-O2
	// without frame pointers), every page fault of touch, a watch by name
	// on a PIE's global printing each value written.
	{name: "profile", match: []string{`(?m)^@\[\n        spin\+\d+\n        (heavy|light)\+\d+\n        main\+\d+\n`}},
	{name: "software", match: []string{`(?m)^@\[\n        touch\+\d+\n        main\+\d+\n(        [^\n]+\n)*\]: 50$`}},
	{name: "watchpoint", wantFrom: `^g_counter = `},
	{name: "maps", match: []string{`(?m)^count 3 len 3$`, `(?m)^kv 0 0$`, `(?m)^kv 1 10$`, `(?m)^kv 2 20$`}}, // the walk's order is the hash's

	// What each kernel lacks, by the kernel's history: uprobe_multi links
	// came in 6.6, bpf_get_func_ip in uprobes in 6.4,
	// bpf_copy_from_user_str in 6.12.
	{name: "version", kernel: "6.1.", match: []string{
		`(?m)^kernel feature: this kernel lacks uprobe_multi links \(Linux 6\.6\): one uprobe per probe$`,
		`(?m)^kernel feature: this kernel lacks the bpf_copy_from_user_str kfunc \(Linux 6\.12\): `,
		`(?m)^kernel feature: this kernel lacks bpf_get_func_ip in uprobes \(Linux 6\.4\): `,
		`(?m)^attach: one uprobe per probe$`,
		`(?m)^reads: sleepable, faulting pages in \(bpf_copy_from_user, page by page for strings\)$`,
		`(?m)^load bias: a probe at each module's entry point or initializer, /proc/PID/maps for processes already running \(bpf_get_func_ip returns 0 in uprobes: `,
	}},
	{name: "oneliner", kernel: "6.1.", stderr: []string{
		`(?m)^gs: this kernel lacks uprobe_multi links \(Linux 6\.6\): one uprobe per probe$`,
	}},
	{name: "version", kernel: "6.12.", match: []string{
		`(?m)^kernel features: all present$`,
		`(?m)^attach: uprobe_multi links$`,
		`(?m)^load bias: bpf_get_func_ip at the probe`,
	}},
}

// sysglobalRuns is how many times the guest runs sysglobal.sh: a system-wide
// probe reading a PIE's own global in a process started after gs must find
// the module's bias in every run (on 6.1 it once did in 3 runs of 7).
const sysglobalRuns = 10

func allChecks() []check {
	cs := append([]check{}, checks...)
	for n := 1; n <= sysglobalRuns; n++ {
		cs = append(cs, check{name: fmt.Sprintf("sysglobal_%d", n), wantFrom: `^g = `})
	}
	return cs
}

func checkGuest(t *testing.T, release, console string) {
	tests := parseConsole(console)
	for _, c := range allChecks() {
		if !strings.HasPrefix(release, c.kernel) {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			g := tests[c.name]
			if g == nil {
				t.Fatalf("the guest did not run %s; console:\n%s", c.name, console)
			}
			if g.Code != c.code {
				t.Errorf("exit %d, want %d\n%s", g.Code, c.code, g)
			}
			want := c.want
			if c.wantFrom != "" {
				want = g.wants(c.wantFrom)
				if len(want) == 0 {
					t.Fatalf("the target announced no line matching %q\n%s", c.wantFrom, g)
				}
			}
			if !inOrder(g.Stdout, want) {
				t.Errorf("stdout lacks, in order:\n%s\n%s", strings.Join(want, "\n"), g)
			}
			out := strings.Join(g.Stdout, "\n")
			for _, re := range c.match {
				if !regexp.MustCompile(re).MatchString(out) {
					t.Errorf("stdout does not match %q\n%s", re, g)
				}
			}
			errOut := strings.Join(g.Stderr, "\n")
			for _, re := range c.stderr {
				if !regexp.MustCompile(re).MatchString(errOut) {
					t.Errorf("stderr does not match %q\n%s", re, g)
				}
			}
			for _, l := range g.Stdout {
				if strings.Contains(l, "<read error") && c.name != "const_deref" || strings.Contains(l, "NULL") || strings.Contains(l, "<not available") {
					t.Errorf("stdout has a failed read: %q\n%s", l, g)
				}
			}
		})
	}
}

// inOrder reports whether want is a subsequence of lines.
func inOrder(lines, want []string) bool {
	i := 0
	for _, l := range lines {
		if i < len(want) && l == want[i] {
			i++
		}
	}
	return i == len(want)
}

// root is the repository's top directory.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// TestKernelOops checks the oops detection on a console a TCG guest
// printed when it oopsed (testdata/oops_console.txt, QEMU's multi-threaded
// TCG with a static key flipping) and on one without an oops.
func TestKernelOops(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "oops_console.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := kernelOops(string(b))
	if !strings.HasPrefix(got, "[    8.943716] Oops: int3: 0000 [#1] PREEMPT SMP NOPTI\n") || !strings.Contains(got, "RIP: 0010:enqueue_entity+0xb6/0x520") {
		t.Errorf("kernelOops does not start at the oops or lacks its RIP:\n%s", got)
	}
	if got := kernelOops("=== version rc=0\nversion|1|gs dev\n=== done\n"); got != "" {
		t.Errorf("kernelOops found an oops in a clean console: %q", got)
	}
}
