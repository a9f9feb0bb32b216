package sema

import (
	"github.com/gs-tracer/gs/ir"
)

// layout is the resource analysis pass: it lays out every record and
// gives every $var its heap slot. It runs after checking, when $var string
// capacities are final.
//
// The heap of one probe run is
//
//	[0, RecordArea)         the record being built (one at a time)
//	[RecordArea, HeapEnd)   the group's $vars
//	[HeapEnd, ...)          gen's temporaries
func (c *checker) layout() {
	area := ir.RecordHdr
	for i, ev := range c.events {
		e := ir.Event{ID: uint32(i), Kind: ev.kind, Format: ev.format, Sp: ev.call.Sp}
		off := ir.RecordHdr
		for _, a := range ev.args {
			t := c.p.Types[a]
			if t == nil {
				continue // reported
			}
			e.Fields = append(e.Fields, ir.Field{Name: c.text(a), Offset: off, Type: IR(t), Status: -1})
			off += SlotSize(t)
		}
		e.Size = off
		if off > ir.HeapSize/2 {
			c.errorf(ev.call, "%s record is %d bytes, more than the limit of %d", ev.call.Fn, off, ir.HeapSize/2).
				WithHint("lower the str() limits")
		}
		area = max(area, align8(off))
		c.p.Events = append(c.p.Events, e)
	}
	c.p.RecordArea = area
	for _, g := range c.p.Groups {
		off := area
		for _, v := range g.Vars {
			v.Offset = off
			off += SlotSize(v.Type)
		}
		g.HeapEnd = off
		if off > ir.HeapSize && len(g.Vars) > 0 {
			c.diags.Errorf(g.Vars[0].Sp, "the variables of this probe need %d bytes of heap, more than the %d left by records",
				off-area, ir.HeapSize-area).WithHint("lower the str() limits")
		}
	}
}
