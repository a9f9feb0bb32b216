package arch

// subRegs are x86-64's general-purpose registers by every AT&T name a
// SystemTap SDT argument spec uses (sys/sdt.h lets the compiler pick the
// operand, so any sized part of a register can appear: -4@%edi, 1@%sil,
// 2@%r8w), with the 64-bit register holding it. Names are those of the
// Intel SDM vol. 1 §3.4.1.1 ("General-Purpose Registers in 64-Bit Mode",
// table 3-2) in the GNU assembler's spelling; r8l..r15l are gas's
// alternative names for r8b..r15b.
var subRegs = [...]struct {
	full             string // the 64-bit register's psABI name ("rdi")
	r32, r16, r8, hi string // its sized parts; hi is bits 8..15, "" when none
}{
	{"rax", "eax", "ax", "al", "ah"},
	{"rbx", "ebx", "bx", "bl", "bh"},
	{"rcx", "ecx", "cx", "cl", "ch"},
	{"rdx", "edx", "dx", "dl", "dh"},
	{"rsi", "esi", "si", "sil", ""},
	{"rdi", "edi", "di", "dil", ""},
	{"rbp", "ebp", "bp", "bpl", ""},
	{"rsp", "esp", "sp", "spl", ""},
	{"r8", "r8d", "r8w", "r8b", ""},
	{"r9", "r9d", "r9w", "r9b", ""},
	{"r10", "r10d", "r10w", "r10b", ""},
	{"r11", "r11d", "r11w", "r11b", ""},
	{"r12", "r12d", "r12w", "r12b", ""},
	{"r13", "r13d", "r13w", "r13b", ""},
	{"r14", "r14d", "r14w", "r14b", ""},
	{"r15", "r15d", "r15w", "r15b", ""},
	{"rip", "eip", "ip", "", ""},
}

// RegByName returns the pt_regs slot holding the register called name
// (without the '%': "rdi", "edi", "r8d", "ah"), the size in bytes of the
// named part and its bit offset in the slot (8 for ah, bh, ch, dh; else 0).
// ok is false for a name that is no general-purpose register.
func RegByName(name string) (r SubReg, ok bool) {
	if name == "" {
		return SubReg{}, false
	}
	for _, s := range subRegs {
		slot := -1
		for i, reg := range Regs {
			if reg.Name == s.full {
				slot = i
			}
		}
		if slot < 0 {
			continue
		}
		switch name {
		case s.full:
			return SubReg{Slot: slot, Size: 8}, true
		case s.r32:
			return SubReg{Slot: slot, Size: 4}, true
		case s.r16:
			return SubReg{Slot: slot, Size: 2}, true
		case s.r8:
			return SubReg{Slot: slot, Size: 1}, true
		case s.hi:
			return SubReg{Slot: slot, Size: 1, Shift: 8}, true
		}
		if s.r8 == s.full+"b" && name == s.full+"l" { // gas's r8l for r8b
			return SubReg{Slot: slot, Size: 1}, true
		}
	}
	return SubReg{}, false
}
