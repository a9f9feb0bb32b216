// Package debuginfod fetches separate debug files by GNU build-id from
// debuginfod servers, the way elfutils' client does for gdb, perf,
// bpftrace and systemtap:
//
//   - the servers are the space-separated URLs of DEBUGINFOD_URLS, all
//     asked at once; the first to answer 200 wins;
//   - a debug file is GET URL/buildid/HEXID/debuginfo;
//   - it is cached as CACHE/HEXID/debuginfo, CACHE being
//     $DEBUGINFOD_CACHE_PATH, else $XDG_CACHE_HOME/debuginfod_client, else
//     ~/.cache/debuginfod_client, so a file one of those tools downloaded
//     is found by the others (and by gs) without a network request;
//   - DEBUGINFOD_TIMEOUT (seconds, default 90) bounds connecting and
//     waiting for the response, and any stall of the download;
//     DEBUGINFOD_MAXTIME (seconds, default none) bounds a whole fetch.
//
// A download goes to a temporary file in the entry's folder and is renamed
// into place when complete, so a reader never sees half a file. elfutils'
// zero-length "negative cache" entries (a server said 404) are not
// trusted: gs asks again, and a file found replaces them.
//
// The package knows nothing about ELF: the caller checks that what it got
// belongs to its binary.
package debuginfod

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrNotFound matches (errors.Is) Fetch's error when every server answered
// that it does not have the file (404), or when no server is configured.
var ErrNotFound = errors.New("no debuginfod server has it")

// Error is Fetch's error when no server delivered the file.
type Error struct {
	BuildID string
	Missing []string // servers that answered 404
	Failed  []error  // every other failure, each naming its server
}

func (e *Error) Error() string {
	return "fetch debug info of build-id " + e.BuildID + ": " + e.Detail()
}

// Detail says what the servers answered, for a message about the binary:
// "no debuginfod server has it (asked URL...)" when each answered 404,
// else "debuginfod failed: URL: cause...".
func (e *Error) Detail() string {
	if len(e.Failed) == 0 {
		if len(e.Missing) == 0 {
			return "no debuginfod server is configured"
		}
		return "no debuginfod server has it (asked " + strings.Join(e.Missing, ", ") + ")"
	}
	var msgs []string
	for _, f := range e.Failed {
		msgs = append(msgs, f.Error())
	}
	s := "debuginfod failed: " + strings.Join(msgs, "; ")
	if len(e.Missing) > 0 {
		s += "; not found on " + strings.Join(e.Missing, ", ")
	}
	return s
}

// Is makes errors.Is(err, ErrNotFound) true when every server said 404.
func (e *Error) Is(target error) bool { return target == ErrNotFound && len(e.Failed) == 0 }

// DefaultTimeout is the per-server connect, response and stall timeout
// when DEBUGINFOD_TIMEOUT is unset (elfutils' default).
const DefaultTimeout = 90 * time.Second

// ProgressAfter is how long a download runs before progress is reported.
const ProgressAfter = 500 * time.Millisecond

// Client fetches and caches debug files. The zero value asks no server.
type Client struct {
	URLs     []string      // servers, without the /buildid/... suffix
	CacheDir string        // elfutils' cache layout: CacheDir/ID/debuginfo
	Timeout  time.Duration // connect, response headers, and longest stall; 0: DefaultTimeout
	MaxTime  time.Duration // a whole fetch; 0: no limit
	// Progress, when set, is told about a download that has taken more
	// than ProgressAfter: then about every quarter second, and once when
	// it ends (Done).
	Progress func(Progress)
	// HTTP is the client requests go through; nil builds one from Timeout.
	HTTP *http.Client
}

// Progress describes a download in flight.
type Progress struct {
	Name    string // what the file is for (the binary), as the caller named it
	URL     string // the server it comes from
	Got     int64  // bytes so far
	Total   int64  // expected bytes; -1 when the server did not say
	Elapsed time.Duration
	Done    bool
	Err     error // with Done: why it failed, nil on success
}

