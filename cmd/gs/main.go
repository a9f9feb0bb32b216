// Command gs traces running programs: "printf for a binary that is already
// running". It compiles a small bpftrace-like script into bytecode, loads the
// precompiled in-kernel interpreter, attaches uprobes and prints what the
// probes record.
//
// Exit codes:
//
//	0  the trace ran and ended normally (exit(), Ctrl-C, the target exited,
//	   the reader of a pipe went away)
//	1  a run-time failure (loading, attaching, a target that cannot start,
//	   output that cannot be written)
//	2  a usage error (bad flags)
//	3  the script has errors (syntax, names, types)
//	70 an internal error in gs (a bug: please report it)
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	goruntime "runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
	flag "github.com/spf13/pflag"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/bpf"
	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/machine"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"
	"github.com/gs-tracer/gs/session"
)

// version is set by the Makefile through -ldflags.
var version = "dev"

// Exit codes, documented in the package comment and README.
const (
	exitOK       = 0
	exitRuntime  = 1
	exitUsage    = 2
	exitScript   = 3
	exitInternal = 70
)

// usageHead and usageTail frame the flags in -h's text, laid out as
// bpftrace's (USAGE:, OPTIONS:, EXAMPLES:) for its users.
const usageHead = `gs - trace a running program by name, without stopping it

USAGE:
    gs [options] FILE
    gs [options] - <stdin input>
    gs [options] -e 'program'
    use -- after FILE/-e 'program' for named script parameters (getopt)

OPTIONS:
`

const usageTail = `
EXAMPLES:
    gs -c './app 3' -e 'uprobe:./app:add < print(arg0) >'
    gs -p 1234 -e 'uprobe:/usr/bin/app:handle { printf("%d %s\n", arg0, str(arg1)) }'
    gs -e 'uretprobe:./app:add /retval > 10/ { printf("add returned %d\n", retval) }'
    gs -d ir -e 'uprobe:./app:add { print(arg0, comm) }'     # show the bytecode
    gs trace.gs
    gs -l 'uprobe:./app:*'                                  # list functions
    gs -lv 'uprobe:./app:add'                               # and their variables

EXIT CODES:
    0 ok, 1 run-time failure, 2 usage error, 3 script error, 70 internal error
`

// maxPID is bpftrace's bound on -p: the nominal pid_max of 64-bit systems.
const maxPID = 0x400000

type options struct {
	program  string
	pidStr   string
	pid      int
	command  string
	dump     string
	dryRun   bool
	verbose  bool
	quiet    bool
	showVer  bool
	info     bool
	unsafe   bool
	noWarn   bool
	helperK  int
	usdtFile bool
	includes []string
	dbgDirs  []string
	pfilter  string
	help     bool
	list     bool
	bufSize  int
	mapSize  int
	format   string
	wakeup   time.Duration
	output   string
	pprofOut string
	noColor  bool
	debugF   string
	exact    bool
	scriptNm string
	scriptSr string
	interact bool
	metrics  metricsOptions // metrics.go
}

