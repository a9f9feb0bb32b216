// Package model is a Go model of the bytecode interpreter
// (bpf/c/interp.bpf.c), for tests: gen's check what generated code
// computes, bpf's run the same bytecode on both and compare.
package model

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/gs-tracer/gs/ir"
)

// Machine is a reference interpreter of every op, written from ir's op
// comments, so tests can check what bytecode computes and not only what it
// looks like. One Machine is one CPU: maps and the heap carry over from
// run to run. Set what a run reads (PtRegs, Ctx, Mem, Read, Comm, Bias,
// Stack) and make the maps before Run.
type Machine struct {
	Regs      [ir.NumRegs]uint64
	PtRegs    [ir.PtRegsSlots]uint64
	Ctx       [len(ir.CtxNames)]uint64
	Heap      [2 * ir.HeapSize]byte
	Mem       map[uint64]string // user memory OpStStr reads: NUL-terminated strings by address
	Comm      string
	Fault     bool   // the fault flag
	FaultAddr uint64 // the address of the first failed read while Fault is set
	// FaultStatus is the status OpStStatus writes while Fault is set:
	// ir.StatusReadError, or ir.StatusDynamicTLS (then FaultAddr is the
	// module id), or ir.StatusNoBias (FaultAddr: the Program.Modules index).
	FaultStatus uint64
	Records     [][]byte
	Steps       int
	// Stopped is gs_stopped: exit() (OpExit imm 1) set it, and no probe
	// runs until it is cleared.
	Stopped bool

	// Script maps by 128-byte key, as gs_vals and gs_aggs (one CPU).
	Vals map[string]uint64
	Aggs map[string]*[ir.AggSlots]uint64
	Strs map[string][]byte // gs_strs
	// Stack is the user stack OpStStack and OpStackID see: its frames'
	// file offsets. StackIDs numbers the distinct stacks from 1.
	Stack    []uint64
	StackIDs map[string]uint64
	// Iters are the iteration levels of OpMapKeys and OpMapNext.
	Iters [ir.MaxIterDepth]Iter

	// Read fills buf from user memory at addr for OpLoad and OpStMem and
	// reports whether it could (nil: every read faults); Bias is what
	// OpLdBias yields, unless NoBias says the bias is unknown (then it
	// fails with ir.StatusNoBias and yields ir.BiasUnknown).
	Read   func(addr uint64, buf []byte) bool
	Bias   uint64
	NoBias bool
}

// Iter is one iteration level: the key bytes of a map's keys, in key
// order (the kernel's order is the hash's), and the next to walk.
type Iter struct {
	Keys [][]byte
	Next int
	Map  uint8
	In   ir.MapIn
}

// New returns a Machine with empty maps.
func New() *Machine {
	return &Machine{Vals: map[string]uint64{}, Aggs: map[string]*[ir.AggSlots]uint64{},
		Strs: map[string][]byte{}, StackIDs: map[string]uint64{}}
}

// ErrNotModelled is returned for an op the model has no case for.
var ErrNotModelled = errors.New("op not modelled")

// read is a user read into buf; on a fault buf is zeroed. Reading no
// bytes succeeds at any address, as bpf_probe_read_user does.
func (m *Machine) read(addr uint64, buf []byte) bool {
	if len(buf) == 0 || m.Read != nil && m.Read(addr, buf) {
		return true
	}
	clear(buf)
	return false
}

// fail sets the fault flag for a failed read at addr, keeping the first address.
func (m *Machine) fail(addr uint64) { m.failWith(ir.StatusReadError, addr) }

// failWith sets the fault flag with status st, keeping the first failure.
func (m *Machine) failWith(st, addr uint64) {
	if !m.Fault {
		m.Fault, m.FaultStatus, m.FaultAddr = true, st, addr
	}
}

// status writes {u64 status, u64 fault address} at heap[off] as OpStStatus.
func (m *Machine) status(off int, st, addr uint64) {
	if st == ir.StatusOK {
		addr = 0
	}
	m.put(off, st, 8)
	m.put(off+8, addr, 8)
}

