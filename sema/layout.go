package sema

import (
	"github.com/gs-tracer/gs/ir"
)

// layout is the resource analysis pass: it lays out every record and map
// key and gives every map its key buffer and every $var its heap slot. It
// runs after checking, when $var string capacities and map key types are
// final.
//
// The heap of one probe run is
//
//	[0, RecordArea)         the record being built (one at a time)
//	[RecordArea, +128*maps) one key buffer per map (see Map.Heap)
//	[..., HeapEnd)          the group's $vars
//	[HeapEnd, ...)          gen's temporaries
func (c *checker) layout() {
	area := ir.RecordHdr
	for i, ev := range c.events {
		e := ir.Event{ID: uint32(i), Kind: ev.kind, Verbs: ev.verbs, Text: ev.text, Sp: ev.call.Sp, Expanded: ev.call.Expanded}
		if ev.m != nil {
			e.Map, e.Top, e.Div = int(ev.m.Desc.ID), ev.top, ev.div
		}
		c.fitStacks(ev)
		off := ir.RecordHdr
		for _, a := range ev.args {
			t := c.p.Types[a]
			if t == nil {
				continue // reported
			}
			off = c.layoutArg(&e, a, t, off) // valuepass.go
			// printshape.go
			e.Fields[len(e.Fields)-1].Bare = c.printsBare(ev, a)
		}
		e.Size = off
		if off > maxRecord {
			d := c.errorf(ev.call, "%s record is %d bytes, more than the limit of %d", ev.call.Fn, off, maxRecord)
			if hasStack(c, ev) {
				d.WithHint("lower the str() limits or the ustack(frames)")
			} else {
				d.WithHint("lower the str() limits")
			}
		}
		area = max(area, ir.Align8(off))
		c.p.Events = append(c.p.Events, e)
	}
	area = max(area, ir.Align8(c.cfg.Reserve.Records))
	c.p.RecordArea = area
	keysEnd := area
	for _, m := range c.p.Maps {
		c.layoutKey(m)
		m.Heap = keysEnd
		keysEnd += ir.MapKeySize
	}
	keysEnd = max(keysEnd, area+c.cfg.Reserve.Maps*ir.MapKeySize)
	c.layoutMapLoops()
	if keysEnd > ir.HeapSize {
		c.diags.Errorf(c.p.Maps[0].Desc.Sp, "the %d maps need %d bytes of heap for their keys, more than the %d left by records",
			len(c.p.Maps), keysEnd-area, ir.HeapSize-area).WithHint("use fewer maps or lower the str() limits")
		return
	}
	for _, g := range c.p.Groups {
		off := keysEnd
		for _, v := range g.Vars {
			v.Offset = off
			off += SlotSize(v.Type)
		}
		g.HeapEnd = off
		if off > ir.HeapSize && len(g.Vars) > 0 {
			c.diags.Errorf(g.Vars[0].Sp, "the variables of this probe need %d bytes of heap, more than the %d left by records and map keys",
				off-keysEnd, ir.HeapSize-keysEnd).WithHint("lower the str() limits")
		}
	}
}

// maxRecord is the largest record: records are built at heap[0], and the
// rest of the heap holds keys and $vars.
const maxRecord = ir.HeapSize / 2

func hasStack(c *checker, ev *eventInfo) bool {
	for _, a := range ev.args {
		if t := c.p.Types[a]; t != nil && t.Kind == KindStack {
			return true
		}
	}
	return false
}

// fitStacks lowers the depth of the record's ustacks written without one
// (bpftrace's 127 frames) so that the record fits: printf("%s %s", comm,
// ustack) should not fail for want of a depth nobody asked for.
func (c *checker) fitStacks(ev *eventInfo) {
	size, auto := ir.RecordHdr, 0
	for _, a := range ev.args {
		t := c.p.Types[a]
		switch {
		case t == nil:
		case t.Kind == KindStack && t.AutoDepth:
			auto++
			size += 8
		default:
			size += SlotSize(t)
		}
	}
	if auto == 0 {
		return
	}
	frames := min(ir.MaxStack, (maxRecord-size)/auto/ir.StackFrameSize)
	if frames < 1 {
		return // the record is too large anyway: reported with the full depth
	}
	for _, a := range ev.args {
		if t := c.p.Types[a]; t != nil && t.Kind == KindStack && t.AutoDepth {
			t.Len, t.Size = frames, ir.StackSlotSize(frames)
		}
	}
}

// maxKey is the bytes of a map key after its 8-byte header.
const maxKey = ir.MapKeySize - 8

// keySlot is the bytes a key value of type t takes in a map key: its
// slot (SlotSize), but 8 for what a key holds by an id: a ustack's in
// gs_stacks, a func's address, a probe's index.
func keySlot(t *Type) int {
	switch t.Kind {
	case KindStack, KindFunc, KindProbe, KindVoid:
		return 8
	}
	return SlotSize(t)
}

// layoutKey places m's key values one after the other from byte 8 of the
// key, and cuts its strings when they would not fit in maxKey bytes,
// with a warning: the longest ones first, down to a common capacity.
func (c *checker) layoutKey(m *Map) {
	fixed := 0
	var strs []*Type
	for _, t := range m.KeyTypes {
		if t.Kind == KindString {
			strs = append(strs, t)
			fixed += ir.StrHeader
		} else {
			fixed += keySlot(t)
		}
	}
	size := fixed
	for _, t := range strs {
		size += ir.Align8(t.Cap)
	}
	if size > maxKey {
		if fixed+8*len(strs) > maxKey {
			c.diags.Errorf(m.Desc.Sp, "the key of %s is %d bytes, more than the limit of %d", m.name(), size, maxKey).
				WithHint("use fewer keys")
			return
		}
		// The largest capacity (a multiple of 8) that fits every string.
		level := 8
		for l := 16; ; l += 8 {
			n := fixed
			for _, t := range strs {
				n += min(ir.Align8(t.Cap), l)
			}
			if n > maxKey {
				break
			}
			level = l
		}
		for _, t := range strs {
			if t.Cap > level {
				t.Cap, t.Size = level, ir.StrHeader+level
			}
		}
		c.diags.Warnf(m.Desc.Sp, "the key of %s is %d bytes, more than the limit of %d: its strings are cut to %d bytes",
			m.name(), size, maxKey, level)
	}
	off := 8
	m.Desc.Keys, m.Desc.KeyOffsets = nil, nil
	for _, t := range m.KeyTypes {
		m.Desc.Keys = append(m.Desc.Keys, keyIR(t))
		m.Desc.KeyOffsets = append(m.Desc.KeyOffsets, off)
		off += keySlot(t)
	}
	m.Desc.KeySize = off - 8
	if m.Value != nil {
		m.Desc.Value = IR(m.Value)
	}
}

// keyIR is the ir type of a key value: a ustack is its 8-byte gs_stacks
// id in a key, where a record has its frames.
func keyIR(t *Type) *ir.Type {
	if t.Kind == KindStack {
		return IR(stackIDOf(t))
	}
	return IR(t)
}
