package parser

import (
	"runtime"
	"testing"
)

// Tests of bpftrace's syntax as bpftrace writes it today (issue 13): the
// tree each construct gives, and the diagnostics of its mistakes.

func TestBpftraceSyntax(t *testing.T) {
	tests := []struct{ src, want string }{
		{
			"begin { } end { }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
  ProbeGroup
    Probe END
    Block {}
`),
		},
		{
			"begin { $i = 0; while ($i < 3) { $i++ } }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      AssignStmt =
        VarExpr $i
        IntLit 0
      WhileStmt
        BinaryExpr <
          VarExpr $i
          IntLit 3
        Block {}
          AssignStmt +=
            VarExpr $i
            IntLit 1
`),
		},
		{
			"begin < while ($i < 3) < $i-- > >",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block <>
      WhileStmt
        BinaryExpr <
          VarExpr $i
          IntLit 3
        Block <>
          AssignStmt -=
            VarExpr $i
            IntLit 1
`),
		},
		{
			"begin { unroll(2) { @x++; --@y; ++$z } }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      UnrollStmt
        IntLit 2
        Block {}
          AssignStmt +=
            MapExpr @x
            IntLit 1
          AssignStmt -=
            MapExpr @y
            IntLit 1
          AssignStmt +=
            VarExpr $z
            IntLit 1
`),
		},
		{
			"begin { for ($i : 0..10) { continue; break } }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ForStmt range
        VarExpr $i
        IntLit 0
        IntLit 10
        Block {}
          BranchStmt continue
          BranchStmt break
`),
		},
		{
			"begin { for ($kv : @m) { print($kv.0) } }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ForStmt map
        VarExpr $kv
        MapExpr @m
        Block {}
          ExprStmt
            CallExpr print
              FieldExpr .0
                VarExpr $kv
`),
		},
		{
			"begin { let $x; let $y: uint8 = 1; let @m = hash(10) }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      LetStmt
        VarExpr $x
      LetStmt
        VarExpr $y
        TypeExpr uint8
        IntLit 1
      LetStmt
        MapExpr @m
        CallExpr hash
          IntLit 10
`),
		},
		{
			"begin { $y = $x++; $z = --$x }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      Block {}
        AssignStmt =
          VarExpr $y
          VarExpr $x
        AssignStmt +=
          VarExpr $x
          IntLit 1
      Block {}
        AssignStmt -=
          VarExpr $x
          IntLit 1
        AssignStmt =
          VarExpr $z
          VarExpr $x
`),
		},
		{
			"begin { print($1, $#, $12) }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ExprStmt
        CallExpr print
          ParamExpr $1
          ParamExpr $#
          ParamExpr $12
`),
		},
		{
			"begin { print(1s + 2ms + 3us + 4ns + 1m + 1h + 1d + 1_000 + 2e3) }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ExprStmt
        CallExpr print
          BinaryExpr +
            BinaryExpr +
              BinaryExpr +
                BinaryExpr +
                  BinaryExpr +
                    BinaryExpr +
                      BinaryExpr +
                        BinaryExpr +
                          IntLit 1000000000 1s
                          IntLit 2000000 2ms
                        IntLit 3000 3us
                      IntLit 4 4ns
                    IntLit 60000000000 1m
                  IntLit 3600000000000 1h
                IntLit 86400000000000 1d
              IntLit 1000 1_000
            IntLit 2000 2e3
`),
		},
		{
			"i:500ms {} interval:1s {} interval:hz:99 {} interval:s:1 {}",
			trim(`
Program
  ProbeGroup
    Probe interval unit=ms n=500
    Block {}
  ProbeGroup
    Probe interval unit=s n=1
    Block {}
  ProbeGroup
    Probe interval unit=hz n=99
    Block {}
  ProbeGroup
    Probe interval unit=s n=1
    Block {}
`),
		},
		{
			"config = { max_strlen = 8; BPFTRACE_STACK_MODE = raw; x = \"s\"; y = true } begin {}",
			trim(`
Program
  ConfigItem max_strlen="8"
  ConfigItem BPFTRACE_STACK_MODE="raw"
  ConfigItem x="s"
  ConfigItem y="true"
  ProbeGroup
    Probe BEGIN
    Block {}
`),
		},
		{
			"macro one() { 1 } macro add(x, $v, @m) { $v += x; @m[x] = one } macro twice(x, @n) { add(x, $q, @n); add(x + 1, $q, @n) } begin { print(one + one()); twice(5, @k) }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      ExprStmt
        CallExpr print
          BinaryExpr +
            IntLit 1
            IntLit 1
      Block {}
        Block {}
          AssignStmt +=
            VarExpr $q__twice3
            IntLit 5
          AssignStmt =
            MapExpr @k
              IntLit 5
            IntLit 1
        Block {}
          AssignStmt +=
            VarExpr $q__twice3
            BinaryExpr +
              IntLit 5
              IntLit 1
          AssignStmt =
            MapExpr @k
              BinaryExpr +
                IntLit 5
                IntLit 1
            IntLit 1
`),
		},
		{
			"macro f($a) { $t = $a; print($t) } begin { $t = 1; f($t) }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      AssignStmt =
        VarExpr $t
        IntLit 1
      Block {}
        AssignStmt =
          VarExpr $t__f1
          VarExpr $t
        ExprStmt
          CallExpr print
            VarExpr $t__f1
`),
		},
		{
			"begin { $x = (int32 *)0; $y = (uint64)1 }",
			trim(`
Program
  ProbeGroup
    Probe BEGIN
    Block {}
      AssignStmt =
        VarExpr $x
        CastExpr
          TypeExpr int32 *
          IntLit 0
      AssignStmt =
        VarExpr $y
        CastExpr
          TypeExpr uint64
          IntLit 1
`),
		},
		{
			"uprobe:./a:end { $end = end; $config = config; $let = let }",
			trim(`
Program
  ProbeGroup
    Probe uprobe binary="./a" func="end"
    Block {}
      AssignStmt =
        VarExpr $end
        Ident end
      AssignStmt =
        VarExpr $config
        Ident config
      AssignStmt =
        VarExpr $let
        Ident let
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

func TestBpftraceSyntaxErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{
			"kprobe:f {} tracepoint:a:b {} h:cycles:10 {}",
			`
t.gs:1:1: error: not supported by gs: kprobe probes
    kprobe:f {} tracepoint:a:b {} h:cycles:10 {}
    ^~~~~~
hint: gs traces user space: it has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes
t.gs:1:13: error: not supported by gs: tracepoint probes
    kprobe:f {} tracepoint:a:b {} h:cycles:10 {}
                ^~~~~~~~~~
hint: gs traces user space: it has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes
t.gs:1:31: error: not supported by gs: hardware probes
    kprobe:f {} tracepoint:a:b {} h:cycles:10 {}
                                  ^
hint: gs traces user space: it has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes
`,
		},
		{
			"begin {} config = { a = 1 }",
			`
t.gs:1:10: error: the config block must come before the probes
    begin {} config = { a = 1 }
             ^~~~~~~~~~~~~~~~~~
`,
		},
		{
			"begin { for ($i : 0..) {} }",
			`
t.gs:1:22: error: unexpected ")", expected expression
    begin { for ($i : 0..) {} }
                         ^
t.gs:1:27: error: unexpected "}", expected ")"
    begin { for ($i : 0..) {} }
                              ^
`,
		},
		{
			"i:500xs {}",
			`
t.gs:1:6: error: unknown interval unit "xs"
    i:500xs {}
         ^~
hint: use s, ms, us, ns or hz
`,
		},
		{
			"begin { print(1_) }",
			`
t.gs:1:15: error: invalid integer literal "1_"
    begin { print(1_) }
                  ^~
hint: write digits with single underscores between them, e.g. 1_000_000
`,
		},
		{
			"macro f(a, b) { a + b } begin { f(1) }",
			`
t.gs:1:33: error: macro f takes 2 arguments, got 1
    macro f(a, b) { a + b } begin { f(1) }
                                    ^~~~
hint: it is defined at 1:1
`,
		},
		{
			"macro f(a) { @m = a } begin { f(1) }",
			`
t.gs:1:14: error: macro f uses @m, which is not one of its parameters
    macro f(a) { @m = a } begin { f(1) }
                 ^~
hint: pass the map in: macro f(..., @m)
`,
		},
		{
			"macro f($a) { $a } begin { f(1) }",
			`
t.gs:1:30: error: macro f takes a $variable for $a
    macro f($a) { $a } begin { f(1) }
                                 ^
`,
		},
		{
			"macro f() { f() } begin { f() }",
			`
t.gs:1:13: error: macro f calls itself
    macro f() { f() } begin { f() }
                ^~~
hint: a macro may not call itself, directly or through another macro
`,
		},
		{
			"begin { 1++ }",
			`
t.gs:1:9: error: cannot assign to "1"
    begin { 1++ }
            ^
hint: only $variables and @maps can be assigned
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, diags := ParseString("t.gs", tt.src)
			if got := "\n" + render(diags); got != tt.want {
				t.Errorf("got:%s\nwant:%s", got, tt.want)
			}
		})
	}
}

