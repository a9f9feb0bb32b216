package gen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/gs-tracer/gs/ir"
)

// machine is a reference interpreter of the ops gen emits, written from
// ir's op comments, so tests can check what generated code computes and
// not only what it looks like.
type machine struct {
	regs    [ir.NumRegs]uint64
	ptregs  [ir.PtRegsSlots]uint64
	ctx     [8]uint64
	heap    [2 * ir.HeapSize]byte
	mem     map[uint64]string // user memory: NUL-terminated strings by address
	comm    string
	fault   bool
	records [][]byte
	steps   int

	// Script maps by 128-byte key, as gs_vals and gs_aggs (one CPU).
	vals map[string]uint64
	aggs map[string]*[ir.AggSlots]uint64
	strs map[string][]byte // gs_strs
	// stack is the user stack OpStStack and OpStackID see: its frames'
	// file offsets. stackIDs numbers the distinct stacks from 1.
	stack    []uint64
	stackIDs map[string]uint64

	// load reads n bytes of user memory for OpLoad (nil: every load
	// faults); bias is what OpLdBias yields.
	load func(addr uint64, n int) uint64
	bias uint64
}

func (m *machine) u64(off int) uint64 { return binary.LittleEndian.Uint64(m.heap[off:]) }

func (m *machine) put(off int, v uint64, size int) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	copy(m.heap[off:off+size], b[:size])
}

// slotBytes returns the text of the string slot at heap[off]: its length
// clipped to limit.
func (m *machine) slotBytes(off, limit int) []byte {
	n := min(int(binary.LittleEndian.Uint16(m.heap[off:])), limit)
	return m.heap[off+ir.StrHeader : off+ir.StrHeader+n]
}

// run executes probe id's range of p.
func (m *machine) run(p *ir.Program, id int) error {
	pr := p.Probes[id]
	pc := int(pr.Start)
	// Only r0 is defined at entry (ir/doc.go): poison the others, so a
	// program that reads one before writing it gives wrong answers here.
	m.regs[0] = 0
	for i := 1; i < ir.NumRegs; i++ {
		m.regs[i] = 0x5eed_0000_0000_0000 | uint64(i)
	}
	for {
		if pc == int(pr.Start+pr.Len) { // the range's end stops the run
			return nil
		}
		if pc < int(pr.Start) || pc > int(pr.Start+pr.Len) {
			return fmt.Errorf("pc %d outside the probe's range", pc)
		}
		if m.steps++; m.steps > ir.MaxSteps {
			return fmt.Errorf("step limit")
		}
		in := p.Insns[pc]
		pc++
		a, b, c := &m.regs[in.A], m.regs[in.B], m.regs[in.C]
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
			*a = m.ptregs[in.Imm]
		case ir.OpLdBias:
			*a = m.bias
		case ir.OpLoad:
			*a = 0
			if m.load == nil {
				m.fault = true
			} else {
				*a = m.load(b+uint64(int64(in.Imm)), int(in.C))
			}
		case ir.OpLdCtx:
			*a = m.ctx[in.Imm]
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
			off, limit := int(in.Imm), int(b)
			s, ok := m.mem[*a]
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
			copy(buf[:], m.comm)
			copy(m.heap[in.Imm:], buf[:])
		case ir.OpRecord:
			m.put(0, uint64(in.Imm)|uint64(id)<<32, 8)
		case ir.OpEmit:
			m.records = append(m.records, append([]byte(nil), m.heap[:in.Imm]...))
		case ir.OpStrEq:
			// lengths clipped to imm, then the texts, as bpf/c/interp.bpf.c
			x, y := m.slotBytes(int(b), int(in.Imm)), m.slotBytes(int(c), int(in.Imm))
			*a = b2u(bytes.Equal(x, y))
		case ir.OpMapLookup, ir.OpMapUpdate, ir.OpMapDelete, ir.OpMapAgg:
			m.put(int(in.Imm), uint64(in.B), 8)
			key := string(m.heap[in.Imm : in.Imm+ir.MapKeySize])
			n := p.StrValueSize
			switch {
			case in.Op != ir.OpMapAgg && ir.MapIn(in.C) == ir.InStrs:
				if *a > uint64(len(m.heap)-n) {
					return fmt.Errorf("pc %d: string slot at %d", pc-1, *a)
				}
				slot := m.heap[*a : int(*a)+n]
				switch in.Op {
				case ir.OpMapLookup:
					if v, ok := m.strs[key]; ok {
						copy(slot, v)
					} else {
						clear(slot[:ir.StrHeader]) // the empty string
					}
				case ir.OpMapUpdate:
					m.strs[key] = append([]byte(nil), slot...)
				default:
					delete(m.strs, key)
				}
			case in.Op == ir.OpMapLookup:
				*a = m.vals[key]
			case in.Op == ir.OpMapUpdate:
				m.vals[key] = *a
			case in.Op == ir.OpMapDelete:
				if ir.MapIn(in.C) == ir.InAggs {
					delete(m.aggs, key)
				} else {
					delete(m.vals, key)
				}
			default:
				if int(in.B) >= len(p.Maps) {
					return fmt.Errorf("pc %d: no map %d", pc-1, in.B)
				}
				m.aggregate(key, ir.Agg(in.C), int64(*a), p.Maps[in.B])
			}
		case ir.OpStReg:
			m.put(int(in.Imm), m.ptregs[in.C], 8)
		case ir.OpStCtx:
			v := m.ctx[in.C]
			if ir.Ctx(in.C) == ir.CtxProbe {
				v = uint64(id)
			}
			m.put(int(in.Imm), v, 8)
		case ir.OpCellAgg, ir.OpCellAggReg:
			// The key the runtime gives the probe's cells (runtime/maps.go,
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
				x = m.ptregs[in.A]
			}
			m.aggregate(string(key[:]), ir.Agg(in.C), int64(x), mp)
		case ir.OpStStack:
			n := min(len(m.stack), int(in.C))
			m.put(int(in.Imm), uint64(n), 8)
			for i := 0; i < n; i++ {
				f := int(in.Imm) + 8 + i*ir.StackFrameSize
				m.put(f, ir.StackFrameValid, 4)
				m.put(f+ir.StackFrameAddr, m.stack[i], 8)
			}
		case ir.OpStackID:
			k := fmt.Sprint(m.stack)
			if m.stackIDs[k] == 0 {
				m.stackIDs[k] = uint64(len(m.stackIDs) + 1)
			}
			*a = m.stackIDs[k]
		case ir.OpExit:
			return nil
		default:
			return fmt.Errorf("pc %d: op %s not modelled", pc-1, in.Op)
		}
	}
}

