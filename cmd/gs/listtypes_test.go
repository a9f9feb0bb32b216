package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestListTypes: -lv 'struct NAME' prints the kernel's definitions from
// its BTF as libbpf's btf_dump writes them, which bpftrace -lv prints
// (bpftrace 0.17, the one installed, without the "vmlinux: " that newer
// bpftrace puts first): padding members, bit fields, anonymous unions,
// qualified pointers and enums are compared line for line.
func TestListTypes(t *testing.T) {
	bpftrace, err := exec.LookPath("bpftrace")
	if err != nil {
		t.Fatal("this test needs bpftrace (scripts/tools.txt)")
	}
	for _, name := range []string{"struct task_struct", "struct mm_struct", "struct sk_buff", "struct super_block", "union bpf_attr", "enum pid_type", "struct pt_regs"} {
		t.Run(name, func(t *testing.T) {
			want, err := exec.Command(bpftrace, "-lv", name).Output()
			if err != nil {
				t.Fatalf("bpftrace -lv %q: %v", name, err)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"-lv", name}, &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			got, ok := strings.CutPrefix(stdout.String(), "vmlinux: ")
			if !ok || got != string(want) {
				t.Errorf("gs -lv %q:\n%s\nbpftrace -lv:\n%s", name, stdout.String(), want)
			}
		})
	}
	// Several at once, and a pattern.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-lv", "struct task_struct,struct file,struct fd"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var heads []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if strings.HasPrefix(l, "vmlinux: ") {
			heads = append(heads, l)
		}
	}
	if want := "vmlinux: struct task_struct {|vmlinux: struct file {|vmlinux: struct fd {"; strings.Join(heads, "|") != want {
		t.Errorf("got %q, want %q", heads, want)
	}
	stdout.Reset()
	if code := run([]string{"-l", "struct task_s*"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "\nstruct task_struct\n") && !strings.HasPrefix(stdout.String(), "struct task_struct\n") {
		t.Errorf("-l 'struct task_s*': exit %d, %q", code, stdout.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"-l", "struct gs_no_such_type"}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), `no kernel type matches "struct gs_no_such_type"`) {
		t.Errorf("unknown type: exit %d, stderr %q", code, stderr.String())
	}
}
