package debuginfo

import (
	"crypto/sha1"
	"debug/elf"
	"fmt"
	"os"
	"syscall"
)

// FrameID returns the 20-byte id user stack frames name the module at
// path by (bpf/c/unwind.h writes it into every frame; the symbolizer maps
// it back to the file): its GNU build id, zero-padded as the kernel's
// build-id frames are, or, for a file without one (musl-gcc links without
// --build-id), a digest of the file's device, inode, size and
// modification time, which the runtime and the symbolizer compute alike
// from the same file. ok is false when neither can be had.
func FrameID(f *elf.File, path string) (id [20]byte, ok bool) {
	if b := ReadBuildID(f); len(b) > 0 && len(b) <= len(id) {
		copy(id[:], b)
		return id, true
	}
	fi, err := os.Stat(path)
	if err != nil {
		return id, false
	}
	st, isStat := fi.Sys().(*syscall.Stat_t)
	if !isStat {
		return id, false
	}
	return sha1.Sum(fmt.Appendf(nil, "gs file %d %d %d %d", st.Dev, st.Ino, st.Size, fi.ModTime().UnixNano())), true
}
