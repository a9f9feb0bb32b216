package bt

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gs-tracer/gs/printfmt"
)

// Status is how a case ended.
type Status int

// The statuses. Only Pass is a pass; NotRun is neither a pass nor a
// failure.
const (
	Pass Status = iota
	Fail
	Timeout // the command was still running at the end of TIMEOUT and the output did not match
	NotRun  // the case cannot run here (Result.Reason says why)
)

func (s Status) String() string {
	return [...]string{"PASS", "FAIL", "TIMEOUT", "NOT RUN"}[s]
}

// Result is what one case did.
type Result struct {
	Case    *Case
	Status  Status
	Reason  string // why it failed or did not run, one line
	Command string // the shell command run
	Output  string // stdout and stderr of the command, interleaved
	Code    int    // its exit status (-1 after a timeout)
	Elapsed time.Duration
}

// NotifyAttached is the line gs prints on stdout once every probe is
// attached when the environment has it set (bpftrace's engine waits for the
// same line before it starts AFTER and counts TIMEOUT).
const NotifyAttached = "__BPFTRACE_NOTIFY_PROBES_ATTACHED"

// AttachTimeout bounds the wait for NotifyAttached, as in bpftrace's engine.
const AttachTimeout = 10 * time.Second

// Engine runs cases.
type Engine struct {
	GS       string          // the gs binary, for {{BPFTRACE}}
	Dir      string          // the directory commands run in (relative paths in cases are from here)
	Features map[string]bool // what `gs --info` says gs has (REQUIRES_FEATURE)
	Kernel   string          // the running kernel's release (uname -r)
	// BpftraceStyle maps gs's diagnostics onto bpftrace's words before
	// the expectations are checked (style.go): on for bpftrace's own
	// suite, off for gs's cases (testdata), which check gs's words.
	BpftraceStyle bool
}

// NewEngine returns an engine for gs run in dir, with gs's features read
// from `gs --info`. {{BPFTRACE}} names dir/.bin/bpftrace, a link to gs:
// bpftrace's cases expect the tracer's comm to be "bpftrace".
func NewEngine(gs, dir string) (*Engine, error) {
	abs, err := filepath.Abs(gs)
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, ".bin")
	link := filepath.Join(bin, "bpftrace")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	os.Remove(link)
	if err := os.Symlink(abs, link); err != nil {
		return nil, err
	}
	e := &Engine{GS: link, Dir: dir, Features: map[string]bool{}}
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		return nil, err
	}
	e.Kernel = cString(u.Release[:])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// A gs without --info has no feature REQUIRES_FEATURE asks for.
	out, _ := exec.CommandContext(ctx, gs, "--info").CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
		if ok && strings.TrimSpace(v) == "yes" {
			e.Features[strings.TrimSpace(k)] = true
		}
	}
	return e, nil
}

func cString(b []int8) string {
	var s []byte
	for _, c := range b {
		if c == 0 {
			break
		}
		s = append(s, byte(c))
	}
	return string(s)
}

// featureNames maps REQUIRES_FEATURE's names to the lines of `--info` that
// grant them (bpftrace's engine reads the same lines of bpftrace --info).
var featureNames = map[string]string{
	"loop":               "Loop support",
	"probe_read_kernel":  "probe_read_kernel",
	"btf":                "btf",
	"fentry":             "fentry",
	"dpath":              "dpath",
	"signal":             "send_signal",
	"iter":               "iter",
	"libpath_resolv":     "bcc library path resolution",
	"dwarf":              "libdw (DWARF support)",
	"kprobe_multi":       "kprobe_multi",
	"kprobe_session":     "kprobe_session",
	"uprobe_multi":       "uprobe_multi",
	"aot":                "aot",
	"skboutput":          "skboutput",
	"get_tai_ns":         "get_ktime_ns",
	"get_func_ip":        "get_func_ip",
	"jiffies64":          "jiffies64",
	"lookup_percpu_elem": "lookup_percpu_elem",
	"dwunwind":           "dwunwind (DWARF stack unwinding)",
	"blazesym":           "blazesym (advanced symbolization)",
}

// hostArch is what ARCH names this machine by: the machine and the byte
// order.
func hostArch() map[string]bool {
	m := map[string]string{"amd64": "x86_64", "arm64": "aarch64", "386": "i386"}[runtime.GOARCH]
	if m == "" {
		m = runtime.GOARCH
	}
	return map[string]bool{m: true, "le": true}
}

