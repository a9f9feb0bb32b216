package debuginfod

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const id = "601bee8e3ac9452f358f06d05db671302d392a27"

var payload = bytes.Repeat([]byte("\x7fELF debug info "), 4096)

// server serves payload for id (404 for anything else) through h, and
// counts requests.
type server struct {
	*httptest.Server
	hits atomic.Int32
}

func newServer(t *testing.T, h func(w http.ResponseWriter, r *http.Request)) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		if r.URL.Path != "/buildid/"+id+"/debuginfo" {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func serve(w http.ResponseWriter, r *http.Request) { w.Write(payload) }

func notFound(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }

// refused is a URL nothing listens on.
func refused(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	u := "http://" + l.Addr().String()
	l.Close()
	return u
}

func checkCached(t *testing.T, c *Client, res Result) {
	t.Helper()
	want := filepath.Join(c.CacheDir, id, "debuginfo")
	if res.Path != want {
		t.Errorf("path %s, want %s", res.Path, want)
	}
	got, err := os.ReadFile(want)
	if err != nil || !bytes.Equal(got, payload) {
		t.Errorf("cached file: %d bytes, %v; want the %d served", len(got), err, len(payload))
	}
	ents, _ := os.ReadDir(filepath.Dir(want))
	if len(ents) != 1 {
		t.Errorf("cache entry holds %d files, want only debuginfo (no temporary left)", len(ents))
	}
}

func TestFetch(t *testing.T) {
	t.Run("download into elfutils' layout", func(t *testing.T) {
		s := newServer(t, serve)
		c := &Client{URLs: []string{s.URL + "/"}, CacheDir: t.TempDir()}
		res, err := c.Fetch(context.Background(), id, "app")
		if err != nil {
			t.Fatal(err)
		}
		checkCached(t, c, res)
		if res.Server != s.URL || res.Size != int64(len(payload)) {
			t.Errorf("result %+v", res)
		}
		if st, _ := os.Stat(res.Path); st.Mode().Perm() != 0o400 {
			t.Errorf("mode %v, want read-only like elfutils'", st.Mode())
		}
	})
	t.Run("a cached file is used without a request", func(t *testing.T) {
		s := newServer(t, serve)
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir()}
		if _, err := c.Fetch(context.Background(), id, "app"); err != nil {
			t.Fatal(err)
		}
		res, err := c.Fetch(context.Background(), id, "app")
		if err != nil {
			t.Fatal(err)
		}
		if n := s.hits.Load(); n != 1 {
			t.Errorf("%d requests for two fetches, want 1", n)
		}
		if res.Server != "" {
			t.Errorf("second fetch says it came from %q, want the cache", res.Server)
		}
	})
	t.Run("an empty negative-cache entry is asked again", func(t *testing.T) {
		s := newServer(t, serve)
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir()}
		os.MkdirAll(filepath.Join(c.CacheDir, id), 0o700)
		os.WriteFile(filepath.Join(c.CacheDir, id, "debuginfo"), nil, 0)
		res, err := c.Fetch(context.Background(), id, "app")
		if err != nil {
			t.Fatal(err)
		}
		checkCached(t, c, res)
	})
	t.Run("a killed download's temporary file is removed", func(t *testing.T) {
		s := newServer(t, serve)
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir(), Timeout: time.Second}
		os.MkdirAll(filepath.Join(c.CacheDir, id), 0o700)
		stale := filepath.Join(c.CacheDir, id, "debuginfo.123.tmp")
		os.WriteFile(stale, []byte("half"), 0o600)
		old := time.Now().Add(-time.Minute)
		os.Chtimes(stale, old, old)
		res, err := c.Fetch(context.Background(), id, "app")
		if err != nil {
			t.Fatal(err)
		}
		checkCached(t, c, res)
	})
	t.Run("the first server that has it wins", func(t *testing.T) {
		miss := newServer(t, notFound)
		slow := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		})
		has := newServer(t, serve)
		c := &Client{URLs: []string{refused(t), miss.URL, slow.URL, has.URL}, CacheDir: t.TempDir()}
		start := time.Now()
		res, err := c.Fetch(context.Background(), id, "app")
		if err != nil {
			t.Fatal(err)
		}
		if time.Since(start) > 5*time.Second {
			t.Errorf("took %v: the servers are asked one after the other, not at once", time.Since(start))
		}
		checkCached(t, c, res)
		if res.Server != has.URL {
			t.Errorf("from %s, want %s", res.Server, has.URL)
		}
	})
	t.Run("no server has it", func(t *testing.T) {
		a, b := newServer(t, notFound), newServer(t, notFound)
		c := &Client{URLs: []string{a.URL, b.URL}, CacheDir: t.TempDir()}
		_, err := c.Fetch(context.Background(), id, "app")
		if !errors.Is(err, ErrNotFound) {
			t.Fatalf("err %v, want ErrNotFound", err)
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("err %T", err)
		}
		for _, u := range []string{a.URL, b.URL} {
			if !strings.Contains(e.Detail(), u) {
				t.Errorf("%q does not name %s", e.Detail(), u)
			}
		}
		if ents, _ := os.ReadDir(c.CacheDir); len(ents) != 0 {
			t.Errorf("cache holds %d entries after a miss", len(ents))
		}
	})
	t.Run("a server that cannot be reached is not a miss", func(t *testing.T) {
		u := refused(t)
		c := &Client{URLs: []string{u}, CacheDir: t.TempDir()}
		_, err := c.Fetch(context.Background(), id, "app")
		if err == nil || errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "cannot connect") || !strings.Contains(err.Error(), u) {
			t.Fatalf("err %v, want a connection failure naming %s", err, u)
		}
	})
	t.Run("no answer within the timeout", func(t *testing.T) {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir(), Timeout: 300 * time.Millisecond}
		start := time.Now()
		_, err := c.Fetch(context.Background(), id, "app")
		if err == nil || !strings.Contains(err.Error(), "DEBUGINFOD_TIMEOUT") {
			t.Fatalf("err %v, want a timeout", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("gave up after %v, timeout 300ms", d)
		}
	})
	t.Run("a stalled download", func(t *testing.T) {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", fmt.Sprint(len(payload)))
			w.Write(payload[:1000])
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		})
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir(), Timeout: 300 * time.Millisecond}
		_, err := c.Fetch(context.Background(), id, "app")
		if err == nil || !strings.Contains(err.Error(), "stalled") {
			t.Fatalf("err %v, want a stall", err)
		}
		if ents, _ := os.ReadDir(filepath.Join(c.CacheDir, id)); len(ents) != 0 {
			t.Errorf("%d files left in the cache entry after a failed download", len(ents))
		}
	})
	t.Run("a whole fetch is bounded by MaxTime", func(t *testing.T) {
		s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
			for i := 0; i < 100; i++ { // a trickle: never a stall
				if _, err := w.Write(payload[:10]); err != nil {
					return
				}
				w.(http.Flusher).Flush()
				time.Sleep(50 * time.Millisecond)
			}
		})
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir(), Timeout: time.Second, MaxTime: 400 * time.Millisecond}
		start := time.Now()
		if _, err := c.Fetch(context.Background(), id, "app"); err == nil || !strings.Contains(err.Error(), "DEBUGINFOD_MAXTIME") {
			t.Fatalf("err %v, want MaxTime exceeded", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("gave up after %v", d)
		}
	})
	t.Run("a bad build-id is refused before any request", func(t *testing.T) {
		s := newServer(t, serve)
		c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir()}
		for _, bad := range []string{"", "abc", "../../etc/passwd", "ABCD"} {
			if _, err := c.Fetch(context.Background(), bad, "app"); err == nil {
				t.Errorf("build-id %q accepted", bad)
			}
		}
		if s.hits.Load() != 0 {
			t.Error("a request was made")
		}
	})
}

