package debuginfo

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gs-tracer/gs/debuginfod"
)

// withDebuginfod points Debuginfod at a server that serves file for any
// build-id, and returns the request count.
func withDebuginfod(t *testing.T, file string) (*debuginfod.Client, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if file == "" {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, file)
	}))
	t.Cleanup(srv.Close)
	c := &debuginfod.Client{URLs: []string{srv.URL}, CacheDir: t.TempDir()}
	old := Debuginfod
	Debuginfod = c
	t.Cleanup(func() { Debuginfod = old })
	return c, &hits
}

// stripBare moves bin's DWARF into a debug file and strips bin with no
// .gnu_debuglink, so only its build-id can find the debug file.
func stripBare(t *testing.T, c config) (bin, dbg string) {
	t.Helper()
	needTool(t, "objcopy")
	dir := t.TempDir()
	bin, dbg = filepath.Join(dir, "app"), filepath.Join(dir, "app.debug")
	run(t, "cp", build(t, c), bin)
	run(t, "objcopy", "--only-keep-debug", bin, dbg)
	run(t, "objcopy", "--strip-all", bin)
	return bin, dbg
}

func TestDebuginfodFallback(t *testing.T) {
	c := config{cc: gcc, opt: "-O0", dwarf: 5, pie: true}
	withDebugDirs(t, t.TempDir())
	var sources []string
	OnDebugFile = func(_ *Binary, path, how string) { sources = append(sources, how) }
	t.Cleanup(func() { OnDebugFile = nil })

	t.Run("fetched by build-id and cached", func(t *testing.T) {
		bin, dbg := stripBare(t, c)
		client, hits := withDebuginfod(t, dbg)
		b, d := openBin(t, bin)
		want := filepath.Join(client.CacheDir, b.BuildID(), "debuginfo")
		if b.DebugFile() != want || !strings.HasPrefix(b.DebugSource(), FromServer+" http://") || hits.Load() != 1 {
			t.Errorf("file %s (%s) after %d requests, want %s from the server", b.DebugFile(), b.DebugSource(), hits.Load(), want)
		}
		if len(sources) == 0 || sources[len(sources)-1] != b.DebugSource() {
			t.Errorf("OnDebugFile told %q", sources)
		}
		checkFinds(t, b, d)

		b2, _ := Open(bin)
		defer b2.Close()
		if _, err := b2.Debug(); err != nil || b2.DebugSource() != FromCache || hits.Load() != 1 {
			t.Errorf("second open: %v, from %q after %d requests, want the cache and no request", err, b2.DebugSource(), hits.Load())
		}
	})
	t.Run("a local debug file wins", func(t *testing.T) {
		bin, dbg := splitDebug(t, c) // with a .gnu_debuglink
		_, hits := withDebuginfod(t, dbg)
		b, _ := Open(bin)
		defer b.Close()
		if _, err := b.Debug(); err != nil || b.DebugFile() != dbg || hits.Load() != 0 {
			t.Errorf("Debug() = %v from %s (%s), %d requests; want %s and none", err, b.DebugFile(), b.DebugSource(), hits.Load(), dbg)
		}
	})
	t.Run("no server has it", func(t *testing.T) {
		bin, _ := stripBare(t, c)
		client, _ := withDebuginfod(t, "")
		b, _ := Open(bin)
		defer b.Close()
		_, err := b.Debug()
		if !errors.Is(err, ErrNoDWARF) || !strings.Contains(err.Error(), "no debuginfod server has it (asked "+client.URLs[0]+")") {
			t.Errorf("Debug() = %v", err)
		}
		if note := b.DebuginfodNote(); !strings.HasPrefix(note, "no debuginfod server has it") {
			t.Errorf("DebuginfodNote() = %q", note)
		}
	})
	t.Run("a debug file of another build is refused and dropped", func(t *testing.T) {
		bin, _ := stripBare(t, c)
		_, otherDbg := stripBare(t, config{cc: gcc, opt: "-O2", dwarf: 5, pie: true})
		client, _ := withDebuginfod(t, otherDbg)
		b, _ := Open(bin)
		defer b.Close()
		if _, err := b.Debug(); !errors.Is(err, ErrNoDWARF) || !strings.Contains(err.Error(), "build-id") {
			t.Errorf("Debug() = %v, want a build-id mismatch", err)
		}
		if _, err := os.Stat(filepath.Join(client.CacheDir, b.BuildID(), "debuginfo")); err == nil {
			t.Error("the wrong file stays in the cache")
		}
	})
	t.Run("no client, no request", func(t *testing.T) {
		bin, _ := stripBare(t, c)
		b, _ := Open(bin)
		defer b.Close()
		if _, err := b.Debug(); !errors.Is(err, ErrNoDWARF) || b.DebuginfodNote() != "" {
			t.Errorf("Debug() = %v, note %q", err, b.DebuginfodNote())
		}
	})
}
