// Package tools checks scripts/tools.txt, the one list of the outside
// programs the tests and make targets run: every program a test, a test
// helper or a script a test runs starts is named there, with the Debian
// package that provides it and the make targets that need it.
//
// The scan reads Go source (go/ast, every file whatever its build tags)
// and the shell lines the tests run: a program is the first argument of
// exec.Command, exec.CommandContext or exec.LookPath, followed through
// constants, local variables, range tables, struct fields set in composite
// literals and the parameters of helpers that wrap them; a string run with
// `sh -c` (or passed to gs or bpftrace as -c COMMAND) is read as shell, and
// so are the RUN, BEFORE, AFTER and REQUIRES lines of tests/bt's cases.
// Programs the tests build themselves (paths joined from a directory, "./x")
// are not outside programs.
package tools

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Use is one program run from one place.
type Use struct {
	Prog   string
	Target string // the make target whose tests run it
	Pos    string // file:line, relative to the repository root
}

// Unresolved is a place that runs a program the scan cannot name.
type Unresolved struct {
	Pos  string
	Expr string
}

// built marks a value that is a program the tests build (a path).
const built = "\x00built"

// targetOf says which make target runs the code in a repository-relative
// directory, and whether the scan reads it at all: `make test` runs every
// package's tests; tests/kernels only under `make test-kernels` (build tag
// kernels); bench only under `make bench`; the test helpers in internal
// (elftest, testtarget) as make test. Code that is not a test or a
// test helper (gs itself, which runs the user's programs) is not read.
func targetOf(dir, file string) (string, bool) {
	testFile := strings.HasSuffix(file, "_test.go")
	switch {
	case dir == "tests/bt/cmd/btsuite" || dir == "tests/bt" && file == "suite.go":
		return "btsuite", true // go run ./tests/bt/cmd/btsuite: bpftrace's own runtime tests
	case dir == "bench" || strings.HasPrefix(dir, "bench/"):
		return "bench", true
	case dir == "tests/kernels":
		return "kernels", true
	case strings.HasPrefix(dir, "tests/") || strings.HasPrefix(dir, "internal/") && strings.Contains(filepath.Base(dir), "test"):
		return "test", true
	case testFile:
		return "test", true
	}
	return "", false
}

// Scan reads the repository at root and returns every outside program its
// tests run, and every place where the program could not be named.
func Scan(root string) ([]Use, []Unresolved, error) {
	dirs := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") {
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	helper, err := helperProgs(root)
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", helperDir, err)
	}
	s := &scanner{root: root, fset: token.NewFileSet(), helper: helper}
	var keys []string
	for d := range dirs {
		keys = append(keys, d)
	}
	sort.Strings(keys)
	for _, d := range keys {
		if err := s.pkg(d, dirs[d]); err != nil {
			return nil, nil, err
		}
	}
	cases, _ := filepath.Glob(filepath.Join(root, "tests/bt/testdata/*.txt"))
	for _, c := range cases {
		if err := s.btCases(c); err != nil {
			return nil, nil, err
		}
	}
	return s.uses, s.unresolved, nil
}

type scanner struct {
	root       string
	fset       *token.FileSet
	helper     map[string][]string // helperProgs
	uses       []Use
	unresolved []Unresolved

	// per package
	files  []*ast.File
	target map[*ast.File]string
	funcs  map[string][]*ast.FuncDecl
	fields map[string][]assignRef // field name -> values set in literals or assignments
	assign map[string][]assignRef
}

// assignRef is one value assigned to a name, in the function it is in.
type assignRef struct {
	fn  *ast.FuncDecl // nil at package level
	rhs ast.Expr
	idx int  // which result of rhs, when rhs is a call with several
	rng bool // the name is a range variable over rhs: each element
}

func (s *scanner) pos(p token.Pos) string {
	pp := s.fset.Position(p)
	rel, err := filepath.Rel(s.root, pp.Filename)
	if err != nil {
		rel = pp.Filename
	}
	return fmt.Sprintf("%s:%d", rel, pp.Line)
}

