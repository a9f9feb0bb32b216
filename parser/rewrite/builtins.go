package rewrite

import (
	"net/netip"
	"strings"
	"syscall"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// bpftrace's other spellings of its builtins.
//
// bpftrace's standard library wraps each builtin in a macro of no
// parameters, so `comm()` and `__builtin_comm` are `comm`; `pid(curr_ns)`
// and `pid(init)` (likewise tid) say which PID namespace the number is
// seen from. builtinForms rewrites all of them into the bare identifier
// before the checker sees the tree. A user macro of the same name and
// arity has already replaced its calls (parser/macro.go), so those are
// not seen here.

// dwUstack is bpftrace's user stack unwound with DWARF's call frame
// information (its dwunwind feature); gs's ustack unwinds so wherever a
// frame has no frame pointer, so dw_ustack is ustack.
const dwUstack = "dw_ustack"

// BuiltinPrefix is how bpftrace's standard library names a builtin that
// its macro of the same name wraps.
const BuiltinPrefix = "__builtin_"

// builtinForms rewrites prog's other spellings of builtins (see above).
// probetype becomes its text, when every probe of the group has one type.
func builtinForms(prog *parser.Program, cfg Config, diags *diag.List) {
	isBuiltin := cfg.IsBuiltin
	if isBuiltin == nil {
		isBuiltin = func(string) bool { return false }
	}
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		var name string
		var sp diag.Span
		ns := "curr_ns"
		switch e := e.(type) {
		case *parser.Ident:
			name, sp = e.Name, e.Sp
			if name == dwUstack {
				return &parser.Ident{Name: "ustack", Sp: sp}
			}
			if n, ok := strings.CutPrefix(name, BuiltinPrefix); ok && isBuiltin(n) {
				name = n
			} else if name != "probetype" {
				if cfg.OtherPidNS && (name == "pid" || name == "tid") {
					otherPidNS(diags, name, sp)
				}
				return nil
			}
		case *parser.CallExpr:
			if e.Fn == dwUstack {
				c := *e
				c.Fn = "ustack"
				return &c
			}
			if e.Fn == "ustack" || !isBuiltin(e.Fn) || len(e.Args) != 0 && pidNamespace(e) == "" {
				return nil
			}
			name, sp = e.Fn, e.Sp
			if len(e.Args) != 0 {
				ns = pidNamespace(e)
			}
		default:
			return nil
		}
		if cfg.OtherPidNS && (name == "pid" || name == "tid") && ns == "curr_ns" {
			otherPidNS(diags, name, sp)
		}
		if t := probeType(g); name == "probetype" && t != "" {
			return &parser.StrLit{Val: t, Sp: sp}
		}
		return &parser.Ident{Name: name, Sp: sp}
	})
}

// ipv6Literals folds ntop(AF_INET6, pton("ADDR")) (also with 10 for
// AF_INET6, and ntop(pton("ADDR")), whose family is the address's) of an
// IPv6 literal into the text inet_ntop gives it (RFC 5952's, as netip
// prints it): bpftrace folds the same at compile time. IPv4 ones sema
// folds into an inet value (sema/textcalls.go).
func ipv6Literals(prog *parser.Program) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		call, ok := e.(*parser.CallExpr)
		if !ok || call.Fn != "ntop" || len(call.Args) < 1 || len(call.Args) > 2 {
			return nil
		}
		if len(call.Args) == 2 {
			switch af := call.Args[0].(type) {
			case *parser.IntLit:
				if af.Val != afInet6 {
					return nil
				}
			case *parser.Ident:
				if af.Name != "AF_INET6" {
					return nil
				}
			default:
				return nil
			}
		}
		pton, ok := call.Args[len(call.Args)-1].(*parser.CallExpr)
		if !ok || pton.Fn != "pton" || len(pton.Args) != 1 {
			return nil
		}
		lit, ok := pton.Args[0].(*parser.StrLit)
		if !ok {
			return nil
		}
		a, err := netip.ParseAddr(lit.Val)
		if err != nil || !a.Is6() || a.Zone() != "" {
			return nil // sema says what is wrong with it
		}
		return &parser.StrLit{Val: a.String(), Sp: call.Sp}
	})
}

// afInet6 is Linux's AF_INET6 (include/linux/socket.h).
const afInet6 = 10

// otherPidNS reports pid or tid of curr_ns while gs runs in a PID
// namespace other than the initial one. gs reads pid and tid as the
// initial namespace sees them, which is curr_ns while gs runs there
// (bpftrace's own rule); in another namespace curr_ns needs
// bpf_get_ns_current_pid_tgid, which gs's interpreter has no op for yet.
func otherPidNS(diags *diag.List, name string, sp diag.Span) {
	diags.Errorf(sp, "not supported by gs yet: %s in this PID namespace (gs runs in one other than the initial namespace, and reads the initial one's numbers)", name).
		WithHint("%s(init) is the number the initial namespace sees", name)
}

// initPidNSInode is the inode of the initial PID namespace's
// /proc/self/ns/pid: PROC_PID_INIT_INO, include/linux/proc_ns.h.
const initPidNSInode = 0xEFFFFFFC

// OtherPidNamespace reports whether this process runs in a PID namespace
// other than the initial one (Config.OtherPidNS).
func OtherPidNamespace() bool {
	var st syscall.Stat_t
	if err := syscall.Stat("/proc/self/ns/pid", &st); err != nil {
		return false
	}
	return st.Ino != initPidNSInode
}

// pidNamespace returns the namespace of pid(NS) or tid(NS), or "".
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
		case parser.ProbeUsdt:
			k = "usdt"
		case parser.ProbeProfile:
			k = "profile"
		case parser.ProbeSoftware:
			k = "software"
		case parser.ProbeWatchpoint:
			k = "watchpoint"
		}
		if i > 0 && k != t {
			return ""
		}
		t = k
	}
	return t
}
