package tools

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// helperDir is the test helper that runs the compilers for the tests of
// every package (internal/testtarget). Its own exec.Command calls count
// for make test; a package that names one of its compilers, or a function
// or variable that uses one (testtarget.GoBuild, testtarget.Variants),
// runs that compiler for its own make target, at that place.
const helperDir = "internal/testtarget"

// helperProgs reads helperDir: a package-level variable set to a composite
// literal with a field prog: "NAME" is the program NAME; every other
// package-level function or variable stands for the programs of the names
// it uses (not those it only compares with), followed through the package.
func helperProgs(root string) (map[string][]string, error) {
	paths, _ := filepath.Glob(filepath.Join(root, helperDir, "*.go"))
	fset := token.NewFileSet()
	direct := map[string]string{}        // variable → its program
	uses := map[string]map[string]bool{} // declaration → the package-level names it uses
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			var names []string
			var bodies []ast.Node
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					continue
				}
				names, bodies = []string{d.Name.Name}, []ast.Node{d}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					vs, ok := sp.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							names, bodies = append(names, n.Name), append(bodies, vs.Values[i])
						}
					}
				}
			}
			for i, n := range names {
				if prog, ok := progField(bodies[i]); ok {
					direct[n] = prog
					continue
				}
				// A name compared with (c == Go) is not run.
				refs := map[string]bool{}
				compared := map[*ast.Ident]bool{}
				ast.Inspect(bodies[i], func(x ast.Node) bool {
					switch x := x.(type) {
					case *ast.BinaryExpr:
						for _, o := range []ast.Expr{x.X, x.Y} {
							if id, ok := o.(*ast.Ident); ok {
								compared[id] = true
							}
						}
					case *ast.Ident:
						if !compared[x] {
							refs[x.Name] = true
						}
					}
					return true
				})
				uses[n] = refs
			}
		}
	}
	out := map[string][]string{}
	for n, p := range direct {
		out[n] = []string{p}
	}
	for n := range uses {
		seen := map[string]bool{}
		var walk func(string)
		progs := map[string]bool{}
		walk = func(m string) {
			if seen[m] {
				return
			}
			seen[m] = true
			if p, ok := direct[m]; ok {
				progs[p] = true
			}
			for r := range uses[m] {
				walk(r)
			}
		}
		walk(n)
		for p := range progs {
			out[n] = append(out[n], p)
		}
		sort.Strings(out[n])
	}
	if len(direct) == 0 && len(paths) > 0 {
		return nil, os.ErrNotExist // the table moved: the scan would see nothing
	}
	return out, nil
}

// progField returns the string a composite literal sets its prog field to.
func progField(e ast.Node) (string, bool) {
	c, ok := e.(*ast.CompositeLit)
	if !ok {
		return "", false
	}
	for _, el := range c.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "prog" {
			if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				v, err := strconv.Unquote(lit.Value)
				return v, err == nil
			}
		}
	}
	return "", false
}

// helperUses records the programs a use of the helper (testtarget.NAME)
// runs, for the file's target.
func (s *scanner) helperUses(sel *ast.SelectorExpr, target string) {
	id, ok := sel.X.(*ast.Ident)
	if !ok || id.Name != filepath.Base(helperDir) {
		return
	}
	for _, p := range s.helper[sel.Sel.Name] {
		s.uses = append(s.uses, Use{Prog: p, Target: target, Pos: s.pos(sel.Pos())})
	}
}
