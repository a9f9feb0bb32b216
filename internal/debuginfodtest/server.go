// Package debuginfodtest runs Debian's debuginfod server on a loopback
// port for the tests and the benchmark: the real server, never a fake.
package debuginfodtest

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Server is a running `debuginfod -F DIR`.
type Server struct {
	URL    string
	cmd    *exec.Cmd
	log    *syncBuffer
	exited chan struct{}
}

// Start runs debuginfod -F dir (its database at db) on a free loopback
// port and waits, at most wait, until it serves the debug file of
// build-id id. A port taken between choosing and binding it is retried.
func Start(dir, db, id string, wait time.Duration) (*Server, error) {
	if _, err := exec.LookPath("debuginfod"); err != nil {
		return nil, fmt.Errorf("debuginfod is needed (apt-get install debuginfod; scripts/deps.sh test installs it)")
	}
	for attempt := 0; ; attempt++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		s := &Server{URL: fmt.Sprintf("http://127.0.0.1:%d", port), log: &syncBuffer{}, exited: make(chan struct{})}
		s.cmd = exec.Command("debuginfod", "-F", "-c", "1", "-p", fmt.Sprint(port), "-d", db, dir)
		s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
		if err := s.cmd.Start(); err != nil {
			return nil, fmt.Errorf("start debuginfod: %w", err)
		}
		go func() { s.cmd.Wait(); close(s.exited) }()
		retry, err := s.await(id, wait)
		if err == nil {
			return s, nil
		}
		s.Stop()
		if !retry || attempt >= 3 {
			return nil, err
		}
	}
}

// await polls until the server serves id; retry says the port was taken.
func (s *Server) await(id string, wait time.Duration) (retry bool, err error) {
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		select {
		case <-s.exited:
			return strings.Contains(s.Log(), "ddress already in use"), fmt.Errorf("debuginfod exited:\n%s", s.Log())
		default:
		}
		if resp, err := http.Get(s.URL + "/buildid/" + id + "/debuginfo"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return false, nil
			}
		}
	}
	return false, fmt.Errorf("debuginfod did not serve %s within %v:\n%s", id, wait, s.Log())
}

// Stop ends the server; it may be called more than once.
func (s *Server) Stop() {
	select {
	case <-s.exited:
	default:
		s.cmd.Process.Kill()
		<-s.exited
	}
}

// Log is what the server printed so far.
func (s *Server) Log() string { return s.log.String() }

// Requests counts the requests the server logged for build-id id.
func (s *Server) Requests(id string) int {
	time.Sleep(200 * time.Millisecond) // a request is logged once answered
	return strings.Count(s.Log(), "/buildid/"+id+"/debuginfo")
}

// BuildID is path's build-id as readelf prints it: an account of the file
// independent of gs's own reader.
func BuildID(path string) (string, error) {
	out, err := exec.Command("readelf", "-n", path).Output()
	if err != nil {
		return "", fmt.Errorf("readelf -n %s: %w", path, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if id, ok := strings.CutPrefix(strings.TrimSpace(line), "Build ID: "); ok {
			return id, nil
		}
	}
	return "", fmt.Errorf("%s has no build-id", path)
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
