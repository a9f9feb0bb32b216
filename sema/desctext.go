package sema

// DescText is how a value reads as text through the type descriptor it
// points to, described for gen, which lowers it without knowing the
// language (gen/desctext.go). Go's interfaces read so (golang.go).
//
// The value is two words: a descriptor word, 0 for a null value, and a
// data word. When the descriptor word is Text, the data word points to
// the text as {ptr, len} (errors.New's error). Otherwise the text is the
// type's name: the type descriptor is what the descriptor word points to
// (Indirect: the address at Via in what it points to, as an itab's
// Type); a 32-bit signed offset at NameOff in it, from Names, locates the
// name, stored as a flag byte, a length of one or two varint bytes and
// the bytes (Go's abi.Name). When the byte at Flags has a bit of Skip
// set, the stored name has one byte (a '*') before the type's own.
type DescText struct {
	// Module is the binary the descriptors are in: its load bias applies
	// to Text and Names, link-time addresses.
	Module string
	// Text is the descriptor word of the values whose data is text, 0
	// for none.
	Text     uint64
	Indirect bool
	Via      int
	Flags    int
	NameOff  int
	Names    uint64
	Skip     uint64
}
