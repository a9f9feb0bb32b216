// Package cpus lists the CPUs that are online, from the kernel's list
// /sys/devices/system/cpu/online (Documentation/ABI/testing/sysfs-devices-system-cpu:
// ranges and single numbers, comma-separated, "0-3,5").
package cpus

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// onlinePath is the kernel's list of online CPUs.
const onlinePath = "/sys/devices/system/cpu/online"

// Online returns the online CPUs, in increasing order.
func Online() ([]int, error) {
	b, err := os.ReadFile(onlinePath)
	if err != nil {
		return nil, fmt.Errorf("read online CPUs: %w", err)
	}
	return Parse(string(b))
}

// Parse reads a CPU list such as "0-3,5\n".
func Parse(s string) ([]int, error) {
	var out []int
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, fmt.Errorf("parse CPU list: empty")
	}
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("parse CPU list %q: %w", s, err)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("parse CPU list %q: %w", s, err)
			}
		}
		if b < a || a < 0 {
			return nil, fmt.Errorf("parse CPU list %q: bad range %q", s, part)
		}
		for c := a; c <= b; c++ {
			out = append(out, c)
		}
	}
	return out, nil
}
