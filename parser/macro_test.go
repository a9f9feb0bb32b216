package parser

import (
	"fmt"
	"strings"
	"testing"
)

// TestMacroExpansionBound: macros that each call the next twice expand
// 2^depth times; the fuzzer's hang (macro g() { g() g() }) was the
// recursive form. Both end at once with an error.
func TestMacroExpansionBound(t *testing.T) {
	var src strings.Builder
	const n = 24
	for i := range n {
		fmt.Fprintf(&src, "macro m%d() { m%d(); m%d() }\n", i, i+1, i+1)
	}
	fmt.Fprintf(&src, "macro m%d() { 1 }\nbegin { m0() }\n", n)
	for _, tc := range []struct{ src, want string }{
		{src.String(), "macros expand more than 10000 times"},
		{"macro g() { g(); g() } begin { g() }", "macro g calls itself"},
		{"macro a() { b() } macro b() { a() } begin { a() }", "macro a calls itself"},
	} {
		_, diags := ParseString("t.gs", tc.src)
		var out strings.Builder
		diags.Render(&out, false)
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%.40q: got\n%s\nwant %q", tc.src, out.String(), tc.want)
		}
	}
}

// TestMacroNestedArgs: a macro's call in another call's arguments is the
// caller's, not recursion (bpftrace's macro cases).
func TestMacroNestedArgs(t *testing.T) {
	for _, src := range []string{
		"macro add_one(x) { x + 1 } begin { $a = add_one(add_one(1) + 1); print($a); }",
		"macro add_one(x) { x + 1 } begin { print(add_one(add_one(add_one(1)))); }",
		"macro one() { $x = 1; $x } macro id(v) { v } begin { $a = id(one); print($a); }",
	} {
		_, diags := ParseString("t.gs", src)
		var out strings.Builder
		diags.Render(&out, false)
		if out.Len() > 0 {
			t.Errorf("%s:\n%s", src, out.String())
		}
	}
}
