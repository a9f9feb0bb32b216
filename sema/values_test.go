package sema

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// valuesC is the target of the program-value tests: built at -O0 (./v0),
// -O2 (./v2) and without DWARF (./vnd).
const valuesC = `
#include <stdio.h>
struct point { int x, y; };
struct item { int id; char name[8]; const char *label; struct point pos; double price; int (*cmp)(int, int); struct item *next; };
typedef struct item item_t;
int g_counter = 7;
static int cmp(int a, int b) { return a - b; }
__attribute__((noinline)) int work(item_t *it, int pid, double d)
{
	int local = it->id * 2;
	return local + pid + (int)d;
}
int main(void)
{
	item_t it = {.id = 1, .name = "x", .cmp = cmp};
	printf("%d\n", work(&it, 3, 1.5));
	return 0;
}
`

var (
	valuesOnce sync.Once
	valuesDir  string
	valuesErr  error
)

func valuesTarget(t *testing.T) string {
	t.Helper()
	valuesOnce.Do(func() {
		valuesDir = filepath.Join(targetDir, "values")
		if valuesErr = os.MkdirAll(valuesDir, 0o755); valuesErr != nil {
			return
		}
		if valuesErr = os.WriteFile(filepath.Join(valuesDir, "v.c"), []byte(valuesC), 0o644); valuesErr != nil {
			return
		}
		for out, flags := range map[string][]string{
			"v0":  {"-g", "-O0"},
			"v2":  {"-g", "-O2"},
			"vnd": {"-O0", "-Wl,--build-id=none"},
		} {
			if valuesErr = testtarget.Compile(valuesDir, testtarget.GCC, append(flags, "-o", out, "v.c")...); valuesErr != nil {
				return
			}
		}
	})
	if valuesErr != nil {
		t.Fatal(valuesErr)
	}
	return valuesDir
}

