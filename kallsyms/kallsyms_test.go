package kallsyms

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestLookupText(t *testing.T) {
	const table = "ffffffff81000000 T _stext\nffffffff812a3b40 T vfs_read\nffffffffc0a01000 t foo_init\t[foo]\n"
	for _, tc := range []struct {
		name string
		addr uint64
		ok   bool
	}{{"vfs_read", 0xffffffff812a3b40, true}, {"foo_init", 0xffffffffc0a01000, true}, {"nosuch", 0, false}} {
		addr, ok, err := lookup(strings.NewReader(table), tc.name)
		if err != nil || ok != tc.ok || addr != tc.addr {
			t.Errorf("lookup(%q) = %#x, %v, %v; want %#x, %v", tc.name, addr, ok, err, tc.addr, tc.ok)
		}
	}
	if _, _, err := lookup(strings.NewReader("0000000000000000 T vfs_read\n"), "vfs_read"); !errors.Is(err, ErrHidden) {
		t.Errorf("all-zero table: err %v, want ErrHidden", err)
	}
}

// TestLookupKernel reads this machine's table: as root its addresses are
// shown, and vfs_read's is the one the line names.
func TestLookupKernel(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Fatal("reading kernel addresses needs root")
	}
	b, err := os.ReadFile(Path)
	if err != nil {
		t.Fatal(err)
	}
	var want string
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 3 && f[2] == "vfs_read" {
			want = f[0]
			break
		}
	}
	if want == "" {
		t.Fatal("no vfs_read in " + Path)
	}
	addr, ok, err := Lookup("vfs_read")
	if err != nil || !ok {
		t.Fatalf("Lookup(vfs_read) = %v, %v", ok, err)
	}
	if w, _ := strconv.ParseUint(want, 16, 64); addr != w {
		t.Errorf("Lookup(vfs_read) = %#x, the table says %s", addr, want)
	}
}
