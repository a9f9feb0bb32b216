package output

import (
	"math"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// decodeLine is the session's use of the decoder: decode a record, then
// write it as text or, for the kinds JSON writes, as JSON.
func decodeLine(d *Decoder, json bool, dst, raw []byte) ([]byte, ir.EventKind, error) {
	r, err := d.Record(raw)
	if err != nil {
		return dst, 0, err
	}
	if json && Writes(r.Event.Kind) {
		var j JSON
		return j.Record(dst, r), r.Event.Kind, nil
	}
	var p Text
	return p.Record(dst, r), r.Event.Kind, nil
}

func TestDecode(t *testing.T) {
	prog := testProgram()
	d := NewDecoder(prog)
	item := cat(le32(7), []byte("pear\x00\x00\x00\x00"), le32(1), le32(2), le32(1), le64(0x5000))
	for _, tt := range []struct {
		name string
		rec  []byte
		want string
		kind ir.EventKind
	}{
		{"print", cat(header(0, 0), le32(42), le32(9), le64(ir.StatusOK), le64(0), mkStr("hi", 0, 0x10),
			le64(ir.StatusOK), le64(0), item, le64(1)),
			`arg0 = 42, x->id = 9, str(arg1) = "hi", y = <optimized out>, func = other, *it = {id = 7, name = "pear", pos = {x = 1, y = 2}, color = GREEN, next = 0x5000}` + "\n", ir.EventPrint},
		{"print-read-errors", cat(header(0, 0), le32(42), le32(0), le64(ir.StatusReadError), le64(0x18), mkStr("", ir.StrFault, 0x20),
			le64(ir.StatusReadError), le64(0x30), make([]byte, 32), le64(0)),
			`arg0 = 42, x->id = <read error at 0x18>, str(arg1) = <read error at 0x20>, y = <optimized out>, func = handle, *it = <read error at 0x30>` + "\n", ir.EventPrint},
		{"printf", cat(header(1, 0), mkStr("hello", 0, 1), le32(0xfffffff6), le32('x'), le64(0x7ffd00), le64(0), le32(300), le32(2), le64(0)),
			"handle: -10    he|x   |0x7ffd00 (nil) 44 0x2\n", ir.EventPrintf},
		{"printf-mismatch", cat(header(3, 0), mkStr("s", 0, 1), le32(65), le64(ir.StatusReadError), le64(0x40), le32(0)),
			"<bad format> 65 <bad format> <bad format>|<read error at 0x40>|<optimized out>|<bad format>\n", ir.EventPrintf},
		{"printf-bad-format", cat(header(4, 0), le32(1)), "<bad format>", ir.EventPrintf},
		{"printf-strings", cat(header(5, 0), []byte("bash\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"), []byte("name\x00\x00\x00\x00"),
			le32(3), le32(4), le32(0xffffffff), le32(0xffffffff), le64(math.Float64bits(2.25))),
			"bash|name|{x = 3, y = 4}|-1|-1|18446744073709551615|  2.2|2.250000e+00\n", ir.EventPrintf},
		{"exit", header(2, 0), "", ir.EventExit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, kind, err := decodeLine(d, false, nil, tt.rec)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want || kind != tt.kind {
				t.Errorf("got  %q (kind %d)\nwant %q (kind %d)", out, kind, tt.want, tt.kind)
			}
		})
	}
}

func TestDecodeMalformed(t *testing.T) {
	prog := testProgram()
	prog.Events = append(prog.Events,
		ir.Event{ID: 6, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "nil", Offset: 8, Status: -1}}},
		ir.Event{ID: 7, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "neg", Offset: -4, Type: tInt32, Status: -1}}},
	)
	d := NewDecoder(prog)
	for _, tt := range []struct {
		name string
		rec  []byte
		want string
	}{
		{"empty", nil, "malformed record: 0 bytes, shorter than its header"},
		{"short", []byte{1, 2, 3}, "malformed record: 3 bytes"},
		{"unknown-event", header(1000, 0), "malformed record: event 1000 does not exist (8 events)"},
		{"unknown-probe", header(0, 5), "malformed record: probe 5 does not exist (2 probes)"},
		{"field-outside", cat(header(0, 0), le32(1)), `malformed record: event 0 field "x->id" [12, 16) is outside the record's 12 bytes`},
		{"status-outside", cat(header(3, 0), mkStr("", 0, 0), le64(1)), `malformed record: event 3 field "bad" status at 36 is outside the record's 40 bytes`},
		{"nil-type", cat(header(6, 0), le64(0)), `malformed record: event 6 field "nil"`},
		{"negative-offset", cat(header(7, 0), le64(0)), `malformed record: event 7 field "neg" [-4, 0)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, _, err := decodeLine(d, false, []byte("keep"), tt.rec)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
			if string(out) != "keep" {
				t.Errorf("dst changed to %q", out)
			}
		})
	}
}
