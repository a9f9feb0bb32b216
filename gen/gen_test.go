package gen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// targetDir holds ./target, a small C program built once for all tests.
var targetDir string

const targetC = `
int add(int a, int b) { return a + b; }
int sub_one(int x) { return x - 1; }
int main(void) { return add(1, 2) + sub_one(1); }
`

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gs-gen-test")
	if err != nil {
		panic(err)
	}
	targetDir = dir
	if err := os.WriteFile(filepath.Join(dir, "target.c"), []byte(targetC), 0o644); err != nil {
		panic(err)
	}
	if err := testtarget.Compile(dir, testtarget.GCC, "-g", "-O0", "-o", "target", "target.c"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// compile runs the front end and gen on src.
func compile(t *testing.T, src string) *ir.Program {
	t.Helper()
	prog, diags := parser.ParseString("prog.gs", src)
	if diags.HasErrors() {
		t.Fatalf("parse: %v", diags.Err())
	}
	sp, diags := sema.Check(prog, sema.Config{Dir: targetDir, Script: rewrite.Apply(prog, rewrite.Config{IsBuiltin: sema.IsBuiltin})})
	if diags.HasErrors() {
		var b bytes.Buffer
		diags.Render(&b, false)
		t.Fatalf("check:\n%s", b.String())
	}
	p, err := Generate(sp)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	return p
}

// run compiles src, runs its first probe with the given arguments and user
// memory, and returns the machine.
func run(t *testing.T, src string, args []int64, mem map[uint64]string) (*ir.Program, *model.Machine) {
	t.Helper()
	p := compile(t, src)
	m := &model.Machine{Mem: mem, Comm: "target"}
	for i, a := range args {
		m.PtRegs[arch.ArgRegs[i]] = uint64(a)
	}
	m.PtRegs[arch.RetReg] = 42
	m.Ctx[ir.CtxPid] = 1234
	if err := m.Run(p, 0); err != nil {
		t.Fatalf("run: %v\n%s", err, ir.Disasm(p))
	}
	return p, m
}

func TestExpressions(t *testing.T) {
	args := []int64{-7, 2, 3, 0, math.MaxInt64, 1 << 40}
	tests := []struct {
		expr string
		want int64
	}{
		{"arg0", -7},
		{"arg0 + arg1 * arg2", -1},
		{"(arg0 + arg1) * arg2", -15},
		{"arg0 / arg1", -3},
		{"arg0 % arg1", -1},
		{"(uint64_t)arg0 / 2", int64(uint64(math.MaxUint64-6) / 2)},
		{"arg0 / arg3", 1}, // bpftrace's result of x/0 and x%0, with a warning (TestDivideByZero)
		{"arg0 % arg3", 1},
		{"arg0 >> 1", -4},
		{"(uint64_t)arg0 >> 60", 15},
		{"arg1 << 62", math.MinInt64},
		{"arg0 < arg1", 1},
		{"(uint64_t)arg0 < arg1", 0},
		{"arg0 <= -7", 1},
		{"arg0 > arg1", 0},
		{"arg2 >= 3", 1},
		{"arg0 == -7", 1},
		{"arg0 != -7", 0},
		{"-arg0", 7},
		{"~arg3", -1},
		{"!arg3", 1},
		{"!arg2", 0},
		{"arg0 & 0xff", 0xf9},
		{"arg1 | arg2", 3},
		{"arg1 ^ arg2", 1},
		{"arg4 + 1", math.MinInt64},
		{"arg5 - 1", 1<<40 - 1},
		{"arg0 - -2147483648", -7 + 2147483648},
		{"(uint8_t)arg0", 0xf9},
		{"(int8_t)arg0", -7},
		{"(uint16_t)arg5", 0},
		{"(int32_t)arg4", -1},
		{"(uint32_t)(arg5 + 5)", 5},
		{"(bool)arg2", 1},
		{"(uint8_t)arg0 + 1", 0xfa},
		{"arg2 && arg1", 1},
		{"arg2 && arg3", 0},
		{"arg3 && (1 / arg3)", 0},
		{"arg3 || arg2", 1},
		{"arg3 || arg3", 0},
		{"arg0 ? 10 : 20", 10},
		{"arg3 ? 10 : 20", 20},
		{"arg0 < 0 && arg1 > 0 ? arg2 : -arg2", 3},
		{"arg3 || !arg1 ? 1 : 2", 2},
		{"0x123456789", 0x123456789},
		{"-1", -1},
		{"1 + 2 * 3", 7},
		{"sizeof(uint16_t)", 2},
		{"'a'", 97},
		{"true", 1},
		{"pid", 1234},
		{"arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * (arg1 * (arg2 * arg1)))))))))))))))", 3359232},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "uprobe:./target:add { print(" + tt.expr + ") }"
			p, m := run(t, src, args, nil)
			recs, _ := splitWarnings(p, m.Records)
			if len(recs) != 1 {
				t.Fatalf("got %d records, want 1", len(recs))
			}
			got := field(p.Events[recordEvent(recs[0])], recs[0], 0).(uint64)
			if int64(got) != tt.want {
				t.Errorf("got %d (%#x), want %d\n%s", int64(got), got, tt.want, ir.Disasm(p))
			}
		})
	}
}

