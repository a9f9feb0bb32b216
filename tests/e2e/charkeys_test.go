package e2e

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCharArrayKeys keys maps with a char[16] field read by name and
// checks gs's maps against the sums and counts charkeys.c prints itself:
// text after a NUL does not split a key, a name that fills the array keys
// as all 16 bytes (not cut, not running into the next field), and a name
// that ends a page followed by an unreadable one still keys (gs reads no
// byte past the array). A comparison with a literal as long as the array
// reads no further either, nor does str() of the array.
func TestCharArrayKeys(t *testing.T) {
	script := `uprobe:./ck:add { @w[it->name, factor] = sum(it->x); @c[it->name] = count() }
uprobe:./ck:add /it->name == "ABCDEFGHIJKLMNOP"/ { printf("full %d\n", it->x) }
uprobe:./ck:add { @n[str(it->name)] = count(); print(str(it->name, 4)) }`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: false}, {CC: clang, Opt: "-O2", PIE: true}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "charkeys.c", "ck", v)
			r := runGS(t, dir, timeout, "-c", "./ck", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var wantW, wantC, wantCut []string
			sc := bufio.NewScanner(strings.NewReader(r.Stderr))
			for sc.Scan() {
				f := strings.Split(sc.Text(), " ")
				switch {
				case f[0] == "sum" && len(f) == 4:
					wantW = append(wantW, fmt.Sprintf("@w[%s, %s]: %s", f[1], f[2], f[3]))
				case f[0] == "count" && len(f) == 3:
					wantC = append(wantC, fmt.Sprintf("@c[%s]: %s", f[1], f[2]))
					// str(name, 4) is cut, with "...", when a byte follows.
					cut := fmt.Sprintf("str(it->name, 4) = %q", f[1])
					if len(f[1]) > 4 {
						cut = fmt.Sprintf("str(it->name, 4) = %q...", f[1][:4])
					}
					n, _ := strconv.Atoi(f[2])
					for range n {
						wantCut = append(wantCut, cut)
					}
				}
			}
			if len(wantW) != 5 || len(wantC) != 5 {
				t.Fatalf("target printed %d sums and %d counts, want 5 and 5:\n%s", len(wantW), len(wantC), r.Stderr)
			}
			if strings.Count(r.Stdout, "full 11\n") != 1 {
				t.Errorf("the comparison with a full-length name did not match once:\n%s", r.Stdout)
			}
			checkMap(t, r.Stdout, "@w[", wantW)
			var gotCut []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "str(") {
					gotCut = append(gotCut, l)
				}
			}
			slices.Sort(gotCut)
			slices.Sort(wantCut)
			if !slices.Equal(gotCut, wantCut) {
				t.Errorf("str(it->name, 4):\n got %q\nwant %q", gotCut, wantCut)
			}
			checkMap(t, r.Stdout, "@c[", wantC)
			for i, w := range wantC {
				wantC[i] = "@n" + strings.TrimPrefix(w, "@c")
			}
			checkMap(t, r.Stdout, "@n[", wantC) // str() of it keys the same
		})
	}
}

var mapValue = regexp.MustCompile(`: (-?\d+)$`)

// checkMap compares the lines of out that start with prefix with want, in
// any order, and checks that gs printed them sorted by value.
func checkMap(t *testing.T, out, prefix string, want []string) {
	t.Helper()
	var got []string
	last := int64(-1 << 63)
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		got = append(got, l)
		m := mapValue.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("line %q has no value", l)
			continue
		}
		n, _ := strconv.ParseInt(m[1], 10, 64)
		if n < last {
			t.Errorf("%s... not sorted by value:\n%s", prefix, out)
		}
		last = n
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s...:\n got %q\nwant %q\ngs printed:\n%s", prefix, got, want, out)
	}
}
