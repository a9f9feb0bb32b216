package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// prometheus is Debian's /usr/bin/prometheus (scripts/tools.txt): a Go
// program shipped stripped (no .symtab, no DWARF; its debug package is
// not installed), built by Debian 12's Go 1.19, so its .gopclntab has the
// 1.18 format.
const prometheus = "/usr/bin/prometheus"

// startPrometheus starts prometheus on a free loopback port with an empty
// configuration and waits until it serves; it returns its pid and
// address. It is killed when the test ends.
func startPrometheus(t *testing.T) (pid int, addr string) {
	t.Helper()
	if _, err := os.Stat(prometheus); err != nil {
		t.Fatalf("%v (scripts/deps.sh test installs Debian's prometheus)", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = l.Addr().String()
	l.Close()
	dir := t.TempDir()
	conf := filepath.Join(dir, "empty.yml")
	if err := os.WriteFile(conf, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prometheus, "--config.file="+conf, "--web.listen-address="+addr,
		"--storage.tsdb.path="+filepath.Join(dir, "data"))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	deadline := time.Now().Add(timeout)
	for {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close() // a connection of its own, before gs attaches
			return cmd.Process.Pid, addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("prometheus does not listen on %s after %v:\n%s", addr, timeout, log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// request sends one HTTP/1.1 request for path on c and reads the answer;
// with close, it asks the server to close the connection after it.
func request(t *testing.T, c net.Conn, path string, close bool) string {
	t.Helper()
	hdr := ""
	if close {
		hdr = "Connection: close\r\n"
	}
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\n%s\r\n", path, hdr)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s, %v", path, resp.Status, err)
	}
	return string(body)
}

// TestPrometheus traces Debian's stripped prometheus by its .gopclntab:
// a probe on net/http.(*conn).serve, which the server runs on a new
// goroutine for each connection, counts exactly the connections the test
// makes, and the goroutine ids gs reads there (runtime.g's goid at the
// offset of Go 1.19's layout) are those the runtime itself lists with
// conn.serve on their stacks (/debug/pprof/goroutine?debug=2) for the
// connections still open.
func TestPrometheus(t *testing.T) {
	pid, addr := startPrometheus(t)
	gs := exec.Command(gsBin, "-p", strconv.Itoa(pid), "-e",
		`uprobe:/usr/bin/prometheus:"net/http.(*conn).serve" { @ = count(); printf("conn goid=%d\n", goid) }`)
	gs.Env = append(os.Environ(), "NO_COLOR=1", "DEBUGINFOD_URLS=")
	var stdout bytes.Buffer
	gs.Stdout = &stdout
	stderr, err := gs.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	defer gs.Process.Kill()
	attached := make(chan string, 1)
	var errText bytes.Buffer
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			errText.WriteString(sc.Text() + "\n")
			if strings.HasPrefix(sc.Text(), "Attached ") {
				attached <- sc.Text()
			}
		}
		close(attached)
	}()
	select {
	case l, ok := <-attached:
		if !ok {
			gs.Wait()
			t.Fatalf("gs stopped before attaching:\n%s", errText.String())
		}
		if l != "Attached 1 probe" {
			t.Fatalf("gs: %s", l)
		}
	case <-time.After(timeout):
		t.Fatalf("gs did not attach in %v:\n%s", timeout, errText.String())
	}
	// Three connections stay open after a request, two are closed by
	// the server, and one asks the runtime for its goroutines.
	var open []net.Conn
	for i := 0; i < 5; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		request(t, c, "/-/healthy", i >= 3)
		if i < 3 {
			open = append(open, c)
		}
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	dump := request(t, c, "/debug/pprof/goroutine?debug=2", true)
	c.Close()
	const conns = 6
	gs.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- gs.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("gs: %v\n%s", err, errText.String())
		}
	case <-time.After(timeout):
		t.Fatalf("gs did not stop after SIGINT")
	}
	match(t, "gs output", stdout.String(), `(?m)^@: `+strconv.Itoa(conns)+`$`)
	traced := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^conn goid=(\d+)$`).FindAllStringSubmatch(stdout.String(), -1) {
		traced[m[1]] = true
	}
	if len(traced) != conns {
		t.Errorf("gs read %d goroutine ids for %d connections:\n%s", len(traced), conns, stdout.String())
	}
	// The runtime's goroutines serving a connection: the three open, the
	// one asking, perhaps the two closed ones not gone yet.
	serving := 0
	for _, g := range strings.Split(dump, "\n\n") {
		m := regexp.MustCompile(`^goroutine (\d+) \[`).FindStringSubmatch(g)
		if m == nil || !strings.Contains(g, "\nnet/http.(*conn).serve(") {
			continue
		}
		serving++
		if !traced[m[1]] {
			t.Errorf("goroutine %s serves a connection, but gs read no such goid: %v", m[1], traced)
		}
	}
	if serving < len(open)+1 {
		t.Errorf("the runtime lists %d goroutines serving connections, want at least %d:\n%s", serving, len(open)+1, dump)
	}
}