// recordEvent is the event id in rec's header.
func recordEvent(rec []byte) uint32 { return binary.LittleEndian.Uint32(rec) }

// splitWarnings separates the warnf records from the others.
func splitWarnings(p *ir.Program, all [][]byte) (recs [][]byte, warns []ir.Event) {
	for _, r := range all {
		if ev := p.Events[recordEvent(r)]; ev.Kind == ir.EventWarnf {
			warns = append(warns, ev)
			continue
		}
		recs = append(recs, r)
	}
	return recs, warns
}

// A division or modulo by 0 gives 1 and a warning at the operation each
// time, as bpftrace's does; by anything else, no warning.
func TestDivideByZero(t *testing.T) {
	args := []int64{-7, 2, 3, 0}
	tests := []struct {
		body  string
		want  []int64
		warns []int // the columns of the warnings, in order
	}{
		{"print(arg0 / arg3)", []int64{1}, []int{29}},
		{"print(arg0 % arg3)", []int64{1}, []int{29}},
		{"print((uint64)arg2 / (uint64)arg3)", []int64{1}, []int{29}},
		{"print(arg0 / 0)", []int64{1}, []int{29}},
		{"print(7 % 0)", []int64{1}, []int{29}},
		{"print(arg0 / arg1)", []int64{-3}, nil},
		{"print(arg0 / 2)", []int64{-3}, nil},
		{"print(arg1 * (arg2 / arg3))", []int64{2}, []int{37}},
		{"printf(\"%d %d\\n\", arg2 / arg3, arg2 % arg1)", []int64{1, 1}, []int{41}},
		{"$x = arg2; $x /= arg3; print($x)", []int64{1}, []int{34}},
		{"@m = arg2; @m %= arg3; print(@m + 0)", []int64{1}, []int{34}},
		{"print(arg2 / arg3 + arg0 % arg3)", []int64{2}, []int{29, 43}},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			src := "uprobe:./target:add { " + tt.body + " }"
			p := compile(t, src)
			m := &model.Machine{Comm: "target", Vals: map[string]uint64{}, Strs: map[string][]byte{}}
			for i, a := range args {
				m.PtRegs[arch.ArgRegs[i]] = uint64(a)
			}
			if err := m.Run(p, 0); err != nil {
				t.Fatalf("run: %v\n%s", err, ir.Disasm(p))
			}
			recs, warns := splitWarnings(p, m.Records)
			if len(recs) != 1 {
				t.Fatalf("got %d records, want 1\n%s", len(recs), ir.Disasm(p))
			}
			ev := p.Events[recordEvent(recs[0])]
			for i, want := range tt.want {
				if got := int64(field(ev, recs[0], i).(uint64)); got != want {
					t.Errorf("value %d = %d, want %d\n%s", i, got, want, ir.Disasm(p))
				}
			}
			var cols []int
			for _, w := range warns {
				cols = append(cols, w.Sp.Start.Col)
				if len(w.Verbs) != 1 || w.Verbs[0].Lit != sema.DivZeroMsg {
					t.Errorf("warning %+v, want %q", w.Verbs, sema.DivZeroMsg)
				}
			}
			if fmt.Sprint(cols) != fmt.Sprint(tt.warns) {
				t.Errorf("warnings at columns %v, want %v", cols, tt.warns)
			}
		})
	}
}

