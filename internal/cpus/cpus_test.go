package cpus

import (
	"os"
	"runtime"
	"slices"
	"testing"

	"golang.org/x/sys/unix"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []int
	}{
		{"0\n", []int{0}},
		{"0-3\n", []int{0, 1, 2, 3}},
		{"0-1,4,6-7", []int{0, 1, 4, 6, 7}},
	} {
		got, err := Parse(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "a", "3-1", "1-"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// TestOnline checks the list against the CPUs this process may run on
// (its affinity mask is a subset of the online CPUs).
func TestOnline(t *testing.T) {
	got, err := Online()
	if err != nil {
		t.Fatal(err)
	}
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(os.Getpid(), &set); err != nil {
		t.Fatal(err)
	}
	for c := 0; c < runtime.NumCPU()*4 && c < 1024; c++ {
		if set.IsSet(c) && !slices.Contains(got, c) {
			t.Errorf("CPU %d runs this process but is not in Online() = %v", c, got)
		}
	}
	if len(got) < set.Count() {
		t.Errorf("Online() = %v, fewer than the %d CPUs of the affinity mask", got, set.Count())
	}
}
