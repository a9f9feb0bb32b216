// Package minidebugtest makes MiniDebugInfo fixtures for the tests of
// several packages: a binary stripped to .dynsym whose other function
// symbols are in .gnu_debugdata, by Fedora's recipe (find-debuginfo's
// add_minidebug; gdb's manual, "MiniDebugInfo").
package minidebugtest

import (
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
)

// Make writes to out the binary in (with symbols) made the MiniDebugInfo
// way: nm lists the defined symbols, keep_symbols those of type T, t or
// D that .dynsym lacks; objcopy --only-keep-debug, then objcopy -S
// --keep-symbols makes the mini debug file; xz compresses it; strip
// --strip-all and objcopy --add-section .gnu_debugdata= make out. It
// returns the symbols it kept.
func Make(in, out string) ([]string, error) {
	defined := func(args ...string) (map[string]string, error) {
		b, err := exec.Command("nm", append(args, "--format=posix", "--defined-only", in)...).Output()
		if err != nil {
			return nil, fmt.Errorf("nm %s: %w", in, err)
		}
		m := map[string]string{}
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 2 {
				m[f[0]] = f[1]
			}
		}
		return m, nil
	}
	dyn, err := defined("-D")
	if err != nil {
		return nil, err
	}
	all, err := defined()
	if err != nil {
		return nil, err
	}
	var keep []string
	for name, kind := range all {
		if _, ok := dyn[name]; !ok && (kind == "T" || kind == "t" || kind == "D") {
			keep = append(keep, name)
		}
	}
	sort.Strings(keep)
	tmp := out + ".work"
	defer func() {
		for _, ext := range []string{".keep", ".debug", ".mini", ".mini.xz"} {
			os.Remove(tmp + ext)
		}
	}()
	if err := os.WriteFile(tmp+".keep", []byte(strings.Join(keep, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	for _, c := range [][]string{
		{"objcopy", "--only-keep-debug", in, tmp + ".debug"},
		{"objcopy", "-S", "--remove-section", ".gdb_index", "--remove-section", ".comment",
			"--keep-symbols=" + tmp + ".keep", tmp + ".debug", tmp + ".mini"},
		{"xz", "-f", tmp + ".mini"},
		{"strip", "--strip-all", "-R", ".comment", "-o", out, in},
		{"objcopy", "--add-section", ".gnu_debugdata=" + tmp + ".mini.xz", out},
	} {
		if b, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("%s: %w\n%s", strings.Join(c, " "), err, b)
		}
	}
	return keep, nil
}