func TestRetval(t *testing.T) {
	p, m := run(t, "uretprobe:./target:add { print(retval) }", nil, nil)
	if got := field(p.Events[0], m.Records[0], 0).(uint64); got != 42 {
		t.Errorf("retval = %d, want 42", got)
	}
}

func TestStrings(t *testing.T) {
	mem := map[uint64]string{0x1000: "world", 0x2000: "hello", 0x3000: strings.Repeat("x", 100)}
	args := []int64{0x1000, 0x2000, 0}
	tests := []struct {
		src  string
		want []any
	}{
		// A limit known at run time (a counted string's length), capped at
		// max_strlen (64), a negative one too, as bpftrace caps it.
		{`printf("%s|%s|%s|%s\n", str(arg0, arg2 + 3), str(arg0, arg2), str(arg0, arg2 - 1), str(0x3000, arg2 + 100))`,
			[]any{"wor", "", "world", strings.Repeat("x", 64)}},
		{`printf("%s %s\n", str(arg0), str(arg0, 3))`, []any{"world", "wor"}},
		{`print(str(arg0) == "world", str(arg0) != "world", str(arg0, 3) == "world", "wor" == str(arg0, 3))`,
			[]any{uint64(1), uint64(0), uint64(0), uint64(1)}},
		{`print(str(arg0) == str(arg1), comm == "target", comm == "targ", "a" == "a")`,
			[]any{uint64(0), uint64(1), uint64(0), uint64(1)}},
		{`print(arg2 ? "yes" : "no", arg1 ? str(arg1) : "none")`, []any{"no", "hello"}},
		{`$s = "abc"; print($s); $s = str(arg1); print($s, $s == "hello")`, []any{"abc", "hello", uint64(1)}},
		{`$c = comm; print($c, $c == "target", comm)`, []any{"target", uint64(1), "target"}},
		{`print(comm == "target_longer_than_16", comm == "", "target" != comm, comm == comm)`,
			[]any{uint64(0), uint64(0), uint64(0), uint64(1)}},
		{`print("a string literal longer than eight bytes")`, []any{"a string literal longer than eight bytes"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, m := run(t, "uprobe:./target:add { "+tt.src+" }", args, mem)
			var got []any
			for _, rec := range m.Records {
				ev := p.Events[int(rec[0])]
				for i := range ev.Fields {
					got = append(got, field(ev, rec, i))
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("got %v, want %v\n%s", got, tt.want, ir.Disasm(p))
			}
		})
	}
}

func TestControlFlow(t *testing.T) {
	tests := []struct {
		src  string
		args []int64
		want string // the values of all records, in order
	}{
		{`/arg0 > 1/ { print(1) }`, []int64{1}, "[]"},
		{`/arg0 > 1/ { print(1) }`, []int64{2}, "[1]"},
		{`/arg0 && !arg1/ { print(1) }`, []int64{1, 0}, "[1]"},
		{`/arg0 && !arg1/ { print(1) }`, []int64{1, 1}, "[]"},
		{`/arg0 || arg1/ { print(1) }`, []int64{0, 1}, "[1]"},
		{`/arg0 || arg1/ { print(1) }`, []int64{0, 0}, "[]"},
		{`/!(arg0 || arg1)/ { print(1) }`, []int64{0, 0}, "[1]"},
		{`/arg0 != 0/ { print(1) }`, []int64{0}, "[]"},
		{`/arg0 == 0/ { print(1) }`, []int64{0}, "[1]"},
		{`{ if (arg0 == 1) { print(1) } else if (arg0 == 2) { print(2) } else { print(3) } print(4) }`, []int64{2}, "[2 4]"},
		{`{ if (arg0 == 1) { print(1) } else if (arg0 == 2) { print(2) } else { print(3) } print(4) }`, []int64{5}, "[3 4]"},
		{`{ if (arg0) { print(1); return } print(2) }`, []int64{1}, "[1]"},
		{`{ if (arg0) { print(1); return } print(2) }`, []int64{0}, "[2]"},
		{`{ print(1); exit(); print(2) }`, nil, "[1 exit]"},
		{`{ if (arg0 > 0) { $x = arg0 } print($x) }`, []int64{0}, "[0]"},
		{`{ if (arg0 > 0) { $x = arg0 } print($x) }`, []int64{5}, "[5]"},
		{`{ $x = arg0; $x *= 3; $x -= 1; $x <<= 1; print($x) }`, []int64{2}, "[10]"},
		{`{ $b = arg0 > 1; $b = arg0; print($b) }`, []int64{9}, "[1]"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, m := run(t, "uprobe:./target:add "+tt.src, tt.args, nil)
			var got []string
			for _, rec := range m.Records {
				ev := p.Events[int(rec[0])]
				if ev.Kind == ir.EventExit {
					got = append(got, "exit")
				}
				for i := range ev.Fields {
					got = append(got, fmt.Sprint(field(ev, rec, i)))
				}
			}
			if s := "[" + strings.Join(got, " ") + "]"; s != tt.want {
				t.Errorf("got %s, want %s\n%s", s, tt.want, ir.Disasm(p))
			}
		})
	}
}

