package e2e

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/arch"
)

// goStripped builds the Go target with DWARF and symbols ("orders"),
// with -ldflags='-s -w' ("orders-s": neither, functions and lines only in
// .gopclntab, as release and container builds ship) and with -w
// ("orders-w": symbols, lines and stack deltas only in .gopclntab).
func goStripped(t *testing.T, dir string, v goVariant) {
	t.Helper()
	buildGo(t, dir, "goorders", "orders", v)
	buildGo(t, dir, "goorders", "orders-s", v, "-ldflags=-s -w")
	buildGo(t, dir, "goorders", "orders-w", v, "-ldflags=-w")
}

// goStack keeps the frames of a printed ustack, with the symbol table's
// name of an assembly function (runtime.goexit.abi0) as .gopclntab and
// Go's tracebacks have it (runtime.goexit).
func goStack(out string) string {
	var frames []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "        ") {
			frames = append(frames, strings.Replace(l, ".abi0+", "+", 1))
		}
	}
	return strings.Join(frames, "\n")
}

// TestGoStripped traces a Go program built without DWARF or symbols by
// its .gopclntab: at main.process(o, name, qty) the register ABI's
// argN (qty is arg3, name's length arg2, name itself str(arg1, arg2): a
// length known at run time; main.nine's nine arguments arg0..arg8), the
// result at its RETs
// (retval, RAX) and goid (runtime.g's layout by the binary's Go release)
// as the program prints them, and the stack with file:line
// (-v) as the same program built with DWARF shows it; the same for a -w
// build (symbols, no DWARF).
func TestGoStripped(t *testing.T) {
	for _, v := range []goVariant{goVariants[0], goVariants[2]} {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			goStripped(t, dir, v)
			run := func(bin, script string) (stdout, traced string) {
				out := filepath.Join(dir, bin+".out")
				r := runGS(t, dir, timeout, "-v", "-q", "-o", out, "-c", "./"+bin+" 3", "-e", script)
				if r.Code != 0 {
					t.Fatalf("gs on %s: exit %d\n%s", bin, r.Code, r.Stderr)
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				return r.Stdout, string(got)
			}
			byABI := `uprobe:./BIN:main.process { printf("args qty=%d namelen=%d name=%s\n", arg3, arg2, str(arg1, arg2)); print(ustack(3)) }
				uretprobe:./BIN:main.process { printf("result total=%d\n", retval) }
				uprobe:./BIN:main.depth /arg0 == 2000/ { printf("deep goid=%d\n", goid) }
				uprobe:./BIN:main.nine { printf("nine %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8) }`
			sout, stripped := run("orders-s", strings.ReplaceAll(byABI, "BIN", "orders-s"))
			wout, symbols := run("orders-w", strings.ReplaceAll(byABI, "BIN", "orders-w"))
			fout, full := run("orders", `uprobe:./orders:main.process { printf("args qty=%d namelen=%d name=%s\n", qty, name.len, name); print(ustack(3)) }
				uretprobe:./orders:main.process { printf("result total=%d\n", total) }
				uprobe:./orders:main.depth /n == 2000/ { printf("deep goid=%d\n", goid) }
				uprobe:./orders:main.nine { printf("nine %ld %ld %ld %ld %ld %ld %ld %ld %ld\n", a, b, c, d, e, f, g, h, i) }`)
			wantOf := func(stdout string) []string { // what the target printed (goroutine ids differ by run)
				var want []string
				for _, l := range strings.Split(stdout, "\n") {
					if m := goCall.FindStringSubmatch(l); m != nil {
						want = append(want, "args qty="+m[3]+" namelen="+strconv.Itoa(len(m[2]))+" name="+m[2])
					}
					if total, ok := strings.CutPrefix(l, "result total="); ok {
						total, _, _ = strings.Cut(total, " ")
						want = append(want, "result total="+total)
					}
					if strings.HasPrefix(l, "deep goid=") || strings.HasPrefix(l, "nine ") {
						want = append(want, l)
					}
				}
				return want
			}
			pick := func(s string) []string {
				var out []string
				for _, l := range strings.Split(s, "\n") {
					if strings.HasPrefix(l, "args ") || strings.HasPrefix(l, "result ") || strings.HasPrefix(l, "deep goid=") || strings.HasPrefix(l, "nine ") {
						out = append(out, l)
					}
				}
				return out
			}
			if want := wantOf(sout); len(want) != 10 || strings.Join(pick(stripped), "\n") != strings.Join(want, "\n") {
				t.Errorf("gs on the stripped build printed\n%s\nthe target printed\n%s", strings.Join(pick(stripped), "\n"), strings.Join(want, "\n"))
			}
			if want := wantOf(wout); strings.Join(pick(symbols), "\n") != strings.Join(want, "\n") {
				t.Errorf("gs on the -w build printed\n%s\nthe target printed\n%s", strings.Join(pick(symbols), "\n"), strings.Join(want, "\n"))
			}
			if want := wantOf(fout); strings.Join(pick(full), "\n") != strings.Join(want, "\n") {
				t.Errorf("gs on the DWARF build printed by name\n%s\nthe target printed\n%s", strings.Join(pick(full), "\n"), strings.Join(want, "\n"))
			}
			ws := goStack(full)
			for bin, out := range map[string]string{"-s -w": stripped, "-w": symbols} {
				if gs := goStack(out); !strings.Contains(gs, "main.main+") || !strings.Contains(gs, "main.go:") || gs != ws {
					t.Errorf("stack of the %s build\n%s\nof the DWARF build\n%s", bin, gs, ws)
				}
			}
		})
	}
}

