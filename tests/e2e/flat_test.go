package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlatBinary: with --unsafe a file that is no ELF file (code a
// process maps and runs itself) is probed by file offset, 0x0 included,
// and the probe reads the arguments the target prints itself; without
// --unsafe it is an error that says so.
func TestFlatBinary(t *testing.T) {
	for _, v := range variants {
		if v.PIE { // the flat code's compilation has no PIE choice
			continue
		}
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			build(t, dir, v.CC, "-c", v.Opt, "-o", "flat.o", abs(t, "testdata/flat.c"))
			run(t, dir, "objcopy", "-S", "--only-section=.text", "-O", "binary", "flat.o", "flat.bin")
			compile(t, dir, "flatload.c", "load", defaultVariant)
			r := runGS(t, dir, timeout, "--unsafe", "-c", "./load ./flat.bin", "-e", `uprobe:./flat.bin:0x0 { printf("a=%d\n", arg0); }`)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want, got []string
			for _, m := range selfLines(r.Stderr) {
				want = append(want, fmt.Sprintf("a=%s", m["a"]))
			}
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "a=") {
					got = append(got, l)
				}
			}
			if len(want) != 3 || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nthe target\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			r = runGS(t, dir, timeout, "-e", `uprobe:./flat.bin:0x0 { printf("a=%d\n", arg0); }`)
			if r.Code == 0 {
				t.Errorf("without --unsafe: exit 0")
			}
			match(t, "without --unsafe", r.Stderr, `error: "./flat.bin" is not an ELF file\n(.*\n)*hint: if it is code a process maps itself, --unsafe probes it by file offset: uprobe:./flat.bin:0xOFFSET`)
		})
	}
}
