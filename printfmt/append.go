package printfmt

import (
	"math"
	"strconv"
)

// AppendInt formats an integer for a %d %i %u %x %X %o conversion and
// appends it to dst. raw holds the value as C's default argument
// promotions leave it: sign-extended from a signed type, zero-extended from
// an unsigned one. A length modifier picks the width the value is cut to,
// and none cuts it to an int's 32 bits, as C's printf and bpftrace's do
// (bpftrace's as_signed_integer and as_unsigned_integer, in
// src/format_string.cpp at e1b7c39, cast to int and unsigned int). A signed
// conversion then sign-extends from that width, an unsigned one
// zero-extends.
func AppendInt(dst []byte, v Verb, raw uint64) []byte {
	bits := v.Length.Bits()
	var neg bool
	u := raw
	if bits < 64 {
		u &= 1<<bits - 1
	}
	if v.Class() == ClassSigned {
		s := int64(u<<(64-bits)) >> (64 - bits) // sign-extend from bits
		if s < 0 {
			neg = true
			u = uint64(-s) // also right for math.MinInt64
		}
	}
	base := 10
	switch v.Conv {
	case 'x', 'X':
		base = 16
	case 'o':
		base = 8
	}
	var buf [24]byte
	digits := buf[:0]
	if !(v.Prec == 0 && u == 0) {
		digits = strconv.AppendUint(digits, u, base)
		if v.Conv == 'X' {
			for i, c := range digits {
				if c >= 'a' && c <= 'f' {
					digits[i] = c - 'a' + 'A'
				}
			}
		}
	}
	zeros := 0
	if v.Prec > len(digits) {
		zeros = v.Prec - len(digits)
	}
	var prefix string
	switch {
	case v.Class() == ClassSigned && neg:
		prefix = "-"
	case v.Class() == ClassSigned && v.Has(FlagPlus):
		prefix = "+"
	case v.Class() == ClassSigned && v.Has(FlagSpace):
		prefix = " "
	case v.Has(FlagSharp) && v.Conv == 'o':
		if zeros == 0 && (len(digits) == 0 || digits[0] != '0') {
			zeros = 1
		}
	case v.Has(FlagSharp) && v.Conv == 'x' && u != 0:
		prefix = "0x"
	case v.Has(FlagSharp) && v.Conv == 'X' && u != 0:
		prefix = "0X"
	}
	n := len(prefix) + zeros + len(digits)
	if v.Prec < 0 && v.Has(FlagZero) && !v.Has(FlagMinus) && v.Width > n {
		zeros += v.Width - n
		n = v.Width
	}
	return pad(dst, v, n, func(dst []byte) []byte {
		dst = append(dst, prefix...)
		dst = appendRepeat(dst, '0', zeros)
		return append(dst, digits...)
	})
}

// AppendChar formats a byte for %c.
func AppendChar(dst []byte, v Verb, c byte) []byte {
	return pad(dst, v, 1, func(dst []byte) []byte { return append(dst, c) })
}

// AppendString formats text for %s: the precision, when given, limits the
// bytes printed.
func AppendString(dst []byte, v Verb, s []byte) []byte {
	if v.Prec >= 0 && v.Prec < len(s) {
		s = s[:v.Prec]
	}
	return pad(dst, v, len(s), func(dst []byte) []byte { return append(dst, s...) })
}

// AppendPointer formats an address for %p as glibc does: 0x and lower-case
// hex digits, and "(nil)" for 0.
func AppendPointer(dst []byte, v Verb, p uint64) []byte {
	if p == 0 {
		nv := v
		nv.Prec = -1
		return AppendString(dst, nv, []byte("(nil)"))
	}
	iv := v
	iv.Conv = 'x'
	iv.Flags |= FlagSharp
	iv.Length = LenL
	return AppendInt(dst, iv, p)
}

