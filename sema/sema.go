// Package sema checks a parsed gs script and computes everything the code
// generator needs, as plain data. It reads the tree and never changes it:
// the forms known before checking (parameters, getopt, config reads,
// bpftrace's spellings of builtins) are rewritten by parser/rewrite first.
//
// Check runs in passes, like bpftrace's semantic analyser; each file holds
// one pass or one part of it:
//
//	probes.go     probe resolution: binaries, symbols, file offsets, wildcards
//	lineprobes.go the probe points that need DWARF: function copies, lines, FUNC+OFF
//	resolve.go    name resolution: builtins, $vars, program names (Scope)
//	values.go     the traced program's names: variables per probe, placement
//	check.go      type checking of statements and expressions, constant folding
//	cexpr.go      type checking of the C side: -> . [] * &, casts, sizeof, offsetof
//	calls.go      the functions a script calls (funcs, one table), printf formats
//	maps.go       script maps: types fixed by first use, aggregations, map calls
//	valuepass.go  program values: where they may be used, what gen can read
//	layout.go     resource analysis: record layouts, map keys, heap slots
//
// types.go and ctypes.go define sema's types and convert the program's C
// types.
//
// Every pass reports through one diag.List; all diagnostics are collected,
// and the result is usable by gen only when the list holds no errors.
package sema

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
)

// Config is what Check needs from the command line.
type Config struct {
	// DefaultBinary is used for `uprobe:FUNC` with no binary: the -c
	// command's executable or -p's executable (a path inside Root).
	DefaultBinary string
	// Dir resolves relative binary paths; "" means the current directory.
	// With Root, it is inside Root.
	Dir string
	// Root and Mapped are -p's debuginfo.Resolver fields (ForProcess):
	// the target's root directory when it is not gs's, and the files it
	// maps, which library short names resolve to first.
	Root   string
	Mapped []string
	// DebugFile is a separate debug file (--debug-file). It is used for
	// every probed binary it belongs to (same build-id, or matching
	// .gnu_debuglink CRC); belonging to none is an error.
	DebugFile string
	// ExactPlacement keeps every uprobe on the address the language
	// names, even where the kernel single-steps (placement.go).
	ExactPlacement bool
	// Unsafe allows the functions that act outside the trace (system),
	// as bpftrace's --unsafe.
	Unsafe bool
	// Command is set when gs starts the traced command (-c): cpid is
	// its pid.
	Command bool
	// TimeMap names a scalar map of integers that tseries reads as its
	// clock instead of CLOCK_TAI (bpftrace's BPFTRACE_DUMMY_TS_MAP, which
	// its tests set): "@ts" or "ts".
	TimeMap string
	// Metrics is set when the maps are exported as metrics (--metrics):
	// a key that cannot be a metric label is an error (labels.go).
	Metrics bool
	// HelperErrors is bpftrace's -k: a map read that finds no entry warns
	// at run time, at the read (runwarn.go's MapLookupMsg).
	HelperErrors bool
	// Script is what rewrite.Apply found in the script before Check:
	// the settings of its config block, and the diagnostics of the
	// rewritten forms, which Check reports with its own. nil: a script
	// with no config block and no form to rewrite.
	Script *rewrite.Result
	// Reserve fixes the heap's plan where a script that grows (gs -i,
	// package live) needs it: at least Reserve.Records bytes of records,
	// key buffers for Reserve.Maps maps, and StrCap bytes of text in the
	// values of maps of strings (and slots that large for tuples), so
	// that a trace added later moves no map key, $var or temporary of
	// the earlier ones, nor changes the maps' value size.
	Reserve struct{ Records, Maps, StrCap int }
}

