//go:build amd64

package arch

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegByName checks every name of the table with the GNU assembler:
// `mov` with the suffix of the size RegByName gives must assemble with
// the name as both operands (gas refuses a name of another size), and
// the slot must be the psABI register the name is part of.
func TestRegByName(t *testing.T) {
	suffix := map[int]string{1: "b", 2: "w", 4: "l", 8: "q"}
	var src strings.Builder
	var names []string
	for _, s := range subRegs {
		for _, n := range []string{s.full, s.r32, s.r16, s.r8, s.hi} {
			if n == "" || n == "rip" || n == "eip" || n == "ip" {
				continue // no mov to the instruction pointer
			}
			r, ok := RegByName(n)
			if !ok {
				t.Errorf("RegByName(%q) not found", n)
				continue
			}
			if got := Regs[r.Slot].Name; got != s.full {
				t.Errorf("RegByName(%q) is slot %d (%s), want %s", n, r.Slot, got, s.full)
			}
			names = append(names, n)
			src.WriteString("\tmov" + suffix[r.Size] + " %" + n + ", %" + n + "\n")
		}
	}
	if r, ok := RegByName("r10l"); !ok || r.Size != 1 || Regs[r.Slot].Name != "r10" {
		t.Errorf("RegByName(r10l) = %+v, %v; want r10's low byte", r, ok)
	}
	if r, ok := RegByName("ah"); !ok || r.Shift != 8 {
		t.Errorf("RegByName(ah) = %+v, %v; want bits 8..15 of rax", r, ok)
	}
	if r, ok := RegByName("rip"); !ok || r.Slot != IP {
		t.Errorf("RegByName(rip) = %+v, %v; want slot %d", r, ok, IP)
	}
	for _, bad := range []string{"xmm0", "", "rdil", "r16"} {
		if _, ok := RegByName(bad); ok {
			t.Errorf("RegByName(%q) found a register", bad)
		}
	}
	dir := t.TempDir()
	s := filepath.Join(dir, "regs.s")
	if err := os.WriteFile(s, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gcc", "-c", "-o", filepath.Join(dir, "regs.o"), s).CombinedOutput(); err != nil {
		t.Fatalf("gas refuses the table's sizes: %v\n%s\nsource:\n%s", err, out, src.String())
	}
	// A wrong size must be refused, or the check above proves nothing.
	if err := os.WriteFile(s, []byte("\tmovl %al, %al\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if exec.Command("gcc", "-c", "-o", filepath.Join(dir, "bad.o"), s).Run() == nil {
		t.Fatalf("gas accepts movl %%al, %%al: the check cannot fail")
	}
}
