package sema

import (
	"strings"
	"syscall"
	"testing"

	"github.com/gs-tracer/gs/cgroup"
)

// TestCgroupid: cgroupid("PATH") is the inode of the cgroup v2 directory
// at PATH, a constant; a path that is no cgroup v2 directory, or no
// literal, is an error at the argument.
func TestCgroupid(t *testing.T) {
	mount, err := cgroup.Mount()
	if err != nil {
		t.Fatal(err)
	}
	var st syscall.Stat_t
	if err := syscall.Stat(mount, &st); err != nil {
		t.Fatal(err)
	}
	p, diags := check(t, `BEGIN { print(cgroupid("`+mount+`")) }`, Config{})
	if diags != nil && diags.HasErrors() {
		t.Fatal(strings.Join(brief(diags), "\n"))
	}
	found := false
	for _, v := range p.Consts {
		if v == st.Ino {
			found = true
		}
	}
	if !found {
		t.Errorf("no constant %d (the inode of %s) in %v", st.Ino, mount, p.Consts)
	}
	for _, tt := range []struct{ src, want string }{
		{`BEGIN { print(cgroupid("/proc")) }`, `1:24: error: cgroupid: "/proc" is not a cgroup v2 directory`},
		{`BEGIN { print(cgroupid("/no/such/cgroup")) }`, `1:24: error: cgroupid: stat /no/such/cgroup: no such file or directory`},
		{`BEGIN { $p = "x"; print(cgroupid($p)) }`, `1:34: error: cgroupid needs a string literal, the path of a cgroup directory`},
		{`BEGIN { print(cgroup_path("x")) }`, `1:27: error: cgroup_path needs an integer, got string literal`},
	} {
		_, diags := check(t, tt.src, Config{})
		if got := strings.Join(brief(diags), "\n"); !strings.Contains(got, tt.want) {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