func main() {
	session.RunShimIfRequested()
	// A write to a closed pipe (gs ... | head) then fails with EPIPE instead
	// of killing gs before it detaches; the runtime ends the trace quietly.
	// The handler is not inherited by a -c command (exec resets it).
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "gs: internal error: %v\nplease report this with the script that caused it\n", r)
			code = exitInternal
		}
	}()

	var o options
	fs := flag.NewFlagSet("gs", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVarP(&o.program, "expr", "e", "", "the script to run, as `PROGRAM` text")
	fs.StringVarP(&o.pidStr, "pid", "p", "", "trace only the process with this `PID`")
	fs.StringVarP(&o.command, "command", "c", "", "start `CMD` (with its arguments), trace it and every process it starts, and stop when the last exits")
	fs.StringVarP(&o.dump, "dump", "d", "", "print `WHAT` instead of running: ast (the syntax tree) or ir (the bytecode)")
	fs.BoolVarP(&o.interact, "interactive", "i", false, "an interactive session on -p PID, -c CMD or a BINARY: add and remove probes while it runs (a terminal UI, or commands from stdin; docs/interactive.md)")
	fs.BoolVarP(&o.list, "list", "l", false, "list the probe points matching the probe given instead of a script (with -v: their variables)")
	fs.BoolVar(&o.dryRun, "dry-run", false, "compile and load into the kernel, attach nothing")
	fs.BoolVarP(&o.verbose, "verbose", "v", false, "print what gs does (attach timings, probe addresses)")
	fs.BoolVarP(&o.quiet, "quiet", "q", false, "print no informational status lines (warnings and losses still show)")
	fs.StringVarP(&o.output, "output", "o", "", "write trace output to `FILE`")
	fs.StringVar(&o.pprofOut, "pprof", "", "write the maps keyed by ustack with count() or sum() to `FILE` as a pprof profile, at exit and at each print (docs/pprof.md)")
	fs.StringVarP(&o.format, "format", "f", "text", "output `FORMAT`: text (bpftrace's) or json (one object per line, see docs/json.md)")
	fs.IntVar(&o.bufSize, "buffer-size", 16<<20, "ring buffer size in `BYTES` (a power of two)")
	fs.IntVar(&o.mapSize, "map-entries", session.DefaultMapEntries, "`N` keys each script map can hold")
	fs.DurationVar(&o.wakeup, "wakeup", session.DefaultWakeup, "least time between two reader wakeups by one CPU; 0 wakes it for every record")
	_ = fs.MarkHidden("wakeup")
	fs.StringVar(&o.debugF, "debug-file", "", "read DWARF for the probed binary from this separate debug `FILE`")
	fs.BoolVar(&o.exact, "exact-placement", false, "attach every uprobe at the address the script names, even where the kernel single-steps (slower)")
	fs.BoolVar(&o.noColor, "no-color", false, "never color diagnostics")
	fs.BoolVar(&o.unsafe, "unsafe", false, "allow functions that act outside the trace: system()")
	fs.BoolVar(&o.noWarn, "no-warnings", false, "print no warnings about the script")
	fs.CountVarP(&o.helperK, "helper-errors", "k", "warn at run time where a map read finds no key or a $var's value reads memory that is not there, as bpftrace's -k (printed values always show a failed read, as <read error at ADDR>)")
	fs.BoolVar(&o.usdtFile, "usdt-file-activation", false, "accepted for bpftrace's scripts: gs's USDT semaphores are the kernel's, raised in every process that maps the file")
	fs.StringVar(&o.pfilter, "probe-filter", "", "attach only the probes whose specifier matches `REGEXP` (and every begin and end probe)")
	fs.StringArrayVar(&o.dbgDirs, "debuginfo", nil, "also look for separate debug files in `DIR` (DIR/BINARY.debug with the binary's build-id)")
	fs.StringArrayVar(&o.includes, "include", nil, "accepted for bpftrace's scripts: gs reads types from DWARF, not C `HEADER`s (ignored)")
	addMetricsFlags(fs, &o.metrics) // metrics.go
	addOTLPFlags(fs, &o.metrics)    // otlp.go
	fs.BoolVarP(&o.showVer, "version", "V", false, "print gs's version and exit")
	fs.BoolVar(&o.info, "info", false, "print what gs supports on this kernel, in bpftrace's --info terms, and exit")
	fs.BoolVarP(&o.help, "help", "h", false, "show this help")
	fs.SortFlags = false
	// bpftrace's spelling of -c.
	fs.SetNormalizeFunc(func(_ *flag.FlagSet, name string) flag.NormalizedName {
		if name == "cmd" {
			name = "command"
		}
		return flag.NormalizedName(name)
	})

	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "gs: %v\n\n", err)
		usage(stderr, fs)
		return exitUsage
	}
	if o.help {
		usage(stdout, fs)
		return exitOK
	}
	if o.showVer {
		fmt.Fprintf(stdout, "gs %s (bytecode version %d)\n", version, ir.Version)
		if err := session.KernelReport(stdout); err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
		}
		return exitOK
	}
	if o.info {
		if err := session.InfoReport(stdout); err != nil {
			fmt.Fprintf(stderr, "gs: %v\n", err)
			return exitRuntime
		}
		return exitOK
	}
	if o.pidStr != "" {
		pid, err := parsePID(o.pidStr)
		if err != nil {
			cliError(stderr, "%v", err)
			return exitUsage
		}
		o.pid = pid
	}
	rest := fs.Args()
	setupDebugInfo(&o, stderr)
	if o.interact {
		if o.dump != "" || o.list || o.program != "" {
			// -i takes its probes from the session, and bpftrace's
			// "-idonotexist" (a bad flag) must not run one.
			fmt.Fprint(stderr, "gs: -i takes no -d, -l or -e: add probes in the session (trace PROBE { ... })\n\n")
			usage(stderr, fs)
			return exitUsage
		}
		cmdArgs, ok := commandArgs(&o, stderr)
		if !ok {
			return exitUsage
		}
		return interactive(&o, rest, cmdArgs, os.Stdin, stdout, stderr) // interactive.go
	}
	listScript := false
	if o.list {
		spec := o.program
		if spec == "" && len(rest) == 1 {
			spec = rest[0]
		}
		switch {
		case isScript(o.program, rest):
			listScript = true // list the probes the script attaches (below)
		case spec == "" && len(rest) == 0 && o.pid != 0:
			code := listProcess(o.pid, "*", stdout, stderr) // list.go
			listUSDT(&parser.Probe{Kind: parser.ProbeUsdt, Func: "*"}, o.pid, o.verbose, true, stdout, stderr)
			return code
		case spec == "" || (o.program != "" && len(rest) > 0) || len(rest) > 1:
			fmt.Fprint(stderr, "gs: -l takes one probe, e.g. gs -l 'uprobe:./app:*' (gs lists uprobes and usdt probes)\n")
			return exitUsage
		default:
			return list(spec, o.pid, o.verbose, o.exact, stdout, stderr)
		}
	}
	// The arguments after the script are its positional parameters ($1,
	// $2, ...); after a "--", those that start with "--" are named ones
	// (bpftrace's getopt).
	var params, named []string
	switch {
	case o.program != "":
		o.scriptNm, o.scriptSr = "<expr>", o.program
		params, named = splitParams(rest, fs.ArgsLenAtDash())
	case len(rest) >= 1:
		data, err := readScript(rest[0])
		if err != nil {
			cliError(stderr, "%v", err)
			return exitUsage
		}
		o.scriptNm, o.scriptSr = rest[0], string(data)
		if rest[0] == "-" {
			o.scriptNm = "<stdin>"
		}
		params, named = splitParams(rest[1:], fs.ArgsLenAtDash()-1)
	default:
		fmt.Fprint(stderr, "gs: no script: give one with -e 'PROGRAM' or as FILE.gs\n(see gs -h)\n")
		return exitUsage
	}
	if o.dump != "" && o.dump != "ast" && o.dump != "ir" {
		fmt.Fprintf(stderr, "gs: -d takes ast or ir, not %q\n", o.dump)
		return exitUsage
	}
	if o.format != "text" && o.format != "json" {
		cliError(stderr, "Invalid output format %q\nValid formats: 'text', 'json'", o.format)
		return exitUsage
	}
	otlpCfg, code := otlpConfig(&o.metrics, stderr) // otlp.go
	if code != exitOK {
		return code
	}
	if o.mapSize <= 0 {
		fmt.Fprintf(stderr, "gs: --map-entries must be positive, not %d\n", o.mapSize)
		return exitUsage
	}
	if o.bufSize <= 0 || o.bufSize&(o.bufSize-1) != 0 || o.bufSize < 4096 {
		fmt.Fprintf(stderr, "gs: --buffer-size must be a power of two of at least 4096, not %d\n", o.bufSize)
		return exitUsage
	}
	cmdArgs, ok := commandArgs(&o, stderr)
	if !ok {
		return exitUsage
	}

	colored := !o.noColor && os.Getenv("NO_COLOR") == "" && isTerminal(stderr)
	file := &diag.File{Name: o.scriptNm, Src: o.scriptSr}
	prog, diags := parser.Parse(file)
	if len(diags.Diags) > 0 {
		diags.Render(stderr, colored) // warnings too (#include)
	}
	if diags.HasErrors() {
		return exitScript
	}
	if o.pfilter != "" {
		re, err := regexp.Compile(o.pfilter)
		if err != nil {
			fmt.Fprintf(stderr, "gs: --probe-filter: invalid regexp: %v\n", err)
			return exitUsage
		}
		if filterProbes(prog, re) == 0 && len(prog.Groups) == 0 {
			fmt.Fprintf(stderr, "gs: --probe-filter %q matches no probe: no probes to attach\n", o.pfilter)
			return exitUsage
		}
	}
	if o.dump == "ast" {
		fmt.Fprint(stdout, parser.Dump(prog))
		return exitOK
	}

	if !arch.Supported { // sema knows no registers here: say why, not "arg0 is not an argument"
		fmt.Fprintf(stderr, "gs: %v, not %s\n", bpf.ErrUnsupportedArch, goruntime.GOARCH)
		return exitRuntime
	}
	if !listScript && o.dump == "" {
		session.Prepare() // kernel BTF and the interpreter object, while the script compiles
	}
	script := rewrite.Apply(prog, rewrite.Config{Params: params, Named: named, StackMode: os.Getenv("BPFTRACE_STACK_MODE"),
		IsBuiltin: sema.IsBuiltin, OtherPidNS: rewrite.OtherPidNamespace()})
	cfg := sema.Config{Dir: ".", DebugFile: o.debugF, ExactPlacement: o.exact, Unsafe: o.unsafe, HelperErrors: o.helperK > 0, Script: script, Metrics: o.metrics.addr != "" || o.metrics.otlp,
		TimeMap: os.Getenv("BPFTRACE_DUMMY_TS_MAP")} // tseries' clock in bpftrace's tests
	if len(cmdArgs) > 0 {
		cfg.DefaultBinary, cfg.Command = lookPath(cmdArgs[0]), true
		cfg.Mapped = debuginfo.MuslMapped(cfg.DefaultBinary) // its libc is musl's
	} else if o.pid != 0 {
		// Probe paths are the target's: in a container, under /proc/PID/root.
		r := debuginfo.ForProcess(o.pid)
		cfg.Root, cfg.Mapped = r.Root, r.Mapped
		cfg.DefaultBinary = r.Exe(o.pid)
	}
	checked, sdiags := sema.Check(prog, cfg)
	if pe := script.ParamErr; pe != nil && (sdiags == nil || !sdiags.HasErrors()) {
		if pe.Msg != "" {
			cliError(stderr, "%s", pe.Msg)
		}
		if pe.Hint != "" {
			fmt.Fprintf(stderr, "HINT: %s\n", pe.Hint)
		}
		return exitUsage
	}
	if listScript && (sdiags == nil || !sdiags.HasErrors()) {
		listProbes(checked, stdout)
		return exitOK
	}
	if sdiags != nil && o.noWarn {
		kept := sdiags.Diags[:0]
		for _, d := range sdiags.Diags {
			if d.Severity != diag.Warning {
				kept = append(kept, d)
			}
		}
		sdiags.Diags = kept
	}
	if sdiags != nil && len(sdiags.Diags) > 0 {
		sdiags.File = file
		sdiags.Render(stderr, colored)
		if sdiags.HasErrors() {
			return exitScript
		}
	}
	compiled, err := gen.Generate(checked)
	if err != nil {
		// A limit only gen can see is the script's; anything else a bug.
		var de *diag.Errors
		if errors.As(err, &de) {
			de.List.Render(stderr, colored)
			return exitScript
		}
		fmt.Fprintf(stderr, "gs: %v\nplease report this with the script that caused it\n", err)
		return exitInternal
	}
	if o.dump == "ir" {
		fmt.Fprint(stdout, ir.Disasm(compiled))
		return exitOK
	}

	out := stdout
	var outFile *os.File
	if o.output != "" {
		f, err := os.Create(o.output)
		if err != nil {
			fmt.Fprintf(stderr, "gs: open output: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		out, outFile = f, f
	}
	readers, err := pprofReaders(o.pprofOut, compiled, tracedExecutable(cmdArgs, o.pid, compiled))
	if err != nil {
		fmt.Fprintf(stderr, "gs: %v\n", err)
		return exitUsage
	}
	format := session.FormatText
	if o.format == "json" {
		format = session.FormatJSON
	}
	wakeup := o.wakeup
	if wakeup == 0 {
		wakeup = -1 // no limit: every record wakes the reader
	}

	exp, code := startMetrics(&o.metrics, compiled, file, stderr, colored) // metrics.go
	if code != exitOK {
		return code
	}
	defer exp.close(stderr)
	if code := startOTLP(&o.metrics, otlpCfg, exp, stderr); code != exitOK { // otlp.go
		return code
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = session.Run(ctx, compiled, session.Options{
		PID:        o.pid,
		Command:    cmdArgs,
		Out:        out,
		Status:     stderr, // -q drops informational lines, never warnings or losses
		Verbose:    o.verbose,
		Quiet:      o.quiet,
		BufferSize: o.bufSize,
		DryRun:     o.dryRun,
		Format:     format,
		MapEntries: o.mapSize,
		Wakeup:     wakeup,
		Notes:      append(checked.Named, placementNotes(checked)...),
		Attached:   notifyAttached(stdout),
		NoWarnings: o.noWarn,
		MapReaders: readers,
		Metrics:    exp.reader(),
	})
	if outFile != nil {
		// A file system may report a failed write only now (NFS): that is
		// a write error too.
		if cerr := outFile.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("%w; the output may be incomplete", cerr)
		}
	}
	var exit *session.ExitError
	if errors.As(err, &exit) {
		return exit.Code & 0xff // exit(code): the trace ran; the shell sees code's low byte
	}
	if err != nil {
		if errors.Is(err, session.ErrInternal) {
			fmt.Fprintf(stderr, "gs: internal error: %v\n", err)
			return exitInternal
		}
		if format == session.FormatJSON {
			stderr.Write(output.AppendJSONStatus(nil, "error", err.Error()))
		} else {
			fmt.Fprintf(stderr, "gs: %v\n", err)
		}
		return exitRuntime
	}
	return exitOK
}

// usage writes -h's text: bpftrace's layout, gs's flags.
func usage(w io.Writer, fs *flag.FlagSet) {
	io.WriteString(w, usageHead)
	// pflag marks every bool flag "[=true|false]"; they are plain switches.
	io.WriteString(w, strings.ReplaceAll(fs.FlagUsages(), "[=true|false]", "             "))
	io.WriteString(w, usageTail)
}

// cliError writes an error about the command line in bpftrace's words
// ("ERROR: Failed to parse pid: ..."), which its users and scripts know.
func cliError(w io.Writer, format string, args ...any) {
	fmt.Fprintf(w, "ERROR: "+format+"\n", args...)
}

// parsePID parses -p's PID as bpftrace does, with its messages.
func parsePID(s string) (int, error) {
	digits := 0
	for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
		digits++
	}
	switch {
	case digits == 0:
		return 0, fmt.Errorf("Failed to parse pid: invalid integer: %s", s)
	case digits < len(s):
		return 0, fmt.Errorf("Failed to parse pid: invalid trailing bytes: %s", s)
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n > maxPID {
		return 0, fmt.Errorf("Pid out of range: %s", s)
	}
	return int(n), nil
}

// readScript reads the script file name, "-" for standard input; its error
// is bpftrace's "failed to open file 'NAME': No such file or directory".
func readScript(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		var errno syscall.Errno
		if errors.As(err, &errno) {
			msg := errno.Error()
			return nil, fmt.Errorf("failed to open file '%s': %s", name, strings.ToUpper(msg[:1])+msg[1:])
		}
		return nil, fmt.Errorf("failed to open file '%s': %w", name, err)
	}
	return data, nil
}

