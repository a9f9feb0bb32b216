package sema

import (
	"syscall"

	"golang.org/x/sys/unix"
)

// errnos are the kernel's errno constants by name (EPERM = 1), which
// bpftrace scripts take from errno.h (`--include errno.h`): from
// golang.org/x/sys/unix's tables, generated from the kernel's uapi
// headers (asm-generic/errno-base.h, errno.h) for this architecture. A
// program name or a script's enumerator of the same name wins.
var errnos = func() map[string]int64 {
	m := map[string]int64{}
	for e := 1; e < 4096; e++ {
		if n := unix.ErrnoName(syscall.Errno(e)); n != "" {
			m[n] = int64(e)
		}
	}
	return m
}()