// tls is OpTLS: the thread pointer's tcb->dtv[modid].val when it is a
// static TLS block (ir/tls.go), else 0 and a fault.
func (m *Machine) tls(modid uint64) uint64 {
	word := func(addr uint64) (uint64, bool) {
		var buf [8]byte
		if !m.read(addr, buf[:]) {
			m.fail(addr)
			return 0, false
		}
		return binary.LittleEndian.Uint64(buf[:]), true
	}
	dtv, ok := word(m.Ctx[ir.CtxTP] + ir.TCBDTV)
	if !ok {
		return 0
	}
	lenAt := int64(ir.DTVLength * ir.DTVEntrySize)
	n, ok := word(dtv + uint64(lenAt))
	if !ok {
		return 0
	}
	if modid == 0 || modid > n {
		m.failWith(ir.StatusDynamicTLS, modid)
		return 0
	}
	var e [ir.DTVEntrySize]byte
	at := dtv + modid*ir.DTVEntrySize
	if !m.read(at, e[:]) {
		m.fail(at)
		return 0
	}
	val, toFree := binary.LittleEndian.Uint64(e[:]), binary.LittleEndian.Uint64(e[ir.DTVToFree:])
	if val == 0 || val == uint64(ir.DTVUnallocated&(1<<64-1)) || toFree != 0 {
		m.failWith(ir.StatusDynamicTLS, modid)
		return 0
	}
	return val
}

func (m *Machine) u64(off int) uint64 { return binary.LittleEndian.Uint64(m.Heap[off:]) }

func (m *Machine) put(off int, v uint64, size int) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	copy(m.Heap[off:off+size], b[:size])
}

// slotBytes returns the text of the string slot at heap[off]: its length
// clipped to limit.
func (m *Machine) slotBytes(off, limit int) []byte {
	n := min(int(binary.LittleEndian.Uint16(m.Heap[off:])), limit)
	return m.Heap[off+ir.StrHeader : off+ir.StrHeader+n]
}

