// Package golden runs the compiler front to back on small scripts and pins
// its output: the disassembled bytecode or the rendered diagnostics.
//
// Each *.txtar file holds a comment line, `-- prog.gs --`, optionally
// `-- target.c --` (built with gcc -g -O0 into ./target beside the script;
// an optional `-- flags --` section replaces "-g -O0", e.g. "-g -O2 -fPIE
// -pie"), `-- target.go --` (go build, the flags added to its
// arguments), `-- target.rs --` (built with rustc -g, or the flags) or
// `-- target.cpp --` (g++, as target.c), optionally `-- params --` (the
// script's positional parameters, one a line), and one of `-- want.ir --`,
// `-- want.diag --` or `-- want.probes --` (what the probes resolve to:
// each attach point's name, the function `func` prints and its symbol).
// The targets are built with internal/testtarget. Run
//
//	go test ./tests/golden -update
//
// to rewrite the want sections from the current compiler; -update fails
// for a file whose section would change kind (a want.ir that now gives
// diagnostics). Goldens pin the shape of a lowering; values a compiler's
// frame layout decides (rustc's, g++'s) are checked end to end in tests/e2e
// against the target's own output instead.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"

	"github.com/gs-tracer/gs/internal/testtarget"
)

var update = flag.Bool("update", false, "rewrite the want sections of the golden files")

func TestGolden(t *testing.T) {
	files, err := filepath.Glob("*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(path, ".txtar"), func(t *testing.T) {
			t.Parallel()
			runGolden(t, path)
		})
	}
}

