package golden

import (
	"go/ast"
	goparser "go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"
)

// sema.Check reads the tree and never changes it: the rewriting of the
// script's text (parameters, getopt, config reads, builtin forms) is done
// before it. compile checks that on every golden script, FuzzCompile on
// every input, TestCheckKeepsAST on every script the parser's tests parse.

// checkUnchanged parses and rewrites file again (as rc says) into the
// tree prog had before Check, and fails t when prog differs from it.
func checkUnchanged(t *testing.T, file *diag.File, prog *parser.Program, rc rewrite.Config) {
	t.Helper()
	before, _ := parser.Parse(file)
	rewrite.Apply(before, rc)
	if !reflect.DeepEqual(before, prog) {
		b, a := parser.Dump(before), parser.Dump(prog)
		if a == b {
			a = "(the same dump: a field Dump does not show differs)\n"
		}
		t.Errorf("sema.Check changed the tree of %q\n--- before ---\n%s--- after ---\n%s", file.Src, b, a)
	}
}

func TestCheckKeepsAST(t *testing.T) {
	srcs := parserTestScripts(t)
	if len(srcs) < 50 {
		t.Fatalf("found %d scripts in the parser's tests, want at least 50", len(srcs))
	}
	srcs = append(srcs, rewriteSeeds...)
	dir := t.TempDir()
	for _, src := range srcs {
		if strings.Contains(src, "/dev") || strings.Contains(src, "/proc") || strings.Contains(src, "/sys") {
			continue // a probe on a device or a pipe may block reading it
		}
		file := &diag.File{Name: "prog.gs", Src: src}
		prog, diags := parser.Parse(file)
		if diags.HasErrors() {
			continue
		}
		rc := rewrite.Config{Params: []string{"1", "two"}, Named: []string{"n=1"}, IsBuiltin: sema.IsBuiltin}
		sema.Check(prog, sema.Config{Dir: dir, Script: rewrite.Apply(prog, rc)})
		checkUnchanged(t, file, prog, rc)
	}
}

// rewriteSeeds hold each form the rewriting replaces.
var rewriteSeeds = []string{
	`begin { printf("%d %s %s\n", $1 + 1, str($2), str($2 + 1, 1)); print($#) } i:ms:$1 { exit() }`,
	`begin { print((getopt("n", 0), getopt("s", "x"), getopt("b"), getopt("m", -1, "m"))) }`,
	`config = { max_strlen = 16; stack_mode = perf } begin { print((config().max_strlen, __builtin_config.stack_mode, config().print_maps_on_exit)) }`,
	`begin { print((comm(), __builtin_pid, pid(curr_ns), tid(init), probetype, usermode(), __builtin_ncpus)) }`,
}

// parserTestScripts returns the string literals of the parser's tests
// that parse without errors into at least one probe group.
func parserTestScripts(t *testing.T) []string {
	files, err := filepath.Glob("../../parser/*_test.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no parser tests: %v", err)
	}
	seen := map[string]bool{}
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := goparser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || seen[s] {
				return true
			}
			prog, diags := parser.ParseString("prog.gs", s)
			if !diags.HasErrors() && len(prog.Groups) > 0 {
				seen[s] = true
			}
			return true
		})
	}
	var out []string
	for s := range seen {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
