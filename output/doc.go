// Package output turns the bytes of records and maps into values, and
// values into text and JSON. It is the one value model of gs's output side: a
// record is decoded once, by one decoder, and every writer (text, JSON,
// and later readers such as a metrics exporter) walks the values, never
// the bytes.
//
// # Decoding
//
// A Decoder holds one program's layouts (ir.Program). Its three entry
// points check every offset against the bytes and decode:
//
//	rec, err := d.Record(raw)    // a record: its event, probe, one Value per field
//	v := d.Value(t, b)           // one value outside a record (a map's value)
//	ks := d.Keys(m, key)         // the key values of map m's entry
//
// All the checks of the output side live in the decoder: bounds (what
// does not fit decodes as Kind Malformed), status slots (Failed with
// the ir.Status*, OptimizedOut for an ir.Field.Unavailable), string and
// buf slots (String, Buf, with Fault set when the read failed), char
// arrays as text (Chars), counted sequences (Seq, with More), bitfields,
// enumerators (Enum's Name), variants (Variant, with Invalid), runs of
// equal array elements (Array elements' Repeat), stacks (Stack's Frames;
// Missing for a stack key not captured). Sizes come from one rule,
// ir.Type.RecordSize.
//
// A Value's composite parts (Elems, Frames) live in the decoder's reused
// buffers and its Text points into the decoded bytes: a Value is valid
// until the decoder's next call, and while those bytes are. Decoding does
// not allocate once the buffers have grown to the largest record.
//
// Value.Type is the layout a value came from. Walkers read presentation
// from it as sema decided it: ir.Type.Style (syntax, Fixed, the name
// Prefix, Tuple, CodePoint, Float), a Variant's Choice.Tuple,
// member names through Value.Members, ir.Type.Pairs, StackMode, Format,
// and Name for tuples ("record", "args"). No walker asks which language
// a value came from (present.go).
//
// # Text
//
// Text walks values and writes them as gs's text output:
//
//	var p output.Text            // p.Symbols names stack frames and usym values
//	dst = p.Record(dst, rec)     // a print(), printf() or time() record's line
//	dst = p.Value(dst, &v)       // print()'s shape: gdb's for the target's values
//	dst = p.Bare(dst, &v)        // a value that prints alone (ir.Field.Bare)
//	dst = p.Key(dst, &v)         // a map key as bpftrace prints it
//	dst = p.Printf(dst, verbs, args)
//
// The shapes: gdb's C syntax for C, C++ and Go values ({id = 1, name =
// "x"}, {1, 0 <repeats 15 times>}), gdb's Rust syntax (Entry {id: 1},
// Some(5)), bpftrace's for the script's types and the aggregates it holds
// ({ .m = 2 }, [1,2], tuples (1, abc)), bpftrace's stacks (Symbols,
// stackmode.go). One value's text is capped at MaxValueElems elements
// and 4 KiB, with "..." where it stops.
//
// # JSON
//
// JSON walks the same values and writes bpftrace's JSON lines
// (docs/json.md): numbers, strings, objects and arrays, with bpftrace's
// spacing (json.go); the messages about the run are json_status.go's.
//
//	var j output.JSON
//	dst = j.Record(dst, rec)     // the line of a print(), printf() or time() record (Writes)
//	dst = j.Value(dst, &v)
//
// # Maps
//
// Maps prints script maps as the session read them (MapEntry: the key's
// bytes and the value, a count or sum, an aggregation's total, a string
// slot): bpftrace's text shapes of maps, hist, lhist and stats
// (maps.go) and their JSON (json_map.go). Keys go through Decoder.Keys
// and are written by Text.Key; values through Decoder.Value.
//
//	p := &output.Maps{Prog: prog, Symbols: syms, Stacks: stacks, JSON: json}
//	dst = p.Print(dst, m, entries, top, div, explicit)
package output
