// Package elftest holds the ELF look-ups that tests of several packages
// need for the targets they compile: where a function starts in the file
// (what a uprobe attaches to) and where a symbol is linked.
package elftest

import (
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
)

// FuncOffset returns the file offset (for attaching a uprobe) and the
// link-time address of function sym in bin.
func FuncOffset(t testing.TB, bin, sym string) (off, addr uint64) {
	t.Helper()
	b, err := debuginfo.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	fn, ok := b.LookupFunc(sym)
	if !ok {
		t.Fatalf("%s: no function %s", bin, sym)
	}
	return fn.Offset, fn.Addr
}

// SymbolAddr returns the link-time value of any symbol (function or data)
// named sym in bin.
func SymbolAddr(t testing.TB, bin, sym string) uint64 {
	t.Helper()
	b, err := debuginfo.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	syms, err := b.File.Symbols()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	for _, s := range syms {
		if s.Name == sym {
			return s.Value
		}
	}
	t.Fatalf("%s: no symbol %s", bin, sym)
	return 0
}

// OpenDebug opens bin and its debug information, closed when the test
// ends.
func OpenDebug(t testing.TB, bin string) (*debuginfo.Binary, *debuginfo.Debug) {
	t.Helper()
	b, err := debuginfo.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	d, err := b.Debug()
	if err != nil {
		t.Fatal(err)
	}
	return b, d
}

// OpenUnwind opens bin and its unwind table, closed when the test ends.
func OpenUnwind(t testing.TB, bin string) (*debuginfo.Binary, *debuginfo.UnwindTable) {
	t.Helper()
	b, err := debuginfo.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	tab, err := b.UnwindTable()
	if err != nil {
		t.Fatal(err)
	}
	return b, tab
}
