package e2e

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// bpftrace's five uprobe tools (testdata/bttools, as bpftrace ships them
// at e1b7c39) run unchanged against real targets: getaddrinfo and its
// kin in glibc, OpenSSL's libssl talking to `openssl s_server`, Debian's
// bash and glibc's pthread_create. Every line a tool prints is checked
// against what the target printed about the same call: its pid or tid,
// the name it looked up, the bytes libssl returned, the start routine,
// and a latency that cannot exceed the target's own measure of the call.

// toolScript is the path of bpftrace's tool name.bt.
func toolScript(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "bttools", name+".bt"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// targetCalls returns the fields of the lines a target printed on stderr
// as "target: word k=v k=v ...": the first word under "", the pairs by key.
func targetCalls(stderr string) []map[string]string {
	var out []map[string]string
	for _, l := range strings.Split(stderr, "\n") {
		s, ok := strings.CutPrefix(l, "target: ")
		if !ok {
			continue
		}
		m := map[string]string{}
		for i, f := range strings.Fields(s) {
			if k, v, ok := strings.Cut(f, "="); ok {
				m[k] = v
			} else if i == 0 {
				m[""] = f
			}
		}
		out = append(out, m)
	}
	return out
}

// toolLines returns the submatches of re in every line of out that
// matches it.
func toolLines(out string, re *regexp.Regexp) [][]string {
	var ls [][]string
	for _, l := range strings.Split(out, "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			ls = append(ls, m)
		}
	}
	return ls
}

func num(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return n
}

// ntopOf is what ntop() prints of the integer p: its low 4 bytes in
// memory order (little-endian).
func ntopOf(p uint64) string {
	return fmt.Sprintf("%d.%d.%d.%d", p&0xff, p>>8&0xff, p>>16&0xff, p>>24&0xff)
}

func TestToolGethostlatency(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "resolve.c", "resolve", defaultVariant)
	r := runGS(t, dir, timeout, "-c", "./resolve localhost 127.0.0.2", toolScript(t, "gethostlatency"))
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	calls := targetCalls(r.Stderr)
	// TIME  PID COMM LATms HOST: time("%H:%M:%S  "), then "%-6d %-16s %6d %s\n".
	lines := toolLines(r.Stdout, regexp.MustCompile(`^\d\d:\d\d:\d\d  (\d+) +(\S+) +(\d+) (.+)$`))
	if len(calls) != 11 || len(lines) != len(calls) {
		t.Fatalf("%d lines for %d calls\nstdout:\n%s\nstderr:\n%s", len(lines), len(calls), r.Stdout, r.Stderr)
	}
	for i, c := range calls {
		l := lines[i]
		host := c["host"]
		if c[""] == "gethostbyaddr" {
			host = ntopOf(uint64(num(t, host))) // the tool's ntop(arg0) of the pointer
		}
		if l[1] != c["pid"] || l[2] != "resolve" || l[4] != host {
			t.Errorf("line %d: pid %s comm %s host %q; %s was called by pid %s for %q", i, l[1], l[2], l[4], c[""], c["pid"], host)
		}
		if ms, ns := num(t, l[3]), num(t, c["ns"]); ms > ns/1e6 {
			t.Errorf("line %d: %s took %d ms by the tool, %d ns by the target's own clock", i, c[""], ms, ns)
		}
	}
}

// sslServer starts `openssl s_server -rev` on a free port of 127.0.0.1
// with a fresh self-signed certificate and returns the port.
func sslServer(t *testing.T, dir string) string {
	t.Helper()
	key, cert := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem")
	out, err := exec.Command("openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
		"-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", key, "-out", cert).CombinedOutput()
	if err != nil {
		t.Fatalf("openssl req: %v\n%s", err, out)
	}
	srv := exec.Command("openssl", "s_server", "-accept", "127.0.0.1:0", "-key", key, "-cert", cert, "-rev")
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatalf("openssl s_server: %v", err)
	}
	t.Cleanup(func() {
		srv.Process.Kill()
		srv.Wait()
	})
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "ACCEPT 127.0.0.1:"); ok {
				port <- a
			}
		}
		close(port)
	}()
	select {
	case p, ok := <-port:
		if !ok {
			t.Fatal("openssl s_server exited without saying where it listens")
		}
		return p
	case <-time.After(timeout):
		t.Fatal("openssl s_server did not say where it listens")
	}
	return ""
}

// sslCalls runs tool against sslclient talking to a fresh s_server and
// returns gs's result and the client's calls.
func sslCalls(t *testing.T, tool string) (result, []map[string]string) {
	dir := t.TempDir()
	compile(t, dir, "sslclient.c", "sslclient", defaultVariant, "-lssl", "-lcrypto")
	port := sslServer(t, dir)
	r := runGS(t, dir, timeout, "-c", "./sslclient "+port+" hello tracing-tls", toolScript(t, tool))
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	var calls []map[string]string
	answers := 0
	for _, c := range targetCalls(r.Stderr) {
		switch c[""] {
		case "answer":
			answers++
		default:
			calls = append(calls, c)
		}
	}
	if answers != 2 || len(calls) < 5 {
		t.Fatalf("the client did not talk to the server (%d answers, %d calls):\n%s", answers, len(calls), r.Stderr)
	}
	return r, calls
}

// The libcrypto functions the SSL tools probe: their lines have no
// counterpart in the client's report (OpenSSL's own internals call them).
var sslCrypto = regexp.MustCompile(`^(rsa_ossl_\w+|RSA_sign|RSA_verify|ossl_ecdsa_\w+|ossl_ecdh_compute_key|ecdh_simple_compute_key)$`)

