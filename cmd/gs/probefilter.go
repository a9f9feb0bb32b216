package main

import (
	"regexp"

	"github.com/gs-tracer/gs/parser"
)

// filterProbes keeps the probes whose specifier, as written, matches re
// (bpftrace's --probe-filter), and every begin and end probe; a group left
// without probes goes. It returns how many probes other than begin and end
// remain.
func filterProbes(prog *parser.Program, re *regexp.Regexp) int {
	kept := 0
	groups := prog.Groups[:0]
	for _, g := range prog.Groups {
		ps := g.Probes[:0]
		for _, p := range g.Probes {
			switch {
			case p.Kind == parser.ProbeBegin || p.Kind == parser.ProbeEnd:
				ps = append(ps, p)
			case re.MatchString(p.Text):
				ps = append(ps, p)
				kept++
			}
		}
		if g.Probes = ps; len(ps) > 0 {
			groups = append(groups, g)
		}
	}
	prog.Groups = groups
	return kept
}
