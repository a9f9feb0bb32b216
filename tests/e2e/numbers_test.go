package e2e

import (
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// numberVariants are the builds the number tests compare: both compilers
// at -O0 and -O2.
var numberVariants = []variant{
	{CC: gcc, Opt: "-O0", PIE: true}, {CC: gcc, Opt: "-O2", PIE: true},
	{CC: clang, Opt: "-O0", PIE: false}, {CC: clang, Opt: "-O2", PIE: true},
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
			// Text: the bitfields print as gdb prints a char, the number
			// first: a = 100 'd', e = 250 '\372'.
			r = runGS(t, dir, timeout, "-c", "./n 0", "-e", `uprobe:./n:take { print(*n) }`)
			text := fmt.Sprintf("a = %s '", want["a"])
			if e := fmt.Sprintf("e = %s '", want["e"]); !strings.Contains(r.Stdout, e) {
				text = e
			}
			if r.Code != 0 || !strings.Contains(r.Stdout, text) {
				t.Errorf("text print lacks %q (exit %d):\n%s\n%s", text, r.Code, r.Stdout, r.Stderr)
			}
		})
	}
}

// gdbFinish runs dir/bin under gdb with a breakpoint on each of funcs,
// each called once, and returns what finish printed for each ("Value
// returned is $1 = -1": "-1").
func gdbFinish(t *testing.T, dir, bin, args string, funcs []string) map[string]string {
	t.Helper()
	var b strings.Builder
	b.WriteString("set pagination off\n")
	for _, f := range funcs {
		fmt.Fprintf(&b, "break %s\n", f)
	}
	fmt.Fprintf(&b, "run %s\n", args)
	for range funcs {
		b.WriteString("finish\ncontinue\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "finish.gdb"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("gdb", "-nx", "-batch", "-x", "finish.gdb", "./"+bin)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	vals := map[string]string{}
	stop := regexp.MustCompile(`^Breakpoint \d+, (\w+) \(`)
	value := regexp.MustCompile(`^Value returned is \$\d+ = (.*)$`)
	fn := ""
	for _, l := range strings.Split(string(out), "\n") {
		if m := stop.FindStringSubmatch(l); m != nil {
			fn = m[1]
		} else if m := value.FindStringSubmatch(l); m != nil && fn != "" {
			vals[fn], fn = m[1], ""
		}
	}
	if len(vals) != len(funcs) {
		t.Fatalf("gdb's finish printed %d of %d values:\n%s", len(vals), len(funcs), out)
	}
	return vals
}

// TestRetvalTyped: retval has the probed function's DWARF result type, as
// gdb's finish prints it: an int -1 is -1, a bool true (so /retval == 1/
// matches), an unsigned char 151, a short -300; a 128-bit result is both
// halves, as the target prints them (gdb 13's finish prints 0 for it).
// In one group over functions of different integer types, each result is
// extended as its own type says. C structs are classified as the psABI
// says: two INTEGER eightbytes in rax and rdx, a larger one in the
// caller's buffer whose address rax returns; one with a double is refused.
// The values are compared with gdb's finish at the same returns.
func TestRetvalTyped(t *testing.T) {
	funcs := []string{"neg", "is_zero", "uchar", "sneg", "take"}
	var script strings.Builder
	for _, f := range funcs {
		fmt.Fprintf(&script, "uretprobe:./n:%s { printf(\"%%s \", func); print(retval); printf(\"%%s %%d\\n\", func, retval) }\n", f)
	}
	script.WriteString("uretprobe:./n:is_zero /retval == 1/ { printf(\"is_zero matched 1\\n\") }\n")
	// One group over all of them: each result extended as its own type says.
	var all []string
	for _, f := range funcs {
		all = append(all, "uretprobe:./n:"+f)
	}
	script.WriteString(strings.Join(all, ",") + " { printf(\"all %s %d\\n\", func, retval) }\n")
	script.WriteString("uretprobe:./n:wide { printf(\"wide \"); print(retval) }\n")
	structs := []string{"mkpair", "mkbig"} // in rax and rdx; in the caller's buffer, at rax
	for _, f := range structs {
		fmt.Fprintf(&script, "uretprobe:./n:%s { printf(\"%%s \", func); print(retval) }\n", f)
	}
	char := regexp.MustCompile(`^(\d+) ('.*')$`)
	for _, v := range numberVariants {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "numbers.c", "n", v)
			want := gdbFinish(t, dir, "n", "0", append(append([]string{}, funcs...), structs...))
			r := runGS(t, dir, timeout, "-c", "./n 0", "-e", script.String())
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			lines := map[string]bool{}
			for _, l := range strings.Split(r.Stdout, "\n") {
				lines[l] = true
			}
			for _, f := range funcs {
				w, num := want[f], want[f]
				if m := char.FindStringSubmatch(w); m != nil {
					num = m[1] // print shows a char as gdb does, 151 '\227'; printf %d the number
				}
				switch num {
				case "true":
					num = "1"
				case "false":
					num = "0"
				}
				if !lines[f+" "+w] || !lines[f+" "+num] || !lines["all "+f+" "+num] {
					t.Errorf("%s: gdb's finish says %s; want lines %q, %q and %q, gs printed:\n%s", f, want[f], f+" "+w, f+" "+num, "all "+f+" "+num, r.Stdout)
				}
			}
			for _, f := range structs {
				if !lines[f+" "+want[f]] {
					t.Errorf("%s: gdb's finish says %s; gs printed:\n%s", f, want[f], r.Stdout)
				}
			}
			// A struct with a double is partly in xmm0: refused.
			r2 := runGS(t, dir, timeout, "-c", "./n 0", "-e", `uretprobe:./n:mkmixed { print(retval) }`)
			if r2.Code != 3 {
				t.Errorf("mkmixed: exit %d, want 3\n%s%s", r2.Code, r2.Stdout, r2.Stderr)
			}
			match(t, "stderr", r2.Stderr, `error: retval of uretprobe:\./n:mkmixed is a struct mixed, returned partly in register xmm0, which a uprobe does not save`)
			if !lines["is_zero matched 1"] {
				t.Errorf("/retval == 1/ did not match is_zero's true:\n%s", r.Stdout)
			}
			self := selfLines(r.Stderr)
			if len(self) < 3 {
				t.Fatalf("the target printed %d self lines:\n%s", len(self), r.Stderr)
			}
			var wide map[string]string
			for _, m := range self {
				if m["wide_hi"] != "" {
					wide = m
				}
			}
			hi, _ := new(big.Int).SetString(wide["wide_hi"], 10)
			lo, _ := strconv.ParseInt(wide["wide_lo"], 10, 64)
			v := new(big.Int).Lsh(hi, 64) // the signed __int128 hi<<64 | lo, in decimal as gdb prints it
			v.Or(v, new(big.Int).SetUint64(uint64(lo)))
			if w := "wide " + v.String(); !lines[w] {
				t.Errorf("want %q (the target's wide_hi, wide_lo), gs printed:\n%s", w, r.Stdout)
			}
		})
	}
}

