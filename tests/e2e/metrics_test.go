package e2e

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/gs-tracer/gs/internal/testcert"
)

// freePort returns a loopback address no one listens on now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startScraper starts Debian's prometheus (scripts/tools.txt) on a free
// loopback port with configuration conf and returns the address of its
// HTTP API once it serves. It is killed when the test ends.
func startScraper(t *testing.T, dir, conf string) string {
	t.Helper()
	addr := freePort(t)
	confFile := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(confFile, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prometheus, "--config.file="+confFile, "--web.listen-address="+addr,
		"--storage.tsdb.path="+filepath.Join(dir, "data"))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v (scripts/deps.sh test installs Debian's prometheus)", prometheus, err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("prometheus's log:\n%s", log.String())
		}
	})
	deadline := time.Now().Add(timeout)
	for {
		if resp, err := http.Get("http://" + addr + "/-/ready"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return addr
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("prometheus is not ready on %s after %v:\n%s", addr, timeout, log.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// sample is one series of an instant query's answer: its labels and value.
type sample struct {
	Metric map[string]string
	Value  float64
}

// query asks prometheus's HTTP API at addr for expr now.
func query(t *testing.T, addr, expr string) []sample {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/api/v1/query?query=" + url.QueryEscape(expr))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Status string
		Error  string
		Data   struct {
			Result []struct {
				Metric map[string]string
				Value  [2]any
			}
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || r.Status != "success" {
		t.Fatalf("query %s: %v %s %s", expr, err, r.Status, r.Error)
	}
	var out []sample
	for _, s := range r.Data.Result {
		v, err := strconv.ParseFloat(fmt.Sprint(s.Value[1]), 64)
		if err != nil {
			t.Fatalf("query %s: value %v", expr, s.Value[1])
		}
		out = append(out, sample{s.Metric, v})
	}
	return out
}

// byLabel renders samples as "LABEL=VALUE" sorted, for comparing with
// what the target counted.
func byLabel(ss []sample, label string) string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Metric[label]+"="+strconv.FormatFloat(s.Value, 'f', -1, 64))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestMetricsPrometheus: Prometheus scrapes gs --metrics every second over
// TLS with basic auth (a web config file), and its query API must give
// exactly what the target counted itself: calls per command, and the
// histogram's buckets, sum and count of the sizes it passed. A scrape
// passes promtool check metrics; one without the password is refused.
func TestMetricsPrometheus(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "metrics.c", "metrics", defaultVariant)
	ca, err := testcert.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("scrape-pass"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	webConf := filepath.Join(dir, "web.yml")
	if err := os.WriteFile(webConf, []byte(fmt.Sprintf("tls_server_config:\n  cert_file: %s\n  key_file: %s\nbasic_auth_users:\n  prom: %s\n",
		filepath.Join(dir, "server.crt"), filepath.Join(dir, "server.key"), hash)), 0o600); err != nil {
		t.Fatal(err)
	}
	gsAddr := freePort(t)
	prom := startScraper(t, dir, fmt.Sprintf(`global:
  scrape_interval: 1s
scrape_configs:
  - job_name: gs
    scheme: https
    tls_config:
      ca_file: %s
      server_name: localhost
    basic_auth:
      username: prom
      password: scrape-pass
    static_configs:
      - targets: ["%s"]
`, filepath.Join(dir, "ca.crt"), gsAddr))

	fifo := filepath.Join(dir, "release")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	counts := filepath.Join(dir, "counts.txt")
	ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
	defer cancel()
	gs := exec.CommandContext(ctx, gsBin, "--metrics", gsAddr, "--metrics-web-config", webConf,
		"-c", "./"+bin+" "+counts+" "+fifo,
		"-e", `uprobe:./`+bin+`:handle { @calls[str(cmd)] = count(); @bytes = hist(size); }`)
	gs.Dir = dir
	var stdout, stderr bytes.Buffer
	gs.Stdout, gs.Stderr = &stdout, &stderr
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	released := false
	release := func() {
		if !released {
			released = true
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
		}
	}
	defer func() {
		if !released {
			gs.Process.Signal(syscall.SIGTERM)
			release()
		}
		gs.Wait()
		if t.Failed() {
			t.Logf("gs's stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		}
	}()

	// The target's own counts, once it has made every call.
	var want struct {
		calls   []string
		buckets map[string]float64
		sum     string
		count   string
	}
	want.buckets = map[string]float64{}
	deadline := time.Now().Add(timeout)
	for {
		b, _ := os.ReadFile(counts)
		if bytes.HasSuffix(b, []byte("end\n")) {
			sc := bufio.NewScanner(bytes.NewReader(b))
			for sc.Scan() {
				f := strings.Fields(sc.Text())
				switch f[0] {
				case "calls":
					want.calls = append(want.calls, f[1]+"="+f[2])
				case "bucket":
					n, _ := strconv.ParseFloat(f[2], 64)
					want.buckets[f[1]] = n
				case "sum":
					want.sum = f[1]
				case "count":
					want.count = f[1]
				}
			}
			sort.Strings(want.calls)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the target wrote no counts in %v", timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// Prometheus scrapes every second: wait until a scrape after the last
	// call has been stored, then every figure must be the target's.
	wantCalls := strings.Join(want.calls, " ")
	var got string
	for deadline := time.Now().Add(timeout); ; time.Sleep(500 * time.Millisecond) {
		got = byLabel(query(t, prom, `gs_calls_total{job="gs"}`), "cmd")
		if got == wantCalls || time.Now().After(deadline) {
			break
		}
	}
	if got != wantCalls {
		t.Fatalf("gs_calls_total in prometheus: %s, the target counted %s (up: %v)", got, wantCalls, query(t, prom, `up{job="gs"}`))
	}
	buckets := query(t, prom, `gs_bytes_bucket{job="gs"}`)
	if len(buckets) < 3 {
		t.Fatalf("gs_bytes_bucket: %v", buckets)
	}
	for _, s := range buckets {
		le := s.Metric["le"] // "7.0" as prometheus stores it
		var n float64
		ok := true
		if le == "+Inf" {
			fmt.Sscan(want.count, &n)
		} else {
			f, err := strconv.ParseFloat(le, 64)
			n, ok = want.buckets[strconv.FormatFloat(f, 'f', -1, 64)]
			ok = ok && err == nil
		}
		if !ok || s.Value != n {
			t.Errorf("gs_bytes_bucket{le=%q} = %v, the target counted %v sizes <= %s (known: %v)", le, s.Value, n, le, ok)
		}
	}
	if got := byLabel(query(t, prom, `gs_bytes_sum{job="gs"}`), "job"); got != "gs="+want.sum {
		t.Errorf("gs_bytes_sum: %s, the target's sum gs=%s", got, want.sum)
	}
	if got := byLabel(query(t, prom, `gs_bytes_count{job="gs"}`), "job"); got != "gs="+want.count {
		t.Errorf("gs_bytes_count: %s, the target's count gs=%s", got, want.count)
	}
	if got := byLabel(query(t, prom, `gs_probes_attached{job="gs"}`), "job"); got != "gs=1" {
		t.Errorf("gs_probes_attached: %s, want gs=1", got)
	}

	// A scrape of our own: it passes promtool's check; without the
	// password it is refused.
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}}}
	scrape := func(auth bool) (int, []byte) {
		req, _ := http.NewRequest("GET", "https://"+gsAddr+"/metrics", nil)
		if auth {
			req.SetBasicAuth("prom", "scrape-pass")
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, b
	}
	code, body := scrape(true)
	if code != 200 {
		t.Fatalf("authenticated scrape: %d\n%s", code, body)
	}
	check := exec.Command("promtool", "check", "metrics")
	check.Stdin = bytes.NewReader(body)
	if out, err := check.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s\nthe scrape:\n%s", err, out, body)
	}
	if code, body := scrape(false); code != http.StatusUnauthorized || bytes.Contains(body, []byte("gs_calls")) {
		t.Errorf("a scrape without the password: %d\n%s", code, body)
	}

	release()
	if err := gs.Wait(); err != nil {
		t.Fatalf("gs: %v", err)
	}
	if strings.Contains(stdout.String(), "@calls") {
		t.Errorf("gs printed its maps at exit without --metrics-print-maps:\n%s", stdout.String())
	}
}

// TestMetricsAddressInUse: gs --metrics on an address that is taken exits
// 1 with a clear error, before it attaches anything.
func TestMetricsAddressInUse(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "basic.c", "basic", defaultVariant)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	r := runGS(t, dir, timeout, "--metrics", l.Addr().String(), "-c", "./"+bin, "-e", `uprobe:./`+bin+`:main { @c = count(); }`)
	want := "gs: --metrics: listen on " + l.Addr().String() + ": bind: address already in use\n"
	if r.Code != 1 || r.Stderr != want || strings.Contains(r.Stdout, "Attached") {
		t.Errorf("exit %d, stderr %q (want 1 and %q), stdout %q", r.Code, r.Stderr, want, r.Stdout)
	}
}

// TestMetricsClear: what a scraper sees when a probe clear()s an exported
// counter (docs/metrics.md): the series, at 5, disappears from the scrapes,
// then comes back from 0 (3 after three more calls), and Prometheus counts
// one counter reset, which rate() and increase() account for.
func TestMetricsClear(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "metricsclear.c", "metricsclear", defaultVariant)
	gsAddr := freePort(t)
	prom := startScraper(t, dir, fmt.Sprintf("global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: gs\n    static_configs:\n      - targets: [%q]\n", gsAddr))
	fifo, mark := filepath.Join(dir, "step"), filepath.Join(dir, "mark")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
	defer cancel()
	gs := exec.CommandContext(ctx, gsBin, "--metrics", gsAddr, "-c", "./"+bin+" "+mark+" "+fifo,
		"-e", `uprobe:./`+bin+`:handle { @calls[str(cmd)] = count(); } uprobe:./`+bin+`:reset { clear(@calls); }`)
	gs.Dir = dir
	var stdout, stderr bytes.Buffer
	gs.Stdout, gs.Stderr = &stdout, &stderr
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	step := func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
	}
	steps := 0
	defer func() {
		for ; steps < 3; steps++ {
			step()
		}
		gs.Wait()
		if t.Failed() {
			t.Logf("gs's stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		}
	}()
	// until waits for cond, failing after timeout with what was seen.
	until := func(what string, cond func() (bool, string)) {
		t.Helper()
		var seen string
		for deadline := time.Now().Add(timeout); ; time.Sleep(200 * time.Millisecond) {
			var ok bool
			if ok, seen = cond(); ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not after %v (last seen: %s)", what, timeout, seen)
			}
		}
	}
	marked := func(want string) func() (bool, string) {
		return func() (bool, string) {
			b, _ := os.ReadFile(mark)
			return string(b) == want, string(b)
		}
	}
	calls := func(want string) func() (bool, string) {
		return func() (bool, string) {
			got := byLabel(query(t, prom, `gs_calls_total{job="gs"}`), "cmd")
			return got == want, got
		}
	}
	until("the target's first calls", marked("1"))
	until("gs_calls_total at 5", calls("a=5"))
	step() // reset(): clear(@calls)
	steps++
	until("gs_calls_total gone after clear()", calls(""))
	step() // three more calls
	steps++
	until("the target's last calls", marked("2"))
	until("gs_calls_total back at 3", calls("a=3"))
	if got := byLabel(query(t, prom, `resets(gs_calls_total{job="gs"}[10m])`), "cmd"); got != "a=1" {
		t.Errorf("resets(gs_calls_total[10m]) = %s, want a=1", got)
	}
	if got := byLabel(query(t, prom, `max_over_time(gs_calls_total{job="gs"}[10m])`), "cmd"); got != "a=5" {
		t.Errorf("max_over_time(gs_calls_total[10m]) = %s, want a=5", got)
	}
	step()
	steps++
	if err := gs.Wait(); err != nil {
		t.Fatalf("gs: %v", err)
	}
}

// TestMetricsSymbols: usym and ustack keys are labels by name: the
// function a usym key holds, as many times as the target passed it, and
// a stack's frames outermost first (main's call of run, then run), and
// as many as the target made from each of main's two call sites.
func TestMetricsSymbols(t *testing.T) {
	for _, v := range []variant{defaultVariant, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			bin := compile(t, dir, "metricssyms.c", "metricssyms", v)
			gsAddr := freePort(t)
			fifo, counts := filepath.Join(dir, "release"), filepath.Join(dir, "counts.txt")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
			defer cancel()
			gs := exec.CommandContext(ctx, gsBin, "--metrics", gsAddr, "-c", "./"+bin+" "+counts+" "+fifo,
				"-e", `uprobe:./`+bin+`:run { @fn[usym(arg0)] = count(); @stacks[ustack] = count(); }`)
			gs.Dir = dir
			var stdout, stderr bytes.Buffer
			gs.Stdout, gs.Stderr = &stdout, &stderr
			if err := gs.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() {
				if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
					f.Close()
				}
				gs.Wait()
				if t.Failed() {
					t.Logf("gs's stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
				}
			}()
			var want []string
			for deadline := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
				b, _ := os.ReadFile(counts)
				if bytes.HasSuffix(b, []byte("end\n")) {
					for _, l := range strings.Split(strings.TrimSuffix(string(b), "end\n"), "\n") {
						if f := strings.Fields(l); len(f) == 2 {
							want = append(want, fmt.Sprintf(`gs_fn_total{usym=%q} %s`, f[0], f[1]))
						}
					}
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the target wrote no counts in %v", timeout)
				}
			}
			resp, err := http.Get("http://" + gsAddr + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			var fns, stacks []string
			for _, l := range strings.Split(string(body), "\n") {
				switch {
				case strings.HasPrefix(l, "gs_fn_total{"):
					fns = append(fns, l)
				case strings.HasPrefix(l, "gs_stacks_total{"):
					stacks = append(stacks, l)
				}
			}
			if strings.Join(fns, "\n") != strings.Join(want, "\n") {
				t.Errorf("usym keys:\n%s\nthe target passed:\n%s", strings.Join(fns, "\n"), strings.Join(want, "\n"))
			}
			// main calls run at two sites, alpha's and beta's: two stacks,
			// as many as the target counted of each.
			stack := regexp.MustCompile(`^gs_stacks_total\{ustack="(\S+;)?main\+\d+;run\+0"\} (\d+)$`)
			var got []string
			for _, l := range stacks {
				if m := stack.FindStringSubmatch(l); m != nil {
					got = append(got, m[2])
				} else {
					got = append(got, l)
				}
			}
			sort.Strings(got)
			var wantN []string
			for _, w := range want {
				wantN = append(wantN, w[strings.LastIndex(w, " ")+1:])
			}
			sort.Strings(wantN)
			if strings.Join(got, " ") != strings.Join(wantN, " ") {
				t.Errorf("ustack keys: %q, want main's two calls of run outermost first, counted %v", stacks, wantN)
			}
		})
	}
}