// Program is a checked script: the resolved probes, a type for every
// expression, the record layouts and the heap plan. Gen reads it and never
// reports user errors except limits it alone can see.
type Program struct {
	File   *diag.File
	Probes []ir.Probe // attach points; ID is the index. Start and Len are gen's.
	Groups []*Group
	Events []ir.Event // ID is the index

	Types    map[parser.Expr]*Type
	Consts   map[parser.Expr]uint64 // integer constant expressions, as 64-bit patterns
	Builtins map[*parser.Ident]*Builtin
	Vars     map[*parser.VarExpr]*Var
	// VarViews are the `*&$v` and `*(T *)&$v` (T a struct, union or
	// array) whose value is $v's slot as it is: gen copies the slot.
	VarViews map[*parser.UnaryExpr]*Var
	EventOf  map[*parser.CallExpr]int // print, printf, exit, clear, zero → index in Events
	// Warns are the run-time warnings gen emits as warnf calls
	// (runwarn.go): the divisor of a / or % (and /=, %=) that can be 0
	// maps to the warning of a division by 0, and the run-time index of
	// an array to that of an index past its end.
	Warns map[parser.Expr]*parser.CallExpr
	// Maps are the script's maps; Maps[i] has ID i.
	Maps  []*Map
	MapOf map[*parser.MapExpr]*Map
	// KeysOf are the key expressions of delete(@m, k) and has_key(@m, k)
	// (maps.go): k, or the elements of a tuple k for a map of several keys.
	KeysOf map[*parser.CallExpr][]parser.Expr
	// RecordArea is the heap bytes at offset 0 reserved for records: the
	// largest event, rounded up to 8. $vars follow it.
	RecordArea int
	// StrValueSize is the slot size of every map of strings (ir.Program's).
	StrValueSize int
	// ProbeMatch are, for strcontains(probe, "lit") and
	// strcontains(func, "lit") (usercalls.go), the ids of the group's
	// probes whose name holds the needle.
	ProbeMatch map[*parser.CallExpr][]int
	// RegOf is the pt_regs slot of each reg("name") (reg.go).
	RegOf map[*parser.CallExpr]int
	// TimeMap is the read of Config.TimeMap that tseries takes its time
	// from; nil: the clock (CLOCK_TAI).
	TimeMap *parser.MapExpr
	// Unroll is each unroll's count, Fors each for loop's slots (loops.go).
	Unroll map[*parser.UnrollStmt]int
	Fors   map[*parser.ForStmt]*ForLoop
	// MapLoops are the for loops over maps (formap.go).
	MapLoops map[*parser.ForStmt]*MapLoop
	// KeepMaps: the maps are not printed at exit (config print_maps_on_exit).
	KeepMaps bool
	// DebugInfo: stacks print file:line and inlined frames (config
	// show_debug_info).
	DebugInfo bool
	// Cgroups: values print as cgroup paths or containers (ir.Program's).
	Cgroups bool
	// KernelReads: the script reads kernel memory through curtask
	// (ir.Program's).
	KernelReads bool
	// Values tells gen how to read the traced program's variables
	// (values.go); nil when the script reads none.
	Values *Values
	// Args is the record each `args` used as a whole value stands for
	// (args.go).
	Args map[*parser.Ident]*parser.TupleExpr
	// Placements says where each uprobe sits and why (placement.go), in
	// the order groups were checked.
	Placements []machine.Placement
	// Returns are the uretprobes that are uprobes on RETs, whose calls
	// the runtime counts (retsites.go, ir.Program.Returns).
	Returns []ir.ReturnCount
	// Named are the -v lines saying which table named each probed
	// function (probes.go, nameSources): DWARF, .symtab, .gnu_debugdata
	// or .dynsym.
	Named []string
}

// Group is one probe group: its probes share one piece of code.
type Group struct {
	Node   *parser.ProbeGroup
	Probes []int // indexes into Program.Probes
	Ret    bool  // every probe is a uretprobe
	// Special is "BEGIN", "END" or "interval" when the group has such a
	// probe: it has no arguments, return value or function.
	Special string
	Vars    []*Var
	// HeapEnd is the first heap byte after the group's $vars: where gen
	// may put temporaries.
	HeapEnd int
}

