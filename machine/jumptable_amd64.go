//go:build amd64

package machine

import (
	"encoding/binary"

	"golang.org/x/arch/x86/x86asm"
)

// This file finds where an indirect jump of a function may land, so that
// placement (floor_amd64.go) knows every branch target of a function with
// a switch compiled to a jump table.
//
// A jmp through a register or an indexed memory operand lands on an
// address the program computed. In code gcc and clang emit, an address
// inside a function (not its entry) comes from one of these:
//
//  1. the function's own code: a rip-relative lea (PIC), or an absolute
//     displacement or immediate (non-PIC), of a label: &&label, the base
//     of a jump table;
//  2. data holding the absolute address: a non-PIC jump table
//     (.quad .L3 in .rodata: jmp *.L4(,%rax,8)), a static array of
//     &&labels; in a PIE these are relocations, whose addends escaped()
//     reads;
//  3. a PIC jump table: int32 entries relative to the table, which the
//     function reads through the base it materialized by (1):
//     lea .L4(%rip),%rdx; movslq (%rdx,%rax,4),%rax; add %rdx,%rax;
//     jmp *%rax (gcc and clang alike; clang names it .LJTI0_0);
//  4. a return address a call pushed: it follows a call, which the
//     skipped code never holds, so it is never inside the skipped range.
//
// C labels are local to their function, and the only address of a
// function other code names is its entry: so (1) is read from the
// function and its .cold part only, and a jmp through a function pointer
// (a tail call) lands on some function's entry, which (2) holds where it
// escapes. indirectTargets therefore adds, for a function with an
// indirect jump: every address its code materializes (1); every code
// address the binary's data holds (2); and, reading every address of (1)
// as the start of a table (also offset by the displacement of any
// indexed operand of the function, for a table whose first case the
// compiler folded into the operand), its int32 entries relative to that
// address and its 8-byte absolute entries, for as long as they land
// inside the function or its .cold part (3). A real table's entries all
// land there, so reading until one does not reads all of it, and perhaps
// some data after it: extra targets only keep a probe where it is.
//
// Not covered (hand-written assembly does what it likes; so does code
// that computes addresses by arithmetic the compilers do not emit):
// 8-byte relative tables (-mcmodel=large), and C++ landing pads, which
// the unwinder reaches through .gcc_except_table (they begin blocks after
// a call, never in a function's entry block in compiled code).

// maxTableEntries bounds how far one table is read.
const maxTableEntries = 1 << 14

// addrRefs is what a function's code says about addresses.
type addrRefs struct {
	addrs map[uint64]bool // addresses its code materializes: rip-relative, absolute displacements, immediates
	disps map[int64]bool  // displacements of indexed operands with a base register
}

func newAddrRefs() *addrRefs {
	return &addrRefs{addrs: map[uint64]bool{}, disps: map[int64]bool{0: true}}
}

// note records the addresses instruction in at address a names.
func (r *addrRefs) note(in *x86asm.Inst, a uint64) {
	for _, arg := range in.Args {
		switch arg := arg.(type) {
		case x86asm.Mem:
			switch {
			case arg.Base == x86asm.RIP:
				r.addrs[uint64(int64(a)+int64(in.Len)+arg.Disp)] = true
			case arg.Base == 0 && arg.Disp > 0:
				r.addrs[uint64(arg.Disp)] = true // jmp *.L4(,%rax,8), non-PIC
			case arg.Index != 0:
				r.disps[arg.Disp] = true
			}
		case x86asm.Imm:
			if arg > 0 {
				r.addrs[uint64(arg)] = true // mov $.L4,%eax, non-PIC
			}
		}
	}
}

// indirectTargets adds to targets every address an indirect jump of the
// function may land on (see above). inCode says an address is inside the
// function or its .cold part.
func indirectTargets(r *addrRefs, data *binData, inCode func(uint64) bool, targets map[uint64]bool) {
	for a := range r.addrs {
		targets[a] = true
	}
	if data == nil {
		return
	}
	for a := range data.escaped {
		targets[a] = true
	}
	for t := range r.addrs {
		for d := range r.disps {
			start := uint64(int64(t) + d)
			for i := uint64(0); i < maxTableEntries; i++ { // int32 entries relative to t
				b := data.read(start+4*i, 4)
				if b == nil {
					break
				}
				e := uint64(int64(t) + int64(int32(binary.LittleEndian.Uint32(b))))
				if !inCode(e) {
					break
				}
				targets[e] = true
			}
			for i := uint64(0); i < maxTableEntries; i++ { // absolute 8-byte entries
				b := data.read(start+8*i, 8)
				if b == nil {
					break
				}
				e := binary.LittleEndian.Uint64(b)
				if !inCode(e) {
					break
				}
				targets[e] = true
			}
		}
	}
}