// TestSize pins the instruction counts of common one-liners: every op
// executed is a step in the kernel. cells says the aggregation needs no
// key: the probe's own cells (ir/doc.go "Cells").
func TestSize(t *testing.T) {
	tests := []struct {
		src   string
		want  int
		cells bool
	}{
		{`uprobe:./target:add < print(arg0) >`, 3, false},
		{`uprobe:./target:add { printf("%d\n", arg0) }`, 3, false},
		{`uprobe:./target:add { printf("%d %s\n", arg0, str(arg1)) }`, 6, false},
		{`uprobe:./target:add /arg0/ { print(arg0) }`, 5, false},
		{`uprobe:./target:add { print(arg0 ? arg1 : arg2) }`, 8, false}, // a jump to the store: no streg
		{`uprobe:./target:add { print(comm, func, probe) }`, 5, false},  // func and probe: the probe's id each
		{`uprobe:./target:add { exit() }`, 3, false},                    // record, emit, exit: the user's
		{`uprobe:./target:add { }`, 0, false},
		{`uprobe:./target:add { @[func] = count() }`, 1, true},
		{`uprobe:./target:add { @ = count() }`, 1, true},
		{`uprobe:./target:add { @h = hist(arg0) }`, 1, true},
		{`uprobe:./target:add /arg0 > 1/ { @s[probe] = sum(arg1) }`, 5, true},
		{`uprobe:./target:add { @c[tid] = count() }`, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p := compile(t, tt.src)
			if len(p.Insns) != tt.want {
				t.Errorf("%d instructions, want %d\n%s", len(p.Insns), tt.want, ir.Disasm(p))
			}
			if n := len(p.Insns); n > 0 && p.Insns[n-1].Op == ir.OpExit && !strings.Contains(tt.src, "exit()") {
				t.Errorf("the range ends in a needless exit\n%s", ir.Disasm(p))
			}
			if got := len(p.CellRanges) > 0; got != tt.cells {
				t.Errorf("in cells: %v, want %v\n%s", got, tt.cells, ir.Disasm(p))
			}
		})
	}
}