func (s *scanner) pkg(dir string, paths []string) error {
	rel, _ := filepath.Rel(s.root, dir)
	rel = filepath.ToSlash(rel)
	s.files = nil
	s.target = map[*ast.File]string{}
	s.funcs = map[string][]*ast.FuncDecl{}
	s.fields = map[string][]assignRef{}
	s.assign = map[string][]assignRef{}
	for _, p := range paths {
		t, ok := targetOf(rel, filepath.Base(p))
		if !ok {
			continue
		}
		f, err := parser.ParseFile(s.fset, p, nil, parser.ParseComments)
		if err != nil {
			return fmt.Errorf("parse %s: %w", p, err)
		}
		s.files = append(s.files, f)
		s.target[f] = t
	}
	for _, f := range s.files {
		s.index(f)
	}
	for _, f := range s.files {
		s.calls(f)
	}
	return nil
}

// index records the package's functions, the names assigned and the
// struct fields set, for resolve.
func (s *scanner) index(f *ast.File) {
	var fn *ast.FuncDecl
	add := func(lhs []ast.Expr, rhs []ast.Expr, rng bool) {
		for i, l := range lhs {
			ref := assignRef{fn: fn, rng: rng}
			switch {
			case len(rhs) == len(lhs):
				ref.rhs = rhs[i]
			case len(rhs) == 1:
				ref.rhs, ref.idx = rhs[0], i
			default:
				continue
			}
			switch l := l.(type) {
			case *ast.Ident:
				s.assign[l.Name] = append(s.assign[l.Name], ref)
			case *ast.SelectorExpr:
				s.fields[l.Sel.Name] = append(s.fields[l.Sel.Name], ref)
			}
		}
	}
	for _, d := range f.Decls {
		fn = nil
		if fd, ok := d.(*ast.FuncDecl); ok {
			s.funcs[fd.Name.Name] = append(s.funcs[fd.Name.Name], fd)
			fn = fd
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				add(n.Lhs, n.Rhs, false)
			case *ast.ValueSpec:
				var lhs []ast.Expr
				for _, id := range n.Names {
					lhs = append(lhs, id)
				}
				add(lhs, n.Values, false)
			case *ast.RangeStmt:
				if n.Value != nil {
					add([]ast.Expr{n.Value}, []ast.Expr{n.X}, true)
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					s.fields[id.Name] = append(s.fields[id.Name], assignRef{fn: fn, rhs: n.Value})
				}
			case *ast.CompositeLit:
				s.unkeyed(n, fn)
			}
			return true
		})
	}
}

// unkeyed records the fields set by position in a slice or array of
// struct literals ([]struct{cc, opt string}{{"gcc", "-O0"}}).
func (s *scanner) unkeyed(lit *ast.CompositeLit, fn *ast.FuncDecl) {
	var elt ast.Expr
	switch t := lit.Type.(type) {
	case *ast.ArrayType:
		elt = t.Elt
	case *ast.MapType:
		elt = t.Value
	case *ast.Ident:
		s.positional(s.structType(t), lit, fn)
		return
	default:
		return
	}
	st := s.structType(elt)
	if st == nil {
		return
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if c, ok := el.(*ast.CompositeLit); ok && c.Type == nil {
			s.positional(st, c, fn)
		}
	}
}

// positional records the fields a struct literal sets by position.
func (s *scanner) positional(st *ast.StructType, c *ast.CompositeLit, fn *ast.FuncDecl) {
	if st == nil {
		return
	}
	var names []string
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
	}
	for i, v := range c.Elts {
		if _, kv := v.(*ast.KeyValueExpr); kv || i >= len(names) {
			continue
		}
		s.fields[names[i]] = append(s.fields[names[i]], assignRef{fn: fn, rhs: v})
	}
}

