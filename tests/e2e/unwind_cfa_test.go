package e2e

import (
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestUnwindSignal: a stack taken in a signal handler's callee continues
// past the signal frame (the restorer, __restore_rt, whose caller is the
// interrupted context in the frame's ucontext), through kill and a
// caller without frame pointers down to main, as gdb's bt shows it (its
// "<signal handler called>" frame is the restorer's pc).
func TestUnwindSignal(t *testing.T) {
	for _, v := range []variant{
		{CC: gcc, Opt: "-O2", PIE: true},
		{CC: clang, Opt: "-O2", PIE: false},
	} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "unwind_signal.c", "sig", v, "-fomit-frame-pointer")
			checkStacks(t, dir, "./sig", "2", "leaf", "handle SIGUSR1 nostop noprint pass")
		})
	}
}

// TestUnwindSignalMusl: the same in a static musl-gcc program, whose
// restorer has no FDE (it is found by its symbol and code): the stack goes
// past it to kill, where musl's code without CFI ends it, as gdb's does.
func TestUnwindSignalMusl(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "unwind_signal.c", "sig", variant{CC: muslGCC, Opt: "-O2"}, "-fomit-frame-pointer", "-static")
	checkStacks(t, dir, "./sig", "2", "leaf", "handle SIGUSR1 nostop noprint pass")
}

// TestUnwindCFAExpression: a stack through a frame whose CFA is a DWARF
// expression (gcc's stack realignment with a DRAP register: CFA =
// *(rbp - 8), the caller's rbp at rbp + 0) into callers without frame
// pointers, whose CFA is rsp-relative and so needs the true CFA, as gdb's
// bt shows it.
func TestUnwindCFAExpression(t *testing.T) {
	for _, pie := range []bool{true, false} {
		v := variant{CC: gcc, Opt: "-O2", PIE: pie}
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			obj := filepath.Join(dir, "realign.o")
			args := []string{"-g", "-O0", "-mavx", "-mstackrealign", "-c", "-o", obj, filepath.Join("testdata", "unwind_realign.c")}
			if pie {
				args = append(args, "-fPIE")
			} else {
				args = append(args, "-fno-PIE")
			}
			testtarget.Build(t, gcc, args...)
			compile(t, dir, "unwind_realign_main.c", "realign", v, obj, "-fomit-frame-pointer")
			checkStacks(t, dir, "./realign", "2", "leaf")
		})
	}
}

// sameStacks checks that gs's @[ustack] counts in out are want's (gdb's
// backtraces and how often it stopped with each), and no other.
func sameStacks(t *testing.T, want map[string]int, out string) {
	t.Helper()
	got := gsStacks(t, out)
	for stack, n := range want {
		if got[stack] != n {
			t.Errorf("stack %s: gs counted %d, gdb stopped %d times", stack, got[stack], n)
		}
	}
	for stack, n := range got {
		if _, ok := want[stack]; !ok {
			t.Errorf("gs stack %s (%d) gdb never showed", stack, n)
		}
	}
	if t.Failed() {
		t.Logf("gs output:\n%s", out)
	}
}

// checkStacks runs bin arg under gdb (with gdb commands pre) and under gs
// -c with @[ustack] = count() at fn, and checks that gs counts each stack
// as often as gdb stopped with that backtrace, and no other.
func checkStacks(t *testing.T, dir, bin, arg, fn string, pre ...string) {
	t.Helper()
	want := map[string]int{}
	for stack, n := range gdbRawWith(t, dir, bin, arg, fn, pre...) {
		want[gdbStack(stack)] += n
	}
	if len(want) == 0 {
		t.Fatalf("gdb never stopped at %s", fn)
	}
	r := runGS(t, dir, timeout, "-c", bin+" "+arg, "-e", `uprobe:`+bin+`:`+fn+` { @[ustack] = count(); }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	sameStacks(t, want, r.Stdout)
}

// TestUnwindDlopen: a stack through a library the program loads with
// dlopen after gs started (no table built before load covers it; gs adds
// its table when it appears in the process's maps) names the library's
// frame and goes on to main, as gdb's bt does: the probe is in the
// program's callback, below the library's frame.
func TestUnwindDlopen(t *testing.T) {
	for _, v := range []variant{
		{CC: gcc, Opt: "-O2", PIE: true},
		{CC: clang, Opt: "-O2", PIE: false},
	} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			lib := []string{"-g", v.Opt, "-fPIC", "-shared", "-fomit-frame-pointer", "-o", filepath.Join(dir, "libplug.so"), filepath.Join("testdata", "unwind_plugin.c")}
			testtarget.Build(t, v.CC, lib...)
			compile(t, dir, "unwind_dlopen.c", "host", v, "-fomit-frame-pointer")
			checkStacks(t, dir, "./host", "./libplug.so", "cb")
		})
	}
}