// Result is where a fetched debug file is.
type Result struct {
	Path   string // CacheDir/ID/debuginfo
	Server string // the server it was downloaded from; "" when it was cached
	Size   int64
	Took   time.Duration // of the download; 0 when cached
}

// FromEnv returns a client configured like elfutils' from DEBUGINFOD_URLS,
// DEBUGINFOD_TIMEOUT, DEBUGINFOD_MAXTIME and the cache variables, or nil
// when DEBUGINFOD_URLS names no server.
func FromEnv() *Client {
	var urls []string
	for _, f := range strings.Fields(os.Getenv("DEBUGINFOD_URLS")) {
		if strings.Contains(f, "://") { // not elfutils' "ima:enforcing" and the like
			urls = append(urls, f)
		}
	}
	if len(urls) == 0 {
		return nil
	}
	return &Client{
		URLs:     urls,
		CacheDir: CacheDir(),
		Timeout:  envSeconds("DEBUGINFOD_TIMEOUT"),
		MaxTime:  envSeconds("DEBUGINFOD_MAXTIME"),
	}
}

func envSeconds(name string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(os.Getenv(name)))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// CacheDir is the cache folder elfutils' client uses:
// $DEBUGINFOD_CACHE_PATH, else $XDG_CACHE_HOME/debuginfod_client, else
// $HOME/.cache/debuginfod_client.
func CacheDir() string {
	if p := os.Getenv("DEBUGINFOD_CACHE_PATH"); p != "" {
		return p
	}
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "debuginfod_client")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		home = "/"
	}
	return filepath.Join(home, ".cache", "debuginfod_client")
}

// Servers lists the configured servers, for messages.
func (c *Client) Servers() string { return strings.Join(c.URLs, " ") }

// Cached returns the cached debug file of buildID, or "" when there is
// none (an empty file is elfutils' record of a miss, not a debug file).
func (c *Client) Cached(buildID string) string {
	if c == nil || c.CacheDir == "" || !validID(buildID) {
		return ""
	}
	p := filepath.Join(c.CacheDir, buildID, "debuginfo")
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return p
	}
	return ""
}

// validID accepts a lower-case hex build-id, so that it is safe in a path
// and a URL.
func validID(id string) bool {
	if len(id) < 2 || len(id)%2 != 0 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// Fetch returns the debug file of buildID: from the cache when it is
// there (no request is made), else downloaded from the first server that
// has it into the cache. name says what the file is for, for progress.
// When no server has it the error wraps ErrNotFound.
func (c *Client) Fetch(ctx context.Context, buildID, name string) (Result, error) {
	if !validID(buildID) {
		return Result{}, fmt.Errorf("fetch debug info: bad build-id %q", buildID)
	}
	if p := c.Cached(buildID); p != "" {
		st, _ := os.Stat(p)
		return Result{Path: p, Size: st.Size()}, nil
	}
	if c == nil || len(c.URLs) == 0 {
		return Result{}, &Error{BuildID: buildID}
	}
	if c.CacheDir == "" {
		return Result{}, fmt.Errorf("fetch debug info of build-id %s: no cache folder", buildID)
	}
	if c.MaxTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.MaxTime)
		defer cancel()
	}
	start := time.Now()
	ans, err := c.ask(ctx, buildID)
	if err != nil {
		return Result{}, err
	}
	defer ans.cancel()
	defer ans.resp.Body.Close()
	path, size, err := c.save(ctx, ans, buildID, name, start)
	if err != nil {
		return Result{}, err
	}
	return Result{Path: path, Server: ans.url, Size: size, Took: time.Since(start)}, nil
}

// answer is one server's response to the request for a debug file.
type answer struct {
	url    string
	idx    int            // in Client.URLs
	resp   *http.Response // non-nil only for a 200
	err    error
	cancel context.CancelFunc // of this request; reading the body needs it alive
	stall  *stallTimer
}