// TestProgress: a download slower than ProgressAfter reports where it is
// and how it ended; a fast one says nothing.
func TestProgress(t *testing.T) {
	s := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", fmt.Sprint(len(payload)))
		half := len(payload) / 2
		w.Write(payload[:half])
		w.(http.Flusher).Flush()
		time.Sleep(ProgressAfter + 300*time.Millisecond)
		w.Write(payload[half:])
	})
	var out bytes.Buffer
	var last Progress
	calls := 0
	text := TextProgress(&out, false)
	c := &Client{URLs: []string{s.URL}, CacheDir: t.TempDir(), Progress: func(p Progress) {
		calls++
		last = p
		text(p)
	}}
	if _, err := c.Fetch(context.Background(), id, "./app"); err != nil {
		t.Fatal(err)
	}
	if calls < 2 || !last.Done || last.Err != nil || last.Got != int64(len(payload)) || last.Total != int64(len(payload)) {
		t.Fatalf("%d calls, last %+v", calls, last)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 ||
		lines[0] != fmt.Sprintf("gs: downloading debug info for ./app from %s: 0.0 of 0.1 MiB", s.URL) ||
		!strings.HasSuffix(lines[1], ", done") {
		t.Errorf("progress lines:\n%s", out.String())
	}

	fast := newServer(t, serve)
	calls = 0
	c = &Client{URLs: []string{fast.URL}, CacheDir: t.TempDir(), Progress: func(Progress) { calls++ }}
	if _, err := c.Fetch(context.Background(), id, "./app"); err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("a fast download reported progress %d times", calls)
	}
}

