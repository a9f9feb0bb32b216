package sema

import (
	"strings"

	"github.com/gs-tracer/gs/arch"
	"github.com/gs-tracer/gs/parser"
)

// regCall checks bpftrace's reg("name"): the probe's saved register,
// named as the kernel's struct pt_regs names its member ("ip", "sp", "di")
// or as the psABI names the register ("rip", "rdi"), a uint64. gen reads
// it with OpLdReg from the slot in Program.RegOf.
func (c *checker) regCall(gc *groupCtx, e *parser.CallExpr) *Type {
	var lit *parser.StrLit
	if len(e.Args) == 1 {
		lit, _ = e.Args[0].(*parser.StrLit)
	}
	if lit == nil {
		c.values(gc, e.Args)
		c.errorf(e, "reg takes one string literal, a register's name: reg(\"ip\")")
		return nil
	}
	c.p.Types[lit] = LitOf(len(lit.Val))
	if sp := gc.g.Special; sp != "" && !sampled[sp] {
		c.errorf(e, "reg() is not available in %s", sp).WithHint("%s probes run outside any traced function", sp)
		return nil
	}
	slot := regSlot(lit.Val)
	if slot < 0 {
		var names []string
		for _, r := range arch.Regs {
			names = append(names, r.Field)
		}
		c.errorf(lit, "%q is not a register of this machine's struct pt_regs", lit.Val).
			WithHint("the registers are %s", strings.Join(names, ", "))
		return nil
	}
	if c.p.RegOf == nil {
		c.p.RegOf = map[*parser.CallExpr]int{}
	}
	c.p.RegOf[e] = slot
	return Uint64
}

// regSlot returns the pt_regs slot reg(name) reads, -1 for none.
func regSlot(name string) int {
	field := name
	if f, ok := arch.FieldAliases[field]; ok {
		field = f
	}
	for i, r := range arch.Regs {
		if r.Field == field {
			return i
		}
	}
	if r, ok := arch.RegByName(name); ok && r.Size == 8 {
		return r.Slot
	}
	return -1
}
