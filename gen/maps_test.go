package gen

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/ir"
)

// hit is one probe run: which probe, its arguments and context.
type hit struct {
	probe int
	args  []int64
	tid   uint64
	nsecs uint64
	stack []uint64
}

// runHits compiles src and runs the hits one after the other on one
// machine, so maps and the heap carry over from hit to hit as they do on
// one CPU.
func runHits(t *testing.T, src string, mem map[uint64]string, hits ...hit) (*ir.Program, *model.Machine) {
	t.Helper()
	p := compile(t, src)
	m := model.New()
	m.Mem, m.Comm = mem, "target"
	for _, h := range hits {
		m.Regs = [ir.NumRegs]uint64{}
		m.Steps = 0
		for i, a := range h.args {
			m.PtRegs[arch.ArgRegs[i]] = uint64(a)
		}
		m.Ctx[ir.CtxTid], m.Ctx[ir.CtxNsecs], m.Stack = h.tid, h.nsecs, h.stack
		if err := m.Run(p, h.probe); err != nil {
			t.Fatalf("run: %v\n%s", err, ir.Disasm(p))
		}
	}
	return p, m
}

// dumpMaps renders every entry of the machine's maps as the runtime
// would find them: "@name[key, ...] value", sorted. Each key is checked
// against the map's layout: its id byte, and zeros after the key.
func dumpMaps(t *testing.T, p *ir.Program, m *model.Machine) string {
	t.Helper()
	var out []string
	keyOf := func(k string) (ir.Map, string) {
		b := []byte(k)
		mp := p.Maps[b[0]]
		if binary.LittleEndian.Uint64(b)>>8 != 0 || bytes.Count(b[8+mp.KeySize:], []byte{0}) != ir.MapKeySize-8-mp.KeySize {
			t.Errorf("key of @%s has stray bytes: % x", mp.Name, b)
		}
		var ks []string
		for i, kt := range mp.Keys {
			ks = append(ks, keyValue(p, kt, b[mp.KeyOffsets[i]:]))
		}
		name := "@" + mp.Name
		if len(ks) > 0 {
			name += "[" + strings.Join(ks, ", ") + "]"
		}
		return mp, name
	}
	for k, v := range m.Vals {
		mp, name := keyOf(k)
		if mp.IsAgg {
			t.Errorf("%s is an aggregation but has a plain value", name)
		}
		out = append(out, fmt.Sprintf("%s %d", name, int64(v)))
	}
	for k, g := range m.Aggs {
		mp, name := keyOf(k)
		var s string
		switch mp.Agg {
		case ir.AggCount:
			s = fmt.Sprint(g[ir.AggCountSlot])
		case ir.AggSum:
			s = fmt.Sprint(int64(g[ir.AggSumSlot]))
		case ir.AggMin:
			s = fmt.Sprint(int64(g[ir.AggMinSlot]))
		case ir.AggMax:
			s = fmt.Sprint(int64(g[ir.AggMaxSlot]))
		case ir.AggAvg:
			s = fmt.Sprintf("%d/%d", int64(g[ir.AggSumSlot]), g[ir.AggCountSlot])
		case ir.AggStats:
			s = fmt.Sprintf("n=%d sum=%d min=%d max=%d", g[ir.AggCountSlot], int64(g[ir.AggSumSlot]), int64(g[ir.AggMinSlot]), int64(g[ir.AggMaxSlot]))
		default:
			var bs []string
			for b := 0; b < ir.MaxBuckets; b++ {
				if n := g[ir.AggBucketBase+b]; n != 0 {
					bs = append(bs, fmt.Sprintf("%d:%d", b, n))
				}
			}
			s = strings.Join(bs, " ")
		}
		out = append(out, name+" "+s)
	}
	for k, v := range m.Strs {
		mp, name := keyOf(k)
		if !mp.HoldsStrings() {
			t.Errorf("%s holds %v but has a string value", name, mp.Value)
		}
		n := int(binary.LittleEndian.Uint16(v))
		out = append(out, fmt.Sprintf("%s %q", name, strings.TrimRight(string(v[ir.StrHeader:ir.StrHeader+n]), "\x00")))
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

// keyValue decodes one key value of type kt at the start of b.
func keyValue(p *ir.Program, kt *ir.Type, b []byte) string {
	u := binary.LittleEndian.Uint64(b)
	switch kt.Kind {
	case ir.KindInt:
		return fmt.Sprint(int64(u))
	case ir.KindString:
		n := int(uint16(u))
		flags := u >> 16 & 0xff
		if addr := binary.LittleEndian.Uint64(b[8:]); addr != 0 {
			return fmt.Sprintf("<address %#x in a key>", addr)
		}
		s := fmt.Sprintf("%q", b[ir.StrHeader:ir.StrHeader+min(n, kt.Cap)])
		if flags&ir.StrTruncated != 0 {
			s += "..."
		}
		return s
	case ir.KindComm:
		return fmt.Sprintf("%q", bytes.TrimRight(b[:ir.CommLen], "\x00"))
	case ir.KindFunc:
		return p.Probes[u].Func
	case ir.KindProbe:
		return p.Probes[u].Name
	case ir.KindStack:
		return fmt.Sprintf("stack#%d", u)
	}
	return fmt.Sprint(u)
}

func TestMaps(t *testing.T) {
	mem := map[uint64]string{
		0x1000: "hi",
		0x2000: "a string longer than the key's sixteen bytes",
		0x3000: "target",
		0x4000: "hello",
	}
	two := "uprobe:./target:add, uprobe:./target:sub_one "
	tests := []struct {
		src  string
		hits []hit
		want string
	}{
		{two + "{ @[func] = count() }", []hit{{probe: 0}, {probe: 1}, {probe: 0}}, "@[add] 2\n@[sub_one] 1"},
		{two + "{ @[probe, arg0] = sum(arg1) }", []hit{{probe: 0, args: []int64{1, 5}}, {probe: 1, args: []int64{1, 7}}, {probe: 0, args: []int64{1, -2}}},
			"@[uprobe:./target:add, 1] 3\n@[uprobe:./target:sub_one, 1] 7"},
		{two + "{ @h = hist(arg0) }", []hit{{args: []int64{-3}}, {args: []int64{0}}, {args: []int64{1}}, {args: []int64{5}}, {args: []int64{7}}, {args: []int64{1 << 40}}},
			"@h 0:1 1:1 2:1 4:2 42:1"},
		{two + "{ @l = lhist(arg0, 0, 100, 10) }", []hit{{args: []int64{-1}}, {args: []int64{0}}, {args: []int64{15}}, {args: []int64{99}}, {args: []int64{100}}, {args: []int64{1000}}},
			"@l 0:1 1:1 2:1 10:1 11:2"},
		{two + "{ @s = stats(arg0); @a = avg(arg0); @lo = min(arg0); @hi = max(arg0) }", []hit{{args: []int64{4}}, {args: []int64{-2}}, {args: []int64{10}}},
			"@a 12/3\n@hi 10\n@lo -2\n@s n=3 sum=12 min=-2 max=10"},
		{two + "{ @x[arg0] += arg1; @y[arg0] = @x[arg0] * 10; @z[arg0 % 2, arg1] = arg0 }", []hit{{args: []int64{1, 2}}, {args: []int64{1, 3}}, {args: []int64{2, 4}}},
			"@x[1] 5\n@x[2] 4\n@y[1] 50\n@y[2] 40\n@z[0, 4] 2\n@z[1, 2] 1\n@z[1, 3] 1"},
		// latency: the entry saves the time, the return reads and deletes it
		{"uprobe:./target:add { @start[tid] = nsecs } uretprobe:./target:add /@start[tid]/ { @lat = hist(nsecs - @start[tid]); delete(@start[tid]) }",
			[]hit{{probe: 0, tid: 7, nsecs: 1000}, {probe: 0, tid: 8, nsecs: 1500}, {probe: 1, tid: 7, nsecs: 1010}, {probe: 1, tid: 9, nsecs: 5000}},
			"@lat 5:1\n@start[8] 1500"},
		// Equal strings make equal keys, whatever was in the key buffer
		// before and however the string was made.
		{two + "{ @[str(arg0)] = count() }", []hit{{args: []int64{0x2000}}, {args: []int64{0x1000}}, {args: []int64{0x1000}}},
			"@[\"a string longer than the key's sixteen bytes\"] 1\n@[\"hi\"] 2"},
		{"uprobe:./target:add { $s = str(arg0); @[$s] = count() } uprobe:./target:sub_one { @[str(arg0)] = count(); @[\"hi\"] = count() }",
			[]hit{{probe: 0, args: []int64{0x2000}}, {probe: 0, args: []int64{0x1000}}, {probe: 1, args: []int64{0x1000}}, {probe: 0, args: []int64{0x4000}}},
			"@[\"a string longer than the key's sixteen bytes\"] 1\n@[\"hello\"] 1\n@[\"hi\"] 3"},
		// keys cut to fit 120 bytes: a $var is cut as str() is
		{"uprobe:./target:add { $s = str(arg0); @[$s, str(arg0, 100)] = count() }", []hit{{args: []int64{0x2000}}, {args: []int64{0x1000}}},
			"@[\"a string longer than the key's sixteen b\"..., \"a string longer than the key's sixteen b\"...] 1\n@[\"hi\", \"hi\"] 1"},
		{two + "{ @[str(arg0, 100), str(arg1, 100)] = count(); @[\"a literal longer than forty bytes, cut to fit\", \"b\"] = count() }",
			[]hit{{args: []int64{0x2000, 0x1000}}},
			"@[\"a literal longer than forty bytes, cut t\"..., \"b\"] 1\n@[\"a string longer than the key's sixteen b\"..., \"hi\"] 1"},
		{two + "{ @[comm] = count(); @[\"target\"] = count(); @[\"other\"] = count() }", []hit{{args: []int64{0}}},
			"@[\"other\"] 1\n@[\"target\"] 2"},
		{two + "{ @[arg0 ? str(arg1) : \"none\"] = count() }", []hit{{args: []int64{0, 0x1000}}, {args: []int64{1, 0x1000}}},
			"@[\"hi\"] 1\n@[\"none\"] 1"},
		{two + "{ @[ustack] = count(); @n[ustack(3), pid] = count() }", []hit{{stack: []uint64{1, 2}}, {stack: []uint64{1, 3}}, {stack: []uint64{1, 2}}},
			"@[stack#1] 2\n@[stack#2] 1\n@n[stack#1, 0] 2\n@n[stack#2, 0] 1"},
		{two + "{ @ = 1; @ = @ + 1 }", []hit{{}}, "@ 2"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, m := runHits(t, tt.src, mem, tt.hits...)
			if got := dumpMaps(t, p, m); got != tt.want {
				t.Errorf("maps:\n%s\nwant:\n%s\n%s", got, tt.want, ir.Disasm(p))
			}
		})
	}
}

func TestMapEvents(t *testing.T) {
	p, m := runHits(t, `uprobe:./target:add { @x[arg0] = 1; print(@x); print(@x, 5, 2); clear(@x); zero(@x); printf("%s\n", ustack(2)) }`, nil,
		hit{args: []int64{3}, stack: []uint64{0x10, 0x20, 0x30}})
	var got []string
	for _, rec := range m.Records {
		ev := p.Events[binary.LittleEndian.Uint32(rec)]
		s := fmt.Sprintf("%s/%d", ev.Kind, len(rec))
		if ev.Kind != ir.EventPrintf {
			s += fmt.Sprintf("/map%d/%d/%d", ev.Map, ev.Top, ev.Div)
		} else {
			f := ev.Fields[0]
			n := binary.LittleEndian.Uint64(rec[f.Offset:])
			s += fmt.Sprintf("/%d frames", n)
			for i := 0; i < int(n); i++ {
				s += fmt.Sprintf(" %#x", binary.LittleEndian.Uint64(rec[f.Offset+8+i*ir.StackFrameSize+ir.StackFrameAddr:]))
			}
		}
		got = append(got, s)
	}
	want := "printmap/8/map0/0/0 printmap/8/map0/5/2 clearmap/8/map0/0/0 zeromap/8/map0/0/0 printf/80/2 frames 0x10 0x20"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("records %s\nwant    %s", s, want)
	}
}

