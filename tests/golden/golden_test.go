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
// Run
//
//	go test ./tests/golden -update
//
// to rewrite the want sections from the current compiler.
package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"
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
		buildTarget(t, dir, "gcc", "target.c", ar.Files[i].Data, flags)
	}
	if i, ok := sections["target.cpp"]; ok {
		flags := []string{"-g", "-O0"}
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildTarget(t, dir, "g++", "target.cpp", ar.Files[i].Data, flags)
	}
	if i, ok := sections["target.go"]; ok {
		var flags []string
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildGoTarget(t, dir, ar.Files[i].Data, flags)
	}
	if i, ok := sections["target.rs"]; ok {
		flags := []string{"-g"}
		if j, ok := sections["flags"]; ok {
			flags = strings.Fields(string(ar.Files[j].Data))
		}
		buildRust(t, dir, ar.Files[i].Data, flags)
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
		ar.Files = filterSections(ar.Files, "want.ir", "want.diag", "want.probes")
		ar.Files = append(ar.Files, txtar.File{Name: wantName, Data: []byte(got)})
		if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
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

func buildTarget(t *testing.T, dir, cc, name string, src []byte, flags []string) {
	if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cc, append(flags, "-o", "target", name)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cc, err, out)
	}
}

// buildGoTarget builds a Go program with the local toolchain.
func buildGoTarget(t *testing.T, dir string, src []byte, flags []string) {
	if err := os.WriteFile(filepath.Join(dir, "target.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append(append([]string{"build"}, flags...), "-o", "target", "target.go")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}

func buildRust(t *testing.T, dir string, src []byte, flags []string) {
	if err := os.WriteFile(filepath.Join(dir, "target.rs"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		home, _ := os.UserHomeDir()
		rustc = filepath.Join(home, ".cargo", "bin", "rustc") // where rustup puts it
	}
	cmd := exec.Command(rustc, append(flags, "-o", "target", "target.rs")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("rustc: %v\n%s", err, out)
	}
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
