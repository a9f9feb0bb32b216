package e2e

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestUaddr: uaddr("NAME") is the address of a global by its ELF symbol,
// with the load bias added in a PIE, and points to an unsigned integer of
// the symbol's size (bpftrace's rule; uint64 for other sizes). The
// addresses and values are the ones the target prints itself, in a binary
// without DWARF (strip --strip-debug) as in one with it; g_s16 is -2, read
// unsigned through a uint16 * as bpftrace reads it. Outside a uprobe it is
// an error.
func TestUaddr(t *testing.T) {
	script := `uprobe:./uaddr:uaddr_hit { printf("gs: u8=0x%x s16=0x%x int=0x%x u64=0x%llx text=%s at=0x%llx,0x%llx\n", *uaddr("g_u8"), *uaddr("g_s16"), *uaddr("g_int"), *uaddr("g_u64"), str(uaddr("g_text")), (uint64)uaddr("g_int"), (uint64)uaddr("g_u64")); exit() }`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}, {CC: gcc, Opt: "-O2", PIE: true}} {
		for _, strip := range []bool{false, true} {
			name := v.String()
			if strip {
				name += "/no-dwarf"
			}
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				compile(t, dir, "uaddr.c", "uaddr", v)
				if strip {
					if out, err := exec.Command("strip", "--strip-debug", filepath.Join(dir, "uaddr")).CombinedOutput(); err != nil {
						t.Fatalf("strip: %v\n%s", err, out)
					}
				}
				r := runGS(t, dir, 60*time.Second, "-e", script, "-c", "./uaddr")
				want := regexp.MustCompile(`(?m)^target: (.*)$`).FindStringSubmatch(r.Stdout)
				got := regexp.MustCompile(`(?m)^gs: (.*)$`).FindStringSubmatch(r.Stdout)
				if r.Code != 0 || want == nil || got == nil || got[1] != want[1] {
					t.Fatalf("exit %d, gs's line does not match the target's:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
				}
			})
		}
	}
	r := runGS(t, t.TempDir(), 30*time.Second, "-e", `BEGIN { print(*uaddr("g_int")) }`)
	if r.Code == 0 || !regexp.MustCompile(`uaddr\(\) needs a uprobe`).MatchString(r.Stderr) {
		t.Errorf("uaddr in BEGIN: exit %d, stderr:\n%s", r.Code, r.Stderr)
	}
}
