//go:build !amd64

package arch

import "fmt"

// Supported reports whether gs runs on this architecture.
const Supported = false

// PtRegsSlots is the number of u64 slots of struct pt_regs: none known.
const PtRegsSlots = 0

// Regs is empty: gs knows no pt_regs layout here.
var Regs = [PtRegsSlots]Reg{}

// FieldAliases is empty: no pt_regs member has another name here.
var FieldAliases = map[string]string{}

// The calling convention is unknown here: no argument slots, and -1 for
// the return value, stack and instruction pointers.
var (
	ArgRegs []int
	RetReg  = -1
	SP      = -1
	IP      = -1
)

// DWARFName returns a neutral name for DWARF register n.
func DWARFName(n int) string { return fmt.Sprintf("reg%d", n) }

// RegByName knows no register here.
func RegByName(name string) (r SubReg, ok bool) { return SubReg{}, false }
