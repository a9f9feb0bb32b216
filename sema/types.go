package sema

import (
	"fmt"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"

	"github.com/gs-tracer/gs/ir"
)

// Kind classifies a script value.
type Kind uint8

// Kinds of values. The script-only kinds (String, Comm, Func, Probe) live
// in the heap or in the record header; the C kinds (Pointer and below) are
// what the DWARF resolver produces for program values.
const (
	KindVoid   Kind = iota // no value: print(), printf(), exit()
	KindInt                // integer of Size bytes, Signed or not; registers hold it extended to 64 bits
	KindBool               // 0 or 1
	KindString             // a heap string slot of Cap text bytes
	KindStrLit             // a string literal of Cap bytes; its text is in the AST
	KindComm               // ir.CommLen bytes, NUL-padded
	KindFunc               // the probed function's name: the 8-byte id of the probe that took it
	KindProbe              // the probe's name: likewise

	// C types of the traced program, converted from DWARF (ctypes.go).
	KindChar    // char, signed char, unsigned char: an integer printed as a character
	KindPointer // Elem (nil for void *)
	KindStruct  // Members
	KindUnion   // Members
	KindArray   // Elem, Len
	KindEnum    // an integer of Size bytes with Enums
	KindFloat   // Size 4 or 8
	KindVariant // a Rust enum with fields: Rust.Variants, one selected by Rust.Discr (rust.go)

	// Values the runtime prints from what the probe captured.
	KindStack  // ustack: Len frames (ir.StackFrameSize each) after a u64 count
	KindSymbol // usym(addr): an address the runtime prints as symbol+offset
	KindTime   // strftime(fmt, ns): nanoseconds of CLOCK_MONOTONIC the runtime prints as a local time by Format
	KindErrno  // strerror(e): an errno the runtime prints as its message
	KindTuple  // bpftrace's tuple or record: Members in 8-byte slots (tuples.go)
	KindBuf    // buf(p, n): a string slot of Cap raw bytes, printed hex-escaped
	KindInet   // ntop(addr): an IPv4 address in an integer's low 4 bytes, in memory order
	// A cgroup id the runtime prints as its cgroup v2 path (cgroup_path)
	// or its container's id (container): cgroup.go.
	KindCgroupPath
	KindContainer
	KindUser // username: a user id the runtime prints as the user's name
	KindMac  // macaddr(x): a MAC address in a word's low 6 bytes, in memory order
	// KindSignal is signal_name(sig): a signal number the runtime prints
	// as its description.
	KindSignal
)

// Type is the type of a script value. Types are plain data; the singletons
// below stand for the builtin types, and C types (from DWARF) are built per
// program. Typedefs are resolved: Name keeps the spelling for display.
type Type struct {
	Kind    Kind
	Size    int  // bytes of the value (0 for Func, Probe, StrLit, Void)
	Signed  bool // KindInt, KindChar, KindEnum
	Name    string
	Cap     int // KindString: the str() limit in bytes
	Elem    *Type
	Len     int // KindArray; KindStack: frames
	Members []Member
	Enums   []ir.Enumerator
	// Counted marks a struct that is counted text or a counted sequence
	// (counted.go).
	Counted *Counted
	// Go marks a Go interface (read as text: an error's message, else its
	// dynamic type's name) or map (read as its length); golang.go.
	Go *GoValue
	// Desc marks a value read as text through a type descriptor
	// (desctext.go): a Go interface.
	Desc *DescText
	// AutoDeref marks a pointer through which `.` reads the pointee's
	// members, as in Go (o.Addr.City with o a *Order).
	AutoDeref bool
	// AutoDepth marks a ustack written without a depth: layout may lower
	// Len so the record it is printed in fits.
	AutoDepth bool
	// Lang is the language of a program type whose rules differ from
	// C's (Go, Rust), LangAny for C's and the script's; Rust holds what
	// Rust's types add (rust.go).
	Lang debuginfo.Language
	Rust *RustType
	// Script marks a type the script defines (cdecl.go).
	Script bool
	// Align is a script struct's alignment when its attributes set it
	// (__attribute__((packed)), aligned(N)); 0: its members'.
	Align int
	// Choice marks a struct that holds one of its alternatives, printed as
	// that one (std::optional, std::variant; choice.go): its
	// discriminant and variants, as a Rust enum's.
	Choice *RustType
	// Nodes marks a struct whose elements are in linked nodes (std::map,
	// std::unordered_map; nodes.go).
	Nodes *Nodes
	// Format is a KindTime's strftime format.
	Format string
	// View marks a C++ library object that stands for one value it holds
	// (std::unique_ptr for its pointer; see cxx.go): the type is that
	// value's, View says where it is.
	View *View
	// StackMode is how a KindStack prints (ustack(perf)).
	StackMode ir.StackMode
	// StackID marks a KindStack that is the 8-byte id of its stack in
	// gs_stacks (OpStackID), not its frames: a map value, and what a read
	// of one gives (ir.Type.StackID).
	StackID bool
	// BtSize and BtAlign are a tuple's size and alignment in bpftrace's
	// layout, which sizeof reports (tuples.go, btLayout); gs lays it out
	// in 8-byte slots (Size).
	BtSize, BtAlign int
}

