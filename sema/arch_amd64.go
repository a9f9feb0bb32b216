package sema

// x86-64 registers as the interpreter sees them: OpLdReg takes an index
// into the saved struct pt_regs, whose field order is
//
//	r15 r14 r13 r12 rbp rbx r11 r10 r9 r8 rax rcx rdx rsi rdi orig_rax rip cs eflags rsp ss
const (
	RegR15 = 0
	RegR14 = 1
	RegR13 = 2
	RegR12 = 3
	RegRBP = 4
	RegRBX = 5
	RegR11 = 6
	RegR10 = 7
	RegR9  = 8
	RegR8  = 9
	RegRAX = 10
	RegRCX = 11
	RegRDX = 12
	RegRSI = 13
	RegRDI = 14
	RegRIP = 16
	RegRSP = 19
)

// ArgRegs are the pt_regs slots of the System V integer argument registers
// rdi rsi rdx rcx r8 r9: arg0..arg5.
var ArgRegs = [6]int{RegRDI, RegRSI, RegRDX, RegRCX, RegR8, RegR9}

// RetReg is the pt_regs slot of the integer return value (rax).
const RetReg = RegRAX

// DwarfRegs maps a DWARF x86-64 register number (the psABI numbering: 0 rax
// 1 rdx 2 rcx 3 rbx 4 rsi 5 rdi 6 rbp 7 rsp 8-15 r8-r15 16 rip) to its
// pt_regs slot.
var DwarfRegs = [17]int{
	RegRAX, RegRDX, RegRCX, RegRBX, RegRSI, RegRDI, RegRBP, RegRSP,
	RegR8, RegR9, RegR10, RegR11, RegR12, RegR13, RegR14, RegR15,
	RegRIP,
}

// PtRegsSlot returns the pt_regs slot of DWARF register n.
func PtRegsSlot(dwarfReg int) (int, bool) {
	if dwarfReg < 0 || dwarfReg >= len(DwarfRegs) {
		return 0, false
	}
	return DwarfRegs[dwarfReg], true
}
