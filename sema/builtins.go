package sema

import (
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// bpftrace's other spellings of its builtins, and the builtins that are
// constants on user-space probes.
//
// bpftrace's standard library wraps each builtin in a macro of no
// parameters, so `comm()` and `__builtin_comm` are `comm`; `pid(curr_ns)`
// and `pid(init)` (likewise tid) say which PID namespace the number is
// seen from. builtinForms rewrites all of them into the bare identifier
// before the checker sees the tree. A user macro of the same name and
// arity has already replaced its calls (parser/macro.go), so those are
// not seen here.

// builtinPrefix is how bpftrace's standard library names a builtin that
// its macro of the same name wraps.
const builtinPrefix = "__builtin_"

// constIdents are builtins whose value is known when the script is
// checked: every probe gs attaches is a uprobe, which fires in user mode
// (bpftrace's usermode is 1 there; gs's begin, end and interval probes
// are uprobes on gs itself), and ncpus is the number of CPUs online.
var constIdents = map[string]func() (uint64, *Type){
	"usermode": func() (uint64, *Type) { return 1, Uint64 },
	"ncpus":    func() (uint64, *Type) { return uint64(onlineCPUs()), Uint64 },
}

// isBuiltinIdent reports whether name is a builtin identifier of gs.
func isBuiltinIdent(name string) bool {
	_, b := builtins[name]
	_, k := constIdents[name]
	return b || k || name == "probetype"
}

// builtinForms rewrites prog's other spellings of builtins (see above).
// probetype becomes its text, when every probe of the group has one type.
func builtinForms(prog *parser.Program) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		var name string
		var sp diag.Span
		switch e := e.(type) {
		case *parser.Ident:
			name, sp = e.Name, e.Sp
			if n, ok := strings.CutPrefix(name, builtinPrefix); ok && isBuiltinIdent(n) {
				name = n
			} else if name != "probetype" {
				return nil
			}
		case *parser.CallExpr:
			if e.Fn == "ustack" || !isBuiltinIdent(e.Fn) || len(e.Args) != 0 && pidNamespace(e) == "" {
				return nil
			}
			name, sp = e.Fn, e.Sp
		default:
			return nil
		}
		if t := probeType(g); name == "probetype" && t != "" {
			return &parser.StrLit{Val: t, Sp: sp}
		}
		return &parser.Ident{Name: name, Sp: sp}
	})
}

// pidNamespace returns the namespace of pid(NS) or tid(NS), or "".
//
// TODO: gs reads pid and tid as the initial PID namespace sees them, which
// is also curr_ns while gs runs there (bpftrace's own rule); inside
// another namespace curr_ns needs bpf_get_ns_current_pid_tgid.
func pidNamespace(e *parser.CallExpr) string {
	if (e.Fn != "pid" && e.Fn != "tid") || len(e.Args) != 1 {
		return ""
	}
	if id, ok := e.Args[0].(*parser.Ident); ok && (id.Name == "curr_ns" || id.Name == "init") {
		return id.Name
	}
	return ""
}

// probeType is bpftrace's probetype of the group's probes, or "" when
// they differ.
func probeType(g *parser.ProbeGroup) string {
	t := ""
	for i, p := range g.Probes {
		var k string
		switch p.Kind {
		case parser.ProbeUprobe:
			k = "uprobe"
		case parser.ProbeUretprobe:
			k = "uretprobe"
		case parser.ProbeBegin, parser.ProbeEnd:
			k = "special"
		case parser.ProbeInterval:
			k = "interval"
		}
		if i > 0 && k != t {
			return ""
		}
		t = k
	}
	return t
}

// constIdent checks a builtin of constIdents; ok is false for other
// names.
func (c *checker) constIdent(e *parser.Ident) (t *Type, ok bool) {
	if e.Name == "probetype" {
		c.errorf(e, "probetype differs between the probes of this group").
			WithHint("give each kind of probe its own block")
		return nil, true
	}
	f, ok := constIdents[e.Name]
	if !ok {
		return nil, false
	}
	v, t := f()
	c.p.Consts[e] = v
	return t, true
}

// builtinCall reports the calls of builtins builtinForms did not rewrite:
// ok is false for other names.
func (c *checker) builtinCall(gc *groupCtx, e *parser.CallExpr) (t *Type, ok bool) {
	if e.Fn == "config" && len(e.Args) == 0 {
		c.errorf(e, "config() is read by key: config().KEY").WithHint("the keys are %s", strings.Join(configKeys, ", "))
		return nil, true
	}
	if e.Fn == "ustack" || !isBuiltinIdent(e.Fn) {
		return nil, false
	}
	switch {
	case e.Fn == "pid" || e.Fn == "tid":
		c.errorf(e, "%s takes no argument or a PID namespace, curr_ns or init", e.Fn).
			WithHint("%s(init) is the PID the initial namespace sees", e.Fn)
	default:
		c.values(gc, e.Args)
		c.errorf(e, "%s takes no arguments, got %d", e.Fn, len(e.Args)).WithHint("write %s", e.Fn)
	}
	return nil, true
}

// onlineCPUs counts the CPUs online (/sys/devices/system/cpu/online: a
// list of ranges, "0-3,5"), or those Go may run on.
func onlineCPUs() int {
	b, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return runtime.NumCPU()
	}
	n := 0
	for _, r := range strings.Split(strings.TrimSpace(string(b)), ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		a, err1 := strconv.Atoi(lo)
		z := a
		var err2 error
		if isRange {
			z, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || z < a {
			return runtime.NumCPU()
		}
		n += z - a + 1
	}
	return n
}

// builtinHere reports whether builtin e has a value in this run: cpid
// is the pid of -c's command.
func (c *checker) builtinHere(e *parser.Ident) bool {
	if e.Name == "cpid" && !c.cfg.Command {
		c.errorf(e, "cpid is the pid of the command gs starts: it needs -c").
			WithHint("gs -c 'CMD' starts CMD and traces it")
		return false
	}
	return true
}

// configKeys are the keys config().KEY reads.
var configKeys = []string{"max_strlen", "print_maps_on_exit", "stack_mode"}

// configReads replaces bpftrace's config().KEY and __builtin_config.KEY
// by the value gs runs with, once the config block is applied.
func (c *checker) configReads(prog *parser.Program) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		f, ok := e.(*parser.FieldExpr)
		if !ok || f.Arrow {
			return nil
		}
		switch x := f.X.(type) {
		case *parser.CallExpr:
			if x.Fn != "config" || len(x.Args) != 0 {
				return nil
			}
		case *parser.Ident:
			if x.Name != builtinPrefix+"config" {
				return nil
			}
		default:
			return nil
		}
		num := func(v uint64) parser.Expr {
			return &parser.IntLit{Val: v, Text: strconv.FormatUint(v, 10), Sp: f.Sp}
		}
		switch strings.TrimPrefix(strings.ToLower(f.Name), "bpftrace_") {
		case "max_strlen":
			return num(uint64(c.strLen))
		case "print_maps_on_exit":
			if c.p.KeepMaps {
				return num(0)
			}
			return num(1)
		case "stack_mode":
			for name, m := range ir.StackModes {
				if m == c.stackMode {
					return &parser.StrLit{Val: name, Sp: f.Sp}
				}
			}
		}
		c.diags.Errorf(f.NameSp, "config has no key %q that gs reads", f.Name).
			WithHint("the keys are %s", strings.Join(configKeys, ", "))
		return &parser.IntLit{Text: "0", Sp: f.Sp}
	})
}
