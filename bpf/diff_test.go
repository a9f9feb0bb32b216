package bpf

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// The differential tests run the same bytecode on the interpreter in the
// kernel, at a real uprobe, and on its Go model (internal/model), and
// compare what they leave: records, gs_vals, gs_aggs and gs_cells. The
// model is what gen's tests check generated code against; these tests
// keep the two meanings of each op one.

// diffTargetSrc is the traced program: f's arguments are two longs and a
// string, whose address it prints after the call.
const diffTargetSrc = `
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) long f(long a, long b, const char *s)
{
	__asm__ volatile("" :: "r"(s) : "memory");
	return a ^ b;
}

int main(void)
{
	char line[4096];
	long a, b;
	int n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		line[strcspn(line, "\n")] = 0;
		n = 0;
		if (sscanf(line, "%ld %ld %n", &a, &b, &n) < 2 || !n) {
			printf("?\n");
			continue;
		}
		printf("%ld %lu\n", f(a, b, line + n), (unsigned long)(line + n));
	}
	return 0;
}
`

// diffCall is one call of f.
type diffCall struct {
	a, b int64
	s    string
}

// diffCalls are the calls every program runs on; strings up to 64 bytes
// and one longer, so limits truncate.
var diffCalls = []diffCall{
	{7, 3, "hello"},
	{-20, 0, "world"},
	{100, -5, ""},
	{1 << 40, 12, "hello"},
	{-1 << 63, -1, "a string longer than sixty-four bytes, to be truncated by str() ....."},
}

// diffTarget builds and starts the target; bin's directory holds it as
// ./gsdiff for scripts.
func diffTarget(t *testing.T) (dir, bin string, tg *target) {
	t.Helper()
	bin = testtarget.FromSource(t, testtarget.GCC, "gsdiff.c", diffTargetSrc, "-g", "-O1")
	return filepath.Dir(bin), bin, startTarget(t, bin)
}

// hit calls f in the target and prepares m as the kernel sees that hit:
// the arguments in their registers, the string at the address the target
// printed, the context values that do not vary. User memory outside the
// string is unknown to the model: the programs read only the string or
// addresses below 4096, which are never mapped.
func (tg *target) hit(t *testing.T, m *model.Machine, c diffCall) {
	t.Helper()
	ans := tg.call(t, fmt.Sprintf("%d %d %s", c.a, c.b, c.s))
	var ret int64
	var addr uint64
	if _, err := fmt.Sscanf(ans, "%d %d", &ret, &addr); err != nil || ret != c.a^c.b {
		t.Fatalf("target answered %q (%v)", ans, err)
	}
	m.PtRegs[arch.ArgRegs[0]] = uint64(c.a)
	m.PtRegs[arch.ArgRegs[1]] = uint64(c.b)
	m.PtRegs[arch.ArgRegs[2]] = addr
	text := []byte(c.s + "\x00")
	m.Mem = map[uint64]string{addr: c.s}
	m.Read = func(a uint64, buf []byte) bool {
		if a < addr || a-addr+uint64(len(buf)) > uint64(len(text)) {
			return false
		}
		copy(buf, text[a-addr:])
		return true
	}
	m.Comm = "gsdiff"
	m.Ctx[ir.CtxPid], m.Ctx[ir.CtxTid] = uint64(tg.pid()), uint64(tg.pid())
	m.Ctx[ir.CtxUid], m.Ctx[ir.CtxGid] = uint64(os.Getuid()), uint64(os.Getgid())
	m.Regs, m.Steps = [ir.NumRegs]uint64{}, 0
}

// installProgram writes p's instructions and probes to the interpreter's
// maps, as the runtime does (without load bias entries: OpLdBias fails
// with ir.StatusNoBias, as model.Machine.NoBias has it).
func installProgram(t *testing.T, objs *GsObjects, p *ir.Program) {
	t.Helper()
	for pc, ins := range p.Insns {
		if err := objs.GsInsns.Put(uint32(pc), GsInsn{Op: uint8(ins.Op), A: ins.A, B: ins.B, C: ins.C, Imm: ins.Imm}); err != nil {
			t.Fatal(err)
		}
	}
	for _, pr := range p.Probes {
		gp := GsProbe{Start: pr.Start, Len: pr.Len, Version: ir.Version, Module: ir.ModuleNone, Cells: pr.Cells}
		if err := objs.GsProbes.Put(pr.ID, gp); err != nil {
			t.Fatal(err)
		}
	}
	for _, mp := range p.Maps {
		info := GsMapinfo{Min: mp.Min, Max: mp.Max, Step: mp.Step, Agg: uint32(mp.Agg)}
		if err := objs.GsMapinfo.Put(uint32(mp.ID), info); err != nil {
			t.Fatal(err)
		}
	}
}

