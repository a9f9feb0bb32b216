package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// goVariant is one way of building a Go target: the toolchain's defaults
// (register ABI, optimized, location lists), -N -l (no optimization, no
// inlining: values in the frame), and a PIE (type descriptors and itabs
// at a load bias).
type goVariant struct{ name, gcflags, buildmode string }

var goVariants = []goVariant{{"default", "", ""}, {"noopt", "all=-N -l", ""}, {"pie", "", "pie"}}

// buildGo builds the Go program in testdata/src (a directory) into
// dir/name with v's flags and extra ones.
func buildGo(t *testing.T, dir, src, name string, v goVariant, extra ...string) string {
	t.Helper()
	flags := extra
	if v.gcflags != "" {
		flags = append(flags, "-gcflags="+v.gcflags)
	}
	if v.buildmode != "" {
		flags = append(flags, "-buildmode="+v.buildmode)
	}
	abs, err := filepath.Abs(filepath.Join("testdata", src, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	testtarget.GoBuild(t, filepath.Join(dir, name), abs, flags...)
	return name
}

// goCall matches the target's own line for a call of main.process.
var goCall = regexp.MustCompile(`^call id=(\d+) name=(\S*) qty=(\d+) city=(.*) zip=(\d+) items=\[(.*)\]$`)

// TestGoValues reads a string parameter, struct fields through pointers
// with `.` (o.Addr.City, o a *Order), and a slice, at a Go function under
// the register ABI and at -N -l, and compares them with what the target
// prints itself: a string cut at the str() limit of 64 bytes, a slice at
// 32 elements (then "..."). The city also keys a map. A printed struct
// shows its string members as text (*o.Addr).
func TestGoValues(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goorders", "orders", v)
			out := filepath.Join(dir, "gs.out")
			script := `uprobe:./orders:main.process {
				printf("call id=%d name=%s qty=%d city=%s zip=%d items=%s\n", o.ID, name, qty, o.Addr.City, o.Addr.Zip, o.Items);
				@city[o.Addr.City] = count();
				print(*o.Addr)
			}`
			r := runGS(t, dir, timeout, "-q", "-o", out, "-c", "./orders 6", "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var want, addrs []string
			cities := map[string]int{}
			for _, line := range strings.Split(r.Stdout, "\n") {
				m := goCall.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				city := m[4]
				if len(city) > 64 {
					city = city[:64]
				}
				cities[city]++
				cut := ""
				if len(m[4]) > 64 {
					cut = "..."
				}
				addrs = append(addrs, `*o.Addr = {Street = "`+m[1]+` Main St", City = "`+city+`"`+cut+`, Zip = `+m[5]+`}`)
				items := strings.Split(m[6], ", ")
				if len(items) > 32 {
					items = append(items[:32], "...")
				}
				want = append(want, "call id="+m[1]+" name="+m[2]+" qty="+m[3]+" city="+city+" zip="+m[5]+
					" items=["+strings.Join(items, ", ")+"]")
			}
			if len(want) != 6 {
				t.Fatalf("the target printed %d calls, want 6:\n%s", len(want), r.Stdout)
			}
			var lines, addrLines []string
			for _, l := range strings.Split(string(got), "\n") {
				if strings.HasPrefix(l, "call ") {
					lines = append(lines, l)
				}
				if strings.HasPrefix(l, "*o.Addr = ") {
					addrLines = append(addrLines, l)
				}
			}
			if strings.Join(addrLines, "\n") != strings.Join(addrs, "\n") {
				t.Errorf("gs printed\n%s\nwant\n%s", strings.Join(addrLines, "\n"), strings.Join(addrs, "\n"))
			}
			if strings.Join(lines, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nthe target printed (capped)\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
			}
			for city, n := range cities {
				match(t, "gs output", string(got), `(?m)^@city\[`+regexp.QuoteMeta(city)+`\]: `+strconv.Itoa(n)+`$`)
			}
		})
	}
}

var goDepth = regexp.MustCompile(`(?m)^depth calls=(\d+) sum=(\d+) stack moves=(\d+)$`)