func (s *scanner) structType(e ast.Expr) *ast.StructType {
	switch t := e.(type) {
	case *ast.StructType:
		return t
	case *ast.StarExpr:
		return s.structType(t.X)
	case *ast.Ident:
		var st *ast.StructType
		for _, f := range s.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == t.Name && st == nil {
					st, _ = ts.Type.(*ast.StructType)
				}
				return st == nil
			})
		}
		return st
	}
	return nil
}

// frame is what a function's parameters are bound to in one call.
type frame struct {
	fn   *ast.FuncDecl
	args map[string]ast.Expr
	up   *frame // the caller's frame, for the args
}

// calls finds the places in f that run programs.
func (s *scanner) calls(f *ast.File) {
	target := s.target[f]
	for _, d := range f.Decls {
		fn, _ := d.(*ast.FuncDecl)
		fr := &frame{fn: fn}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				s.call(n, fr, target)
				if !isPkgCall(n, "exec", "Command", "CommandContext") {
					s.dashC(n.Args, fr, target)
				}
			case *ast.CompositeLit:
				s.dashC(n.Elts, fr, target)
			case *ast.SelectorExpr:
				s.helperUses(n, target)
			}
			return true
		})
	}
}

func isPkgCall(c *ast.CallExpr, pkg string, names ...string) bool {
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || id.Name != pkg {
		return false
	}
	for _, n := range names {
		if sel.Sel.Name == n {
			return true
		}
	}
	return false
}

func (s *scanner) call(c *ast.CallExpr, fr *frame, target string) {
	var name ast.Expr
	var args []ast.Expr
	switch {
	case isPkgCall(c, "exec", "Command", "LookPath") && len(c.Args) > 0:
		name, args = c.Args[0], c.Args[1:]
	case isPkgCall(c, "exec", "CommandContext") && len(c.Args) > 1:
		name, args = c.Args[1], c.Args[2:]
	default:
		return
	}
	where := s.pos(c.Pos())
	if progs, ok := s.directive(c.Pos()); ok {
		for _, p := range progs {
			s.uses = append(s.uses, Use{Prog: p, Target: target, Pos: where})
		}
		return
	}
	var vecs [][]string
	if ix, ok := name.(*ast.IndexExpr); ok && isZero(ix.Index) {
		// exec.Command(argv[0], argv[1:]...): the whole vector is the command.
		vs, ok := s.resolveVec(ix.X, fr, 0)
		if !ok {
			s.unresolved = append(s.unresolved, Unresolved{Pos: where, Expr: exprString(name)})
			return
		}
		vecs = vs
	} else {
		names, ok := s.resolve(name, fr, 0)
		if !ok {
			s.unresolved = append(s.unresolved, Unresolved{Pos: where, Expr: exprString(name)})
			return
		}
		var rest []string
		for i, a := range args {
			if i == len(args)-1 && c.Ellipsis.IsValid() {
				rest = append(rest, "$X")
				break
			}
			if v, ok := s.resolve(a, fr, 0); ok && len(v) == 1 {
				rest = append(rest, v[0])
			} else {
				rest = append(rest, "$X")
			}
		}
		for _, n := range names {
			vecs = append(vecs, append([]string{n}, rest...))
		}
	}
	for _, v := range vecs {
		if len(v) == 0 || v[0] == built {
			continue
		}
		if isPkgCall(c, "exec", "LookPath") {
			v = v[:1]
		}
		for _, p := range commandPrograms(v) {
			s.uses = append(s.uses, Use{Prog: p, Target: target, Pos: where})
		}
	}
}

// directive returns the programs a "// tools: NAME... (why)" comment on
// the line at p names, for a call whose program the scan cannot follow
// (or "none"); ok is false when the line has no such comment.
func (s *scanner) directive(p token.Pos) (progs []string, ok bool) {
	pp := s.fset.Position(p)
	for _, f := range s.files {
		if s.fset.Position(f.Pos()).Filename != pp.Filename {
			continue
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if s.fset.Position(c.Pos()).Line != pp.Line {
					continue
				}
				_, text, found := strings.Cut(c.Text, "tools:")
				if !found {
					continue
				}
				text, _, _ = strings.Cut(text, "(")
				for _, w := range strings.Fields(text) {
					if w != "none" {
						progs = append(progs, w)
					}
				}
				return progs, true
			}
		}
	}
	return nil, false
}

