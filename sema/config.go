package sema

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// The config block and the environment's BPFTRACE_STACK_MODE are read
// before Check (parser/rewrite/config.go); the settings they give are
// Config.Script's: str()'s limit, ustack's default mode, whether maps are
// printed at exit, and how probe points that match nothing are reported.

// missingProbe reports a probe point that matches nothing as
// config missing_probes says: an error (bpftrace's default), a warning
// that skips it ("warn"), or nothing ("ignore"). The result takes a hint.
func (c *checker) missingProbe(pr *parser.Probe, format string, args ...any) *diag.Diagnostic {
	if c.settings.MissingProbes != "" && c.skipped == nil {
		c.skipped = pr
	}
	switch c.settings.MissingProbes {
	case "ignore":
		return &diag.Diagnostic{} // dropped
	case "warn":
		return c.diags.Warnf(pr.Span(), format+": skipping the probe (missing_probes = \"warn\")", args...)
	}
	return c.errorf(pr, format, args...)
}

// defaultStack is autoStack in the default stack mode.
func (c *checker) defaultStack() *Type {
	t := autoStack()
	t.StackMode = c.settings.StackMode
	return t
}
