package printfmt

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

type ptr uint64

// sprintf interprets format with Go values standing for C arguments: int is
// a C int (4 bytes), int64/uint64 are 8 bytes, rune a char, ptr a pointer.
func sprintf(t *testing.T, format string, args ...any) string {
	t.Helper()
	verbs, err := ParseFormat(format)
	if err != nil {
		t.Fatalf("ParseFormat(%q): %v", format, err)
	}
	var out []byte
	for _, v := range verbs {
		if v.IsLiteral() {
			out = append(out, v.Lit...)
			continue
		}
		if len(args) == 0 {
			t.Fatalf("%q: too few arguments", format)
		}
		a := args[0]
		args = args[1:]
		switch v.Class() {
		case ClassSigned, ClassUnsigned:
			switch a := a.(type) {
			case int:
				out = AppendInt(out, v, uint64(a))
			case int64:
				out = AppendInt(out, v, uint64(a))
			case uint64:
				out = AppendInt(out, v, a)
			default:
				t.Fatalf("%q: bad argument %T", format, a)
			}
		case ClassChar:
			out = AppendChar(out, v, byte(a.(rune)))
		case ClassString:
			out = AppendString(out, v, []byte(a.(string)))
		case ClassPointer:
			out = AppendPointer(out, v, uint64(a.(ptr)))
		case ClassFloat:
			out = AppendFloat(out, v, a.(float64))
		}
	}
	return string(out)
}

// The expected strings come from glibc's printf (x86-64).
var glibcTests = []struct {
	format string
	arg    any
	want   string
}{
	{"%d", 42, "42"},
	{"%d", -42, "-42"},
	{"%5d", 42, "   42"},
	{"%-5d|", 42, "42   |"},
	{"%05d", -42, "-0042"},
	{"%+d", 42, "+42"},
	{"% d", 42, " 42"},
	{"%.3d", 7, "007"},
	{"%.0d", 0, ""},
	{"%5.0d|", 0, "     |"},
	{"%08.3d", 7, "     007"},
	{"%-08d|", 7, "7       |"},
	{"%+.0d", 0, "+"},
	{"%hhd", 300, "44"},
	{"%hhd", 200, "-56"},
	{"%hd", 70000, "4464"},
	{"%hu", -1, "65535"},
	{"%hhu", -1, "255"},
	{"%hhx", 0x1ff, "ff"},
	{"%u", -1, "4294967295"},
	{"%x", 255, "ff"},
	{"%X", 255, "FF"},
	{"%#x", 255, "0xff"},
	{"%#X", 255, "0XFF"},
	{"%#x", 0, "0"},
	{"%#o", 8, "010"},
	{"%#o", 0, "0"},
	{"%o", 8, "10"},
	{"%#.3o", 8, "010"},
	{"%#08x", 255, "0x0000ff"},
	{"%-#8x|", 255, "0xff    |"},
	{"%+u", 5, "5"},
	{"% x", 5, "5"},
	{"%ld", int64(-1), "-1"},
	{"%lu", int64(-1), "18446744073709551615"},
	{"%lx", int64(-1), "ffffffffffffffff"},
	{"%lld", int64(math.MinInt64), "-9223372036854775808"},
	{"%zu", uint64(123), "123"},
	{"%jd", int64(-5), "-5"},
	{"%td", int64(-6), "-6"},
	{"%c", 'A', "A"},
	{"%3c|", 'A', "  A|"},
	{"%-3c|", 'A', "A  |"},
	{"%s", "hello", "hello"},
	{"%.3s", "hello", "hel"},
	{"%8s|", "hi", "      hi|"},
	{"%-8s|", "hi", "hi      |"},
	{"%.0s|", "hi", "|"},
	{"%p", ptr(0x7ffd1234), "0x7ffd1234"},
	{"%p", ptr(0), "(nil)"},
	{"%10p|", ptr(0), "     (nil)|"},
	{"%-16p|", ptr(0x1234), "0x1234          |"},
	{"%20p|", ptr(0xabc), "               0xabc|"},
	{"%f", 3.14159, "3.141590"},
	{"%.2f", 3.14159, "3.14"},
	{"%e", 31415.9, "3.141590e+04"},
	{"%E", 0.000123, "1.230000E-04"},
	{"%g", 0.0001, "0.0001"},
	{"%g", 0.00001, "1e-05"},
	{"%g", 123456.0, "123456"},
	{"%g", 1234567.0, "1.23457e+06"},
	{"%G", 1e-10, "1E-10"},
	{"%#g", 1.0, "1.00000"},
	{"%#.0f", 3.0, "3."},
	{"%#.0e", 3.0, "3.e+00"},
	{"%010.3f", -3.14159, "-00003.142"},
	{"%+.1f", 2.25, "+2.2"},
	{"% .1f", 2.35, " 2.4"},
	{"%-10.2e|", 12345.678, "1.23e+04  |"},
	{"%g", 100.0, "100"},
	{"%.3g", 3.14159, "3.14"},
	{"%.10g", 1.0 / 3, "0.3333333333"},
	{"%f", 1e20, "100000000000000000000.000000"},
	{"%f", math.Copysign(0, -1), "-0.000000"},
	{"%5.1f|", 9.96, " 10.0|"},
	{"%g", 0.0, "0"},
}