// ask sends the request to every server at once and returns the first 200
// answer; the others are cancelled. With no 200, the error says what each
// server answered.
func (c *Client) ask(ctx context.Context, buildID string) (*answer, error) {
	hc := c.HTTP
	if hc == nil {
		hc = c.httpClient()
	}
	ch := make(chan *answer, len(c.URLs))
	cancels := make([]context.CancelFunc, len(c.URLs))
	for i, u := range c.URLs {
		rctx, cancel := context.WithCancel(ctx)
		cancels[i] = cancel
		go func() { ch <- c.get(rctx, cancel, hc, i, strings.TrimRight(u, "/"), buildID) }()
	}
	var misses []string
	var fails []error
	for n := range c.URLs {
		a := <-ch
		if a.resp != nil {
			for i, cancel := range cancels {
				if i != a.idx {
					cancel()
				}
			}
			// The others still answer; close what they send.
			go func(rest int) {
				for ; rest > 0; rest-- {
					if b := <-ch; b.resp != nil {
						b.stall.stop()
						b.resp.Body.Close()
						b.cancel()
					}
				}
			}(len(c.URLs) - n - 1)
			return a, nil
		}
		if errors.Is(a.err, ErrNotFound) {
			misses = append(misses, a.url)
		} else {
			fails = append(fails, a.err)
		}
	}
	return nil, &Error{BuildID: buildID, Missing: misses, Failed: fails}
}

// get asks one server. A 404 yields ErrNotFound; other failures say what
// went wrong.
func (c *Client) get(ctx context.Context, cancel context.CancelFunc, hc *http.Client, idx int, base, buildID string) *answer {
	a := &answer{url: base, idx: idx, cancel: cancel}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/buildid/"+buildID+"/debuginfo", nil)
	if err != nil {
		a.err = fmt.Errorf("%s: %w", base, err)
		cancel()
		return a
	}
	req.Header.Set("User-Agent", "gs (debuginfod client)")
	// The stall timer covers connecting and the wait for the response
	// too, whatever hc's own settings are.
	a.stall = newStallTimer(c.timeout(), cancel)
	resp, err := hc.Do(req)
	switch {
	case err != nil:
		if a.stall.expired() {
			err = fmt.Errorf("no answer in %v (DEBUGINFOD_TIMEOUT)", c.timeout())
		} else {
			err = shortNetErr(err)
		}
		a.err = fmt.Errorf("%s: %w", base, err)
	case resp.StatusCode == http.StatusOK:
		a.resp = resp
		a.stall.reset()
		return a
	case resp.StatusCode == http.StatusNotFound:
		resp.Body.Close()
		a.err = fmt.Errorf("%s: %w", base, ErrNotFound)
	default:
		resp.Body.Close()
		a.err = fmt.Errorf("%s: %s", base, resp.Status)
	}
	a.stall.stop()
	cancel()
	return a
}

// shortNetErr drops the method and URL net/http puts in front of the
// cause: the caller names the server already.
func shortNetErr(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			var op *net.OpError
			if errors.As(inner, &op) && op.Err != nil {
				cause := op.Err
				var sys *os.SyscallError
				if errors.As(cause, &sys) {
					cause = sys.Err
				}
				if op.Op == "dial" {
					return fmt.Errorf("cannot connect: %w", cause)
				}
				return fmt.Errorf("%s: %w", op.Op, cause)
			}
			return inner
		}
	}
	return err
}

func (c *Client) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultTimeout
}

func (c *Client) httpClient() *http.Client {
	// The stall timer bounds connecting and the wait for headers; the
	// transport's own limits are only a backstop, later, so that the
	// error names DEBUGINFOD_TIMEOUT.
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: 2 * c.timeout(), KeepAlive: 30 * time.Second}).DialContext
	t.ResponseHeaderTimeout = 2 * c.timeout()
	return &http.Client{Transport: t}
}

