package ir

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/printfmt"
)

func reg(r uint8) string { return "r" + strconv.Itoa(int(r)) }

func heapAt(off int32) string { return fmt.Sprintf("[heap+%d]", off) }

func jumpTarget(pc int, off int32) string {
	return fmt.Sprintf("%+d (-> %d)", off, pc+1+int(off))
}

// DisasmInsn renders one instruction at pc (pc resolves jump targets).
// OpLdImm64 shows only its low half; Disasm shows the whole constant.
func DisasmInsn(ins Insn, pc int) string {
	if int(ins.Op) >= NumOps {
		return fmt.Sprintf("op%d %d, %d, %d, %d", ins.Op, ins.A, ins.B, ins.C, ins.Imm)
	}
	name := ins.Op.String()
	a, b, c := reg(ins.A), reg(ins.B), reg(ins.C)
	switch ins.Op {
	case OpLdReg:
		if ins.Imm >= 0 && int(ins.Imm) < PtRegsSlots {
			return fmt.Sprintf("%s %s, %s", name, a, arch.SlotName(int(ins.Imm)))
		}
	case OpLdCtx:
		if ins.Imm >= 0 && int(ins.Imm) < len(CtxNames) {
			return fmt.Sprintf("%s %s, %s", name, a, CtxNames[ins.Imm])
		}
	case OpTLS:
		switch ins.Imm {
		case TLSGlibc:
			return fmt.Sprintf("%s %s, %s, glibc", name, a, b)
		case TLSMusl:
			return fmt.Sprintf("%s %s, %s, musl", name, a, b)
		}
	case OpLdImm64:
		return fmt.Sprintf("%s %s, lo %#x", name, a, uint32(ins.Imm))
	case OpLoad:
		return fmt.Sprintf("%s %s, [%s%+d], %d", name, a, b, ins.Imm, ins.C)
	case OpLdHeap:
		return fmt.Sprintf("%s %s, %s, %d", name, a, heapAt(ins.Imm), ins.C)
	case OpStHeap:
		return fmt.Sprintf("%s %s, %s, %d", name, heapAt(ins.Imm), a, ins.C)
	case OpStStatus, OpStComm:
		return fmt.Sprintf("%s %s", name, heapAt(ins.Imm))
	case OpStStr, OpStMem:
		own := ""
		if ins.Op == OpStStr && ins.C != 0 {
			own = ", own fault"
		}
		return fmt.Sprintf("%s %s, %s, %s%s", name, heapAt(ins.Imm), a, b, own)
	case OpStrEq:
		return fmt.Sprintf("%s %s, [heap+%s], [heap+%s], %d", name, a, b, c, ins.Imm)
	case OpMapLookup, OpMapUpdate, OpMapDelete:
		in := ""
		switch MapIn(ins.C) {
		case InVals:
		case InAggs:
			in = ", aggregation"
		case InStrs:
			in = ", string"
			if ins.Op != OpMapDelete {
				in += " [heap+" + a + "]"
			}
		default:
			in = ", in" + strconv.Itoa(int(ins.C))
		}
		if ins.Op == OpMapDelete {
			return fmt.Sprintf("%s map %d, %s%s", name, ins.B, heapAt(ins.Imm), in)
		}
		return fmt.Sprintf("%s %s, map %d, %s%s", name, a, ins.B, heapAt(ins.Imm), in)
	case OpMapAgg:
		return fmt.Sprintf("%s %s, map %d, %s, %s", name, a, ins.B, aggName(Agg(ins.C)), heapAt(ins.Imm))
	case OpTseries:
		return fmt.Sprintf("%s %s, map %d, %s, at %s", name, a, ins.B, heapAt(ins.Imm), c)
	case OpCellAgg:
		return fmt.Sprintf("%s %s, map %d, %s, cells+%d", name, a, ins.B, aggName(Agg(ins.C)), ins.Imm)
	case OpStReg:
		if int(ins.C) < PtRegsSlots {
			return fmt.Sprintf("%s %s, %s", name, heapAt(ins.Imm), arch.SlotName(int(ins.C)))
		}
	case OpStCtx:
		if int(ins.C) < len(CtxNames) {
			return fmt.Sprintf("%s %s, %s", name, heapAt(ins.Imm), CtxNames[ins.C])
		}
	case OpCellAggReg:
		slot := strconv.Itoa(int(ins.A))
		if int(ins.A) < PtRegsSlots {
			slot = arch.SlotName(int(ins.A))
		}
		return fmt.Sprintf("%s %s, map %d, %s, cells+%d", name, slot, ins.B, aggName(Agg(ins.C)), ins.Imm)
	case OpStStack:
		return fmt.Sprintf("%s %s, %d", name, heapAt(ins.Imm), ins.C)
	}
	if Table[ins.Op].CIsNum {
		c = strconv.Itoa(int(ins.C))
	}
	if Table[ins.Op].BIsNum {
		b = strconv.Itoa(int(ins.B))
	}
	imm := strconv.Itoa(int(ins.Imm))
	switch Table[ins.Op].Shape {
	case ShapeNone:
		return name
	case ShapeA:
		return name + " " + a
	case ShapeI:
		return name + " " + imm
	case ShapeAI:
		return fmt.Sprintf("%s %s, %s", name, a, imm)
	case ShapeAB:
		return fmt.Sprintf("%s %s, %s", name, a, b)
	case ShapeABI:
		return fmt.Sprintf("%s %s, %s, %s", name, a, b, imm)
	case ShapeABC:
		return fmt.Sprintf("%s %s, %s, %s", name, a, b, c)
	case ShapeABCI:
		return fmt.Sprintf("%s %s, %s, %s, %s", name, a, b, c, imm)
	case ShapeACI:
		return fmt.Sprintf("%s %s, %s, %s", name, a, c, imm)
	case ShapeAIJump:
		return fmt.Sprintf("%s %s, %s", name, a, jumpTarget(pc, ins.Imm))
	case ShapeIJump:
		return name + " " + jumpTarget(pc, ins.Imm)
	}
	return name
}