// TestMapSize pins the instructions a hit executes for common map
// one-liners.
func TestMapSize(t *testing.T) {
	tests := []struct {
		src  string
		want int
	}{
		{`uprobe:./target:add { @[func] = count() }`, 1},
		{`uprobe:./target:add { @h = hist(arg0) }`, 1},
		{`uprobe:./target:add { @h = hist(arg0 + 1) }`, 3},
		{`uprobe:./target:add { @[tid] = sum(arg1) }`, 3},
		{`uprobe:./target:add { @start[tid] = nsecs }`, 3},
		{`uprobe:./target:add { @[comm] = count() }`, 2},
		{`uprobe:./target:add { @[ustack] = count() }`, 3},
		{`uprobe:./target:add { print(@x); clear(@x); @x = 1 }`, 6},
		{`uprobe:./target:add { @c = count(); print(@c); clear(@c) }`, 5},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, m := runHits(t, tt.src, nil, hit{})
			if m.Steps != tt.want {
				t.Errorf("%d steps, want %d\n%s", m.Steps, tt.want, ir.Disasm(p))
			}
		})
	}
}

// TestCellsFallback: cells hold ir.MaxCells per CPU; a program whose
// ranges would not fit keeps every aggregation in gs_aggs.
func TestCellsFallback(t *testing.T) {
	perHist := ir.CellsOf(ir.AggHist)
	fit := ir.MaxCells / perHist
	for _, n := range []int{fit, fit + 1} {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "@h%d = hist(arg0); ", i)
		}
		p := compile(t, "uprobe:./target:add { "+b.String()+"}")
		wantCells := n == fit
		cells, hashed := 0, 0
		for _, ins := range p.Insns {
			switch ins.Op {
			case ir.OpCellAgg, ir.OpCellAggReg:
				cells++
			case ir.OpMapAgg:
				hashed++
			}
		}
		for _, m := range p.Maps {
			if m.InCells != wantCells {
				t.Fatalf("%d hists: @%s InCells = %v, want %v", n, m.Name, m.InCells, wantCells)
			}
		}
		if wantCells && (cells != n || hashed != 0 || len(p.CellRanges) != n) {
			t.Errorf("%d hists: %d cellagg, %d mapagg, %d ranges; want all %d in cells", n, cells, hashed, len(p.CellRanges), n)
		}
		if !wantCells && (cells != 0 || hashed != n || len(p.CellRanges) != 0) {
			t.Errorf("%d hists: %d cellagg, %d mapagg, %d ranges; want all %d in gs_aggs", n, cells, hashed, len(p.CellRanges), n)
		}
	}
}

