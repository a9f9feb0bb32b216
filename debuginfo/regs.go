package debuginfo

import "github.com/gs-tracer/gs/arch"

// RegName returns the name of DWARF register reg: "rdi", "xmm0" (the
// table is package arch's).
func RegName(reg int) string { return arch.DWARFName(reg) }

// PtRegsSlot returns the pt_regs slot (ir.OpLdReg's immediate) of DWARF
// register reg. ok is false for registers a uprobe does not save, such as
// the SSE registers that hold floating-point arguments.
func PtRegsSlot(reg int) (slot int, ok bool) { return arch.Slot(reg) }