// TestMetricsAgent: gs --metrics as an agent, system-wide, with no
// terminal (stdin /dev/null): it traces a process that starts after it,
// and another after that one exited (the counts add up to both targets'
// own), serves on, and ends at SIGTERM with exit 0, printing no maps.
func TestMetricsAgent(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "metrics.c", "metrics", defaultVariant)
	gsAddr := freePort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*timeout)
	defer cancel()
	gs := exec.CommandContext(ctx, gsBin, "--metrics", gsAddr, "-e", `uprobe:./`+bin+`:handle { @calls[str(cmd)] = count(); }`)
	gs.Dir = dir
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devnull.Close()
	var stdout, stderr bytes.Buffer
	gs.Stdin, gs.Stdout, gs.Stderr = devnull, &stdout, &stderr
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	ended := false
	defer func() {
		if !ended {
			gs.Process.Kill()
			gs.Wait()
		}
		if t.Failed() {
			t.Logf("gs's stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		}
	}()
	scrapeLines := func(prefix string) (string, error) {
		resp, err := http.Get("http://" + gsAddr + "/metrics")
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var out []string
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, prefix) {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n"), nil
	}
	waitFor := func(what, prefix, want string) {
		t.Helper()
		var got string
		for deadline := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
			var err error
			if got, err = scrapeLines(prefix); err == nil && got == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: after %v the scrape has\n%s\nwant\n%s", what, timeout, got, want)
			}
		}
	}
	waitFor("attached", "gs_probes_attached", "gs_probes_attached 1")

	total := map[string]int{}
	for run := 1; run <= 2; run++ {
		fifo, counts := filepath.Join(dir, fmt.Sprintf("release%d", run)), filepath.Join(dir, fmt.Sprintf("counts%d.txt", run))
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		target := exec.Command("./"+bin, counts, fifo)
		target.Dir = dir
		if err := target.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(timeout); ; time.Sleep(100 * time.Millisecond) {
			b, _ := os.ReadFile(counts)
			if bytes.HasSuffix(b, []byte("end\n")) {
				for _, l := range strings.Split(string(b), "\n") {
					if f := strings.Fields(l); len(f) == 3 && f[0] == "calls" {
						n, _ := strconv.Atoi(f[2])
						total[f[1]] += n
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("target %d wrote no counts in %v", run, timeout)
			}
		}
		var want []string
		for cmd, n := range total {
			want = append(want, fmt.Sprintf("gs_calls_total{cmd=%q} %d", cmd, n))
		}
		sort.Strings(want)
		waitFor(fmt.Sprintf("after target %d", run), "gs_calls_total{", strings.Join(want, "\n"))
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		if err := target.Wait(); err != nil {
			t.Fatalf("target %d: %v", run, err)
		}
	}
	if _, err := scrapeLines("gs_"); err != nil {
		t.Fatalf("gs stopped serving when its targets exited: %v", err)
	}
	if err := gs.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err = gs.Wait()
	ended = true
	if err != nil {
		t.Fatalf("gs after SIGTERM: %v", err)
	}
	if strings.Contains(stdout.String(), "@calls") {
		t.Errorf("gs printed its maps at exit without --metrics-print-maps:\n%s", stdout.String())
	}
}

// TestMetricsPrintMaps: --metrics-print-maps prints the maps at exit, as
// gs does without --metrics.
func TestMetricsPrintMaps(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "basic.c", "basic", defaultVariant)
	r := runGS(t, dir, timeout, "--metrics", freePort(t), "--metrics-print-maps", "-c", "./"+bin, "-e", `uprobe:./`+bin+`:main { @mains = count(); }`)
	if r.Code != 0 || !strings.Contains(r.Stdout, "@mains: 1\n") {
		t.Errorf("exit %d, stdout %q, want @mains: 1 (main runs once)\nstderr: %s", r.Code, r.Stdout, r.Stderr)
	}
}
