package output

import (
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

// Kind is what a decoded Value holds.
type Kind uint8

// Value kinds. Each says which fields of Value it uses.
const (
	// Malformed: the bytes do not fit the layout (a program and its
	// layouts that disagree); nothing else is set.
	Malformed Kind = iota
	// OptimizedOut: a field with no location at the probe's address
	// (ir.Field.Unavailable), or none at run time (a read error at
	// ir.AddrUnavailable).
	OptimizedOut
	// Failed: a status slot says the value could not be read: Status is
	// ir.StatusReadError (U the address), ir.StatusDynamicTLS or
	// ir.StatusNoBias.
	Failed
	// Int and Uint: an integer in U (Int: sign-extended to 64 bits). A
	// bitfield decodes to one too, its Type the member's.
	Int
	Uint
	// Big: an integer wider than 8 bytes (__int128, i128); Text holds its
	// little-endian bytes.
	Big
	// Bool: U is 0 (false), 1 (true), or another number.
	Bool
	// Char: U is the character's code, sign-extended when Signed (a C
	// char's byte, a Rust char's code point).
	Char
	// Float: F, decoded from Bits (32 or 64; an x87 long double decodes
	// best-effort to a float64 with Bits 64); Text holds its bytes, which
	// gdb's digits are printed from.
	Float
	// Pointer: the address in U.
	Pointer
	// Enum: the number in U (sign-extended when Signed), Name the
	// enumerator it equals ("" when none).
	Enum
	// String: a string slot: Text (up to its NUL), Truncated when the
	// target's was longer; with Fault set the read failed at address U.
	String
	// Buf: buf()'s bytes in Text; with Fault set the read failed at U.
	Buf
	// Chars: a char array, its text up to the first NUL in Text.
	Chars
	// Comm: comm's text in Text.
	Comm
	// Name: the name a func or probe value stands for, in Name.
	Name
	// Time, Errno, Inet, Symbol: the word in U, as strftime(), strerror(),
	// ntop() and usym() print it; Time's format is Type.Format.
	Time
	Errno
	Inet
	Symbol
	// Signal: a signal number in U, as signal_name() prints it.
	Signal
	// Struct: a struct, union or Rust tuple; Elems are its members' values,
	// Members their layout (Elems[i] is Members[i]).
	Struct
	// Variant: a Rust enum or a C++ std::variant-like choice
	// (ir.KindVariants): Choice is the variant its discriminant selects,
	// Name its name, Elems and Members its members. With Invalid set no
	// variant matched discriminant U.
	Variant
	// Tuple: a bpftrace tuple, record or args (ir.Style.Shape),
	// Elems and Members as Struct's; a member whose bytes lie outside the
	// tuple is Malformed.
	Tuple
	// Array: a fixed array, Elems its elements in runs: each element
	// stands for Repeat equal elements in a row (1 or more). At most
	// MaxValueElems+1 runs are decoded (More: the array has more): a
	// walker that cuts a value at MaxValueElems elements never needs the
	// rest. A Seq's Elems are capped so too.
	Array
	// Seq: a counted sequence (ir.KindSeq): Elems its elements, U the
	// count the program had, More when it had more than the record holds.
	// Type.Pairs marks key/value pairs (elements are Structs).
	Seq
	// Stack: Frames, innermost first; Missing when a stack key's frames
	// were not captured.
	Stack
	// CgroupPath, Container: a cgroup id in U, as cgroup_path() and
	// container print it (cgroups.go).
	CgroupPath
	Container
	// User: a user id in U, printed as the user's name (username).
	User
	// Mac: a MAC address in U's low 6 bytes, first byte lowest, printed
	// as six hex pairs (macaddr).
	Mac
)

// Value is one decoded value. Composite values point at their elements
// in the Decoder's buffers, and Text into the decoded bytes: a Value is
// valid until the Decoder's next call and while its bytes are.
type Value struct {
	Kind Kind
	// Type is the layout the value was decoded from; walkers read its
	// presentation (names, Pairs, StackMode) from it, never its bytes.
	Type *ir.Type
	U    uint64
	F    float64
	Bits int
	Text []byte
	Name string
	// Status is a Failed value's status (ir.StatusReadError...).
	Status uint64
	// NotEvaluated is, for OptimizedOut, the DWARF operation gs does not
	// evaluate (ir.Field.NotEvaluated); "" when the compiler left no
	// location.
	NotEvaluated string
	// Repeat is how many equal elements of an Array this one stands for.
	Repeat int
	// Signed marks an Int, Char or Enum whose U was sign-extended.
	Signed bool
	// Truncated marks a String whose text the target had longer.
	Truncated bool
	// Fault marks a String or Buf whose read failed at address U.
	Fault bool
	// More marks a Seq that the program had longer than the record, an
	// Array whose elements past Elems were not decoded.
	More bool
	// Invalid marks a Variant whose discriminant U selected none.
	Invalid bool
	// Missing marks a Stack whose frames could not be read.
	Missing bool
	Elems   []Value
	Members []ir.Member
	Choice  *ir.Variant
	Frames  []symbolize.Frame
}

// Int64 is an Int, Enum or Char's number.
func (v *Value) Int64() int64 { return int64(v.U) }
