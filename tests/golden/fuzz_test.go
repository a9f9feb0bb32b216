package golden

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/sema"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// fuzzTarget builds testdata/fuzz_target.c once per test process, as
// ./target (-O0) and ./opt (-O2), in a directory the scripts resolve
// relative paths in.
var fuzzTarget = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "gs-fuzz-compile-")
	if err != nil {
		return "", err
	}
	fuzzDir = dir
	src, err := filepath.Abs("testdata/fuzz_target.c")
	if err != nil {
		return "", err
	}
	for _, b := range []struct{ out, opt string }{{"target", "-O0"}, {"opt", "-O2"}} {
		if err := testtarget.Compile("", testtarget.GCC, "-g", b.opt, "-o", filepath.Join(dir, b.out), src); err != nil {
			return "", err
		}
	}
	return dir, nil
})

// fuzzDir is the directory of fuzzTarget's builds, once made.
var fuzzDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if fuzzDir != "" {
		os.RemoveAll(fuzzDir)
	}
	os.Exit(code)
}

// compileSeeds cover what the golden scripts do not: the rest of the
// builtins, casts, C expressions, the -O2 copy and broken scripts.
var compileSeeds = []string{
	"",
	"BEGIN { print(1) } END { print(pid, comm, probe) } interval:ms:10 { exit() }",
	"uprobe:./target:add { $x = 1; print(x) }",
	"uprobe:./target:add { print(arg6, $y, retval) }",
	"uprobe:./target:add { $x = comm; $x += 1; print(1 + comm, str(arg0) < \"a\", arg0 == \"a\") }",
	"uprobe:./target:add /comm/ { print(arg0 ? 1 : comm, print(1), str(), str(comm), str(arg0, 0), str(arg0, 1025), str(arg0, arg1)) }",
	"uprobe:./target:add { printf(arg0); printf(); prnt(1); print(@x[1], *arg0, &arg0, args.a, ustack(0), ustack(perf), usym(comm)) }",
	"uprobe:./target:add { print((struct foo *)arg0, (uint9_t)arg0, (int)comm, sizeof(int), sizeof(arg0), sizeof(comm)); arg0 + 1 }",
	"uprobe:./target:process { print(sizeof(struct item), offsetof(struct item, pos.y), (struct point *)&it->pos, it->u.d, it->u.l, g_item.name) }",
	"uprobe:./opt:process { print(count, tag, total, it->id, it->scores[count & 3], g_counter, s_total) }",
	"uretprobe:./opt:process { printf(\"%d %s\\n\", retval, func) }",
	"uprobe:./opt:clamp { print(v, lo, hi, r) }",
	"uprobe:./opt:fuzz_target.c:50 { print(i, v, total) }",
	"uprobe:./target:fuzz_target.c:50 /v > 3/ { @[i] = lhist(v, 0, 100, 10) }",
	"uprobe:./target:scale { printf(\"%f %e %g %Lf %hhu\\n\", f, d, ld, ld, uc); print(f * 2, d > 1, ld) }",
	"uprobe:./target:greet { print(str(name), name == \"world\", strncmp(name, \"wo\", 2), name[0], *name) }",
	"uprobe:./target:process { $p = it; $q = $p->next; print($q->next->id, it->next->label, (*it).pos.x, it[1].id, -it->id, ~count, !count) }",
	"uprobe:./target:process { print(it->kind << 2 | it->flag, count % 3, count / 0, count >> 65, (char)tag, (unsigned long)it & 0xfff) }",
	"uprobe:./target:process { @a[it->id] = sum(count); @b[comm, pid, tid, cpu] = stats(count); @c = min(count); @d = max(count); @e = avg(count) }",
	"uprobe:./target:process { @h = hist(count); print(@h, 3, 2); clear(@h); zero(@h); delete(@h); print(@h[1]) }",
	"uprobe:./target:process { if (count > 1) { $x = 1 } else if (count) { $x = 2 } else { return } print($x) }",
	"uprobe:./target:process < if (count) < print(count) > >",
	"u:./target:add,u:./target:sub_*,ur:./target:sub_two { @[probe, func] = count(); @n += 1; @n -= 2 }",
	"u:./target:add+4, u:./target:0x1139, u:./target:main+0x4 { print(arg0) }",
	"uprobe:./target:add { printf(\"%d %d\\n\", arg0); printf(\"%s\\n\", arg0); printf(\"%d\\n\", comm, 1); printf(\"%y\\n\", arg0); printf(\"%-08.3hhx|%5c|%p|%%\\n\", arg0, 65, arg1) }",
	"uprobe:./target:add { print(0xffffffffffffffff + 1, 18446744073709551615 * 2, -9223372036854775807 - 1, 'a', '\\n', \"\\x41\\101\") }",
	"uprobe:./nope:add { print(1) } uprobe:./target:ad { print(1) } uprobe:./target:nothing* { } uprobe:./target:add+1000 { } uprobe:add { }",
	"uprobe:./target:fuzz_target.c:1 { print(1) } uprobe:./target:nope.c:3 { } uprobe:./target:fuzz_target.c:99999 { }",
	"uprobe:./target:process { printf(\"%d\\n\", it->nme); print(totl, g_nope, it->pos.z, it.id, count->x, *count, it[count]) }",
	"uprobe:./target:process { $s = str(it->label, 8); $s = 1; @m[1] = 1; @m[\"a\"] = 2; @m = count(); @m = sum(1) }",
	"uprobe:./target:process { print(kstack, has_key(@m, 1), len(@m), system(\"x\")) }",
	"uprobe:./target:process { print(ustack(4), usym(arg0)); @[ustack, comm] = count(); printf(\"%s\\n\", ustack) }",
	"struct S { int x; struct S *n; } uprobe:./target:process { $p = (struct S *)it; while ($p.x < 3) { $p = $p.n; if ($p == 0) { break } } for ($i : 0..count) { @[$i]++; continue } }",
	"macro m($a, k) { $a += k; $a } begin { $x = 1; $y = m($x, $1); unroll(3) { $x--; } let $z: int16 = $#; print($y + $z) }",
}