// Member is a field of a struct or union type.
type Member struct {
	Name      string
	Offset    int
	BitOffset int
	BitSize   int
	Type      *Type
	Base      bool // a C++ base class subobject (cxx.go); Name is empty
	// BtSize and BtAlign are a tuple element's size and alignment in
	// bpftrace's layout (tuples.go, btLayout).
	BtSize, BtAlign int
}

// The builtin types. Script integers are 64-bit: literals are int64 (uint64
// when too large), and arithmetic happens at 64 bits.
var (
	Void   = &Type{Kind: KindVoid, Name: "void"}
	Int64  = &Type{Kind: KindInt, Size: 8, Signed: true, Name: "int64"}
	Uint64 = &Type{Kind: KindInt, Size: 8, Name: "uint64"}
	Bool   = &Type{Kind: KindBool, Size: 1, Name: "bool"}
	Comm   = &Type{Kind: KindComm, Size: ir.CommLen, Name: "comm"}
	Func   = &Type{Kind: KindFunc, Name: "func"}
	Probe  = &Type{Kind: KindProbe, Name: "probe"}
	// Username is the type of username: the uid, printed as its name.
	Username = &Type{Kind: KindUser, Size: 8, Name: "username"}
)

// StringOf returns a heap string type of capacity n.
func StringOf(n int) *Type {
	return &Type{Kind: KindString, Size: ir.StrHeader + n, Cap: n, Name: "string"}
}

// stackIDOf returns the type of the gs_stacks id of a stack of type t.
func stackIDOf(t *Type) *Type {
	return &Type{Kind: KindStack, Size: 8, Len: t.Len, Name: "ustack", StackMode: t.StackMode, StackID: true}
}

// StackOf returns the type of a user stack of at most n frames.
func StackOf(n int) *Type {
	return &Type{Kind: KindStack, Size: ir.StackSlotSize(n), Len: n, Name: "ustack"}
}

// Usym is the type of usym(addr).
var Usym = &Type{Kind: KindSymbol, Size: 8, Name: "usym"}

// LitOf returns the type of a string literal of n bytes.
func LitOf(n int) *Type { return &Type{Kind: KindStrLit, Cap: n, Name: "string literal"} }

func (t *Type) String() string {
	if t == nil {
		return "<nil>"
	}
	switch t.Kind {
	case KindString:
		return fmt.Sprintf("string[%d]", t.Cap)
	case KindStack:
		return fmt.Sprintf("ustack(%d)", t.Len)
	case KindTuple:
		return tupleString(t) // tuples.go
	}
	return t.Name
}

// IsInteger reports whether t is a value that lives in a register and
// takes part in arithmetic: integers, bools, chars, enums, pointers. An
// integer wider than 64 bits (__int128) does not: it can only be printed.
func (t *Type) IsInteger() bool {
	switch t.Kind {
	case KindInt, KindBool, KindChar, KindEnum, KindPointer:
		return !isWide(t)
	}
	return false
}

// isWide reports whether t is an integer wider than a register.
func isWide(t *Type) bool { return (t.Kind == KindInt || t.Kind == KindEnum) && t.Size > 8 }

// wideHint explains, on d, why a wide integer t is not an integer here.
func wideHint(d *diag.Diagnostic, t *Type) {
	if isWide(t) {
		d.WithHint("gs computes with 64-bit integers: a %d-bit %s can only be printed", 8*t.Size, t)
	}
}

// IsUnsigned reports whether arithmetic on t is unsigned.
func (t *Type) IsUnsigned() bool {
	switch t.Kind {
	case KindInt, KindChar, KindEnum:
		return !t.Signed
	case KindPointer:
		return true
	}
	return false
}

// IsText reports whether t prints with %s: strings, comm, func, probe,
// stacks and symbols.
func (t *Type) IsText() bool {
	switch t.Kind {
	case KindString, KindStrLit, KindComm, KindFunc, KindProbe, KindStack, KindSymbol, KindTime, KindErrno, KindInet, KindCgroupPath, KindContainer, KindUser, KindMac, KindSignal:
		return true
	}
	return false
}

// Promote applies C's integer promotion with 64-bit int: every integer
// narrower than 8 bytes (and bool, char, enum) becomes int64; 8-byte
// unsigned integers and pointers stay uint64.
func Promote(t *Type) *Type {
	if t.Size == 8 && t.IsUnsigned() {
		return Uint64
	}
	return Int64
}

// Arith returns the type binary arithmetic and comparisons of x and y are
// done in: uint64 if either promoted operand is unsigned, else int64.
func Arith(x, y *Type) *Type {
	if Promote(x) == Uint64 || Promote(y) == Uint64 {
		return Uint64
	}
	return Int64
}