// AppendFloat formats f for %f %F %e %E %g %G.
func AppendFloat(dst []byte, v Verb, f float64) []byte {
	prec := v.Prec
	if prec < 0 {
		prec = 6
	}
	var prefix string
	switch {
	case math.Signbit(f) && !math.IsNaN(f):
		prefix = "-"
		f = -f
	case v.Has(FlagPlus):
		prefix = "+"
	case v.Has(FlagSpace):
		prefix = " "
	}
	upper := v.Conv == 'F' || v.Conv == 'E' || v.Conv == 'G'
	var body []byte
	finite := !math.IsInf(f, 0) && !math.IsNaN(f)
	switch {
	case math.IsNaN(f):
		body = []byte("nan")
	case math.IsInf(f, 0):
		body = []byte("inf")
	case v.Conv == 'f' || v.Conv == 'F':
		body = strconv.AppendFloat(nil, f, 'f', prec, 64)
		if v.Has(FlagSharp) && prec == 0 {
			body = append(body, '.')
		}
	case v.Conv == 'e' || v.Conv == 'E':
		body = strconv.AppendFloat(nil, f, 'e', prec, 64)
		if v.Has(FlagSharp) && prec == 0 {
			body = insertDot(body)
		}
	default: // g, G
		body = appendG(nil, f, prec, v.Has(FlagSharp))
	}
	if upper {
		for i, c := range body {
			if c >= 'a' && c <= 'z' {
				body[i] = c - 'a' + 'A'
			}
		}
	}
	zeros := 0
	n := len(prefix) + len(body)
	if finite && v.Has(FlagZero) && !v.Has(FlagMinus) && v.Width > n {
		zeros = v.Width - n
		n = v.Width
	}
	return pad(dst, v, n, func(dst []byte) []byte {
		dst = append(dst, prefix...)
		dst = appendRepeat(dst, '0', zeros)
		return append(dst, body...)
	})
}

// appendG implements C's %g: precision P (0 means 1) significant digits, %e
// style when the exponent X < -4 or X >= P, trailing zeros removed unless #.
func appendG(dst []byte, f float64, prec int, sharp bool) []byte {
	if prec == 0 {
		prec = 1
	}
	e := strconv.AppendFloat(nil, f, 'e', prec-1, 64)
	// Exponent after rounding to prec digits.
	x := 0
	for i := len(e) - 1; i >= 0; i-- {
		if e[i] == 'e' {
			x, _ = strconv.Atoi(string(e[i+1:]))
			break
		}
	}
	var body []byte
	if x < -4 || x >= prec {
		body = e
		if !sharp {
			body = trimFracZeros(body)
		} else if prec == 1 {
			body = insertDot(body)
		}
	} else {
		body = strconv.AppendFloat(nil, f, 'f', prec-1-x, 64)
		if !sharp {
			body = trimFracZeros(body)
		} else if prec-1-x == 0 {
			body = append(body, '.')
		}
	}
	return append(dst, body...)
}

// trimFracZeros removes trailing zeros of the fraction (and a bare '.')
// before any exponent.
func trimFracZeros(b []byte) []byte {
	end := len(b)
	for i, c := range b {
		if c == 'e' {
			end = i
			break
		}
	}
	mant, exp := b[:end], b[end:]
	dot := -1
	for i, c := range mant {
		if c == '.' {
			dot = i
		}
	}
	if dot < 0 {
		return b
	}
	j := len(mant)
	for j > dot+1 && mant[j-1] == '0' {
		j--
	}
	if j == dot+1 {
		j = dot
	}
	out := append([]byte{}, mant[:j]...)
	return append(out, exp...)
}

// insertDot turns "1e+05" into "1.e+05" (the '#' flag with no fraction).
func insertDot(b []byte) []byte {
	for i, c := range b {
		if c == 'e' {
			out := append([]byte{}, b[:i]...)
			out = append(out, '.')
			return append(out, b[i:]...)
		}
	}
	return append(b, '.')
}

// pad writes body (n bytes, produced by write) justified in v's width.
func pad(dst []byte, v Verb, n int, write func([]byte) []byte) []byte {
	fill := 0
	if v.Width > n {
		fill = v.Width - n
	}
	if v.Has(FlagMinus) {
		dst = write(dst)
		return appendRepeat(dst, ' ', fill)
	}
	dst = appendRepeat(dst, ' ', fill)
	return write(dst)
}

func appendRepeat(dst []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, c)
	}
	return dst
}

// AppendBuf appends bytes as bpftrace's %r prints a buf(): printable ASCII
// as it is and other bytes as \xNN; with BufMode 'x' every byte as \xNN,
// with 'h' every byte as two hex digits, separated by spaces.
func AppendBuf(dst []byte, v Verb, b []byte) []byte {
	const hex = "0123456789abcdef"
	var out []byte
	for i, c := range b {
		switch {
		case v.BufMode == 'h':
			if i > 0 {
				out = append(out, ' ')
			}
			out = append(out, hex[c>>4], hex[c&15])
		case v.BufMode == 0 && c >= 0x20 && c < 0x7f:
			out = append(out, c)
		default:
			out = append(out, '\\', 'x', hex[c>>4], hex[c&15])
		}
	}
	return pad(dst, v, len(out), func(d []byte) []byte { return append(d, out...) })
}
