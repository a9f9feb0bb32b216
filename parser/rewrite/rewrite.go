// Package rewrite replaces, in a parsed script, the forms whose value is
// known before the script is checked: positional parameters ($1, $#,
// str($1)), getopt calls, the reads of the config block (config().KEY),
// and bpftrace's other spellings of builtins (comm(), __builtin_comm,
// pid(curr_ns), probetype). It also reads the config block itself: the
// Settings sema checks the script with.
//
// It runs after the parser (which expands macros and #define while it
// builds the tree) and before sema.Check, which reads the tree and never
// changes it:
//
//	parser.Parse → rewrite.Apply → sema.Check
//
// Each file holds one rewrite:
//
//	getopt.go   getopt("name", default): the named parameters after "--"
//	config.go   the config block, BPFTRACE_STACK_MODE, config().KEY
//	builtins.go bpftrace's other spellings of builtins
//
// Positional parameters are the parser's own (parser.SubstParams), since
// a probe specifier that holds one is split then.
package rewrite

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// Config is what Apply needs from the command line.
type Config struct {
	// Params are the script's positional parameters, $1 first.
	Params []string
	// Named are the named ones (getopt), "name=value" or "name", as
	// given after the script's "--" without their leading "--".
	Named []string
	// StackMode is the environment's BPFTRACE_STACK_MODE: the default
	// mode of ustack, over config's stack_mode.
	StackMode string
	// IsBuiltin reports whether a name is a builtin identifier
	// (sema.IsBuiltin): those are the names comm() and __builtin_comm
	// spell. nil: none is.
	IsBuiltin func(name string) bool
	// OtherPidNS says that gs runs in a PID namespace other than the
	// initial one (OtherPidNamespace): pid and tid of curr_ns, the
	// default, are then numbers gs cannot read yet.
	OtherPidNS bool
}

// Settings are what the config block and the environment set, which
// sema checks the script with.
type Settings struct {
	StrLen        int          // str()'s limit when none is given (max_strlen)
	StackMode     ir.StackMode // ustack's mode when none is given
	KeepMaps      bool         // print_maps_on_exit = false
	DebugInfo     bool         // show_debug_info = 1: stacks print file:line and inlined frames
	MissingProbes string       // missing_probes: "" (error), "warn" or "ignore"
}

// Defaults are the Settings of a script with no config block.
var Defaults = Settings{StrLen: ir.DefaultStr}

// Result is what Apply found beside the rewritten tree.
type Result struct {
	Settings
	// ParamErr, when set, says that Config.Named does not fit the
	// script's getopt options (a command-line error, getopt.go).
	ParamErr *ParamError
	// Diags are the mistakes of the rewritten forms and of the config
	// block; sema.Check reports them with its own.
	Diags *diag.List
}

// Apply rewrites prog in place, as cfg says.
func Apply(prog *parser.Program, cfg Config) *Result {
	r := &Result{Settings: Defaults, Diags: &diag.List{File: prog.File}}
	parser.SubstParams(prog, cfg.Params, r.Diags)
	builtinForms(prog, cfg, r.Diags) // builtins.go
	ipv6Literals(prog)               // builtins.go
	containerOf(prog, r.Diags)       // containerof.go
	taskMacros(prog, r.Diags)        // taskmacros.go
	r.getopts(prog, cfg.Named)       // getopt.go
	r.envStackMode(cfg.StackMode)    // config.go
	r.config(prog.Config, cfg.StackMode != "")
	r.configReads(prog)
	return r
}