// TestGoStrippedList: gs -l of a stripped Go binary lists the functions
// the DWARF build lists, and a uretprobe goes on the same RETs (gs -lv).
func TestGoStrippedList(t *testing.T) {
	dir := t.TempDir()
	goStripped(t, dir, goVariants[0])
	list := func(bin, spec string) string {
		r := runGS(t, dir, timeout, "-l", strings.ReplaceAll(spec, "BIN", bin))
		if r.Code != 0 {
			t.Fatalf("gs -l %s: exit %d\n%s", spec, r.Code, r.Stderr)
		}
		return strings.ReplaceAll(r.Stdout, "./"+bin+":", "BIN:")
	}
	for _, spec := range []string{"uprobe:./BIN:main.*", `uprobe:./BIN:"main.(*ValidationError).*"`, "uprobe:./BIN:*.depth"} {
		want, got := list("orders", spec), list("orders-s", spec)
		if got != want || strings.Count(want, "\n") == 0 {
			t.Errorf("gs -l %s: the stripped build lists\n%s\nthe DWARF build\n%s", spec, got, want)
		}
	}
	sites := regexp.MustCompile(`(?m)^    probe  at \+\d+ `)
	rets := func(bin string) []string {
		r := runGS(t, dir, timeout, "-lv", "uretprobe:./"+bin+":main.process")
		if r.Code != 0 {
			t.Fatalf("gs -lv: exit %d\n%s", r.Code, r.Stderr)
		}
		return sites.FindAllString(r.Stdout, -1)
	}
	if want, got := rets("orders"), rets("orders-s"); len(want) == 0 || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("uretprobe sites: stripped %q, DWARF build %q", got, want)
	}
	r := runGS(t, dir, timeout, "-lv", "uprobe:./orders-s:main.process")
	var regs []string
	for i, reg := range arch.GoABI.IntRegs {
		regs = append(regs, "arg"+strconv.Itoa(i)+"="+arch.DWARFName(reg))
	}
	match(t, "gs -lv", r.Stdout, `(?m)^uprobe:./orders-s:main.process\n    probe  at \+\d+ .*\n    \(no DWARF: values by name need it;.*\n`+
		`    arguments by Go's register ABI \(how many is not known\): `+regexp.QuoteMeta(strings.Join(regs, " "))+`\n`)
	if r.Stderr != "" {
		t.Errorf("gs -lv wrote to stderr:\n%s", r.Stderr)
	}
	// func and usym name what the table names: main.depth's address
	// from Go's own nm of the build with symbols (the text is the same).
	nm, err := exec.Command("go", "tool", "nm", filepath.Join(dir, "orders")).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	depth := regexp.MustCompile(`(?m)^\s*([0-9a-f]+) T main\.depth$`).FindSubmatch(nm)
	if depth == nil {
		t.Fatalf("no main.depth in go tool nm's output")
	}
	r = runGS(t, dir, timeout, "-q", "-c", "./orders-s 1", "-e",
		`uprobe:./orders-s:main.process { printf("sym %s %s\n", func, usym(0x`+string(depth[1])+` + 5)) }`)
	match(t, "gs output", r.Stdout, `(?m)^sym main\.process main\.depth\+5$`)
	// A .gopclntab whose magic no Go wrote: the error says so.
	f, err := elf.Open(filepath.Join(dir, "orders-s"))
	if err != nil {
		t.Fatal(err)
	}
	off := f.Section(".gopclntab").Offset
	f.Close()
	raw, err := os.ReadFile(filepath.Join(dir, "orders-s"))
	if err != nil {
		t.Fatal(err)
	}
	copy(raw[off:], []byte{0x12, 0x34, 0x56, 0x78})
	if err := os.WriteFile(filepath.Join(dir, "orders-bad"), raw, 0o755); err != nil {
		t.Fatal(err)
	}
	r = runGS(t, dir, timeout, "-e", "uprobe:./orders-bad:main.process { }")
	want := `<expr>:1:1: error: "./orders-bad" has no symbol table, and gs cannot read .gopclntab: unknown magic 0x78563412 (Go before 1.16 or not a pclntab)`
	if r.Code == 0 || !strings.HasPrefix(r.Stderr, want+"\n") {
		t.Errorf("gs on a bad .gopclntab: exit %d\n%s\nwant\n%s", r.Code, r.Stderr, want)
	}
}
