package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// tlsScript reads every thread-local variable of testdata/tls.c and its
// libraries, and their addresses, at report.
const tlsScript = `uprobe:./tls:report {
	printf("tid=%d counter=%d static=%d name=%s aligned=%c a=%d b=%d c=%d &counter=%p &aligned=%p &a=%p &b=%p &c=%p\n",
		tid, tl_counter, tl_static, tl_name, tl_aligned, tlsa_var, tlsb_var, tlsc_var,
		&tl_counter, &tl_aligned, &tlsa_var, &tlsb_var, &tlsc_var)
}`

// buildTLS compiles testdata/tls.c with v, linked with libtlsa.so,
// libtlsb.so and libtlsc.so (and libtlsdyn.so, a copy of libtlsb.so that
// it dlopens), all built with v's compiler and optimization.
func buildTLS(t *testing.T, dir string, v variant) {
	t.Helper()
	src, _ := filepath.Abs("testdata")
	for _, lib := range [][3]string{{"libtlsa.so", "tlsa.c"}, {"libtlsb.so", "tlsb.c"}, {"libtlsdyn.so", "tlsb.c"},
		{"libtlsc.so", "tlsc.c", "-ftls-model=initial-exec"}} {
		args := []string{"-g", v.Opt, "-fPIC", "-shared", "-o", lib[0], filepath.Join(src, lib[1])}
		if lib[2] != "" {
			args = append(args, lib[2])
		}
		build(t, dir, v.CC, args...)
	}
	compile(t, dir, "tls.c", "tls", v, "-pthread", "-L"+dir, "-ltlsa", "-ltlsb", "-ltlsc", "-ldl", "-Wl,-rpath,$ORIGIN")
}

// sameTLS checks that what gs printed with tlsScript is what the target's
// threads printed of their own variables (12 lines).
func sameTLS(t *testing.T, r result) {
	t.Helper()
	keys := []string{"tid", "counter", "static", "name", "aligned", "a", "b", "c", "&counter", "&aligned", "&a", "&b", "&c"}
	want := tlsLines(selfLines(r.Stderr), keys)
	got := tlsLines(gsLines(r.Stdout), keys)
	if len(want) != 12 || !slices.Equal(got, want) {
		t.Errorf("gs:\n%s\ntarget:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestThreadLocal: at a probe, each thread's own values of the __thread
// variables of the executable and of three libraries linked at start
// (their blocks found through the DTV, with module ids of two kinds of GOT
// slot, and through a GOT slot of initial-exec access),
// and their addresses, are what that thread printed itself, for every
// compile variant. The addresses check the ABI's facts (ir/tls.go) on this
// machine: the executable's block below the thread pointer, the DTV.
func TestThreadLocal(t *testing.T) {
	for _, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildTLS(t, dir, v)
			r := runGS(t, dir, timeout, "-c", "./tls", "-e", tlsScript)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			sameTLS(t, r)
		})
	}
}

