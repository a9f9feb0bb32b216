package sema

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// curtask is the address of the current task's struct task_struct
// (bpf_get_current_task, ir.CtxTask): a pointer to the script's own
// definition of struct task_struct when it has one (bpftrace's rule),
// else to the running kernel's, from its BTF. Reading through it
// (curtask->pid, curtask->real_parent->comm) reads the kernel's memory:
// the program is marked KernelReads, and the interpreter then reads
// addresses in the kernel's half of the address space from the kernel.
func (c *checker) curtask(e *parser.Ident) *Type {
	st := c.defined["struct task_struct"] // cdecl.go
	if st == nil {
		st = c.kernelType("struct task_struct") // cexpr.go
	}
	if st == nil {
		st = &Type{Kind: KindStruct, Name: "struct task_struct"} // no BTF: incomplete
	}
	c.p.KernelReads = true
	b := &Builtin{Name: "curtask", Kind: BuiltinCtx, Ctx: ir.CtxTask, Type: PointerTo(st), Arg: -1}
	c.p.Builtins[e] = b
	return b.Type
}
