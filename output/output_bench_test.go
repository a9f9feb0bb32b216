package output

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// The output side's cost, in process: a 100k-key count map printed, and
// records decoded (printf "%d %s\n", print(*it) of a struct).
var (
	bStr  = &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 64, Cap: 64, Name: "string"}
	bPos  = &ir.Type{Kind: ir.KindStruct, Size: 8, Name: "struct pos", Members: []ir.Member{{Name: "x", Offset: 0, Type: tInt32}, {Name: "y", Offset: 4, Type: tInt32}}}
	bName = &ir.Type{Kind: ir.KindArray, Size: 12, Name: "char [12]", Elem: tChar, Len: 12}
	bUint = &ir.Type{Kind: ir.KindUint, Size: 4, Name: "unsigned int"}
	bItem = &ir.Type{Kind: ir.KindStruct, Size: 36, Name: "struct item", Members: []ir.Member{
		{Name: "id", Offset: 0, Type: tInt32},
		{Name: "name", Offset: 4, Type: bName},
		{Name: "weight", Offset: 16, Type: tDouble},
		{Name: "at", Offset: 24, Type: bPos},
		{Name: "flags", Offset: 32, BitOffset: 0, BitSize: 3, Type: bUint},
		{Name: "kind", Offset: 32, BitOffset: 3, BitSize: 5, Type: bUint},
	}}
	bProg = &ir.Program{
		Probes: []ir.Probe{{ID: 0, Name: "uprobe:./t:h", Func: "h"}},
		Events: []ir.Event{
			{ID: 0, Kind: ir.EventPrintf, Verbs: printfmt.MustParse("%d %s\n"), Size: 8 + 8 + bStr.Size, Fields: []ir.Field{
				{Name: "arg0", Offset: 8, Type: tInt64, Status: -1},
				{Name: "str(arg1)", Offset: 16, Type: bStr, Status: -1},
			}},
			{ID: 1, Kind: ir.EventPrint, Size: 8 + 40 + 16, Fields: []ir.Field{
				{Name: "*it", Offset: 8, Type: bItem, Status: 48},
			}},
		},
	}
)

func benchRecords() (printf, print []byte) {
	printf = make([]byte, bProg.Events[0].Size)
	binary.LittleEndian.PutUint64(printf[8:], 123456)
	binary.LittleEndian.PutUint16(printf[16:], 11)
	copy(printf[16+ir.StrHeader:], "hello world")
	print = make([]byte, bProg.Events[1].Size)
	print[0] = 1
	it := print[8:]
	binary.LittleEndian.PutUint32(it, 123456)
	copy(it[4:], "widget")
	binary.LittleEndian.PutUint64(it[16:], math.Float64bits(2.5))
	binary.LittleEndian.PutUint32(it[24:], 3)
	binary.LittleEndian.PutUint32(it[28:], uint32(0xfffffffc))
	it[32] = 5 | 17<<3
	return printf, print
}

func BenchmarkOutput(b *testing.B) {
	printf, print := benchRecords()
	for _, json := range []bool{false, true} {
		name := "text"
		if json {
			name = "json"
		}
		d := NewDecoder(bProg)
		for _, rec := range []struct {
			name string
			b    []byte
		}{{"printf", printf}, {"print-struct", print}} {
			b.Run(rec.name+"/"+name, func(b *testing.B) {
				var dst []byte
				var t Text
				var j JSON
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					r, err := d.Record(rec.b)
					if err != nil {
						b.Fatal(err)
					}
					if json {
						dst = j.Record(dst[:0], r)
					} else {
						dst = t.Record(dst[:0], r)
					}
				}
			})
		}
		m := testMap(0, "", ir.AggCount, true, kInt)
		es := make([]MapEntry, 100000)
		for i := range es {
			es[i] = counted(key(&m, i), 1)
		}
		b.Run("map-100k/"+name, func(b *testing.B) {
			p := testPrinter()
			p.JSON = json
			var dst []byte
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				dst = p.Print(dst[:0], &m, es, 0, 0, false)
			}
		})
	}
}