// diffScripts are compiled through sema and gen, and run on every call.
var diffScripts = []string{
	`printf("%d %d %s|\n", arg0, arg1, str(arg2))`,
	`print(arg0 + arg1 * 3, arg0 / arg1, arg0 % arg1, arg0 >> 3, -arg0, arg0 < arg1, arg0 == arg1)`,
	`print(str(arg2, 3), comm, pid, tid, str(arg2) == "hello", str(arg2, 3) == "hel")`,
	`if (arg0 > 10) { print(arg0) } else if (arg1 == 0) { print(str(arg2)) } else { print(arg1, 1) }`,
	`$x = arg0; $x *= 3; $x -= arg1; $s = str(arg2); print($x, $s)`,
	`@m[arg0] = arg1; @n[str(arg2)] = arg0; @k[arg0, arg1] = 1; print(@m[arg0], @n["hello"])`,
	`@c = count(); @s[arg0 & 3] = sum(arg1); @h = hist(arg0); @l[str(arg2, 2)] = lhist(arg1, -10, 100, 10)`,
	`@st = stats(arg0); @mn[1] = min(arg1); @mx = max(arg1); @a[str(arg2)] = avg(arg0); @f[func] = count()`,
}

// TestDiffScripts: generated code of real scripts agrees on both machines.
func TestDiffScripts(t *testing.T) {
	needRoot(t)
	dir, bin, tg := diffTarget(t)
	for _, src := range diffScripts {
		t.Run(src, func(t *testing.T) {
			prog, diags := parser.ParseString("prog.gs", "uprobe:./gsdiff:f { "+src+" }")
			if diags.HasErrors() {
				t.Fatalf("parse: %v", diags.Err())
			}
			script := rewrite.Apply(prog, rewrite.Config{IsBuiltin: sema.IsBuiltin})
			sp, diags := sema.Check(prog, sema.Config{Dir: dir, Script: script})
			if diags.HasErrors() {
				t.Fatalf("check: %v", diags.Err())
			}
			p, err := gen.Generate(sp)
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			if len(p.Probes) != 1 {
				t.Fatalf("%d probes", len(p.Probes))
			}
			objs := load(t, nil)
			installProgram(t, objs, p)
			defer attachF(t, objs, bin).Close()
			rd := newReader(t, objs)
			m := model.New()
			m.NoBias = true // installProgram writes no gs_bias entry
			for _, c := range diffCalls {
				tg.hit(t, m, c)
				if err := m.Run(p, 0); err != nil {
					t.Fatalf("model: %v\n%s", err, ir.Disasm(p))
				}
			}
			if len(m.Records)+len(m.Vals)+len(m.Aggs) == 0 {
				t.Fatal("the script left nothing to compare")
			}
			got := records(t, rd, len(m.Records))
			for i := range got {
				if g, w := decodeRecord(p, got[i]), decodeRecord(p, m.Records[i]); g != w {
					t.Errorf("call %v: kernel record\n\t%s\nmodel\n\t%s", diffCalls[i%len(diffCalls)], g, w)
				}
			}
			compareMaps(t, objs, p, m)
			wantCounters(t, objs, nil)
			if t.Failed() {
				t.Logf("program:\n%s", ir.Disasm(p))
			}
		})
	}
}

// decodeRecord renders a record's fields by its event's layout: integers
// to their size, strings as their text and flags, with their status slots.
func decodeRecord(p *ir.Program, rec []byte) string {
	id := binary.LittleEndian.Uint32(rec)
	if int(id) >= len(p.Events) {
		return fmt.Sprintf("event %d?", id)
	}
	ev := p.Events[id]
	out := []string{fmt.Sprintf("event %d probe %d", id, binary.LittleEndian.Uint32(rec[4:]))}
	for _, f := range ev.Fields {
		if f.Unavailable {
			continue
		}
		var v string
		switch f.Type.Kind {
		case ir.KindFunc, ir.KindProbe:
			continue
		case ir.KindString:
			hdr := binary.LittleEndian.Uint64(rec[f.Offset:])
			n := min(int(hdr&0xffff), f.Type.Cap)
			v = fmt.Sprintf("%q flags %d", rec[f.Offset+ir.StrHeader:f.Offset+ir.StrHeader+n], hdr>>16&0xffff)
		case ir.KindComm:
			v = strings.TrimRight(string(rec[f.Offset:f.Offset+ir.CommLen]), "\x00")
		default:
			var b [8]byte
			copy(b[:], rec[f.Offset:f.Offset+min(f.Type.Size, 8)])
			v = strconv.FormatUint(binary.LittleEndian.Uint64(b[:]), 16)
		}
		if f.Status >= 0 {
			v += fmt.Sprintf(" status %d %#x", binary.LittleEndian.Uint64(rec[f.Status:]), binary.LittleEndian.Uint64(rec[f.Status+8:]))
		}
		out = append(out, f.Name+"="+v)
	}
	return strings.Join(out, ", ")
}

