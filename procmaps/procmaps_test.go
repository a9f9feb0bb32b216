package procmaps

import (
	"os"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		line string
		want Mapping
	}{
		{"55d0c1a00000-55d0c1a28000 r--p 00000000 fd:01 1048602                    /usr/bin/bash",
			Mapping{Start: 0x55d0c1a00000, End: 0x55d0c1a28000, Perms: "r--p", Major: 0xfd, Minor: 1, Inode: 1048602, Path: "/usr/bin/bash"}},
		{"7f0000001000-7f0000002000 r-xp 00001000 08:10 42                         /tmp/dir with spaces/a b.so",
			Mapping{Start: 0x7f0000001000, End: 0x7f0000002000, Perms: "r-xp", Offset: 0x1000, Major: 8, Minor: 0x10, Inode: 42, Path: "/tmp/dir with spaces/a b.so"}},
		{"7f0000001000-7f0000002000 r-xp 00002000 08:10 43   /tmp/app (deleted)",
			Mapping{Start: 0x7f0000001000, End: 0x7f0000002000, Perms: "r-xp", Offset: 0x2000, Major: 8, Minor: 0x10, Inode: 43, Path: "/tmp/app", Deleted: true}},
		{"7f0000003000-7f0000004000 rw-p 00000000 00:00 0",
			Mapping{Start: 0x7f0000003000, End: 0x7f0000004000, Perms: "rw-p"}},
		{"7f0000003000-7f0000004000 rw-p 00000000 00:00 0 ",
			Mapping{Start: 0x7f0000003000, End: 0x7f0000004000, Perms: "rw-p"}},
		{"7ffc1a5f2000-7ffc1a613000 rw-p 00000000 00:00 0                          [stack]",
			Mapping{Start: 0x7ffc1a5f2000, End: 0x7ffc1a613000, Perms: "rw-p", Path: "[stack]"}},
		{"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]",
			Mapping{Start: 0xffffffffff600000, End: 0xffffffffff601000, Perms: "--xp", Path: "[vsyscall]"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, err := ParseLine(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
	for _, bad := range []string{"", "7f00-7f01 r-xp", "7f00 r-xp 0 00:00 0", "zz-7f01 r-xp 0 00:00 0", "7f00-7f01 r-xp 0 0000 0", "7f00-7f01 rx 0 00:00 0"} {
		if m, err := ParseLine(bad); err == nil {
			t.Errorf("%q: no error, got %+v", bad, m)
		}
	}
}

// TestReadSelf checks the parse of this process's maps against what the
// kernel says otherwise: the test binary's mapping holds this function's
// code and names the file os.Executable names, with its device and inode.
func TestReadSelf(t *testing.T) {
	ms, err := Read(0)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), "\n"); len(ms) < n-5 || len(ms) > n+5 { // the maps may change between the reads
		t.Errorf("parsed %d mappings of about %d lines", len(ms), n)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var st syscall.Stat_t
	if err := syscall.Stat(exe, &st); err != nil {
		t.Fatal(err)
	}
	pc := funcPC()
	found, stack := false, false
	for _, m := range ms {
		if m.Path == "[stack]" {
			stack = true
		}
		if pc < m.Start || pc >= m.End {
			continue
		}
		found = true
		if m.Path != exe || !m.Exec() || !m.File() || m.Deleted {
			t.Errorf("mapping of the test's code: %+v, want %s, executable", m, exe)
		}
		if m.Inode != st.Ino || uint64(m.Major) != (st.Dev>>8)&0xfff || uint64(m.Minor) != st.Dev&0xff|(st.Dev>>12)&^0xff {
			t.Errorf("mapping %+v: device or inode differ from stat's dev %#x ino %d", m, st.Dev, st.Ino)
		}
	}
	if !found || !stack {
		t.Errorf("found the code's mapping: %v, a [stack]: %v", found, stack)
	}
}

// funcPC returns the address of a function of the test binary.
func funcPC() uint64 { return uint64(reflect.ValueOf(funcPC).Pointer()) }

// TestReadImage: this process's image fields are where its stack and its
// arguments are: startstack above arg_start, both in the [stack] mapping.
func TestReadImage(t *testing.T) {
	im, err := ReadImage(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	ms, err := Read(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.Path == "[stack]" {
			if im.ArgStart < m.Start || im.ArgStart >= m.End || im.StartStack < m.Start || im.StartStack >= m.End {
				t.Errorf("image %+v is not in the stack %#x-%#x", im, m.Start, m.End)
			}
			return
		}
	}
	t.Fatalf("no [stack] mapping")
}

func TestParseImage(t *testing.T) {
	stat := "42 (a b) c)) S" + strings.Repeat(" 1", 24) + " 777" + strings.Repeat(" 2", 19) + " 888 999 1000 1001 0"
	im, err := ParseImage(stat)
	if err != nil || im.StartStack != 777 || im.ArgStart != 888 {
		t.Errorf("ParseImage = %+v, %v; want 777, 888", im, err)
	}
}
