package e2e

import (
	"strings"
	"testing"
)

// retSelfLines returns the lines the target printed itself on stderr after
// "self: ", in order.
func retSelfLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if s, ok := strings.CutPrefix(l, "self: "); ok {
			out = append(out, s)
		}
	}
	return out
}

// checkReturns runs script on ./t in dir and checks that the target ran
// to its end ("done", no abort) and that each return probe's hit printed
// what the target printed after that return, in order: as many hits as
// the target's normal returns, with the same values. unreturned are the
// functions gs must report with calls that gave no return event ("FUNC: N
// of M"), and no other.
func checkReturns(t *testing.T, dir, cmd, script string, want int, unreturned ...string) {
	t.Helper()
	r := runGS(t, dir, timeout, "-c", cmd, "-e", script)
	// The calls that left without a RET are counted: "uretprobe:./t:FUNC:
	// N of M calls of ... gave no return event".
	for _, u := range unreturned {
		match(t, "gs's stderr", r.Stderr, `(?m)^gs: warning: uretprobe:\./t:`+u+` calls of .* gave no return event: an exception, longjmp or tail call left them`)
	}
	if n := strings.Count(r.Stderr, "gave no return event"); n != len(unreturned) {
		t.Errorf("%d functions reported calls without a return event, want %d\n%s", n, len(unreturned), r.Stderr)
	}
	if r.Code != 0 || strings.Contains(r.Stderr, "terminate called") || !strings.Contains(r.Stderr, "\ndone\n") {
		t.Fatalf("gs exit %d, or the target did not run to its end\nstdout:\n%s\nstderr:\n%s", r.Code, r.Stdout, r.Stderr)
	}
	self := retSelfLines(r.Stderr)
	got := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
	if len(self) != want || strings.Join(got, "\n") != strings.Join(self, "\n") {
		t.Errorf("the return probes and the target disagree (want %d returns)\ngs:\n%s\ntarget:\n%s", want, r.Stdout, strings.Join(self, "\n"))
	}
}

// TestReturnThroughException puts uretprobes on C++ functions that an
// exception passes through: one without a handler (pass), one with a
// cleanup (held), and the one that throws (check). A kernel uretprobe's
// trampoline stops the unwinder and the program aborts ("terminate
// called after throwing"); gs puts these probes on the RETs, so the
// program runs to its end, and each normal return prints retval and a
// global as the target prints them after the call.
func TestReturnThroughException(t *testing.T) {
	script := `uretprobe:./t:check { printf("check = %d counter = %d\n", retval, counter) }
uretprobe:./t:pass { printf("pass = %d counter = %d\n", retval, counter) }
uretprobe:./t:held { printf("held = %d counter = %d\n", retval, counter) }`
	for _, v := range variants {
		if !v.PIE && v.Opt == "-O0" {
			continue // the other three of each compiler cover it
		}
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compileCxx(t, dir, "throws.cc", "t", v)
			r := runGS(t, dir, timeout, "-lv", "uretprobe:./t:pass")
			match(t, "gs -lv", r.Stdout, `probe  at \+\d+ \(a RET: an exception or longjmp may unwind _Z4passi: it is C\+\+\)`)
			checkReturns(t, dir, "./t 9", script, 18, "check: 3 of 9", "pass: 3 of 9", "held: 3 of 9") // 6 of 9 calls return; 3 throw
		})
	}
}

// TestReturnThroughLongjmp puts uretprobes on C functions that longjmp
// leaves (leaf, which calls it, and mid, which it passes): in a binary
// that calls setjmp they are on the RETs, and they fire once for each
// normal return with what the target prints after it.
func TestReturnThroughLongjmp(t *testing.T) {
	script := `uretprobe:./t:leaf { printf("leaf = %d depth = %d\n", retval, depth) }
uretprobe:./t:mid { printf("mid = %d depth = %d\n", retval, depth) }`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "longjmp.c", "t", v)
			r := runGS(t, dir, timeout, "-lv", "uretprobe:./t:mid")
			match(t, "gs -lv", r.Stdout, `probe  at \+\d+ \(a RET: an exception or longjmp may unwind mid: its binary calls _?setjmp\)`)
			checkReturns(t, dir, "./t 8", script, 12, "leaf: 2 of 8", "mid: 2 of 8") // 6 of 8 calls return; 2 jump
		})
	}
}

// TestReturnThroughPanic puts uretprobes on Rust functions that a panic
// passes through (caught by catch_unwind): the program runs to its end
// and each normal return prints retval as the target prints it.
func TestReturnThroughPanic(t *testing.T) {
	script := `uretprobe:./t:panics::check { printf("check = %d\n", retval) }
uretprobe:./t:panics::pass { printf("pass = %d\n", retval) }`
	for _, b := range rustBuilds[:2] { // rustc: debug and release
		t.Run(b.name, func(t *testing.T) {
			dir := t.TempDir()
			rustc(t, dir, "panics.rs", "t", b)
			checkReturns(t, dir, "./t", script, 12, "panics::check: 3 of 9", "panics::pass: 3 of 9") // 6 of 9 calls return; 3 panic
		})
	}
}
