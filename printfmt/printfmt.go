// Package printfmt defines the grammar of gs's printf format strings, once,
// for the two sides that need it: sema parses a format (once) and checks it
// against its arguments at compile time, the parsed verbs travel in the
// program (ir.Event.Verbs), and the runtime interprets them for every
// record without parsing again.
//
// The grammar is C's, as glibc accepts it:
//
//	%[flags][width][.precision][length]conversion
//
//	flags       - 0 + space #
//	width       decimal digits
//	precision   '.' then decimal digits (none means 0)
//	length      hh h l ll z j t L
//	conversion  d i u x X o c s p f F e E g G, and %% for a literal '%'
//
// Differences from C, on purpose: a '*' width or precision and %n are
// refused (there is no int argument to take them from, and nothing to write
// to). An integer conversion cuts its argument to the width its length
// modifier names, and to an int's 32 bits without one, as C and bpftrace
// do: %hhd of 300 prints 44, %x of 0x12345678abcdef prints 78abcdef, and
// %lx prints all of it.
package printfmt

import (
	"fmt"
	"strconv"
	"strings"
)

// Flags is a set of printf flags.
type Flags uint8

// Flag bits.
const (
	FlagMinus Flags = 1 << iota // '-': left-justify
	FlagZero                    // '0': pad numbers with zeros
	FlagPlus                    // '+': always print a sign
	FlagSpace                   // ' ': a space where a '+' would go
	FlagSharp                   // '#': alternate form (0x, leading 0)
)

// Length is a length modifier.
type Length uint8

// Length modifiers.
const (
	LenNone Length = iota
	LenHH          // hh: char
	LenH           // h: short
	LenL           // l: long
	LenLL          // ll: long long
	LenZ           // z: size_t
	LenJ           // j: intmax_t
	LenT           // t: ptrdiff_t
	LenBigL        // L: long double
)

var lengthNames = [...]string{"", "hh", "h", "l", "ll", "z", "j", "t", "L"}

func (l Length) String() string {
	if int(l) < len(lengthNames) {
		return lengthNames[l]
	}
	return "?"
}

// Bits is the width in bits an integer conversion with this modifier
// truncates its argument to (on x86-64 and arm64, LP64): an int's without
// one.
func (l Length) Bits() int {
	switch l {
	case LenHH:
		return 8
	case LenH:
		return 16
	case LenNone:
		return 32
	}
	return 64 // l ll z j t (L takes no integer)
}

// Class says what kind of argument a conversion takes.
type Class uint8

// Argument classes.
const (
	ClassNone     Class = iota // literal text: takes no argument
	ClassSigned                // %d %i
	ClassUnsigned              // %u %x %X %o
	ClassChar                  // %c
	ClassString                // %s: a string, a char array, or any value printed as print() would
	ClassPointer               // %p
	ClassFloat                 // %f %F %e %E %g %G
	ClassBuf                   // %r %rx %rh: bpftrace's buf(), hex-escaped (Verb.BufMode)
)

var classNames = [...]string{"none", "signed integer", "unsigned integer", "char", "string", "pointer", "floating-point", "buffer"}

func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "?"
}

// Verb is one piece of a parsed format: either literal text (Conv == 0)
// or one conversion, which consumes exactly one argument. "%%" is part of
// the literal text.
type Verb struct {
	Conv   byte   // conversion letter, 0 for literal text
	Lit    string // the literal text, escapes already decoded (Conv == 0)
	Flags  Flags
	Width  int // -1 when absent
	Prec   int // -1 when absent
	Length Length
	// BufMode is %r's suffix: 'x' (every byte \xNN), 'h' (hex bytes
	// separated by spaces) or 0 (printable bytes as they are).
	BufMode byte
	// Start and End are the byte offsets of this piece in the format string
	// [Start, End), for diagnostics pointing inside a string.
	Start, End int
}

// IsLiteral reports whether v is literal text.
func (v Verb) IsLiteral() bool { return v.Conv == 0 }

// Has reports whether flag f is set.
func (v Verb) Has(f Flags) bool { return v.Flags&f != 0 }

// Class returns the kind of argument v takes.
func (v Verb) Class() Class {
	switch v.Conv {
	case 'd', 'i':
		return ClassSigned
	case 'u', 'x', 'X', 'o':
		return ClassUnsigned
	case 'c':
		return ClassChar
	case 's':
		return ClassString
	case 'p':
		return ClassPointer
	case 'f', 'F', 'e', 'E', 'g', 'G':
		return ClassFloat
	case 'r':
		return ClassBuf
	}
	return ClassNone
}

// String returns v as it would be written in a format string.
func (v Verb) String() string {
	if v.Conv == 0 {
		return strings.ReplaceAll(v.Lit, "%", "%%")
	}
	var b strings.Builder
	b.WriteByte('%')
	for _, f := range []struct {
		f Flags
		c byte
	}{{FlagMinus, '-'}, {FlagZero, '0'}, {FlagPlus, '+'}, {FlagSpace, ' '}, {FlagSharp, '#'}} {
		if v.Flags&f.f != 0 {
			b.WriteByte(f.c)
		}
	}
	if v.Width >= 0 {
		b.WriteString(strconv.Itoa(v.Width))
	}
	if v.Prec >= 0 {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(v.Prec))
	}
	b.WriteString(v.Length.String())
	b.WriteByte(v.Conv)
	if v.BufMode != 0 {
		b.WriteByte(v.BufMode)
	}
	return b.String()
}

// Error is a malformed format. Offset is the byte offset in the format of
// the '%' that starts the bad conversion, End the offset just past the
// problem, so a diagnostic can underline it.
type Error struct {
	Offset, End int
	Msg         string
}

