package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// numberVariants are the builds the number tests compare: both compilers
// at -O0 and -O2.
var numberVariants = []variant{
	{CC: "gcc", Opt: "-O0", PIE: true}, {CC: "gcc", Opt: "-O2", PIE: true},
	{CC: "clang-19", Opt: "-O0", PIE: false}, {CC: "clang-19", Opt: "-O2", PIE: true},
}

// TestUnsignedNarrow reads unsigned narrow values (uint8_t and unsigned
// char bitfields, a plain uint8_t) in print's text and JSON, and as map
// values, and compares them with what the target prints itself: an
// unsigned char is 0..255, never sign-extended.
func TestUnsignedNarrow(t *testing.T) {
	script := `uprobe:./n:take { print(*n); print(d); @m[1] = *n; @d[1] = d }`
	for _, v := range numberVariants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "numbers.c", "n", v)
			r := runGS(t, dir, timeout, "-f", "json", "-c", "./n 0", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			self := selfLines(r.Stderr)
			if len(self) == 0 {
				t.Fatalf("the target printed nothing:\n%s", r.Stderr)
			}
			want := self[0]
			fields := map[string]string{}
			var d, md string
			for _, l := range strings.Split(strings.TrimSpace(r.Stdout), "\n") {
				var msg struct {
					Type string
					Data map[string]json.RawMessage
				}
				if err := json.Unmarshal([]byte(l), &msg); err != nil {
					t.Fatalf("not JSON: %q: %v", l, err)
				}
				var obj map[string]json.RawMessage
				switch {
				case msg.Type == "print" && msg.Data["*n"] != nil:
					json.Unmarshal(msg.Data["*n"], &obj)
					for k, v := range obj {
						fields["print."+k] = string(v)
					}
				case msg.Type == "print" && msg.Data["d"] != nil:
					d = string(msg.Data["d"])
				case msg.Type == "map" && msg.Data["@m"] != nil:
					var m map[string]map[string]json.RawMessage
					json.Unmarshal(msg.Data["@m"], &m)
					for k, v := range m["1"] {
						fields["map."+k] = string(v)
					}
				case msg.Type == "map" && msg.Data["@d"] != nil:
					var m map[string]json.RawMessage
					json.Unmarshal(msg.Data["@d"], &m)
					md = string(m["1"])
				}
			}
			for _, k := range []string{"a", "e", "d", "s", "t"} {
				for _, where := range []string{"print.", "map."} {
					if fields[where+k] != want[k] {
						t.Errorf("%s%s = %s, the target says %s\n%s", where, k, fields[where+k], want[k], r.Stdout)
					}
				}
			}
			if d != want["d"] || md != want["d"] {
				t.Errorf("print(d) = %s, @d[1] = %s, the target says d=%s\n%s", d, md, want["d"], r.Stdout)
			}
			// Text: the bitfields print as numbers.
			r = runGS(t, dir, timeout, "-c", "./n 0", "-e", `uprobe:./n:take { print(*n) }`)
			text := fmt.Sprintf("a = %s, e = %s,", want["a"], want["e"])
			if r.Code != 0 || !strings.Contains(r.Stdout, text) {
				t.Errorf("text print lacks %q (exit %d):\n%s\n%s", text, r.Code, r.Stdout, r.Stderr)
			}
		})
	}
}
