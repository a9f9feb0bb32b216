package model

import (
	"errors"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// TestEveryOpModelled runs each op of ir.Table once: none may be missing
// from Run's switch.
func TestEveryOpModelled(t *testing.T) {
	for op := ir.Op(0); int(op) < ir.NumOps; op++ {
		var code []ir.Insn
		for r := uint8(1); r < ir.NumRegs; r++ {
			code = append(code, ir.Insn{Op: ir.OpMovImm, A: r, Imm: 8})
		}
		code = append(code, ir.Insn{Op: op, A: 1, B: 2, C: 8, Imm: 64}, ir.Insn{Op: ir.OpNop})
		p := &ir.Program{Insns: code, Probes: []ir.Probe{{Len: uint32(len(code))}}}
		if err := New().Run(p, 0); errors.Is(err, ErrNotModelled) {
			t.Errorf("%s: %v", op, err)
		}
	}
}

// TestFaults: a failed load sets the fault flag and keeps its address;
// OpStStatus and OpTakeFault clear it; OpStMem reports its own read.
func TestFaults(t *testing.T) {
	mem := []byte("abcdefgh")
	m := New()
	m.Read = func(addr uint64, buf []byte) bool {
		if addr < 0x1000 || addr+uint64(len(buf)) > 0x1000+uint64(len(mem)) {
			return false
		}
		copy(buf, mem[addr-0x1000:])
		return true
	}
	code := []ir.Insn{
		{Op: ir.OpMovImm, A: 1, Imm: 0x1000},
		{Op: ir.OpLoad, A: 2, B: 1, C: 2, Imm: 1},   // "bc"
		{Op: ir.OpLoad, A: 3, B: 1, C: 8, Imm: 1},   // faults at 0x1001
		{Op: ir.OpLoad, A: 4, B: 1, C: 1, Imm: 100}, // faults again: the first address stays
		{Op: ir.OpStStatus, Imm: 16},
		{Op: ir.OpLoad, A: 5, B: 1, C: 1, Imm: -1},
		{Op: ir.OpTakeFault, A: 6},
		{Op: ir.OpTakeFault, A: 7},
		{Op: ir.OpMovImm, A: 8, Imm: 4},
		{Op: ir.OpStMem, A: 1, B: 8, Imm: 32}, // "abcd"
		{Op: ir.OpStMem, A: 0, B: 8, Imm: 64}, // faults: zeros
		{Op: ir.OpStStatus, Imm: 96},          // OpStMem leaves the flag alone
	}
	p := &ir.Program{Insns: code, Probes: []ir.Probe{{Len: uint32(len(code))}}}
	if err := m.Run(p, 0); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"r2", m.Regs[2], 'b' | 'c'<<8},
		{"r3", m.Regs[3], 0},
		{"status", m.u64(16), ir.StatusReadError},
		{"fault address", m.u64(24), 0x1001},
		{"takefault", m.Regs[6], 1},
		{"takefault again", m.Regs[7], 0},
		{"stmem status", m.u64(32), ir.StatusOK},
		{"stmem bytes", m.u64(48) & 0xffffffff, 'a' | 'b'<<8 | 'c'<<16 | 'd'<<24},
		{"stmem fault status", m.u64(64), ir.StatusReadError},
		{"stmem fault address", m.u64(72), 0},
		{"status after stmem", m.u64(96), ir.StatusOK},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
}
