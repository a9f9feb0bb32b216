package procmaps

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Image identifies the program image a process runs: two fields of its
// mm_struct that every exec sets anew (where its stack and its arguments
// start, randomized with the stack), as /proc/PID/stat shows them
// (proc(5): startstack is field 28, arg_start field 48, since Linux 3.5;
// 0 unless the reader may ptrace the process). The kernel side of gs
// reads the same two fields (bpf/c/interp.bpf.c, struct bias_val).
type Image struct {
	StartStack, ArgStart uint64
}

// ReadImage reads the Image of process pid.
func ReadImage(pid int) (Image, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return Image{}, fmt.Errorf("read image: %w", err)
	}
	return ParseImage(string(b))
}

// ParseImage reads an Image from the text of /proc/PID/stat. The command
// name (field 2) is in parentheses and may hold spaces and parentheses:
// the fields after it start after its last ')'.
func ParseImage(stat string) (Image, error) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return Image{}, fmt.Errorf("parse stat: no command name")
	}
	f := strings.Fields(stat[i+1:]) // f[0] is field 3
	field := func(n int) (uint64, error) {
		if n-3 >= len(f) {
			return 0, fmt.Errorf("parse stat: %d fields, want %d", len(f)+2, n)
		}
		return strconv.ParseUint(f[n-3], 10, 64)
	}
	var im Image
	var err error
	if im.StartStack, err = field(28); err != nil {
		return Image{}, err
	}
	if im.ArgStart, err = field(48); err != nil {
		return Image{}, err
	}
	return im, nil
}