// Disasm renders p as a deterministic listing: the probes, each distinct
// code range with the source text that produced it above its
// instructions, the events and the maps. It prints no absolute paths and
// no addresses, so golden tests stay stable across builds.
func Disasm(p *Program) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %d\n", p.Version)
	for i, pr := range p.Probes {
		fmt.Fprintf(&b, "probe %d: %s  start=%d len=%d", i, pr.Name, pr.Start, pr.Len)
		if pr.Cells != 0 {
			fmt.Fprintf(&b, " cells=%d", pr.Cells)
		}
		b.WriteString("\n")
	}
	for i, m := range p.Modules {
		fmt.Fprintf(&b, "module %d: %s\n", i, filepath.Base(m))
	}

	type span struct{ start, end int }
	var ranges []span
	seen := map[span]bool{}
	for _, pr := range p.Probes {
		r := span{int(pr.Start), int(pr.Start + pr.Len)}
		if !seen[r] && r.end > r.start {
			seen[r] = true
			ranges = append(ranges, r)
		}
	}
	if len(p.Probes) == 0 && len(p.Insns) > 0 {
		ranges = append(ranges, span{0, len(p.Insns)})
	}
	sort.Slice(ranges, func(i, j int) bool {
		if ranges[i].start != ranges[j].start {
			return ranges[i].start < ranges[j].start
		}
		return ranges[i].end < ranges[j].end
	})

	lines := append([]LineEntry(nil), p.Lines...)
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].PC < lines[j].PC })
	// lineAt returns the index of the line entry covering pc, or -1.
	lineAt := func(pc int) int {
		i := sort.Search(len(lines), func(i int) bool { return lines[i].PC > pc })
		return i - 1
	}
	fileName := "<script>"
	if p.File != nil && p.File.Name != "" {
		fileName = filepath.Base(p.File.Name)
	}

	for _, r := range ranges {
		fmt.Fprintf(&b, "\ncode %d-%d:\n", r.start, r.end)
		last := -1
		for pc := r.start; pc < r.end && pc < len(p.Insns); pc++ {
			if li := lineAt(pc); li >= 0 && li != last {
				last = li
				sp := lines[li].Sp
				text := firstLine(p.File.Text(sp))
				fmt.Fprintf(&b, "; %s:%d:%d  %s\n", fileName, sp.Start.Line, sp.Start.Col, text)
			}
			ins := p.Insns[pc]
			text := DisasmInsn(ins, pc)
			if ins.Op == OpLdImm64 && pc+1 < len(p.Insns) {
				v := uint64(uint32(ins.Imm)) | uint64(uint32(p.Insns[pc+1].Imm))<<32
				text = fmt.Sprintf("%s %s, %#x", ins.Op, reg(ins.A), v)
			}
			fmt.Fprintf(&b, "%5d  %s\n", pc, text)
		}
	}

	if len(p.Events) > 0 {
		b.WriteString("\n")
	}
	for _, e := range p.Events {
		fmt.Fprintf(&b, "event %d %s", e.ID, e.Kind)
		switch e.Kind {
		case EventPrintf:
			fmt.Fprintf(&b, " %s", strconv.Quote(printfmt.Join(e.Verbs)))
		case EventPrintMap, EventClearMap, EventZeroMap:
			fmt.Fprintf(&b, " map %d", e.Map)
			if e.Top != 0 || e.Div != 0 {
				fmt.Fprintf(&b, " top=%d div=%d", e.Top, e.Div)
			}
		}
		fmt.Fprintf(&b, " size=%d:", e.Size)
		for i, f := range e.Fields {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s %s", f.Name, typeName(f.Type))
			if f.Unavailable {
				b.WriteString(" unavailable")
				continue
			}
			fmt.Fprintf(&b, " @%d", f.Offset)
			if f.Status >= 0 {
				fmt.Fprintf(&b, " status@%d", f.Status)
			}
		}
		b.WriteString("\n")
	}

	if len(p.Maps) > 0 {
		b.WriteString("\n")
	}
	for _, m := range p.Maps {
		fmt.Fprintf(&b, "map %d @%s", m.ID, m.Name)
		if len(m.Keys) > 0 {
			keys := make([]string, len(m.Keys))
			for i, k := range m.Keys {
				keys[i] = typeName(k)
			}
			fmt.Fprintf(&b, "[%s]", strings.Join(keys, ", "))
		}
		if m.IsAgg {
			fmt.Fprintf(&b, " %s", aggName(m.Agg))
			if m.Agg == AggLhist {
				fmt.Fprintf(&b, "(%d, %d, %d)", m.Min, m.Max, m.Step)
			}
			if ts := m.Tseries; ts != nil {
				fmt.Fprintf(&b, "(%dns, %d, %s)", ts.Interval, ts.Intervals, TseriesFnNames[ts.Fn])
			}
		} else {
			fmt.Fprintf(&b, " %s", typeName(m.Value))
		}
		fmt.Fprintf(&b, " key=%d", m.KeySize)
		if m.InCells {
			b.WriteString(" in cells")
		}
		b.WriteString("\n")
	}
	for _, c := range p.CellRanges {
		n := 0
		if int(c.Map) < len(p.Maps) {
			n = CellsOf(p.Maps[c.Map].Agg)
		}
		fmt.Fprintf(&b, "cells %d-%d: map %d probe %d\n", c.Cell, int(c.Cell)+n, c.Map, c.Probe)
	}
	return b.String()
}

