package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/parser"
)

// apply parses src and rewrites it with cfg.
func apply(t *testing.T, src string, cfg Config) (*parser.Program, *Result) {
	t.Helper()
	prog, diags := parser.ParseString("prog.gs", src)
	if diags.HasErrors() {
		t.Fatalf("parse %q: %v", src, diags.Err())
	}
	return prog, Apply(prog, cfg)
}

// brief renders each diagnostic as "line:col: severity: msg [hint]".
func brief(r *Result) string {
	var out []string
	for _, d := range r.Diags.Diags {
		s := fmt.Sprintf("%s: %s: %s", d.Span.Start, d.Severity, d.Msg)
		if d.Hint != "" {
			s += " [" + d.Hint + "]"
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

// literal is the value of a literal the rewrite left, as a number or
// the text of a string.
func literal(e parser.Expr) string {
	switch e := e.(type) {
	case *parser.IntLit:
		return fmt.Sprint(e.Val)
	case *parser.StrLit:
		return e.Val
	case *parser.UnaryExpr:
		return e.Op + literal(e.X)
	}
	return fmt.Sprintf("not a literal: %T", e)
}

// TestGetopt checks getopt's values and bpftrace's messages for named
// arguments that do not fit: the value is the literal the call became.
func TestGetopt(t *testing.T) {
	tests := []struct {
		src   string
		named []string
		want  string // the first printed value's literal, or the error
	}{
		{`BEGIN { print(getopt("aa", 20)) }`, nil, "20"},
		{`BEGIN { print(getopt("aa", 20)) }`, []string{"aa=0x10"}, "16"},
		{`BEGIN { print(getopt("aa", 20)) }`, []string{"aa=0xffffffffffffffff"}, "18446744073709551615"},
		{`BEGIN { print(getopt("b", -1)) }`, []string{"b=-10"}, "-10"},
		{`BEGIN { print(getopt("d")) }`, []string{"d"}, "1"},
		{`BEGIN { print(getopt("d")) }`, nil, "0"},
		{`BEGIN { print(getopt("c", true)) }`, []string{"c=False"}, "0"},
		{`BEGIN { print(getopt("s", "x")) }`, []string{"s=yz"}, "yz"},
		{`BEGIN { print(getopt("aa", 10)) }`, []string{"aa=False"}, "ERROR program command line option --aa invalid integer (value: False)"},
		{`BEGIN { print(getopt("aa", 10)) }`, []string{"aa=12x"}, "ERROR program command line option --aa invalid trailing bytes (value: 12x)"},
		{`BEGIN { print(getopt("aa", 10)) }`, []string{"aa"}, "ERROR program command line option --aa expects an integer (value: true)"},
		{`BEGIN { print(getopt("c", true)) }`, []string{"c=maybe"}, "ERROR program command line option --c expects a boolean (e.g. 'true') (value: maybe)"},
		{`BEGIN { print(getopt("aa", 10)) }`, []string{"bb"}, "ERROR unexpected program command line options: --bb HINT expected program options: --aa"},
		{`BEGIN { print(getopt("bb", 1), getopt("aa", 10, "the a")) }`, []string{"help"}, "ERROR  HINT expected program options:\n--aa: the a\n--bb"},
		{`BEGIN { print(1) }`, []string{"x=1"}, "ERROR unexpected program command line options: --x HINT no custom program options defined."},
	}
	for _, tt := range tests {
		t.Run(tt.src+" "+strings.Join(tt.named, " "), func(t *testing.T) {
			prog, r := apply(t, tt.src, Config{Named: tt.named})
			if r.Diags.HasErrors() {
				t.Fatalf("errors: %v", brief(r))
			}
			if r.ParamErr != nil {
				if got := "ERROR " + r.ParamErr.Msg + " HINT " + r.ParamErr.Hint; !strings.HasPrefix(got, tt.want) {
					t.Errorf("got %q, want %q", got, tt.want)
				}
				return
			}
			if strings.HasPrefix(tt.want, "ERROR") {
				t.Fatalf("no error, want %q", tt.want)
			}
			arg := prog.Groups[0].Body.Stmts[0].(*parser.ExprStmt).X.(*parser.CallExpr).Args[0]
			if got := literal(arg); got != tt.want {
				t.Errorf("value %s, want %s", got, tt.want)
			}
		})
	}
}

// TestGetoptErrors pins the diagnostics of a wrong getopt call.
func TestGetoptErrors(t *testing.T) {
	for src, want := range map[string]string{
		`BEGIN { print(getopt(1)) }`:                                 "1:22: error: getopt's first argument is the option's name, a string literal",
		`BEGIN { print(getopt("a", pid)) }`:                          "1:27: error: getopt's default must be an integer, string or boolean literal",
		`BEGIN { print(getopt("a", 1, 2)) }`:                         "1:30: error: getopt's third argument is the option's description, a string literal",
		`BEGIN { print(getopt("a", 1) + getopt("a", 2)) }`:           "1:32: error: getopt(\"a\") needs the same default everywhere it is used; before, it was 1",
		`BEGIN { print(getopt("a", 1, "x") + getopt("a", 1, "y")) }`: "1:37: error: getopt(\"a\") needs the same description everywhere it is used",
	} {
		_, r := apply(t, src, Config{})
		if got := brief(r); !strings.HasPrefix(got, want) {
			t.Errorf("%s:\ngot  %s\nwant %s", src, got, want)
		}
	}
}