func isZero(e ast.Expr) bool {
	l, ok := e.(*ast.BasicLit)
	return ok && l.Value == "0"
}

// resolveVec returns the string vectors ([]string values) e can take.
func (s *scanner) resolveVec(e ast.Expr, fr *frame, depth int) ([][]string, bool) {
	if depth > 8 {
		return nil, false
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		vecs := [][]string{nil}
		for _, el := range e.Elts {
			r, ok := s.resolve(el, fr, depth+1)
			if !ok || len(r) == 0 || len(vecs)*len(r) > 64 {
				r = []string{"$X"}
			}
			var next [][]string
			for _, v := range vecs {
				for _, x := range r {
					next = append(next, append(append([]string{}, v...), x))
				}
			}
			vecs = next
		}
		return vecs, true
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			// x.argv(...): a func-valued field; what its literals return.
			var out [][]string
			for _, v := range s.fields[sel.Sel.Name] {
				fl, ok := v.rhs.(*ast.FuncLit)
				if !ok {
					continue
				}
				ast.Inspect(fl.Body, func(n ast.Node) bool {
					if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
						if vs, ok := s.resolveVec(r.Results[0], &frame{fn: v.fn}, depth+1); ok {
							out = append(out, vs...)
						}
					}
					return true
				})
			}
			return out, len(out) > 0
		}
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "append" && len(e.Args) > 0 {
			head, ok := s.resolveVec(e.Args[0], fr, depth+1)
			if !ok {
				return nil, false
			}
			var tail []string
			for i, a := range e.Args[1:] {
				if i == len(e.Args)-2 && e.Ellipsis.IsValid() {
					tail = append(tail, "$X")
					if vs, ok := s.resolveVec(a, fr, depth+1); ok && len(vs) == 1 {
						tail = append(tail[:len(tail)-1], vs[0]...)
					}
					continue
				}
				if r, ok := s.resolve(a, fr, depth+1); ok && len(r) == 1 {
					tail = append(tail, r[0])
				} else {
					tail = append(tail, "$X")
				}
			}
			var out [][]string
			for _, h := range head {
				out = append(out, append(append([]string{}, h...), tail...))
			}
			return out, true
		}
	case *ast.SelectorExpr:
		var out [][]string
		for _, v := range s.fields[e.Sel.Name] {
			if r, ok := s.resolveVec(v.rhs, &frame{fn: v.fn}, depth+1); ok {
				out = append(out, r...)
			}
		}
		return out, len(out) > 0
	case *ast.Ident:
		if fr != nil && fr.fn != nil && isParam(fr.fn, e.Name) {
			if a, ok := fr.args[e.Name]; ok {
				return s.resolveVec(a, fr.up, depth+1)
			}
			var out [][]string
			ok := true
			s.callSites(fr.fn, func(c *ast.CallExpr, caller *ast.FuncDecl) {
				idx := paramIndex(fr.fn, e.Name)
				if idx >= len(c.Args) {
					return
				}
				if variadic(fr.fn, e.Name) && !c.Ellipsis.IsValid() {
					var v []string
					for _, a := range c.Args[idx:] {
						if r, rok := s.resolve(a, &frame{fn: caller}, depth+1); rok && len(r) == 1 {
							v = append(v, r[0])
						} else {
							v = append(v, "$X")
						}
					}
					out = append(out, v)
					return
				}
				r, rok := s.resolveVec(c.Args[idx], &frame{fn: caller}, depth+1)
				if !rok {
					ok = false
				}
				out = append(out, r...)
			})
			return out, ok && len(out) > 0
		}
		var out [][]string
		for _, ref := range s.refs(e.Name, fr) {
			if ref.idx > 0 {
				continue
			}
			rf := &frame{fn: ref.fn}
			if fr != nil && ref.fn == fr.fn {
				rf = fr
			}
			if selfAppend(ref.rhs, e.Name) {
				continue // argv = append(argv, ...) keeps argv[0]
			}
			if ref.rng {
				els, ok := s.elems(ref.rhs, rf, depth+1)
				if !ok {
					return nil, false
				}
				for _, el := range els {
					r, ok := s.resolveVec(el.e, el.fr, depth+1)
					if !ok {
						return nil, false
					}
					out = append(out, r...)
				}
				continue
			}
			r, ok := s.resolveVec(ref.rhs, rf, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, r...)
		}
		return out, len(out) > 0
	}
	return nil, false
}

