package main

import (
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/kbtf"
)

// listTypes implements `gs -l 'struct NAME'` and `gs -lv 'struct NAME'`:
// the kernel's structs, unions and enums (from its BTF) whose names match
// one of spec's comma-separated patterns; -lv prints each definition as
// bpftrace does, "vmlinux: struct task_struct {...};".
func listTypes(spec string, verbose bool, stdout, stderr io.Writer) int {
	k, err := kbtf.Load()
	if err != nil {
		fmt.Fprintf(stderr, "gs: list %q: %v\n", spec, err)
		return exitRuntime
	}
	var names []string // every name, read for the first pattern with a wildcard
	found := false
	for _, pattern := range strings.Split(spec, ",") {
		pattern = strings.Join(strings.Fields(pattern), " ")
		candidates := []string{pattern}
		if debuginfo.HasWildcard(pattern) {
			if names == nil {
				names = k.Names()
			}
			candidates = names
		} else if _, err := k.Type(pattern); err != nil {
			continue
		}
		for _, n := range candidates {
			if ok, _ := path.Match(pattern, n); !ok {
				continue
			}
			found = true
			if !verbose {
				fmt.Fprintln(stdout, n)
				continue
			}
			def, err := k.Define(n)
			if err != nil {
				fmt.Fprintf(stderr, "gs: list %q: %v\n", n, err)
				return exitRuntime
			}
			fmt.Fprintf(stdout, "vmlinux: %s\n\n", def)
		}
	}
	if !found {
		fmt.Fprintf(stderr, "gs: no kernel type matches %q\n", spec)
		return exitUsage
	}
	return exitOK
}