// refusal is the diagnostic for a floating-point result gs cannot read:
// positioned (caret under retval), naming the register and why no copy
// of it is readable.
func refusal(probe, typ string) string {
	return `(?s)<expr>:1:\d+: error: retval of ` + regexp.QuoteMeta(probe) + ` is a ` + typ +
		`, returned in register xmm0, which a uprobe does not save\n.*\^~~~~~\nhint: no copy of it is readable at the return: \S`
}

// TestFloatResults: a floating-point result is in xmm0, which a uprobe
// does not save. gs reads it where the instructions before every RET
// prove a copy (gcc -O0 moves a double through rax; Go's -N -l code
// stores it to the frame it pops), and prints what gdb's finish (C) or
// the target itself (Go, Rust) prints; everywhere else it refuses the
// script with a positioned error, never printing rax.
func TestFloatResults(t *testing.T) {
	t.Run("C", func(t *testing.T) {
		for _, v := range numberVariants {
			t.Run(v.String(), func(t *testing.T) {
				dir := t.TempDir()
				compile(t, dir, "numbers.c", "n", v)
				want := gdbFinish(t, dir, "n", "0", []string{"ratio", "fratio"})
				for _, f := range []struct{ fn, typ string }{{"ratio", "double"}, {"fratio", "float"}} {
					probe := "uretprobe:./n:" + f.fn
					r := runGS(t, dir, timeout, "-c", "./n 0", "-e", probe+" { print(retval) }")
					readable := v.CC == gcc && v.Opt == "-O0" && f.fn == "ratio" // movq %rax,%xmm0; pop %rbp; ret
					switch {
					case readable && (r.Code != 0 || strings.TrimSpace(r.Stdout) != want[f.fn]):
						t.Errorf("%s: gdb's finish says %s; gs (exit %d) printed %q\n%s", f.fn, want[f.fn], r.Code, r.Stdout, r.Stderr)
					case !readable && r.Code != 3:
						t.Errorf("%s: exit %d, want 3 (the refusal); gdb's finish says %s, gs printed %q\n%s", f.fn, r.Code, want[f.fn], r.Stdout, r.Stderr)
					case !readable:
						match(t, "stderr", r.Stderr, refusal(probe, f.typ))
					}
				}
			})
		}
	})
	t.Run("Go", func(t *testing.T) {
		for _, v := range goVariants {
			t.Run(v.name, func(t *testing.T) {
				dir := t.TempDir()
				buildGo(t, dir, "gonums", "g", v)
				readable := v.gcflags != "" // -N -l: MOVSD X0, 0(SP); ADDQ; POPQ BP; RET
				script := `uretprobe:./g:main.ratio { printf("ratio="); print(retval) } uretprobe:./g:main.quot { printf("quot="); print(retval) }`
				r := runGS(t, dir, timeout, "-c", "./g", "-e", script)
				if !readable {
					if r.Code != 3 {
						t.Fatalf("exit %d, want 3 (the refusal); gs printed %q\n%s", r.Code, r.Stdout, r.Stderr)
					}
					match(t, "stderr", r.Stderr, refusal("uretprobe:./g:main.ratio", "float64"))
					match(t, "stderr", r.Stderr, refusal("uretprobe:./g:main.quot", "float64"))
					return
				}
				self := selfLines(r.Stderr)
				if r.Code != 0 || len(self) != 1 {
					t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
				}
				for _, f := range []string{"ratio", "quot"} {
					if l := f + "=" + self[0][f]; !strings.Contains(r.Stdout, l+"\n") {
						t.Errorf("want %q (the target's), gs printed:\n%s", l, r.Stdout)
					}
				}
				// The named result by its name reads the same copy.
				r = runGS(t, dir, timeout, "-c", "./g", "-e", `uretprobe:./g:main.quot { print(q) }`)
				if w := "q = " + self[0]["quot"]; r.Code != 0 || strings.TrimSpace(r.Stdout) != w {
					t.Errorf("want %q, gs (exit %d) printed %q\n%s", w, r.Code, r.Stdout, r.Stderr)
				}
			})
		}
	})
	t.Run("Rust", func(t *testing.T) {
		for _, b := range rustBuilds[:2] {
			t.Run(b.name, func(t *testing.T) {
				dir := t.TempDir()
				rustc(t, dir, "floats.rs", "f", b)
				r := runGS(t, dir, timeout, "-c", "./f", "-e", `uretprobe:./f:floats::ratio { print(retval) }`)
				if r.Code != 3 {
					t.Fatalf("exit %d, want 3 (the refusal); gs printed %q\n%s", r.Code, r.Stdout, r.Stderr)
				}
				match(t, "stderr", r.Stderr, refusal("uretprobe:./f:floats::ratio", "f64"))
			})
		}
	})
}

