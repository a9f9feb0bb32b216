package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// sqlite builds SQLite's amalgamation (shipped in the npm package
// better-sqlite3) with gcc -g -O2 and a small driver (the source is
// fetched once per machine into the repository's .cache; testtarget
// caches the build).
func sqlite(t *testing.T) string {
	t.Helper()
	return sqliteBuild(t, "sq", gcc, "-O2")
}

// sqliteBuild builds the amalgamation and the driver with cc and flags
// (and -g) into a temporary directory, as name.
func sqliteBuild(t *testing.T, name string, cc testtarget.Compiler, flags ...string) string {
	t.Helper()
	cache, err := filepath.Abs(filepath.Join("..", "..", ".cache", "sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(cache, "package", "deps", "sqlite3")
	if _, err := os.Stat(filepath.Join(src, "sqlite3.c")); err != nil {
		if _, err := exec.LookPath("npm"); err != nil {
			t.Fatal("npm is needed to fetch SQLite's source (the better-sqlite3 package)")
		}
		run(t, cache, "npm", "pack", "--silent", "better-sqlite3@12.11.1")
		run(t, cache, "tar", "xzf", "better-sqlite3-12.11.1.tgz", "package/deps/sqlite3/sqlite3.c", "package/deps/sqlite3/sqlite3.h")
	}
	driver, _ := filepath.Abs(filepath.Join("testdata", "sqlite_main.c"))
	args := append([]string{"-g"}, flags...)
	bin := filepath.Join(t.TempDir(), name)
	args = append(args, "-I", src, "-o", bin, driver, filepath.Join(src, "sqlite3.c"), "-lpthread", "-lm")
	build(t, cache, cc, args...)
	return bin
}

// TestSQLite traces a real program nobody here wrote: the SQL text and a
// field through a struct pointer at every sqlite3_prepare_v2, and the
// program's Vdbe at every statement execution.
func TestSQLite(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("npm is needed to fetch SQLite's source (the better-sqlite3 package)")
	}
	bin := sqlite(t)
	dir := filepath.Dir(bin)
	r := runGS(t, dir, timeout, "-c", "./sq", "-e",
		`uprobe:./sq:sqlite3_prepare_v2 { printf("%s | nDb=%d\n", str(zSql, 200), db->nDb) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	var ours []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if strings.HasPrefix(l, "CREATE") || strings.HasPrefix(l, "INSERT") {
			ours = append(ours, l)
		}
	}
	want := []string{
		"CREATE TABLE t(a INTEGER, b TEXT) | nDb=2",
		"INSERT INTO t VALUES(0, 'row0') | nDb=2",
		"INSERT INTO t VALUES(1, 'row1') | nDb=2",
		"INSERT INTO t VALUES(2, 'row2') | nDb=2",
	}
	if strings.Join(ours, "\n") != strings.Join(want, "\n") {
		t.Errorf("statements traced:\n%s\nwant:\n%s\nall output:\n%s", strings.Join(ours, "\n"), strings.Join(want, "\n"), r.Stdout)
	}

	r = runGS(t, dir, timeout, "-c", "./sq", "-e",
		`uprobe:./sq:sqlite3VdbeExec /p->zSql != 0/ { printf("%d %s\n", p->nOp > 0, str(p->zSql, 200)) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `(?m)^1 INSERT INTO t VALUES\(2, 'row2'\)$`)
}
