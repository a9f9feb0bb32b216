package output

import (
	"encoding/binary"
	stdjson "encoding/json"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

// layoutReader builds program layouts from fuzz bytes; once they run out
// it reads zeros.
type layoutReader struct{ b []byte }

func (r *layoutReader) byte() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// small reads a signed size or offset, mostly small, sometimes huge.
func (r *layoutReader) small() int {
	c := r.byte()
	switch c {
	case 0xff:
		return int(int32(binary.LittleEndian.Uint32([]byte{r.byte(), r.byte(), r.byte(), r.byte()})))
	case 0xfe:
		return -1
	}
	return int(c) - 8
}

var fuzzTypes = []*ir.Type{tInt8, tInt16, tInt32, tInt64, tUint8, tUint16, tUint32, tUint64, tBool, tChar, tPtr, tStr8,
	tComm, tFunc, tProbe, tColor, tSign, tFloat, tDouble, tLongD, tPos, tName8, tItem, tArr3, tBits, tUnion, tAnon,
	tStack, tSym, tI128, tGrid, nil}

// typ returns one of the test types or a random one built of random
// parts; depth bounds the nesting.
func (r *layoutReader) typ(depth int) *ir.Type {
	c := r.byte()
	if c < 0x80 || depth > 3 {
		return fuzzTypes[int(c)%len(fuzzTypes)]
	}
	t := &ir.Type{Kind: ir.TypeKind(c % 20), Size: r.small(), Len: r.small(), Cap: r.small(), Name: "t"}
	flags := r.byte()
	t.StackID = flags&1 != 0
	if flags&2 != 0 {
		t.Elem = r.typ(depth + 1)
	}
	for n := (flags >> 2) & 3; n > 0; n-- {
		t.Members = append(t.Members, ir.Member{Name: "m", Offset: r.small(), BitOffset: r.small(), BitSize: r.small(), Type: r.typ(depth + 1)})
	}
	for n := (flags >> 4) & 3; n > 0; n-- {
		t.Enums = append(t.Enums, ir.Enumerator{Name: "E", Value: int64(r.small())})
	}
	return t
}

var fuzzFormats = []string{"%d %s %c %p %x %f", "%s%s%s", "%-5hhd|%+.3lu|%#o", "%", "%y", "%5.2e %G %i", "%20s|%-8c|%08.3Lf"}

// fuzzVerbs parses format as sema would; a format sema would refuse
// becomes one verb with its first byte as the conversion, so that the
// decoder also meets verbs no parse yields.
func fuzzVerbs(format string) []printfmt.Verb {
	if verbs, err := printfmt.ParseFormat(format); err == nil {
		return verbs
	}
	if format == "" {
		return nil
	}
	return []printfmt.Verb{{Conv: format[0], Width: -1, Prec: -1}}
}

// program builds up to four events with up to seven fields each.
func (r *layoutReader) program(format string) *ir.Program {
	prog := &ir.Program{Probes: []ir.Probe{*testProbe}}
	for e := 0; e < 1+int(r.byte()%4); e++ {
		ev := ir.Event{ID: uint32(e), Kind: ir.EventKind(r.byte() % 8), Size: r.small()}
		if c := r.byte(); c == 0 {
			ev.Verbs = fuzzVerbs(format)
		} else {
			ev.Verbs = fuzzVerbs(fuzzFormats[int(c)%len(fuzzFormats)])
		}
		for f := r.byte() % 8; f > 0; f-- {
			ev.Fields = append(ev.Fields, ir.Field{Name: "f", Offset: r.small(), Type: r.typ(0), Status: r.small(),
				Unavailable: r.byte()%10 == 0})
		}
		prog.Events = append(prog.Events, ev)
	}
	return prog
}

// FuzzDecode runs random records through random layouts, as text and as
// JSON. A record that does not fit its layout is an error, never a panic,
// and a JSON line is valid JSON.
func FuzzDecode(f *testing.F) {
	prog := testProgram()
	for e := range prog.Events {
		f.Add([]byte{0, byte(e), 1}, "%d", make([]byte, 64))
	}
	f.Add([]byte{3, 0, 0, 5, 0, 0x10, 0x80, 0x15, 0x80, 8, 7, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x80}, "%s|%d", []byte("\x00\x00\x00\x00\x00\x00\x00\x00abcdefgh"))
	f.Add([]byte{0, 1, 0x20, 0, 2, 0x90, 0x80, 0x18, 0x00, 0x00, 0x02, 0x8b, 0x20, 0x00, 0x10}, "%-8.3s %08x", []byte("\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00"))
	f.Fuzz(func(t *testing.T, layout []byte, format string, rec []byte) {
		r := &layoutReader{b: layout}
		prog := r.program(format)
		for _, json := range []bool{false, true} {
			d := NewDecoder(prog)
			decodeLine(d, json, nil, rec)
			if len(rec) >= 8 {
				// Most random headers name no event; aim this one at one.
				fixed := append([]byte(nil), rec...)
				binary.LittleEndian.PutUint32(fixed, uint32(rec[0])%uint32(len(prog.Events)))
				binary.LittleEndian.PutUint32(fixed[4:], 0)
				before := []byte("keep")
				out, kind, err := decodeLine(d, json, before, fixed)
				if err != nil && string(out) != "keep" {
					t.Fatalf("a malformed record changed dst to %q", out)
				}
				if err == nil && json && Writes(kind) && len(out) > len(before) {
					// Whatever the layout, a JSON line is JSON.
					line := out[len(before):]
					if !stdjson.Valid(line) || line[len(line)-1] != '\n' {
						t.Fatalf("not a JSON line: %q", line)
					}
				}
			}
		}
	})
}