// aggString renders an aggregation's values over the CPUs as the runtime
// combines them: counts, sums and buckets add up, min and max come from
// the CPUs whose set slot is 1.
func aggString(per [][ir.AggSlots]uint64) string {
	var sum [ir.AggSlots]uint64
	var mn, mx int64
	set := false
	for _, v := range per {
		for i := range v {
			if i != ir.AggMinSlot && i != ir.AggMaxSlot && i != ir.AggSetSlot {
				sum[i] += v[i]
			}
		}
		if v[ir.AggSetSlot] != 0 {
			if !set || int64(v[ir.AggMinSlot]) < mn {
				mn = int64(v[ir.AggMinSlot])
			}
			if !set || int64(v[ir.AggMaxSlot]) > mx {
				mx = int64(v[ir.AggMaxSlot])
			}
			set = true
		}
	}
	if sum[ir.AggCountSlot] == 0 && !set {
		return ""
	}
	return fmt.Sprintf("count %d sum %d set %v min %d max %d buckets %v", sum[ir.AggCountSlot], int64(sum[ir.AggSumSlot]),
		set, mn, mx, sum[ir.AggBucketBase:])
}

// compareMaps compares gs_vals, gs_aggs and the probes' cells with the
// model's maps.
func compareMaps(t *testing.T, objs *GsObjects, p *ir.Program, m *model.Machine) {
	t.Helper()
	got, want := map[string]string{}, map[string]string{}
	var key [ir.MapKeySize]byte
	var val uint64
	it := objs.GsVals.Iterate()
	for it.Next(&key, &val) {
		got[fmt.Sprintf("val %x", key)] = strconv.FormatUint(val, 10)
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	for k, v := range m.Vals {
		want[fmt.Sprintf("val %x", k)] = strconv.FormatUint(v, 10)
	}
	var per []GsAgg
	it = objs.GsAggs.Iterate()
	for it.Next(&key, &per) {
		vs := make([][ir.AggSlots]uint64, len(per))
		for i := range per {
			vs[i] = per[i].V
		}
		got[fmt.Sprintf("agg %x", key)] = aggString(vs)
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	var cells []GsCells
	if err := objs.GsCells.Lookup(uint32(0), &cells); err != nil {
		t.Fatal(err)
	}
	for _, r := range p.CellRanges {
		mp := p.Maps[r.Map]
		var k [ir.MapKeySize]byte
		k[0] = mp.ID
		for _, off := range mp.KeyOffsets {
			binary.LittleEndian.PutUint64(k[off:], uint64(r.Probe))
		}
		var vs [][ir.AggSlots]uint64
		for _, c := range cells {
			var v [ir.AggSlots]uint64
			copy(v[:ir.CellsOf(mp.Agg)], c.V[r.Cell:])
			vs = append(vs, v)
		}
		if s := aggString(vs); s != "" {
			got[fmt.Sprintf("agg %x", k)] = s
		}
	}
	for k, v := range m.Aggs {
		want[fmt.Sprintf("agg %x", k)] = aggString([][ir.AggSlots]uint64{*v})
	}
	keys := map[string]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	var sorted []string
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if got[k] != want[k] {
			t.Errorf("%s: kernel %q, model %q", strings.TrimRight(k, "0"), got[k], want[k])
		}
	}
}

// Heap layout of the random programs: the record header, the registers
// and the fault flag after the run, then a region the body works in. The
// prologue zeroes it all, so every byte emitted is defined.
const (
	rndRegs   = 8
	rndFault  = rndRegs + 8*ir.NumRegs
	rndRegion = 256
	rndEnd    = 1024
)

// The maps of the random programs: rndMaps maps whose lhist parameters
// are rndLhist, then the cell maps.
const rndMaps = 4

var rndLhist = [3]int64{-50, 200, 10}

// rndCellMaps are the probe's ranges of cells: the aggregation and the
// offset (OpCellAgg imm) of each, from its first cell rndCells.
var rndCellMaps = []struct {
	agg ir.Agg
	off int32
}{{ir.AggHist, 0}, {ir.AggStats, int32(ir.CellsOf(ir.AggHist))}}

const rndCells = 100

// rndKey returns the heap offset of a map key in the region.
func rndKey(rnd *rand.Rand) int32 {
	return int32(rndRegion + 8*rnd.Intn((rndEnd-rndRegion-ir.MapKeySize)/8+1))
}

// rndProgram wraps code with the maps and cells it uses.
func rndProgram(code []ir.Insn) *ir.Program {
	p := &ir.Program{Insns: code, Probes: []ir.Probe{{Len: uint32(len(code)), Cells: rndCells}}}
	for id := 0; id < rndMaps; id++ {
		p.Maps = append(p.Maps, ir.Map{ID: uint8(id), IsAgg: true, Min: rndLhist[0], Max: rndLhist[1], Step: rndLhist[2]})
	}
	for i, c := range rndCellMaps {
		id := uint8(rndMaps + i)
		p.Maps = append(p.Maps, ir.Map{ID: id, IsAgg: true, InCells: true, Agg: c.agg})
		p.CellRanges = append(p.CellRanges, ir.CellRange{Map: id, Cell: rndCells + uint32(c.off)})
	}
	return p
}

// clearMaps empties gs_vals, gs_aggs and gs_cells between programs.
func clearMaps(t *testing.T, objs *GsObjects) {
	t.Helper()
	for _, mp := range []*ebpf.Map{objs.GsVals, objs.GsAggs} {
		var keys [][ir.MapKeySize]byte
		var k [ir.MapKeySize]byte
		var prev any
		for mp.NextKey(prev, &k) == nil {
			keys = append(keys, k)
			prev = k
		}
		for _, k := range keys {
			if err := mp.Delete(k); err != nil {
				t.Fatal(err)
			}
		}
	}
	cpus, err := ebpf.PossibleCPU()
	if err != nil {
		t.Fatal(err)
	}
	if err := objs.GsCells.Put(uint32(0), make([]GsCells, cpus)); err != nil {
		t.Fatal(err)
	}
}

// randomProgram returns a well-formed program of about n body
// instructions: every register is set before the body, jumps go forward,
// heap accesses stay in the region, and user memory is read only from the
// string (its address is in arg2, its size with the NUL is text) or below
// 4096.
func randomProgram(rnd *rand.Rand, n, text int) []ir.Insn {
	code := []ir.Insn{record(0)}
	for off := int32(rndRegs); off < rndEnd; off += 8 {
		code = append(code, st(off, 0))
	}
	for r := uint8(1); r < ir.NumRegs; r++ {
		if rnd.Intn(2) == 0 {
			code = append(code, movi(r, rnd.Int31()-1<<30))
		} else {
			code = append(code, ldi64(r, rnd.Uint64())...)
		}
	}
	reg := func() uint8 { return uint8(1 + rnd.Intn(ir.NumRegs-1)) }
	src := func() uint8 { return uint8(rnd.Intn(ir.NumRegs)) }
	heap := func(size int) int32 { return int32(rndRegion + rnd.Intn(rndEnd-rndRegion-size+1)) }
	sizes := []uint8{1, 2, 4, 8}
	alu := []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpDivU, ir.OpDivS, ir.OpModU, ir.OpModS, ir.OpAnd, ir.OpOr,
		ir.OpXor, ir.OpShl, ir.OpShr, ir.OpSar, ir.OpEq, ir.OpNe, ir.OpLtS, ir.OpLeS, ir.OpLtU, ir.OpLeU}
	ctxs := []ir.Ctx{ir.CtxPid, ir.CtxTid, ir.CtxUid, ir.CtxGid, ir.CtxProbe}
	var body []ir.Insn
	var jumps, starts []int // jumps land on the start of a step
	for len(body) < n {
		starts = append(starts, len(body))
		switch k := rnd.Intn(28); {
		case k < 6:
			body = append(body, op3(alu[rnd.Intn(len(alu))], reg(), src(), src()))
		case k == 6:
			body = append(body, op3([]ir.Op{ir.OpMov, ir.OpNeg, ir.OpNot, ir.OpLNot}[rnd.Intn(4)], reg(), src(), 0))
		case k == 7:
			op := []ir.Op{ir.OpSext, ir.OpZext}[rnd.Intn(2)]
			body = append(body, ir.Insn{Op: op, A: reg(), B: src(), C: sizes[rnd.Intn(3)]})
		case k == 8:
			body = append(body, ir.Insn{Op: ir.OpAddImm, A: reg(), B: src(), Imm: rnd.Int31() - 1<<30})
		case k == 9:
			body = append(body, movi(reg(), int32(rnd.Intn(200)-100)))
		case k == 10:
			body = append(body, ldi64(reg(), rnd.Uint64())...)
		case k == 11:
			body = append(body, ldreg(reg(), arch.ArgRegs[rnd.Intn(3)]))
		case k == 12:
			body = append(body, ldctx(reg(), ctxs[rnd.Intn(len(ctxs))]), ir.Insn{Op: ir.OpLdBias, A: reg()})
		case k == 13:
			c := sizes[rnd.Intn(4)]
			body = append(body, ir.Insn{Op: ir.OpStHeap, A: src(), C: c, Imm: heap(int(c))})
		case k == 14:
			c := sizes[rnd.Intn(4)]
			body = append(body, ir.Insn{Op: ir.OpLdHeap, A: reg(), C: c, Imm: heap(int(c))})
		case k == 15: // a load from the string or from a low address (a fault)
			c, b := sizes[rnd.Intn(4)], reg()
			if rnd.Intn(3) == 0 || int(c) > text {
				body = append(body, ir.Insn{Op: ir.OpLoad, A: reg(), B: 0, C: c, Imm: int32(rnd.Intn(4000))})
			} else {
				body = append(body, ldreg(b, arch.ArgRegs[2]), ir.Insn{Op: ir.OpLoad, A: reg(), B: b, C: c, Imm: int32(rnd.Intn(text - int(c) + 1))})
			}
		case k == 16:
			body = append(body, ir.Insn{Op: ir.OpTakeFault, A: reg()})
		case k == 17:
			body = append(body, ir.Insn{Op: ir.OpStStatus, Imm: heap(16)})
		case k == 18: // str of the string or of a low address, with a small limit
			a, b := reg(), reg()
			for b == a {
				b = reg()
			}
			lim := rnd.Intn(70)
			src := ldreg(a, arch.ArgRegs[2])
			if rnd.Intn(4) == 0 {
				src = movi(a, int32(rnd.Intn(4000)))
			}
			body = append(body, src, movi(b, int32(lim)), ir.Insn{Op: ir.OpStStr, A: a, B: b, Imm: heap(ir.StrHeader + lim + 2)})
		case k == 19: // raw bytes of the string, as many as it has with its NUL
			a, b := reg(), reg()
			for b == a {
				b = reg()
			}
			src := ldreg(a, arch.ArgRegs[2])
			if rnd.Intn(4) == 0 {
				src = movi(a, int32(rnd.Intn(4000)))
			}
			size := rnd.Intn(min(text, 24) + 1)
			body = append(body, src, movi(b, int32(size)), ir.Insn{Op: ir.OpStMem, A: a, B: b, Imm: heap(16 + size)})
		case k == 20:
			body = append(body, ir.Insn{Op: ir.OpStComm, Imm: heap(ir.CommLen)})
		case k == 21:
			a, b, c := reg(), reg(), reg()
			for b == a {
				b = reg()
			}
			for c == a || c == b {
				c = reg()
			}
			lim := int32(rnd.Intn(40))
			body = append(body, movi(b, heap(ir.StrHeader+40)), movi(c, heap(ir.StrHeader+40)),
				ir.Insn{Op: ir.OpStrEq, A: a, B: b, C: c, Imm: lim})
		case k == 23: // a map of values; keys are 128 bytes of the region
			op := []ir.Op{ir.OpMapLookup, ir.OpMapUpdate, ir.OpMapDelete, ir.OpMapHas}[rnd.Intn(4)]
			in := ir.InVals
			if op != ir.OpMapUpdate && rnd.Intn(2) == 0 {
				in = ir.InAggs // a lookup reads the aggregation's value over the CPUs
			}
			body = append(body, ir.Insn{Op: op, A: reg(), B: uint8(rnd.Intn(rndMaps)), C: uint8(in), Imm: rndKey(rnd)})
		case k == 24:
			body = append(body, ir.Insn{Op: ir.OpMapAgg, A: src(), B: uint8(rnd.Intn(rndMaps)), C: uint8(rnd.Intn(int(ir.AggLhist) + 1)), Imm: rndKey(rnd)})
		case k == 25: // the probe's cells: a hist and a stats
			id := rndMaps + rnd.Intn(len(rndCellMaps))
			ins := ir.Insn{Op: ir.OpCellAgg, A: src(), B: uint8(id), C: uint8(rndCellMaps[id-rndMaps].agg), Imm: rndCellMaps[id-rndMaps].off}
			if rnd.Intn(2) == 0 {
				ins.Op, ins.A = ir.OpCellAggReg, uint8(arch.ArgRegs[rnd.Intn(3)])
			}
			body = append(body, ins)
		case k == 26:
			if rnd.Intn(10) == 0 {
				body = append(body, ir.Insn{Op: ir.OpExit})
			}
		case k == 22:
			body = append(body, ir.Insn{Op: ir.OpStReg, C: uint8(arch.ArgRegs[rnd.Intn(3)]), Imm: heap(8)},
				ir.Insn{Op: ir.OpStCtx, C: uint8(ctxs[rnd.Intn(len(ctxs))]), Imm: heap(8)})
		default:
			jumps = append(jumps, len(body))
			body = append(body, []ir.Insn{{Op: ir.OpJa}, {Op: ir.OpJz, A: src()}, {Op: ir.OpJnz, A: src()}}[rnd.Intn(3)])
		}
	}
	starts = append(starts, len(body))
	for _, j := range jumps {
		next := sort.SearchInts(starts, j+1) // the step after the jump
		to := starts[next+rnd.Intn(min(4, len(starts)-next))]
		body[j].Imm = int32(to - (j + 1))
	}
	code = append(code, body...)
	for r := uint8(0); r < ir.NumRegs; r++ {
		code = append(code, st(int32(rndRegs+8*int(r)), r))
	}
	return append(code, ir.Insn{Op: ir.OpTakeFault, A: 1}, st(rndFault, 1), emit(rndEnd))
}

