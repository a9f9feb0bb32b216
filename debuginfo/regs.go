package debuginfo

import "fmt"

// x86-64 DWARF register numbers (System V psABI, figure 3.36) that gs
// reads through the saved pt_regs.
var regNames = map[int]string{
	0: "rax", 1: "rdx", 2: "rcx", 3: "rbx", 4: "rsi", 5: "rdi", 6: "rbp", 7: "rsp",
	8: "r8", 9: "r9", 10: "r10", 11: "r11", 12: "r12", 13: "r13", 14: "r14", 15: "r15",
	16: "rip", 49: "rflags", 50: "es", 51: "cs", 52: "ss", 53: "ds", 54: "fs", 55: "gs",
}

// RegName returns the x86-64 name of DWARF register reg: "rdi", "xmm0".
func RegName(reg int) string {
	if n, ok := regNames[reg]; ok {
		return n
	}
	switch {
	case reg >= 17 && reg <= 32:
		return fmt.Sprintf("xmm%d", reg-17)
	case reg >= 33 && reg <= 40:
		return fmt.Sprintf("st%d", reg-33)
	case reg >= 41 && reg <= 48:
		return fmt.Sprintf("mm%d", reg-41)
	}
	return fmt.Sprintf("reg%d", reg)
}

// ptRegsSlot maps x86-64 DWARF register numbers to the index of the u64
// slot of struct pt_regs (arch/x86/include/asm/ptrace.h) holding it:
// r15 r14 r13 r12 bp bx r11 r10 r9 r8 ax cx dx si di orig_ax ip cs flags sp ss.
var ptRegsSlot = map[int]int{
	15: 0, 14: 1, 13: 2, 12: 3, 6: 4, 3: 5, 11: 6, 10: 7, 9: 8, 8: 9,
	0: 10, 2: 11, 1: 12, 4: 13, 5: 14, 16: 16, 51: 17, 49: 18, 7: 19, 52: 20,
}

// PtRegsSlot returns the pt_regs slot (ir.OpLdReg's immediate) of DWARF
// register reg on x86-64. ok is false for registers a uprobe does not
// save, such as the SSE registers that hold floating-point arguments.
func PtRegsSlot(reg int) (slot int, ok bool) {
	slot, ok = ptRegsSlot[reg]
	return slot, ok
}
