// Package arch is the one description of the machine gs traces: the u64
// slots of the saved struct pt_regs that ir.OpLdReg indexes, the DWARF
// number of the register in each slot, and the calling convention (which
// slots hold the integer arguments and the return value).
//
// The table is per architecture, in a build-tagged file: regs_amd64.go for
// x86-64, the one gs supports; regs_other.go for the rest, where Regs is
// empty, no DWARF register has a slot and Supported is false (the
// interpreter refuses to load there: bpf.ErrUnsupportedArch). Everything
// else derives from the table: debuginfo maps DWARF registers through
// Slot, ir disassembles OpLdReg with SlotName, sema takes arguments from
// ArgRegs, and bpf/c/gs_ops.h gets GS_PT_REGS_SLOTS (TestKernelPtRegs
// checks the table against the running kernel's BTF).
package arch

import "strconv"

// Reg is one u64 slot of the saved struct pt_regs.
type Reg struct {
	Field string // the member of the kernel's struct pt_regs ("di", "orig_ax")
	DWARF int    // the DWARF register number, -1 for none
	Name  string // the register's psABI name ("rdi"), "" for none
}

// Slot returns the pt_regs slot (ir.OpLdReg's immediate) of DWARF register
// dwarf. ok is false for registers a uprobe does not save, such as the SSE
// registers that hold floating-point arguments.
func Slot(dwarf int) (slot int, ok bool) {
	if dwarf < 0 {
		return 0, false
	}
	for i, r := range Regs {
		if r.DWARF == dwarf {
			return i, true
		}
	}
	return 0, false
}

// SlotName returns the pt_regs member name of slot, "slotN" outside the table.
func SlotName(slot int) string {
	if slot >= 0 && slot < len(Regs) {
		return Regs[slot].Field
	}
	return "slot" + strconv.Itoa(slot)
}

// slotOf returns the slot of the pt_regs member field, -1 for none.
func slotOf(field string) int {
	for i, r := range Regs {
		if r.Field == field {
			return i
		}
	}
	return -1
}

// SubReg is a sized part of a general-purpose register (RegByName): Size
// bytes at bit Shift of pt_regs slot Slot.
type SubReg struct {
	Slot  int
	Size  int // 1, 2, 4 or 8
	Shift int // 8 for the high bytes ah..dh, else 0
}
