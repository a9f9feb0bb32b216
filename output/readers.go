package output

import "github.com/gs-tracer/gs/ir"

// MapReader is one more reader of the script's maps, beside the text and
// JSON the session prints: a pprof profile (package pprof). The session
// gives it each map as it prints it, through the printer whose decoder
// and symbols it reads the keys with (Maps.Keys, Maps.AppendKey).
type MapReader interface {
	// ReadMaps is given the maps print(@m) printed (one) or, with final
	// set, every map of the program when tracing ends, with their
	// entries as read then (not cut by print's top or div).
	ReadMaps(p *Maps, maps []MapPrint, final bool) error
}

// MapPrint is one map and its entries, as the session read them.
type MapPrint struct {
	Map     *ir.Map
	Entries []MapEntry
}

// Keys decodes the key values of an entry of m, as the printer prints
// them. The values are valid until the printer's next call.
func (p *Maps) Keys(m *ir.Map, key *MapKey) []Value {
	dec, _ := p.values()
	return dec.Keys(m, key[:])
}

// AppendKey appends the text a key value prints as in a map's brackets.
func (p *Maps) AppendKey(dst []byte, v *Value) []byte {
	_, text := p.values()
	return text.Key(dst, v)
}

// EntryValue is the number an entry prints as: a count, sum, min, max or
// average, a plain map's integer (signed reports how to read u).
func EntryValue(m *ir.Map, e *MapEntry) (u uint64, signed bool) {
	v := value(m, e)
	return v.u, v.signed
}
