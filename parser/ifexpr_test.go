package parser

import "testing"

// TestIfExpr checks bpftrace's if used as a value: blocks that are values
// alone become ?:, nested ifs too; blocks with statements are hoisted where
// the statement evaluates the value once, refused elsewhere.
func TestIfExpr(t *testing.T) {
	got := dumpBody(mustParse(t, "begin { print(if ($x) { if $y { 1 } else { 2 } } else if (3) { 4 } else { 5 }); $v = if $a { $b = 1; $b } else { 0 } }"))
	want := trim(`
ExprStmt
  CallExpr print
    CondExpr
      VarExpr $x
      CondExpr
        VarExpr $y
        IntLit 1
        IntLit 2
      CondExpr
        IntLit 3
        IntLit 4
        IntLit 5
Block {}
  LetStmt
    VarExpr $if__1
  IfStmt
    VarExpr $a
    Block {}
      AssignStmt =
        VarExpr $b
        IntLit 1
      AssignStmt =
        VarExpr $if__1
        VarExpr $b
    Block {}
      AssignStmt =
        VarExpr $if__1
        IntLit 0
  AssignStmt =
    VarExpr $v
    VarExpr $if__1
`)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	_, diags := ParseString("t.gs", "begin { $a = if (1) { 2 }; while (if (1) { $q = 1; $q } else { 0 }) { } }")
	wantDiag := `
t.gs:1:14: error: an if used as a value needs an else
    begin { $a = if (1) { 2 }; while (if (1) { $q = 1; $q } else { 0 }) { } }
                 ^~~~~~~~~~~~
hint: add the value when the condition is false: if (c) { a } else { b }
t.gs:1:35: error: not supported by gs: an if with statements in its blocks used as a value here
    begin { $a = if (1) { 2 }; while (if (1) { $q = 1; $q } else { 0 }) { } }
                                      ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
hint: use it in a statement of its own, e.g. $v = if (c) { ...; a } else { ...; b };
`
	if got := "\n" + render(diags); got != wantDiag {
		t.Errorf("got:%s\nwant:%s", got, wantDiag)
	}
}

// TestIfForWithoutParens checks bpftrace's `if COND {` and `for $v : ... {`
// without parentheses; a condition without them is a unary expression.
func TestIfForWithoutParens(t *testing.T) {
	got := dumpBody(mustParse(t, "begin { if $x { } if !$y.a { } else if @m[1] { } for $kv : @a { } for $i : 0..3 { } }"))
	want := trim(`
IfStmt
  VarExpr $x
  Block {}
IfStmt
  UnaryExpr !
    FieldExpr .a
      VarExpr $y
  Block {}
  IfStmt
    MapExpr @m
      IntLit 1
    Block {}
ForStmt map
  VarExpr $kv
  MapExpr @a
  Block {}
ForStmt range
  VarExpr $i
  IntLit 0
  IntLit 3
  Block {}
`)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestCDeclMembers checks `int a:4, b:8;` and __attribute__ after a struct.
func TestCDeclMembers(t *testing.T) {
	src := "struct A { unsigned int a:4, b:8, *p, c[2]; int d } __attribute__((packed)) __attribute__((aligned(4))) begin { }"
	prog := mustParse(t, src)
	want := trim(`
Program
  CDecl struct A { unsigned int a []:4; unsigned int b []:8; unsigned int *p []; unsigned int c [2]; int d []; }
  ProbeGroup
    Probe BEGIN
    Block {}
`)
	if got := Dump(prog); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if d := prog.Types[0]; !d.Packed || d.Aligned != 4 {
		t.Errorf("packed %v, aligned %d; want true, 4", d.Packed, d.Aligned)
	}
	_, diags := ParseString("t.gs", "struct B { int x; } __attribute__((weird, aligned(3))) begin { }")
	wantDiag := `
t.gs:1:36: error: unknown attribute "weird" of struct B
    struct B { int x; } __attribute__((weird, aligned(3))) begin { }
                                       ^~~~~
hint: gs knows __attribute__((packed)) and __attribute__((aligned(N)))
t.gs:1:43: error: aligned takes a power of two: aligned(8)
    struct B { int x; } __attribute__((weird, aligned(3))) begin { }
                                              ^~~~~~~~~~
`
	if got := "\n" + render(diags); got != wantDiag {
		t.Errorf("got:%s\nwant:%s", got, wantDiag)
	}
}

// TestTypeofMacroArgs checks typeof(...) passed to a macro and used there
// as a type: sizeof(t), sizeof(t[N]), sizeof(t *), (t *)x, let $v: typeof(x).
func TestTypeofMacroArgs(t *testing.T) {
	got := dumpBody(mustParse(t, "macro m(a, b, x) { let $v: typeof(x); (a*)-1 + sizeof(a[2]) + sizeof(b*) + sizeof(b) } begin { $r = m(typeof(uint8), typeof(struct F), 1); }"))
	want := trim(`
Block {}
  LetStmt
    VarExpr $v__m1
    TypeExpr typeof
      IntLit 1
  AssignStmt =
    VarExpr $r
    BinaryExpr +
      BinaryExpr +
        BinaryExpr +
          CastExpr
            TypeExpr uint8 *
            UnaryExpr -
              IntLit 1
          SizeofExpr
            TypeExpr uint8[2]
        SizeofExpr
          TypeExpr struct F *
      SizeofExpr
        TypeExpr struct F
`)
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
