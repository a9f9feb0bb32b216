package session

import (
	"encoding/binary"
	"fmt"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// decoder turns records into their output with the layouts in the
// program: output decodes them, and writes their text.
type decoder struct {
	prog *ir.Program
	dec  *output.Decoder
	text output.Text
	// json writes records as JSON lines (FormatJSON).
	json bool
}

func newDecoder(prog *ir.Program) *decoder {
	return &decoder{prog: prog, dec: output.NewDecoder(prog)}
}

// setSymbols names stack frames and usym values with syms.
func (d *decoder) setSymbols(syms *output.Symbols) { d.text.Symbols = syms }

// symbols is what names stack frames and usym values (nil: addresses).
func (d *decoder) symbols() *output.Symbols { return d.text.Symbols }

// record is a checked record: its event and probe exist and every field
// lies inside it.
type record struct {
	ev    *ir.Event
	probe *ir.Probe
	b     []byte
	out   *output.Record
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

// value returns f's bytes (the decoder made sure they exist).
func (r record) value(f *ir.Field) []byte {
	return r.b[f.Offset : f.Offset+f.Type.RecordSize()]
}

// decode appends the text of one record to dst and returns the event's
// kind. A malformed record returns an error and leaves dst as it was.
func (d *decoder) decode(dst []byte, raw []byte) ([]byte, ir.EventKind, error) {
	rec, err := d.dec.Record(raw)
	if err != nil {
		return dst, 0, err
	}
	if d.json && decodesJSON(rec.Event.Kind) { // json.go
		return d.decodeJSON(dst, record{rec.Event, rec.Probe, raw, rec}), rec.Event.Kind, nil
	}
	switch rec.Event.Kind {
	case ir.EventPrint, ir.EventPrintf, ir.EventSystem, ir.EventCat, ir.EventWarnf, ir.EventErrorf, ir.EventTime:
		dst = d.text.Record(dst, rec) // system's command, cat's path (usercalls.go)
	case ir.EventExit, ir.EventPrintMap, ir.EventClearMap, ir.EventZeroMap:
		// Nothing to print: the session acts on them.
	default:
		return dst, rec.Event.Kind, fmt.Errorf("malformed record: event %d has unknown kind %d", rec.Event.ID, rec.Event.Kind)
	}
	return dst, rec.Event.Kind, nil
}