// ArchMatches reports whether the case's ARCH allows this machine.
func (c *Case) ArchMatches() bool {
	host := hostArch()
	pos, ok := false, true
	for _, a := range c.Arch {
		if n, neg := strings.CutPrefix(a, "!"); neg {
			if host[n] {
				return false
			}
			continue
		}
		pos = true
		if host[a] {
			return true
		}
		ok = false
	}
	return !pos || ok
}

// notRun says why the case cannot run here, or "".
func (e *Engine) notRun(c *Case) string {
	if !c.ArchMatches() {
		return "ARCH " + strings.Join(c.Arch, "|")
	}
	if c.MinKernel != "" && compareVersions(c.MinKernel, e.Kernel) > 0 {
		return "MIN_KERNEL " + c.MinKernel
	}
	if c.MaxKernel != "" && compareVersions(c.MaxKernel, e.Kernel) < 0 {
		return "MAX_KERNEL " + c.MaxKernel
	}
	if k := c.SkipIfEnv[0]; k != "" && os.Getenv(k) == c.SkipIfEnv[1] {
		return "SKIP_IF_ENV_HAS " + k + "=" + c.SkipIfEnv[1]
	}
	for _, f := range c.Features {
		name, neg := strings.CutPrefix(f, "!")
		line, known := featureNames[name]
		if !known {
			return "unknown feature " + f
		}
		if e.Features[line] == neg {
			return "feature " + f
		}
	}
	for _, r := range c.Requires {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, "sh", "-c", r)
		cmd.Dir = e.Dir
		err := cmd.Run()
		cancel()
		if err != nil {
			return "REQUIRES " + r
		}
	}
	return ""
}

