package gen

import (
	"encoding/binary"
	"slices"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/sema"
)

// Map keys are built in the map's own 128-byte key buffer (sema's
// Map.Heap), whose bytes past the key are never written and so stay zero.
// Every key build writes every byte of the key: a string's text is
// zero-padded to its capacity and its address word is zero, so equal keys
// are equal bytes.

// key builds the key of m from keys in m's key buffer. The values that
// live in registers (integers, ids, str()'s address) are computed first:
// a map read among them builds its own key, maybe in m's buffer, and must
// be done before the first byte of this key is written. The strings are
// written afterwards (sema refuses a string key that reads m itself).
func (g *gen) key(m *sema.Map, keys []parser.Expr) {
	regs := make([]uint8, len(keys))
	pushed := 0
	for i, k := range keys {
		switch kt := m.KeyTypes[i]; kt.Kind {
		case sema.KindString:
			if call, ok := k.(*parser.CallExpr); ok && !g.isCountedText(call.Args[0]) { // str(p[, n])
				regs[i] = g.expr(call.Args[0])
				pushed++
			}
		case sema.KindComm, sema.KindBuf, sema.KindStruct, sema.KindUnion, sema.KindArray, sema.KindTuple:
		case sema.KindStack:
			regs[i] = g.expr(k) // its gs_stacks id
			pushed++
		default:
			regs[i] = g.expr(k)
			pushed++
		}
	}
	for i, k := range keys {
		dst := m.Heap + m.Desc.KeyOffsets[i]
		switch kt := m.KeyTypes[i]; kt.Kind {
		case sema.KindString:
			g.keyString(k, dst, kt.Cap, regs[i])
		case sema.KindComm:
			g.keyComm(k, dst)
		case sema.KindTuple:
			g.keyTuple(k, dst, kt) // tuples.go
		case sema.KindBuf, sema.KindStruct, sema.KindUnion, sema.KindArray:
			g.store(k, dst, kt) // buf.go, held.go: zero-padded
		default:
			g.stHeap(regs[i], dst)
		}
	}
	for ; pushed > 0; pushed-- {
		g.pop()
	}
}

// keyString writes the string e as a key string slot of capacity n at
// heap[dst]: {len | flags<<16, 0}, then the text zero-padded to n bytes
// (rounded up to 8). addr holds str()'s address when key computed it.
func (g *gen) keyString(e parser.Expr, dst, n int, addr uint8) {
	words := ir.Align8(n) / 8
	switch e := e.(type) {
	case *parser.CallExpr: // str(p[, limit])
		limit := min(g.typeOf(e).Cap, n)
		if g.isCountedText(e.Args[0]) {
			g.countedText(e.Args[0], dst, limit, n)
			return
		}
		if t := g.ctype(e.Args[0]); t.Kind == sema.KindArray {
			g.arrayText(e.Args[0], addr, dst, n, limit, t.Len)
			g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
			return
		}
		if addr == zero {
			addr = g.expr(e.Args[0])
			defer g.pop()
		}
		for i := 0; i < words; i++ {
			g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + ir.StrHeader + 8*i)})
		}
		r := g.strLimit(e, limit)
		g.emit(ir.Insn{Op: ir.OpStStr, A: addr, B: r, Imm: int32(dst)})
		g.pop()
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
	case *parser.StrLit:
		s, hdr := e.Val, uint64(len(e.Val))
		if len(s) > n {
			s, hdr = s[:n], uint64(n)|ir.StrTruncated<<16
		}
		g.words(s, dst, words, hdr)
	case *parser.VarExpr:
		v := g.p.Vars[e]
		g.keyVarString(v.Offset, v.Type.Cap, dst, n)
	case *parser.CondExpr:
		g.cond(e, func(x parser.Expr) { g.keyString(x, dst, n, zero) })
	default:
		if off, ok := g.tupleSlot(e); ok { // a string element of a tuple in a $var
			g.keyVarString(off, g.typeOf(e).Cap, dst, n)
			return
		}
		if g.isCountedText(e) {
			g.countedText(e, dst, n, n)
			return
		}
		if t := g.typeOf(e); t.Kind == sema.KindArray {
			g.arrayText(e, zero, dst, n, n, t.Len)
			g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
			return
		}
		panic("gen: unexpected string key")
	}
}

