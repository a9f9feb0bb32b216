// Package machine reads the target's machine code: it is the one place gs
// decodes instructions. It answers what the rest of gs asks of a
// function's bytes:
//
//   - where a uprobe costs least (placement.go, floor_amd64.go): the class
//     of each instruction, which the kernel emulates in its trap and which
//     it single-steps out of line (classify_amd64.go), and the first
//     emulated instruction a probe may move to with the script reading the
//     same there (the placement floor), given every branch target,
//     a switch's jump table included (jumptable_amd64.go);
//   - where a function returns (retsites.go): its RET instructions, for
//     the return probes of Go functions and of code exceptions unwind, and
//     the stack check that opens a Go function (golang_amd64.go);
//   - where a copy of a floating-point result is at a RET (sseret_amd64.go);
//   - whether FUNC+OFF is on an instruction (offset.go);
//   - whether code calls, for the unwinder's frame-pointer rule
//     (unwind.go).
//
// Every decoder reads code through one linear sweep (sweep_amd64.go), and
// every register number comes from package arch. It reads binaries through
// debuginfo and knows nothing of scripts: sema says what a script reads
// (Reads) and gets back where its probe sits (Placement); gs -l and -lv
// ask the same questions directly.
//
// Only x86-64 code is decoded: on another architecture (the *_other.go
// files) no probe moves and no code is analysed.
package machine
