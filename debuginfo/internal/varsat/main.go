// Command varsat prints the variables in scope at the entry of a function,
// like gdb's "info scope": the end-to-end path gs takes for a probe that
// names variables. It is the subject of debuginfo/bench/bench.sh.
//
//	varsat BINARY FUNCTION
package main

import (
	"fmt"
	"os"

	"github.com/gs-tracer/gs/debuginfo"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: varsat BINARY FUNCTION")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "varsat:", err)
		os.Exit(1)
	}
}

func run(path, fn string) error {
	b, err := debuginfo.Open(path)
	if err != nil {
		return err
	}
	defer b.Close()
	d, err := b.Debug()
	if err != nil {
		return err
	}
	fis, err := d.FuncInstances(fn)
	if err != nil {
		return err
	}
	for _, fi := range fis {
		if fi.Inlined {
			continue
		}
		vars, err := d.VarsAt(fi.Entry)
		if err != nil {
			return err
		}
		fmt.Printf("Scope for %s at %#x (prologue end %#x):\n", fi.Name, fi.Entry, fi.PrologueEnd)
		for _, v := range vars {
			fmt.Printf("  %-6s %-24s %s: %s\n", v.Kind, debuginfo.TypeName(v.Type), v.Name, v.Loc)
		}
	}
	return nil
}