func TestAppendMatchesGlibc(t *testing.T) {
	for _, tt := range glibcTests {
		t.Run(tt.format, func(t *testing.T) {
			if got := sprintf(t, tt.format, tt.arg); got != tt.want {
				t.Errorf("printf(%q, %v) = %q, want %q", tt.format, tt.arg, got, tt.want)
			}
		})
	}
}

// Where C and Go agree (64-bit values, so %ld for Go's %d; no '#' on
// integers, no %p/%u/%i), the result must equal fmt.Sprintf.
func TestAppendMatchesFmt(t *testing.T) {
	ints := []int64{0, 1, -1, 7, 42, -42, 255, 1 << 40, -1 << 40, math.MaxInt64, math.MinInt64}
	for _, f := range []string{"%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%.0d", "%08.3d", "%x", "%X", "%o", "%10x", "%-10X|", "%+5d", "% 05d"} {
		for _, n := range ints {
			want := fmt.Sprintf(f, n)
			i := strings.LastIndexAny(f, "dxXo")
			conv := f[:i] + "l" + f[i:]
			if strings.HasSuffix(strings.TrimSuffix(f, "|"), "x") || strings.HasSuffix(strings.TrimSuffix(f, "|"), "X") || strings.HasSuffix(f, "o") {
				if n < 0 {
					continue // Go prints -ff, C the two's complement
				}
			}
			if got := sprintf(t, conv, n); got != want {
				t.Errorf("printf(%q, %d) = %q, fmt says %q", f, n, got, want)
			}
		}
	}
	for _, f := range []string{"%s", "%10s|", "%-10s|", "%.2s", "%5.1s|"} {
		for _, s := range []string{"", "a", "hello", "hello, world"} {
			if got, want := sprintf(t, f, s), fmt.Sprintf(f, s); got != want {
				t.Errorf("printf(%q, %q) = %q, fmt says %q", f, s, got, want)
			}
		}
	}
	for _, f := range []string{"%f", "%.2f", "%e", "%.3e", "%E", "%10.3f|", "%-10.1f|", "%+f", "%.6g", "%.3g", "%.6G", "%010.2f", "%#.6g"} {
		for _, x := range []float64{0, 1, -1, 3.14159, 1e-7, 2.5e10, 123456789, 0.1, -0.5} {
			if got, want := sprintf(t, f, x), fmt.Sprintf(f, x); got != want {
				t.Errorf("printf(%q, %g) = %q, fmt says %q", f, x, got, want)
			}
		}
	}
}

func TestParseFormat(t *testing.T) {
	verbs, err := ParseFormat("a=%d, b=%-08.3lx%%\n")
	if err != nil {
		t.Fatal(err)
	}
	want := []Verb{
		{Lit: "a=", Width: -1, Prec: -1, Start: 0, End: 2},
		{Conv: 'd', Width: -1, Prec: -1, Start: 2, End: 4},
		{Lit: ", b=", Width: -1, Prec: -1, Start: 4, End: 8},
		{Conv: 'x', Flags: FlagMinus | FlagZero, Width: 8, Prec: 3, Length: LenL, Start: 8, End: 16},
		{Lit: "%\n", Width: -1, Prec: -1, Start: 16, End: 19},
	}
	if fmt.Sprint(verbs) != fmt.Sprint(want) {
		t.Errorf("got  %+v\nwant %+v", verbs, want)
	}
	if n := NumArgs(verbs); n != 2 {
		t.Errorf("NumArgs = %d, want 2", n)
	}
	if s := verbs[3].String(); s != "%-08.3lx" {
		t.Errorf("String = %q", s)
	}
	if s := verbs[4].String(); s != "%%\n" {
		t.Errorf("String = %q", s)
	}
	for _, f := range []string{"%hhd", "%hd", "%ld", "%lld", "%zu", "%jd", "%td", "%Lf", "%lf", "%c", "%s", "%p", "%i", "%X", "%#o", "% +-0#5.2d"} {
		if _, err := ParseFormat(f); err != nil {
			t.Errorf("ParseFormat(%q): %v", f, err)
		}
	}
}