// arrayText writes the char array e of length alen as a string slot of
// capacity n at heap[dst] (a map key, str() of it, or a side of a
// comparison), as str(e, limit) would read it but never past the array,
// which may end a page. OpStMem copies min(alen, limit) bytes into the
// slot's text (its status words land on the slot's header: the address
// word is the failing address or 0), one more when the array goes on
// (str() cuts a text only when a byte follows it; that byte is restored,
// as OpStStr restores the bytes after a slot). An unrolled scan finds the
// first NUL, zeroes the bytes from it on (equal texts must be equal keys)
// and writes the length. An array without NUL is all text. addr holds the
// array's address when the caller computed it.
func (g *gen) arrayText(e parser.Expr, addr uint8, dst, n, limit, alen int) {
	cnt := min(alen, limit)
	text := dst + ir.StrHeader
	for i := 0; i < ir.Align8(n)/8; i++ {
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(text + 8*i)})
	}
	ra, rn, rs := g.push(), g.push(), g.push()
	if addr != zero {
		g.emit(ir.Insn{Op: ir.OpMov, A: ra, B: addr})
	} else {
		g.exprInto(e, ra) // an array stands for its address
	}
	more := alen > cnt
	read := cnt
	if more {
		read++
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rs, C: 1, Imm: int32(text + cnt)})
	}
	g.constant(rn, uint64(read))
	g.emit(ir.Insn{Op: ir.OpStMem, A: ra, B: rn, Imm: int32(dst)})
	rl, rb := ra, rn
	hdr, zeros := newLabel(), make([]*label, cnt)
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: rb, C: 8, Imm: int32(dst)})
	g.constant(rl, uint64(ir.StrFault)<<16)
	g.jump(ir.OpJnz, rb, hdr) // the read failed: a read error, no text
	for i := range cnt {
		zeros[i] = newLabel()
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rb, C: 1, Imm: int32(text + i)})
		g.constant(rl, uint64(i))
		g.jump(ir.OpJz, rb, zeros[i])
	}
	g.constant(rl, uint64(cnt))
	if more { // cut when the byte after the text is not a NUL
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rb, C: 1, Imm: int32(text + cnt)})
		g.jump(ir.OpJz, rb, hdr)
		g.constant(rl, uint64(cnt)|ir.StrTruncated<<16)
	}
	g.jump(ir.OpJa, 0, hdr)
	for i := range cnt {
		g.bind(zeros[i])
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 1, Imm: int32(text + i)})
	}
	g.bind(hdr)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: rl, C: 8, Imm: int32(dst)})
	if more {
		g.emit(ir.Insn{Op: ir.OpStHeap, A: rs, C: 1, Imm: int32(text + cnt)})
	}
	g.pop()
	g.pop()
	g.pop()
}

// words writes the constant string slot {hdr, 0, s zero-padded to words
// words} at heap[dst].
func (g *gen) words(s string, dst, words int, hdr uint64) {
	r := g.push()
	g.constant(r, hdr)
	g.emit(ir.Insn{Op: ir.OpStHeap, A: r, C: 8, Imm: int32(dst)})
	g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
	g.rawWords(s, dst+ir.StrHeader, words, r)
	g.pop()
}

// rawWords writes s zero-padded to words 8-byte words at heap[dst], with
// r as scratch.
func (g *gen) rawWords(s string, dst, words int, r uint8) {
	for i := 0; i < words; i++ {
		var w [8]byte
		if 8*i < len(s) {
			copy(w[:], s[8*i:])
		}
		src := uint8(zero)
		if v := binary.LittleEndian.Uint64(w[:]); v != 0 {
			g.constant(r, v)
			src = r
		}
		g.emit(ir.Insn{Op: ir.OpStHeap, A: src, C: 8, Imm: int32(dst + 8*i)})
	}
}

