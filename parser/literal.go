package parser

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// litError is a problem in a literal, at bytes [start, end) of its text.
type litError struct {
	start, end int
	msg        string
	hint       string
}

// parseInt parses an integer literal as C writes it: decimal, hex 0x,
// octal 0, binary 0b, with an optional u/l suffix (u, l, ul, lu, ll, ull,
// llu in either case).
//
// bpftrace's forms are accepted too: `_` between digits (1_000), a
// decimal exponent (2e3) and a duration suffix (ns us ms s m h d), which
// makes the value nanoseconds (1ms is 1000000).
func parseInt(text string) (uint64, *litError) {
	if v, ok, err := parseBpftraceInt(text); ok {
		return v, err
	}
	whole := &litError{0, len(text), fmt.Sprintf("invalid integer literal %q", text), ""}
	digits := strings.TrimRight(text, "uUlL")
	if suffix := strings.ToLower(text[len(digits):]); suffix != "" {
		switch suffix {
		case "u", "l", "ul", "lu", "ll", "ull", "llu":
		default:
			return 0, &litError{len(digits), len(text), fmt.Sprintf("invalid suffix %q on integer literal", text[len(digits):]), ""}
		}
	}
	base, body, kind := 10, digits, "decimal"
	switch {
	case len(digits) >= 2 && (digits[:2] == "0x" || digits[:2] == "0X"):
		base, body, kind = 16, digits[2:], "hexadecimal"
	case len(digits) >= 2 && (digits[:2] == "0b" || digits[:2] == "0B"):
		base, body, kind = 2, digits[2:], "binary"
	case len(digits) >= 2 && digits[0] == '0':
		base, body, kind = 8, digits[1:], "octal"
	}
	if body == "" {
		return 0, whole
	}
	var v uint64
	overflow := false
	for i := 0; i < len(body); i++ {
		d := digitVal(body[i])
		if d >= base {
			at := len(digits) - len(body) + i
			if d > 15 {
				return 0, whole
			}
			return 0, &litError{at, at + 1, fmt.Sprintf("invalid digit %q in %s literal", body[i:i+1], kind), ""}
		}
		hi, lo := bits.Mul64(v, uint64(base))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		if hi != 0 || carry != 0 {
			overflow = true
		}
		v = lo
	}
	if overflow {
		return 0, &litError{0, len(text), fmt.Sprintf("integer literal %s overflows 64 bits", text),
			"the largest integer is 18446744073709551615 (0xffffffffffffffff)"}
	}
	return v, nil
}

// durations are the nanoseconds of each duration suffix.
var durations = []struct {
	suffix string
	ns     uint64
}{
	{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"m", 60e9}, {"h", 3600e9}, {"d", 86400e9},
}

// parseBpftraceInt parses the literals C does not have: decimal digits
// with `_` separators, an exponent or a duration suffix. ok is false when
// text is none of these.
func parseBpftraceInt(text string) (v uint64, ok bool, err *litError) {
	digits := strings.TrimRight(text, "abcdefghijklmnopqrstuvwxyz")
	suffix := text[len(digits):]
	mult := uint64(1)
	switch {
	case suffix == "" && !strings.Contains(text, "_") && !strings.Contains(text, "e"):
		return 0, false, nil
	case suffix != "":
		found := false
		for _, d := range durations {
			if d.suffix == suffix {
				mult, found = d.ns, true
			}
		}
		if !found || strings.ContainsAny(digits, "e") {
			return 0, false, nil
		}
	}
	if len(digits) > 1 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X' || digits[1] == 'b' || digits[1] == 'B') {
		return 0, false, nil
	}
	mant, e10, hasExp := strings.Cut(digits, "e")
	if hasExp && (e10 == "" || strings.Trim(e10, "0123456789") != "") {
		return 0, false, nil
	}
	if mant == "" || mant[0] == '_' || mant[len(mant)-1] == '_' || strings.Contains(mant, "__") ||
		strings.Trim(mant, "0123456789_") != "" {
		return 0, true, &litError{0, len(text), fmt.Sprintf("invalid integer literal %q", text),
			"write digits with single underscores between them, e.g. 1_000_000"}
	}
	over := &litError{0, len(text), fmt.Sprintf("integer literal %s overflows 64 bits", text),
		"the largest integer is 18446744073709551615 (0xffffffffffffffff)"}
	for i := 0; i < len(mant); i++ {
		if mant[i] == '_' {
			continue
		}
		hi, lo := bits.Mul64(v, 10)
		lo, carry := bits.Add64(lo, uint64(mant[i]-'0'), 0)
		if hi != 0 || carry != 0 {
			return 0, true, over
		}
		v = lo
	}
	if hasExp && v != 0 {
		n, err := strconv.Atoi(e10)
		if err != nil || n > 19 {
			return 0, true, over
		}
		for ; n > 0; n-- {
			hi, lo := bits.Mul64(v, 10)
			if hi != 0 {
				return 0, true, over
			}
			v = lo
		}
	}
	hi, lo := bits.Mul64(v, mult)
	if hi != 0 {
		return 0, true, over
	}
	return lo, true, nil
}

// digitVal returns the value of hex digit c, or 99 when c is no digit.
func digitVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// unquote decodes the C escapes in body, the text of a string or character
// literal between its quotes. It returns every bad escape it finds; offsets
// are relative to body.
func unquote(body string) (string, []*litError) {
	if strings.IndexByte(body, '\\') < 0 {
		return body, nil
	}
	var b strings.Builder
	var errs []*litError
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(body) {
			// A lone backslash at the end of an unterminated literal.
			errs = append(errs, &litError{i, i + 1, `incomplete escape sequence "\"`, ""})
			break
		}
		e := body[i+1]
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case 'e':
			b.WriteByte(0x1b)
		case '\\', '"', '\'', '?':
			b.WriteByte(e)
		case 'x':
			j := i + 2
			for j < len(body) && j < i+4 && digitVal(body[j]) < 16 {
				j++
			}
			if j == i+2 {
				errs = append(errs, &litError{i, j, `"\x" needs hex digits`, `write a byte as \xHH, e.g. \x1b`})
				i = j
				continue
			}
			var v byte
			for _, d := range []byte(body[i+2 : j]) {
				v = v<<4 | byte(digitVal(d))
			}
			b.WriteByte(v)
			i = j
			continue
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i + 1
			v := 0
			for j < len(body) && j < i+4 && body[j] >= '0' && body[j] <= '7' {
				v = v*8 + int(body[j]-'0')
				j++
			}
			if v > 255 {
				errs = append(errs, &litError{i, j, `octal escape "` + body[i:j] + `" is larger than 255`, ""})
			}
			b.WriteByte(byte(v))
			i = j
			continue
		default:
			_, size := utf8.DecodeRuneInString(body[i+1:])
			n := 1 + size
			errs = append(errs, &litError{i, i + n, `unknown escape sequence "` + body[i:i+n] + `"`,
				`known escapes: \n \t \r \\ \" \' \0 \xHH \ooo`})
			i += n
			continue
		}
		i += 2
	}
	return b.String(), errs
}
