package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gs-tracer/gs/internal/debuginfodtest"
)

// benchDebuginfod measures the time from launching gs until the first
// event of a probe that reads a parameter by name, on SQLite built with
// -g -O2 and stripped, its debug file served by a local debuginfod: with
// an empty cache (the fetch), with a warm cache, and on the unstripped
// binary for reference.
func benchDebuginfod(gsAbs, dir string) {
	if _, err := exec.LookPath("debuginfod"); err != nil {
		fmt.Println("\ndebuginfod not installed: no fetch figures (apt-get install debuginfod)")
		return
	}
	sq, err := sqliteBinary()
	if err != nil {
		fmt.Printf("\nno SQLite to fetch debug info for: %v\n", err)
		return
	}
	served := filepath.Join(dir, "served")
	check(os.MkdirAll(served, 0o755))
	bare := filepath.Join(dir, "sq")
	for _, argv := range [][]string{
		{"objcopy", "--only-keep-debug", sq, filepath.Join(served, "sq.debug")},
		{"objcopy", "--strip-debug", sq, bare},
	} {
		if out, err := exec.Command(argv[0], argv[1:]...).CombinedOutput(); err != nil {
			fail("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
	st, err := os.Stat(filepath.Join(served, "sq.debug"))
	check(err)
	url, stop := serveDebuginfod(dir, served, bare)
	defer stop()

	script := func(bin string) string {
		return "uprobe:" + bin + `:sqlite3_prepare_v2 { printf("%s\n", str(zSql, 40)); exit(); }`
	}
	var cold, fetch, warm, local []float64
	for r := 0; r < *runs; r++ {
		cache := filepath.Join(dir, fmt.Sprintf("xdg%d", r))
		env := []string{"DEBUGINFOD_URLS=" + url, "XDG_CACHE_HOME=" + cache, "DEBUGINFOD_CACHE_PATH="}
		ms, stderr := firstEvent(env, gsAbs, "-v", "-c", bare, "-e", script(bare))
		cold = append(cold, ms)
		// gs -v: "debug info for BIN: PATH (debuginfod URL, 3.9 MiB in 41ms)"
		fetch = append(fetch, parse(stderr, `MiB in ([\d.]+)ms\)`))
		ms, _ = firstEvent(env, gsAbs, "-q", "-c", bare, "-e", script(bare))
		warm = append(warm, ms)
		ms, _ = firstEvent(nil, gsAbs, "-q", "-c", sq, "-e", script(sq))
		local = append(local, ms)
	}
	fmt.Printf("\ndebuginfod: launch→first event on SQLite (-g -O2, %.1f MiB debug file from a local server; median of %d runs, ms)\n",
		float64(st.Size())/(1<<20), *runs)
	fmt.Printf("  %-34s %7.1f   (the download itself %.1f)\n", "empty cache (fetch)", median(cold), median(fetch))
	fmt.Printf("  %-34s %7.1f\n", "warm cache", median(warm))
	fmt.Printf("  %-34s %7.1f\n", "DWARF in the binary (reference)", median(local))
}

// sqliteBinary returns SQLite's amalgamation with the e2e tests' driver,
// built with gcc -g -O2 the way tests/e2e does, under .cache/sqlite.
func sqliteBinary() (string, error) {
	cache, err := filepath.Abs(filepath.Join(".cache", "sqlite"))
	if err != nil {
		return "", err
	}
	bin := filepath.Join(cache, "sq")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	src := filepath.Join(cache, "package", "deps", "sqlite3")
	steps := [][]string{}
	if _, err := os.Stat(filepath.Join(src, "sqlite3.c")); err != nil {
		steps = append(steps,
			[]string{"npm", "pack", "--silent", "better-sqlite3@12.11.1"},
			[]string{"tar", "xzf", "better-sqlite3-12.11.1.tgz", "package/deps/sqlite3/sqlite3.c", "package/deps/sqlite3/sqlite3.h"})
	}
	driver, _ := filepath.Abs(filepath.Join("tests", "e2e", "testdata", "sqlite_main.c"))
	steps = append(steps,
		[]string{"gcc", "-g", "-O2", "-I", src, "-o", bin + ".tmp", driver, filepath.Join(src, "sqlite3.c"), "-lpthread", "-lm"},
		[]string{"mv", bin + ".tmp", bin})
	for _, argv := range steps {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Dir = cache
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("%s: %v\n%s", strings.Join(argv, " "), err, out)
		}
	}
	return bin, nil
}

// serveDebuginfod starts debuginfod on served and waits until it serves
// bin's debug file.
func serveDebuginfod(dir, served, bin string) (url string, stop func()) {
	id, err := debuginfodtest.BuildID(bin)
	check(err)
	s, err := debuginfodtest.Start(served, filepath.Join(dir, "debuginfod.sqlite"), id, 60*time.Second)
	check(err)
	return s.URL, s.Stop
}

// firstEvent runs argv with env added and returns the milliseconds from
// launch until it printed its first line, and its stderr.
func firstEvent(env []string, argv ...string) (float64, string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	check(err)
	start := time.Now()
	check(cmd.Start())
	line, err := bufio.NewReader(stdout).ReadString('\n')
	took := float64(time.Since(start).Microseconds()) / 1000
	if err != nil || line == "" {
		fail("%s: no event (%v)", strings.Join(argv, " "), err)
	}
	cmd.Wait()
	return took, stderr.String()
}