// keyVarString copies the string slot of capacity cap at heap[slot] (a
// $var, or a tuple's element in one) into a key string slot of
// capacity n. A $var's slot holds stale bytes after its text (it is
// reused from run to run), so only the words that hold text are copied,
// and the rest of the key is zeroed:
//
//	copy word 0 if len > 0, word 1 if len > 8, ...; jump into
//	Z0: zero word 0; Z1: zero word 1; ...
//
// TODO: when the kernel had to read the string byte by byte (a read
// that crossed into an unmapped page), the bytes after its NUL in the
// last word are stale too; an op that copies a string slot up to its
// length would fix this and save the chain.
func (g *gen) keyVarString(slot, cap, dst, n int) {
	words := ir.Align8(n) / 8
	have := min(words, ir.Align8(cap)/8)
	rl, rt := g.push(), g.push()
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: rl, C: 8, Imm: int32(slot)})
	if cap > n {
		// Cut the length to the key's capacity, as str() would have:
		// len-n-1 < 0 means it fits.
		ok := newLabel()
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rt, C: 2, Imm: int32(slot)})
		g.emit(ir.Insn{Op: ir.OpAddImm, A: rt, B: rt, Imm: int32(-n - 1)})
		g.emit(ir.Insn{Op: ir.OpLtS, A: rt, B: rt, C: zero})
		g.jump(ir.OpJnz, rt, ok)
		g.constant(rl, uint64(n)|ir.StrTruncated<<16)
		g.bind(ok)
	}
	g.emit(ir.Insn{Op: ir.OpStHeap, A: rl, C: 8, Imm: int32(dst)})
	g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + 8)})
	g.emit(ir.Insn{Op: ir.OpLdHeap, A: rl, C: 2, Imm: int32(slot)})
	zeros := make([]*label, words+1)
	for i := range zeros {
		zeros[i] = newLabel()
	}
	for i := 0; i < have; i++ {
		if i == 0 {
			g.jump(ir.OpJz, rl, zeros[0])
		} else {
			g.emit(ir.Insn{Op: ir.OpLeS, A: rt, B: rl, C: zero})
			g.jump(ir.OpJnz, rt, zeros[i])
		}
		g.emit(ir.Insn{Op: ir.OpLdHeap, A: rt, C: 8, Imm: int32(slot + ir.StrHeader + 8*i)})
		g.emit(ir.Insn{Op: ir.OpStHeap, A: rt, C: 8, Imm: int32(dst + ir.StrHeader + 8*i)})
		if i < have-1 {
			g.emit(ir.Insn{Op: ir.OpAddImm, A: rl, B: rl, Imm: -8})
		}
	}
	if have < words {
		g.jump(ir.OpJa, 0, zeros[have])
	} else {
		g.jump(ir.OpJa, 0, zeros[words])
	}
	for i := 0; i < words; i++ {
		g.bind(zeros[i])
		g.emit(ir.Insn{Op: ir.OpStHeap, A: zero, C: 8, Imm: int32(dst + ir.StrHeader + 8*i)})
	}
	g.bind(zeros[words])
	g.pop()
	g.pop()
}

// keyComm writes the comm value e (or a string literal, as comm's NUL-
// padded bytes) at heap[dst].
func (g *gen) keyComm(e parser.Expr, dst int) {
	switch e := e.(type) {
	case *parser.StrLit:
		r := g.push()
		g.rawWords(e.Val[:min(len(e.Val), ir.CommLen)], dst, ir.CommLen/8, r)
		g.pop()
	case *parser.CondExpr:
		g.cond(e, func(x parser.Expr) { g.keyComm(x, dst) })
	default:
		g.comm(e, dst)
	}
}

