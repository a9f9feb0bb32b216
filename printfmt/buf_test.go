package printfmt

import "testing"

func TestBufConversions(t *testing.T) {
	for _, tc := range []struct{ format, want string }{
		{"%r", `ok\x00\x7f`},
		{"%rx", `\x6f\x6b\x00\x7f`},
		{"%rh", `6f 6b 00 7f`},
		{"%-12r|", `ok\x00\x7f  |`},
		{"%rhx", `6f 6b 00 7fx`}, // only one suffix letter belongs to %r
	} {
		vs, err := ParseFormat(tc.format)
		if err != nil {
			t.Fatalf("%q: %v", tc.format, err)
		}
		var got []byte
		for _, v := range vs {
			if v.IsLiteral() {
				got = append(got, v.Lit...)
				continue
			}
			if v.Class() != ClassBuf {
				t.Fatalf("%q: class %v", tc.format, v.Class())
			}
			got = AppendBuf(got, v, []byte("ok\x00\x7f"))
		}
		if string(got) != tc.want {
			t.Errorf("%q: got %q, want %q", tc.format, got, tc.want)
		}
	}
}