func runGolden(t *testing.T, path string) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]int{}
	for i, f := range ar.Files {
		sections[f.Name] = i
	}
	i, ok := sections["prog.gs"]
	if !ok {
		t.Fatalf("%s has no prog.gs section", path)
	}
	prog := string(ar.Files[i].Data)
	dir := t.TempDir()
	if i, ok := sections["target.c"]; ok {
		flags := []string{"-g", "-O0"}
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildTarget(t, dir, testtarget.GCC, "target.c", ar.Files[i].Data, flags)
	}
	if i, ok := sections["target.cpp"]; ok {
		flags := []string{"-g", "-O0"}
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildTarget(t, dir, testtarget.GXX, "target.cpp", ar.Files[i].Data, flags)
	}
	if i, ok := sections["target.go"]; ok {
		var flags []string
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		src := testtarget.Source(t, "target.go", string(ar.Files[i].Data))
		testtarget.GoBuildEnv(t, filepath.Dir(src), nil, filepath.Join(dir, "target"), "target.go", flags...)
	}
	if i, ok := sections["target.rs"]; ok {
		flags := []string{"-g"}
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildTarget(t, dir, testtarget.Rustc, "target.rs", ar.Files[i].Data, flags)
	}

	var params []string
	if j, ok := sections["params"]; ok {
		params = strings.Split(strings.TrimSuffix(string(ar.Files[j].Data), "\n"), "\n")
	}
	_, probes := sections["want.probes"]
	kind, got := compile(t, prog, dir, params, probes)
	if kind == "internal" {
		t.Fatalf("gen failed on a script sema accepted: %s", got)
	}
	wantName := "want." + kind
	wi, ok := sections[wantName]
	if *update {
		if err := updateFile(path, ar, kind, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !ok {
		t.Fatalf("compiling gave %s, but %s has no %s section; got:\n%s", kind, path, wantName, got)
	}
	if want := string(ar.Files[wi].Data); got != want {
		t.Errorf("%s differs (run with -update to accept)\n--- got ---\n%s--- want ---\n%s", wantName, got, want)
	}
}

// compile runs parser, sema and gen on the script. It returns "diag" and
// the rendered diagnostics when there are errors, "internal" and the error
// when gen fails otherwise (a bug: sema should have refused the script),
// else "ir" and the disassembly (after any warnings), or with probes set
// "probes" and the attach points.
func compile(t *testing.T, src, dir string, params []string, probes bool) (kind, out string) {
	file := &diag.File{Name: "prog.gs", Src: src}
	prog, diags := parser.Parse(file)
	var p *sema.Program
	if !diags.HasErrors() {
		var sd *diag.List
		rc := rewrite.Config{Params: params, IsBuiltin: sema.IsBuiltin}
		p, sd = sema.Check(prog, sema.Config{Dir: dir, Script: rewrite.Apply(prog, rc)})
		diags.Diags = append(diags.Diags, sd.Diags...)
		checkUnchanged(t, file, prog, rc) // ast_test.go
	}
	var b bytes.Buffer
	diags.Render(&b, false)
	if diags.HasErrors() {
		return "diag", b.String()
	}
	if probes {
		for _, pr := range p.Probes {
			sym := rustHash.ReplaceAllStringFunc(pr.Symbol, func(h string) string { // changes with the toolchain
				if strings.HasPrefix(h, "Cs") {
					return "Cs…_"
				}
				return "17h…E"
			})
			fmt.Fprintf(&b, "%s  func=%s  symbol=%s\n", pr.Name, pr.Func, sym)
		}
		return "probes", b.String()
	}
	ip, err := gen.Generate(p)
	var de *diag.Errors
	if errors.As(err, &de) {
		de.List.Render(&b, false) // a limit only gen sees
		return "diag", b.String()
	}
	if err != nil {
		return "internal", err.Error()
	}
	return "ir", b.String() + ir.Disasm(ip)
}

// buildTarget builds a C or C++ target with cc.
// rustHash is the hash at the end of a legacy Rust symbol, or a v0
// symbol's crate disambiguator.
var rustHash = regexp.MustCompile(`17h[0-9a-f]{16}E|Cs[0-9a-zA-Z]+_`)

func buildTarget(t *testing.T, dir string, cc testtarget.Compiler, name string, src []byte, flags []string) {
	t.Helper()
	// The source in a directory named by its contents, built there: the
	// same debug information every run, so testtarget's cache serves it.
	path := testtarget.Source(t, name, string(src))
	testtarget.BuildIn(t, filepath.Dir(path), cc, append(append([]string{}, flags...), "-o", filepath.Join(dir, "target"), name)...)
}

// wantKinds are the want sections a golden file has one of.
var wantKinds = []string{"want.ir", "want.diag", "want.probes"}

// updateFile writes got into path's want section for -update. It refuses to
// change the section's kind: a script whose bytecode was pinned and that
// now gives diagnostics (or the other way round) is a change of behaviour
// a reviewer must see, so the section is renamed by hand if it is meant.
func updateFile(path string, ar *txtar.Archive, kind, got string) error {
	for _, f := range ar.Files {
		if slices.Contains(wantKinds, f.Name) && f.Name != "want."+kind {
			return fmt.Errorf("-update: %s has %s but compiling now gives %s; -update does not change a section's kind (rename the section by hand if that is meant); got:\n%s", path, f.Name, kind, got)
		}
	}
	ar.Files = filterSections(ar.Files, wantKinds...)
	ar.Files = append(ar.Files, txtar.File{Name: "want." + kind, Data: []byte(got)})
	if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
		return fmt.Errorf("-update: %w", err)
	}
	return nil
}

func filterSections(files []txtar.File, drop ...string) []txtar.File {
	var out []txtar.File
	for _, f := range files {
		keep := true
		for _, d := range drop {
			keep = keep && f.Name != d
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

// TestUpdateKeepsKind: -update on a file whose want.ir no longer compiles
// (the script now gives a diagnostic) fails, and leaves the file as it
// was, rather than turning its want.ir into a want.diag.
func TestUpdateKeepsKind(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kind.txtar")
	text := "A script whose bytecode was pinned.\n-- prog.gs --\nBEGIN { print(nosuchvar) }\n-- want.ir --\nversion 1\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kind, got := compile(t, string(ar.Files[0].Data), t.TempDir(), nil, false)
	if kind != "diag" {
		t.Fatalf("the script compiled (%s):\n%s", kind, got)
	}
	err = updateFile(path, ar, kind, got)
	if err == nil || !strings.Contains(err.Error(), "has want.ir but compiling now gives diag") {
		t.Errorf("-update rewrote a want.ir as %s; error %v", kind, err)
	}
	if b, _ := os.ReadFile(path); string(b) != text {
		t.Errorf("-update changed the file:\n%s", b)
	}
	// The same kind is rewritten.
	ar.Files[1].Name = "want.diag"
	if err := updateFile(path, ar, kind, got); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "-- want.diag --\n"+got) {
		t.Errorf("-update did not rewrite want.diag:\n%s", b)
	}
}