type elem struct {
	e  ast.Expr
	fr *frame
}

// elems returns the elements a slice expression can hold: a literal's, what
// append adds, what a variadic parameter is passed.
func (s *scanner) elems(e ast.Expr, fr *frame, depth int) ([]elem, bool) {
	if depth > 8 {
		return nil, false
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		var out []elem
		for _, el := range e.Elts {
			out = append(out, elem{el, fr})
		}
		return out, true
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "append" && len(e.Args) > 0 && !e.Ellipsis.IsValid() {
			out, ok := s.elems(e.Args[0], fr, depth+1)
			for _, a := range e.Args[1:] {
				out = append(out, elem{a, fr})
			}
			return out, ok
		}
	case *ast.Ident:
		if fr != nil && fr.fn != nil && variadic(fr.fn, e.Name) {
			var out []elem
			idx := paramIndex(fr.fn, e.Name)
			s.callSites(fr.fn, func(c *ast.CallExpr, caller *ast.FuncDecl) {
				for i := idx; i < len(c.Args); i++ {
					out = append(out, elem{c.Args[i], &frame{fn: caller}})
				}
			})
			return out, true
		}
		var out []elem
		for _, ref := range s.refs(e.Name, fr) {
			if ref.idx > 0 || ref.rng {
				continue
			}
			rf := &frame{fn: ref.fn}
			if fr != nil && ref.fn == fr.fn {
				rf = fr
			}
			if selfAppend(ref.rhs, e.Name) {
				for _, a := range ref.rhs.(*ast.CallExpr).Args[1:] {
					out = append(out, elem{a, rf})
				}
				continue
			}
			r, ok := s.elems(ref.rhs, rf, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, r...)
		}
		return out, len(out) > 0
	}
	return nil, false
}

// selfAppend says whether e is append(name, ...).
func selfAppend(e ast.Expr, name string) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	fn, ok := c.Fun.(*ast.Ident)
	x, ok2 := c.Args[0].(*ast.Ident)
	return ok && ok2 && fn.Name == "append" && x.Name == name
}

func variadic(fn *ast.FuncDecl, name string) bool {
	l := fn.Type.Params.List
	if len(l) == 0 {
		return false
	}
	last := l[len(l)-1]
	_, ok := last.Type.(*ast.Ellipsis)
	return ok && len(last.Names) > 0 && last.Names[len(last.Names)-1].Name == name
}

// callSites calls f for every call of fn in the package (a method by its
// name).
func (s *scanner) callSites(fn *ast.FuncDecl, f func(c *ast.CallExpr, caller *ast.FuncDecl)) {
	for _, file := range s.files {
		ast.Inspect(file, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			switch callee := c.Fun.(type) {
			case *ast.Ident:
				if fn.Recv != nil || callee.Name != fn.Name.Name {
					return true
				}
			case *ast.SelectorExpr:
				if fn.Recv == nil || callee.Sel.Name != fn.Name.Name {
					return true
				}
			default:
				return true
			}
			f(c, enclosing(file, c.Pos()))
			return true
		})
	}
}

