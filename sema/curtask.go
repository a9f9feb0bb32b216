package sema

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// curtask is the address of the current task's struct task_struct
// (bpf_get_current_task, ir.CtxTask): a pointer to the script's own
// definition of struct task_struct when it has one (bpftrace's rule),
// else to the running kernel's, from its BTF. gs's interpreter reads
// user memory only, so curtask's value prints, compares, is a map value
// or key, and reading through it (curtask->pid) is refused.
func (c *checker) curtask(e *parser.Ident) *Type {
	st := c.defined["struct task_struct"] // cdecl.go
	if st == nil {
		st = c.kernelType("struct task_struct") // cexpr.go
	}
	if st == nil {
		st = &Type{Kind: KindStruct, Name: "struct task_struct"} // no BTF: incomplete
	}
	t := *PointerTo(st)
	t.Kernel = true
	b := &Builtin{Name: "curtask", Kind: BuiltinCtx, Ctx: ir.CtxTask, Type: &t, Arg: -1}
	c.p.Builtins[e] = b
	return b.Type
}

// kernelRead reports (and refuses) a read through a kernel pointer x of
// type t.
func (c *checker) kernelRead(x parser.Expr, t *Type) bool {
	if t == nil || t.Kind != KindPointer || !t.Kernel {
		return false
	}
	c.errorf(x, "not supported by gs yet: reading kernel memory through %s", c.text(x)).
		WithHint("gs's interpreter reads user memory only; %s's value prints and compares", c.text(x))
	return true
}