func aggName(a Agg) string {
	if int(a) < len(AggNames) {
		return AggNames[a]
	}
	return "agg" + strconv.Itoa(int(a))
}

// typeName is the short display name of t.
func typeName(t *Type) string {
	if t == nil {
		return "void"
	}
	if t.Name != "" {
		return t.Name
	}
	switch t.Kind {
	case KindInt:
		return fmt.Sprintf("int%d", t.Size*8)
	case KindUint:
		return fmt.Sprintf("uint%d", t.Size*8)
	case KindBool:
		return "bool"
	case KindChar:
		return "char"
	case KindPointer:
		return typeName(t.Elem) + " *"
	case KindString:
		return fmt.Sprintf("string[%d]", t.Cap)
	case KindComm:
		return "comm"
	case KindFunc:
		return "func"
	case KindProbe:
		return "probe"
	case KindArray:
		return fmt.Sprintf("%s[%d]", typeName(t.Elem), t.Len)
	case KindFloat:
		return fmt.Sprintf("float%d", t.Size*8)
	case KindSeq:
		return fmt.Sprintf("[]%s[%d]", typeName(t.Elem), t.Len)
	case KindStack:
		return "stack"
	case KindSymbol:
		return "symbol"
	}
	return fmt.Sprintf("type%d(%d)", t.Kind, t.Size)
}

// firstLine returns s up to its first newline, with " ..." when cut.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimRight(s[:i], " \t\r") + " ..."
	}
	return s
}