func TestToolSslsnoop(t *testing.T) {
	r, calls := sslCalls(t, "sslsnoop")
	// TIME(us) TID COMM LAT(us) RET FUNC: "%-10u %-8d %-8s %7u %5d %s\n".
	var lines [][]string
	for _, l := range toolLines(r.Stdout, regexp.MustCompile(`^(\d+) +(\d+) +(\S+) +(\d+) +(-?\d+) (\S+)$`)) {
		if !sslCrypto.MatchString(l[6]) {
			lines = append(lines, l)
		}
	}
	if len(lines) != len(calls) {
		t.Fatalf("%d lines for %d calls\nstdout:\n%s\nstderr:\n%s", len(lines), len(calls), r.Stdout, r.Stderr)
	}
	for i, c := range calls {
		l := lines[i]
		if l[2] != c["tid"] || l[3] != "sslclient" || l[5] != c["ret"] || l[6] != c["func"] {
			t.Errorf("line %d: tid %s comm %s ret %s func %s; the client's call %d: tid %s ret %s func %s",
				i, l[2], l[3], l[5], l[6], i, c["tid"], c["ret"], c["func"])
		}
		if us, ns := num(t, l[4]), num(t, c["ns"]); us > ns/1000 {
			t.Errorf("line %d: %s took %d us by the tool, %d ns by the client's own clock", i, c["func"], us, ns)
		}
	}
}

func TestToolSsllatency(t *testing.T) {
	r, calls := sslCalls(t, "ssllatency")
	// The tool counts a call whose (int8)retval >= 1 in @stat, others in
	// @statF, by the function the uprobe stored in @func_ssl.
	type stat struct{ count, total int64 }
	want := map[string]*stat{}
	bound := map[string]int64{} // the client's own microseconds, summed
	for _, c := range calls {
		name := "@stat[" + c["func"] + "]"
		if int8(num(t, c["ret"])) < 1 {
			name = "@statF[" + c["func"] + "]"
		}
		if want[name] == nil {
			want[name] = &stat{}
		}
		want[name].count++
		bound[name] += num(t, c["ns"]) / 1000
	}
	got := map[string]stat{}
	for _, l := range toolLines(r.Stdout, regexp.MustCompile(`^(@statF?\[\w+\]): \{ \.count = (\d+), \.average = \d+, \.total = (\d+) \}$`)) {
		got[l[1]] = stat{num(t, l[2]), num(t, l[3])}
	}
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("no %s; stdout:\n%s", name, r.Stdout)
		case g.count != w.count:
			t.Errorf("%s counted %d calls, the client made %d", name, g.count, w.count)
		case g.total > bound[name]:
			t.Errorf("%s totals %d us, the client's own clock %d us", name, g.total, bound[name])
		}
		hist := strings.Replace(strings.Replace(name, "@statF", "@histF", 1), "@stat", "@hist", 1)
		if !strings.Contains(r.Stdout, "\n"+hist+":\n[") {
			t.Errorf("no %s histogram; stdout:\n%s", hist, r.Stdout)
		}
	}
	for name := range got {
		if want[name] == nil && !sslCrypto.MatchString(strings.TrimSuffix(name[strings.Index(name, "[")+1:], "]")) {
			t.Errorf("%s: the client made no such call; stdout:\n%s", name, r.Stdout)
		}
	}
}

func TestToolBashreadline(t *testing.T) {
	dir := t.TempDir()
	cmds := []string{"echo pid=$$ >&2", "true traced by gs", "exit"}
	if err := os.WriteFile(filepath.Join(dir, "in.txt"), []byte(strings.Join(cmds, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// bash -i reads its commands with readline, also from a file.
	r := runGS(t, dir, timeout, "-c", "sh -c 'exec bash --norc -i < in.txt'", toolScript(t, "bashreadline"))
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	m := regexp.MustCompile(`(?m)^pid=(\d+)$`).FindStringSubmatch(r.Stderr)
	if m == nil {
		t.Fatalf("bash did not say its pid:\n%s", r.Stderr)
	}
	// TIME PID COMMAND: time("%H:%M:%S  "), then "%-6d %s\n".
	lines := toolLines(r.Stdout, regexp.MustCompile(`^\d\d:\d\d:\d\d  (\d+) +(.*)$`))
	if len(lines) != len(cmds) {
		t.Fatalf("%d lines for %d commands\nstdout:\n%s", len(lines), len(cmds), r.Stdout)
	}
	for i, l := range lines {
		if l[1] != m[1] || l[2] != cmds[i] {
			t.Errorf("line %d: pid %s command %q; bash (pid %s) read %q", i, l[1], l[2], m[1], cmds[i])
		}
	}
}

func TestToolThreadsnoop(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "threads.c", "threads", defaultVariant, "-lpthread")
	r := runGS(t, dir, timeout, "-c", "./threads", toolScript(t, "threadsnoop"))
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	calls := targetCalls(r.Stderr)
	// TIME PID COMM FUNC: "%15s %7d %-16s %s\n" with strftime("%H:%M:%S.%f").
	lines := toolLines(r.Stdout, regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d{6} +(\d+) (\S+) +(\S+)$`))
	if len(calls) != 2 || len(lines) != len(calls) {
		t.Fatalf("%d lines for %d threads\nstdout:\n%s\nstderr:\n%s", len(lines), len(calls), r.Stdout, r.Stderr)
	}
	for i, c := range calls {
		if l := lines[i]; l[1] != c["pid"] || l[2] != "threads" || l[3] != c["start"] {
			t.Errorf("line %d: pid %s comm %s func %s; pid %s started a thread in %s", i, l[1], l[2], l[3], c["pid"], c["start"])
		}
	}
}
