package gen

import (
	"fmt"
	"strings"
	"testing"
)

// TestStrcontains runs strcontains of a string read from memory for a
// literal needle on the model, against strings.Contains of the text the
// string holds (cut at its str() limit), and bswap against its definition.
func TestStrcontains(t *testing.T) {
	hays := []string{"", "a", "hello-test-world", "aaab", "abcabd", "xyz", "needle at the very end"}
	needles := []string{"", "a", "ab", "abd", "test", "world", "aab", "end", "zz", "hello-test-world!"}
	for _, h := range hays {
		for _, limit := range []int{64, 5} {
			mem := map[uint64]string{0x1000: h}
			var src strings.Builder
			for _, n := range needles {
				fmt.Fprintf(&src, "print(strcontains(str(arg0, %d), %q)); ", limit, n)
			}
			p, m := run(t, "uprobe:./target:add { "+src.String()+" }", []int64{0x1000}, mem)
			text := h
			if len(text) > limit {
				text = text[:limit]
			}
			for i, rec := range m.Records {
				got := fmt.Sprint(field(p.Events[int(rec[0])], rec, 0))
				want := "0"
				if strings.Contains(text, needles[i]) {
					want = "1"
				}
				if got != want {
					t.Errorf("strcontains(str(%q, %d), %q) = %s, want %s", h, limit, needles[i], got, want)
				}
			}
		}
	}
}

func TestBswap(t *testing.T) {
	args := []int64{0x1122334455667788, 0x12345678}
	for _, tt := range []struct {
		expr string
		want uint64
	}{
		{"bswap(arg0)", 0x8877665544332211},
		{"bswap((uint32_t)arg1)", 0x78563412},
		{"bswap((uint16_t)arg1)", 0x7856},
		{"bswap((uint8_t)arg1)", 0x78},
		{"bswap(bswap(arg0))", 0x1122334455667788},
	} {
		p, m := run(t, "uprobe:./target:add { print("+tt.expr+") }", args, nil)
		if got := fmt.Sprint(field(p.Events[int(m.Records[0][0])], m.Records[0], 0)); got != fmt.Sprint(tt.want) {
			t.Errorf("%s = %s, want %#x", tt.expr, got, tt.want)
		}
	}
}