// refs are the assignments to name seen from fr: its function's, or for a
// package-level variable set nowhere there, every function's.
func (s *scanner) refs(name string, fr *frame) []assignRef {
	var fn *ast.FuncDecl
	if fr != nil {
		fn = fr.fn
	}
	var refs []assignRef
	for _, ref := range s.assign[name] {
		if ref.fn == fn {
			refs = append(refs, ref)
		}
	}
	if len(refs) == 0 && packageLevel(s.files, name) {
		refs = s.assign[name]
	}
	return refs
}

// dashC reads the argument after a literal "-c" as a shell command: sh -c,
// and gs's and bpftrace's -c COMMAND, run it.
func (s *scanner) dashC(args []ast.Expr, fr *frame, target string) {
	if !hasLit(args, "-e") {
		return // not a gs or bpftrace command line
	}
	if progs, ok := s.directive(args[0].Pos()); ok {
		for _, p := range progs {
			s.uses = append(s.uses, Use{Prog: p, Target: target, Pos: s.pos(args[0].Pos())})
		}
		return
	}
	for i := 0; i+1 < len(args); i++ {
		lit, ok := args[i].(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			continue
		}
		if v, _ := strconv.Unquote(lit.Value); v != "-c" {
			continue
		}
		vals, ok := s.resolve(args[i+1], fr, 0)
		if !ok {
			continue
		}
		for _, v := range vals {
			if v == built {
				continue
			}
			for _, p := range ShellPrograms(v) {
				s.uses = append(s.uses, Use{Prog: p, Target: target, Pos: s.pos(args[i+1].Pos())})
			}
		}
	}
}

// resolve returns the string values expr can take, or false when it cannot
// tell.
func (s *scanner) resolve(e ast.Expr, fr *frame, depth int) ([]string, bool) {
	if depth > 8 {
		return nil, false
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return nil, false
		}
		v, err := strconv.Unquote(e.Value)
		return []string{v}, err == nil
	case *ast.ParenExpr:
		return s.resolve(e.X, fr, depth+1)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil, false
		}
		l, lok := s.resolve(e.X, fr, depth+1)
		r, rok := s.resolve(e.Y, fr, depth+1)
		if !lok {
			l = []string{"$X"}
		}
		if !rok {
			r = []string{"$X"}
		}
		if !lok && !rok {
			return nil, false
		}
		var out []string
		for _, a := range l {
			for _, b := range r {
				out = append(out, a+b)
			}
		}
		return out, true
	case *ast.CompositeLit:
		var out []string
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if v, ok := s.resolve(el, fr, depth+1); ok {
				out = append(out, v...)
			}
		}
		return out, len(out) > 0
	case *ast.Ident:
		return s.resolveIdent(e.Name, fr, depth)
	case *ast.SelectorExpr:
		vals := s.fields[e.Sel.Name]
		var out []string
		for _, v := range vals {
			if r, ok := s.resolve(v.rhs, &frame{fn: v.fn}, depth+1); ok {
				out = append(out, r...)
			}
		}
		return out, len(out) > 0
	case *ast.CallExpr:
		switch {
		case isPkgCall(e, "filepath", "Join", "Abs") || isPkgCall(e, "os", "Executable") || isPkgCall(e, "testtarget", "FromSource"):
			return []string{built}, true
		case isPkgCall(e, "exec", "LookPath") && len(e.Args) == 1:
			return s.resolve(e.Args[0], fr, depth+1)
		}
		if id, ok := e.Fun.(*ast.Ident); ok {
			return s.resolveCall(id.Name, e.Args, fr, depth)
		}
	}
	return nil, false
}