func (e *Error) Error() string { return fmt.Sprintf("format offset %d: %s", e.Offset, e.Msg) }

// maxWidth bounds widths and precisions so a format cannot ask the runtime
// for gigabytes of padding.
const maxWidth = 4096

// ParseFormat splits a format into literal text and conversions. Adjacent
// literal text (including "%%") is merged into one Verb. The error, when
// not nil, is an *Error.
func ParseFormat(format string) ([]Verb, error) {
	var verbs []Verb
	var lit strings.Builder
	litStart := 0
	flushLit := func(end int) {
		if lit.Len() > 0 {
			verbs = append(verbs, Verb{Lit: lit.String(), Width: -1, Prec: -1, Start: litStart, End: end})
			lit.Reset()
		}
	}
	i := 0
	for i < len(format) {
		c := format[i]
		if c != '%' {
			if lit.Len() == 0 {
				litStart = i
			}
			lit.WriteByte(c)
			i++
			continue
		}
		start := i
		if i+1 < len(format) && format[i+1] == '%' {
			if lit.Len() == 0 {
				litStart = i
			}
			lit.WriteByte('%')
			i += 2
			continue
		}
		v, next, err := parseConv(format, i)
		if err != nil {
			return nil, err
		}
		flushLit(start)
		verbs = append(verbs, v)
		i = next
	}
	flushLit(len(format))
	return verbs, nil
}

// parseConv parses the conversion starting at format[i] == '%'.
func parseConv(format string, i int) (Verb, int, error) {
	start := i
	v := Verb{Width: -1, Prec: -1, Start: start}
	bad := func(end int, msg string, args ...any) (Verb, int, error) {
		if end > len(format) {
			end = len(format)
		}
		return Verb{}, 0, &Error{Offset: start, End: end, Msg: fmt.Sprintf(msg, args...)}
	}
	i++ // '%'
flags:
	for ; i < len(format); i++ {
		switch format[i] {
		case '-':
			v.Flags |= FlagMinus
		case '0':
			v.Flags |= FlagZero
		case '+':
			v.Flags |= FlagPlus
		case ' ':
			v.Flags |= FlagSpace
		case '#':
			v.Flags |= FlagSharp
		default:
			break flags
		}
	}
	num := func() (int, bool) {
		j := i
		n := 0
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			if n <= maxWidth {
				n = n*10 + int(format[i]-'0')
			}
			i++
		}
		return n, i > j
	}
	if i < len(format) && format[i] == '*' {
		return bad(i+1, "'*' width is not supported; write the width as a number")
	}
	if n, ok := num(); ok {
		if n > maxWidth {
			return bad(i, "width is too large (at most %d)", maxWidth)
		}
		v.Width = n
	}
	if i < len(format) && format[i] == '.' {
		i++
		if i < len(format) && format[i] == '*' {
			return bad(i+1, "'*' precision is not supported; write the precision as a number")
		}
		n, _ := num()
		if n > maxWidth {
			return bad(i, "precision is too large (at most %d)", maxWidth)
		}
		v.Prec = n
	}
	if i < len(format) {
		switch format[i] {
		case 'h':
			v.Length = LenH
			if i+1 < len(format) && format[i+1] == 'h' {
				v.Length = LenHH
				i++
			}
			i++
		case 'l':
			v.Length = LenL
			if i+1 < len(format) && format[i+1] == 'l' {
				v.Length = LenLL
				i++
			}
			i++
		case 'z':
			v.Length, i = LenZ, i+1
		case 'j':
			v.Length, i = LenJ, i+1
		case 't':
			v.Length, i = LenT, i+1
		case 'L':
			v.Length, i = LenBigL, i+1
		}
	}
	if i >= len(format) {
		return bad(i, "incomplete conversion at the end of the format")
	}
	v.Conv = format[i]
	i++
	if v.Conv == 'r' && i < len(format) && (format[i] == 'x' || format[i] == 'h') {
		v.BufMode = format[i] // bpftrace's %rx and %rh
		i++
	}
	v.End = i
	switch v.Class() {
	case ClassNone:
		if v.Conv == 'n' {
			return bad(i, "%%n is not supported")
		}
		if v.Conv == '%' {
			return bad(i, "a %%%% conversion cannot have flags, width or precision")
		}
		return bad(i, "unknown conversion %q", format[start:i])
	case ClassSigned, ClassUnsigned:
		if v.Length == LenBigL {
			return bad(i, "length modifier \"L\" does not apply to %%%c", v.Conv)
		}
	case ClassChar, ClassString, ClassPointer, ClassBuf:
		if v.Length != LenNone {
			return bad(i, "length modifier %q does not apply to %%%c", v.Length.String(), v.Conv)
		}
	case ClassFloat:
		if v.Length != LenNone && v.Length != LenL && v.Length != LenBigL {
			return bad(i, "length modifier %q does not apply to %%%c", v.Length.String(), v.Conv)
		}
	}
	return v, i, nil
}

// MustParse is ParseFormat for formats known to be valid (tests, formats
// gs writes itself); it panics on a malformed one.
func MustParse(format string) []Verb {
	verbs, err := ParseFormat(format)
	if err != nil {
		panic(fmt.Sprintf("printfmt: MustParse(%q): %v", format, err))
	}
	return verbs
}

// Join writes verbs back as a format string, which ParseFormat parses to
// the same verbs (not always the same text: flags come in one order).
func Join(verbs []Verb) string {
	var b strings.Builder
	for _, v := range verbs {
		b.WriteString(v.String())
	}
	return b.String()
}

// NumArgs returns how many arguments verbs consume.
func NumArgs(verbs []Verb) int {
	n := 0
	for _, v := range verbs {
		if !v.IsLiteral() {
			n++
		}
	}
	return n
}
