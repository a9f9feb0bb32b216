package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestSoftwarePageFaults: software:faults:1 (bpftrace's alias of
// page-faults) samples every page fault; the samples whose user stack passes through touch, which writes
// to N fresh anonymous pages (no huge pages), number exactly the N pages
// the target says it touched, and all come from the target (comm).
func TestSoftwarePageFaults(t *testing.T) {
	for _, n := range []int{37, 500} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "faults.c", "faults", variant{CC: gcc, Opt: "-O2", PIE: true}, "-fomit-frame-pointer")
			r := runGS(t, dir, timeout, "-c", "./faults "+strconv.Itoa(n), "-e", `software:faults:1 { @[comm, ustack] = count() }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			m := regexp.MustCompile(`touched (\d+) pages`).FindStringSubmatch(r.Stdout)
			if m == nil {
				t.Fatalf("the target printed no count:\n%s", r.Stdout)
			}
			want, _ := strconv.Atoi(m[1])
			re := regexp.MustCompile(`@\[(\S+), \n((?:        [^\n]*\n)+)\]: (\d+)\n`)
			got := 0
			for _, s := range re.FindAllStringSubmatch(r.Stdout, -1) {
				c, _ := strconv.Atoi(s[3])
				if s[1] != "faults" {
					t.Errorf("a sample of %s, not of the target: %q", s[1], s[0])
				}
				if strings.Contains(s[2], " touch+") && strings.Contains(s[2], " main+") {
					got += c
				}
			}
			if got != want {
				t.Errorf("%d page faults in touch ← main, the target touched %d pages\n%s", got, want, r.Stdout)
			}
		})
	}
}