// Run executes probe id's range of p.
func (m *Machine) Run(p *ir.Program, id int) error {
	pr := p.Probes[id]
	pc := int(pr.Start)
	if m.Stopped {
		return nil
	}
	// Only r0 is defined at entry (ir/doc.go): poison the others, so a
	// program that reads one before writing it gives wrong answers here.
	m.Regs[0] = 0
	for i := 1; i < ir.NumRegs; i++ {
		m.Regs[i] = 0x5eed_0000_0000_0000 | uint64(i)
	}
	for {
		if pc == int(pr.Start+pr.Len) { // the range's end stops the run
			return nil
		}
		if pc < int(pr.Start) || pc > int(pr.Start+pr.Len) {
			return fmt.Errorf("pc %d outside the probe's range", pc)
		}
		if m.Steps++; m.Steps > ir.MaxSteps {
			return fmt.Errorf("step limit")
		}
		in := p.Insns[pc]
		pc++
		a, b, c := &m.Regs[in.A&(ir.NumRegs-1)], m.Regs[in.B&(ir.NumRegs-1)], m.Regs[in.C&(ir.NumRegs-1)]
		// The saved register and context value an op names, checked as
		// the interpreter does.
		switch in.Op {
		case ir.OpLdReg, ir.OpStReg, ir.OpCellAggReg:
			r := map[ir.Op]int{ir.OpLdReg: int(in.Imm), ir.OpStReg: int(in.C), ir.OpCellAggReg: int(in.A)}[in.Op]
			if r < 0 || r >= ir.PtRegsSlots {
				return fmt.Errorf("pc %d: %s of pt_regs slot %d", pc-1, in.Op, r)
			}
		case ir.OpLdCtx, ir.OpStCtx:
			c := map[ir.Op]int{ir.OpLdCtx: int(in.Imm), ir.OpStCtx: int(in.C)}[in.Op]
			if c < 0 || c >= len(ir.CtxNames) {
				return fmt.Errorf("pc %d: %s of context value %d", pc-1, in.Op, c)
			}
		}
		if in.A == 0 && writesA(in.Op) {
			return fmt.Errorf("pc %d: %s writes r0", pc-1, in.Op)
		}
		switch in.Op {
		case ir.OpNop:
		case ir.OpMovImm:
			*a = uint64(int64(in.Imm))
		case ir.OpLdImm64:
			*a = uint64(uint32(in.Imm)) | uint64(uint32(p.Insns[pc].Imm))<<32
			pc++
		case ir.OpMov:
			*a = b
		case ir.OpAdd:
			*a = b + c
		case ir.OpSub:
			*a = b - c
		case ir.OpMul:
			*a = b * c
		case ir.OpDivU:
			*a = 0
			if c != 0 {
				*a = b / c
			}
		case ir.OpDivS:
			*a = 0
			if c != 0 {
				*a = uint64(int64(b) / int64(c))
			}
		case ir.OpModU:
			*a = b
			if c != 0 {
				*a = b % c
			}
		case ir.OpModS:
			*a = b
			if c != 0 {
				*a = uint64(int64(b) % int64(c))
			}
		case ir.OpAnd:
			*a = b & c
		case ir.OpOr:
			*a = b | c
		case ir.OpXor:
			*a = b ^ c
		case ir.OpShl:
			*a = b << (c & 63)
		case ir.OpShr:
			*a = b >> (c & 63)
		case ir.OpSar:
			*a = uint64(int64(b) >> (c & 63))
		case ir.OpAddImm:
			*a = b + uint64(int64(in.Imm))
		case ir.OpNeg:
			*a = -b
		case ir.OpNot:
			*a = ^b
		case ir.OpLNot:
			*a = b2u(b == 0)
		case ir.OpEq:
			*a = b2u(b == c)
		case ir.OpNe:
			*a = b2u(b != c)
		case ir.OpLtS:
			*a = b2u(int64(b) < int64(c))
		case ir.OpLeS:
			*a = b2u(int64(b) <= int64(c))
		case ir.OpLtU:
			*a = b2u(b < c)
		case ir.OpLeU:
			*a = b2u(b <= c)
		case ir.OpSext:
			sh := 64 - 8*uint(in.C)
			*a = uint64(int64(b<<sh) >> sh)
		case ir.OpZext:
			sh := 64 - 8*uint(in.C)
			*a = b << sh >> sh
		case ir.OpJa:
			pc += int(in.Imm)
		case ir.OpJz:
			if *a == 0 {
				pc += int(in.Imm)
			}
		case ir.OpJnz:
			if *a != 0 {
				pc += int(in.Imm)
			}
		case ir.OpLdReg:
			*a = m.PtRegs[in.Imm]
		case ir.OpLdBias:
			*a = m.Bias
			if m.NoBias {
				m.failWith(ir.StatusNoBias, uint64(in.Imm))
				*a = ir.BiasUnknown
			}
		case ir.OpLoad:
			if in.C != 1 && in.C != 2 && in.C != 4 && in.C != 8 {
				return fmt.Errorf("pc %d: load of %d bytes", pc-1, in.C)
			}
			var buf [8]byte
			addr := b + uint64(int64(in.Imm))
			if !m.read(addr, buf[:in.C]) {
				m.fail(addr)
			}
			*a = binary.LittleEndian.Uint64(buf[:])
		case ir.OpTakeFault:
			*a = b2u(m.Fault)
			m.Fault, m.FaultAddr = false, 0
		case ir.OpStStatus:
			st := uint64(ir.StatusOK)
			if m.Fault {
				st = m.FaultStatus
			}
			m.status(int(in.Imm), st, m.FaultAddr)
			m.Fault, m.FaultAddr = false, 0
		case ir.OpTLS:
			*a = m.tls(b)
		case ir.OpStMem:
			n, off := min(b, ir.StMemMax), int(in.Imm)
			if off < 0 || off+ir.StatusSize+int(n) > ir.HeapSize {
				return fmt.Errorf("pc %d: stmem at %d", pc-1, off)
			}
			st := uint64(ir.StatusOK)
			if !m.read(*a, m.Heap[off+ir.StatusSize:off+ir.StatusSize+int(n)]) {
				st = ir.StatusReadError
			}
			m.status(off, st, *a)
		case ir.OpLdCtx:
			*a = m.Ctx[in.Imm]
			if ir.Ctx(in.Imm) == ir.CtxProbe {
				*a = uint64(id)
			}
		case ir.OpLdHeap:
			*a = m.u64(int(in.Imm))
			if in.C < 8 {
				*a &= 1<<(8*uint(in.C)) - 1
			}
		case ir.OpStHeap:
			m.put(int(in.Imm), *a, int(in.C))
		case ir.OpStStr:
			off, limit := int(in.Imm), int(min(b, ir.MaxStrLen))
			if off < 0 || off+ir.StrHeader+limit > ir.HeapSize {
				return fmt.Errorf("pc %d: ststr at %d", pc-1, off)
			}
			s, ok := m.Mem[*a]
			flags := 0
			if !ok {
				flags, s = ir.StrFault, ""
			}
			m.readStr(off+ir.StrHeader, s, limit, ok)
			if len(s) > limit {
				s, flags = s[:limit], flags|ir.StrTruncated
			}
			m.put(off, uint64(len(s))|uint64(flags)<<16, 8)
			m.put(off+8, *a, 8)
		case ir.OpStComm:
			var buf [ir.CommLen]byte
			copy(buf[:], m.Comm)
			copy(m.Heap[in.Imm:], buf[:])
		case ir.OpRecord:
			m.put(0, uint64(in.Imm)|uint64(id)<<32, 8)
		case ir.OpEmit:
			m.Records = append(m.Records, append([]byte(nil), m.Heap[:in.Imm]...))
		case ir.OpStrEq:
			// lengths clipped to imm, then the texts, as bpf/c/interp.bpf.c
			if b > ir.HeapSize-ir.StrHeader || c > ir.HeapSize-ir.StrHeader {
				return fmt.Errorf("pc %d: streq of slots at %d, %d", pc-1, b, c)
			}
			limit := min(int(uint32(in.Imm)), ir.MaxStrLen)
			x, y := m.slotBytes(int(b), limit), m.slotBytes(int(c), limit)
			*a = b2u(bytes.Equal(x, y))
		case ir.OpMapKeys:
			if err := m.mapKeys(a, in); err != nil {
				return fmt.Errorf("pc %d: %w", pc-1, err)
			}
		case ir.OpMapNext:
			if err := m.mapNext(p, a, in); err != nil {
				return fmt.Errorf("pc %d: %w", pc-1, err)
			}
		case ir.OpMapLookup, ir.OpMapUpdate, ir.OpMapDelete, ir.OpMapAgg, ir.OpMapHas:
			m.put(int(in.Imm), uint64(in.B), 8)
			key := string(m.Heap[in.Imm : in.Imm+ir.MapKeySize])
			n := p.StrValueSize
			switch {
			case in.Op == ir.OpMapHas || in.Op == ir.OpMapDelete:
				*a = b2u(m.hasKey(key, ir.MapIn(in.C), in.Op == ir.OpMapDelete))
			case in.Op == ir.OpMapLookup && ir.MapIn(in.C) == ir.InAggs:
				if int(in.B) >= len(p.Maps) {
					return fmt.Errorf("pc %d: no map %d", pc-1, in.B)
				}
				*a = m.aggValue(key, p.Maps[in.B].Agg)
			case in.Op != ir.OpMapAgg && ir.MapIn(in.C) == ir.InStrs:
				if *a > uint64(len(m.Heap)-n) {
					return fmt.Errorf("pc %d: string slot at %d", pc-1, *a)
				}
				slot := m.Heap[*a : int(*a)+n]
				switch in.Op {
				case ir.OpMapLookup:
					if v, ok := m.Strs[key]; ok {
						copy(slot, v)
					} else {
						clear(slot[:ir.StrHeader]) // the empty string
					}
				case ir.OpMapUpdate:
					m.Strs[key] = append([]byte(nil), slot...)
				}
			case in.Op == ir.OpMapLookup:
				*a = m.Vals[key]
			case in.Op == ir.OpMapUpdate:
				m.Vals[key] = *a
			default:
				if int(in.B) >= len(p.Maps) {
					return fmt.Errorf("pc %d: no map %d", pc-1, in.B)
				}
				m.aggregate(key, ir.Agg(in.C), int64(*a), p.Maps[in.B])
			}
		case ir.OpStReg:
			m.put(int(in.Imm), m.PtRegs[in.C], 8)
		case ir.OpStCtx:
			v := m.Ctx[in.C]
			if ir.Ctx(in.C) == ir.CtxProbe {
				v = uint64(id)
			}
			m.put(int(in.Imm), v, 8)
		case ir.OpCellAgg, ir.OpCellAggReg:
			// The key the runtime gives the probe's cells (session/maps.go,
			// readCells), so tests read cells and gs_aggs alike.
			if int(in.B) >= len(p.Maps) || !p.Maps[in.B].InCells {
				return fmt.Errorf("pc %d: map %d is not in cells", pc-1, in.B)
			}
			mp := p.Maps[in.B]
			var key [ir.MapKeySize]byte
			key[0] = mp.ID
			for _, off := range mp.KeyOffsets {
				binary.LittleEndian.PutUint64(key[off:], uint64(id))
			}
			x := *a
			if in.Op == ir.OpCellAggReg {
				x = m.PtRegs[in.A]
			}
			m.aggregate(string(key[:]), ir.Agg(in.C), int64(x), mp)
		case ir.OpStStack:
			n := min(len(m.Stack), int(in.C))
			m.put(int(in.Imm), uint64(n), 8)
			for i := 0; i < n; i++ {
				f := int(in.Imm) + 8 + i*ir.StackFrameSize
				m.put(f, ir.StackFrameValid, 4)
				m.put(f+ir.StackFrameAddr, m.Stack[i], 8)
			}
		case ir.OpStackID:
			k := fmt.Sprint(m.Stack)
			if m.StackIDs[k] == 0 {
				m.StackIDs[k] = uint64(len(m.StackIDs) + 1)
			}
			*a = m.StackIDs[k]
		case ir.OpExit:
			m.Stopped = m.Stopped || in.Imm == 1
			return nil
		case ir.OpTseries:
			if int(in.B) >= len(p.Maps) || p.Maps[in.B].Tseries == nil {
				return fmt.Errorf("pc %d: map %d is not a time series", pc-1, in.B)
			}
			m.put(int(in.Imm), uint64(in.B), 8)
			m.tseries(string(m.Heap[in.Imm:in.Imm+ir.MapKeySize]), int64(*a), m.Regs[in.C&(ir.NumRegs-1)], p.Maps[in.B].Tseries)
		default:
			return fmt.Errorf("pc %d: %s: %w", pc-1, in.Op, ErrNotModelled)
		}
	}
}

