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

// DWARF register numbers map to these slots through debuginfo.PtRegsSlot,
// the one table of them.
