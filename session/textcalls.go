package session

import (
	"encoding/binary"
	"strconv"
	"strings"
	"syscall"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/printfmt"
)

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

// bufSlot returns a buf() slot's bytes, or the address its read failed at.
func bufSlot(t *ir.Type, b []byte) ([]byte, *uint64) {
	if len(b) < ir.StrHeader {
		return []byte("<malformed>"), nil
	}
	n := int(binary.LittleEndian.Uint16(b))
	if b[2]&ir.StrFault != 0 {
		addr := binary.LittleEndian.Uint64(b[8:])
		return nil, &addr
	}
	text := b[ir.StrHeader:]
	return text[:min(n, t.Cap, len(text))], nil
}

// appendBuf appends a buf()'s bytes as print() shows them: %r's escapes.
func appendBuf(dst, b []byte) []byte { return printfmt.AppendBuf(dst, printfmt.Verb{}, b) }
