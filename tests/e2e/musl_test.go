package e2e

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// muslVariants are the musl-gcc builds: dynamic (PIE, against musl's
// libc.so, which is its loader) and static.
var muslVariants = []struct {
	name  string
	flags []string
}{
	{"dynamic", []string{"-fPIE", "-pie"}},
	{"static", []string{"-static"}},
}

// muslCompile builds testdata/src with musl-gcc -O2 and flags.
func muslCompile(t *testing.T, dir, src, name string, flags ...string) {
	t.Helper()
	args := append([]string{"-g", "-O2", "-fomit-frame-pointer", "-pthread", "-o", name, filepath.Join(mustAbs(t, "testdata"), src)}, flags...)
	build(t, dir, muslGCC, args...)
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestMuslThreadLocal: in a musl-gcc program, static and dynamic, each
// thread's values of the executable's __thread variables, and their
// addresses, are what that thread printed itself (musl's thread pointer
// is its struct pthread, the executable's block ends at it as with
// glibc); the stack at leaf is gdb's bt, down to main.
func TestMuslThreadLocal(t *testing.T) {
	for _, v := range muslVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			muslCompile(t, dir, "musl.c", "musl", v.flags...)
			r := runGS(t, dir, timeout, "-c", "./musl", "-e", `uprobe:./musl:report {
	printf("tid=%d counter=%d name=%s &counter=%p\n", tid, counter, tname, &counter)
}`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			keys := []string{"tid", "counter", "name", "&counter"}
			want := tlsLines(selfLines(r.Stderr), keys)
			got := tlsLines(gsLines(r.Stdout), keys)
			if len(want) != 6 || !slices.Equal(got, want) {
				t.Errorf("gs:\n%s\ntarget:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			checkStacks(t, dir, "./musl", "2", "leaf")
			if v.name != "dynamic" {
				return
			}
			// libc is the program's, musl's: each thread it starts is a hit.
			r = runGS(t, dir, timeout, "-c", "./musl", "-e", `uprobe:libc:pthread_create { printf("created\n") }`)
			tids := map[string]bool{}
			for _, m := range selfLines(r.Stderr) {
				tids[m["tid"]] = true
			}
			if n := strings.Count(r.Stdout, "created\n"); r.Code != 0 || n != len(tids) || n == 0 {
				t.Errorf("uprobe:libc:pthread_create: %d hits, the program started %d threads (exit %d)\n%s%s", n, len(tids), r.Code, r.Stdout, r.Stderr)
			}
		})
	}
}

// TestMuslLibraryTLS: the __thread variables of libraries built with
// musl-gcc and linked at start, found through musl's DTV (dtv[0] the
// number of modules, dtv[i] a block: not glibc's {val, to_free} entries)
// with module ids from the two kinds of GOT slot, and through a GOT slot
// of initial-exec access, are each thread's own, as it printed them.
func TestMuslLibraryTLS(t *testing.T) {
	dir := t.TempDir()
	buildTLS(t, dir, variant{CC: muslGCC, Opt: "-O2", PIE: true})
	r := runGS(t, dir, timeout, "-c", "./tls", "-e", tlsScript)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	sameTLS(t, r)
}

// TestMuslDlopenTLS: musl has no dynamic TLS (dlopen gives every thread
// the new module's block and a DTV that holds it), so the __thread
// variable of a library the program dlopens prints each thread's value,
// as the thread printed it, where glibc's prints as dynamic TLS.
func TestMuslDlopenTLS(t *testing.T) {
	dir := t.TempDir()
	buildTLS(t, dir, variant{CC: muslGCC, Opt: "-O2", PIE: true})
	r := runGSEnv(t, dir, timeout, []string{"TLS_DLOPEN=1"}, "-c", "./tls", "-e",
		`uretprobe:./libtlsdyn.so:tlsb_set { printf("tid=%d dyn=%d\n", tid, tlsb_var) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	var want []string
	for _, m := range selfLines(r.Stderr) {
		if d, ok := m["dyn"]; ok {
			want = append(want, "tid="+m["tid"]+" dyn="+d)
		}
	}
	got := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	slices.Sort(got)
	slices.Sort(want)
	// A sleepable probe may find its CPU busy and drop a hit (gs says
	// so): a missing line, never a wrong one (TestThreadLocalDlopen).
	dropped := 0
	if m := regexp.MustCompile(`(?m)^gs: (\d+) probe hits dropped because the CPU was busy with another probe in total$`).FindStringSubmatch(r.Stderr); m != nil {
		dropped, _ = strconv.Atoi(m[1])
	}
	if len(want) != 12 || len(want)-len(got) > dropped || !isSubset(got, want) {
		t.Errorf("gs:\n%s\ntarget:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
