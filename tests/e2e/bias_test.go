package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// buildNoInit builds libmodglob.so without an initializer (-nostartfiles:
// no DT_INIT, no DT_INIT_ARRAY), so that no bias probe can see a process
// map it, and modmain linked with it, as v.
func buildNoInit(t *testing.T, dir string, v variant) {
	t.Helper()
	src, _ := filepath.Abs("testdata")
	build(t, dir, v.CC, "-g", v.Opt, "-fPIC", "-shared", "-nostartfiles", "-o", "libmodglob.so", filepath.Join(src, "modglob.c"))
	compile(t, dir, "modmain.c", "modmain", v, "-L"+dir, "-lmodglob", "-Wl,-rpath,$ORIGIN")
}

// TestAddressUnknownBias: &global of a library whose load bias gs does not
// know yet in the process (no bias probe can fire in it, and /proc is read
// once a second) prints as not available, never as an address computed
// from no bias; the values after it in the same print keep their own
// status; a $var of it holds NULL. Where the bias is known, the address
// is the one the target prints itself.
func TestAddressUnknownBias(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildNoInit(t, dir, v)
			got, outs := systemGS(t, dir, `uprobe:./modmain:mod_tick { print(&mod_value, v, mod_value); $p = &mod_value; printf("p=%lu\n", (uint64)$p) }`,
				[]string{filepath.Join(dir, "modmain")})
			where := regexp.MustCompile(`where (\d+)`).FindStringSubmatch(outs[0])
			vals := regexp.MustCompile(`(?m)^pid=\d+ value=(\d+)$`).FindAllStringSubmatch(outs[0], -1)
			if where == nil || len(vals) != 3 {
				t.Fatalf("target printed:\n%s", outs[0])
			}
			var addr uint64
			fmt.Sscan(where[1], &addr)
			na := regexp.QuoteMeta("<not available: module not located in this process>")
			lines := strings.Split(strings.TrimSpace(got), "\n")
			if len(lines) != 6 {
				t.Fatalf("want 3 hits of 2 lines, gs printed:\n%s", got)
			}
			for i := range 3 {
				re := fmt.Sprintf(`^&mod_value = (%s|%#x), v = %s, mod_value = (%s|%s)$`, na, addr, vals[i][1], na, vals[i][1])
				if l := lines[2*i]; !regexp.MustCompile(re).MatchString(l) {
					t.Errorf("hit %d: %q does not match %q", i, l, re)
				}
				// In a $var: NULL, as after a failed read, or the address.
				if l := lines[2*i+1]; l != "p=0" && l != fmt.Sprintf("p=%d", addr) {
					t.Errorf("hit %d: %q, want p=0 or p=%d", i, l, addr)
				}
			}
		})
	}
}

// TestExecDropsOldBias: a process that execs keeps its pid, but its new
// image maps the library elsewhere. gs found the library's bias in the
// old image (no bias probe can fire: the library has no initializer);
// after the exec that entry must not be used: each hit in the new image
// prints the library global and its address as the new image has them
// (the target prints them), or as not available until gs finds the new
// bias, never what the old image's bias gives.
func TestExecDropsOldBias(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O0", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			buildNoInit(t, dir, v)
			compile(t, dir, "execa.c", "execa", v, "-L"+dir, "-lmodglob", "-Wl,-rpath,$ORIGIN")
			got, outs := systemGS(t, dir, `uprobe:./modmain:mod_tick { print(&mod_value, v, mod_value) }`,
				[]string{filepath.Join(dir, "execa"), filepath.Join(dir, "modmain")})
			before := regexp.MustCompile(`before (\d+)`).FindStringSubmatch(outs[0])
			where := regexp.MustCompile(`where (\d+)`).FindStringSubmatch(outs[0])
			vals := regexp.MustCompile(`(?m)^pid=\d+ value=(\d+)$`).FindAllStringSubmatch(outs[0], -1)
			if before == nil || where == nil || len(vals) != 3 {
				t.Fatalf("target printed:\n%s", outs[0])
			}
			if before[1] == where[1] {
				t.Fatalf("both images mapped the library at %s: no ASLR, the test proves nothing", where[1])
			}
			var addr uint64
			fmt.Sscan(where[1], &addr)
			na := regexp.QuoteMeta("<not available: module not located in this process>")
			lines := strings.Split(strings.TrimSpace(got), "\n")
			if len(lines) != 3 {
				t.Fatalf("want 3 hits, gs printed:\n%s", got)
			}
			for i, l := range lines {
				re := fmt.Sprintf(`^&mod_value = (%s|%#x), v = %s, mod_value = (%s|%s)$`, na, addr, vals[i][1], na, vals[i][1])
				if !regexp.MustCompile(re).MatchString(l) {
					t.Errorf("hit %d: %q does not match %q", i, l, re)
				}
			}
		})
	}
}

// TestExecOwnGlobal: a PIE that execs itself twice, then another PIE
// (the same source), each image with its global g at another address
// (ASLR) and with another value: every hit at tick, in each image, prints
// &g and g as that image has them, which the target prints itself before
// each call, never the old image's.
func TestExecOwnGlobal(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O0", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "execself.c", "ex", v)
			compile(t, dir, "execself.c", "ex2", v)
			got, outs := systemGS(t, dir, `uprobe:./ex:tick, uprobe:./ex2:tick { printf("self: pid=%d ", pid); print(&g, g) }`,
				[]string{filepath.Join(dir, "ex"), "2", filepath.Join(dir, "ex2")})
			var want []string
			addrs := map[string]bool{}
			for _, l := range strings.Split(outs[0], "\n") {
				if strings.HasPrefix(l, "self: ") {
					want = append(want, l)
					addrs[regexp.MustCompile(`&g = (\S+),`).FindStringSubmatch(l)[1]] = true
				}
			}
			if len(want) != 8 || len(addrs) < 2 {
				t.Fatalf("the target printed %d lines at %d addresses (want 8, and ASLR):\n%s", len(want), len(addrs), outs[0])
			}
			if strings.TrimSpace(got) != strings.Join(want, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s", got, strings.Join(want, "\n"))
			}
		})
	}
}
