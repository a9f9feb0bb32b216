package debuginfo

import (
	"context"
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

func gdbBatch(t *testing.T, bin string, cmds ...string) string {
	t.Helper()
	args := []string{"-nx", "-batch"}
	for _, c := range cmds {
		args = append(args, "-ex", c)
	}
	args = append(args, bin)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "gdb", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb %v: %v\n%s", cmds, err, out)
	}
	return string(out)
}

func hexAddrs(ss []string) []uint64 {
	var out []uint64
	for _, s := range ss {
		v, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
		if err == nil {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var (
	reScopeSym = regexp.MustCompile(`(?m)^Symbol (\w+) is`)
	reBreakAt  = regexp.MustCompile(`(?m)^Breakpoint (\d+) at (0x[0-9a-f]+)`)
	reBpLoc    = regexp.MustCompile(`(?m)^(\d+)(?:\.\d+)?\s+(?:breakpoint\s+keep\s+)?y\s+(0x[0-9a-f]+) in `)
	reStatic   = regexp.MustCompile(`Symbol "(\w+)" is static storage at address (0x[0-9a-f]+)`)
)

// gdbFacts is what gdb says about a build.
type gdbFacts struct {
	scope     []string            // info scope process
	bpProcess uint64              // break process
	bpLocs    map[string][]uint64 // breakpoint → its locations
	statics   map[string]uint64   // info address
}

func askGdb(t *testing.T, bin string) gdbFacts {
	m := markers()
	out := gdbBatch(t, bin,
		"info scope process",
		"break process",
		"break clamp",
		fmt.Sprintf("break target.c:%d", m["clamp_hi"]),
		fmt.Sprintf("break target.c:%d", m["loop"]),
		"info breakpoints",
		"info address g_counter", "info address s_total", "info address g_item")
	f := gdbFacts{bpLocs: map[string][]uint64{}, statics: map[string]uint64{}}
	for _, sm := range reScopeSym.FindAllStringSubmatch(out, -1) {
		f.scope = append(f.scope, sm[1])
	}
	if sm := reBreakAt.FindStringSubmatch(out); sm != nil {
		f.bpProcess = hexAddrs([]string{sm[2]})[0]
	}
	names := map[string]string{"1": "process", "2": "clamp", "3": "clamp_hi", "4": "loop"}
	byBp := map[string][]string{}
	for _, sm := range reBpLoc.FindAllStringSubmatch(out, -1) {
		byBp[sm[1]] = append(byBp[sm[1]], sm[2])
	}
	for bp, addrs := range byBp {
		f.bpLocs[names[bp]] = hexAddrs(addrs)
	}
	for _, sm := range reStatic.FindAllStringSubmatch(out, -1) {
		f.statics[sm[1]] = hexAddrs([]string{sm[2]})[0]
	}
	return f
}

var paramNames = []string{"it", "count", "tag", "scale", "big", "small", "c"}

// TestMatrix checks functions, inlined copies, variables, globals, lines
// and CFA on every build, against the target's source and against gdb.
func TestMatrix(t *testing.T) {
	needTool(t, "gdb")
	for _, c := range matrix() {
		t.Run(c.name(), func(t *testing.T) {
			t.Parallel()
			checkBuild(t, c, build(t, c))
		})
	}
}

// checkBuild is TestMatrix's checks of one build of the target.
func checkBuild(t *testing.T, c config, bin string) {
	checkBuildWith(t, c, bin, askGdb(t, bin))
}

// checkBuildWith is checkBuild with what gdb said of bin.
func checkBuildWith(t *testing.T, c config, bin string, g gdbFacts) {
	b, d := openBin(t, bin)
	optimized := c.opt != "-O0"

	// The out-of-line function and its two inlined helpers.
	procs, err := d.FuncInstances("process")
	if err != nil {
		t.Fatal(err)
	}
	if len(procs) != 1 || procs[0].Inlined {
		t.Fatalf("process: %+v, want one out-of-line copy", procs)
	}
	proc := procs[0]
	sym, _ := b.LookupFunc("process")
	if proc.Entry != sym.Addr || proc.Symbol != "process" {
		t.Errorf("process entry %#x (%s), symbol at %#x", proc.Entry, proc.Symbol, sym.Addr)
	}
	if !optimized && proc.PrologueEnd != g.bpProcess {
		t.Errorf("process prologue end %#x, gdb breaks at %#x", proc.PrologueEnd, g.bpProcess)
	}
	if proc.PrologueEnd <= proc.Entry && !optimized {
		t.Errorf("prologue end %#x not after entry %#x", proc.PrologueEnd, proc.Entry)
	}
	clamps, err := d.FuncInstances("clamp")
	if err != nil {
		t.Fatal(err)
	}
	var callLines, entries []uint64
	for _, ci := range clamps {
		if !ci.Inlined || ci.Caller != "process" || !strings.HasSuffix(ci.CallFile, "target.c") {
			t.Errorf("clamp copy %+v: want inlined into process", ci)
		}
		callLines = append(callLines, uint64(ci.CallLine))
		entries = append(entries, ci.Entry)
	}
	slices.Sort(callLines)
	if want := []uint64{uint64(marker(t, "inner")), uint64(marker(t, "clamp2"))}; !slices.Equal(callLines, want) {
		t.Errorf("clamp call lines %v, want %v", callLines, want)
	}
	if gl := g.bpLocs["clamp"]; !slices.Equal(hexAddrs(fmtAddrs(entries)), gl) {
		t.Logf("clamp entries %x, gdb's breakpoint locations %x", entries, gl)
	}

	// Parameters: at -O0 after the prologue (and refused before
	// it), at -O2 in registers from the entry.
	at := proc.Entry
	if !optimized {
		at = proc.PrologueEnd
		early, err := d.VarsAt(proc.Entry)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range early {
			if v.IsParam() && (v.Available || !strings.Contains(v.Loc.Reason, "prologue")) {
				t.Errorf("at entry %s: %v, want unavailable before the prologue", v.Name, v.Loc)
			}
		}
	}
	vars, err := d.VarsAt(at)
	if err != nil {
		t.Fatal(err)
	}
	var params []string
	for _, v := range vars {
		if !v.IsParam() {
			continue
		}
		params = append(params, v.Name)
		if !v.Available {
			t.Errorf("param %s at %#x: %v", v.Name, at, v.Loc)
		}
		if optimized && v.Loc.Pieces[0].Kind != PieceReg {
			t.Errorf("param %s at entry: %v, want a register", v.Name, v.Loc)
		}
	}
	if !slices.Equal(params, paramNames) {
		t.Errorf("params %v, want %v", params, paramNames)
	}
	if calls, ok := FindVar(vars, "calls"); !ok || calls.Kind != VarStatic || !calls.Available {
		t.Errorf("static local calls: %+v", calls)
	}

	// gdb's view of the same scope (at the pc gdb picks).
	gv, err := d.VarsAt(g.bpProcess)
	if err != nil {
		t.Fatal(err)
	}
	var ours []string
	for _, v := range gv {
		ours = append(ours, v.Name)
	}
	if !sameSet(ours, g.scope) {
		t.Errorf("VarsAt(%#x) = %v, gdb's info scope: %v", g.bpProcess, ours, g.scope)
	}

	// Globals and statics, against the ELF symbols and gdb.
	for _, name := range []string{"g_counter", "s_total", "g_item"} {
		v, err := d.Global(name)
		if err != nil {
			t.Fatal(err)
		}
		p := v.Loc.Pieces
		if len(p) != 1 || p[0].Kind != PieceMemory || len(p[0].Ops) != 1 || p[0].Ops[0].Kind != LocAddr {
			t.Fatalf("%s: %v, want one address", name, v.Loc)
		}
		if p[0].Ops[0].Bias != c.pie || v.Loc.NeedsBias() != c.pie {
			t.Errorf("%s: %v, bias should be %v", name, v.Loc, c.pie)
		}
		if addr := p[0].Ops[0].Value; addr != g.statics[name] || addr != elfSym(t, b, name) {
			t.Errorf("%s at %#x, gdb %#x, ELF %#x", name, addr, g.statics[name], elfSym(t, b, name))
		}
	}
	if _, err := d.Global("no_such_global"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing global: %v", err)
	}

	// Lines: the clamp_hi line lives in both inlined copies.
	for _, m := range []string{"clamp_hi", "loop"} {
		addrs, err := d.LineAddrs("target.c", marker(t, m))
		if err != nil {
			t.Fatalf("line %s: %v", m, err)
		}
		if gl := g.bpLocs[m]; !slices.Equal(addrs, gl) {
			t.Errorf("line %s: %x, gdb's breakpoint locations %x", m, addrs, gl)
		}
	}
	if addrs, _ := d.LineAddrs("testdata/target.c", marker(t, "clamp_hi")); len(addrs) != 2 {
		t.Errorf("clamp_hi by path suffix: %x, want 2 copies", addrs)
	}
	_, err = d.LineAddrs("target.c", marker(t, "nocode"))
	if err == nil || !regexp.MustCompile(`line \d+ of target.c has no code; nearest lines with code: \d+ and \d+`).MatchString(err.Error()) {
		t.Errorf("line without code: %v", err)
	}
	if _, err := d.LineAddrs("nosuch.c", 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown file: %v", err)
	}

	// CFA: rsp+8 at any entry; rbp+16 once -O0 has set up rbp.
	cfa, err := d.CFA(proc.Entry)
	if err != nil || cfa != (CFARule{Reg: 7, Offset: 8}) {
		t.Errorf("CFA at entry: %v %v, want rsp+8", cfa, err)
	}
	if !optimized {
		cfa, err := d.CFA(proc.PrologueEnd)
		if err != nil || cfa != (CFARule{Reg: 6, Offset: 16}) {
			t.Errorf("CFA after prologue: %v %v, want rbp+16", cfa, err)
		}
	}
}

func fmtAddrs(a []uint64) []string {
	var s []string
	for _, v := range a {
		s = append(s, fmt.Sprintf("%#x", v))
	}
	return s
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Strings(a)
	sort.Strings(b)
	return slices.Equal(a, b)
}

func elfSym(t *testing.T, b *Binary, name string) uint64 {
	syms, err := b.File.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range syms {
		if s.Name == name && elf.ST_TYPE(s.Info) == elf.STT_OBJECT {
			return s.Value
		}
	}
	return 0
}

var rePtype = regexp.MustCompile(`(?m)^/\*\s+(\d+)(?::\s*(\d+))?\s+\|\s+(\d+) \*/\s+(.*?)\s*(?::\s*(\d+))?;$`)

// TestTypes checks type lookup, C spelling and member layout (bit fields
// included) against gdb's ptype /o.
func TestTypes(t *testing.T) {
	needTool(t, "gdb")
	for _, c := range []config{
		{cc: gcc, opt: "-O0", dwarf: 4}, {cc: gcc, opt: "-O2", dwarf: 5},
		{cc: clang, opt: "-O0", dwarf: 4}, {cc: clang, opt: "-O2", dwarf: 5},
	} {
		t.Run(c.name(), func(t *testing.T) {
			bin := build(t, c)
			_, d := openBin(t, bin)
			item, err := d.Types("struct item")
			if err != nil {
				t.Fatal(err)
			}
			td, err := d.Types("item_t")
			if err != nil || Resolve(td) != Resolve(item) || TypeName(td) != "item_t" {
				t.Errorf("item_t: %v %v", td, err)
			}
			for name, want := range map[string]string{
				"enum color": "enum color", "union value": "union value", "int": "int",
				"unsigned long": "unsigned long", "long unsigned int": "unsigned long", "char": "char",
				"unsigned   short": "unsigned short",
			} {
				ty, err := d.Types(name)
				if err != nil {
					t.Errorf("Types(%q): %v", name, err)
					continue
				}
				if canonicalBase(TypeName(ty)) != canonicalBase(want) {
					t.Errorf("Types(%q) = %s", name, TypeName(ty))
				}
			}
			if _, err := d.Types("struct nosuch"); !errors.Is(err, ErrNotFound) {
				t.Errorf("missing type: %v", err)
			}
			names := d.TypeNames()
			for _, n := range []string{"struct item", "item_t", "enum color", "union value", "struct point"} {
				if !slices.Contains(names, n) {
					t.Errorf("TypeNames lacks %q", n)
				}
			}
			want := map[string]string{
				"id": "int", "name": "char [16]", "label": "const char *", "price": "double",
				"pos": "struct point", "val": "union value", "scores": "int [4]", "color": "enum color",
				"flag": "unsigned int", "cmp": "int (*)(int, int)", "next": "struct item *",
				"a": "int", "b": "short",
			}
			members := Members(item)
			wantMembers := []string{"id", "name", "label", "price", "pos", "val", "scores", "color",
				"flag", "kind", "delta", "cmp", "next", "a", "b"}
			if !slices.Equal(members, wantMembers) {
				t.Errorf("Members = %v", members)
			}
			for name, w := range want {
				m, ok := FindMember(td, name)
				if !ok {
					t.Errorf("no member %s", name)
					continue
				}
				if got := TypeName(m.Type); canonicalBase(got) != canonicalBase(w) {
					t.Errorf("member %s: %s, want %s", name, got, w)
				}
			}
			if _, ok := FindMember(item, "nme"); ok {
				t.Error("found member nme")
			}
			if ev := EnumValues(mustMember(t, item, "color").Type); len(ev) != 3 || ev[1].Name != "GREEN" || ev[1].Val != 5 {
				t.Errorf("enum color: %+v", ev)
			}

			// Offsets and bit positions, from gdb.
			out := gdbBatch(t, bin, "ptype /o struct item")
			n := 0
			depth := 0
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, "{") && !strings.Contains(line, "type = struct item") {
					depth++
				}
				if strings.Contains(line, "}") {
					depth--
					continue
				}
				sm := rePtype.FindStringSubmatch(line)
				if sm == nil || (depth > 0 && !strings.HasPrefix(strings.TrimSpace(sm[4]), "short") && !strings.HasPrefix(strings.TrimSpace(sm[4]), "int a")) {
					continue
				}
				fields := strings.Fields(strings.TrimRight(sm[4], "]"))
				name := strings.TrimLeft(fields[len(fields)-1], "*")
				if i := strings.IndexAny(name, "[)"); i >= 0 {
					name = name[:i]
				}
				if strings.Contains(sm[4], "(*cmp)") {
					name = "cmp"
				}
				m, ok := FindMember(item, name)
				if !ok {
					continue
				}
				off, _ := strconv.Atoi(sm[1])
				bit, _ := strconv.Atoi(sm[2])
				bits, _ := strconv.Atoi(sm[5])
				gotBit := m.Offset*8 + m.BitOffset
				if gotBit != int64(off*8+bit) || m.BitSize != int64(bits) {
					t.Errorf("member %s at bit %d size %d, gdb: byte %d bit %d size %d", name, gotBit, m.BitSize, off, bit, bits)
				}
				n++
			}
			if n < 12 {
				t.Errorf("compared %d members with gdb:\n%s", n, out)
			}
		})
	}
}

func mustMember(t *testing.T, ty dwarf.Type, name string) Member {
	t.Helper()
	m, ok := FindMember(ty, name)
	if !ok {
		t.Fatalf("no member %s", name)
	}
	return m
}
