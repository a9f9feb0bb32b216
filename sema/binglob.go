package sema

import "github.com/gs-tracer/gs/parser"

// A wildcard in a probe's binary (uprobe:*:f, uprobe:/usr/lib/*/libc*:f)
// names every file it matches that has the function: with -p, the files
// the process maps (by path or base name), else the file system's. A
// matching file without the function is no error; no file with it at all
// is a missing probe (config missing_probes). What a pattern matches is
// the resolver's rule (debuginfo.Resolver.Glob), which gs -l reads too.

// wildBinaries returns the files of pr's binary pattern that have the
// function pr names; none is a missing probe (reported).
func (c *checker) wildBinaries(pr *parser.Probe) []string {
	if pr.Func == "" || pr.HasOffset {
		c.errorf(pr, "a wildcard in the binary needs a function name (no address, offset or FILE:LINE)")
		return nil
	}
	var out []string
	for _, m := range c.resolver().Glob(pr.Binary) {
		be := c.openBinary(m)
		if be.bin == nil || !be.bin.HasSymbols() {
			continue
		}
		if len(be.bin.FindFuncs(pr.Func)) > 0 || len(be.bin.ListFuncs(pr.Func)) > 0 {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		c.missingProbe(pr, "no file matching %q has a function %q", pr.Binary, pr.Func)
	}
	return out
}