// save copies the winning answer's body into the cache, reporting
// progress, and renames it into place.
func (c *Client) save(ctx context.Context, a *answer, buildID, name string, start time.Time) (string, int64, error) {
	defer a.stall.stop()
	dir := filepath.Join(c.CacheDir, buildID)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", 0, fmt.Errorf("cache debug info: %w", err)
	}
	removeStale(dir, 2*c.timeout())
	tmp, err := os.CreateTemp(dir, "debuginfo.*.tmp")
	if err != nil {
		return "", 0, fmt.Errorf("cache debug info: %w", err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed

	pr := &progressReader{r: a.resp.Body, stall: a.stall}
	stop := c.watch(pr, Progress{Name: name, URL: a.url, Total: a.resp.ContentLength}, start)
	n, err := io.Copy(tmp, pr)
	if err == nil && a.resp.ContentLength >= 0 && n != a.resp.ContentLength {
		err = fmt.Errorf("got %d of %d bytes", n, a.resp.ContentLength)
	}
	switch {
	case err == nil:
	case a.stall.expired():
		err = fmt.Errorf("download stalled for %v (DEBUGINFOD_TIMEOUT)", c.timeout())
	case errors.Is(ctx.Err(), context.DeadlineExceeded) && c.MaxTime > 0:
		err = fmt.Errorf("download took longer than %v (DEBUGINFOD_MAXTIME)", c.MaxTime)
	}
	if err == nil && n == 0 {
		err = errors.New("the server sent an empty file")
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o400) // read-only, as elfutils leaves its files
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, "debuginfo"))
	}
	stop(err)
	if err != nil {
		return "", 0, &Error{BuildID: buildID, Failed: []error{fmt.Errorf("download from %s: %w", a.url, err)}}
	}
	return filepath.Join(dir, "debuginfo"), n, nil
}

// removeStale removes the temporary files of downloads that were killed
// (gs interrupted): nothing has written to them for longer than a stall
// may last, so no live download owns them.
func removeStale(dir string, age time.Duration) {
	tmps, _ := filepath.Glob(filepath.Join(dir, "debuginfo.*.tmp"))
	for _, p := range tmps {
		if st, err := os.Stat(p); err == nil && time.Since(st.ModTime()) > age {
			os.Remove(p)
		}
	}
}

// watch reports the progress of pr once the download has taken more than
// ProgressAfter; the returned function ends the report.
func (c *Client) watch(pr *progressReader, p Progress, start time.Time) func(error) {
	if c.Progress == nil {
		return func(error) {}
	}
	var mu sync.Mutex
	shown := false
	done := make(chan struct{})
	go func() {
		timer := time.NewTimer(ProgressAfter)
		defer timer.Stop()
		for {
			select {
			case <-done:
				return
			case <-timer.C:
			}
			mu.Lock()
			select {
			case <-done:
				mu.Unlock()
				return
			default:
			}
			p.Got, p.Elapsed, shown = pr.count(), time.Since(start), true
			c.Progress(p)
			mu.Unlock()
			timer.Reset(250 * time.Millisecond)
		}
	}()
	return func(err error) {
		mu.Lock()
		defer mu.Unlock()
		close(done)
		if shown {
			p.Got, p.Elapsed, p.Done, p.Err = pr.count(), time.Since(start), true, err
			c.Progress(p)
		}
	}
}

// progressReader counts bytes and keeps the stall timer from firing while
// data flows.
type progressReader struct {
	r     io.Reader
	stall *stallTimer
	mu    sync.Mutex
	n     int64
}

func (p *progressReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if n > 0 {
		p.stall.reset()
		p.mu.Lock()
		p.n += int64(n)
		p.mu.Unlock()
	}
	return n, err
}

func (p *progressReader) count() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.n
}

// stallTimer cancels a request when nothing happened for d.
type stallTimer struct {
	d     time.Duration
	t     *time.Timer
	mu    sync.Mutex
	fired bool
}

// expired reports whether the timer cancelled the request.
func (s *stallTimer) expired() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.fired
}

func newStallTimer(d time.Duration, cancel context.CancelFunc) *stallTimer {
	s := &stallTimer{d: d}
	s.t = time.AfterFunc(d, func() {
		s.mu.Lock()
		s.fired = true
		s.mu.Unlock()
		cancel()
	})
	return s
}

func (s *stallTimer) reset() { s.t.Reset(s.d) }
func (s *stallTimer) stop()  { s.t.Stop() }
