package e2e

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestListOffsetEndbr: in code built with -fcf-protection, whose
// functions open with endbr64 (4 bytes), gs -lv takes FUNC+OFF exactly at
// the instruction starts gdb's disassembly shows. gs decoded endbr64 as a
// 1-byte REP prefix and took walk+1, inside it, before package machine's
// one sweep.
func TestListOffsetEndbr(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "offsets.c", "o", variant{CC: gcc, Opt: "-O0", PIE: false}, "-fcf-protection=full")
	cmd := exec.Command("gdb", "-nx", "-batch", "-ex", "disassemble walk", "./o")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`<\+0>:\s+endbr64`).Match(out) {
		t.Fatalf("walk does not open with endbr64:\n%s", out)
	}
	starts := map[int]bool{}
	for _, m := range regexp.MustCompile(`<\+(\d+)>:`).FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[1])
		starts[n] = true
	}
	for off := 1; off <= 12; off++ {
		r := runGS(t, dir, timeout, "-lv", fmt.Sprintf("uprobe:./o:walk+%d", off))
		switch {
		case starts[off] && r.Code != 0:
			t.Errorf("walk+%d starts an instruction (gdb), gs -lv refuses it:\n%s", off, r.Stderr)
		case !starts[off] && r.Code == 0:
			t.Errorf("walk+%d is inside an instruction (gdb), gs -lv takes it:\n%s", off, r.Stdout)
		case !starts[off] && !strings.Contains(r.Stderr, "not on an instruction boundary"):
			t.Errorf("walk+%d: gs -lv says:\n%s", off, r.Stderr)
		}
	}
}
