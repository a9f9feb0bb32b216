package debuginfo

import "testing"

// TestLEB128 reads the examples of DWARF 5's figures 22 and 23, and a
// number cut short.
func TestLEB128(t *testing.T) {
	for _, tt := range []struct {
		b []byte
		u uint64
	}{{[]byte{2}, 2}, {[]byte{127}, 127}, {[]byte{0x80, 1}, 128}, {[]byte{0x81, 1}, 129}, {[]byte{0x82, 1}, 130}, {[]byte{0xb9, 0x64}, 12857}} {
		if v, next, ok := uleb(tt.b, 0); v != tt.u || next != len(tt.b) || !ok {
			t.Errorf("uleb(% x) = %d, %d, %v, want %d", tt.b, v, next, ok, tt.u)
		}
	}
	for _, tt := range []struct {
		b []byte
		s int64
	}{{[]byte{2}, 2}, {[]byte{0x7e}, -2}, {[]byte{0xff, 0}, 127}, {[]byte{0x81, 0x7f}, -127}, {[]byte{0x80, 1}, 128}, {[]byte{0x80, 0x7f}, -128}, {[]byte{0x81, 1}, 129}, {[]byte{0xff, 0x7e}, -129}} {
		if v, next, ok := sleb(tt.b, 0); v != tt.s || next != len(tt.b) || !ok {
			t.Errorf("sleb(% x) = %d, %d, %v, want %d", tt.b, v, next, ok, tt.s)
		}
	}
	if _, next, ok := uleb([]byte{0, 0x80, 0x80}, 1); ok || next != 3 {
		t.Errorf("a cut LEB128 read as whole (next %d)", next)
	}
	r := &exprReader{b: []byte{0x80}}
	if r.sleb(); r.err != errShort || len(r.b) != 0 {
		t.Errorf("exprReader: err %v, %d bytes left", r.err, len(r.b))
	}
}
