package session

import (
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
	// json writes records as JSON lines (FormatJSON), with jsonOut.
	json    bool
	jsonOut output.JSON
}

func newDecoder(prog *ir.Program) *decoder {
	return &decoder{prog: prog, dec: output.NewDecoder(prog)}
}

// setSymbols names stack frames and usym values with syms.
func (d *decoder) setSymbols(syms *output.Symbols) { d.text.Symbols, d.jsonOut.Symbols = syms, syms }

// symbols is what names stack frames and usym values (nil: addresses).
func (d *decoder) symbols() *output.Symbols { return d.text.Symbols }

// decode appends the text of one record to dst and returns the event's
// kind. A malformed record returns an error and leaves dst as it was.
func (d *decoder) decode(dst []byte, raw []byte) ([]byte, ir.EventKind, error) {
	rec, err := d.dec.Record(raw)
	if err != nil {
		return dst, 0, err
	}
	if d.json && output.Writes(rec.Event.Kind) {
		return d.jsonOut.Record(dst, rec), rec.Event.Kind, nil
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