// TestDiffRandom: random well-formed programs leave the same record on
// both machines (registers, fault flag and heap, byte for byte) and the
// same maps and cells.
func TestDiffRandom(t *testing.T) {
	needRoot(t)
	_, bin, tg := diffTarget(t)
	objs := load(t, nil)
	defer attachF(t, objs, bin).Close()
	rd := newReader(t, objs)
	rnd := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		c := diffCalls[i%len(diffCalls)]
		p := rndProgram(randomProgram(rnd, 40, len(c.s)+1))
		clearMaps(t, objs)
		installProgram(t, objs, p)
		m := model.New()
		m.NoBias = true // installProgram writes no gs_bias entry
		tg.hit(t, m, c)
		if err := m.Run(p, 0); err != nil {
			t.Fatalf("program %d: model: %v\n%s", i, err, ir.Disasm(p))
		}
		got := records(t, rd, len(m.Records)) // none after an OpExit
		if len(got) == 1 && string(got[0]) != string(m.Records[0]) {
			t.Errorf("program %d on %v: the records differ:\n%s", i, c, recordDiff(got[0], m.Records[0]))
		}
		compareMaps(t, objs, p, m)
		if t.Failed() {
			t.Logf("program %d:\n%s", i, ir.Disasm(p))
		}
		if t.Failed() {
			break
		}
	}
	wantCounters(t, objs, nil)
}

// recordDiff lists the 8-byte words where kernel and model records differ.
func recordDiff(got, want []byte) string {
	if len(got) != len(want) {
		return fmt.Sprintf("kernel %d bytes, model %d", len(got), len(want))
	}
	var b strings.Builder
	for off := 0; off+8 <= len(got); off += 8 {
		g, w := binary.LittleEndian.Uint64(got[off:]), binary.LittleEndian.Uint64(want[off:])
		if g != w {
			what := fmt.Sprintf("heap[%d]", off)
			if off >= rndRegs && off < rndFault {
				what = fmt.Sprintf("r%d", (off-rndRegs)/8)
			} else if off == rndFault {
				what = "fault"
			}
			fmt.Fprintf(&b, "\t%s: kernel %#x, model %#x\n", what, g, w)
		}
	}
	return b.String()
}

// attachF attaches the plain uprobe program to the diff target's f, as
// probe 0.
func attachF(t *testing.T, objs *GsObjects, bin string) link.Link {
	t.Helper()
	ex, err := link.OpenExecutable(bin)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ex.Uprobe("f", objs.GsUprobe, &link.UprobeOptions{Cookie: 0})
	if err != nil {
		t.Fatal(err)
	}
	return l
}