// FuzzCompile runs random scripts through the parser, sema and gen against
// a fixed target. Nothing may panic, every diagnostic points into the
// script, and gen fails only on the limits only it can see.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("*.txtar")
	for _, path := range files {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if file.Name == "prog.gs" {
				f.Add(string(file.Data))
			}
		}
	}
	for _, s := range compileSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		dir, err := fuzzTarget()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(src, "/dev") || strings.Contains(src, "/proc") || strings.Contains(src, "/sys") {
			return // a probe on a device or a pipe may block reading it
		}
		file := &diag.File{Name: "prog.gs", Src: src}
		prog, diags := parser.Parse(file)
		if !diags.HasErrors() {
			rc := rewrite.Config{IsBuiltin: sema.IsBuiltin}
			p, sd := sema.Check(prog, sema.Config{Dir: dir, Script: rewrite.Apply(prog, rc)})
			diags.Diags = append(diags.Diags, sd.Diags...)
			checkUnchanged(t, file, prog, rc) // ast_test.go
			if !sd.HasErrors() {
				ip, err := gen.Generate(p)
				switch {
				case err == nil:
					ir.Disasm(ip)
				case errors.Is(err, gen.ErrTooComplex), errors.Is(err, gen.ErrTooLong), errors.Is(err, gen.ErrHeap):
				default:
					t.Fatalf("gen: %v (sema should have reported it) in %q", err, src)
				}
			}
		}
		for _, d := range diags.Diags {
			sp := d.Span
			if !sp.Start.IsValid() || sp.Start.Offset < 0 || sp.Start.Offset > sp.End.Offset || sp.End.Offset > len(src) {
				t.Fatalf("diagnostic %q has bad span %+v in %q", d.Msg, sp, src)
			}
			if sp.Start != file.PosAt(sp.Start.Offset) {
				t.Fatalf("diagnostic %q: start %+v disagrees with its offset in %q", d.Msg, sp.Start, src)
			}
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("%s in %q", d.Msg, src)
			}
		}
		var b bytes.Buffer
		diags.Render(&b, false)
	})
}
