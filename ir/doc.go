// Package ir defines gs's bytecode: the instruction set, its encoding, the
// resources that travel with it, and a disassembler.
//
// # Machine model
//
// A compiled script is one flat array of instructions shared by all probes.
// Each probe (one attach point) owns a contiguous range [Start, Start+Len)
// of it; several probes may share a range when they share a block. The
// kernel side (bpf/c/interp.bpf.c) finds a probe's range through the BPF
// cookie, which is the probe's ID, and executes one instruction per
// bpf_loop iteration, so the verifier sees the interpreter once no matter
// how long a script is.
//
// The machine has 16 64-bit registers r0..r15, a fault flag with the address
// of the first failed read, and a per-CPU byte heap of HeapSize bytes
// addressed by compile-time offsets. Registers hold integers and addresses
// only; strings, structs, map keys and the record being built live in the
// heap. At entry every register is zero, the fault flag is clear and the
// probe's saved registers (a copy of pt_regs) are readable with OpLdReg.
//
// # Encoding
//
// Every instruction is 8 bytes, little-endian:
//
//	byte 0   op
//	byte 1   A   destination register (or source, for stores)
//	byte 2   B   register, or a small number (map id)
//	byte 3   C   register, or a small number (size, aggregation)
//	byte 4-7 imm signed 32-bit immediate: constant, heap offset, jump offset
//
// Jumps are relative to the next instruction. OpLdImm64 takes two slots.
// The C interpreter checks every jump and heap offset against its limits,
// and stops a probe that runs more than MaxSteps instructions.
//
// # Records
//
// A probe talks to user space only through records. OpRecord writes the
// 8-byte header {u32 event id, u32 probe id} at heap[0]; the program then
// stores the event's values at the offsets its Event layout gives, and
// OpEmit sends heap[0:size] to the ring buffer. The runtime decodes a record
// with Program.Events[id]: the layout is computed at compile time and never
// guessed. Values that are read from the traced process carry a status slot
// (StatusOK or StatusReadError plus the failing address), so a failed read
// prints as <read error at 0x...>, never as a silent 0.
//
// # Strings
//
// A string slot is a 16-byte header {u16 len, u8 flags, u8 pad[5], u64
// address} followed by its capacity in bytes. Flag StrTruncated means the
// source was longer than the limit; StrFault means the read failed at
// address.
//
// # Limits
//
// MaxInsns instructions in all, MaxProbes probes, HeapSize heap bytes,
// MaxSteps executed instructions per hit. Version changes whenever the
// encoding or the meaning of an op changes; the kernel side refuses a
// program of another version.
package ir