// TestThreadLocalDlopen: the variable of a dlopen'd library is in dynamic
// TLS and prints as such, never as a number; the same library linked at
// start prints each thread's value.
func TestThreadLocalDlopen(t *testing.T) {
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		t.Run(cc.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildTLS(t, dir, variant{CC: cc, Opt: "-O2", PIE: true})
			r := runGSEnv(t, dir, timeout, []string{"TLS_DLOPEN=1"}, "-c", "./tls", "-e", `
uretprobe:./libtlsb.so:tlsb_set { printf("tid=%d b=%d\n", tid, tlsb_var) }
uretprobe:./libtlsdyn.so:tlsb_set { printf("tid=%d dyn=%d\n", tid, tlsb_var) }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var got, want []string
			dyn := 0
			for _, line := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
				if strings.Contains(line, " dyn=") {
					if !strings.HasSuffix(line, " dyn=<not available: dynamic TLS>") {
						t.Errorf("dynamic TLS printed %q", line)
					}
					dyn++
					continue
				}
				got = append(got, line)
			}
			for _, m := range selfLines(r.Stderr) {
				if _, ok := m["b"]; !ok {
					continue // a dyn= line
				}
				want = append(want, fmt.Sprintf("tid=%s b=%s", m["tid"], m["b"]))
			}
			slices.Sort(got)
			slices.Sort(want)
			// A sleepable probe that faults a page in may let another
			// thread's hit find its CPU busy: gs drops that hit and says
			// so (hidden bias probes count there too). Dropped hits are missing
			// lines, never wrong ones.
			dropped := 0
			if m := regexp.MustCompile(`(?m)^gs: (\d+) probe hits dropped because the CPU was busy with another probe in total$`).FindStringSubmatch(r.Stderr); m != nil {
				dropped, _ = strconv.Atoi(m[1])
			}
			missing := 12 - dyn + len(want) - len(got)
			if len(want) != 12 || dyn > 12 || missing > dropped || !isSubset(got, want) {
				t.Errorf("%d dynamic lines, %d hits dropped; gs:\n%s\ntarget:\n%s", dyn, dropped, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestThreadLocalCxx: C++ thread_local variables, a struct among them, per
// thread, with g++ and clang++.
func TestThreadLocalCxx(t *testing.T) {
	for _, cxx := range []testtarget.Compiler{testtarget.GXX, testtarget.ClangXX} {
		for _, opt := range []string{"-O0", "-O2"} {
			t.Run(cxx.String()+opt, func(t *testing.T) {
				dir := t.TempDir()
				src, _ := filepath.Abs("testdata/tls.cc")
				build(t, dir, cxx, "-g", opt, "-pthread", "-o", "tlscc", src)
				r := runGS(t, dir, timeout, "-c", "./tlscc", "-e", `uprobe:./tlscc:report {
	printf("tid=%d counter=%d first=%d second=%d hits=%d\n", tid, cxx_counter, cxx_pair.first, cxx_pair.second, Stats::hits)
}`)
				if r.Code != 0 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				keys := []string{"tid", "counter", "first", "second", "hits"}
				want := tlsLines(selfLines(r.Stderr), keys)
				got := tlsLines(gsLines(r.Stdout), keys)
				if len(want) != 9 || !slices.Equal(got, want) {
					t.Errorf("gs:\n%s\ntarget:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		}
	}
}

// gsLines parses gs's "k=v k=v" lines as selfLines does the target's.
func gsLines(stdout string) []map[string]string {
	var out []map[string]string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		out = append(out, selfLines("self: "+line)...)
	}
	return out
}

// tlsLines renders each line's keys, addresses (keys starting with &) as
// numbers, sorted: threads run in any order, and the lines name their tid.
func tlsLines(ms []map[string]string, keys []string) []string {
	var out []string
	for _, m := range ms {
		var b strings.Builder
		for _, k := range keys {
			v := m[k]
			if strings.HasPrefix(k, "&") {
				if n, err := strconv.ParseUint(strings.TrimPrefix(v, "0x"), 16, 64); err == nil {
					v = fmt.Sprintf("%#x", n)
				}
			}
			fmt.Fprintf(&b, "%s=%s ", k, v)
		}
		out = append(out, b.String())
	}
	slices.Sort(out)
	return out
}

// TestThreadLocalRust: Rust's thread_local!, named as the macro names it
// (its storage is a __RUST_STD_INTERNAL_VAL in namespaces under the name),
// per thread, const-initialized and lazy, debug and release.
func TestThreadLocalRust(t *testing.T) {
	for _, b := range rustBuilds[:2] {
		t.Run(b.name, func(t *testing.T) {
			dir := t.TempDir()
			rustc(t, dir, "tls.rs", "tlsrs", b)
			r := runGS(t, dir, timeout, "-c", "./tlsrs", "-e", `uprobe:./tlsrs:report {
	printf("tid=%d counter=%d lazy=%d\n", tid, COUNTER.value.value, LAZY.value.value.value.value.0.value.value)
}`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			keys := []string{"tid", "counter", "lazy"}
			want := tlsLines(selfLines(r.Stderr), keys)
			got := tlsLines(gsLines(r.Stdout), keys)
			if len(want) != 9 || !slices.Equal(got, want) {
				t.Errorf("gs:\n%s\ntarget:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// isSubset says whether every line of sub (sorted) is in all (sorted), as
// often as it is in sub.
func isSubset(sub, all []string) bool {
	i := 0
	for _, l := range sub {
		for i < len(all) && all[i] < l {
			i++
		}
		if i == len(all) || all[i] != l {
			return false
		}
		i++
	}
	return true
}