func writesA(op ir.Op) bool {
	switch op {
	case ir.OpNop, ir.OpJa, ir.OpJz, ir.OpJnz, ir.OpStHeap, ir.OpStStr, ir.OpStMem, ir.OpStStatus, ir.OpStComm, ir.OpRecord, ir.OpEmit, ir.OpExit,
		ir.OpMapUpdate, ir.OpMapAgg, ir.OpCellAgg, ir.OpCellAggReg, ir.OpStStack, ir.OpStReg, ir.OpStCtx, ir.OpTseries:
		return false
	}
	return true
}

// readStr writes the text of a string slot as st_str does with
// bpf_probe_read_user_str: at most limit+2 bytes, copied a word at a time
// with the bytes after the NUL in its word zeroed (the kernel masks them),
// or all zero on a fault; then the two bytes past the slot are restored.
func (m *Machine) readStr(dst int, s string, limit int, ok bool) {
	count := limit + 2
	saved := [2]byte{m.Heap[dst+limit], m.Heap[dst+limit+1]}
	buf := []byte(s + "\x00")
	switch {
	case !ok:
		clear(m.Heap[dst : dst+count])
	case len(buf) >= count:
		copy(m.Heap[dst:dst+count], buf)
	default:
		end := min(count, (len(buf)+7)&^7) // the end of the NUL's word
		clear(m.Heap[dst : dst+end])
		copy(m.Heap[dst:], buf)
	}
	m.Heap[dst+limit], m.Heap[dst+limit+1] = saved[0], saved[1]
}