// TestGoReturnProbes: uretprobe: on a Go function becomes uprobes on its
// RET instructions, so the program runs to its end without crashing while
// goroutine stacks grow and move under the traced function (a kernel
// uretprobe rewrites the return address on the stack, which Go copies).
// retval is printed on every return: as many as the program counts, adding
// up to the sum it prints. The named result total (optimized out at the
// RET in DWARF, in RAX by the register ABI) matches what the caller got.
// An entry probe fires once per call, also for the calls whose stack
// check grows the stack and runs the function again from its entry.
func TestGoReturnProbes(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goorders", "orders", v)
			out := filepath.Join(dir, "gs.out")
			script := `uretprobe:./orders:main.depth { printf("ret %d\n", retval) }
				uprobe:./orders:main.depth { @entries = count() }
				uretprobe:./orders:main.process { printf("result total=%d retval=%d\n", total, retval) }`
			r := runGS(t, dir, timeout, "-q", "-o", out, "-c", "./orders 4", "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
			}
			m := goDepth.FindStringSubmatch(r.Stdout)
			if m == nil {
				t.Fatalf("the target did not finish:\n%s", r.Stdout)
			}
			if m[3] == "0" {
				t.Errorf("no goroutine stack moved during the run: the test proves nothing\n%s", r.Stdout)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			calls, sum := 0, 0
			var totals []string
			for _, l := range strings.Split(string(got), "\n") {
				if n, ok := strings.CutPrefix(l, "ret "); ok {
					x, err := strconv.Atoi(n)
					if err != nil {
						t.Fatalf("bad line %q", l)
					}
					calls++
					sum += x
				}
				if strings.HasPrefix(l, "result ") {
					totals = append(totals, l)
				}
			}
			match(t, "gs output", string(got), `(?m)^@entries: `+m[1]+`$`)
			if strconv.Itoa(calls) != m[1] || strconv.Itoa(sum) != m[2] {
				t.Errorf("gs saw %d returns adding up to %d; the target counted %s calls adding up to %s", calls, sum, m[1], m[2])
			}
			var want []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if total, ok := strings.CutPrefix(l, "result total="); ok {
					total, _, _ = strings.Cut(total, " ")
					want = append(want, "result total="+total+" retval="+total)
				}
			}
			if len(want) != 4 || strings.Join(totals, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nwant\n%s", strings.Join(totals, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestGoABI checks arch.GoABI on this machine against Go programs built
// here: the nine integer result registers in order (main.spread returns
// nine results, read at its RETs by name), results the ABI puts on the
// stack above the return PC after a stack-assigned argument (main.wide's
// arrays), the argument registers argN
// reads (main.process(o, name, qty): name's length is arg2, qty arg3), and
// R14 holding the g whose goid the target reads from its own traceback.
func TestGoABI(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goorders", "orders", v)
			out := filepath.Join(dir, "gs.out")
			script := `uretprobe:./orders:main.spread { printf("spread %d %d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h, i) }
				uretprobe:./orders:main.wide { printf("wide "); print(r, n, q) }
				uprobe:./orders:main.depth /n == 2000/ { printf("deep goid=%d\n", goid) }
				uprobe:./orders:main.process { printf("main goid=%d\n", goid); printf("args qty=%d namelen=%d\n", arg3, arg2) }`
			r := runGS(t, dir, timeout, "-q", "-o", out, "-c", "./orders 2", "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			pick := func(s string) []string {
				var out []string
				for _, l := range strings.Split(s, "\n") {
					if strings.HasPrefix(l, "spread ") || strings.HasPrefix(l, "deep goid=") || strings.HasPrefix(l, "wide ") {
						out = append(out, l)
					}
				}
				return out
			}
			want, have := pick(r.Stdout), pick(string(got))
			if len(want) != 6 || strings.Join(have, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nthe target printed\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
			}
			mainID := regexp.MustCompile(`(?m)^main goid=(\d+)$`).FindStringSubmatch(r.Stdout)
			if mainID == nil {
				t.Fatalf("no main goid in\n%s", r.Stdout)
			}
			if n := strings.Count(string(got), "main goid="+mainID[1]+"\n"); n != 2 {
				t.Errorf("gs printed the main goroutine's id %s %d times, want 2\n%s", mainID[1], n, got)
			}
			var args []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if m := goCall.FindStringSubmatch(l); m != nil {
					args = append(args, "args qty="+m[3]+" namelen="+strconv.Itoa(len(m[2])))
				}
			}
			for _, a := range args {
				if !strings.Contains(string(got), a+"\n") {
					t.Errorf("gs did not print %q:\n%s", a, got)
				}
			}
			if len(args) != 2 {
				t.Errorf("the target made %d calls, want 2", len(args))
			}
		})
	}
}

