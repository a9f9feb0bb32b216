package debuginfo

import "fmt"

// goGoidOffsets is the offset of runtime.g's goid on amd64, by Go
// release (major.minor), for binaries without DWARF to read it from.
// Source: type g in src/runtime/runtime2.go (Go 1.23 added syscallbp
// before goid, Go 1.25 dropped gobuf.ret from sched before it), read
// from the DWARF of a program built by each release's toolchain
// (golang.org/toolchain@v0.0.1-goX.Y.Z.linux-amd64, latest patch
// release). TestGoidOffsets checks the tests' toolchain against its
// DWARF, TestPclntabReleases Go 1.18 and 1.23 (fetched from the module
// proxy); tests/e2e TestPrometheus checks Go 1.19 against the goroutine
// ids the runtime itself prints.
var goGoidOffsets = map[[2]int]int{
	{1, 17}: 152, {1, 18}: 152, {1, 19}: 152, {1, 20}: 152, {1, 21}: 152, {1, 22}: 152,
	{1, 23}: 160, {1, 24}: 160,
	{1, 25}: 152, {1, 26}: 152,
}

// GoidOffset returns the offset of runtime.g's goid in b, a Go binary:
// from its DWARF, else from the layout of the Go release that built it
// (.go.buildinfo).
func (b *Binary) GoidOffset() (int, error) {
	if d, err := b.Debug(); err == nil {
		t, err := d.Types("runtime.g")
		if err != nil {
			return 0, err
		}
		m, ok := FindMember(t, "goid")
		if !ok || m.Type.Size() != 8 {
			return 0, fmt.Errorf("runtime.g has no 8-byte member goid")
		}
		return int(m.Offset), nil
	} else if !b.IsGo() {
		return 0, err
	}
	v := b.GoVersion()
	major, minor, ok := goMinor(v)
	if !ok {
		return 0, fmt.Errorf("it has no DWARF, and its Go version cannot be read from .go.buildinfo")
	}
	off, ok := goGoidOffsets[[2]int{major, minor}]
	if !ok {
		lo, hi := [2]int{1 << 30, 0}, [2]int{}
		for k := range goGoidOffsets {
			if k[0] < lo[0] || k[0] == lo[0] && k[1] < lo[1] {
				lo = k
			}
			if k[0] > hi[0] || k[0] == hi[0] && k[1] > hi[1] {
				hi = k
			}
		}
		return 0, fmt.Errorf("it has no DWARF, and gs knows runtime.g's layout for Go %d.%d to %d.%d, not %s", lo[0], lo[1], hi[0], hi[1], v)
	}
	return off, nil
}
