package output

import (
	"encoding/binary"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// Records as JSON: typed values, read errors and optimized-out values.
func TestDecodeJSON(t *testing.T) {
	point := &ir.Type{Kind: ir.KindStruct, Size: 8, Name: "struct point", Members: []ir.Member{
		{Name: "x", Offset: 0, Type: tInt32}, {Name: "y", Offset: 4, Type: tInt32},
	}}
	arr := &ir.Type{Kind: ir.KindArray, Size: 6, Len: 3, Elem: tInt16}
	prog := &ir.Program{
		Probes: []ir.Probe{{ID: 0, Name: "uprobe:./app:add", Func: "add"}},
		Events: []ir.Event{
			{ID: 0, Kind: ir.EventPrint, Size: 72, Fields: []ir.Field{
				{Name: "arg0", Offset: 8, Type: tInt64, Status: -1},
				{Name: "p", Offset: 16, Type: point, Status: -1},
				{Name: "a", Offset: 24, Type: arr, Status: -1},
				{Name: "s", Offset: 32, Type: tInt32, Status: 40},
				{Name: "gone", Unavailable: true},
				{Name: "func", Offset: 64, Type: tFunc, Status: -1},
				{Name: "ptr", Offset: 56, Type: tPtr, Status: -1},
			}},
			{ID: 1, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("a=%d\n"), Size: 16, Fields: []ir.Field{{Name: "arg0", Offset: 8, Type: tInt64, Status: -1}}},
			{ID: 2, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "arg0", Offset: 8, Type: tInt64, Status: -1, Bare: true}}},
			{ID: 3, Kind: ir.EventPrint, Size: 16, Fields: []ir.Field{{Name: "p", Offset: 8, Type: point, Status: -1}}},
		},
	}
	d := NewDecoder(prog)
	rec := make([]byte, 72)
	binary.LittleEndian.PutUint64(rec[8:], uint64(1<<64-5))
	binary.LittleEndian.PutUint32(rec[16:], 1)
	binary.LittleEndian.PutUint32(rec[20:], 2)
	binary.LittleEndian.PutUint16(rec[24:], 7)
	binary.LittleEndian.PutUint64(rec[40:], ir.StatusReadError)
	binary.LittleEndian.PutUint64(rec[48:], 0xdead)
	out, _, err := decodeLine(d, true, nil, rec)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type": "print", "data": {"arg0": -5, "p": {"x": 1, "y": 2}, "a": [7,0,0], "s": {"error": "read error", "addr": 57005}, "gone": {"unavailable": true}, "func": "add", "ptr": 0}}` + "\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	pf := make([]byte, 16)
	pf[0] = 1
	binary.LittleEndian.PutUint64(pf[8:], 42)
	out, _, err = decodeLine(d, true, nil, pf)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type": "printf", "data": "a=42\n"}` + "\n"; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
	// print of one value that prints alone is bpftrace's value message;
	// of one program variable by its name, gs's print message.
	for id, want := range []string{2: `{"type": "value", "data": 42}`, 3: `{"type": "print", "data": {"p": {"x": 42, "y": 0}}}`} {
		if want == "" {
			continue
		}
		pf[0] = byte(id)
		out, _, err = decodeLine(d, true, nil, pf)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != want+"\n" {
			t.Errorf("got %s, want %s", out, want)
		}
	}
}
