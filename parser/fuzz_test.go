package parser

import (
	"strings"
	"testing"

	"github.com/gs-tracer/gs/diag"
)

var fuzzSeeds = []string{
	"",
	"BEGIN { print(1) }",
	"BEGIN < $x = 1 > END { exit() }",
	"u:./app:add /pid == 1/ { @[comm] = count(); }",
	"ur:/usr/lib/x86_64-linux-gnu/libc.so.6:malloc { print(retval) }",
	"u:libc:ns::f*, u:main+0x10, u:./a:main.c:42, u:./a:0x4011a0 {}",
	"interval:ms:100 { print(@m); clear(@m) }",
	"i:s:1 < if (a > b) < $x = (c >= d) > else { return } >",
	"BEGIN { $x = c ? a:b; $y = c?true:false; $z = i:j }",
	"BEGIN { $p = (struct item *)args.p; print($p->name, sizeof(struct item), offsetof(struct item, a.b)) }",
	"BEGIN { $v = (unsigned long)x + (uint64_t)y - (foo)-z * (const char *)w }",
	"BEGIN { printf(\"%s \\x41\\101\\n\", str($p), 'a', '\\'') }",
	"BEGIN { $x = 0x10 + 017 + 0b101 + 10ul + 18446744073709551615 }",
	"/* unterminated",
	"BEGIN { \"unterminated }",
	"BEGIN { 'x }",
	"BEGIN { print(1 }",
	"BEGIN { print(1) print(2) $x = 3 }",
	"BEGIN < $x = a >= 1 >",
	"BEGIN < if (x) < print(1) >>",
	"u:./a:f /a / b/ { }",
	"foo { } BEGN { } kprobe:x { }",
	"BEGIN { x = 1; a->b = 2; @m[1][2] = 3 }",
	"interval:x:0, i:ms, u:./a:f+zz, u:./a:, u::x {}",
	"BEGIN { $x = 99999999999999999999 + 0x + 08 + '' + 'ab' + \"\\q\" }",
	"}}}{{{<<<>>>///",
	"BEGIN { ((((((((((((((((((((x)))))))))))))))))))) }",
	"BEGIN { if (a) { } else if (b) { } else if (c) { } else { } }",
	"BEGIN { é ü \x00 \xff }",
	"u:./a:f,\n\tu:./b:g\n/pid/\n{\n}\n",
	"BEGIN { a[1, 2]; (int); sizeof(); offsetof(x) }",
	"BEGIN # { $",
	"config = { max_strlen = 8 } #define N 3\nlet @m = hash(2); begin { while ($i < N) { $i++; } for ($j : 0..$1) { break } unroll(2) { @x--; } }",
	"macro f($a, b, @m) { $a += b; @m[b]++; $a } struct S { int x[2]; struct S *n; } enum E { A = -1 } begin { $y = f($x, 1, @q); print(($1, $#), $y.0); return 1 }",
	"macro g() { g() } i:500ms { g(); let $x: uint8 = 1s + 1_000 + 2e3; $z = $x--; continue }",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		debugPanics = true // let a panic fail the test with its stack
		defer func() { debugPanics = false }()
		prog, diags := ParseString("fuzz.gs", src)
		file := prog.File
		checkSpan := func(what func() string, sp diag.Span) {
			t.Helper()
			if !sp.Start.IsValid() || sp.Start.Offset < 0 || sp.Start.Offset > sp.End.Offset || sp.End.Offset > len(src) {
				t.Fatalf("%s: bad span %+v in %q", what(), sp, src)
			}
			if sp.Start != file.PosAt(sp.Start.Offset) || sp.End != file.PosAt(sp.End.Offset) {
				t.Fatalf("%s: span %+v disagrees with PosAt in %q", what(), sp, src)
			}
		}
		for _, d := range diags.Diags {
			checkSpan(func() string { return d.Msg }, d.Span)
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("%s in %q", d.Msg, src)
			}
		}
		Inspect(prog, func(n Node) bool {
			if n != nil {
				checkSpan(func() string { return describe(n) }, n.Span())
			}
			return true
		})
		if d1, d2 := Dump(prog), Dump(prog); d1 != d2 {
			t.Fatalf("Dump is not deterministic")
		}
		var sb strings.Builder
		diags.Render(&sb, false)
	})
}