func (s *scanner) resolveIdent(name string, fr *frame, depth int) ([]string, bool) {
	if fr != nil && fr.fn != nil && isParam(fr.fn, name) {
		if a, ok := fr.args[name]; ok {
			return s.resolve(a, fr.up, depth+1)
		}
		if fr.args != nil {
			return nil, false
		}
		// A helper's parameter: what every call of the helper passes.
		var out []string
		ok := true
		idx := paramIndex(fr.fn, name)
		s.callSites(fr.fn, func(c *ast.CallExpr, caller *ast.FuncDecl) {
			if idx >= len(c.Args) {
				return
			}
			v, rok := s.resolve(c.Args[idx], &frame{fn: caller}, depth+1)
			if !rok {
				ok = false
			}
			out = append(out, v...)
		})
		return out, ok && len(out) > 0
	}
	var out []string
	for _, ref := range s.refs(name, fr) {
		if ref.idx > 0 {
			continue // x, err := f(): only the first result can be a program
		}
		rf := &frame{fn: ref.fn}
		if fr != nil && ref.fn == fr.fn {
			rf = fr
		}
		v, ok := s.resolve(ref.rhs, rf, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, v...)
	}
	return out, len(out) > 0
}

// resolveCall resolves a call of a function of the package: the values its
// return statements give, with its parameters bound to args.
func (s *scanner) resolveCall(name string, args []ast.Expr, fr *frame, depth int) ([]string, bool) {
	fns := s.funcs[name]
	if len(fns) != 1 {
		return nil, false
	}
	fn := fns[0]
	callee := &frame{fn: fn, args: map[string]ast.Expr{}, up: fr}
	i := 0
	for _, fld := range fn.Type.Params.List {
		for _, n := range fld.Names {
			if i < len(args) {
				callee.args[n.Name] = args[i]
			}
			i++
		}
	}
	var out []string
	ok := true
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		r, isRet := n.(*ast.ReturnStmt)
		if !isRet || len(r.Results) == 0 {
			return true
		}
		v, rok := s.resolve(r.Results[0], callee, depth+1)
		if !rok {
			ok = false
		}
		out = append(out, v...)
		return true
	})
	return out, ok && len(out) > 0
}

func isParam(fn *ast.FuncDecl, name string) bool { return paramIndex(fn, name) >= 0 }

func paramIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, f := range fn.Type.Params.List {
		for _, n := range f.Names {
			if n.Name == name {
				return i
			}
			i++
		}
	}
	return -1
}

func packageLevel(files []*ast.File, name string) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, sp := range g.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for _, id := range vs.Names {
						if id.Name == name {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

func enclosing(f *ast.File, p token.Pos) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= p && p < fd.End() {
			return fd
		}
	}
	return nil
}

func exprString(e ast.Expr) string {
	var b strings.Builder
	format.Node(&b, token.NewFileSet(), e)
	return b.String()
}

// progName is the program a command word names: the base name of an
// absolute path ("/bin/sh" is sh); "" for a program the tests built (a
// relative path) or a word that is not a program.
func progName(w string) string {
	switch {
	case w == "" || w == built || strings.ContainsAny(w, "$`{}=<>*?\\\"' \t\n") || strings.HasPrefix(w, "-"):
		return ""
	case strings.HasPrefix(w, "/"):
		for _, d := range []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/usr/local/bin/"} {
			if strings.HasPrefix(w, d) && !strings.Contains(w[len(d):], "/") {
				return w[len(d):]
			}
		}
		return "" // a program the tests built or put there
	case strings.Trim(w, "0123456789") == "":
		return ""
	case strings.Contains(w, "/"):
		return ""
	}
	return w
}

// btCases reads tests/bt's case files: RUN, BEFORE, AFTER and REQUIRES
// lines are shell commands.
func (s *scanner) btCases(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rel, _ := filepath.Rel(s.root, path)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		kw, rest, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		switch kw {
		case "RUN", "BEFORE", "AFTER", "REQUIRES", "SETUP", "CLEANUP":
			for _, p := range ShellPrograms(rest) {
				s.uses = append(s.uses, Use{Prog: p, Target: "test", Pos: fmt.Sprintf("%s:%d", rel, n)})
			}
		}
	}
	return sc.Err()
}

func hasLit(args []ast.Expr, want string) bool {
	for _, a := range args {
		if l, ok := a.(*ast.BasicLit); ok && l.Kind == token.STRING {
			if v, _ := strconv.Unquote(l.Value); v == want {
				return true
			}
		}
	}
	return false
}