// aggregate is map_agg of bpf/c/interp.bpf.c.
// hasKey reports whether BPF map in has key, and deletes it with del.
func (m *Machine) hasKey(key string, in ir.MapIn, del bool) bool {
	var ok bool
	switch in {
	case ir.InAggs:
		_, ok = m.Aggs[key]
		if del {
			delete(m.Aggs, key)
		}
	case ir.InStrs:
		_, ok = m.Strs[key]
		if del {
			delete(m.Strs, key)
		}
	default:
		_, ok = m.Vals[key]
		if del {
			delete(m.Vals, key)
		}
	}
	return ok
}

// aggValue is an aggregation's value as OpMapLookup reads it (one CPU).
func (m *Machine) aggValue(key string, agg ir.Agg) uint64 {
	g := m.Aggs[key]
	if g == nil {
		return 0
	}
	switch agg {
	case ir.AggCount:
		return g[ir.AggCountSlot]
	case ir.AggSum:
		return g[ir.AggSumSlot]
	case ir.AggMin:
		return g[ir.AggMinSlot]
	case ir.AggMax:
		return g[ir.AggMaxSlot]
	case ir.AggAvg:
		if g[ir.AggCountSlot] == 0 {
			return 0
		}
		return uint64(int64(g[ir.AggSumSlot]) / int64(g[ir.AggCountSlot]))
	}
	return 0
}

