package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestKernelEmulates checks, on the running kernel, that every class of
// instruction in sema's kernelEmulates table is emulated: the target
// calls a function starting with each (probed at +0, which never moves)
// and says after each whether the kernel has mapped its single-step area
// yet. The last function starts with a mov, which must be single-stepped:
// that proves the observation works. gs -v must call each class what the
// kernel does.
func TestKernelEmulates(t *testing.T) {
	dir := t.TempDir()
	bin := compile(t, dir, "emulated.c", "emu", variant{CC: gcc, Opt: "-O2", PIE: true})
	fns := []string{"c_push", "c_push_r12", "c_nop", "c_nop2", "c_nop4", "c_nop6", "c_jmp", "c_jmp32",
		"c_jcc", "c_jcc32", "c_call", "c_mov"}
	var probes []string
	for _, f := range fns {
		probes = append(probes, "uprobe:./"+bin+":"+f+"+0")
	}
	r := runGSAsIs(t, dir, timeout, "-v", "-c", "./"+bin+" 2000", "-e", strings.Join(probes, ",")+" {}")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	line := regexp.MustCompile(`(?m)^(c_\w+) (\d+) (\d)$`)
	got := map[string][2]int{}
	for _, m := range line.FindAllStringSubmatch(r.Stdout, -1) {
		ns, _ := strconv.Atoi(m[2])
		st, _ := strconv.Atoi(m[3])
		got[m[1]] = [2]int{ns, st}
	}
	for _, f := range fns {
		g, ok := got[f]
		if !ok {
			t.Fatalf("the target printed nothing for %s:\n%s", f, r.Stdout)
		}
		want, class := 0, `\w+, emulated`
		if f == "c_mov" {
			want, class = 1, `mov, single-stepped`
		}
		if g[1] != want {
			t.Errorf("%s: single-step area mapped = %d after its calls, want %d (per-call %d ns, c_mov %d ns)", f, g[1], want, g[0], got["c_mov"][0])
		}
		match(t, "gs -v", r.Stderr, regexp.QuoteMeta(":"+f+"+0 at +0 (")+class+`\)`)
		t.Logf("%s: %d ns a call", f, g[0])
	}
}

// placeTarget builds testdata/place.c: functions whose first instructions
// the kernel single-steps before a push or jcc.
func placeTarget(t *testing.T) (dir, bin string) {
	dir = t.TempDir()
	return dir, compile(t, dir, "place.c", "place", variant{CC: gcc, Opt: "-O2", PIE: true})
}

