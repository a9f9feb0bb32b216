package output

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/gs-tracer/gs/printfmt"
	"golang.org/x/sys/unix"
)

const hexDigits = "0123456789abcdef"

func appendHex(dst []byte, u uint64) []byte {
	dst = append(dst, "0x"...)
	return strconv.AppendUint(dst, u, 16)
}

// appendBigHex prints the little-endian integer b (__int128 and other odd
// sizes) as one hex number.
func appendBigHex(dst []byte, b []byte) []byte {
	dst = append(dst, "0x"...)
	for i := len(b) - 1; i >= 0; i-- {
		dst = append(dst, hexDigits[b[i]>>4], hexDigits[b[i]&15])
	}
	return dst
}

func appendReadError(dst []byte, addr uint64) []byte {
	dst = append(dst, "<read error at "...)
	dst = appendHex(dst, addr)
	return append(dst, '>')
}

// appendFloat prints a Float as gdb does (%g with enough digits to read
// it back), using the shortest digits that round-trip.
func appendFloat(dst []byte, v *Value) []byte {
	f, bits := v.F, v.Bits
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	}
	e := strconv.AppendFloat(nil, f, 'e', -1, bits)
	x := 0
	for i := len(e) - 1; i >= 0; i-- {
		if e[i] == 'e' {
			x, _ = strconv.Atoi(string(e[i+1:]))
			break
		}
	}
	if x < -4 || x >= 17 {
		return append(dst, e...)
	}
	return strconv.AppendFloat(dst, f, 'f', -1, bits)
}

// appendQuoted writes s between quote characters with C escapes; valid
// UTF-8 passes through, other bytes become octal escapes as in gdb.
func appendQuoted(dst []byte, s []byte, quote byte) []byte {
	dst = append(dst, quote)
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(s[i:])
			if r != utf8.RuneError || n > 1 {
				dst = append(dst, s[i:i+n]...)
				i += n
				continue
			}
		}
		i++
		switch c {
		case '\n':
			dst = append(dst, `\n`...)
		case '\t':
			dst = append(dst, `\t`...)
		case '\r':
			dst = append(dst, `\r`...)
		case 0:
			dst = append(dst, `\0`...)
		case '\\':
			dst = append(dst, `\\`...)
		case quote:
			dst = append(dst, '\\', c)
		default:
			if c < 0x20 || c >= 0x7f {
				dst = append(dst, '\\', '0'+c>>6, '0'+(c>>3)&7, '0'+c&7)
			} else {
				dst = append(dst, c)
			}
		}
	}
	return append(dst, quote)
}

// appendErrno appends the C library's message for errno e, as strerror
// prints it: "Success" for 0, "Unknown error N" for a number it has no
// message for. Go's table holds glibc's messages without their capital.
func appendErrno(dst []byte, e uint64) []byte {
	n := int64(e)
	if n == 0 {
		return append(dst, "Success"...)
	}
	if n < 0 || n > 4095 {
		return strconv.AppendInt(append(dst, "Unknown error "...), n, 10)
	}
	msg := syscall.Errno(n).Error()
	if strings.HasPrefix(msg, "errno ") {
		return strconv.AppendInt(append(dst, "Unknown error "...), n, 10)
	}
	return append(append(dst, strings.ToUpper(msg[:1])...), msg[1:]...)
}

// appendInet appends the IPv4 address in a's low four bytes, first byte
// in memory (little-endian: the lowest) first, as ntop prints it.
func appendInet(dst []byte, a uint64) []byte {
	for i := range 4 {
		if i > 0 {
			dst = append(dst, '.')
		}
		dst = strconv.AppendUint(dst, a>>(8*i)&0xff, 10)
	}
	return dst
}

// monoEpoch is the wall-clock time at which CLOCK_MONOTONIC was 0, read
// once so that every strftime() of a run agrees (two timestamps 123 µs
// apart print 123 µs apart).
var monoEpoch = sync.OnceValue(func() time.Time {
	var ts unix.Timespec
	now := time.Now()
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return now
	}
	return now.Add(-time.Duration(ts.Nano()))
})

// appendTime formats ns, nanoseconds of CLOCK_MONOTONIC (nsecs), as the
// local time of format (strftime()).
func appendTime(dst []byte, format string, ns uint64) []byte {
	return append(dst, printfmt.Strftime(format, monoEpoch().Add(time.Duration(ns)))...)
}
