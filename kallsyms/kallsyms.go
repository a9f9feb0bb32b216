// Package kallsyms looks kernel symbols up in /proc/kallsyms, for the
// functions of the language that name the kernel's addresses (kaddr()).
// gs reads no kernel memory with them: an address is a number.
package kallsyms

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Path is the kernel's symbol table (proc(5), /proc/kallsyms): one
// "ADDRESS TYPE NAME [MODULE]" line a symbol, addresses in hex.
const Path = "/proc/kallsyms"

// ErrHidden: the kernel shows every address as 0 (kernel.kptr_restrict,
// or a reader without CAP_SYSLOG).
var ErrHidden = errors.New("the kernel hides its symbols' addresses (kernel.kptr_restrict)")

// Lookup returns the address of the kernel symbol name, and whether it
// is there.
func Lookup(name string) (uint64, bool, error) {
	f, err := os.Open(Path)
	if err != nil {
		return 0, false, fmt.Errorf("open kernel symbols: %w", err)
	}
	defer f.Close()
	return lookup(f, name)
}

func lookup(r io.Reader, name string) (uint64, bool, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	nonzero := false
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			continue
		}
		addr, err := strconv.ParseUint(fields[0], 16, 64)
		if err != nil {
			return 0, false, fmt.Errorf("read kernel symbols: address %q: %w", fields[0], err)
		}
		nonzero = nonzero || addr != 0
		if fields[2] == name {
			if addr == 0 {
				return 0, false, ErrHidden
			}
			return addr, true, nil
		}
	}
	if err := sc.Err(); err != nil {
		return 0, false, fmt.Errorf("read kernel symbols: %w", err)
	}
	if !nonzero {
		return 0, false, ErrHidden
	}
	return 0, false, nil
}
