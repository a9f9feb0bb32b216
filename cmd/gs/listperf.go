package main

import (
	"fmt"
	"io"
	"path"

	"github.com/gs-tracer/gs/sema"
)

// listSoftware implements `gs -l 'software:PATTERN'`: the software events
// whose name or alias matches, as bpftrace lists them (software:NAME:).
func listSoftware(pattern string, stdout io.Writer) int {
	if pattern == "" {
		pattern = "*"
	}
	for _, e := range sema.SoftwareEvents {
		a, _ := path.Match(pattern, e.Name)
		b, _ := path.Match(pattern, e.Alias)
		if a || (e.Alias != "" && b) {
			fmt.Fprintf(stdout, "software:%s:\n", e.Name)
		}
	}
	return exitOK
}
