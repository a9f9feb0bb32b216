package sema

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestOnlineCPUs checks ncpus against getconf's count of online CPUs.
func TestOnlineCPUs(t *testing.T) {
	out, err := exec.Command("getconf", "_NPROCESSORS_ONLN").Output()
	if err != nil {
		t.Fatal(err)
	}
	want, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	if got := onlineCPUs(); got != want {
		t.Errorf("onlineCPUs() = %d, getconf says %d", got, want)
	}
}
