package debuginfo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// TestLeavesByUnwind compiles C functions with and without a cleanup for
// exceptions (-fexceptions and the cleanup attribute give the FDE an
// LSDA, and the binary imports __gcc_personality_v0), and with and
// without setjmp, and checks what LeavesByUnwind says of each, with gcc
// and clang.
func TestLeavesByUnwind(t *testing.T) {
	const src = `#include <setjmp.h>
volatile int released;
void release(int *p) { released = *p; }
void (*hook)(void);
#ifdef CLEAN
int cleaned(int x) { int __attribute__((cleanup(release))) v = x; if (hook) hook(); return v + 1; }
#endif
int plain(int x) { if (hook) hook(); return x + 2; }
#ifdef JUMP
jmp_buf env;
int jumps(void) { return setjmp(env); }
#endif
int main(void) { return plain(2); }
`
	dir := t.TempDir()
	file := filepath.Join(dir, "u.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		def            string
		cleaned, plain string // a word of what LeavesByUnwind says, "" for nothing
	}{
		{"-DNONE", "", ""},
		{"-DCLEAN", "LSDA", "uses exceptions (__gcc_personality_v0)"},
		{"-DJUMP", "", "calls _setjmp"},
	}
	for _, cc := range []testtarget.Compiler{gcc, clang} {
		for _, tc := range cases {
			out := filepath.Join(dir, cc.String()+tc.def)
			testtarget.Build(t, cc, "-O2", "-fexceptions", tc.def, "-o", out, file)
			b, err := Open(out)
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range map[string]string{"cleaned": tc.cleaned, "plain": tc.plain} {
				fn, ok := b.LookupFunc(name)
				if !ok {
					if want != "" {
						t.Errorf("%s: no function %s", out, name)
					}
					continue
				}
				got := b.LeavesByUnwind(fn)
				if (want == "") != (got == "") || !strings.Contains(got, want) {
					t.Errorf("%s: %s: LeavesByUnwind says %q, want %q", out, name, got, want)
				}
			}
			b.Close()
		}
	}
}
