// Package session runs a compiled gs program: it loads the precompiled BPF
// interpreter (package bpf), fills its maps with the program's bytecode and
// resources, attaches one uprobe_multi link per binary (or one uprobe per
// probe where the kernel lacks uprobe_multi), reads the records the probes
// send through the ring buffer, and prints them (package output decodes
// them into values and writes their text).
//
// Everything it needs comes from the *ir.Program: probes with resolved file
// offsets, instructions, record layouts (ir.Event) and map descriptions.
// Records are decoded with those layouts only; a record that does not fit
// its layout is reported as an internal error and skipped, never trusted.
//
// Begin and End probes are uprobes on two functions of gs's own binary
// (beginTrigger, endTrigger), filtered to gs itself, which gs calls: Begin
// once everything is attached (the other probes wait with empty ranges in
// gs_probes until it ran), End after the other probes are detached and
// their records read. Interval probes are cpu-clock perf events on CPU 0.
//
// A trace stops when the caller's context is cancelled (Ctrl-C), when the
// traced process (-p) or command (-c) exits, or when a probe runs exit().
// On every stop the links are closed concurrently (detaching a uprobe waits
// for an RCU grace period, so one at a time adds up), the ring buffer is
// drained and printed (after exit(), drained unprinted: nothing that came
// after it prints), the End probes run, every script map is printed in
// bpftrace's shapes (output.Maps), as bpftrace prints them at exit also
// when print() printed them before, and lost events
// are reported: nothing is dropped silently. Options.Format selects text or
// JSON lines (docs/json.md).
//
// A command (-c) starts held: gs re-executes itself as a small shim (see
// RunShimIfRequested) that waits on a pipe until every probe is attached,
// then execs the command, so the first call of a traced function is seen.
// Knowing the shim's pid before the exec lets the kernel filter probes to
// that process from the start.
package session
