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

// TestCallHints: every function gs implements is offered by "did you
// mean" (has_key was not, when the hint list was apart from the
// dispatch), and every name the hints offer is dispatched, not unknown,
// and checked without a crash when called with no arguments.
func TestCallHints(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`BEGIN { @m[1] = 1; print(has_kye(@m, 1)) }`, `unknown function "has_kye" [did you mean "has_key"?]`},
		{`BEGIN { print(strcontain("a", "b")) }`, `unknown function "strcontain" [did you mean "strcontains"?]`},
		{`BEGIN { print(cgroupi()) }`, `unknown function "cgroupi" [did you mean "cgroupid"?]`},
		// has_key() was an internal error (index out of range)
		{`BEGIN { print(has_key()) }`, `1:15: error: has_key takes a map and a key: has_key(@m, key)`},
	} {
		_, diags := check(t, tt.src, Config{})
		if got := strings.Join(brief(diags), "\n"); !strings.Contains(got, tt.want) {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.src, got, tt.want)
		}
	}
	for _, name := range callNames() {
		_, diags := check(t, "BEGIN { "+name+"() }", Config{})
		if got := strings.Join(brief(diags), "\n"); strings.Contains(got, "unknown function") {
			t.Errorf("%s() is offered as a hint but unknown: %s", name, got)
		}
	}
}