// Var is a script variable ($name), scoped to one run of its group.
type Var struct {
	Name   string
	Type   *Type // set by the first assignment
	Offset int   // heap offset of its slot
	// Init is set when some use may read the slot before any assignment
	// ran; gen then zeroes the slot when the group starts.
	Init bool
	Sp   diag.Span // the first assignment, or its `let`
	// ReadAt is where a $var declared by `let $x;` was read before any
	// assignment gave it a type (it is then an integer).
	ReadAt *diag.Span
}

// Check resolves and type-checks prog, which rewrite.Apply has rewritten
// (cfg.Script). It reads prog and never changes it. The returned Program
// is complete only when the list holds no errors.
func Check(prog *parser.Program, cfg Config) (*Program, *diag.List) {
	c := &checker{
		cfg:      cfg,
		diags:    &diag.List{File: prog.File},
		settings: rewrite.Defaults,
		p: &Program{
			File:     prog.File,
			Types:    map[parser.Expr]*Type{},
			Consts:   map[parser.Expr]uint64{},
			Builtins: map[*parser.Ident]*Builtin{},
			Vars:     map[*parser.VarExpr]*Var{},
			EventOf:  map[*parser.CallExpr]int{},
			Warns:    map[parser.Expr]*parser.CallExpr{},
			MapOf:    map[*parser.MapExpr]*Map{},
		},
	}
	defer c.closeBinaries()
	if s := cfg.Script; s != nil {
		c.settings = s.Settings
		c.p.KeepMaps = s.KeepMaps
		c.p.DebugInfo = s.DebugInfo
		c.diags.Diags = append(c.diags.Diags, s.Diags.Diags...)
	}
	c.scriptTypes(prog.Types)
	c.mapDecls(prog.MapDecls)
	for _, g := range prog.Groups {
		grp := &Group{Node: g}
		c.p.Groups = append(c.p.Groups, grp)
		c.resolveProbes(grp)
		c.checkGroup(grp)
	}
	c.checkDebugFileUsed(prog)
	c.unusedMapDecls(prog.MapDecls) // warnings.go
	if c.skipped != nil && len(c.p.Probes) == 0 {
		c.errorf(c.skipped, "no probe point matches anything: nothing to attach (missing_probes = %q skips the ones that match nothing)", c.settings.MissingProbes)
	}
	c.relayoutAll() // tuples.go
	c.finishMaps()
	c.prepareValues()
	c.layout()
	c.finishValues()
	c.diags.Sort()
	return c.p, c.diags
}

// checker holds the state of one Check.
type checker struct {
	warnedStatic bool     // warnStaticCommand said it once
	pv           *pvState // program values (values.go)
	cfg          Config
	diags        *diag.List
	p            *Program
	binaries     map[string]*binEntry
	events       []*eventInfo // in source order; index = event id
	maps         map[string]*Map
	mapLimits    map[string]int            // the keys a map declaration lets a map hold (hash(N)), by name
	pinned       map[int]bool              // probe IDs at an explicit FUNC+OFF or 0xADDR
	placer       machine.Placer            // reads each binary's data once (placement.go)
	retSite      map[int]bool              // probe IDs on a RET of a function, for a uretprobe (retsites.go)
	retAddrPl    map[int]machine.Placement // probe IDs on a Go function's return addresses instead (goretaddrs.go)
	usdt         map[int]*usdtSite         // USDT probes by ID (usdt.go)
	mapped       map[string]*binEntry      // files of -p's process opened by their host path (usdt.go)
	mapLoops     []*MapLoop                // the for loops over maps, laid out again in layout (formap.go)

	settings  rewrite.Settings // the config block's (Config.Script)
	defined   map[string]*Type // C types defined in the script, by name (cdecl.go)
	enumTypes []*Type          // the script's enums, in order

	skipped *parser.Probe // the first probe point missing_probes skipped

	debugFileUsed bool  // Config.DebugFile belonged to a probed binary
	debugFileErr  error // why it did not belong to the first one that refused it
}

func (c *checker) errorf(n parser.Node, format string, args ...any) *diag.Diagnostic {
	return c.diags.Errorf(n.Span(), format, args...)
}

func (c *checker) text(n parser.Node) string { return c.p.File.Text(n.Span()) }