// compareVersions compares dotted kernel versions numerically, part by
// part ("6.18.1-amd64" > "6.2").
func compareVersions(a, b string) int {
	pa, pb := versionParts(a), versionParts(b)
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x = pa[i]
		}
		if i < len(pb) {
			y = pb[i]
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

var numRE = regexp.MustCompile(`\d+`)

func versionParts(v string) []int {
	v, _, _ = strings.Cut(v, "-")
	var out []int
	for _, s := range numRE.FindAllString(v, -1) {
		n, _ := strconv.Atoi(s)
		out = append(out, n)
	}
	return out
}

// proc is a process started in its own session, killed with its group.
type proc struct {
	cmd  *exec.Cmd
	out  bytes.Buffer
	done chan struct{}
}

func (e *Engine) start(argv []string, shell string, env []string) (*proc, error) {
	var cmd *exec.Cmd
	if shell != "" {
		cmd = exec.Command("sh", "-c", shell)
	} else {
		cmd = exec.Command(argv[0], argv[1:]...) // tools: none (the cases' BEFORE lines, which the scan reads in testdata)
	}
	cmd.Dir = e.Dir
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = &p.out, &p.out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { cmd.Wait(); close(p.done) }()
	return p, nil
}

// stop waits up to grace for p to end by itself, then kills its group.
func (p *proc) stop(grace time.Duration) {
	select {
	case <-p.done:
	case <-time.After(grace):
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
	}
}

// Run runs one case.
func (e *Engine) Run(c *Case) (r Result) {
	r = Result{Case: c, Code: -1}
	t0 := time.Now()
	defer func() { r.Elapsed = time.Since(t0) }()
	if why := e.notRun(c); why != "" {
		r.Status, r.Reason = NotRun, why
		return r
	}
	fail := func(format string, args ...any) Result {
		r.Status, r.Reason = Fail, fmt.Sprintf(format, args...)
		return r
	}
	if c.Setup != "" {
		if out, err := e.shell(c.Setup); err != nil {
			return fail("SETUP: %v: %s", err, firstLine(out))
		}
	}
	var befores []*proc
	defer func() {
		for _, b := range befores {
			b.stop(time.Second)
		}
	}()
	var nsenter []string
	beforePID := 0
	for i, b := range c.Befores {
		argv := strings.Fields(b)
		if len(argv) == 0 {
			return fail("BEFORE: empty command")
		}
		want := filepath.Base(argv[len(argv)-1])
		if c.NewPIDNS {
			want = filepath.Base(argv[0])
			if i == 0 {
				argv = append([]string{"unshare", "--fork", "--pid", "--mount-proc", "-r", "--kill-child", "--"}, argv...)
			} else {
				argv = append(append([]string(nil), nsenter...), absAll(e.Dir, argv)...)
			}
		}
		p, err := e.start(argv, "", os.Environ())
		if err != nil {
			return fail("BEFORE %s: %v", b, err)
		}
		befores = append(befores, p)
		pid, ok := waitChild(p, want, c.NewPIDNS, time.Duration(c.Timeout)*time.Second)
		if !ok {
			r.Output = p.out.String()
			return fail("BEFORE %s did not start in %ds", b, c.Timeout)
		}
		if i == 0 {
			beforePID = pid
			if c.NewPIDNS {
				nsenter = []string{"nsenter", "-p", "-m", "-t", strconv.Itoa(pid)}
			}
		}
	}

	call := e.command(c)
	if len(nsenter) > 0 {
		call = strings.Join(nsenter, " ") + " " + call
	}
	if strings.Contains(call, "{{BEFORE_PID}}") {
		if beforePID == 0 || c.NewPIDNS {
			return fail("{{BEFORE_PID}} needs a BEFORE (and no NEW_PIDNS)")
		}
		call = strings.ReplaceAll(call, "{{BEFORE_PID}}", strconv.Itoa(beforePID))
	}
	r.Command = call
	env := []string{"test=" + c.Name, NotifyAttached + "=1", "PATH=" + os.Getenv("PATH"), "NO_COLOR=1", "DEBUGINFOD_URLS="}
	for k, v := range c.Env {
		env = append(env, k+"="+v)
	}

	output, code, timedOut, attached, after, err := e.runMain(c, call, env, nsenter)
	r.Output, r.Code = output, code
	if after != nil {
		after.stop(time.Second)
	}
	if err != nil {
		return fail("%v", err)
	}
	for _, b := range befores {
		b.stop(time.Second)
	}
	befores = nil
	if c.Cleanup != "" {
		if out, err := e.shell(c.Cleanup); err != nil {
			return fail("CLEANUP: %v: %s", err, firstLine(out))
		}
	}
	if !timedOut {
		if code != c.ReturnCode && !c.WillFail {
			return fail("exit code %d, want %d", code, c.ReturnCode)
		}
		if code == 0 && c.WillFail {
			return fail("exit code 0, want a failure (WILL_FAIL)")
		}
	}
	if e.BpftraceStyle {
		output = bpftraceStyle(output, c.Script()) // style.go
	}
	for _, x := range c.Expects {
		if why := e.check(c, x, output); why != "" {
			if timedOut {
				r.Status, r.Reason = Timeout, fmt.Sprintf("timed out after %ds; %s", c.Timeout, why)
				if !attached {
					r.Reason = fmt.Sprintf("timed out: no %s in %v; %s", NotifyAttached, AttachTimeout, why)
				}
				return r
			}
			return fail("%s", why)
		}
	}
	r.Status = Pass
	return r
}

// command is the shell command of the case.
func (e *Engine) command(c *Case) string {
	gs := shellQuote(e.GS)
	if c.Run != "" {
		return strings.ReplaceAll(c.Run, "{{BPFTRACE}}", gs)
	}
	json := ""
	if len(c.Expects) > 0 && c.Expects[0].Mode == ExpectJSON {
		json = "-q -f json "
	}
	return gs + " " + json + "-e " + shellQuote(c.Prog)
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func absAll(dir string, argv []string) []string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if strings.Contains(a, "/") && !filepath.IsAbs(a) {
			a = filepath.Join(dir, a)
		}
		out[i] = a
	}
	return out
}

// mainShell runs a case's command (its RUN or PROG line). The cases are
// written for bash: basic's "defines work" passes `echo '...\n...'`,
// which bash's echo leaves alone and dash's (this machine's sh) turns into
// a newline, breaking the string literal the script holds.
const mainShell = "bash"

// runMain runs the case's command: it waits up to AttachTimeout for the
// attach notice, starts AFTER then, and gives the command TIMEOUT seconds
// more. At the end of either it sends SIGTERM, then SIGKILL a second later.
func (e *Engine) runMain(c *Case, call string, env, nsenter []string) (output string, code int, timedOut, attached bool, after *proc, err error) {
	cmd := exec.Command(mainShell, "-c", call)
	cmd.Dir = e.Dir
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		return "", -1, false, false, nil, err
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return "", -1, false, false, nil, err
	}
	pw.Close()
	lines := make(chan string)
	go func() {
		defer close(lines)
		br := bufio.NewReader(pr)
		for {
			s, err := br.ReadString('\n')
			if s != "" {
				lines <- s
			}
			if err != nil {
				return
			}
		}
	}()
	var out strings.Builder
	timer := time.NewTimer(AttachTimeout)
	defer timer.Stop()
	pgid := cmd.Process.Pid
