package bpf

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

func TestHeaderFresh(t *testing.T) {
	got, err := os.ReadFile("c/gs_ops.h")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != ir.CHeader() {
		t.Fatal("bpf/c/gs_ops.h is stale: run make generate (bpf/generate.sh)")
	}
}

// TestEveryOpHasACase parses the interpreter's source: each op of ir.Table
// needs a case, and no case may name an op the table does not have.
func TestEveryOpHasACase(t *testing.T) {
	src, err := os.ReadFile("c/interp.bpf.c")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]bool{}
	for _, m := range regexp.MustCompile(`\bcase\s+GS_OP_(\w+)\s*:`).FindAllStringSubmatch(string(src), -1) {
		cases[m[1]] = true
	}
	known := map[string]bool{}
	for op := ir.Op(0); int(op) < ir.NumOps; op++ {
		name := ir.Table[op].Name
		if name == "" {
			t.Errorf("op %d has no name", op)
			continue
		}
		c := strings.ToUpper(name)
		known[c] = true
		if !cases[c] {
			t.Errorf("interp.bpf.c has no case GS_OP_%s", c)
		}
	}
	for c := range cases {
		if !known[c] {
			t.Errorf("interp.bpf.c has a case for unknown op GS_OP_%s", c)
		}
	}
}

// TestNoHandWrittenConstants: the interpreter's own #defines are the few
// that no Go code shares. A new constant that Go also knows belongs in
// ir and reaches C through the generated header (ir.CHeader).
func TestNoHandWrittenConstants(t *testing.T) {
	src, err := os.ReadFile("c/interp.bpf.c")
	if err != nil {
		t.Fatal(err)
	}
	local := map[string]bool{
		"GS_PAD_ZEROS": true,                         // the kernel's BPF_F_PAD_ZEROS flag: no Go side
		"GS_SLOT":      true,                         // ld_reg's case macro
		"RA":           true, "RB": true, "RC": true, // operand registers
	}
	for _, m := range regexp.MustCompile(`(?m)^#define\s+(\w+)`).FindAllStringSubmatch(string(src), -1) {
		if !local[m[1]] {
			t.Errorf("interp.bpf.c defines %s: if Go knows the value, generate it from ir (ir/cheader.go)", m[1])
		}
	}
}
