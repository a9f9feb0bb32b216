package sema

import (
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
)

// The builtins that are constants on user-space probes, and the calls
// of builtins that are mistakes. bpftrace's other spellings of builtins
// (comm(), __builtin_comm, pid(curr_ns)) are rewritten into the bare
// identifier before Check (parser/rewrite/builtins.go).

// constIdents are builtins whose value is known when the script is
// checked: every probe gs attaches is a uprobe, which fires in user mode
// (bpftrace's usermode is 1 there; gs's begin, end and interval probes
// are uprobes on gs itself), ncpus is the number of CPUs online, and
// numaid (bpf_get_numa_node_id) is a constant on a machine whose CPUs are
// all in one NUMA node (numaNode; the kernel never moves a CPU between
// nodes).
var constIdents = map[string]func() (uint64, *Type){
	"usermode": func() (uint64, *Type) { return 1, Uint64 },
	"ncpus":    func() (uint64, *Type) { return uint64(onlineCPUs()), Uint64 },
	"numaid":   func() (uint64, *Type) { n, _ := numaNode(); return uint64(n), Uint64 },
}

// numaNode returns the NUMA node of every CPU, from the nodes that have
// CPUs (/sys/devices/system/node/has_cpu, a list of ranges as "0" or
// "0-1"); ok is false when there are several. A kernel without NUMA has
// the one node 0.
func numaNode() (node int, ok bool) {
	b, err := os.ReadFile("/sys/devices/system/node/has_cpu")
	if err != nil {
		return 0, true
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return 0, false
	}
	return n, true
}

// IsBuiltin reports whether name is a builtin identifier of gs: the names
// rewrite.Config.IsBuiltin takes.
func IsBuiltin(name string) bool {
	_, b := builtins[name]
	_, k := constIdents[name]
	return b || k || name == "probetype"
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
	if _, one := numaNode(); e.Name == "numaid" && !one {
		c.errorf(e, "numaid: this machine's CPUs are in several NUMA nodes, and gs reads numaid only where they are in one").
			WithHint("the node of cpu is in /sys/devices/system/cpu/cpuN/node*")
		return nil, true
	}
	v, t := f()
	c.p.Consts[e] = v
	return t, true
}

// builtinCall reports the calls of builtins the rewrite did not replace:
// ok is false for other names.
func (c *checker) builtinCall(gc *groupCtx, e *parser.CallExpr) (t *Type, ok bool) {
	if e.Fn == "config" && len(e.Args) == 0 {
		c.errorf(e, "config() is read by key: config().KEY").WithHint("the keys are %s", strings.Join(rewrite.ConfigKeys, ", "))
		return nil, true
	}
	if e.Fn == "ustack" || !IsBuiltin(e.Fn) {
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
