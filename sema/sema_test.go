package sema

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// targetDir holds ./target, a small C program built once for all tests.
var targetDir string

const targetC = `
int add(int a, int b) { return a + b; }
int sub_one(int x) { return x - 1; }
int sub_two(int x) { return x - 2; }
int main(void) { return add(1, 2) + sub_one(1) + sub_two(2); }
`

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gs-sema-test")
	if err != nil {
		panic(err)
	}
	targetDir = dir
	if err := os.WriteFile(filepath.Join(dir, "target.c"), []byte(targetC), 0o644); err != nil {
		panic(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notelf"), []byte("hello\n"), 0o755); err != nil {
		panic(err)
	}
	if err := testtarget.Compile(dir, testtarget.GCC, "-g", "-O0", "-o", "target", "target.c"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// ./corrupt is ./target with its section header table moved past the
	// end of the file (e_shoff, at byte 0x28 of an ELF64 header).
	elf, err := os.ReadFile(filepath.Join(dir, "target"))
	if err != nil {
		panic(err)
	}
	binary.LittleEndian.PutUint64(elf[0x28:], uint64(len(elf))+0x1000)
	if err := os.WriteFile(filepath.Join(dir, "corrupt"), elf, 0o755); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func check(t *testing.T, src string, cfg Config) (*Program, *diag.List) {
	t.Helper()
	prog, diags := parser.ParseString("prog.gs", src)
	if diags.HasErrors() {
		t.Fatalf("parse %q: %v", src, diags.Err())
	}
	if cfg.Dir == "" {
		cfg.Dir = targetDir
	}
	cfg.Script = rewrite.Apply(prog, rewrite.Config{IsBuiltin: IsBuiltin})
	return Check(prog, cfg)
}

// brief renders each diagnostic as "line:col: severity: msg [hint]".
func brief(l *diag.List) []string {
	var out []string
	for _, d := range l.Diags {
		s := fmt.Sprintf("%d:%d: %s: %s", d.Span.Start.Line, d.Span.Start.Col, d.Severity, d.Msg)
		if d.Hint != "" {
			s += " [" + d.Hint + "]"
		}
		out = append(out, s)
	}
	return out
}

func TestDiagnostics(t *testing.T) {
	const p = "uprobe:./target:add "
	tests := []struct {
		src  string
		want []string
	}{
		{p + "{ print(arg0) }", nil},
		{p + "{ print(agr0) }", []string{`1:29: error: unknown identifier "agr0" [did you mean "arg0"?]`}},
		{p + "{ $x = 1; print(x) }", []string{`1:37: error: unknown identifier "x" [script variables start with $: did you mean "$x"?]`}},
		{p + "{ print(arg6) }", []string{`1:29: error: arg6 is not available [only the first 6 integer arguments are passed in registers: arg0..arg5 (in Go programs 9: arg0..arg8)]`}},
		{p + "{ print(arg9) }", []string{`1:29: error: arg9 is not available [only the first 6 integer arguments are passed in registers: arg0..arg5]`}},
		{p + "{ print(retval) }", []string{`1:29: error: retval is only available in uretprobes [use uretprobe: to read the return value]`}},
		{"uretprobe:./target:add, " + p + "{ print(retval) }", []string{`1:53: error: retval is only available in uretprobes [use uretprobe: to read the return value]`}},
		{"ur:./target:add { print(retval) }", nil},
		{p + "{ print($y) }", []string{`1:29: error: $y is used before it is assigned`}},
		{p + "{ $x = 1; $x = comm }", []string{`1:36: error: cannot assign comm to $x of type int64 [$x was first assigned at 1:23; use another variable]`}},
		{p + "{ $x = comm; $x += 1 }", []string{`1:34: error: operator + needs integers, got comm`}},
		{p + "{ print(1 + comm) }", []string{`1:33: error: operator + needs integers, got comm`}},
		{p + "{ print(str(arg0) < \"a\") }", []string{`1:29: error: operator < is not defined on strings [strings can only be compared with == and !=]`}},
		{p + "{ print(arg0 == \"a\") }", []string{`1:29: error: cannot compare int64 with a string [wrap it in str() to read a string at that address]`}},
		{p + "{ print(comm == str(arg0)) }", []string{`1:29: error: comm can only be compared with comm or a string literal for now`}},
		{p + "{ print(func == \"a\") }", []string{`1:29: error: comparing func is not supported yet`}},
		{p + "/comm/ { print(1) }", []string{`1:22: error: condition must be an integer or bool, got comm`}},
		{p + "{ print(arg0 ? 1 : comm) }", []string{`1:29: error: the branches of ?: have different types: int64 and comm`}},
		{p + "{ print() }", []string{`1:23: error: print needs at least one argument`}},
		{p + "{ print(print(1)) }", []string{`1:29: error: print(1) has no value`}},
		{p + "{ exit(1) }", nil},
		{p + "{ exit(1, 2) }", []string{`1:23: error: exit takes at most 1 argument, got 2 [exit() or exit(code): gs then exits with code]`}},
		{p + "{ exit(comm) }", []string{`1:28: error: exit needs an integer, got comm`}},
		{p + "{ _ = 1 + 2; _ = { print(1); 3 } }", nil}, // no "not used" warnings
		{p + "{ print(str()) }", []string{`1:29: error: str takes 1 or 2 arguments, got 0`}},
		{p + "{ print(str(comm)) }", []string{`1:33: error: str needs an address (an integer) or a char array, got comm`}},
		{p + "{ print(str(arg0, 0)) }", []string{`1:39: error: str limit must be from 1 to 1024`}},
		{p + "{ print(str(arg0, 1025)) }", []string{`1:39: error: str limit must be from 1 to 1024`}},
		{p + "{ print(str(arg0, arg1)) }", nil},
		{p + "{ @[str(arg0, arg1 + 1)] = count() }", nil},
		{p + `{ print(str(arg0, "a")) }`, []string{`1:39: error: str limit must be an integer, got string literal`}},
		{p + "{ print(str(arg0, 2 * 4)) }", nil},
		{p + "{ printf(arg0) }", []string{`1:30: error: printf format must be a string literal`}},
		{p + "{ printf() }", []string{`1:23: error: printf needs a format string`}},
		{p + `{ printf("%d %d\n", arg0) }`, []string{`1:34: error: printf conversion %d has no argument [the format has 2 conversions for 1 argument]`}},
		{p + `{ printf("%d\n", arg0, arg1) }`, []string{`1:44: error: printf has more arguments than conversions [the format has 1 conversion for 2 arguments]`}},
		{p + `{ printf("%s\n", arg0) }`, []string{`1:38: error: %s needs a string, got int64 [wrap it in str() to read the string at that address]`}},
		{p + `{ printf("%x\n", comm) }`, []string{`1:38: error: %x needs an integer, got comm [print it with %s]`}},
		{p + `{ printf("%f\n", arg0) }`, []string{`1:38: error: %f needs a floating-point value, got int64`}},
		{p + `{ printf("a\tb %q\n", arg0) }`, []string{`1:36: error: invalid printf format: unknown conversion "%q"`}},
		{p + `{ printf("%s %c %p %lu %%\n", comm, 65, arg0, pid) }`, nil},
		{p + "{ prnt(1) }", []string{`1:23: error: unknown function "prnt" [did you mean "print"?]`}},
		{p + "{ @x = count() }", nil},
		{p + "{ print(@x[1]) }", []string{`1:29: error: @x is never assigned [give it a value, e.g. @x = count()]`}},
		{p + "{ print(*arg0) }", []string{`1:29: error: cannot dereference arg0: it is int64 [cast it to a pointer type first: *(int *)arg0]`}},
		{p + "{ print(&arg0) }", []string{`1:30: error: cannot take the address of arg0: it is not a variable, a field or an element`}},
		{p + "{ $a = 1; print(&$a) }", []string{`1:38: error: not supported by gs yet: take the address of $a, a script variable [gs keeps $variables in its interpreter's scratch memory, which has no address a script can read]`}},
		{p + "{ print(args.a) }", nil},
		{p + "{ print(ustack, ustack(3)) }", nil},
		{p + "{ print(ustack(0)) }", []string{`1:36: error: ustack frames must be a constant from 1 to 127`}},
		{p + "{ print(ustack(build_id)) }", nil},
		{p + "{ print(ustack(addr)) }", []string{`1:36: error: not supported by gs: ustack(addr) [the modes are bpftrace, build_id, perf and raw]`}},
		{p + "{ @h = hist(arg0, 0) }", nil},
		{p + "{ @h = hist(arg0, 6) }", []string{`1:39: error: hist bits must be 0 to 5, not 6`}},
		{p + "{ @h = hist(arg0, 2) }", []string{`1:39: error: not supported by gs yet: hist bits above 0 [gs's histograms have one bucket per power of two: hist(value) or hist(value, 0)]`}},
		{p + "{ @h = hist(arg0, arg1) }", []string{`1:39: error: hist bits must be an integer constant`}},
		{p + "{ print(ustack(perf, 1, 2)) }", []string{`1:29: error: ustack takes a mode and a number of frames, got 3 arguments`}},
		{p + "{ print(usym(comm)) }", []string{`1:34: error: usym needs an integer, got comm`}},
		{p + "{ print((struct foo *)arg0) }", []string{`1:30: error: unknown type "struct foo"`}},
		{p + "{ print((uint9_t)arg0) }", []string{`1:30: error: unknown type "uint9_t" [did you mean "uint8_t"?]`}},
		{p + "{ print((int)comm) }", []string{`1:34: error: cannot cast comm to int`}},
		{p + "{ print(sizeof(int), sizeof(arg0), sizeof(comm)) }", nil},
		{p + "{ arg0 + 1 }", []string{`1:23: warning: value of arg0 + 1 is not used [print it with print(arg0 + 1)]`}},
		{"BEGIN { print(1) } END { print(pid, comm, probe) } interval:ms:10 { exit() }", nil},
		{"BEGIN { print(arg0) }", []string{`1:15: error: arg0 is not available in BEGIN [BEGIN probes run outside any traced function]`}},
		{"BEGIN { print(reg(\"ip\")) }", []string{`1:15: error: reg() is not available in BEGIN [BEGIN probes run outside any traced function]`}},
		{p + "{ print(reg(\"ip\"), reg(\"rdi\"), reg(\"sp\"), reg(\"pc\"), reg(\"orig_rax\")) }", nil},
		{p + "{ print(reg(\"xmm0\")) }", []string{`1:33: error: "xmm0" is not a register of this machine's struct pt_regs [the registers are r15, r14, r13, r12, bp, bx, r11, r10, r9, r8, ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss]`}},
		{p + "{ print(reg(arg0)) }", []string{`1:29: error: reg takes one string literal, a register's name: reg("ip")`}},
		{"i:s:1 { print(func) }", []string{`1:15: error: func is not available in interval [interval probes run outside any traced function]`}},
		{"END, " + p + "{ print(retval) }", []string{`1:34: error: retval is not available in END [END probes run outside any traced function]`}},
		{"uprobe:./nope:add { print(1) }", []string{`1:1: error: binary "./nope" does not exist`}},
		{"uprobe:target:add { print(1) }", []string{`1:1: error: cannot find "target" as a library or a command in $PATH [did you mean "./target"?]`}},
		{"uprobe:./notelf:add { print(1) }", []string{`1:1: error: "./notelf" is not an ELF file [if it is code a process maps itself, --unsafe probes it by file offset: uprobe:./notelf:0xOFFSET]`}},
		{"uprobe:\"./target\":add { print(1) }", nil},
		{"uprobe:./target.zip!/target:add { print(1) }", []string{`1:1: error: binary "./target.zip" does not exist`}},
		{"uprobe:./target:_init { print(1) }", []string{`1:1: error: cannot tell where "_init" ends: its symbol has size 0 [--unsafe attaches there anyway, if it is the first byte of an instruction]`}},
		{"uprobe:./corrupt:add { print(1) }", []string{`1:1: error: cannot open "./corrupt": corrupt ELF: a header points past the end of the file`}},
		{"uprobe:/tmp:add { print(1) }", []string{`1:1: error: "/tmp" is a directory, not a binary`}},
		{"uprobe:./target:ad { print(1) }", []string{`1:1: error: function "ad" not found in "./target" [did you mean "add"?]`}},
		{"uprobe:./target:nothing* { print(1) }", []string{`1:1: error: no function in "./target" matches "nothing*"`}},
		{"uprobe:./target:add+1000 { print(1) }", []string{`1:1: error: offset 1000 is past the end of "add" (20 bytes) [Offset outside the function bounds ('add' size is 20), as bpftrace says: use an offset below 20]`}},
		{"uprobe:add { print(1) }", []string{`1:1: error: probe "uprobe:add" names no binary [write uprobe:BINARY:add, or trace a command with -c or a process with -p]`}},
		// every error of one script, in source order
		{p + "{\n  print(agr0);\n  $x = comm;\n  printf(\"%d\\n\", $x);\n  @m = 1;\n}", []string{
			`2:9: error: unknown identifier "agr0" [did you mean "arg0"?]`,
			`4:18: error: %d needs an integer, got comm [print it with %s]`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, diags := check(t, tt.src, Config{})
			got := brief(diags)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestProbes(t *testing.T) {
	target := filepath.Join(targetDir, "target")
	bin, err := debuginfo.Open(target)
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Close()
	add, _ := bin.LookupFunc("add")

	p, diags := check(t, "u:./target:sub_*, uprobe:./target:add+4 { print(1) }\nur:add { print(2) }", Config{DefaultBinary: target})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var names []string
	for i, pr := range p.Probes {
		names = append(names, pr.Name)
		if pr.ID != uint32(i) || pr.Binary != target {
			t.Errorf("probe %d: ID %d, Binary %q", i, pr.ID, pr.Binary)
		}
	}
	want := []string{"uprobe:./target:sub_one", "uprobe:./target:sub_two", "uprobe:./target:add+4", "uretprobe:" + target + ":add"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("names %q, want %q", names, want)
	}
	if pr := p.Probes[2]; pr.Func != "add" || pr.Symbol != "add" || pr.Address != add.Addr+4 || pr.Offset != add.Offset+4 || pr.Kind != ir.Uprobe {
		t.Errorf("add+4 resolved to %+v; add is %+v", pr, add)
	}
	if pr := p.Probes[3]; pr.Kind != ir.Uretprobe || pr.Address != add.Addr || pr.Offset != add.Offset {
		t.Errorf("uretprobe resolved to %+v", pr)
	}
	if g := p.Groups[0]; len(g.Probes) != 3 || g.Ret {
		t.Errorf("group 0: probes %v, Ret %v", g.Probes, g.Ret)
	}
	if g := p.Groups[1]; len(g.Probes) != 1 || !g.Ret {
		t.Errorf("group 1: probes %v, Ret %v", g.Probes, g.Ret)
	}

	p, diags = check(t, fmt.Sprintf("uprobe:./target:0x%x { print(func) }", add.Addr+1), Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	if pr := p.Probes[0]; pr.Func != "add+0x1" || pr.Symbol != "" || pr.Offset != add.Offset+1 {
		t.Errorf("0xADDR resolved to %+v", pr)
	}
}

func TestLibrary(t *testing.T) {
	path, err := (&debuginfo.Resolver{}).Library("libc")
	if err != nil {
		t.Fatalf("no libc: %v", err)
	}
	p, diags := check(t, "uprobe:libc:malloc { print(arg0) }", Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	abs, _ := filepath.Abs(path)
	if pr := p.Probes[0]; pr.Binary != abs || pr.Name != "uprobe:libc:malloc" || pr.Offset == 0 {
		t.Errorf("probe %+v, want binary %s", pr, abs)
	}
}

func TestLayout(t *testing.T) {
	p, diags := check(t, `uprobe:./target:add {
  $n = arg0;
  $s = str(arg0, 3);
  $c = comm;
  $f = func;
  printf("%d %s %s %s %s %s\n", $n, str(arg1, 3), $s, comm, func, probe);
  $s = str(arg1, 20);
  exit();
}`, Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	ev := p.Events[0]
	var got []string
	for _, f := range ev.Fields {
		got = append(got, fmt.Sprintf("%s@%d/%d", f.Name, f.Offset, f.Type.Size))
	}
	// $s grew to 20 bytes (a 24-byte capacity) with its second assignment.
	// func and probe are 8-byte probe ids.
	want := "$n@8/8 str(arg1, 3)@16/24 $s@40/40 comm@80/16 func@96/8 probe@104/8"
	if strings.Join(got, " ") != want {
		t.Errorf("fields %s\nwant   %s", strings.Join(got, " "), want)
	}
	if ev.Size != 112 || p.Events[1].Size != ir.RecordHdr || p.Events[1].Kind != ir.EventExit {
		t.Errorf("sizes %d %d", ev.Size, p.Events[1].Size)
	}
	if p.RecordArea != 112 {
		t.Errorf("RecordArea = %d, want 112", p.RecordArea)
	}
	var vars []string
	for _, v := range p.Groups[0].Vars {
		vars = append(vars, fmt.Sprintf("$%s@%d", v.Name, v.Offset))
	}
	if s := strings.Join(vars, " "); s != "$n@112 $s@120 $c@160 $f@176" {
		t.Errorf("vars %s", s)
	}
	if p.Groups[0].HeapEnd != 184 {
		t.Errorf("HeapEnd = %d, want 184", p.Groups[0].HeapEnd)
	}

	_, diags = check(t, `uprobe:./target:add { print(str(arg0, 1024), str(arg0, 1024), str(arg0, 1024), str(arg0, 1024)) }`, Config{})
	if got := brief(diags); len(got) != 1 || !strings.Contains(got[0], "print record is 4168 bytes, more than the limit of 4096") {
		t.Errorf("got %q", got)
	}
}

func TestInit(t *testing.T) {
	p, diags := check(t, `uprobe:./target:add {
  $a = 1; $b = 1;
  if (arg0) { $c = 1; $d = 1; } else { $c = 2; return; }
  print($a, $b, $c, $d);
  if (arg1) { $e = 1 } else if (arg2) { $e = 2 } else { $e = 3 }
  if (arg1) { $f = 1 }
  print($e, $f);
}`, Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var init []string
	for _, v := range p.Groups[0].Vars {
		if v.Init {
			init = append(init, v.Name)
		}
	}
	if s := strings.Join(init, " "); s != "f" {
		t.Errorf("vars needing zeroing: %q, want f", s)
	}
}

func TestConsts(t *testing.T) {
	tests := []struct {
		expr string
		want int64
		typ  string
	}{
		{"1 + 2 * 3", 7, "int64"},
		{"EPERM + ENOENT * 100 + EINVAL * 10000", 1 + 2*100 + 22*10000, "int64"}, // errno.h's (errno.go)
		{"-7 / 2", -3, "int64"},
		{"-7 % 2", -1, "int64"},
		{"(uint64_t)(-1) / 2", 1<<63 - 1, "uint64"},
		{"-1 >> 60", -1, "int64"},
		{"(uint64_t)(-1) >> 60", 15, "uint64"},
		{"1 << 65", 2, "int64"},
		{"(uint8_t)300", 44, "uint8_t"},
		{"(int8_t)200", -56, "int8_t"},
		{"(bool)5", 1, "bool"},
		{"-1 < 0", 1, "bool"},
		{"(uint64_t)(-1) < 0", 0, "bool"},
		{"(uint32_t)(-1) < 0", 0, "bool"},
		{"0xffffffffffffffff", -1, "uint64"},
		{"0 && arg0", 0, "bool"},
		{"1 || arg0", 1, "bool"},
		{"1 ? 2 : arg0", 2, "int64"},
		{"!0", 1, "bool"},
		{"~0", -1, "int64"},
		{"'a' + 1", 98, "int64"},
		{"true", 1, "bool"},
		{`"ab" == "ab"`, 1, "bool"},
		{`"ab" != "ab"`, 0, "bool"},
		{"sizeof(long)", 8, "uint64"},
		{"sizeof(uint16_t)", 2, "uint64"},
		{"sizeof(comm)", 16, "uint64"},
		{"sizeof(str(arg0, 9))", 9, "uint64"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			p, diags := check(t, "uprobe:./target:add { print("+tt.expr+") }", Config{})
			if diags.HasErrors() {
				t.Fatal(diags.Err())
			}
			call := p.Groups[0].Node.Body.Stmts[0].(*parser.ExprStmt).X.(*parser.CallExpr)
			e := call.Args[0]
			v, ok := p.Consts[e]
			if !ok {
				t.Fatalf("not folded")
			}
			if int64(v) != tt.want || p.Types[e].String() != tt.typ {
				t.Errorf("got %d of type %s, want %d of type %s", int64(v), p.Types[e], tt.want, tt.typ)
			}
		})
	}
}

func TestTypes(t *testing.T) {
	u8 := cTypes["uint8_t"]
	i32 := cTypes["int32_t"]
	tests := []struct {
		x, y *Type
		want *Type
	}{
		{Int64, Int64, Int64},
		{Int64, Uint64, Uint64},
		{u8, Int64, Int64},
		{u8, i32, Int64},
		{Bool, Uint64, Uint64},
		{cTypes["size_t"], Bool, Uint64},
	}
	for _, tt := range tests {
		if got := Arith(tt.x, tt.y); got != tt.want {
			t.Errorf("Arith(%s, %s) = %s, want %s", tt.x, tt.y, got, tt.want)
		}
	}
	if SlotSize(StringOf(3)) != ir.StrHeader+8 || SlotSize(Comm) != ir.CommLen || SlotSize(Func) != 8 || SlotSize(u8) != 8 {
		t.Error("slot sizes")
	}
}
