package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestListOffsetVars runs gs -lv 'uprobe:BIN:walk+OFF' at each
// instruction of walk past its first (gs refuses the offsets inside an
// instruction) and compares which locals it says are readable there with
// gdb's info locals at a breakpoint on that address: a local gdb prints
// as <optimized out> is "optimized out here", any other has a location.
// gs described walk's entry whatever the offset.
func TestListOffsetVars(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "offsets.c", "o", v)
			local := regexp.MustCompile(`(?m)^    local  int (\w+) +(.*)$`)
			gsSays := map[int]map[string]bool{} // offset → local → available
			var offs []int
			for off := 1; off < 64; off++ {
				r := runGS(t, dir, timeout, "-lv", fmt.Sprintf("uprobe:./o:walk+%d", off))
				if r.Code != 0 {
					if strings.Contains(r.Stderr, "past the end") {
						break
					}
					continue // not on an instruction boundary
				}
				if !strings.Contains(r.Stdout, fmt.Sprintf("probe  at +%d ", off)) {
					t.Fatalf("gs -lv walk+%d does not describe +%d:\n%s", off, off, r.Stdout)
				}
				gsSays[off] = map[string]bool{}
				for _, m := range local.FindAllStringSubmatch(r.Stdout, -1) {
					gsSays[off][m[1]] = !strings.HasPrefix(m[2], "optimized out here")
				}
				offs = append(offs, off)
			}
			if len(offs) < 3 {
				t.Fatalf("gs -lv took %d offsets of walk, want at least 3", len(offs))
			}
			var b strings.Builder
			b.WriteString("set pagination off\n")
			for _, off := range offs {
				fmt.Fprintf(&b, "break *walk+%d\ncommands\nsilent\nprintf \"AT %d\\n\"\ninfo locals\ncontinue\nend\n", off, off)
			}
			b.WriteString("run\n")
			if err := os.WriteFile(filepath.Join(dir, "cmds.gdb"), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("gdb", "-nx", "-batch", "-x", "cmds.gdb", "./o")
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("gdb: %v\n%s", err, out)
			}
			at, seen := -1, 0
			for _, l := range strings.Split(string(out), "\n") {
				if _, err := fmt.Sscanf(l, "AT %d", &at); err == nil {
					seen++
					continue
				}
				name, val, ok := strings.Cut(l, " = ")
				if !ok || at < 0 || gsSays[at] == nil {
					continue
				}
				avail, listed := gsSays[at][name]
				if !listed {
					t.Errorf("walk+%d: gdb prints local %s, gs -lv does not list it", at, name)
					continue
				}
				if avail != (val != "<optimized out>") {
					t.Errorf("walk+%d: local %s: gdb prints %s, gs -lv says available=%v", at, name, val, avail)
				}
			}
			if seen != 2*len(offs) {
				t.Errorf("gdb stopped %d times, want %d (2 calls of walk at %v)\n%s", seen, 2*len(offs), offs, out)
			}
		})
	}
}
