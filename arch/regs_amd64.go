package arch

import "fmt"

// Supported reports whether gs runs on this architecture.
const Supported = true

// PtRegsSlots is the number of u64 slots of struct pt_regs.
const PtRegsSlots = 21

// FieldAliases are the other names bpftrace's reg() gives pt_regs members
// (bpftrace's src/arch/x86_64.cpp, register_to_pt_regs_offset: "pc" at
// ip's offset, "orig_rax" for orig_ax).
var FieldAliases = map[string]string{"pc": "ip", "orig_rax": "orig_ax"}

// Regs is x86-64's struct pt_regs, one entry per u64 slot in order: the
// layout of the kernel's arch/x86/include/uapi/asm/ptrace.h (struct
// pt_regs, !__i386__; the uapi spells the members rbp, orig_rax, eflags...),
// with the member names of arch/x86/include/asm/ptrace.h, which the
// kernel's BTF carries. DWARF numbers are the System V x86-64 psABI's
// (figure 3.36, "DWARF Register Number Mapping").
var Regs = [PtRegsSlots]Reg{
	{"r15", 15, "r15"},
	{"r14", 14, "r14"},
	{"r13", 13, "r13"},
	{"r12", 12, "r12"},
	{"bp", 6, "rbp"},
	{"bx", 3, "rbx"},
	{"r11", 11, "r11"},
	{"r10", 10, "r10"},
	{"r9", 9, "r9"},
	{"r8", 8, "r8"},
	{"ax", 0, "rax"},
	{"cx", 2, "rcx"},
	{"dx", 1, "rdx"},
	{"si", 4, "rsi"},
	{"di", 5, "rdi"},
	{"orig_ax", -1, ""},
	{"ip", 16, "rip"},
	{"cs", 51, "cs"},
	{"flags", 49, "rflags"},
	{"sp", 7, "rsp"},
	{"ss", 52, "ss"},
}

// The slots of the System V calling convention.
var (
	// ArgRegs hold the integer arguments arg0..arg5: rdi rsi rdx rcx r8 r9.
	ArgRegs = []int{slotOf("di"), slotOf("si"), slotOf("dx"), slotOf("cx"), slotOf("r8"), slotOf("r9")}
	// RetReg holds the integer return value: rax.
	RetReg = slotOf("ax")
	// SP and IP are the stack pointer and the instruction pointer.
	SP = slotOf("sp")
	IP = slotOf("ip")
)

// DWARFName returns the psABI name of DWARF register n: "rdi", "xmm0".
func DWARFName(n int) string {
	if s, ok := Slot(n); ok {
		return Regs[s].Name
	}
	switch {
	case n >= 17 && n <= 32:
		return fmt.Sprintf("xmm%d", n-17)
	case n >= 33 && n <= 40:
		return fmt.Sprintf("st%d", n-33)
	case n >= 41 && n <= 48:
		return fmt.Sprintf("mm%d", n-41)
	case n == 50:
		return "es"
	case n >= 53 && n <= 55:
		return [...]string{"ds", "fs", "gs"}[n-53]
	}
	return fmt.Sprintf("reg%d", n)
}
