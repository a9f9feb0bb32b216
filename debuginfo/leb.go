package debuginfo

// The one LEB128 reader of DWARF's variable-length numbers (expressions,
// CFI, abbreviations, DIE attributes).

// leb reads the LEB128 at b[i:]: its low 64 bits, how many bits it
// encodes (7 a byte) and the index after it; !ok, with next len(b), when
// b ends inside it. Bits past 64 are dropped.
func leb(b []byte, i int) (v uint64, bits uint, next int, ok bool) {
	for i < len(b) {
		c := b[i]
		i++
		if bits < 64 {
			v |= uint64(c&0x7f) << bits
		}
		bits += 7
		if c&0x80 == 0 {
			return v, bits, i, true
		}
	}
	return 0, 0, len(b), false
}

// uleb reads an unsigned LEB128 at b[i:] (leb).
func uleb(b []byte, i int) (v uint64, next int, ok bool) {
	v, _, next, ok = leb(b, i)
	return v, next, ok
}

// sleb reads a signed LEB128 at b[i:] (leb): its last byte's bit 6 is
// the sign.
func sleb(b []byte, i int) (v int64, next int, ok bool) {
	u, bits, next, ok := leb(b, i)
	if ok && bits < 64 && u&(1<<(bits-1)) != 0 {
		u |= ^uint64(0) << bits
	}
	return int64(u), next, ok
}
