package printfmt

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"
)

// FuzzPrintf parses random formats and formats random arguments with every
// conversion. Nothing may panic; a parse error is an *Error inside the
// format; the pieces of a good format tile it and print back to an
// equivalent format.
func FuzzPrintf(f *testing.F) {
	for _, s := range []string{
		"", "plain", "%%", "%d", "%-5hhd|%+.3lu|%#o", "%08.3f %e %G %g", "%s %c %p", "%x %X %lld %zu %jd %td",
		"%Lf %lf", "%", "%y", "%*d", "%.*s", "%n", "%5", "%-+ #0d", "%4096d", "%4097d", "%.99999s",
		"%hhs", "%Ld", "100%% done\n", "%1$d", "\x00%\xff",
	} {
		f.Add(s, uint64(0x8000000000000000), []byte("text"))
		f.Add(s, uint64(math.Float64bits(math.NaN())), []byte(nil))
	}
	f.Fuzz(func(t *testing.T, format string, raw uint64, text []byte) {
		verbs, err := ParseFormat(format)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not an *Error", err)
			}
			if fe.Offset < 0 || fe.Offset > fe.End || fe.End > len(format) {
				t.Fatalf("error %v: [%d, %d) is outside the %d-byte format", err, fe.Offset, fe.End, len(format))
			}
			return
		}
		var back strings.Builder
		end := 0
		var dst []byte
		for _, v := range verbs {
			if v.Start != end || v.End < v.Start || v.End > len(format) {
				t.Fatalf("piece %q at [%d, %d), want it to start at %d in %q", v.String(), v.Start, v.End, end, format)
			}
			end = v.End
			back.WriteString(v.String())
			if v.Width > maxWidth || v.Prec > maxWidth {
				t.Fatalf("piece %q has width %d, precision %d over %d", v.String(), v.Width, v.Prec, maxWidth)
			}
			switch v.Class() {
			case ClassSigned, ClassUnsigned:
				dst = AppendInt(dst[:0], v, raw)
			case ClassChar:
				dst = AppendChar(dst[:0], v, byte(raw))
			case ClassString:
				dst = AppendString(dst[:0], v, text)
			case ClassPointer:
				dst = AppendPointer(dst[:0], v, raw)
			case ClassFloat:
				dst = AppendFloat(dst[:0], v, math.Float64frombits(raw))
				dst = AppendFloat(dst[:0], v, float64(int64(raw)))
				if len(text) >= 8 {
					dst = AppendFloat(dst[:0], v, math.Float64frombits(binary.LittleEndian.Uint64(text)))
				}
			}
			if len(dst) > 2*maxWidth+64 {
				t.Fatalf("%q printed %d bytes", v.String(), len(dst))
			}
		}
		if end != len(format) {
			t.Fatalf("pieces end at %d of the %d-byte format %q", end, len(format), format)
		}
		again, err := ParseFormat(back.String())
		if err != nil {
			t.Fatalf("%q printed back as %q, which does not parse: %v", format, back.String(), err)
		}
		if NumArgs(again) != NumArgs(verbs) {
			t.Fatalf("%q printed back as %q takes %d arguments, not %d", format, back.String(), NumArgs(again), NumArgs(verbs))
		}
	})
}