func TestParseFormatErrors(t *testing.T) {
	for _, tt := range []struct {
		format   string
		want     string
		off, end int
	}{
		{"abc %", "incomplete conversion at the end of the format", 4, 5},
		{"%l", "incomplete conversion at the end of the format", 0, 2},
		{"x %y", `unknown conversion "%y"`, 2, 4},
		{"%n", "%n is not supported", 0, 2},
		{"%*d", "'*' width is not supported; write the width as a number", 0, 2},
		{"%.*d", "'*' precision is not supported; write the precision as a number", 0, 3},
		{"%ls", `length modifier "l" does not apply to %s`, 0, 3},
		{"%hp", `length modifier "h" does not apply to %p`, 0, 3},
		{"%Ld", `length modifier "L" does not apply to %d`, 0, 3},
		{"%hf", `length modifier "h" does not apply to %f`, 0, 3},
		{"%5%", "a %% conversion cannot have flags, width or precision", 0, 3},
		{"%99999d", "width is too large (at most 4096)", 0, 6},
	} {
		t.Run(tt.format, func(t *testing.T) {
			_, err := ParseFormat(tt.format)
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want *Error", err)
			}
			if fe.Msg != tt.want || fe.Offset != tt.off || fe.End != tt.end {
				t.Errorf("got %q [%d,%d), want %q [%d,%d)", fe.Msg, fe.Offset, fe.End, tt.want, tt.off, tt.end)
			}
		})
	}
}

func TestLengthTruncates(t *testing.T) {
	// raw is as C's default argument promotions leave a value: -1 of any
	// signed type is all ones. The results are glibc's (x86-64).
	for _, tt := range []struct {
		format string
		raw    uint64
		want   string
	}{
		{"%hhd", 300, "44"},
		{"%hu", math.MaxUint64, "65535"},
		{"%d", math.MaxUint32, "-1"},
		{"%d", math.MaxUint64, "-1"},
		{"%u", math.MaxUint64, "4294967295"}, // no modifier: an int's 32 bits
		{"%d", 0x12345678abcdef, "2024525295"},
		{"%lu", math.MaxUint64, "18446744073709551615"},
		{"%d", 0x80, "128"},                   // an unsigned char, promoted
		{"%d", math.MaxUint64 - 0x7f, "-128"}, // a signed char, promoted
		{"%ld", math.MaxUint32, "4294967295"}, // l widens: the raw value is already zero-extended
		// bpftrace's call.printf_length_modifiers.
		{"%hhx", 0x12345678abcdef, "ef"},
		{"%hx", 0x12345678abcdef, "cdef"},
		{"%x", 0x12345678abcdef, "78abcdef"},
		{"%jx", 0x12345678abcdef, "12345678abcdef"},
		{"%lx", 0x12345678abcdef, "12345678abcdef"},
		{"%llx", 0x12345678abcdef, "12345678abcdef"},
		{"%zx", 0x12345678abcdef, "12345678abcdef"},
	} {
		v, err := ParseFormat(tt.format)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(AppendInt(nil, v[0], tt.raw)); got != tt.want {
			t.Errorf("%s of %#x = %q, want %q", tt.format, tt.raw, got, tt.want)
		}
	}
}

// TestJoin checks that a joined format parses to the verbs it was made of,
// which is what the disassembly of a printf event relies on.
func TestJoin(t *testing.T) {
	for _, f := range []string{
		"%d\n", "100%% of %s", "%-08.3lx|%+ d|%#o", "%0-5d", "%5.2Le %G %hhi %c %p", "", "plain",
	} {
		verbs := MustParse(f)
		joined := Join(verbs)
		again, err := ParseFormat(joined)
		if err != nil {
			t.Fatalf("Join(%q) = %q, which does not parse: %v", f, joined, err)
		}
		if len(again) != len(verbs) {
			t.Fatalf("Join(%q) = %q: %d verbs, want %d", f, joined, len(again), len(verbs))
		}
		for i := range verbs {
			a, b := verbs[i], again[i]
			a.Start, a.End, b.Start, b.End = 0, 0, 0, 0
			if a != b {
				t.Errorf("Join(%q) = %q: verb %d is %+v, want %+v", f, joined, i, b, a)
			}
		}
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"%y\") did not panic")
		}
	}()
	MustParse("%y")
}