// SlotSize returns the bytes t occupies in a record or a heap slot, by
// ir's rule (ir/slot.go): 8 for anything held in a register, a string
// slot for strings, ir.CommLen for comm, nothing for void. func and probe
// are the 8-byte id of the probe that took them (ir.KindFunc).
func SlotSize(t *Type) int {
	switch t.Kind {
	case KindString, KindStrLit, KindBuf:
		return ir.StrSlotSize(t.Cap)
	case KindComm:
		return ir.CommLen
	case KindVoid:
		return 0
	case KindStack:
		if t.StackID {
			return 8
		}
		return ir.StackSlotSize(t.Len)
	case KindTuple:
		return t.Size
	case KindStruct, KindUnion, KindArray:
		if IsHeld(t) {
			return ir.Align8(t.Size) // held.go
		}
	}
	return 8
}

// IR returns the record type of t, as the runtime decodes it.
func IR(t *Type) *ir.Type {
	switch t.Kind {
	case KindInt:
		k := ir.KindInt
		if !t.Signed {
			k = ir.KindUint
		}
		return &ir.Type{Kind: k, Size: 8, Name: t.Name}
	case KindBool:
		return &ir.Type{Kind: ir.KindBool, Size: 8, Name: t.Name}
	case KindChar:
		return &ir.Type{Kind: ir.KindChar, Size: 8, Name: t.Name, Style: styleOf(t), Unsigned: !t.Signed}
	case KindEnum:
		return &ir.Type{Kind: ir.KindEnum, Size: 8, Name: t.Name, Enums: t.Enums}
	case KindPointer:
		return &ir.Type{Kind: ir.KindPointer, Size: 8, Name: t.Name}
	case KindString, KindStrLit:
		return &ir.Type{Kind: ir.KindString, Size: SlotSize(t), Cap: ir.Align8(t.Cap)}
	case KindComm:
		return &ir.Type{Kind: ir.KindComm, Size: ir.CommLen, Name: "comm"}
	case KindFunc:
		return &ir.Type{Kind: ir.KindFunc, Size: 8, Name: "func"}
	case KindProbe:
		return &ir.Type{Kind: ir.KindProbe, Size: 8, Name: "probe"}
	case KindStack:
		return &ir.Type{Kind: ir.KindStack, Size: SlotSize(t), Len: t.Len, Name: "ustack", StackMode: t.StackMode, StackID: t.StackID}
	case KindSymbol:
		return &ir.Type{Kind: ir.KindSymbol, Size: 8, Name: "usym"}
	case KindTuple:
		return irTuple(t)
	case KindTime:
		return &ir.Type{Kind: ir.KindTime, Size: 8, Name: "timestamp", Format: t.Format}
	case KindErrno:
		return &ir.Type{Kind: ir.KindErrno, Size: 8, Name: "strerror"}
	case KindInet:
		return &ir.Type{Kind: ir.KindInet, Size: 8, Name: "inet"}
	case KindCgroupPath:
		return &ir.Type{Kind: ir.KindCgroupPath, Size: 8, Name: "cgroup_path"}
	case KindContainer:
		return &ir.Type{Kind: ir.KindContainer, Size: 8, Name: "container"}
	case KindUser:
		return &ir.Type{Kind: ir.KindUser, Size: 8, Name: "username"}
	case KindMac:
		return &ir.Type{Kind: ir.KindMac, Size: 8, Name: "macaddr"}
	case KindSignal:
		return &ir.Type{Kind: ir.KindSignal, Size: 8, Name: "signal_name"}
	case KindBuf:
		return &ir.Type{Kind: ir.KindBuf, Size: SlotSize(t), Cap: t.Cap, Name: "buffer"}
	}
	if it := irC(t); it != nil {
		return it // structs, unions, arrays and floats, as raw bytes (ctypes.go)
	}
	panic(fmt.Sprintf("sema: no record type for %s", t))
}

// cTypes are the integer type names a cast or sizeof may use.
var cTypes = map[string]*Type{}

func init() {
	add := func(size int, signed bool, names ...string) {
		for _, n := range names {
			cTypes[n] = &Type{Kind: KindInt, Size: size, Signed: signed, Name: n}
		}
	}
	// int8 .. uint64 are bpftrace's names.
	add(1, true, "int8_t", "int8", "s8", "i8", "signed char", "char")
	add(1, false, "uint8_t", "uint8", "u8", "unsigned char")
	add(2, true, "int16_t", "int16", "s16", "i16", "short", "short int", "signed short")
	add(2, false, "uint16_t", "uint16", "u16", "unsigned short", "unsigned short int")
	add(4, true, "int32_t", "int32", "s32", "i32", "int", "signed", "signed int", "pid_t")
	add(4, false, "uint32_t", "uint32", "u32", "unsigned", "unsigned int", "uid_t", "gid_t")
	add(8, true, "int64_t", "s64", "i64", "int64", "long", "long int", "signed long", "long long", "long long int",
		"signed long long", "ssize_t", "intptr_t", "off_t")
	add(8, false, "uint64_t", "u64", "uint64", "unsigned long", "unsigned long int", "unsigned long long",
		"unsigned long long int", "size_t", "uintptr_t")
	cTypes["bool"] = Bool
	cTypes["_Bool"] = Bool
}
