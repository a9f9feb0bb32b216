package debuginfo

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// usdtSource has probes whose arguments the compilers put in registers,
// on the stack, in globals and as constants, of every size, signed and
// not, one with a semaphore.
const usdtSource = `#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdint.h>
#include <stdio.h>
#define SEM(n) unsigned short app_##n##_semaphore __attribute__((unused)) __attribute__((section(".probes")));
SEM(sizes) SEM(globals) SEM(consts) SEM(guarded)
#define APP_GUARDED_ENABLED() __builtin_expect(app_guarded_semaphore, 0)
int8_t g8 = -8; uint16_t g16 = 16; int32_t g32 = -32; uint64_t g64 = 64;
__attribute__((noinline)) void sizes(int8_t a, uint8_t b, int16_t c, uint16_t d, int32_t e, uint32_t f, int64_t g, uint64_t h) {
	DTRACE_PROBE8(app, sizes, a, b, c, d, e, f, g, h);
}
__attribute__((noinline)) void globals(void) { DTRACE_PROBE4(app, globals, g8, g16, g32, g64); }
__attribute__((noinline)) void consts(void) { DTRACE_PROBE2(app, consts, 5, -7); }
__attribute__((noinline)) void guarded(long x) { if (APP_GUARDED_ENABLED()) DTRACE_PROBE1(app, guarded, x); }
int main(int argc, char **argv) {
	sizes(-1, 2, -3, 4, -5, 6, -7, 8);
	globals();
	consts();
	guarded(argc);
	return 0;
}
`