// mapRead loads @m[keys] into r: 0 when the key is absent.
func (g *gen) mapRead(e *parser.MapExpr, r uint8) {
	m := g.p.MapOf[e]
	g.key(m, e.Keys)
	in := ir.InVals
	if m.Kind == sema.MapAgg {
		in = ir.InAggs // the value over all CPUs
	}
	if call := g.p.Warns[e]; call != nil { // -k: warn where the key is absent
		found := newLabel()
		g.emit(ir.Insn{Op: ir.OpMapHas, A: r, B: m.Desc.ID, C: uint8(sema.MapIn(m)), Imm: int32(m.Heap)})
		g.jump(ir.OpJnz, r, found)
		g.record(call)
		g.bind(found)
	}
	g.emit(ir.Insn{Op: ir.OpMapLookup, A: r, B: m.Desc.ID, C: uint8(in), Imm: int32(m.Heap)})
}

// mapAssign lowers `@m[k] = v`, `@m[k] op= v` and `@m[k] = agg(...)`.
// The value is computed before the key: it may read maps, m included.
func (g *gen) mapAssign(s *parser.AssignStmt, lhs *parser.MapExpr) {
	m := g.p.MapOf[lhs]
	if call, ok := s.RHS.(*parser.CallExpr); ok && m.Kind == sema.MapAgg {
		r := uint8(zero) // count() aggregates nothing
		start := len(g.insns)
		if len(call.Args) > 0 {
			r = g.expr(call.Args[0])
			defer g.pop()
		}
		if m.Desc.Agg == ir.AggTseries {
			g.tseries(m, lhs, r)
			return
		}
		if g.maps[m.Desc.ID].InCells { // the key is the probe's: no key to build
			in := ir.Insn{Op: ir.OpCellAgg, A: r, B: m.Desc.ID, C: uint8(m.Desc.Agg), Imm: int32(g.cellsOf(m))}
			// A value that is one saved register (argN, retval, a
			// parameter in a register) is read by the aggregation
			// itself: one step less per hit.
			if ld := g.insns[start:]; len(ld) == 1 && ld[0].Op == ir.OpLdReg && ld[0].A == r && g.boundAt != len(g.insns) {
				g.insns = g.insns[:start]
				in.Op, in.A = ir.OpCellAggReg, uint8(ld[0].Imm)
			}
			g.emit(in)
			return
		}
		g.key(m, lhs.Keys)
		full := g.mapFull(m, lhs)
		g.emit(ir.Insn{Op: ir.OpMapAgg, A: r, B: m.Desc.ID, C: uint8(m.Desc.Agg), Imm: int32(m.Heap)})
		g.bindFull(full)
		return
	}
	if m.Kind == sema.MapStr {
		g.mapAssignStr(s, m, lhs)
		return
	}
	r := g.expr(s.RHS)
	defer g.pop()
	g.key(m, lhs.Keys)
	full := g.mapFull(m, lhs)
	defer g.bindFull(full)
	if s.Op != "=" {
		op := s.Op[:len(s.Op)-1]
		if m.Value.Kind == sema.KindPointer && (op == "+" || op == "-") {
			size := 1 // void *
			if m.Value.Elem != nil && m.Value.Elem.Size > 0 {
				size = m.Value.Elem.Size
			}
			g.scale(r, size) // @p += n steps n elements, as p + n does
		}
		old := g.push()
		g.emit(ir.Insn{Op: ir.OpMapLookup, A: old, B: m.Desc.ID, Imm: int32(m.Heap)})
		g.checkedOp(op, old, old, r, m.Value, g.typeOf(s.RHS), s.RHS) // expr.go
		g.emit(ir.Insn{Op: ir.OpMapUpdate, A: old, B: m.Desc.ID, Imm: int32(m.Heap)})
		g.pop()
		return
	}
	g.emit(ir.Insn{Op: ir.OpMapUpdate, A: r, B: m.Desc.ID, Imm: int32(m.Heap)})
}