// TestGoInterfaces: a map prints as its length, an interface as its
// dynamic type's name (NULL when nil), an error made by errors.New as its
// text and any other error as its type's name, an interface in a printed
// struct as at the top, compared with what the target prints (fmt's %T
// and len).
func TestGoInterfaces(t *testing.T) {
	note := regexp.MustCompile(`^note tags=(\d+) note=(.*)$`)
	nested := regexp.MustCompile(`^\*o = \{ID = .*, Note = (.*)\}$`)
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goorders", "orders", v)
			out := filepath.Join(dir, "gs.out")
			script := `uprobe:./orders:main.process { print(o.Tags, o.Note); print(*o) }
				uretprobe:./orders:main.process { printf("error %s\n", err) }`
			r := runGS(t, dir, timeout, "-q", "-o", out, "-c", "./orders 6", "-e", script)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			var want, have []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if m := note.FindStringSubmatch(l); m != nil {
					typ := `"` + m[2] + `"`
					if m[2] == "NULL" {
						typ = "NULL"
					}
					want = append(want, "o.Tags = "+m[1]+", o.Note = "+typ, "*o: Note = "+typ)
				}
				if e, ok := strings.CutPrefix(l, "error "); ok {
					if e == "NULL" {
						e = "(null)" // printf's %s of a nil, as glibc's
					}
					want = append(want, "error "+e)
				}
			}
			for _, l := range strings.Split(string(got), "\n") {
				if strings.HasPrefix(l, "o.Tags = ") || strings.HasPrefix(l, "error ") {
					have = append(have, l)
				}
				if m := nested.FindStringSubmatch(l); m != nil { // an interface in a printed struct
					have = append(have, "*o: Note = "+m[1])
				}
			}
			if len(want) != 18 || strings.Join(have, "\n") != strings.Join(want, "\n") {
				t.Errorf("gs printed\n%s\nthe target printed\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestGoStringSlices prints []string values, as a parameter and in a
// struct, as their texts (at most 8, each cut at 64 bytes), and indexes
// one: an index past the slice's length is a read error, never another
// element. It compares them with what the target prints itself.
func TestGoStringSlices(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goorders", "orders", v)
			r := runGS(t, dir, timeout, "-c", "./orders 1", "-e", `uprobe:./orders:main.label { print(*t, xs); print(xs[0], xs[1]) }`)
			if r.Code != 0 {
				t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
			}
			var want, got []string
			for _, l := range strings.Split(r.Stdout, "\n") {
				if s, ok := strings.CutPrefix(l, "label "); ok {
					if strings.HasPrefix(s, "t = ") {
						s = "*" + s
					}
					re := regexp.QuoteMeta(s)
					want = append(want, strings.Replace(re, "out of range", "<read error at 0x[0-9a-f]+>", 1))
				}
				if strings.HasPrefix(l, "*t = ") || strings.HasPrefix(l, "xs[0] = ") {
					got = append(got, l)
				}
			}
			if len(want) != 6 || len(got) != 6 {
				t.Fatalf("want 6 lines of each, the target printed %d, gs %d:\n%s", len(want), len(got), r.Stdout)
			}
			for i := range want {
				if !regexp.MustCompile("^" + want[i] + "$").MatchString(got[i]) {
					t.Errorf("gs printed\n%s\nthe target\n%s", got[i], want[i])
				}
			}
		})
	}
}

