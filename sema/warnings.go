package sema

import "github.com/gs-tracer/gs/parser"

// unusedMapDecls warns of each map a `let @m = hash(N)` declares that no
// probe uses, as bpftrace does.
func (c *checker) unusedMapDecls(decls []*parser.LetStmt) {
	for _, d := range decls {
		if d.Map != nil && c.maps[d.Map.Name] == nil {
			c.diags.Warnf(d.Map.Span(), "unused map: %s", c.text(d.Map)).
				WithHint("no probe reads or writes it")
		}
	}
}