// TestMapStrings: maps of strings store str(), literal and comm values,
// read back into records and $vars (of another capacity too), and delete.
func TestMapStrings(t *testing.T) {
	mem := map[uint64]string{0x1000: "alice", 0x2000: "bob"}
	p, m := runHits(t, `uprobe:./target:add {
		@s[arg0] = str(arg1); @c = comm; @l["k"] = "literal";
		printf("%s|%s|%s|%s\n", @s[arg0], @s[99], @c, @l["k"]);
		$v = str(arg1, 200); $v = @s[arg0]; printf("[%s]\n", $v);
		if (arg0 == 2) { delete(@s[1]) }
	}`, mem, hit{args: []int64{1, 0x1000}}, hit{args: []int64{2, 0x2000}})
	var got []string
	for _, rec := range m.Records {
		ev := p.Events[int(rec[0])]
		var fs []string
		for i := range ev.Fields {
			// A comm value is NUL-padded: the runtime prints up to the NUL.
			fs = append(fs, strings.TrimRight(fmt.Sprint(field(ev, rec, i)), "\x00"))
		}
		got = append(got, strings.Join(fs, "|"))
	}
	want := "alice||target|literal alice bob||target|literal bob"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("records %s\nwant    %s\n%s", s, want, ir.Disasm(p))
	}
	wantMaps := `@c "target"` + "\n" + `@l["k"] "literal"` + "\n" + `@s[2] "bob"`
	if s := dumpMaps(t, p, m); s != wantMaps {
		t.Errorf("maps\n%s\nwant\n%s", s, wantMaps)
	}
	if p.StrValueSize != ir.StrHeader+64 {
		t.Errorf("StrValueSize = %d, want %d", p.StrValueSize, ir.StrHeader+64)
	}
}