// TestGoRealProgram traces a Go program nobody here wrote, built from its
// module's source through the Go module proxy: x/tools' stringer,
// generating String methods for two types of a small package. gs reads a
// method's string parameter (main.(*Generator).generate's typeName), a
// parameter of an inlined function (main.usize(n): the length of the
// names' text) and the unnamed []byte result of main.(*Generator).format
// at its return (the source it generated, in RAX, RBX, RCX), compared
// with the file stringer writes.
func TestGoRealProgram(t *testing.T) {
	const module = "golang.org/x/tools/cmd/stringer@v0.52.0"
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	install := exec.Command("go", "install", module)
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", module, err, out)
	}
	pkg := filepath.Join(dir, "pill")
	if err := os.Mkdir(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module example.com/pill\n\ngo 1.22\n",
		"pill.go": "package pill\n\ntype Pill int\n\nconst (\n\tPlacebo Pill = iota\n\tAspirin\n\tIbuprofen\n\tParacetamol\n)\n\n" +
			"type Color uint8\n\nconst (\n\tRed Color = iota + 1\n\tGreen\n\tBlue\n)\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `uprobe:main.(*Generator).generate { printf("generate %s\n", typeName) }
		uprobe:main.usize { printf("usize n=%d\n", n) }
		uretprobe:main.(*Generator).format { printf("format %s\n", r0) }`
	r := runGS(t, pkg, 2*timeout, "-q", "-c", filepath.Join(bin, "stringer")+" -type=Pill,Color", "-e", script)
	if r.Code != 0 {
		t.Fatalf("gs exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
	}
	gen, err := os.ReadFile(filepath.Join(pkg, "pill_string.go"))
	if err != nil {
		t.Fatalf("stringer wrote nothing: %v\n%s", err, r.Stderr)
	}
	var want []string
	for _, typ := range []string{"Pill", "Color"} {
		names := regexp.MustCompile(`const _` + typ + `_name = "(\w+)"`).FindSubmatch(gen)
		if names == nil {
			t.Fatalf("no names of %s in\n%s", typ, gen)
		}
		want = append(want, "generate "+typ, "usize n="+strconv.Itoa(len(names[1])))
	}
	head := make([]string, 0, 33)
	for _, b := range gen[:32] {
		head = append(head, strconv.Itoa(int(b)))
	}
	want = append(want, "format ["+strings.Join(append(head, "..."), ", ")+"]")
	var got []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if strings.HasPrefix(l, "generate ") || strings.HasPrefix(l, "usize ") || strings.HasPrefix(l, "format ") {
			got = append(got, l)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gs printed\n%s\nwant (from the generated file)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGoReturnList: gs -lv of a Go uretprobe lists one uprobe on each RET,
// at the offsets Go's own disassembler shows (go tool objdump), and the
// results where the ABI returns them.
func TestGoReturnList(t *testing.T) {
	dir := t.TempDir()
	buildGo(t, dir, "goorders", "orders", goVariants[0])
	dump, err := exec.Command("go", "tool", "objdump", "-s", `^main\.process$`, filepath.Join(dir, "orders")).CombinedOutput()
	if err != nil {
		t.Fatalf("go tool objdump: %v\n%s", err, dump)
	}
	var start uint64
	var want []string
	for _, l := range strings.Split(string(dump), "\n") {
		f := strings.Fields(l)
		if len(f) < 3 || !strings.HasPrefix(f[1], "0x") {
			continue
		}
		addr, err := strconv.ParseUint(f[1], 0, 64)
		if err != nil {
			t.Fatalf("objdump line %q: %v", l, err)
		}
		if start == 0 {
			start = addr
		}
		if f[3] == "RET" {
			want = append(want, "    probe  at +"+strconv.FormatUint(addr-start, 10)+" ")
		}
	}
	r := runGS(t, dir, timeout, "-lv", "uretprobe:./orders:main.process")
	if r.Code != 0 {
		t.Fatalf("gs -lv exit %d\n%s", r.Code, r.Stderr)
	}
	var got []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if strings.HasPrefix(l, "    probe  at +") {
			got = append(got, l[:strings.Index(l, "(")])
		}
	}
	if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("gs -lv lists\n%s\ngo tool objdump has RETs at\n%s", r.Stdout, strings.Join(want, "\n"))
	}
	if n := strings.Count(r.Stdout, "result int total                    here: reg0 piece8\n"); n != len(want) {
		t.Errorf("total is in rax at %d of %d RETs:\n%s", n, len(want), r.Stdout)
	}
}

// TestGoPanicNoReturn: a call that panics (recovered by its caller) or
// ends its goroutine with runtime.Goexit leaves without a RET, so its
// return probe does not fire, and the program goes on to its end.
func TestGoPanicNoReturn(t *testing.T) {
	dir := t.TempDir()
	buildGo(t, dir, "goorders", "orders", goVariants[0])
	out := filepath.Join(dir, "gs.out")
	script := `uprobe:./orders:main.risky, uprobe:./orders:main.quit { @calls = count() }
		uretprobe:./orders:main.risky, uretprobe:./orders:main.quit { @returns = count() }`
	r := runGS(t, dir, timeout, "-q", "-o", out, "-c", "./orders 0", "-e", script)
	if r.Code != 0 {
		t.Fatalf("gs exit %d\n%s", r.Code, r.Stderr)
	}
	m := regexp.MustCompile(`(?m)^risky\+quit calls=(\d+) returns=(\d+)$`).FindStringSubmatch(r.Stdout)
	if m == nil {
		t.Fatalf("the target did not finish:\n%s", r.Stdout)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	match(t, "gs output", string(got), `(?m)^@calls: `+m[1]+`$`)
	match(t, "gs output", string(got), `(?m)^@returns: `+m[2]+`$`)
}
