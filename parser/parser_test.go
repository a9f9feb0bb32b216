package parser

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/diag"
)

// mustParse parses src and fails the test on any diagnostic.
func mustParse(t *testing.T, src string) *Program {
	t.Helper()
	prog, diags := ParseString("t.gs", src)
	if len(diags.Diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", render(diags))
	}
	return prog
}

func render(l *diag.List) string {
	var buf bytes.Buffer
	l.Render(&buf, false)
	return buf.String()
}

// dumpBody dumps the statements of the first group's body, which keeps the
// expected trees of the expression tests short.
func dumpBody(p *Program) string {
	var sb strings.Builder
	for _, s := range p.Groups[0].Body.Stmts {
		sb.WriteString(Dump(s))
	}
	return sb.String()
}

func trim(s string) string { return strings.TrimLeft(s, "\n") }

func TestParseProgram(t *testing.T) {
	tests := []struct{ src, want string }{
		{"", "Program\n"},
		{"// only a comment\n/* and another */", "Program\n"},
		{
			"BEGIN { print(1) } END {}",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ExprStmt
        CallExpr print
          IntLit 1
  ProbeGroup
    Probe END
    Block {}
`),
		},
		{
			"u:./app:add, ur:./app:add /pid == 1/ < @[comm] = count() >",
			trim(`
Program
  ProbeGroup
    Probe uprobe binary="./app" func="add"
    Probe uretprobe binary="./app" func="add"
    filter: BinaryExpr ==
      Ident pid
      IntLit 1
    Block <>
      AssignStmt =
        MapExpr @
          Ident comm
        CallExpr count
`),
		},
		{
			"interval:s:1 /* c */ /(a / 2) > 1/ // filter\n{ exit() }",
			trim(`
Program
  ProbeGroup
    Probe interval unit=s n=1
    filter: BinaryExpr >
      BinaryExpr /
        Ident a
        IntLit 2
      IntLit 1
    Block {}
      ExprStmt
        CallExpr exit
`),
		},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := Dump(mustParse(t, tt.src)); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestParseProbes(t *testing.T) {
	tests := []struct {
		spec string
		want string // describeProbe output
	}{
		{"uprobe:./app:add", `Probe uprobe binary="./app" func="add"`},
		{"u:./app:add", `Probe uprobe binary="./app" func="add"`},
		{"uretprobe:./app:add", `Probe uretprobe binary="./app" func="add"`},
		{"ur:./app:add", `Probe uretprobe binary="./app" func="add"`},
		{"u:/usr/lib/x86_64-linux-gnu/libc.so.6:malloc", `Probe uprobe binary="/usr/lib/x86_64-linux-gnu/libc.so.6" func="malloc"`},
		{"u:libc:malloc", `Probe uprobe binary="libc" func="malloc"`},
		{"uprobe:main", `Probe uprobe binary="" func="main"`},
		{"u:./app:foo*", `Probe uprobe binary="./app" func="foo*"`},
		{"u:./app:*", `Probe uprobe binary="./app" func="*"`},
		{"u:./app:ns::f", `Probe uprobe binary="./app" func="ns::f"`},
		{"u:ns::f", `Probe uprobe binary="" func="ns::f"`},
		{"u:libfoo:ns::Cls::m*", `Probe uprobe binary="libfoo" func="ns::Cls::m*"`},
		{`u:./app:"geo::sum(int, int)"`, `Probe uprobe binary="./app" func="geo::sum(int, int)"`},
		{`u:"geo::biggest<int>"`, `Probe uprobe binary="" func="geo::biggest<int>"`},
		{`u:./app:"a{b}<c>,d:e/f"+8`, `Probe uprobe binary="./app" func="a{b}<c>,d:e/f" offset=0x8`},
		{`u:./app:"q\"x\\"`, `Probe uprobe binary="./app" func="q\"x\\"`},
		{"u:./app:main.(*Server).Handle", `Probe uprobe binary="./app" func="main.(*Server).Handle"`},
		{"u:./app:add+16", `Probe uprobe binary="./app" func="add" offset=0x10`},
		{"u:./app:add+0x10", `Probe uprobe binary="./app" func="add" offset=0x10`},
		{"u:main+4", `Probe uprobe binary="" func="main" offset=0x4`},
		{"u:./app:0x4011a0", `Probe uprobe binary="./app" addr=0x4011a0`},
		{"u:./app:main.c:42", `Probe uprobe binary="./app" file="main.c" line=42`},
		{"u:./app@main.c:42", `Probe uprobe binary="./app" file="main.c" line=42`},
		{"uprobe:/usr/lib/x@y.so@src/main.c:7", `Probe uprobe binary="/usr/lib/x@y.so" file="src/main.c" line=7`},
		{"u:./app:src/x.c:7", `Probe uprobe binary="./app" file="src/x.c" line=7`},
		{"interval:s:5", `Probe interval unit=s n=5`},
		{"interval:ms:100", `Probe interval unit=ms n=100`},
		{"i:us:250", `Probe interval unit=us n=250`},
		{"profile:hz:99", `Probe profile unit=hz n=99`},
		{"p:ms:10", `Probe profile unit=ms n=10`},
		{"profile:99hz", `Probe profile unit=hz n=99`},
		{"software:page-faults:1", `Probe software event=page-faults count=1`},
		{"s:cs", `Probe software event=cs count=0`},
		{"software:cpu:1e6", `Probe software event=cpu count=1000000`},
		{"watchpoint:0x4010:8:w", `Probe watchpoint addr=0x4010 len=8 mode=w`},
		{"w:4096:4:rw", `Probe watchpoint addr=0x1000 len=4 mode=rw`},
		{"watchpoint:./app:g_counter:w", `Probe watchpoint binary="./app" var="g_counter" mode=w`},
		{"watchpoint:libplug:plugin_state:rw", `Probe watchpoint binary="libplug" var="plugin_state" mode=rw`},
		{"watchpoint:counter:w", `Probe watchpoint binary="" var="counter" mode=w`},
		{"BEGIN", `Probe BEGIN`},
		{"END", `Probe END`},
		{"usdt:./app:prov:name", `Probe usdt binary="./app" provider="prov" name="name"`},
		{"U:./app:name", `Probe usdt binary="./app" provider="" name="name"`},
		{"usdt:/usr/bin/python3.11:python:gc__done", `Probe usdt binary="/usr/bin/python3.11" provider="python" name="gc__done"`},
		{"usdt:./app*::*probe2", `Probe usdt binary="./app*" provider="" name="*probe2"`},
		{"usdt::tracetest:testprobe", `Probe usdt binary="" provider="tracetest" name="testprobe"`},
		{"usdt:*:tracetest:testprobe", `Probe usdt binary="*" provider="tracetest" name="testprobe"`},
		{"usdt:libstdc++:libstdcxx:throw", `Probe usdt binary="libstdc++" provider="libstdcxx" name="throw"`},
		{"usdt:*", `Probe usdt binary="" provider="" name="*"`},
		{`usdt:./app:test:"\"probe1\""`, `Probe usdt binary="./app" provider="test" name="\"probe1\""`},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			src := tt.spec + " {}"
			p := mustParse(t, src).Groups[0].Probes[0]
			if got := describeProbe(p); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if p.Text != tt.spec {
				t.Errorf("Text = %q, want %q", p.Text, tt.spec)
			}
			if got := (&diag.File{Src: src}).Text(p.Sp); got != tt.spec {
				t.Errorf("span text = %q, want %q", got, tt.spec)
			}
		})
	}
}

func TestParseStatements(t *testing.T) {
	tests := []struct{ src, want string }{
		{"BEGIN { }", ""},
		{"BEGIN { ; ; }", ""},
		{"BEGIN { return }", "ReturnStmt\n"},
		{"BEGIN { return; }", "ReturnStmt\n"},
		{"BEGIN { $x = 1; $y = 2 }", "AssignStmt =\n  VarExpr $x\n  IntLit 1\nAssignStmt =\n  VarExpr $y\n  IntLit 2\n"},
		{"BEGIN { $x = 1; $y = 2; }", "AssignStmt =\n  VarExpr $x\n  IntLit 1\nAssignStmt =\n  VarExpr $y\n  IntLit 2\n"},
		{"BEGIN { @ = 1 }", "AssignStmt =\n  MapExpr @\n  IntLit 1\n"},
		{"BEGIN { @m = 1 }", "AssignStmt =\n  MapExpr @m\n  IntLit 1\n"},
		{"BEGIN { @m[1, $k] = 1 }", "AssignStmt =\n  MapExpr @m\n    IntLit 1\n    VarExpr $k\n  IntLit 1\n"},
		{"BEGIN { print(1) }", "ExprStmt\n  CallExpr print\n    IntLit 1\n"},
		{"BEGIN { printf(\"%d\\n\", 1) }", "ExprStmt\n  CallExpr printf\n    StrLit \"%d\\n\"\n    IntLit 1\n"},
		{"BEGIN { exit() }", "ExprStmt\n  CallExpr exit\n"},
		{"BEGIN { if (a) { b() } $x = 1 }", trim(`
IfStmt
  Ident a
  Block {}
    ExprStmt
      CallExpr b
AssignStmt =
  VarExpr $x
  IntLit 1
`)},
		{"BEGIN { if (a) { b() } else if (c) < d() > else { e() } }", trim(`
IfStmt
  Ident a
  Block {}
    ExprStmt
      CallExpr b
  IfStmt
    Ident c
    Block <>
      ExprStmt
        CallExpr d
    Block {}
      ExprStmt
        CallExpr e
`)},
		{"BEGIN < if (a > b) < $x = (c > d) > else { $y = e > f } >", trim(`
IfStmt
  BinaryExpr >
    Ident a
    Ident b
  Block <>
    AssignStmt =
      VarExpr $x
      BinaryExpr >
        Ident c
        Ident d
  Block {}
    AssignStmt =
      VarExpr $y
      BinaryExpr >
        Ident e
        Ident f
`)},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			if got := dumpBody(mustParse(t, tt.src)); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

func TestParseAssignOps(t *testing.T) {
	for _, op := range []string{"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="} {
		src := "BEGIN { $x " + op + " 1; @m[1] " + op + " 2 }"
		t.Run(src, func(t *testing.T) {
			stmts := mustParse(t, src).Groups[0].Body.Stmts
			for _, s := range stmts {
				if a, ok := s.(*AssignStmt); !ok || a.Op != op {
					t.Errorf("got %s, want an AssignStmt %s", strings.TrimSpace(Dump(s)), op)
				}
			}
		})
	}
}

// TestParseExprs checks expressions, given as the right side of $x = ...,
// against their dumps.
func TestParseExprs(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"a + b * c", "BinaryExpr +\n  Ident a\n  BinaryExpr *\n    Ident b\n    Ident c\n"},
		{"a * b + c", "BinaryExpr +\n  BinaryExpr *\n    Ident a\n    Ident b\n  Ident c\n"},
		{"a - b - c", "BinaryExpr -\n  BinaryExpr -\n    Ident a\n    Ident b\n  Ident c\n"},
		{"(a + b) * c", "BinaryExpr *\n  BinaryExpr +\n    Ident a\n    Ident b\n  Ident c\n"},
		{"a || b && c", "BinaryExpr ||\n  Ident a\n  BinaryExpr &&\n    Ident b\n    Ident c\n"},
		{"a | b ^ c & d", "BinaryExpr |\n  Ident a\n  BinaryExpr ^\n    Ident b\n    BinaryExpr &\n      Ident c\n      Ident d\n"},
		{"a == b < c", "BinaryExpr ==\n  Ident a\n  BinaryExpr <\n    Ident b\n    Ident c\n"},
		{"a != b >= c", "BinaryExpr !=\n  Ident a\n  BinaryExpr >=\n    Ident b\n    Ident c\n"},
		{"a <= b << c", "BinaryExpr <=\n  Ident a\n  BinaryExpr <<\n    Ident b\n    Ident c\n"},
		{"a > b >> c", "BinaryExpr >\n  Ident a\n  BinaryExpr >>\n    Ident b\n    Ident c\n"},
		{"a << b - c % d", "BinaryExpr <<\n  Ident a\n  BinaryExpr -\n    Ident b\n    BinaryExpr %\n      Ident c\n      Ident d\n"},
		{"a / b", "BinaryExpr /\n  Ident a\n  Ident b\n"},
		{"a ? b : c", "CondExpr\n  Ident a\n  Ident b\n  Ident c\n"},
		{"a || b ? c + 1 : d ? e : f", "CondExpr\n  BinaryExpr ||\n    Ident a\n    Ident b\n  BinaryExpr +\n    Ident c\n    IntLit 1\n  CondExpr\n    Ident d\n    Ident e\n    Ident f\n"},
		{"c ? a:b", "CondExpr\n  Ident c\n  Ident a\n  Ident b\n"},
		{"c?u:i", "CondExpr\n  Ident c\n  Ident u\n  Ident i\n"},
		{"c ? true:false", "CondExpr\n  Ident c\n  IntLit 1 true\n  IntLit 0 false\n"},
		{"!a", "UnaryExpr !\n  Ident a\n"},
		{"~a", "UnaryExpr ~\n  Ident a\n"},
		{"-a", "UnaryExpr -\n  Ident a\n"},
		{"*p", "UnaryExpr *\n  Ident p\n"},
		{"&v", "UnaryExpr &\n  Ident v\n"},
		{"- -a", "UnaryExpr -\n  UnaryExpr -\n    Ident a\n"},
		{"-a * b", "BinaryExpr *\n  UnaryExpr -\n    Ident a\n  Ident b\n"},
		{"*p->q", "UnaryExpr *\n  FieldExpr ->q\n    Ident p\n"},
		{"(struct item *)p", "CastExpr\n  TypeExpr struct item *\n  Ident p\n"},
		{"(union u)x", "CastExpr\n  TypeExpr union u\n  Ident x\n"},
		{"(enum e)x", "CastExpr\n  TypeExpr enum e\n  Ident x\n"},
		{"(unsigned long)x", "CastExpr\n  TypeExpr unsigned long\n  Ident x\n"},
		{"(unsigned long long int)x", "CastExpr\n  TypeExpr unsigned long long int\n  Ident x\n"},
		{"(const char *)p", "CastExpr\n  TypeExpr char *\n  Ident p\n"},
		{"(char **)p", "CastExpr\n  TypeExpr char **\n  Ident p\n"},
		{"(int)-1", "CastExpr\n  TypeExpr int\n  UnaryExpr -\n    IntLit 1\n"},
		{"(int8[8])1", "CastExpr\n  TypeExpr int8[8]\n  IntLit 1\n"},
		{"(unsigned char[])x", "CastExpr\n  TypeExpr unsigned char[]\n  Ident x\n"},
		{"(a[1]) - x", "BinaryExpr -\n  IndexExpr\n    Ident a\n    IntLit 1\n  Ident x\n"},
		{"(uint64_t)x", "CastExpr\n  TypeExpr uint64_t\n  Ident x\n"},
		{"(foo *)x", "CastExpr\n  TypeExpr foo *\n  Ident x\n"},
		{"(foo)(x + 1)", "CastExpr\n  TypeExpr foo\n  BinaryExpr +\n    Ident x\n    IntLit 1\n"},
		{"(foo)!x", "CastExpr\n  TypeExpr foo\n  UnaryExpr !\n    Ident x\n"},
		{"(a)(b)c", "CastExpr\n  TypeExpr a\n  CastExpr\n    TypeExpr b\n    Ident c\n"},
		// A name in parentheses before an operator that is also binary is
		// a parenthesized expression, not a cast.
		{"(foo)-x", "BinaryExpr -\n  Ident foo\n  Ident x\n"},
		{"(foo)*x", "BinaryExpr *\n  Ident foo\n  Ident x\n"},
		{"(foo)&x", "BinaryExpr &\n  Ident foo\n  Ident x\n"},
		{"(foo)", "Ident foo\n"},
		{"(struct item *)p->next", "CastExpr\n  TypeExpr struct item *\n  FieldExpr ->next\n    Ident p\n"},
		{"((struct item *)p)->next", "FieldExpr ->next\n  CastExpr\n    TypeExpr struct item *\n    Ident p\n"},
		{"req->user.name", "FieldExpr .name\n  FieldExpr ->user\n    Ident req\n"},
		{"a[1][i + 1]", "IndexExpr\n  IndexExpr\n    Ident a\n    IntLit 1\n  BinaryExpr +\n    Ident i\n    IntLit 1\n"},
		{"$v->a[2].b", "FieldExpr .b\n  IndexExpr\n    FieldExpr ->a\n      VarExpr $v\n    IntLit 2\n"},
		{"@m[pid, comm]", "MapExpr @m\n  Ident pid\n  Ident comm\n"},
		{"@m[1][2]", "IndexExpr\n  MapExpr @m\n    IntLit 1\n  IntLit 2\n"},
		{"@m", "MapExpr @m\n"},
		{"@", "MapExpr @\n"},
		{"@[1]", "MapExpr @\n  IntLit 1\n"},
		{"@m->x", "FieldExpr ->x\n  MapExpr @m\n"},
		{"args.req", "ArgsExpr args.req\n"},
		{"args.req->len", "FieldExpr ->len\n  ArgsExpr args.req\n"},
		{"args->x", "ArgsExpr args.x\n"},
		{"f()", "CallExpr f\n"},
		{"str(p, 8)", "CallExpr str\n  Ident p\n  IntLit 8\n"},
		{"sizeof(int)", "SizeofExpr\n  TypeExpr int\n"},
		{"sizeof(struct item)", "SizeofExpr\n  TypeExpr struct item\n"},
		{"sizeof(foo *)", "SizeofExpr\n  TypeExpr foo *\n"},
		{"sizeof(x)", "SizeofExpr\n  Ident x\n"},
		{"sizeof($v->a)", "SizeofExpr\n  FieldExpr ->a\n    VarExpr $v\n"},
		{"offsetof(struct item, name)", "OffsetofExpr name\n  TypeExpr struct item\n"},
		{"offsetof(item_t, a.b.c)", "OffsetofExpr a.b.c\n  TypeExpr item_t\n"},
		{"123", "IntLit 123\n"},
		{"0x1F", "IntLit 31 0x1F\n"},
		{"0X1f", "IntLit 31 0X1f\n"},
		{"017", "IntLit 15 017\n"},
		{"0", "IntLit 0\n"},
		{"0b101", "IntLit 5 0b101\n"},
		{"10u", "IntLit 10 10u\n"},
		{"10UL", "IntLit 10 10UL\n"},
		{"10llu", "IntLit 10 10llu\n"},
		{"18446744073709551615", "IntLit 18446744073709551615\n"},
		{"0xffffffffffffffff", "IntLit 18446744073709551615 0xffffffffffffffff\n"},
		{"'a'", "IntLit 97 'a'\n"},
		{`'\n'`, `IntLit 10 '\n'` + "\n"},
		{`'\''`, `IntLit 39 '\''` + "\n"},
		{`'\0'`, `IntLit 0 '\0'` + "\n"},
		{`'\x41'`, `IntLit 65 '\x41'` + "\n"},
		{"true", "IntLit 1 true\n"},
		{"false", "IntLit 0 false\n"},
		{`"hi"`, `StrLit "hi"` + "\n"},
		{`""`, `StrLit ""` + "\n"},
		{`"a\n\t\\\"\'\0\x41\101\e"`, `StrLit "a\n\t\\\"'\x00AA\x1b"` + "\n"},
		{`"a" "b"`, `StrLit "ab"` + "\n"},
		{`"é"`, `StrLit "é"` + "\n"},
		{"ustack", "Ident ustack\n"},
		{"kstack + func + probe", "BinaryExpr +\n  BinaryExpr +\n    Ident kstack\n    Ident func\n  Ident probe\n"},
		{"$name", "VarExpr $name\n"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			src := "BEGIN { $x = " + tt.expr + " }"
			a, ok := mustParse(t, src).Groups[0].Body.Stmts[0].(*AssignStmt)
			if !ok {
				t.Fatalf("not an assignment")
			}
			if got := Dump(a.RHS); got != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}

// TestBlockForms checks that { } and < > blocks give the same tree.
func TestBlockForms(t *testing.T) {
	tests := []struct{ brace, angle string }{
		{"BEGIN { print(1) }", "BEGIN < print(1) >"},
		{"BEGIN { $x = 1; @m[1] = $x }", "BEGIN < $x = 1; @m[1] = $x; >"},
		{"BEGIN { $x = (a > b) }", "BEGIN < $x = (a > b) >"},
		{"BEGIN { $x = a < b }", "BEGIN < $x = a < b >"},
		{"BEGIN { $x = a <= b << 1 }", "BEGIN < $x = a <= b << 1 >"},
		{"BEGIN { $x = f(a > b, c[d > e]) }", "BEGIN < $x = f(a > b, c[d > e]) >"},
		{"BEGIN { $x = (a >= b) + (c >> 1) }", "BEGIN < $x = (a >= b) + (c >> 1) >"},
		{"BEGIN { $x = c ? a : b }", "BEGIN < $x = c ? a : b >"},
		{"BEGIN { $x >>= 1 }", "BEGIN < $x >>= 1 >"},
		{"BEGIN { if (a > b) { $x = 1 } else { return } }", "BEGIN < if (a > b) { $x = 1 } else < return > >"},
		{"BEGIN { if (a) { if (b) { c() } } }", "BEGIN < if (a) < if (b) < c() > > >"},
	}
	for _, tt := range tests {
		t.Run(tt.angle, func(t *testing.T) {
			want := Dump(mustParse(t, tt.brace))
			p2 := mustParse(t, tt.angle)
			got := strings.ReplaceAll(Dump(p2), "Block <>", "Block {}")
			if got != want {
				t.Errorf("angle form:\n%s\nbrace form:\n%s", got, want)
			}
			if !strings.Contains(Dump(p2), "Block <>") {
				t.Errorf("Angle not set:\n%s", Dump(p2))
			}
		})
	}
}

// TestSpans checks that nodes cover exactly their source text.
func TestSpans(t *testing.T) {
	tests := []struct {
		src  string
		want []string // span texts of every node, in Inspect order
	}{
		{
			"BEGIN { print(req->user.name) }",
			[]string{
				"BEGIN { print(req->user.name) }", "BEGIN", "{ print(req->user.name) }",
				"print(req->user.name)", "print(req->user.name)", "req->user.name", "req->user", "req",
			},
		},
		{
			"u:./a:f /(pid)==1/ < $x = (a + b) * -c; >",
			[]string{
				"u:./a:f /(pid)==1/ < $x = (a + b) * -c; >", "u:./a:f", "(pid)==1", "pid", "1",
				"< $x = (a + b) * -c; >", "$x = (a + b) * -c", "$x", "(a + b) * -c", "a + b", "a", "b", "-c", "c",
			},
		},
		{
			"BEGIN{if(x){return}else if(y){@m[1,2]+=3}}",
			[]string{
				"BEGIN{if(x){return}else if(y){@m[1,2]+=3}}", "BEGIN", "{if(x){return}else if(y){@m[1,2]+=3}}",
				"if(x){return}else if(y){@m[1,2]+=3}", "x", "{return}", "return",
				"if(y){@m[1,2]+=3}", "y", "{@m[1,2]+=3}", "@m[1,2]+=3", "@m[1,2]", "1", "2", "3",
			},
		},
		{
			"END { $x = c ? (int)a : sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\" }",
			[]string{
				"END { $x = c ? (int)a : sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\" }", "END",
				"{ $x = c ? (int)a : sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\" }",
				"$x = c ? (int)a : sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\"", "$x",
				"c ? (int)a : sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\"", "c",
				"(int)a", "int", "a",
				"sizeof(struct s) + offsetof(t, f) + args.n + \"s\" \"t\"",
				"sizeof(struct s) + offsetof(t, f) + args.n",
				"sizeof(struct s) + offsetof(t, f)",
				"sizeof(struct s)", "struct s", "offsetof(t, f)", "t", "args.n", "\"s\" \"t\"",
			},
		},
		{
			// Non-ASCII text before the nodes: spans are byte offsets.
			"/* é */ BEGIN { printf(\"ü%d\", (x)) }",
			[]string{
				"BEGIN { printf(\"ü%d\", (x)) }", "BEGIN", "{ printf(\"ü%d\", (x)) }",
				"printf(\"ü%d\", (x))", "printf(\"ü%d\", (x))", "\"ü%d\"", "x",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			prog := mustParse(t, tt.src)
			var got []string
			Inspect(prog, func(n Node) bool {
				if n == nil {
					return false
				}
				if _, ok := n.(*Program); !ok {
					got = append(got, prog.File.Text(n.Span()))
				}
				return true
			})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			// Every span's positions agree with its offsets.
			Inspect(prog, func(n Node) bool {
				if n == nil {
					return false
				}
				sp := n.Span()
				if sp.Start != prog.File.PosAt(sp.Start.Offset) || sp.End != prog.File.PosAt(sp.End.Offset) {
					t.Errorf("%T: span %+v disagrees with PosAt", n, sp)
				}
				return true
			})
		})
	}
}

func TestSubSpans(t *testing.T) {
	src := "BEGIN { print(req->user.name, foo(1)) }"
	prog := mustParse(t, src)
	call := prog.Groups[0].Body.Stmts[0].(*ExprStmt).X.(*CallExpr)
	f := prog.File
	if got := f.Text(call.FnSp); got != "print" {
		t.Errorf("FnSp text = %q", got)
	}
	fe := call.Args[0].(*FieldExpr)
	if got := f.Text(fe.NameSp); got != "name" {
		t.Errorf("NameSp text = %q", got)
	}
	if got := f.Text(fe.X.(*FieldExpr).NameSp); got != "user" {
		t.Errorf("inner NameSp text = %q", got)
	}
	if got := f.Text(call.Args[1].(*CallExpr).FnSp); got != "foo" {
		t.Errorf("inner FnSp text = %q", got)
	}
	if p := prog.Groups[0].Body.Sp.Start; p.Line != 1 || p.Col != 7 || p.Offset != 6 {
		t.Errorf("block starts at %+v", p)
	}
}

func TestMultiline(t *testing.T) {
	src := "BEGIN {\n\t$x = 1;\n\tprint($x +\n\t      2)\n}\n"
	prog := mustParse(t, src)
	call := prog.Groups[0].Body.Stmts[1].(*ExprStmt).X.(*CallExpr)
	sp := call.Args[0].Span()
	if got := prog.File.Text(sp); got != "$x +\n\t      2" {
		t.Errorf("text = %q", got)
	}
	if sp.Start.Line != 3 || sp.Start.Col != 8 || sp.End.Line != 4 || sp.End.Col != 9 {
		t.Errorf("span = %+v", sp)
	}
}

// TestErrors pins the whole rendered diagnostics of bad scripts, caret
// included.
func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{
			"BEGIN { print(1 }",
			`
t.gs:1:17: error: unexpected "}", expected ")" or ","
    BEGIN { print(1 }
                    ^
`,
		},
		{
			"BEGIN { print(1)",
			`
t.gs:1:17: error: expected "}"
    BEGIN { print(1)
                    ^
`,
		},
		{
			"BEGIN { $x = }",
			`
t.gs:1:14: error: unexpected "}", expected expression
    BEGIN { $x = }
                 ^
`,
		},
		{
			"BEGIN { print(1) print(2) }",
			`
t.gs:1:17: error: expected ";"
    BEGIN { print(1) print(2) }
                    ^
`,
		},
		{
			"BEGIN {\n\t$x = 1\n\t$y = 2\n}",
			`
t.gs:2:8: error: expected ";"
     $x = 1
           ^
`,
		},
		{
			"BEGIN { $x = 1 $y = 2 $z = 3 }",
			`
t.gs:1:15: error: expected ";"
    BEGIN { $x = 1 $y = 2 $z = 3 }
                  ^
t.gs:1:22: error: expected ";"
    BEGIN { $x = 1 $y = 2 $z = 3 }
                         ^
`,
		},
		// At the top level of an angle block ">" closes the block, and ">="
		// and ">>" are not operators: they need parentheses.
		{
			"BEGIN < $x = a >= 1 >",
			`
t.gs:1:16: error: unexpected ">=", expected ">"
    BEGIN < $x = a >= 1 >
                   ^~
hint: ">=" cannot be used at the top level of a < > block; put the expression in parentheses
`,
		},
		{
			"BEGIN < $x = a >> 1 >",
			`
t.gs:1:16: error: unexpected ">>", expected ">"
    BEGIN < $x = a >> 1 >
                   ^~
hint: ">>" cannot be used at the top level of a < > block; put the expression in parentheses, or write "> >" to close two blocks
`,
		},
		{
			"BEGIN < if (x) < print(1) >>",
			`
t.gs:1:27: error: unexpected ">>", expected ">"
    BEGIN < if (x) < print(1) >>
                              ^~
hint: ">>" cannot be used at the top level of a < > block; put the expression in parentheses, or write "> >" to close two blocks
`,
		},
		{
			"BEGIN < $x = a > b >",
			`
t.gs:1:18: error: unexpected "b", expected probe, "BEGIN", "END" or end of file
    BEGIN < $x = a > b >
                     ^
hint: a ">" at the top level of a < > block ends the block; put a comparison in parentheses: (a > b)
`,
		},
		{
			"u:./a:f /a / b/ { }",
			`
t.gs:1:14: error: unexpected "b", expected "{" or "<"
    u:./a:f /a / b/ { }
                 ^
hint: a filter ends at its second "/"; put a division in parentheses, e.g. /(a / b) > 1/
`,
		},
		{
			"u:./a:f /pid == 1 { }",
			`
t.gs:1:19: error: expected "/"
    u:./a:f /pid == 1 { }
                      ^
`,
		},
		{
			"BEGIN { x = 1 }",
			`
t.gs:1:9: error: cannot assign to "x"
    BEGIN { x = 1 }
            ^
hint: script variables start with "$": $x
`,
		},
		{
			"BEGIN { a->b = 1 }",
			`
t.gs:1:9: error: cannot assign to "a->b"
    BEGIN { a->b = 1 }
            ^~~~
hint: only $variables and @maps can be assigned
`,
		},
		{
			"BEGN { }",
			`
t.gs:1:1: error: unexpected "BEGN", expected probe, "BEGIN", "END" or end of file
    BEGN { }
    ^~~~
hint: did you mean "BEGIN"?
`,
		},
		{
			"foo { }",
			`
t.gs:1:1: error: unexpected "foo", expected probe, "BEGIN", "END" or end of file
    foo { }
    ^~~
hint: probes look like uprobe:BINARY:FUNCTION, uretprobe:BINARY:FUNCTION, interval:ms:N, BEGIN or END
`,
		},
		{
			"foo:bar { }",
			`
t.gs:1:1: error: unknown probe type "foo"
    foo:bar { }
    ^~~
hint: gs has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes
`,
		},
		{
			"usdt:./a:b:c:d { }",
			`
t.gs:1:13: error: too many parts in usdt probe "usdt:./a:b:c:d"
    usdt:./a:b:c:d { }
                ^~
hint: write usdt:BINARY:PROVIDER:NAME or usdt:BINARY:NAME
`,
		},
		{
			"usdt:./a: { }",
			`
t.gs:1:10: error: missing usdt probe name
    usdt:./a: { }
             ^
hint: write usdt:BINARY:PROVIDER:NAME or usdt:BINARY:NAME; * matches every probe
`,
		},
		{
			"usdt:./a:p:\"x\"+4 { }",
			`
t.gs:1:12: error: a usdt probe takes no offset
    usdt:./a:p:"x"+4 { }
               ^~~~~
`,
		},
		{
			"BEGIN { \"abc }",
			`
t.gs:1:9: error: unterminated string literal
    BEGIN { "abc }
            ^
`,
		},
		{
			"BEGIN { print(\"abc\n) }\nEND { }",
			`
t.gs:1:15: error: unterminated string literal
    BEGIN { print("abc
                  ^
`,
		},
		{
			"BEGIN { /* abc }",
			`
t.gs:1:9: error: unterminated comment
    BEGIN { /* abc }
            ^~
`,
		},
		{
			"BEGIN { print(1) } #",
			`
t.gs:1:20: error: unexpected character "#"
    BEGIN { print(1) } #
                       ^
hint: # starts a line of its own: #define or #include
`,
		},
		{
			"BEGIN { $x = 'ab' + '' + 'x }",
			`
t.gs:1:14: error: character literal 'ab' holds more than one byte
    BEGIN { $x = 'ab' + '' + 'x }
                 ^~~~
hint: use a string literal for text: "ab"
t.gs:1:21: error: empty character literal
    BEGIN { $x = 'ab' + '' + 'x }
                        ^~
t.gs:1:26: error: unterminated character literal
    BEGIN { $x = 'ab' + '' + 'x }
                             ^
`,
		},
		{
			"BEGIN { print(\"\\q \\x \\777 \\é\") }",
			`
t.gs:1:16: error: unknown escape sequence "\q"
    BEGIN { print("\q \x \777 \é") }
                   ^~
hint: known escapes: \n \t \r \\ \" \' \0 \xHH \ooo
t.gs:1:19: error: "\x" needs hex digits
    BEGIN { print("\q \x \777 \é") }
                      ^~
hint: write a byte as \xHH, e.g. \x1b
t.gs:1:22: error: octal escape "\777" is larger than 255
    BEGIN { print("\q \x \777 \é") }
                         ^~~~
t.gs:1:27: error: unknown escape sequence "\é"
    BEGIN { print("\q \x \777 \é") }
                              ^~~
hint: known escapes: \n \t \r \\ \" \' \0 \xHH \ooo
`,
		},
		{
			"BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }",
			`
t.gs:1:14: error: invalid integer literal "0x"
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                 ^~
t.gs:1:20: error: invalid digit "8" in octal literal
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                       ^
t.gs:1:24: error: integer literal 99999999999999999999 overflows 64 bits
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                           ^~~~~~~~~~~~~~~~~~~~
hint: the largest integer is 18446744073709551615 (0xffffffffffffffff)
t.gs:1:49: error: invalid digit "a" in decimal literal
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                                                    ^
t.gs:1:56: error: invalid suffix "uu" on integer literal
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                                                           ^~
t.gs:1:63: error: invalid digit "2" in binary literal
    BEGIN { $x = 0x + 08 + 99999999999999999999 + 12abc + 1uu + 0b2 }
                                                                  ^
`,
		},
		{
			"interval:x:0 {}",
			`
t.gs:1:10: error: unknown interval unit "x"
    interval:x:0 {}
             ^
hint: use s, ms, us, ns or hz
t.gs:1:12: error: invalid interval "0"
    interval:x:0 {}
               ^
hint: the interval must be a positive decimal integer
`,
		},
		{
			"profile:ns:10 {} watchpoint:0x10:3:q {} software:faults:x {}",
			`
t.gs:1:9: error: unknown profile unit "ns"
    profile:ns:10 {} watchpoint:0x10:3:q {} software:faults:x {}
            ^~
hint: use hz, s, ms or us, e.g. profile:hz:99
t.gs:1:34: error: invalid watchpoint length "3"
    profile:ns:10 {} watchpoint:0x10:3:q {} software:faults:x {}
                                     ^
hint: the length is 1, 2, 4 or 8 bytes
t.gs:1:36: error: invalid watchpoint mode "q"
    profile:ns:10 {} watchpoint:0x10:3:q {} software:faults:x {}
                                       ^
hint: the mode is a combination of r, w and x: w, rw or x on x86-64
t.gs:1:57: error: invalid count "x"
    profile:ns:10 {} watchpoint:0x10:3:q {} software:faults:x {}
                                                            ^
hint: the count (events per sample) must be a positive decimal integer
`,
		},
		{
			"interval:s:1x {}",
			`
t.gs:1:12: error: invalid interval "1x"
    interval:s:1x {}
               ^~
hint: the interval must be a positive decimal integer
`,
		},
		{
			"i:ms {}",
			`
t.gs:1:1: error: malformed interval probe "i:ms"
    i:ms {}
    ^~~~
hint: write interval:NUNIT or interval:UNIT:N with UNIT s, ms, us, ns or hz, e.g. interval:100ms
`,
		},
		{
			"u:./a:f+zz, u:./a:f.c:x, u:./a:main.c:0, u:./a:0xzz {}",
			`
t.gs:1:9: error: invalid offset "zz"
    u:./a:f+zz, u:./a:f.c:x, u:./a:main.c:0, u:./a:0xzz {}
            ^~
hint: write FUNCTION+OFFSET with a decimal or hex offset, e.g. main+0x10
t.gs:1:23: error: invalid line number "x"
    u:./a:f+zz, u:./a:f.c:x, u:./a:main.c:0, u:./a:0xzz {}
                          ^
hint: write FILE:LINE with a positive decimal line, e.g. main.c:42
t.gs:1:39: error: invalid line number "0"
    u:./a:f+zz, u:./a:f.c:x, u:./a:main.c:0, u:./a:0xzz {}
                                          ^
hint: write FILE:LINE with a positive decimal line, e.g. main.c:42
t.gs:1:48: error: invalid address "0xzz"
    u:./a:f+zz, u:./a:f.c:x, u:./a:main.c:0, u:./a:0xzz {}
                                                   ^~~~
hint: write an address in hex, e.g. 0x4011a0
`,
		},
		{
			"u:./a: {}",
			`
t.gs:1:7: error: missing function name
    u:./a: {}
          ^
hint: write u:BINARY:FUNCTION, e.g. uprobe:./app:main
`,
		},
		{
			"u::./a {}",
			`
t.gs:1:3: error: missing binary before ":"
    u::./a {}
      ^
`,
		},
		{
			"u:./a:f/pid==1/ {}",
			`
t.gs:1:7: error: invalid function name "f/pid==1/"
    u:./a:f/pid==1/ {}
          ^~~~~~~~~
hint: put a space between a probe and its filter: u:./a:f /FILTER/
`,
		},
		{
			`u:./a:"geo::f(int)"x {}`,
			`
t.gs:1:20: error: unexpected "x" after the quoted function name
    u:./a:"geo::f(int)"x {}
                       ^
hint: write "NAME" or "NAME"+OFFSET
`,
		},
		{
			"kprobe:foo {}",
			`
t.gs:1:1: error: not supported by gs: kprobe probes
    kprobe:foo {}
    ^~~~~~
hint: gs traces user space: it has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes
`,
		},
		{
			"BEGIN:x {}",
			`
t.gs:1:1: error: unknown probe type "BEGIN"
    BEGIN:x {}
    ^~~~~
hint: BEGIN takes no arguments
`,
		},
		{
			"BEGIN { print(1) } }",
			`
t.gs:1:20: error: unexpected "}", expected probe, "BEGIN", "END" or end of file
    BEGIN { print(1) } }
                       ^
`,
		},
		{
			"BEGIN { if x + 1 { } }",
			`
t.gs:1:14: error: unexpected "+", expected "{" or "<"
    BEGIN { if x + 1 { } }
                 ^
hint: an if's condition without parentheses is a unary expression; put one with operators in parentheses: if (a + b) { ... }
t.gs:1:18: error: unexpected "{", expected "}"
    BEGIN { if x + 1 { } }
                     ^
t.gs:1:22: error: unexpected "}", expected probe, "BEGIN", "END" or end of file
    BEGIN { if x + 1 { } }
                         ^
`,
		},
		{
			"BEGIN { print(1,) }",
			`
t.gs:1:17: error: unexpected ")", expected expression
    BEGIN { print(1,) }
                    ^
`,
		},
		{
			"BEGIN { a[1, 2] }",
			`
t.gs:1:12: error: an index takes one expression
    BEGIN { a[1, 2] }
               ^
hint: only @maps take several keys, e.g. @m[pid, comm]
`,
		},
		{
			"BEGIN",
			`
t.gs:1:6: error: unexpected end of file, expected "{", "," or "<"
    BEGIN
         ^
`,
		},
		{
			"BEGIN { $ }",
			`
t.gs:1:9: error: unexpected character "$"
    BEGIN { $ }
            ^
`,
		},
		{
			"u:./a:f, {}",
			`
t.gs:1:10: error: expected probe, "BEGIN" or "END"
    u:./a:f, {}
             ^
`,
		},
		{
			"BEGIN { (int) }",
			`
t.gs:1:15: error: unexpected "}", expected expression
    BEGIN { (int) }
                  ^
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, diags := ParseString("t.gs", tt.src)
			if got, want := render(diags), trim(tt.want); got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
			if !diags.HasErrors() {
				t.Errorf("no errors")
			}
		})
	}
}

func TestInspect(t *testing.T) {
	prog := mustParse(t, "BEGIN { print(a + b); if (c) { d() } }")
	var got []string
	Inspect(prog, func(n Node) bool {
		switch n := n.(type) {
		case nil:
			got = append(got, "pop")
		case *BinaryExpr:
			got = append(got, "binary")
			return false // prune: a and b are not visited
		case *Ident:
			got = append(got, n.Name)
		case *CallExpr:
			got = append(got, n.Fn)
		}
		return true
	})
	// Every node entered is left with f(nil); a pruned one is not.
	want := "pop print binary pop pop c pop d pop pop pop pop pop pop pop"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	// A partial tree (after syntax errors) has nil parts; Inspect and Dump
	// skip them.
	prog, _ = ParseString("t.gs", "BEGIN { $x = ; print(1 + ) }")
	Inspect(prog, func(Node) bool { return true })
	if !strings.Contains(Dump(&ProbeGroup{}), "<nil>") {
		t.Errorf("Dump of an empty group shows no <nil>:\n%s", Dump(&ProbeGroup{}))
	}
	if got := Dump(nil); got != "<nil>\n" {
		t.Errorf("Dump(nil) = %q", got)
	}
}