// inCells reports whether m may live in cells: an aggregation whose keys
// (none, func, probe) are the probe's own, known before it runs: every
// func or probe key is the running probe's id, not one a map or $var
// kept (StoredIDs).
func inCells(m *sema.Map) bool {
	if m.Kind != sema.MapAgg || m.Desc.Agg == ir.AggTseries || m.Deleted || m.Read || m.StoredIDs || m.Limit > 0 { // delete(), reads, for and a declared limit need the entry's key
		return false
	}
	for _, k := range m.KeyTypes {
		if k.Kind != sema.KindFunc && k.Kind != sema.KindProbe {
			return false
		}
	}
	return true
}

// tseries lowers @m[k] = tseries(x, ...) with x in r: OpTseries at the
// time CLOCK_TAI says, or the time map says (sema's Program.TimeMap).
func (g *gen) tseries(m *sema.Map, lhs *parser.MapExpr, r uint8) {
	t := g.push()
	if tm := g.p.TimeMap; tm != nil {
		g.mapRead(tm, t)
	} else {
		g.emit(ir.Insn{Op: ir.OpLdCtx, A: t, Imm: int32(ir.CtxTaiNs)})
	}
	g.key(m, lhs.Keys)
	full := g.mapFull(m, lhs)
	g.emit(ir.Insn{Op: ir.OpTseries, A: r, B: m.Desc.ID, C: t, Imm: int32(m.Heap)})
	g.bindFull(full)
	g.pop()
}

// cellsOf returns the offset of m's cells in the current group's range,
// giving m its cells at its first aggregation there.
func (g *gen) cellsOf(m *sema.Map) int {
	off, ok := g.cellOff[m.Desc.ID]
	if !ok {
		off = g.groupCells
		g.cellOff[m.Desc.ID] = off
		g.groupCells += ir.CellsOf(m.Desc.Agg)
	}
	return off
}

// placeCells gives each probe of grp its own cells, the group's offsets
// from Probe.Cells, and lists them in out.CellRanges.
func (g *gen) placeCells(grp *sema.Group, out *ir.Program) {
	if g.groupCells == 0 {
		return
	}
	ids := make([]uint8, 0, len(g.cellOff))
	for id := range g.cellOff {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b uint8) int { return g.cellOff[a] - g.cellOff[b] })
	for _, i := range grp.Probes {
		out.Probes[i].Cells = uint32(g.cells)
		for _, id := range ids {
			out.CellRanges = append(out.CellRanges, ir.CellRange{Map: id, Probe: uint32(i), Cell: uint32(g.cells + g.cellOff[id])})
		}
		g.cells += g.groupCells
	}
}

// mapAssignStr lowers `@m[k] = s` for a map of strings: the value is
// written to a temporary slot of the maps' one value size, then stored.
func (g *gen) mapAssignStr(s *parser.AssignStmt, m *sema.Map, lhs *parser.MapExpr) {
	tmp := g.tempSlot(g.p.StrValueSize)
	switch m.Value.Kind {
	case sema.KindTuple:
		g.tuple(s.RHS, tmp, m.Value) // tuples.go
	case sema.KindBuf, sema.KindStruct, sema.KindUnion, sema.KindArray:
		g.store(s.RHS, tmp, m.Value) // buf.go, held.go
	default:
		g.strValue(s.RHS, tmp, m.Value)
	}
	r := g.push()
	g.constant(r, uint64(tmp))
	g.key(m, lhs.Keys)
	full := g.mapFull(m, lhs)
	g.emit(ir.Insn{Op: ir.OpMapUpdate, A: r, B: m.Desc.ID, C: uint8(ir.InStrs), Imm: int32(m.Heap)})
	g.bindFull(full)
	g.pop()
}

