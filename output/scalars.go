package output

import (
	"encoding/binary"
	"math"
	"math/big"
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

// appendFloatShortest prints a Float in %g's shape with the shortest
// digits that read back (Rust's {:?} where it has no shape of its own).
func appendFloatShortest(dst []byte, v *Value) []byte {
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

// appendFloat prints a Float as gdb's print does: %g with as many
// significant digits as the format needs to read back (gdb's
// floatformat_printf_format: 9 for a float, 17 for a double, 21 for the
// x87 long double, exactly through math/big), inf and -inf, and a NaN
// with its mantissa bits in hex, nan(0x8000000000000), as gdb's
// floatformat_mantissa writes them. v.Text holds the float's bytes.
func appendFloat(dst []byte, v *Value) []byte {
	b := v.Text
	var neg, inf, nan bool
	var mant uint64 // a NaN's mantissa bits
	var mantBits int
	switch len(b) {
	case 4:
		u := binary.LittleEndian.Uint32(b)
		neg, mant, mantBits = u>>31 != 0, uint64(u&(1<<23-1)), 23
		inf, nan = u>>23&0xff == 0xff && mant == 0, u>>23&0xff == 0xff && mant != 0
		if !inf && !nan {
			return strconv.AppendFloat(dst, float64(math.Float32frombits(u)), 'g', 9, 64)
		}
	case 8:
		u := binary.LittleEndian.Uint64(b)
		neg, mant, mantBits = u>>63 != 0, u&(1<<52-1), 52
		inf, nan = u>>52&0x7ff == 0x7ff && mant == 0, u>>52&0x7ff == 0x7ff && mant != 0
		if !inf && !nan {
			return strconv.AppendFloat(dst, math.Float64frombits(u), 'g', 17, 64)
		}
	case 10, 12, 16:
		// The x87 80-bit format: a 64-bit mantissa with its integer bit,
		// a 15-bit exponent and the sign, padded to 12 or 16 bytes.
		m := binary.LittleEndian.Uint64(b)
		se := binary.LittleEndian.Uint16(b[8:])
		exp := int(se & 0x7fff)
		neg, mant, mantBits = se&0x8000 != 0, m, 64
		inf, nan = exp == 0x7fff && m<<1 == 0, exp == 0x7fff && m<<1 != 0
		if !inf && !nan {
			if m == 0 && neg {
				return append(dst, "-0"...)
			}
			if exp == 0 {
				exp = 1 // a denormal
			}
			f := new(big.Float).SetPrec(64).SetUint64(m)
			f.SetMantExp(f, exp-16383-63)
			if neg {
				f.Neg(f)
			}
			return f.Append(dst, 'g', 21)
		}
	default:
		return appendFloatShortest(dst, v)
	}
	if neg {
		dst = append(dst, '-')
	}
	if inf {
		return append(dst, "inf"...)
	}
	// gdb's floatformat_mantissa: the top mantBits%32 bits (or 32) in %x,
	// then each further 32 bits in %08x.
	top := mantBits % 32
	if top == 0 {
		top = 32
	}
	dst = append(dst, "nan(0x"...)
	dst = strconv.AppendUint(dst, mant>>(mantBits-top), 16)
	for left := mantBits - top; left > 0; left -= 32 {
		w := strconv.FormatUint(mant>>(left-32)&(1<<32-1), 16)
		dst = append(dst, "00000000"[len(w):]...)
		dst = append(dst, w...)
	}
	return append(dst, ')')
}

// appendCChar prints a C char (char, signed char, unsigned char and
// their typedefs int8_t, uint8_t) as gdb does: its number, signed unless
// the type is unsigned, then the character: 65 'A', 200 '\310', -3 '\375'.
func appendCChar(dst []byte, unsigned bool, c byte) []byte {
	if unsigned {
		dst = strconv.AppendUint(dst, uint64(c), 10)
	} else {
		dst = strconv.AppendInt(dst, int64(int8(c)), 10)
	}
	return appendQuoted(append(dst, ' '), []byte{c}, '\'')
}

// appendQuoted writes s between quote characters with gdb's C escapes; valid
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
		case '\a':
			dst = append(dst, `\a`...)
		case '\b':
			dst = append(dst, `\b`...)
		case '\f':
			dst = append(dst, `\f`...)
		case '\v':
			dst = append(dst, `\v`...)
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

// appendSignal appends the description of the signal in s's low 32
// bits (signal_name casts to int32), as bpftrace's signal_name prints
// it: glibc's strsignal for 1 to 31 and the real-time signals 34 to 64
// ("Real-time signal 0" is 34, glibc's SIGRTMIN), "Unknown signal N" for
// 0, 32 and 33 (glibc's own), "N/A" for other numbers. The table is
// bpftrace's (src/stdlib/strings/signal.h at e1b7c39).
func appendSignal(dst []byte, s uint64) []byte {
	n := int64(int32(s))
	switch {
	case n >= 1 && n < int64(len(signalNames)):
		return append(dst, signalNames[n]...)
	case n == 0 || n == 32 || n == 33:
		return strconv.AppendInt(append(dst, "Unknown signal "...), n, 10)
	case n >= 34 && n <= 64:
		return strconv.AppendInt(append(dst, "Real-time signal "...), n-34, 10)
	}
	return append(dst, "N/A"...)
}

// signalNames are glibc's strsignal texts of signals 1 to 31 (index 0
// unused).
var signalNames = [...]string{"", "Hangup", "Interrupt", "Quit", "Illegal instruction",
	"Trace/breakpoint trap", "Aborted", "Bus error", "Floating point exception", "Killed",
	"User defined signal 1", "Segmentation fault", "User defined signal 2", "Broken pipe",
	"Alarm clock", "Terminated", "Stack fault", "Child exited", "Continued", "Stopped (signal)",
	"Stopped", "Stopped (tty input)", "Stopped (tty output)", "Urgent I/O condition",
	"CPU time limit exceeded", "File size limit exceeded", "Virtual timer expired",
	"Profiling timer expired", "Window changed", "I/O possible", "Power failure", "Bad system call"}

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

// appendMac appends the MAC address in a's low six bytes, first byte in
// memory first, as bpftrace's macaddr prints it ("%02X:...").
func appendMac(dst []byte, a uint64) []byte {
	const hex = "0123456789ABCDEF"
	for i := range 6 {
		if i > 0 {
			dst = append(dst, ':')
		}
		b := a >> (8 * i) & 0xff
		dst = append(dst, hex[b>>4], hex[b&0xf])
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
