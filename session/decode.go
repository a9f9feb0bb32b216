package session

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// decoder turns records into text with the layouts in the program. It
// trusts nothing in a record: every offset is checked, and a record that
// does not fit its layout is an error, never a panic.
type decoder struct {
	prog *ir.Program
	// symbols names stack frames and usym values; nil prints addresses.
	symbols *symbols
	// json writes records as JSON lines (FormatJSON).
	json bool
}

func newDecoder(prog *ir.Program) *decoder { return &decoder{prog: prog} }

// record is a checked record: its event and probe exist and every field
// lies inside it.
type record struct {
	ev    *ir.Event
	probe *ir.Probe
	b     []byte
}

// check validates the header and the field layout of raw.
func (d *decoder) check(raw []byte) (record, error) {
	if len(raw) < ir.RecordHdr {
		return record{}, fmt.Errorf("malformed record: %d bytes, shorter than its header", len(raw))
	}
	evID := binary.LittleEndian.Uint32(raw)
	probeID := binary.LittleEndian.Uint32(raw[4:])
	if uint64(evID) >= uint64(len(d.prog.Events)) {
		return record{}, fmt.Errorf("malformed record: event %d does not exist (%d events)", evID, len(d.prog.Events))
	}
	if uint64(probeID) >= uint64(len(d.prog.Probes)) {
		return record{}, fmt.Errorf("malformed record: probe %d does not exist (%d probes)", probeID, len(d.prog.Probes))
	}
	ev := &d.prog.Events[evID]
	for i := range ev.Fields {
		f := &ev.Fields[i]
		if f.Unavailable {
			continue
		}
		n := typeSize(f.Type)
		if f.Type == nil || f.Offset < 0 || n < 0 || f.Offset+n > len(raw) {
			return record{}, fmt.Errorf("malformed record: event %d field %q [%d, %d) is outside the record's %d bytes",
				evID, f.Name, f.Offset, f.Offset+n, len(raw))
		}
		if f.Status >= 0 && f.Status+16 > len(raw) {
			return record{}, fmt.Errorf("malformed record: event %d field %q status at %d is outside the record's %d bytes",
				evID, f.Name, f.Status, len(raw))
		}
	}
	return record{ev: ev, probe: &d.prog.Probes[probeID], b: raw}, nil
}

// fault returns what the status slot of f says when reading its value
// failed: the status (ir.StatusReadError, ir.StatusDynamicTLS) and its
// address word.
func (r record) fault(f *ir.Field) (failure, bool) {
	if f.Status < 0 {
		return failure{}, false
	}
	st := binary.LittleEndian.Uint64(r.b[f.Status:])
	if st == ir.StatusOK {
		return failure{}, false
	}
	return failure{st, binary.LittleEndian.Uint64(r.b[f.Status+8:])}, true
}

// failure is a value's failed status slot.
type failure struct{ status, addr uint64 }

// dynamicTLS is how a thread-local variable of a module in dynamic TLS
// prints (ir.StatusDynamicTLS).
const dynamicTLS = "<not available: dynamic TLS>"

// noBias is how a value at an address in a module prints when gs does not
// know where this process loaded the module (ir.StatusNoBias).
const noBias = "<not available: module not located in this process>"

// appendFailure formats a failed value as print() shows it.
func appendFailure(dst []byte, fl failure) []byte {
	switch fl.status {
	case ir.StatusDynamicTLS:
		return append(dst, dynamicTLS...)
	case ir.StatusNoBias:
		return append(dst, noBias...)
	}
	return appendReadError(dst, fl.addr)
}

// value returns f's bytes (check made sure they exist).
func (r record) value(f *ir.Field) []byte {
	return r.b[f.Offset : f.Offset+typeSize(f.Type)]
}

// appendField formats one field as print() shows it.
func (d *decoder) appendField(dst []byte, r record, f *ir.Field) []byte {
	if f.Unavailable {
		return append(dst, "<optimized out>"...)
	}
	if fl, ok := r.fault(f); ok {
		return appendFailure(dst, fl)
	}
	p := valuePrinter{probe: r.probe, symbols: d.symbols, start: len(dst)}
	return p.appendValue(dst, f.Type, r.value(f))
}

// appendBare formats a field that prints alone (ir.Field.Bare): a
// string or a char array as its text, as bpftrace prints it, anything
// else as appendField does.
func (d *decoder) appendBare(dst []byte, r record, f *ir.Field) []byte {
	t := f.Type
	if t == nil || f.Unavailable {
		return d.appendField(dst, r, f)
	}
	if _, failed := r.fault(f); failed {
		return d.appendField(dst, r, f)
	}
	switch {
	case t.Kind == ir.KindString:
		if s, fault := stringSlot(t, r.value(f)); fault == nil {
			dst = append(dst, s.text...)
			if s.truncated {
				dst = append(dst, "..."...)
			}
			return dst
		}
	case t.Kind == ir.KindArray && t.Elem != nil && t.Elem.Kind == ir.KindChar && typeSize(t.Elem) == 1 && t.Len <= typeSize(t):
		return append(dst, trimNul(r.value(f)[:t.Len])...)
	case t.Kind == ir.KindArray && isHeldKind(t) && typeSize(t) <= len(r.value(f)):
		vp := valuePrinter{symbols: d.symbols, start: len(dst)}
		return vp.appendBt(dst, t, r.value(f)) // format_bt.go: [1,2,3], as bpftrace prints an array
	}
	return d.appendField(dst, r, f)
}

// decode appends the text of one record to dst and returns the event's
// kind. A malformed record returns an error and leaves dst as it was.
func (d *decoder) decode(dst []byte, raw []byte) ([]byte, ir.EventKind, error) {
	r, err := d.check(raw)
	if err != nil {
		return dst, 0, err
	}
	if d.json && decodesJSON(r.ev.Kind) { // json.go
		return d.decodeJSON(dst, r), r.ev.Kind, nil
	}
	switch r.ev.Kind {
	case ir.EventPrint:
		for i := range r.ev.Fields {
			f := &r.ev.Fields[i]
			if i > 0 {
				dst = append(dst, ", "...)
			}
			if f.Bare {
				dst = d.appendBare(dst, r, f)
				continue
			}
			dst = append(dst, f.Name...)
			dst = append(dst, " = "...)
			dst = d.appendField(dst, r, f)
		}
		dst = append(dst, '\n')
	case ir.EventPrintf, ir.EventSystem, ir.EventCat, ir.EventWarnf, ir.EventErrorf:
		dst = d.appendPrintf(dst, r, r.ev.Verbs) // system's command, cat's path (usercalls.go)
	case ir.EventTime:
		dst = append(dst, printfmt.Strftime(r.ev.Text, time.Now())...)
	case ir.EventExit, ir.EventPrintMap, ir.EventClearMap, ir.EventZeroMap:
		// Nothing to print: the session acts on them.
	default:
		return dst, r.ev.Kind, fmt.Errorf("malformed record: event %d has unknown kind %d", r.ev.ID, r.ev.Kind)
	}
	return dst, r.ev.Kind, nil
}