func TestCDecls(t *testing.T) {
	src := "struct A { int x[4]; struct A *next; unsigned long y : 3; char name[8][2]; } enum E { X, Y = 5, Z = -1, }; union U { const int a; char **b; } begin { }"
	want := trim(`
Program
  CDecl struct A { int x [4]; struct A *next []; unsigned long y []:3; char name [8 2]; }
  CDecl enum E { X=0 Y=5 Z=-1 }
  CDecl union U { int a []; char **b []; }
  ProbeGroup
    Probe BEGIN
    Block {}
`)
	if got := Dump(mustParse(t, src)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	_, diags := ParseString("t.gs", "begin { } struct late { int x; }")
	want = `
t.gs:1:11: error: C definitions must come before the probes
    begin { } struct late { int x; }
              ^~~~~~~~~~~~~~~~~~~~~~
`
	if got := "\n" + render(diags); got != want {
		t.Errorf("got:%s\nwant:%s", got, want)
	}
}

func TestTuplesAndReturn(t *testing.T) {
	src := "let @m = hash(2); begin { print((1, $x), (2,)); return $y }"
	want := trim(`
Program
  LetStmt
    MapExpr @m
    CallExpr hash
      IntLit 2
  ProbeGroup
    Probe BEGIN
    Block {}
      ExprStmt
        CallExpr print
          TupleExpr
            IntLit 1
            VarExpr $x
          TupleExpr
            IntLit 2
      ReturnStmt
        VarExpr $y
`)
	if got := Dump(mustParse(t, src)); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestPreprocessor: #define NAME TOKENS replaces later uses of NAME (names
// defined before expand inside it), #include is a warning, a #! first line
// is skipped, and other uses of # are errors at their position.
func TestPreprocessor(t *testing.T) {
	src := "#!/usr/bin/env gs\n#include <stdint.h>\n#define N 3\n#define TWICE (N * 2)\n#define MSG \"hi\"\nbegin { printf(MSG, TWICE + N) }\n"
	prog, diags := ParseString("t.gs", src)
	want := `
t.gs:2:1: warning: not supported by gs: #include (ignored)
    #include <stdint.h>
    ^~~~~~~~~~~~~~~~~~~
hint: gs reads the program's types from its DWARF; define others in the script: struct NAME { ... }
`
	if got := "\n" + render(diags); got != want {
		t.Errorf("got:%s\nwant:%s", got, want)
	}
	wantTree := trim(`
ExprStmt
  CallExpr printf
    StrLit "hi"
    BinaryExpr +
      BinaryExpr *
        IntLit 3
        IntLit 2
      IntLit 3
`)
	if got := dumpBody(prog); got != wantTree {
		t.Errorf("got:\n%s\nwant:\n%s", got, wantTree)
	}
	_, diags = ParseString("t.gs", "#define F(x) x\nbegin { $x = 1 # 2\n}\n#pragma once\n#include <lol/no.h>\n#include \"no-such.h\"\n")
	want = `
t.gs:1:1: error: not supported by gs: a #define with parameters
    #define F(x) x
    ^~~~~~~~~~~~~~
hint: write a macro: macro F(x) { ... }
t.gs:2:16: error: unexpected character "#"
    begin { $x = 1 # 2
                   ^
hint: # starts a line of its own: #define or #include
t.gs:4:1: error: unknown directive #pragma
    #pragma once
    ^~~~~~~~~~~~
hint: gs knows #define and #include
t.gs:5:10: error: "lol/no.h" file not found
    #include <lol/no.h>
             ^~~~~~~~~~
hint: gs looks in /usr/local/include, /usr/include/` + multiarch[runtime.GOARCH] + `, /usr/include
t.gs:6:10: error: "no-such.h" file not found
    #include "no-such.h"
             ^~~~~~~~~~~
hint: gs looks in ., /usr/local/include, /usr/include/` + multiarch[runtime.GOARCH] + `, /usr/include
`
	if got := "\n" + render(diags); got != want {
		t.Errorf("got:%s\nwant:%s", got, want)
	}
}

func TestCDeclInline(t *testing.T) {
	prog := mustParse(t, "struct Foo { int x; struct Bar { int y; } bar; union { char m[3] } u } begin { }")
	fs := prog.Types[0].Fields
	if len(fs) != 3 || fs[1].Inline == nil || fs[1].Inline.Name != "Bar" || fs[1].Type.Name != "struct Bar" ||
		fs[2].Inline == nil || fs[2].Inline.Name != "" || len(fs[2].Inline.Fields) != 1 || fs[2].Inline.Fields[0].Dims[0] != 3 {
		t.Errorf("fields: %s", Dump(prog))
	}
}

// TestBlockExpr: a block used as a value runs its statements before the
// statement that uses it; a block as a statement is a block; where the
// value may be evaluated more than once the parser refuses it.
func TestBlockExpr(t *testing.T) {
	got := dumpBody(mustParse(t, "begin { @ = { let $a = 100; avg($a) }; if ({ $b = 1; $b }) { { print(1) } } }"))
	want := trim(`
Block {}
  LetStmt
    VarExpr $a
    IntLit 100
  AssignStmt =
    MapExpr @
    CallExpr avg
      VarExpr $a
Block {}
  AssignStmt =
    VarExpr $b
    IntLit 1
  IfStmt
    VarExpr $b
    Block {}
      Block {}
        ExprStmt
          CallExpr print
            IntLit 1
`)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	_, diags := ParseString("t.gs", "begin { while ({ $q = 1; $q }) { } $x = { $y = 1; } }")
	wantDiag := `
t.gs:1:16: error: not supported by gs: a block expression with statements here
    begin { while ({ $q = 1; $q }) { } $x = { $y = 1; } }
                   ^~~~~~~~~~~~~~
hint: use it in a statement of its own, e.g. $v = { ... };
t.gs:1:41: error: a block used as a value must end in an expression
    begin { while ({ $q = 1; $q }) { } $x = { $y = 1; } }
                                            ^~~~~~~~~~~
hint: write the value last, without a ';' after it
`
	if got := "\n" + render(diags); got != wantDiag {
		t.Errorf("got:%s\nwant:%s", got, wantDiag)
	}
}

func TestIncDecValue(t *testing.T) {
	got := dumpBody(mustParse(t, "begin { print($i++, ++@m[1]) }"))
	want := trim(`
Block {}
  AssignStmt =
    VarExpr $old__1
    VarExpr $i
  AssignStmt +=
    VarExpr $i
    IntLit 1
  AssignStmt +=
    MapExpr @m
      IntLit 1
    IntLit 1
  ExprStmt
    CallExpr print
      VarExpr $old__1
      MapExpr @m
        IntLit 1
`)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
