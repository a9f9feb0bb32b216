package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestBpftraceLoops runs bpftrace's loops in a uprobe (while with ++,
// for over a range with continue and break, unroll) on the arguments of
// step(n, k) and checks what they compute against what loops.c computes
// itself in C. The for loop's break bound is the positional parameter $1,
// which the target takes as its argv[1]; $# and str($2) are checked
// against the command line, and @calls++ / @down-- against the number of
// calls the target made.
func TestBpftraceLoops(t *testing.T) {
	script := `config = { max_strlen = 8 }
macro times($x, k) { $x *= k }
begin { printf("params %d %s\n", $#, str($2)) }
uprobe:./loops:step {
  $n = arg0; $k = arg1;
  $s = 0; $i = 0;
  while ($i < $n) { $s += $i * $k; $i++; }
  $f = 0;
  for ($j : 0..$n) { if ($j % 3 == 0) { continue } $f += $j; if ($f > $1) { break } }
  $u = 1;
  unroll(5) { times($u, $k) }
  printf("step %d %d: %d %d %d\n", $n, $k, $s, $f, $u);
  @calls++;
  --@down;
}`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "loops.c", "loops", v)
			for _, limit := range []string{"7", "100"} {
				r := runGS(t, dir, timeout, "-c", "./loops "+limit, "-e", script, limit, "a-long-word")
				if r.Code != 0 {
					t.Fatalf("limit %s: exit %d\n%s", limit, r.Code, r.Stderr)
				}
				var want, got []string
				calls := ""
				for _, l := range strings.Split(r.Stderr, "\n") {
					switch {
					case strings.HasPrefix(l, "step "):
						want = append(want, l)
					case strings.HasPrefix(l, "calls "):
						calls = strings.TrimPrefix(l, "calls ")
					}
				}
				for _, l := range strings.Split(r.Stdout, "\n") {
					if strings.HasPrefix(l, "step ") {
						got = append(got, l)
					}
				}
				if len(want) != 6 || calls != "6" {
					t.Fatalf("limit %s: the target printed %d steps and %q calls, want 6 and 6:\n%s", limit, len(want), calls, r.Stderr)
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Errorf("limit %s: the loops computed\n%s\nthe target\n%s", limit, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				match(t, "stdout", r.Stdout, `(?m)^params 2 a-long-word$`)
				match(t, "stdout", r.Stdout, fmt.Sprintf(`(?m)^@calls: %s$`, calls))
				match(t, "stdout", r.Stdout, fmt.Sprintf(`(?m)^@down: -%s$`, calls))
			}
		})
	}
}

// TestBpftraceStepLimit checks that a loop that does not end is stopped by
// the interpreter's step limit on every hit, which gs reports, while the
// target runs on, and that the probe's other hits still count.
func TestBpftraceStepLimit(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "loops.c", "loops", variant{CC: gcc, Opt: "-O0", PIE: true})
	r := runGS(t, dir, timeout, "-c", "./loops 1", "-e",
		`uprobe:./loops:step { @hits++; $i = 0; while (1) { $i++ } }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "stdout", r.Stdout, `(?m)^@hits: 6$`)
	match(t, "stderr", r.Stderr, `(?m)^gs: 6 probe runs stopped at the step limit`)
	if !regexp.MustCompile(`(?m)^calls 6$`).MatchString(r.Stderr) {
		t.Errorf("the target did not finish:\n%s", r.Stderr)
	}
}

// TestBpftraceBeginOnly: a script of begin and end probes only ends by
// itself after begin, as bpftrace's does, with the end probes and the maps
// printed; positional parameters after the script are its $1, $2.
func TestBpftraceBeginOnly(t *testing.T) {
	dir := t.TempDir()
	start := time.Now()
	r := runGS(t, dir, timeout, "-e",
		`begin { printf("%d %s %d\n", $1 * 2, str($2), $#); @m[$1] = 1; @n--; } end { printf("bye\n") }`, "21", "word")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	if el := time.Since(start); el > 20*time.Second {
		t.Errorf("gs took %v to end a begin-only script", el)
	}
	want := "42 word 2\nbye\n@m[21]: 1\n\n@n: -1\n\n"
	if r.Stdout != want {
		t.Errorf("stdout %q, want %q", r.Stdout, want)
	}
}

// TestBpftraceStructDefs defines a struct in the script (bit fields, a
// char array, a two-dimensional array, a self pointer, an anonymous union
// defined in place, no `;` after the last member) and
// reads the target's records through a cast to it, with bpftrace's `.`
// through the pointer, checked against the fields, sizes and offsets the
// target prints itself. The script's name for the struct is not the
// program's, so the layout can only come from the script.
func TestBpftraceStructDefs(t *testing.T) {
	script := `struct myrec {
	char tag;
	int flags : 3;
	int mode : 5;
	long value;
	char name[6];
	int16 pairs[2][3];
	struct myrec *next;
	union { int i; unsigned char b[4] } u
}
uprobe:./structs:use {
	$r = (struct myrec *)arg0;
	printf("rec %c %d %d %ld %s %d %d %d\n", $r.tag, $r.flags, $r.mode, $r.value, $r.name,
		$r.pairs[1][2], $r.u.b[0], $r.next != 0 ? $r.next->tag : 0);
}
begin { printf("layout %d %d %d %d %d\n", sizeof(struct myrec), offsetof(struct myrec, value),
	offsetof(struct myrec, pairs), offsetof(struct myrec, next), offsetof(struct myrec, u)) }`
	for _, v := range []variant{{CC: gcc, Opt: "-O0", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "structs.c", "structs", v)
			r := runGS(t, dir, timeout, "-c", "./structs", "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			var want, got []string
			for _, l := range strings.Split(r.Stderr, "\n") {
				if strings.HasPrefix(l, "rec ") || strings.HasPrefix(l, "layout ") {
					want = append(want, l)
				}
			}
			for _, l := range strings.Split(r.Stdout, "\n") {
				if strings.HasPrefix(l, "rec ") || strings.HasPrefix(l, "layout ") {
					got = append(got, l)
				}
			}
			if len(want) != 3 {
				t.Fatalf("the target printed %d lines, want 3:\n%s", len(want), r.Stderr)
			}
			if !slices.Equal(got, want) {
				t.Errorf("gs printed\n%s\nthe target\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
