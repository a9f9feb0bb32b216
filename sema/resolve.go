package sema

import (
	"sort"
	"strings"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// BuiltinKind says how gen computes a builtin.
type BuiltinKind uint8

// Builtin kinds.
const (
	BuiltinReg   BuiltinKind = iota // OpLdReg Reg
	BuiltinCtx                      // OpLdCtx Ctx
	BuiltinComm                     // OpStComm into a heap slot
	BuiltinFunc                     // the probe's id (OpLdCtx CtxProbe), printed as its function
	BuiltinProbe                    // the probe's id, printed as its name
	BuiltinStack                    // OpStStack into a slot, or OpStackID for a key
	BuiltinGoid                     // OpLdReg Reg (Go's g), then OpLoad of 8 bytes at Off (golang.go)
)

// Builtin is a predefined identifier such as arg0, pid or comm.
type Builtin struct {
	Name    string
	Kind    BuiltinKind
	Reg     int    // BuiltinReg, BuiltinGoid: pt_regs slot
	Off     int    // BuiltinGoid: offset of runtime.g.goid
	Arg     int    // argN: N; -1 for the others
	Ctx     ir.Ctx // BuiltinCtx
	Type    *Type
	RetOnly bool // retval: only in uretprobes
	GoOnly  bool // arg6..arg8: only Go's ABI passes that many in registers
}

// builtins are the identifiers every probe knows.
var builtins = map[string]*Builtin{
	"retval":   {Name: "retval", Kind: BuiltinReg, Reg: arch.RetReg, Type: Int64, RetOnly: true},
	"pid":      {Name: "pid", Kind: BuiltinCtx, Ctx: ir.CtxPid, Type: Uint64},
	"tid":      {Name: "tid", Kind: BuiltinCtx, Ctx: ir.CtxTid, Type: Uint64},
	"uid":      {Name: "uid", Kind: BuiltinCtx, Ctx: ir.CtxUid, Type: Uint64},
	"username": {Name: "username", Kind: BuiltinCtx, Ctx: ir.CtxUid, Type: Username}, // the uid, printed as its name
	"gid":      {Name: "gid", Kind: BuiltinCtx, Ctx: ir.CtxGid, Type: Uint64},
	"nsecs":    {Name: "nsecs", Kind: BuiltinCtx, Ctx: ir.CtxNsecs, Type: Uint64},
	"elapsed":  {Name: "elapsed", Kind: BuiltinCtx, Ctx: ir.CtxElapsed, Type: Uint64},
	"cpu":      {Name: "cpu", Kind: BuiltinCtx, Ctx: ir.CtxCpu, Type: Uint64},
	"rand":     {Name: "rand", Kind: BuiltinCtx, Ctx: ir.CtxRand, Type: Uint64},
	"jiffies":  {Name: "jiffies", Kind: BuiltinCtx, Ctx: ir.CtxJiffies, Type: Uint64},
	"cpid":     {Name: "cpid", Kind: BuiltinCtx, Ctx: ir.CtxCpid, Type: Uint64},
	"cgroup":   {Name: "cgroup", Kind: BuiltinCtx, Ctx: ir.CtxCgroup, Type: Uint64},
	// container: the cgroup id, printed as its container's (cgroup.go).
	"container": {Name: "container", Kind: BuiltinCtx, Ctx: ir.CtxCgroup, Type: Container},
	"comm":      {Name: "comm", Kind: BuiltinComm, Type: Comm},
	"func":      {Name: "func", Kind: BuiltinFunc, Type: Func},
	"probe":     {Name: "probe", Kind: BuiltinProbe, Type: Probe},
	"ustack":    {Name: "ustack", Kind: BuiltinStack}, // a type per use: see autoStack
	"goid":      {Name: "goid", Kind: BuiltinGoid, Type: Int64},
}

func init() {
	for i, reg := range arch.ArgRegs {
		name := "arg" + string(rune('0'+i))
		builtins[name] = &Builtin{Name: name, Kind: BuiltinReg, Reg: reg, Type: Int64, Arg: i}
	}
	for i := len(arch.ArgRegs); i < len(arch.GoABI.IntRegs); i++ {
		name := "arg" + string(rune('0'+i))
		if slot, ok := arch.Slot(arch.GoABI.IntRegs[i]); ok {
			builtins[name] = &Builtin{Name: name, Kind: BuiltinReg, Reg: slot, Type: Int64, Arg: i, GoOnly: true}
		}
	}
	for n, b := range builtins {
		if !strings.HasPrefix(n, "arg") {
			b.Arg = -1
		}
	}
}

// unsupportedIdents are bpftrace's builtins of the kernel's side that gs,
// which traces user space from uprobes, does not provide, with why.
var unsupportedIdents = map[string]string{
	"kstack": "kstack (gs attaches uprobes only: the kernel stack above them is the uprobe trap's)",
}

// laterIdents are identifiers gs will know but does not support yet.
var laterIdents = map[string]string{}

// Symbol is a name of the traced program (a variable or parameter) as a
// Scope resolves it. Where it lives at each probe is in the VarRef that
// resolveVar (values.go) records for gen.
type Symbol struct {
	Name string
	Type *Type
}

// Scope resolves the bare identifiers that are neither builtins nor script
// variables: names of the traced program visible at a group's probes
// (progScope in values.go).
type Scope interface {
	// Lookup returns the symbol called name, or nil.
	Lookup(name string) *Symbol
	// Names lists the visible names, for suggestions.
	Names() []string
}

// scopeFor returns the program names visible in g.
func (c *checker) scopeFor(g *Group) Scope {
	s := c.programScope(g)
	c.placeAtFloor(g, s)
	return s
}

// ident resolves a bare identifier.
func (c *checker) ident(gc *groupCtx, e *parser.Ident) *Type {
	if n, ok := usdtArgIndex(e.Name); ok {
		if _, any := c.usdtGroup(gc.g); any && c.builtinHere(e) {
			return c.usdtArg(gc, e, n) // usdt.go
		}
	}
	if b, ok := builtins[e.Name]; ok {
		if e.Name == "func" && sampled[gc.g.Special] {
			// The interrupted pc, named as usym names it (perf.go).
			b = &Builtin{Name: "func", Kind: BuiltinReg, Reg: arch.IP, Type: Usym, Arg: -1}
			c.p.Builtins[e] = b
			return b.Type
		}
		if sp := gc.g.Special; sp != "" && (b.Kind == BuiltinReg || b.Kind == BuiltinFunc || b.Kind == BuiltinGoid) {
			c.errorf(e, "%s is not available in %s", e.Name, sp).WithHint("%s probes run outside any traced function", sp)
			return nil
		}
		if b.RetOnly && !gc.g.Ret {
			c.errorf(e, "%s is only available in uretprobes", e.Name).WithHint("use uretprobe: to read the return value")
			return nil
		}
		if !c.builtinHere(e) { // builtins.go
			return nil
		}
		if b.Type == Container {
			c.p.Cgroups = true // cgroup.go
		}
		if b.Kind == BuiltinGoid {
			if b = c.goid(gc, e); b == nil {
				return nil
			}
		}
		if b.Arg >= 0 && b.Kind == BuiltinReg {
			if b = c.goArg(gc, e, b); b == nil { // golang.go
				return nil
			}
		}
		if (b.Kind == BuiltinReg || b.Kind == BuiltinGoid) && !c.goRegisterABI(gc, e) {
			return nil
		}
		if b.RetOnly {
			if t, ok := c.typedRetval(gc, e); ok { // retval.go
				return t
			}
		}
		c.p.Builtins[e] = b
		c.warnShadowed(gc, e)
		if b.Kind == BuiltinStack {
			return c.defaultStack()
		}
		return b.Type
	}
	if t, ok := c.constIdent(e); ok {
		return t // builtins.go
	}
	if e.Name == "curtask" {
		return c.curtask(e) // curtask.go
	}
	if why, ok := unsupportedIdents[e.Name]; ok {
		c.errorf(e, "not supported by gs: %s", why)
		return nil
	}
	if e.Name == "args" {
		return c.argsWhole(gc, e) // args.go
	}
	if what, ok := laterIdents[e.Name]; ok {
		c.errorf(e, "%s is not supported yet", what)
		return nil
	}
	if strings.HasPrefix(e.Name, "arg") && len(e.Name) > 3 && strings.Trim(e.Name[3:], "0123456789") == "" {
		c.errorf(e, "%s is not available", e.Name).
			WithHint("only the first %d integer arguments are passed in registers: arg0..arg%d", len(arch.ArgRegs), len(arch.ArgRegs)-1)
		return nil
	}
	if t, v, ok := c.enumConst(e.Name); ok {
		c.p.Consts[e] = uint64(v) // an enumerator of an enum the script defines (cdecl.go)
		return t
	}
	if t, ok := c.programIdent(gc, e); ok {
		return t // a program variable (values.go), or an error reported there
	}
	if v, ok := errnos[e.Name]; ok {
		c.p.Consts[e] = uint64(v) // errno.h's EPERM (errno.go)
		return Int64
	}
	d := c.errorf(e, "unknown identifier %q", e.Name)
	if _, ok := gc.vars[e.Name]; ok {
		d.WithHint("script variables start with $: did you mean %q?", "$"+e.Name)
	} else if s := suggest(e.Name, builtinNames(), varNames(gc, "$"), gc.scope.Names()); s != "" {
		d.WithHint("did you mean %q?", s)
	}
	return nil
}

func builtinNames() []string {
	var out []string
	for n := range builtins {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func varNames(gc *groupCtx, prefix string) []string {
	var out []string
	for n := range gc.vars {
		out = append(out, prefix+n)
	}
	sort.Strings(out)
	return out
}
