package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNtopIPv6Literal: ntop(AF_INET6, pton("ADDR")), ntop(10, ...) and
// ntop(pton("ADDR")) of IPv6 literals print what the C library's
// inet_ntop prints for them (bpftrace folds them at compile time too), in
// printf and as a map key.
func TestNtopIPv6Literal(t *testing.T) {
	addrs := []string{"::1", "2001:0db8:0000:0000:0000:0000:0000:0001", "fe80::1:0:0:2", "::ffff:10.1.2.3", "1:0:0:2:0:0:0:3", "::"}
	dir := t.TempDir()
	compile(t, dir, "ntop6.c", "ntop6", defaultVariant)
	out, err := exec.Command(filepath.Join(dir, "ntop6"), addrs...).Output()
	if err != nil {
		t.Fatalf("ntop6: %v", err)
	}
	want := strings.Fields(string(out))
	if len(want) != len(addrs) {
		t.Fatalf("ntop6 printed %q", out)
	}
	forms := []string{`ntop(AF_INET6, pton("%s"))`, `ntop(10, pton("%s"))`, `ntop(pton("%s"))`}
	var script strings.Builder
	script.WriteString("BEGIN { ")
	for i, a := range addrs {
		fmt.Fprintf(&script, `printf("%%s\n", %s); `, fmt.Sprintf(forms[i%len(forms)], a))
	}
	fmt.Fprintf(&script, `@k[ntop(10, pton("%s"))] = 1; exit() }`, addrs[1])
	r := runGS(t, dir, 30*time.Second, "-e", script.String())
	got := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	if r.Code != 0 || len(got) < len(want) {
		t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: gs printed %q, inet_ntop %q", addrs[i], got[i], want[i])
		}
	}
	if !strings.Contains(r.Stdout, "@k["+want[1]+"]: 1\n") {
		t.Errorf("no key @k[%s] in:\n%s", want[1], r.Stdout)
	}
}
