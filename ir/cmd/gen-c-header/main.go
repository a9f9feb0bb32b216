// Command gen-c-header writes the C interpreter's header, generated from the
// ir tables, to the path given as its argument:
//
//	go run ./ir/cmd/gen-c-header bpf/c/gs_ops.h
package main

import (
	"fmt"
	"os"

	"github.com/gs-tracer/gs/ir"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen-c-header OUTPUT.h")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], []byte(ir.CHeader()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen-c-header:", err)
		os.Exit(1)
	}
}