loop:
	for {
		select {
		case s, ok := <-lines:
			if !ok {
				break loop
			}
			if !attached && s == NotifyAttached+"\n" {
				attached = true
				if c.Exact() {
					out.Reset()
				}
				timer.Reset(time.Duration(c.Timeout) * time.Second)
				if c.After != "" {
					a := c.After
					if len(nsenter) > 0 {
						a = strings.Join(nsenter, " ") + " " + a
					}
					after, _ = e.start(nil, a, os.Environ())
				}
				continue
			}
			out.WriteString(s)
		case <-timer.C:
			timedOut = true
			syscall.Kill(-pgid, syscall.SIGTERM)
			kill := time.AfterFunc(time.Second, func() { syscall.Kill(-pgid, syscall.SIGKILL) })
			for s := range lines {
				out.WriteString(s)
			}
			kill.Stop()
			break loop
		}
	}
	pr.Close()
	werr := cmd.Wait()
	// Anything the shell left behind in the group goes too.
	syscall.Kill(-pgid, syscall.SIGKILL)
	code = cmd.ProcessState.ExitCode()
	if timedOut {
		code = -1
	}
	_ = werr
	return strings.ReplaceAll(out.String(), "\r\n", "\n"), code, timedOut, attached, after, nil
}

// waitChild waits until p (or, in a new pid namespace, p's child) runs a
// program named want and returns its pid.
func waitChild(p *proc, want string, child bool, timeout time.Duration) (int, bool) {
	if len(want) > 15 {
		want = want[:15] // comm's length
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case <-p.done:
			return 0, false
		default:
		}
		pid := p.cmd.Process.Pid
		if child {
			data, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
			f := strings.Fields(string(data))
			pid = 0
			if err == nil && len(f) > 0 {
				pid, _ = strconv.Atoi(f[0])
			}
		}
		if pid != 0 {
			comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
			if err == nil && strings.TrimSpace(string(comm)) == want {
				return pid, true
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return 0, false
}

func (e *Engine) shell(s string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", s)
	cmd.Dir = e.Dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// check matches one expectation, returning why it failed or "".
func (e *Engine) check(c *Case, x Expect, output string) string {
	switch x.Mode {
	case ExpectText, ExpectTextNone:
		re := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(x.Text) + `\s*$`)
		if re.MatchString(output) != (x.Mode == ExpectText) {
			if x.Mode == ExpectText {
				return "no line " + strconv.Quote(x.Text)
			}
			return "a line " + strconv.Quote(x.Text)
		}
	case ExpectRegex, ExpectRegexNone:
		re, err := regexp.Compile(`(?m)` + x.Text)
		if err != nil {
			return fmt.Sprintf("EXPECT_REGEX %q: %v", x.Text, err)
		}
		if re.MatchString(output) != (x.Mode == ExpectRegex) {
			if x.Mode == ExpectRegex {
				return "no match for " + strconv.Quote(x.Text)
			}
			return "a match for " + strconv.Quote(x.Text)
		}
	case ExpectFile:
		want, err := os.ReadFile(filepath.Join(e.Dir, x.Text))
		if err != nil {
			return err.Error()
		}
		w := strings.TrimSpace(string(want))
		if c.LocalizeTS >= 0 {
			w = printfmt.Strftime(w, time.Unix(c.LocalizeTS, 0))
		}
		if strings.TrimSpace(output) != w {
			return "output differs from " + x.Text
		}
	case ExpectJSON:
		want, err := os.ReadFile(filepath.Join(e.Dir, x.Text))
		if err != nil {
			return err.Error()
		}
		got := strings.Split(strings.TrimSpace(output), "\n")
		var wantLines []string
		if strings.HasSuffix(x.Text, ".ndjson") {
			wantLines = strings.Split(strings.TrimSpace(string(want)), "\n")
		} else {
			wantLines = []string{string(want)}
		}
		if len(got) != len(wantLines) {
			return fmt.Sprintf("%d lines of JSON, want %d (%s)", len(got), len(wantLines), x.Text)
		}
		for i := range got {
			if !jsonEqual(got[i], wantLines[i]) {
				return fmt.Sprintf("JSON line %d differs from %s", i+1, x.Text)
			}
		}
	}
	return ""
}

func jsonEqual(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}