// TestPlacementValues reads arguments at moved probes (argN, by name, and
// at return) and checks them against what the target prints, and that
// each probe fires once per call.
func TestPlacementValues(t *testing.T) {
	dir, bin := placeTarget(t)
	b := "./" + bin
	script := fmt.Sprintf(`
uprobe:%[1]s:movpush, uprobe:%[1]s:subpush { printf("E %%s %%d %%d\n", func, arg0, arg1) }
uretprobe:%[1]s:movpush, uretprobe:%[1]s:subpush { printf("R %%s %%d\n", func, retval) }
uprobe:%[1]s:clobber { printf("C %%d %%d\n", arg0, arg1) }
uprobe:%[1]s:clobber { printf("D %%d\n", arg1) }
uprobe:%[1]s:norm { printf("N %%d %%d %%d\n", p->x, args.p->y, k) }
uprobe:%[1]s:norm { printf("M %%d %%d\n", p->x, p->y) }
uprobe:%[1]s:loophead { @loop = count() }`, b)
	r := runGSAsIs(t, dir, timeout, "-v", "-c", b+" 5", "-e", script)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	// The moves this test is about happened, and the refusals too.
	for _, re := range []string{
		`uprobe:\./place:movpush at \+3 \(push, emulated\), moved from \+0 \(mov\)`,
		`uretprobe:\./place:movpush at \+3 \(push, emulated\), moved from \+0 \(mov\)`,
		`uprobe:\./place:subpush at \+4 \(push, emulated\), moved from \+0 \(sub\)`,
		`uretprobe:\./place:subpush at \+0 \(sub, single-stepped\): stays, the skipped code moves the stack pointer`,
		// No move helps these two (lea writes rdi; xor reaches a loop
		// head): their probes sit on their one call (callsite_test.go).
		`uprobe:\./place:clobber at its 1 call \(call, emulated\), moved from \+0 \(lea\)`,
		`uprobe:\./place:clobber at \+4 \(push, emulated\), moved from \+0 \(lea\)`,
		`uprobe:\./place:loophead at its 1 call \(call, emulated\), moved from \+0 \(xor\)`,
		`uprobe:\./place:norm at \+\d+ \(jcc, emulated\), moved from \+0 \(mov\)`,
		`\d+ probes: \d+ emulated, \d+ single-stepped`,
	} {
		match(t, "gs -v", r.Stderr, re)
	}
	want := map[string]int{}
	for i := 1; i <= 5; i++ {
		for _, l := range []string{
			fmt.Sprintf("E movpush %d %d", i, 10*i),
			fmt.Sprintf("R movpush %d", 11*i),
			fmt.Sprintf("E subpush %d %d", i, 30*i),
			fmt.Sprintf("R subpush %d", 31*i),
			fmt.Sprintf("C %d %d", i, 20*i),
			fmt.Sprintf("D %d", 20*i),
			fmt.Sprintf("N %d %d %d", i, 2*i, 5*i),
			fmt.Sprintf("M %d %d", i, 2*i),
		} {
			want[l]++
		}
	}
	// The target's own lines say what it passed and got.
	for _, l := range strings.Split(r.Stdout, "\n") {
		if m := regexp.MustCompile(`^movpush\((\d+), (\d+)\) = (\d+)$`).FindStringSubmatch(l); m != nil {
			a, _ := strconv.Atoi(m[1])
			if m[2] != strconv.Itoa(10*a) || m[3] != strconv.Itoa(11*a) {
				t.Fatalf("the target's line %q is not what the test expects", l)
			}
		}
	}
	got := map[string]int{}
	for _, l := range strings.Split(r.Stdout, "\n") {
		if len(l) > 1 && l[1] == ' ' && strings.ContainsRune("ERCDNM", rune(l[0])) {
			got[l]++
		}
	}
	for l, n := range want {
		if got[l] != n {
			t.Errorf("%q printed %d times, want %d", l, got[l], n)
		}
	}
	for l, n := range got {
		if want[l] == 0 {
			t.Errorf("unexpected line %q (%d times)", l, n)
		}
	}
	// loophead(i) loops i times; hits must equal calls.
	match(t, "stdout", r.Stdout, `@loop: 5\n`)
}

// TestPlacementExact: with --exact-placement nothing moves and the values
// are the same.
func TestPlacementExact(t *testing.T) {
	dir, bin := placeTarget(t)
	b := "./" + bin
	script := fmt.Sprintf(`uprobe:%[1]s:movpush { printf("E %%d %%d\n", arg0, arg1) } uprobe:%[1]s:norm { printf("N %%d %%d\n", p->x, k) }`, b)
	var outs []string
	for _, args := range [][]string{{"-v"}, {"-v", "--exact-placement"}} {
		r := runGSAsIs(t, dir, timeout, append(args, "-c", b+" 4", "-e", script)...)
		if r.Code != 0 {
			t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
		}
		if len(args) == 2 {
			match(t, "gs -v --exact-placement", r.Stderr, `uprobe:\./place:movpush at \+0 \(mov, single-stepped\): stays, --exact-placement`)
		} else {
			match(t, "gs -v", r.Stderr, `uprobe:\./place:movpush at \+3 \(push, emulated\)`)
		}
		var ours []string
		for _, l := range strings.Split(r.Stdout, "\n") {
			if strings.HasPrefix(l, "E ") || strings.HasPrefix(l, "N ") {
				ours = append(ours, l)
			}
		}
		outs = append(outs, strings.Join(ours, "\n")+"\n")
	}
	if outs[0] != outs[1] {
		t.Errorf("default and --exact-placement print different values:\n%s\n---\n%s", outs[0], outs[1])
	}
	match(t, "stdout", outs[0], `E 4 40\n`)
}

// TestPlacementList: gs -lv shows where a probe on each function goes.
func TestPlacementList(t *testing.T) {
	dir, bin := placeTarget(t)
	r := runGSAsIs(t, dir, timeout, "-lv", "uprobe:./"+bin+":norm")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	match(t, "gs -lv", r.Stdout, `probe +at \+\d+ \(jcc, emulated\), moved from \+0 \(mov\)`)
}