// mapKeys is OpMapKeys.
func (m *Machine) mapKeys(a *uint64, in ir.Insn) error {
	k, lvl := int(in.Imm&0xff), int(uint32(in.Imm)>>8)
	if k > ir.MapKeySize-8 || k%8 != 0 || lvl >= ir.MaxIterDepth || ir.MapIn(in.C) > ir.InStrs {
		return fmt.Errorf("mapkeys: bad operands %#x", in.Imm)
	}
	var keys []string
	add := func(key string) {
		if key[0] == in.B {
			keys = append(keys, key)
		}
	}
	switch ir.MapIn(in.C) {
	case ir.InAggs:
		for key := range m.Aggs {
			add(key)
		}
	case ir.InStrs:
		for key := range m.Strs {
			add(key)
		}
	default:
		for key := range m.Vals {
			add(key)
		}
	}
	*a = uint64(len(keys))
	if k == 0 {
		return nil
	}
	slices.Sort(keys)
	it := &m.Iters[lvl]
	*it = Iter{Map: in.B, In: ir.MapIn(in.C)}
	for _, key := range keys[:min(len(keys), ir.IterCap(k))] {
		it.Keys = append(it.Keys, []byte(key[8:8+k]))
	}
	return nil
}

// mapNext is OpMapNext.
func (m *Machine) mapNext(p *ir.Program, a *uint64, in ir.Insn) error {
	if int(in.B) >= ir.MaxIterDepth {
		return fmt.Errorf("mapnext: level %d", in.B)
	}
	it := &m.Iters[in.B]
	if it.Next >= len(it.Keys) {
		*a = 0
		return nil
	}
	kb := it.Keys[it.Next]
	it.Next++
	var key [ir.MapKeySize]byte
	key[0] = it.Map
	copy(key[8:], kb)
	dst := int(in.Imm)
	copy(m.Heap[dst:], kb)
	dst += len(kb)
	switch it.In {
	case ir.InStrs:
		n := min(int(in.C)*8, p.StrValueSize)
		if v, ok := m.Strs[string(key[:])]; ok {
			copy(m.Heap[dst:dst+n], v)
		} else {
			clear(m.Heap[dst : dst+ir.StrHeader])
		}
	case ir.InAggs:
		m.put(dst, m.aggValue(string(key[:]), p.Maps[it.Map].Agg), 8)
	default:
		m.put(dst, m.Vals[string(key[:])], 8)
	}
	*a = 1
	return nil
}

