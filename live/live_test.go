package live

import "testing"

// TestExpand checks which probes of a trace are bare (on the session's
// binary) and that filters, blocks and paths are told apart.
func TestExpand(t *testing.T) {
	s := &Session{binary: "/srv/app"}
	for _, tc := range []struct{ in, want string }{
		{"tick { print(a) }", "uprobe:/srv/app:tick { print(a) }"},
		{"app.c:12 { print(a) }", "uprobe:/srv/app:app.c:12 { print(a) }"},
		{"tick, tock /a > 1/ { }", "uprobe:/srv/app:tick, uprobe:/srv/app:tock /a > 1/ { }"},
		{`"geo::sum(int, int)" { }`, `uprobe:/srv/app:"geo::sum(int, int)" { }`},
		{"geo::Rect::scale{ }", "uprobe:/srv/app:geo::Rect::scale { }"},
		{"uprobe:/srv/app:tick /arg0/ { }", "uprobe:/srv/app:tick /arg0/ { }"},
		{"u:./app:tick < print(a) >", "u:./app:tick < print(a) >"},
		{"uretprobe:libc:malloc { }", "uretprobe:libc:malloc { }"},
		{"interval:s:1 { print(@n) }", "interval:s:1 { print(@n) }"},
		{"BEGIN { }", "BEGIN { }"},
		{"tick", "uprobe:/srv/app:tick"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := s.expand(tc.in); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestFileLine checks what a bare probe's FILE:LINE is.
func TestFileLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		file string
		line int
		ok   bool
	}{
		{"app.c:12", "app.c", 12, true},
		{"src/app.c:7", "src/app.c", 7, true},
		{"geo::f", "", 0, false},
		{"app.c:", "", 0, false},
		{"tick", "", 0, false},
	} {
		file, line, ok := fileLine(tc.in)
		if ok != tc.ok || (ok && (file != tc.file || line != tc.line)) {
			t.Errorf("fileLine(%q) = %q, %d, %v; want %q, %d, %v", tc.in, file, line, ok, tc.file, tc.line, tc.ok)
		}
	}
}