func writesA(op ir.Op) bool {
	switch op {
	case ir.OpNop, ir.OpJa, ir.OpJz, ir.OpJnz, ir.OpStHeap, ir.OpStStr, ir.OpStComm, ir.OpRecord, ir.OpEmit, ir.OpExit,
		ir.OpMapUpdate, ir.OpMapDelete, ir.OpMapAgg, ir.OpCellAgg, ir.OpCellAggReg, ir.OpStStack, ir.OpStReg, ir.OpStCtx:
		return false
	}
	return true
}

// readStr writes the text of a string slot as st_str does with
// bpf_probe_read_user_str: at most limit+2 bytes, copied a word at a time
// with the bytes after the NUL in its word zeroed (the kernel masks them),
// or all zero on a fault; then the two bytes past the slot are restored.
func (m *machine) readStr(dst int, s string, limit int, ok bool) {
	count := limit + 2
	saved := [2]byte{m.heap[dst+limit], m.heap[dst+limit+1]}
	buf := []byte(s + "\x00")
	switch {
	case !ok:
		clear(m.heap[dst : dst+count])
	case len(buf) >= count:
		copy(m.heap[dst:dst+count], buf)
	default:
		end := min(count, (len(buf)+7)&^7) // the end of the NUL's word
		clear(m.heap[dst : dst+end])
		copy(m.heap[dst:], buf)
	}
	m.heap[dst+limit], m.heap[dst+limit+1] = saved[0], saved[1]
}

// aggregate is map_agg of bpf/c/interp.bpf.c.
func (m *machine) aggregate(key string, agg ir.Agg, x int64, mp ir.Map) {
	g := m.aggs[key]
	if g == nil {
		g = new([ir.AggSlots]uint64)
		m.aggs[key] = g
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
	g[ir.AggBucketBase+b]++
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// field decodes field i of rec as laid out by ev: integers as uint64
// bits, strings and comm as text.
func field(ev ir.Event, rec []byte, i int) any {
	f := ev.Fields[i]
	switch f.Type.Kind {
	case ir.KindString:
		n := int(binary.LittleEndian.Uint16(rec[f.Offset:]))
		return string(rec[f.Offset+ir.StrHeader : f.Offset+ir.StrHeader+n])
	case ir.KindComm:
		return string(bytes.TrimRight(rec[f.Offset:f.Offset+ir.CommLen], "\x00"))
	case ir.KindFunc, ir.KindProbe:
		return nil
	}
	return binary.LittleEndian.Uint64(rec[f.Offset:])
}
