package sema

import (
	"sort"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// The default stack mode: how ustack and ustack(N) print when no mode is
// given. bpftrace's is "bpftrace"; config `stack_mode = perf` (or its
// other spellings) changes it, and the environment's BPFTRACE_STACK_MODE
// (Config.StackMode) wins over the config block, as in bpftrace.

// configStackMode applies config's stack_mode.
func (c *checker) configStackMode(it *parser.ConfigItem) {
	m, ok := ir.StackModes[strings.ToLower(it.Value)]
	if !ok {
		c.diags.Errorf(it.ValSp, "unknown stack mode %q", it.Value).WithHint("the modes are %s", stackModeNames())
		return
	}
	if c.cfg.StackMode == "" {
		c.stackMode = m
	}
}

// envStackMode applies Config.StackMode, before the config block.
func (c *checker) envStackMode() {
	if c.cfg.StackMode == "" {
		return
	}
	m, ok := ir.StackModes[strings.ToLower(c.cfg.StackMode)]
	if !ok {
		c.diags.Errorf(diag.Span{}, "BPFTRACE_STACK_MODE: unknown stack mode %q", c.cfg.StackMode).
			WithHint("the modes are %s", stackModeNames())
		return
	}
	c.stackMode = m
}

func stackModeNames() string {
	var names []string
	for n := range ir.StackModes {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// defaultStack is autoStack in the default stack mode.
func (c *checker) defaultStack() *Type {
	t := autoStack()
	t.StackMode = c.stackMode
	return t
}
