package sema

import (
	"github.com/gs-tracer/gs/kallsyms"
	"github.com/gs-tracer/gs/parser"
)

// kaddr checks kaddr("NAME"): the address of the kernel symbol NAME,
// looked up in /proc/kallsyms when the script compiles (as bpftrace's), a
// constant. gs reads no kernel memory: the address is a number to print,
// compare or use as a key.
func (c *checker) kaddr(gc *groupCtx, e *parser.CallExpr) *Type {
	if !c.argCount(gc, e, 1) {
		return nil
	}
	lit, ok := e.Args[0].(*parser.StrLit)
	if !ok {
		c.values(gc, e.Args)
		c.errorf(e.Args[0], "kaddr() needs a kernel symbol's name as a string literal")
		return nil
	}
	addr, found, err := kallsyms.Lookup(lit.Val)
	switch {
	case err != nil:
		c.errorf(e, "kaddr(%q): %v", lit.Val, err).WithHint("gs reads %s as root", kallsyms.Path)
		return nil
	case !found:
		c.errorf(e, "no kernel symbol %q", lit.Val).WithHint("kaddr() takes a name as %s has it", kallsyms.Path)
		return nil
	}
	c.p.Consts[e] = addr
	return Uint64
}