// TestUSDTNotes reads the notes of a program built with <sys/sdt.h> by gcc
// and clang at -O0 and -O2, PIE and not, and compares them with what
// readelf -n prints: provider, name, location, base, semaphore and the
// argument text, then checks each argument spec parses with the size and
// signedness its text says. (_SDT_HAS_SEMAPHORES gives every probe a
// semaphore; only guarded's site tests it.)
func TestUSDTNotes(t *testing.T) {
	for _, v := range testtarget.Variants {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel()
			bin := filepath.Join(t.TempDir(), "usdt")
			testtarget.Build(t, v.CC, v.Args(bin, []string{testtarget.Source(t, "usdt.c", usdtSource)})...)
			want := readelfNotes(t, bin)
			b, err := Open(bin)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			got, errs, err := b.USDTs()
			if err != nil || len(errs) > 0 {
				t.Fatalf("USDTs: %v %v", err, errs)
			}
			var gotText []string
			for _, u := range got {
				gotText = append(gotText, fmt.Sprintf("%s:%s pc=%#x base=%#x sem=%#x args=%s", u.Provider, u.Name, u.PC, u.Base, u.Semaphore, u.ArgsText))
				if len(u.Args) != len(strings.Fields(u.ArgsText)) {
					t.Errorf("%s: %d args from %q", u.Name, len(u.Args), u.ArgsText)
				}
				for _, a := range u.Args {
					size, _ := strconv.Atoi(a.Spec[:strings.IndexByte(a.Spec, '@')])
					if a.Size != max(size, -size) || a.Signed != (size < 0) {
						t.Errorf("%s: %q parsed as %d bytes, signed %v", u.Name, a.Spec, a.Size, a.Signed)
					}
					if _, err := b.USDTLocation(a); err != nil {
						t.Errorf("%s: %v", u.Name, err)
					}
				}
				if u.Name == "guarded" && u.Semaphore == 0 {
					t.Errorf("guarded has no semaphore")
				}
				if u.Semaphore != 0 {
					if _, ok := b.FileOffset(u.Semaphore); !ok {
						t.Errorf("%s: semaphore %#x in no segment", u.Name, u.Semaphore)
					}
				}
			}
			if strings.Join(gotText, "\n") != strings.Join(want, "\n") {
				t.Errorf("notes:\n%s\nreadelf -n:\n%s", strings.Join(gotText, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

var readelfNote = regexp.MustCompile(`(?m)^\s+Provider: (\S+)\n\s+Name: (\S+)\n\s+Location: (0x[0-9a-f]+), Base: (0x[0-9a-f]+), Semaphore: (0x[0-9a-f]+)\n\s+Arguments: ?(.*)$`)

// readelfNotes is readelf -n's view of the stapsdt notes, in the shape
// TestUSDTNotes prints them.
func readelfNotes(t *testing.T, bin string) []string {
	out := run(t, "readelf", "-n", bin)
	var notes []string
	for _, m := range readelfNote.FindAllStringSubmatch(out, -1) {
		n := func(s string) uint64 { v, _ := strconv.ParseUint(s, 0, 64); return v }
		notes = append(notes, fmt.Sprintf("%s:%s pc=%#x base=%#x sem=%#x args=%s", m[1], m[2], n(m[3]), n(m[4]), n(m[5]), strings.TrimSpace(m[6])))
	}
	if len(notes) != 4 {
		t.Fatalf("readelf -n shows %d stapsdt notes, want 4:\n%s", len(notes), out)
	}
	return notes
}

// TestParseUSDTArgs pins the argument forms of the SystemTap wiki's
// "Argument Format" and the locations they become.
func TestParseUSDTArgs(t *testing.T) {
	b := &Binary{PIE: true}
	for _, tc := range []struct {
		spec, want, loc string
	}{
		{"-4@%edi", "reg edi 4 signed", "reg5"},
		{"1@%sil", "reg sil 1 unsigned", "reg4"},
		{"2@%r8w", "reg r8w 2 unsigned", "reg8"},
		{"-1@%ah", "reg ah 1 signed", "breg0+0 const 8 shr"},
		{"8@%rax", "reg rax 8 unsigned", "reg0"},
		{"%rax", "reg rax 8 unsigned", "reg0"},
		{"8@-16(%rbp)", "mem rbp-16 8 unsigned", "breg6-16"},
		{"-4@(%rsp)", "mem rsp+0 4 signed", "breg7+0"},
		{"4@$5", "const 5 4 unsigned", "const 5"},
		{"-4@$-7", "const -7 4 signed", "const -7"},
		{"8@8(%rax,%rdx,8)", "mem rax+8 rdx*8 8 unsigned", "breg0+8 breg1+0 const 8 mul plus"},
		{"8@(,%rdx,4)", "mem +0 rdx*4 8 unsigned", "breg1+0 const 4 mul"},
		{"8@16(,%rdx,4)", "mem +16 rdx*4 8 unsigned", "breg1+0 const 4 mul plus_const 16"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			as, err := ParseUSDTArgs(tc.spec)
			if err != nil || len(as) != 1 {
				t.Fatalf("ParseUSDTArgs: %v %v", as, err)
			}
			a := as[0]
			sign := map[bool]string{true: "signed", false: "unsigned"}[a.Signed]
			var got string
			switch a.Kind {
			case USDTReg:
				got = fmt.Sprintf("reg %s %d %s", a.Reg, a.Size, sign)
			case USDTConst:
				got = fmt.Sprintf("const %d %d %s", a.Value, a.Size, sign)
			default:
				got = fmt.Sprintf("mem %s%+d", a.Reg, a.Offset)
				if a.Index != "" {
					got += fmt.Sprintf(" %s*%d", a.Index, a.Scale)
				}
				got += fmt.Sprintf(" %d %s", a.Size, sign)
			}
			if got != tc.want {
				t.Errorf("parsed %q, want %q", got, tc.want)
			}
			loc, err := b.USDTLocation(a)
			if err != nil {
				t.Fatal(err)
			}
			var ops []string
			for _, o := range loc.Pieces[0].Ops {
				ops = append(ops, o.String())
			}
			if g := strings.Join(ops, " "); g != tc.loc {
				t.Errorf("location %q, want %q", g, tc.loc)
			}
		})
	}
	for _, bad := range []string{"3@%eax", "4@%xmm0", "x@%eax", "8@8(%rax", "8@$x", "8@4(%eax)", "8@8(%rip)", "8@0x1000"} {
		as, err := ParseUSDTArgs(bad)
		if err == nil && len(as) == 1 {
			_, err = b.USDTLocation(as[0])
		}
		if err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