func TestFromEnv(t *testing.T) {
	t.Setenv("DEBUGINFOD_URLS", "")
	if FromEnv() != nil {
		t.Error("a client without DEBUGINFOD_URLS")
	}
	t.Setenv("DEBUGINFOD_URLS", " http://a:1 ima:enforcing https://b/ ")
	t.Setenv("DEBUGINFOD_TIMEOUT", "7")
	t.Setenv("DEBUGINFOD_MAXTIME", "")
	t.Setenv("DEBUGINFOD_CACHE_PATH", "")
	t.Setenv("XDG_CACHE_HOME", "/x")
	c := FromEnv()
	if c == nil || c.Servers() != "http://a:1 https://b/" || c.Timeout != 7*time.Second || c.MaxTime != 0 ||
		c.CacheDir != "/x/debuginfod_client" {
		t.Fatalf("%+v", c)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "/home/u")
	if d := CacheDir(); d != "/home/u/.cache/debuginfod_client" {
		t.Errorf("CacheDir() = %s", d)
	}
	t.Setenv("DEBUGINFOD_CACHE_PATH", "/c")
	if d := CacheDir(); d != "/c" {
		t.Errorf("CacheDir() = %s with DEBUGINFOD_CACHE_PATH", d)
	}
}

// TestTextProgressTerminal: on a terminal the line is rewritten in place
// and ends with a newline when the download is done.
func TestTextProgressTerminal(t *testing.T) {
	var out bytes.Buffer
	show := TextProgress(&out, true)
	p := Progress{Name: "./app", URL: "http://s", Total: 4 << 20}
	for _, got := range []int64{1 << 20, 2 << 20} {
		p.Got = got
		show(p)
	}
	p.Got, p.Done, p.Elapsed = 4<<20, true, 1500*time.Millisecond
	show(p)
	want := "\rgs: downloading debug info for ./app from http://s: 1.0 of 4.0 MiB\x1b[K" +
		"\rgs: downloading debug info for ./app from http://s: 2.0 of 4.0 MiB\x1b[K" +
		"\rgs: downloading debug info for ./app from http://s: 4.0 MiB in 1.5s, done\x1b[K\n"
	if out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
}