// TestGoNamedResultsDefer: with a defer, Go's DWARF lists each named
// result twice; the ABI's registers go to each result once, so a and b
// and an error result read what the function returned, as the target
// prints it.
func TestGoNamedResultsDefer(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "gonums", "g", v)
			r := runGS(t, dir, timeout, "-c", "./g x", "-e", `uretprobe:./g:main.two { print(a, b) } uretprobe:./g:main.check { print(n, err) }`)
			self := selfLines(r.Stderr)
			if r.Code != 0 || len(self) != 1 {
				t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
			}
			s := self[0]
			want := fmt.Sprintf("a = %s, b = %s\nn = %s, err = %q\n", s["a"], s["b"], s["n"], s["err"])
			if r.Stdout != want {
				t.Errorf("gs printed:\n%s\nthe target says:\n%s", r.Stdout, want)
			}
		})
	}
}

// TestFloatParams: a float parameter in an SSE register (C at -O2, Go's
// X0, Rust) is refused with a positioned error naming the register; where
// gs reads one (from the frame, at -O0), it is what gdb prints at a
// breakpoint on the function. Never another register's contents.
func TestFloatParams(t *testing.T) {
	check := func(t *testing.T, dir, bin, fn, args string) {
		t.Helper()
		want := gdbValues(t, dir, bin, args, []string{fn}, [][]string{{"x", "n"}})
		if len(want) != 2 {
			t.Fatalf("gdb printed %q", want)
		}
		probe := "uprobe:./" + bin + ":" + fn
		cmd := "./" + bin
		if args != "" {
			cmd += " " + args
		}
		r := runGS(t, dir, timeout, "-c", cmd, "-e", probe+" { print(x, n) }")
		t.Logf("gdb: x = %s; gs: exit %d %s", want[0], r.Code, strings.TrimSpace(r.Stdout))
		switch r.Code {
		case 0:
			if got, w := strings.TrimSpace(r.Stdout), "x = "+want[0]+", n = "+want[1]; got != w {
				t.Errorf("gs printed %q, gdb %q", got, w)
			}
		case 3:
			match(t, "stderr", r.Stderr, `(?s)<expr>:1:\d+: error: "x" is in register xmm\d+ at `+regexp.QuoteMeta(probe)+`, which a uprobe does not save\n.*\^\nhint: `)
		default:
			t.Errorf("exit %d\n%s%s", r.Code, r.Stdout, r.Stderr)
		}
	}
	for _, v := range numberVariants {
		t.Run("C/"+v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "numbers.c", "n", v)
			check(t, dir, "n", "scale", "0")
		})
	}
	for _, v := range goVariants[:2] {
		t.Run("Go/"+v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "gonums", "g", v)
			check(t, dir, "g", "main.scale", "")
		})
	}
	for _, b := range rustBuilds[:2] {
		t.Run("Rust/"+b.name, func(t *testing.T) {
			dir := t.TempDir()
			rustc(t, dir, "floats.rs", "f", b)
			check(t, dir, "f", "floats::scale", "")
		})
	}
}
