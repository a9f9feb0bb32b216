package sema

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"
)

// This file resolves thread-local variables (__thread, thread_local,
// Rust's thread_local! where its DWARF has the variable): DWARF gives
// their offset in the module's TLS block (LocTLS), and where the block is
// depends on the module (ir/tls.go has the ABI's facts):
//
//   - the executable's block ends at the thread pointer: the address is
//     tp - ir.ExecTLSOffset(PT_TLS) + offset;
//   - a library's block is found through the thread's DTV (glibc's, or
//     musl's for a library linked against musl), with the module
//     id ld.so wrote into the library's GOT (debuginfo.TLS.ModSlot, or the
//     variable's own tls_index when only that exists): ir.OpTLS yields the
//     block when it is in static TLS (the libraries loaded at start), and
//     a failure that prints <not available: dynamic TLS> otherwise (dlopen);
//   - a library built for initial-exec access has GOT slots that ld.so
//     fills with thread pointer offsets (TPSlot, TPIndex): its block is in
//     static TLS wherever it was loaded, at tp + slot - the slot's offset.
//
// What cannot be found is unavailable with the reason, never a guess.

// tlsLocation rewrites loc, a location in bin's DWARF that reads
// thread-local storage, into ops gen lowers. reason says why it cannot be
// read when it cannot.
func (c *checker) tlsLocation(bin *debuginfo.Binary, loc debuginfo.Location) (out debuginfo.Location, reason string) {
	t, err := bin.TLS()
	name := filepath.Base(c.userName(bin.Path))
	if err != nil {
		if errors.Is(err, debuginfo.ErrNoTLS) {
			return loc, fmt.Sprintf("thread-local, but %s has no PT_TLS segment", name)
		}
		return loc, "thread-local: " + err.Error()
	}
	if t.Exec {
		off, ok := ir.ExecTLSOffset(t.Memsz, t.Vaddr, t.Align, t.Static)
		if !ok {
			return loc, fmt.Sprintf("thread-local in %s, a static executable whose TLS segment is not aligned", name)
		}
		return loc.ResolveTLS([]debuginfo.LocOp{
			{Kind: debuginfo.LocTP}, {Kind: debuginfo.LocAdd}, {Kind: debuginfo.LocPlusConst, Offset: -int64(off)},
		}), ""
	}
	slot := func(addr uint64) []debuginfo.LocOp {
		return []debuginfo.LocOp{{Kind: debuginfo.LocAddr, Value: addr, Bias: bin.PIE}, {Kind: debuginfo.LocDeref, Size: 8}}
	}
	if t.HaveTPSlot {
		// Initial-exec: the slot holds a thread pointer offset.
		ops := []debuginfo.LocOp{{Kind: debuginfo.LocTP}, {Kind: debuginfo.LocAdd}}
		ops = append(ops, slot(t.TPSlot)...)
		ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocAdd}, debuginfo.LocOp{Kind: debuginfo.LocPlusConst, Offset: -int64(t.TPSlotOff)})
		return loc.ResolveTLS(ops), ""
	}
	// A module linked against musl has its blocks in musl's DTV.
	block := debuginfo.LocOp{Kind: debuginfo.LocTLSBlock, Value: ir.TLSGlibc}
	if debuginfo.IsMusl(bin.File) {
		block.Value = ir.TLSMusl
	}
	if t.HaveModSlot {
		ops := append(slot(t.ModSlot), block, debuginfo.LocOp{Kind: debuginfo.LocAdd})
		return loc.ResolveTLS(ops), ""
	}
	if off, ok := tlsOffset(loc); ok {
		if at, ok := t.TPIndex[off]; ok {
			ops := []debuginfo.LocOp{{Kind: debuginfo.LocDrop}, {Kind: debuginfo.LocTP}}
			ops = append(ops, slot(at)...)
			ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocAdd})
			return loc.ResolveTLS(ops), ""
		}
		if at, ok := t.Index[off]; ok {
			// The variable's own tls_index: {module id, offset}, as the
			// program passes it to __tls_get_addr (the module that
			// defines it may be another, which interposed it).
			ops := []debuginfo.LocOp{{Kind: debuginfo.LocDrop}}
			ops = append(ops, slot(at)...)
			ops = append(ops, block)
			ops = append(ops, slot(at+8)...)
			ops = append(ops, debuginfo.LocOp{Kind: debuginfo.LocAdd})
			return loc.ResolveTLS(ops), ""
		}
	}
	return loc, fmt.Sprintf("thread-local in %s, which has no GOT slot that ld.so fills with its TLS module id or thread pointer offset", name)
}

// tlsOffset returns the constant offset a one-piece TLS location starts
// with: DW_OP_const8u off, DW_OP_form_tls_address.
func tlsOffset(loc debuginfo.Location) (uint64, bool) {
	if len(loc.Pieces) != 1 {
		return 0, false
	}
	ops := loc.Pieces[0].Ops
	if len(ops) < 2 || ops[0].Kind != debuginfo.LocConst || ops[1].Kind != debuginfo.LocTLS {
		return 0, false
	}
	return ops[0].Value, true
}
