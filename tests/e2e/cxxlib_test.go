package e2e

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// compileLibcxx builds testdata/src with clang++-19 -stdlib=libc++ into
// dir/name.
func compileLibcxx(t *testing.T, dir, src, name string, v variant, extra ...string) {
	t.Helper()
	args := append([]string{"-stdlib=libc++", "-g", v.Opt, "-o", filepath.Join(dir, name), filepath.Join("testdata", src)}, extra...)
	if v.PIE {
		args = append(args, "-fPIE", "-pie")
	} else {
		args = append(args, "-fno-PIE", "-no-pie")
	}
	if out, err := exec.Command("clang++-19", args...).CombinedOutput(); err != nil {
		t.Fatalf("compile %s with libc++ %s: %v\n%s", src, v, err, out)
	}
}

// TestLibcxxString prints libc++'s std::string (clang++ -stdlib=libc++) as
// text: short strings (kept inside the object, up to 22 bytes) and long
// ones, as members of a struct and of a struct in a struct, through
// references, by value, with printf's %s and as map keys, and compares
// them with what the target prints itself; and the same with libc++'s
// alternate string layout (the flag bit in the last byte, the text at 0).
func TestLibcxxString(t *testing.T) {
	script := `uprobe:./l:greet { print(p, word, by, t); printf("%s|%s|%s\n", word, p.name, t.lead.name); @n[p.name] = count(); @w[word] = count() }`
	alt := []string{"-DALT_LAYOUT", "-D_LIBCPP_ABI_ALTERNATE_STRING_LAYOUT"}
	for _, b := range []struct {
		v     variant
		extra []string
	}{
		{variant{"clang-19", "-O0", false}, nil},
		{variant{"clang-19", "-O2", true}, nil},
		{variant{"clang-19", "-O0", true}, alt},
		{variant{"clang-19", "-O2", false}, alt},
	} {
		v := b.v
		name := v.String()
		if b.extra != nil {
			name += "-alternate"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			compileLibcxx(t, dir, "libcxx.cc", "l", v, b.extra...)
			r := runGS(t, dir, timeout, "-c", "./l 4", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want []string
			counts := map[string]int{}
			for _, l := range strings.Split(r.Stderr, "\n") {
				s, ok := strings.CutPrefix(l, "self: ")
				if !ok {
					continue
				}
				want = append(want, s)
				// p = {id = N, name = "NAME", ...}, word = "WORD", ...
				name := strings.SplitN(strings.SplitN(s, `name = "`, 2)[1], `"`, 2)[0]
				word := strings.SplitN(strings.SplitN(s, `word = "`, 2)[1], `"`, 2)[0]
				lead := strings.SplitN(strings.SplitN(s, `lead = {`, 2)[1], `name = "`, 2)[1]
				lead = strings.SplitN(lead, `"`, 2)[0]
				want = append(want, word+"|"+name+"|"+lead)
				counts["@n["+name+"]"]++
				counts["@w["+word+"]"]++
			}
			var got, gotKeys []string
			for _, l := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
				switch {
				case strings.HasPrefix(l, "@"):
					gotKeys = append(gotKeys, l)
				case l != "":
					got = append(got, l)
				}
			}
			var keys []string
			for k, n := range counts {
				keys = append(keys, fmt.Sprintf("%s: %d", k, n))
			}
			sort.Strings(keys)
			sort.Strings(gotKeys)
			if len(want) != 8 || strings.Join(got, "\n") != strings.Join(want, "\n") || strings.Join(gotKeys, "\n") != strings.Join(keys, "\n") {
				t.Errorf("gs and the target disagree\ngs:\n%s\ntarget:\n%s\n%s", r.Stdout, strings.Join(want, "\n"), strings.Join(keys, "\n"))
			}
		})
	}
}