func TestValueDiagnostics(t *testing.T) {
	dir := valuesTarget(t)
	tests := []struct {
		src  string
		want []string
	}{
		{"uprobe:./v0:work { print(local, it->id, *it, g_counter, args.pid) }", nil},
		{"uprobe:./v0:work { print(args) }", []string{`1:26: error: not supported by gs yet: a double in a record [a record holds integers, strings, comm, func, probe, ustack, ntop(), usym(), strftime(), strerror(), structs, arrays and other tuples]`}},
		{"uretprobe:./v0:work { print(args) }", []string{`1:29: error: args is the function's parameters, which are gone when a uretprobe fires [read args in a uprobe on the function]`}},
		{"BEGIN { @[args] = 1 }", []string{`1:11: error: args needs a uprobe [args is the probed function's parameters, named by its DWARF]`}},
		{"uprobe:./v0:work { print(pid) }", []string{
			`1:26: warning: "pid" is the builtin, not the program's parameter "pid" [write args.pid for the parameter]`,
		}},
		{"uprobe:./v0:work { print(args.pdi) }", []string{`1:26: error: work has no parameter "pdi" [did you mean "args.pid"?]`}},
		{"uprobe:./v0:work { print(it->nam) }", []string{`1:30: error: struct item has no field "nam" [did you mean "name"?]`}},
		{"uprobe:./v0:work { print(it.id, it.pos.y) }", nil}, // . through a pointer, as bpftrace
		{"uprobe:./v0:work { print(*it->label, it->name[1], *(int *)arg0, ((item_t *)arg0)->pos.y) }", nil},
		{"uprobe:./v0:work { print(sizeof(item_t), sizeof(struct point), offsetof(struct item, pos.y)) }", nil},
		{"uprobe:./v0:work { print(offsetof(struct item, pos.z)) }", []string{`1:26: error: struct point has no field "z" [did you mean "x"?]`}},
		{"uprobe:./v0:work { print((struct iten *)arg0) }", []string{`1:27: error: unknown type "struct iten" [did you mean "struct item"?]`}},
		{"uprobe:./v0:work { printf(\"%s %s %f %s %d\\n\", it->label, it->name, d, *it, it->cmp) }", nil},
		{"uprobe:./v0:work { printf(\"%d\\n\", *it) }", []string{`1:35: error: %d needs an integer, got struct item [print it with %s]`}},
		{"uprobe:./v0:work { $x = it->pos; @m[$x] = $x; @n[1] = (1, $x); print($x.x + @m[$x].y + @n[1].1.x) }", nil},
		{"uprobe:./v0:work { $x = it->pos; $x = *it }", []string{`1:39: error: cannot assign struct item to $x of type struct point [$x was first assigned at 1:20; use another variable]`}},
		{"uprobe:./v0:work { $x = it->pos; print($x == *it) }", []string{`1:40: error: cannot compare struct point with struct item [only values of one type compare]`}},
		{"uprobe:./v0:work { print(it->pos + 1) }", []string{`1:26: error: operator + needs integers, got struct point`}},
		{"uprobe:./v0:work /it->label == \"x\" && strncmp(it->name, \"ab\", 2) == 0/ { print(it - it, it + 1, &it->pos) }", nil},
		{"uprobe:./v2:work { print(&args.pid) }", []string{
			`1:27: error: cannot take the address of args.pid: it is not in memory at uprobe:./v2:work [pid lives in register rsi]`,
		}},
		{"uprobe:./v2:work { print(d) }", []string{
			`1:26: error: "d" is in register xmm0 at uprobe:./v2:work, which a uprobe does not save [uprobes save only the general-purpose registers; read it where the program keeps it in memory (another line, or a build with -O0)]`,
		}},
		{"uretprobe:./v0:work { print(local, g_counter) }", []string{
			`1:29: error: "local" is a local variable of work, which is gone when a uretprobe fires [read it in a uprobe on work, or a line before the return]`,
		}},
		{"uprobe:./vnd:work { print(arg0, local) }", []string{
			`1:33: error: cannot look up "local": ./vnd has no DWARF debug info [install its debug symbols (the -dbgsym or -debuginfo package), name a debuginfod server that has them in DEBUGINFOD_URLS, or pass --debug-file PATH; arg0..arg5 and probes on symbols work without it]`,
		}},
		{"uprobe:./vnd:work { print(arg0) }", nil},
		{"uprobe:./v0:v.c:10 { print(local) }", nil},
		{"uprobe:./v0:v.c:3 { print(1) }", []string{`1:1: error: line 3 of v.c has no code; nearest lines with code: 7`}},
		{"uprobe:./v0:work+1 { print(1) }", nil},
		{"uprobe:./v0:work+2 { print(1) }", []string{`1:1: error: offset 2 is not on an instruction boundary of "work" [the nearest instructions start at work+1 and work+4]`}},
		{"uprobe:./v0:work, uprobe:./v0:main { print(local) }", []string{
			`1:44: error: "local" is not visible at uprobe:./v0:main [it is visible at uprobe:./v0:work; put the probes where it is not in a group of their own]`,
		}},
		{"uprobe:./v0:work, uprobe:./v0:main { print(g_counter) }", nil},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, diags := check(t, tt.src, Config{Dir: dir})
			got := brief(diags)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestPlacement checks the placement rule: the entry when every value is
// readable there, the end of the prologue when -O0 parameters need it.
func TestPlacement(t *testing.T) {
	dir := valuesTarget(t)
	tests := []struct {
		src    string
		moved  bool // to the end of the prologue
		values bool
	}{
		{"uprobe:./v0:work { print(arg0) }", false, false},
		{"uprobe:./v0:work { print(g_counter) }", false, true},
		{"uprobe:./v0:work { print(pid) }", false, false}, // the builtin
		{"uprobe:./v0:work { print(args.pid) }", true, true},
		{"uprobe:./v0:work { print(it->id) }", true, true},
		{"uprobe:./v2:work { print(it->id, args.pid) }", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, diags := check(t, tt.src, Config{Dir: dir})
			if diags.HasErrors() {
				t.Fatal(brief(diags))
			}
			if (p.Values != nil) != tt.values {
				t.Errorf("Values = %v", p.Values)
			}
			bin := filepath.Join(dir, strings.Split(tt.src, ":")[1])
			sym := symbolAddr(t, bin, "work")
			if moved := p.Probes[0].Address != sym; moved != tt.moved {
				t.Errorf("probe at %#x, function at %#x: moved = %v, want %v", p.Probes[0].Address, sym, moved, tt.moved)
			}
		})
	}
}

func symbolAddr(t *testing.T, path, name string) uint64 {
	t.Helper()
	c := &checker{p: &Program{}}
	be := c.openBinary(path)
	if be.bin == nil {
		t.Fatal(be.err)
	}
	defer be.bin.Close()
	fn, ok := be.bin.LookupFunc(name)
	if !ok {
		t.Fatalf("no %s in %s", name, path)
	}
	return fn.Addr
}

// TestValueLayout checks the record layout of program values: status
// slots before values read from memory, raw bytes for structs, strings
// for char *.
func TestValueLayout(t *testing.T) {
	dir := valuesTarget(t)
	p, diags := check(t, "uprobe:./v2:work { print(args.pid, it->id, *it, it->label, it->cmp) }", Config{Dir: dir})
	if diags.HasErrors() {
		t.Fatal(brief(diags))
	}
	f := p.Events[0].Fields
	want := []struct {
		kind   ir.TypeKind
		status bool
	}{
		{ir.KindInt, false},   // a register
		{ir.KindInt, true},    // read through it
		{ir.KindStruct, true}, // raw bytes (OpStMem)
		{ir.KindString, false},
		{ir.KindSymbol, true},
	}
	for i, w := range want {
		if f[i].Type.Kind != w.kind || (f[i].Status >= 0) != w.status {
			t.Errorf("field %d %s: kind %d status %d, want kind %d status %v", i, f[i].Name, f[i].Type.Kind, f[i].Status, w.kind, w.status)
		}
		if f[i].Status >= 0 && f[i].Offset != f[i].Status+16 {
			t.Errorf("field %d: value at %d, status at %d", i, f[i].Offset, f[i].Status)
		}
	}
	if s := f[2].Type; s.Size != 56 || len(s.Members) != 7 || s.Members[3].Name != "pos" || s.Members[3].Offset != 24 {
		t.Errorf("struct item: %+v", s)
	}
}

// TestWideRegPiece checks which locations gen cannot read because a
// register or computed piece is wider than 8 bytes.
func TestWideRegPiece(t *testing.T) {
	reg := func(size int) debuginfo.Piece {
		return debuginfo.Piece{Kind: debuginfo.PieceReg, Size: size, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocReg, Reg: 0}}}
	}
	value := debuginfo.Piece{Kind: debuginfo.PieceValue, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocConst}}}
	mem := debuginfo.Piece{Kind: debuginfo.PieceMemory, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: 7}}}
	tests := []struct {
		pieces []debuginfo.Piece
		size   int
		want   int // 0: readable
	}{
		{[]debuginfo.Piece{reg(0)}, 8, 0},
		{[]debuginfo.Piece{reg(0)}, 16, 16},
		{[]debuginfo.Piece{reg(8), reg(8)}, 16, 0}, // __int128 in rax:rdx
		{[]debuginfo.Piece{value}, 4, 0},
		{[]debuginfo.Piece{value}, 16, 16},
		{[]debuginfo.Piece{reg(8), value}, 24, 16},
		{[]debuginfo.Piece{mem}, 64, 0},
	}
	for i, tt := range tests {
		n, wide := wideRegPiece(debuginfo.Location{Pieces: tt.pieces}, tt.size)
		if n != tt.want || wide != (tt.want > 0) {
			t.Errorf("%d: wideRegPiece(%v, %d) = %d %v, want %d", i, debuginfo.Location{Pieces: tt.pieces}, tt.size, n, wide, tt.want)
		}
	}
}