// mapFull emits, for a map its declaration limits (let @m = hash(N),
// sema's Map.Limit), the check before a write of the key built at m.Heap:
// a key the map does not hold is not added once the map holds N keys, and
// sema's warning is emitted instead (a BPF hash of N entries refuses the
// update). It returns the label to bind after the write; nil without a
// limit.
func (g *gen) mapFull(m *sema.Map, lhs *parser.MapExpr) *label {
	call := g.p.Warns[lhs]
	if call == nil || m.Limit == 0 {
		return nil
	}
	write, end := newLabel(), newLabel()
	t := g.push()
	g.emit(ir.Insn{Op: ir.OpMapHas, A: t, B: m.Desc.ID, C: uint8(sema.MapIn(m)), Imm: int32(m.Heap)})
	g.jump(ir.OpJnz, t, write)
	g.emit(ir.Insn{Op: ir.OpMapKeys, A: t, B: m.Desc.ID, C: uint8(sema.MapIn(m))}) // counting only
	n := g.push()
	g.constant(n, uint64(m.Limit))
	g.emit(ir.Insn{Op: ir.OpLtU, A: n, B: t, C: n})
	g.jump(ir.OpJnz, n, write)
	g.record(call)
	g.jump(ir.OpJa, 0, end)
	g.bind(write)
	g.pop()
	g.pop()
	return end
}

// bindFull binds mapFull's label after the write it guards.
func (g *gen) bindFull(end *label) {
	if end != nil {
		g.bind(end)
	}
}

// mapText writes the string value of @m[k] (a map of strings) into the
// slot at heap[dst] of type dt: straight from the map when the slot has
// the maps' value size, else through a temporary.
func (g *gen) mapText(e *parser.MapExpr, dst int, dt *sema.Type) {
	m := g.p.MapOf[e]
	at := dst
	if sema.SlotSize(dt) != g.p.StrValueSize {
		at = g.tempSlot(g.p.StrValueSize)
	}
	r := g.push()
	g.key(m, e.Keys)
	g.constant(r, uint64(at))
	g.emit(ir.Insn{Op: ir.OpMapLookup, A: r, B: m.Desc.ID, C: uint8(ir.InStrs), Imm: int32(m.Heap)})
	g.pop()
	if at != dst {
		g.copyHeap(dst, at, min(sema.SlotSize(dt), g.p.StrValueSize))
	}
}

// strValue writes a string, string literal or comm value e as a string
// slot at heap[dst] of type dt.
func (g *gen) strValue(e parser.Expr, dst int, dt *sema.Type) {
	if g.typeOf(e).Kind == sema.KindComm {
		g.commSlot(e, dst)
		return
	}
	g.text(e, dst, dt)
}

// mapDelete lowers delete(@m[k]) as a statement.
func (g *gen) mapDelete(call *parser.CallExpr) {
	r := g.push()
	g.mapDeleteInto(call, r)
	g.pop()
}

// mapDeleteInto lowers delete(@m[k]) and delete(@m, k) into r: 1 when
// there was an entry.
func (g *gen) mapDeleteInto(call *parser.CallExpr, r uint8) {
	me := call.Args[0].(*parser.MapExpr)
	m := g.p.MapOf[me]
	g.key(m, g.p.DeleteKeys(call))
	g.emit(ir.Insn{Op: ir.OpMapDelete, A: r, B: m.Desc.ID, C: uint8(sema.MapIn(m)), Imm: int32(m.Heap)})
}

// hasKey lowers has_key(@m, k) into r.
func (g *gen) hasKey(call *parser.CallExpr, r uint8) {
	m := g.p.MapOf[call.Args[0].(*parser.MapExpr)]
	g.key(m, g.p.KeysOf[call])
	g.emit(ir.Insn{Op: ir.OpMapHas, A: r, B: m.Desc.ID, C: uint8(sema.MapIn(m)), Imm: int32(m.Heap)})
}

// mapLen lowers len(@m) into r: OpMapKeys counting only.
func (g *gen) mapLen(me *parser.MapExpr, r uint8) {
	m := g.p.MapOf[me]
	g.emit(ir.Insn{Op: ir.OpMapKeys, A: r, B: m.Desc.ID, C: uint8(sema.MapIn(m))})
}

// needKeys estimates the registers a read of @m[keys] takes: the result,
// then one per register key, each computed above the ones before.
func needKeys(keys []parser.Expr) int {
	n := 1
	for i, k := range keys {
		n = max(n, 1+i+need(k))
	}
	return n
}