func TestProgram(t *testing.T) {
	p := compile(t, `uprobe:./target:add, uprobe:./target:sub_one { $s = str(arg0); print($s) }
uretprobe:./target:add { print(retval) }`)
	if p.Version != ir.Version {
		t.Errorf("version %d, want %d", p.Version, ir.Version)
	}
	if len(p.Probes) != 3 {
		t.Fatalf("%d probes, want 3", len(p.Probes))
	}
	if p.Probes[0].Start != p.Probes[1].Start || p.Probes[0].Len != p.Probes[1].Len {
		t.Errorf("probes of one group do not share code: %+v %+v", p.Probes[0], p.Probes[1])
	}
	if p.Probes[2].Start != p.Probes[0].Start+p.Probes[0].Len {
		t.Errorf("second group starts at %d, want %d", p.Probes[2].Start, p.Probes[0].Start+p.Probes[0].Len)
	}
	// record area (8+80 = 88) then $s (80 bytes)
	if p.HeapSize != 88+80 {
		t.Errorf("HeapSize = %d, want %d", p.HeapSize, 88+80)
	}
	for i, l := range p.Lines {
		if i > 0 && l.PC <= p.Lines[i-1].PC {
			t.Errorf("line entries out of order: %+v", p.Lines)
		}
	}
}

func TestTooComplex(t *testing.T) {
	// A balanced tree of depth 15 needs 16 registers whatever the order.
	e := "arg0"
	for i := 0; i < 15; i++ {
		e = "(" + e + " + " + e + ")"
	}
	prog, _ := parser.ParseString("prog.gs", "uprobe:./target:add { print("+e+") }")
	sp, diags := sema.Check(prog, sema.Config{Dir: targetDir, Script: rewrite.Apply(prog, rewrite.Config{IsBuiltin: sema.IsBuiltin})})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	_, err := Generate(sp)
	if !errors.Is(err, ErrTooComplex) {
		t.Fatalf("err = %v, want ErrTooComplex", err)
	}
	// A limit is the script's: a diagnostic at the statement.
	var de *diag.Errors
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, not a diagnostic", err)
	}
	var b bytes.Buffer
	de.List.Render(&b, false)
	want := "prog.gs:1:23: error: this needs more than the 15 registers an expression can use\n"
	if got, _, _ := strings.Cut(b.String(), "    "); got != want {
		t.Errorf("rendered:\n%s\nwant it to start with:\n%s", b.String(), want)
	}
	if !strings.Contains(b.String(), "hint: compute parts of it into $variables first") {
		t.Errorf("rendered without the hint:\n%s", b.String())
	}
}

// TestInternalError checks that what sema lets through but gen cannot
// lower is an internal error, not a script error: here a parameter moved
// (behind sema's back) into xmm0, which a uprobe does not save.
func TestInternalError(t *testing.T) {
	prog, _ := parser.ParseString("prog.gs", "uprobe:./target:add { print(a) }")
	sp, diags := sema.Check(prog, sema.Config{Dir: targetDir, Script: rewrite.Apply(prog, rewrite.Config{IsBuiltin: sema.IsBuiltin})})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	n := 0
	for _, ref := range sp.Values.Vars {
		for _, at := range ref.At {
			at.Loc = debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceReg, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocReg, Reg: 17}}}}}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no program value to break")
	}
	_, err := Generate(sp)
	if !errors.Is(err, ErrInternal) {
		t.Fatalf("err = %v, want ErrInternal", err)
	}
	var de *diag.Errors
	if errors.As(err, &de) {
		t.Errorf("err = %v is a script diagnostic", err)
	}
	if want := `internal error: generate "print(a)": register xmm0 is not saved by a uprobe`; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
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