// splitParams returns the positional and the named parameters among args,
// of which the first dash are before a "--" (dash < 0: there was none):
// after it, "--name[=value]" is named (returned without its dashes).
func splitParams(args []string, dash int) (pos, named []string) {
	for i, a := range args {
		if n, ok := strings.CutPrefix(a, "--"); ok && dash >= 0 && i >= dash && n != "" {
			named = append(named, n)
			continue
		}
		pos = append(pos, a)
	}
	return pos, named
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	return isatty.IsTerminal(f.Fd()) && !color.NoColor
}

// lookPath resolves a command name the way the shell would, for finding the
// default binary of `uprobe:FUNC` probes; on failure the name is kept and
// the runtime reports the problem when it starts the command.
func lookPath(name string) string {
	if p, err := (&debuginfo.Resolver{}).Command(name); err == nil {
		return p
	}
	return name
}

// errUnterminated is returned by splitCommand for an open quote.
var errUnterminated = errors.New("unterminated quote")

// splitCommand splits a -c command line into words like a POSIX shell does
// for simple commands: blanks separate words, single quotes keep everything,
// double quotes keep everything but backslash escapes, a backslash escapes
// the next character. No expansions are performed.
func splitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, errUnterminated
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, errUnterminated
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	return words, nil
}

// placementNotes are the -v lines saying where each uprobe sits:
// "uprobe:./app:f at +3 (push, emulated), moved from +0 (mov)", then a count.
func placementNotes(p *sema.Program) []string {
	if len(p.Placements) == 0 {
		return nil
	}
	var out []string
	for _, pl := range p.Placements {
		out = append(out, p.Probes[pl.Probe].Name+" "+pl.String())
	}
	return append(out, machine.PlacementSummary(p.Placements))
}

// notifyAttached prints the line bpftrace's runtime-test engine waits for
// (and bpftrace prints) once every probe is attached, when the environment
// asks for it.
func notifyAttached(stdout io.Writer) func() {
	if os.Getenv("__BPFTRACE_NOTIFY_PROBES_ATTACHED") == "" {
		return nil
	}
	return func() { io.WriteString(stdout, "__BPFTRACE_NOTIFY_PROBES_ATTACHED\n") }
}

// commandArgs splits -c's command into its words, and refuses -c with -p;
// false means it told the user why.
func commandArgs(o *options, stderr io.Writer) ([]string, bool) {
	if o.pid != 0 && o.command != "" {
		fmt.Fprint(stderr, "gs: -p and -c cannot be used together\n")
		return nil, false
	}
	if o.command == "" {
		return nil, true
	}
	args, err := splitCommand(o.command)
	if err != nil {
		fmt.Fprintf(stderr, "gs: -c: %v\n", err)
		return nil, false
	}
	return args, true
}
