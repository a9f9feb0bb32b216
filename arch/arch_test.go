package arch

import (
	"testing"

	"github.com/cilium/ebpf/btf"
)

// TestKernelPtRegs checks Regs against the running kernel's own struct
// pt_regs (its BTF): the same number of u64 slots, and in each slot the
// member the table names. From 6.9 cs and ss sit in anonymous unions
// (FRED's csx, ssx); the member may be any of a union's.
func TestKernelPtRegs(t *testing.T) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatalf("load kernel BTF: %v", err)
	}
	var s *btf.Struct
	if err := spec.TypeByName("pt_regs", &s); err != nil {
		t.Fatalf("find struct pt_regs: %v", err)
	}
	if int(s.Size) != 8*PtRegsSlots {
		t.Fatalf("struct pt_regs is %d bytes, the table has %d u64 slots", s.Size, PtRegsSlots)
	}
	seen := make([]bool, PtRegsSlots)
	for _, m := range s.Members {
		off := int(m.Offset.Bytes())
		if off%8 != 0 || off/8 >= PtRegsSlots {
			t.Errorf("member %q at byte %d is not a slot", m.Name, off)
			continue
		}
		slot := off / 8
		names := []string{m.Name}
		if u, ok := m.Type.(*btf.Union); ok && m.Name == "" {
			names = nil
			for _, um := range u.Members {
				names = append(names, um.Name)
			}
		}
		found := false
		for _, n := range names {
			found = found || n == Regs[slot].Field
		}
		if !found {
			t.Errorf("slot %d: the kernel has %v, the table %q", slot, names, Regs[slot].Field)
		}
		seen[slot] = true
	}
	for slot, ok := range seen {
		if !ok {
			t.Errorf("slot %d (%q) is no member of the kernel's struct pt_regs", slot, Regs[slot].Field)
		}
	}
}

// TestABI pins the calling convention and DWARF numbers to the psABI's
// figures, independently of the table: the argument registers rdi rsi
// rdx rcx r8 r9 are DWARF 5 4 1 2 8 9, rax 0, rsp 7, rip 16.
func TestABI(t *testing.T) {
	for i, dw := range []int{5, 4, 1, 2, 8, 9} {
		if slot, ok := Slot(dw); !ok || slot != ArgRegs[i] {
			t.Errorf("arg%d: DWARF %d is slot %d %v, ArgRegs has %d", i, dw, slot, ok, ArgRegs[i])
		}
	}
	for _, c := range []struct {
		dwarf, slot int
		name        string
	}{{0, RetReg, "rax"}, {7, SP, "rsp"}, {16, IP, "rip"}, {5, 14, "rdi"}, {6, 4, "rbp"}} {
		if slot, ok := Slot(c.dwarf); !ok || slot != c.slot {
			t.Errorf("Slot(%d) = %d %v, want %d", c.dwarf, slot, ok, c.slot)
		}
		if got := DWARFName(c.dwarf); got != c.name {
			t.Errorf("DWARFName(%d) = %q, want %q", c.dwarf, got, c.name)
		}
	}
	if _, ok := Slot(17); ok {
		t.Error("DWARF 17 (xmm0) has a slot")
	}
	if DWARFName(17) != "xmm0" || DWARFName(54) != "fs" {
		t.Errorf("DWARFName(17), (54) = %q, %q", DWARFName(17), DWARFName(54))
	}
	if SlotName(15) != "orig_ax" || SlotName(99) != "slot99" {
		t.Errorf("SlotName(15), (99) = %q, %q", SlotName(15), SlotName(99))
	}
	dwarf := map[int]bool{}
	for i, r := range Regs {
		if r.DWARF >= 0 && dwarf[r.DWARF] {
			t.Errorf("slot %d: DWARF %d twice", i, r.DWARF)
		}
		dwarf[r.DWARF] = true
	}
}
