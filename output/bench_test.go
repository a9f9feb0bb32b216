package output

import (
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// BenchmarkPrintfRecord decodes and writes one printf record of three
// scalars and a string, the shape of most trace lines.
func BenchmarkPrintfRecord(b *testing.B) {
	prog := &ir.Program{
		Probes: []ir.Probe{*testProbe},
		Events: []ir.Event{{ID: 0, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%d %u %s %d\n"), Size: 8 + 24 + 24, Fields: []ir.Field{
			{Name: "a", Offset: 8, Type: tInt64, Status: -1},
			{Name: "b", Offset: 16, Type: tUint32, Status: -1},
			{Name: "s", Offset: 32, Type: tStr8, Status: -1},
			{Name: "c", Offset: 24, Type: tInt32, Status: -1},
		}}},
	}
	rec := cat(header(0, 0), le64(42), le32(7), le32(0), le32(9), le32(0), mkStr("hello", 0, 1))
	if dst := benchRecord(b, prog, rec); string(dst) != "42 7 hello 9\n" {
		b.Fatalf("got %q", dst)
	}
}

// BenchmarkPrintStruct decodes and writes print() of a struct.
func BenchmarkPrintStruct(b *testing.B) {
	prog := &ir.Program{
		Probes: []ir.Probe{*testProbe},
		Events: []ir.Event{{ID: 0, Kind: ir.EventPrint, Size: 8 + 32, Fields: []ir.Field{
			{Name: "*it", Offset: 8, Type: tItem, Status: -1},
		}}},
	}
	rec := cat(header(0, 0), le32(7), []byte("pear\x00\x00\x00\x00"), le32(1), le32(2), le32(1), le64(0x5000))
	benchRecord(b, prog, rec)
}

// benchRecord decodes and writes rec b.N times and returns its text.
func benchRecord(b *testing.B, prog *ir.Program, rec []byte) []byte {
	d := NewDecoder(prog)
	var p Text
	var dst []byte
	b.ReportAllocs()
	for b.Loop() {
		r, err := d.Record(rec)
		if err != nil {
			b.Fatal(err)
		}
		dst = p.Record(dst[:0], r)
	}
	return dst
}