// tseries is OpTseries as ir/doc.go's "Time series" says.
func (m *Machine) tseries(key string, x int64, now uint64, ts *ir.Tseries) {
	g := m.Aggs[key]
	if g == nil {
		g = new([ir.AggSlots]uint64)
		m.Aggs[key] = g
	}
	epoch := now / uint64(ts.Interval)
	i := int(epoch%uint64(ts.Intervals)) * ir.TseriesSlots
	if ts.Fn != ir.TseriesLast && g[i+2] != epoch+1 {
		g[i], g[i+1] = 0, 0
	}
	switch ts.Fn {
	case ir.TseriesLast:
		g[i], g[i+1] = uint64(x), now
	case ir.TseriesSum, ir.TseriesAvg:
		g[i] += uint64(x)
		if ts.Fn == ir.TseriesAvg {
			g[i+1]++
		}
	default:
		if g[i+1] == 0 || (x < int64(g[i])) == (ts.Fn == ir.TseriesMin) {
			g[i] = uint64(x)
		}
		g[i+1] = 1
	}
	g[i+2] = epoch + 1
}

func (m *Machine) aggregate(key string, agg ir.Agg, x int64, mp ir.Map) {
	g := m.Aggs[key]
	if g == nil {
		g = new([ir.AggSlots]uint64)
		m.Aggs[key] = g
	}
	minmax := func(min, max bool) {
		set := g[ir.AggSetSlot] != 0
		if min && (!set || x < int64(g[ir.AggMinSlot])) {
			g[ir.AggMinSlot] = uint64(x)
		}
		if max && (!set || x > int64(g[ir.AggMaxSlot])) {
			g[ir.AggMaxSlot] = uint64(x)
		}
		g[ir.AggSetSlot] = 1
	}
	var b int
	switch agg {
	case ir.AggCount:
		g[ir.AggCountSlot]++
		return
	case ir.AggSum:
		g[ir.AggCountSlot]++
		g[ir.AggSumSlot] += uint64(x)
		return
	case ir.AggMin:
		minmax(true, false)
		return
	case ir.AggMax:
		minmax(false, true)
		return
	case ir.AggAvg:
		g[ir.AggCountSlot]++
		g[ir.AggSumSlot] += uint64(x)
		return
	case ir.AggStats:
		g[ir.AggCountSlot]++
		g[ir.AggSumSlot] += uint64(x)
		minmax(true, true)
		return
	case ir.AggHist:
		switch {
		case x < 0:
			b = 0
		case x == 0:
			b = 1
		default:
			b = 2 + bits.Len64(uint64(x)) - 1
		}
	case ir.AggLhist:
		switch {
		case x < mp.Min:
			b = 0
		case x >= mp.Max:
			b = 1 + int((mp.Max-mp.Min)/mp.Step)
		default:
			b = 1 + int((x-mp.Min)/mp.Step)
		}
	}
	b = min(b, ir.MaxBuckets-1)
	g[ir.AggCountSlot]++
	g[ir.AggSumSlot] += uint64(x) // a histogram's sum (ir.AggSlots)
	g[ir.AggBucketBase+b]++
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
