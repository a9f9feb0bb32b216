package e2e

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/internal/debuginfodtest"
)

// startDebuginfod starts Debian's debuginfod -F dir on a free loopback
// port and waits until it serves the debug file of build-id id.
func startDebuginfod(t *testing.T, dir, id string) *debuginfodtest.Server {
	t.Helper()
	s, err := debuginfodtest.Start(dir, filepath.Join(t.TempDir(), "debuginfod.sqlite"), id, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

func buildIDOf(t *testing.T, path string) string {
	t.Helper()
	id, err := debuginfodtest.BuildID(path)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestDebuginfod: a stripped binary with no debuglink reads values by name
// when its debug file is only on a debuginfod server named in
// DEBUGINFOD_URLS; the file lands in elfutils' cache layout, and a second
// run uses the cache with the server gone; a local debug file wins
// without a request; no server having it is a clear error.
func TestDebuginfod(t *testing.T) {
	dir := t.TempDir()
	srvDir := filepath.Join(dir, "served")
	if err := os.Mkdir(srvDir, 0o755); err != nil {
		t.Fatal(err)
	}
	compile(t, dir, "values.c", "v", variant{CC: gcc, Opt: "-O2", PIE: true})
	compile(t, dir, "basic.c", "other", defaultVariant)
	run(t, dir, "objcopy", "--only-keep-debug", "v", "v.debug")
	run(t, dir, "cp", "v.debug", filepath.Join(srvDir, "v.debug"))
	run(t, dir, "objcopy", "--strip-debug", "v", "v.bare")
	run(t, dir, "objcopy", "--strip-debug", "--add-gnu-debuglink=v.debug", "v", "v.linked")
	run(t, dir, "objcopy", "--strip-debug", "other", "other.bare")
	f, err := elf.Open(filepath.Join(dir, "v.bare"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Section(".debug_info") != nil || f.Section(".gnu_debuglink") != nil {
		t.Fatal("v.bare has DWARF or a debuglink")
	}
	f.Close()
	id := buildIDOf(t, filepath.Join(dir, "v.bare"))
	srv := startDebuginfod(t, srvDir, id)

	cacheHome := filepath.Join(dir, "xdg")
	env := []string{"DEBUGINFOD_URLS=" + srv.URL, "XDG_CACHE_HOME=" + cacheHome, "DEBUGINFOD_CACHE_PATH="}
	cached := filepath.Join(cacheHome, "debuginfod_client", id, "debuginfo")
	script := func(bin string) string {
		return `uprobe:./` + bin + `:process { printf("id=%d name=%s scale=%d counter=%d\n", it->id, it->name, scale, counter) }`
	}
	// values checks gs's lines against what the target printed itself.
	values := func(what string, r result) {
		t.Helper()
		if r.Code != 0 {
			t.Fatalf("%s: exit %d\n%s", what, r.Code, r.Stderr)
		}
		var want []string
		for _, m := range selfLines(r.Stderr) {
			want = append(want, fmt.Sprintf("id=%s name=%s scale=%s counter=%s", m["id"], m["name"], m["scale"], m["counter"]))
		}
		if got := strings.TrimSuffix(r.Stdout, "\n"); len(want) != 2 || got != strings.Join(want, "\n") {
			t.Errorf("%s: gs printed\n%s\nthe target\n%s", what, got, strings.Join(want, "\n"))
		}
	}

	r := runGSEnv(t, dir, timeout, env, "-v", "-c", "./v.bare 1", "-e", script("v.bare"))
	values("downloaded", r)
	match(t, "stderr", r.Stderr, `gs: debug info for \S*/v.bare: `+cached+` \(debuginfod `+srv.URL+`, [\d.]+ KiB in \d+m?s\)`)
	got, err := os.ReadFile(cached)
	want, _ := os.ReadFile(filepath.Join(dir, "v.debug"))
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("cache %s: %d bytes (%v), want v.debug's %d", cached, len(got), err, len(want))
	}
	if ents, _ := os.ReadDir(filepath.Dir(cached)); len(ents) != 1 {
		t.Errorf("cache entry holds %d files, want only debuginfo", len(ents))
	}

	// No server has other.bare's debug file.
	r = runGSEnv(t, dir, timeout, env, "-e", `uprobe:./other.bare:add { print(a) }`)
	if r.Code != 3 {
		t.Errorf("not on the server: exit %d, want 3\n%s", r.Code, r.Stderr)
	}
	match(t, "stderr", r.Stderr, `cannot look up "a": ./other.bare has no DWARF debug info, and no debuginfod server has it \(asked `+srv.URL+`\)`)

	// Local debug files win: no request is made, nothing is cached.
	before := srv.Requests(id)
	localEnv := []string{"DEBUGINFOD_URLS=" + srv.URL, "XDG_CACHE_HOME=" + filepath.Join(dir, "xdg2"), "DEBUGINFOD_CACHE_PATH="}
	r = runGSEnv(t, dir, timeout, localEnv, "-v", "-c", "./v.linked 1", "-e", script("v.linked"))
	values("debuglink", r)
	match(t, "stderr", r.Stderr, `debug info for \S*/v.linked: \S*/v.debug \(.gnu_debuglink\)`)
	r = runGSEnv(t, dir, timeout, localEnv, "-v", "--debug-file", "v.debug", "-c", "./v.bare 1", "-e", script("v.bare"))
	values("--debug-file", r)
	match(t, "stderr", r.Stderr, `debug info for \S*/v.bare: v.debug \(--debug-file\)`)
	if n := srv.Requests(id); n != before {
		t.Errorf("%d requests to the server with a local debug file", n-before)
	}
	if _, err := os.Stat(filepath.Join(dir, "xdg2")); err == nil {
		t.Error("a cache was written with a local debug file")
	}

	// The cache serves a second run with the server gone.
	srv.Stop()
	r = runGSEnv(t, dir, timeout, env, "-v", "-c", "./v.bare 1", "-e", script("v.bare"))
	values("cached", r)
	match(t, "stderr", r.Stderr, `debug info for \S*/v.bare: `+cached+` \(debuginfod cache\)`)

	// With the server gone and no cache, the error says so.
	r = runGSEnv(t, dir, timeout, localEnv, "-c", "./v.bare 1", "-e", script("v.bare"))
	if r.Code != 3 {
		t.Errorf("server gone: exit %d, want 3\n%s", r.Code, r.Stderr)
	}
	match(t, "stderr", r.Stderr, `has no DWARF debug info, and debuginfod failed: `+srv.URL+`: cannot connect: connection refused`)
}