// TestPlacementSwitch: functions with a switch compiled to a jump table
// (testdata/switch.c). op's probe moves past its first compare, and reads
// the arguments the target passed, once a call; run's loop head is a
// case's target inside the range a move would skip (with gcc), so its
// probe stays and counts calls, not ops.
func TestPlacementSwitch(t *testing.T) {
	for _, v := range []variant{
		{CC: gcc, Opt: "-O2", PIE: true}, {CC: gcc, Opt: "-O2"},
		{CC: clang, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2"},
	} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			b := "./" + compile(t, dir, "switch.c", "switch", v)
			const calls = 12
			script := fmt.Sprintf(`uprobe:%[1]s:run { @run = count() }
uprobe:%[1]s:op { @op = count(); printf("O %%d %%d %%d = %%d %%d %%d\n", arg0, arg1, arg2, code, a, b) }`, b)
			r := runGSAsIs(t, dir, timeout, "-v", "-c", fmt.Sprintf("%s %d", b, calls), "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			match(t, "gs -v", r.Stderr, `uprobe:\./switch:op at \+\d+ \(jcc, emulated\), moved from \+0 \(cmp\)`)
			if v.CC == gcc {
				// No move helps (a case's target is the loop head): the
				// probe sits on run's one call (callsite_test.go).
				match(t, "gs -v", r.Stderr, `uprobe:\./switch:run at its 1 call \(call, emulated\), moved from \+0`)
			}
			match(t, "stdout", r.Stdout, fmt.Sprintf(`@run: %d\n`, calls))
			match(t, "stdout", r.Stdout, fmt.Sprintf(`@op: %d\n`, calls))
			var want []string
			for _, m := range regexp.MustCompile(`(?m)^op\((\d+), (\d+), (\d+)\) = `).FindAllStringSubmatch(r.Stdout, -1) {
				want = append(want, fmt.Sprintf("O %[1]s %[2]s %[3]s = %[1]s %[2]s %[3]s", m[1], m[2], m[3]))
			}
			got := regexp.MustCompile(`(?m)^O .*$`).FindAllString(r.Stdout, -1)
			if len(want) != calls || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("probe lines:\n%s\nwant (from the target's own lines):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestPlacementStores: release (testdata/store.c) decrements through its
// argument before the first emulated instruction. A probe that reads no
// memory (count()) moves past the stores and counts calls; one that reads
// what they change goes on the call instead (before the stores) and prints
// what the target printed before the call.
func TestPlacementStores(t *testing.T) {
	for _, v := range []variant{
		{CC: gcc, Opt: "-O2", PIE: true}, {CC: gcc, Opt: "-O2"},
		{CC: clang, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2"},
	} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			b := "./" + compile(t, dir, "store.c", "store", v)
			const calls = 7
			script := fmt.Sprintf(`uprobe:%[1]s:release { @n = count() }
uprobe:%[1]s:release { printf("R %%d %%d\n", p->ref, p->cache->n) }`, b)
			r := runGSAsIs(t, dir, timeout, "-v", "-c", fmt.Sprintf("%s %d", b, calls), "-e", script)
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			match(t, "gs -v", r.Stderr, `uprobe:\./store:release at \+\d+ \(jcc, emulated\), moved from \+0 \(mov\)`)
			// Skipped stores keep this one off the jcc; no move helps, so it
			// sits on release's one call (callsite_test.go), before them.
			match(t, "gs -v", r.Stderr, `uprobe:\./store:release at its 1 call \(call, emulated\), moved from \+0 \(mov\)`)
			match(t, "stdout", r.Stdout, fmt.Sprintf(`@n: %d\n`, calls))
			var want []string
			for _, m := range regexp.MustCompile(`(?m)^release\(ref=(\d+), n=(\d+)\)$`).FindAllStringSubmatch(r.Stdout, -1) {
				want = append(want, "R "+m[1]+" "+m[2])
			}
			got := regexp.MustCompile(`(?m)^R .*$`).FindAllString(r.Stdout, -1)
			if len(want) != calls || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("probe lines:\n%s\nwant (from the target's own lines):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
