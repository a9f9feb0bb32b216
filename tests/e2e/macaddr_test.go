package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestMacaddr: macaddr() of a char[6] member, of a pointer to it and of
// a $var copy prints the address as the target prints it (%02X pairs), in
// printf, as a map key and as a map value, and in -f json.
func TestMacaddr(t *testing.T) {
	script := `uprobe:./macaddr:nic_up { printf("gs: %s\n", macaddr(n->mac)); printf("gs: %s\n", macaddr(&n->mac[0])); $m = n->mac; printf("gs: %s\n", macaddr($m)); @k[macaddr(n->mac)] = 1; @v = macaddr(n->mac); exit() }`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "macaddr.c", "macaddr", v)
			r := runGS(t, dir, 60*time.Second, "-e", script, "-c", "./macaddr")
			want := regexp.MustCompile(`(?m)^target: (.*)$`).FindStringSubmatch(r.Stdout)
			if r.Code != 0 || want == nil {
				t.Fatalf("exit %d, stdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
			}
			mac := want[1]
			for _, line := range []string{"gs: " + mac, "@k[" + mac + "]: 1", "@v: " + mac} {
				if !strings.Contains(r.Stdout, line+"\n") {
					t.Errorf("no line %q in:\n%s", line, r.Stdout)
				}
			}
			if n := strings.Count(r.Stdout, "gs: "+mac+"\n"); n != 3 {
				t.Errorf("%d printf lines of %s, want 3:\n%s", n, mac, r.Stdout)
			}
			j := runGS(t, dir, 60*time.Second, "-f", "json", "-e", `uprobe:./macaddr:nic_up { print(macaddr(n->mac)); exit() }`, "-c", "./macaddr")
			if !strings.Contains(j.Stdout, `"`+mac+`"`) {
				t.Errorf("-f json: no %q in:\n%s\nstderr:\n%s", mac, j.Stdout, j.Stderr)
			}
		})
	}
	r := runGS(t, t.TempDir(), 30*time.Second, "-e", `struct s { char m[4]; } BEGIN { $p = (struct s *)0; print(macaddr($p->m)) }`)
	if r.Code == 0 || !strings.Contains(r.Stderr, "macaddr() needs at least 6 bytes") {
		t.Errorf("macaddr of 4 bytes: exit %d, stderr:\n%s", r.Code, r.Stderr)
	}
}
