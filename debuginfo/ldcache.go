package debuginfo

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"sort"
	"strings"
)

// ldCache is the new-format (glibc-ld.so.cache1.1) part of /etc/ld.so.cache.
type ldCache struct {
	entries map[string]string // soname → path
}

func readLdCache(path string) (*ldCache, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	const magicNew = "glibc-ld.so.cache1.1"
	i := bytes.Index(data, []byte(magicNew))
	if i < 0 {
		return nil, errors.New("ld.so.cache: no new-format header")
	}
	hdr := data[i:]
	if len(hdr) < 48 {
		return nil, errors.New("ld.so.cache: short header")
	}
	n := binary.LittleEndian.Uint32(hdr[20:])
	const entSize = 24 // flags i32, key u32, value u32, osversion u32, hwcap u64
	strBase := i       // string offsets are relative to the new header
	ents := hdr[48:]
	c := &ldCache{entries: map[string]string{}}
	str := func(off uint32) string {
		o := strBase + int(off)
		if o < 0 || o >= len(data) {
			return ""
		}
		end := bytes.IndexByte(data[o:], 0)
		if end < 0 {
			return ""
		}
		return string(data[o : o+end])
	}
	for k := uint32(0); k < n && int(k+1)*entSize <= len(ents); k++ {
		e := ents[k*entSize:]
		flags := int32(binary.LittleEndian.Uint32(e[0:]))
		if flags&0xff00 != 0x0300 { // FLAG_X8664_LIB64: skip other architectures' libraries
			continue
		}
		key, val := str(binary.LittleEndian.Uint32(e[4:])), str(binary.LittleEndian.Uint32(e[8:]))
		if key != "" && val != "" {
			if _, dup := c.entries[key]; !dup {
				c.entries[key] = val
			}
		}
	}
	return c, nil
}

// lookup finds the path for a soname prefix ("libc.so" matches "libc.so.6").
func (c *ldCache) lookup(prefix string) string {
	if p, ok := c.entries[prefix]; ok {
		return p
	}
	var keys []string
	for k := range c.entries {
		if strings.HasPrefix(k, prefix+".") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		return c.entries[keys[0]]
	}
	return ""
}
