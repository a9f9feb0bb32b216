package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// namesBench measures function names (issue 8) on a C++ program big enough
// to matter: generated, many namespaces, classes with methods and overloads,
// class templates, and a std::vector and std::map of each class, whose
// instances bring in most of the symbols (like real C++ code does).
//
//   - listing every function: `gs -l 'uprobe:BIN:*'` (every symbol
//     demangled) next to gdb's `info functions` on the same binary;
//   - a probe's lookup: `gs -l` of a C name (a symbol: nothing is
//     demangled) and of a qualified C++ name and a signature (the symbols
//     are demangled without parameters, once), and of a wildcard over
//     qualified names.
//
// Each figure is the median of -runs runs, the tools interleaved, in wall
// and in CPU time (the development machine is shared). -names-bin reuses
// a binary built before (compiling takes minutes).
func namesBench(dir, gsAbs string) {
	const spaces, classes = 60, 8
	bin := *namesBin
	start := time.Now()
	if bin == "" {
		src := filepath.Join(dir, "names.cpp")
		check(os.WriteFile(src, []byte(genNames(spaces, classes)), 0o644))
		bin = filepath.Join(dir, "names")
		if err := testtarget.Compile("", testtarget.GXX, "-g", "-O0", "-o", bin, src); err != nil {
			fail("compile names target: %v", err)
		}
	}
	nsyms := 0
	if out, err := exec.Command("nm", "--defined-only", bin).Output(); err == nil {
		for _, l := range strings.Split(string(out), "\n") {
			if f := strings.Fields(l); len(f) == 3 && strings.ContainsAny(f[1], "TtWw") {
				nsyms++
			}
		}
	}
	st, err := os.Stat(bin)
	check(err)
	fmt.Printf("\nfunction names: generated C++ (%d namespaces × %d classes, std::vector and std::map of each), g++ -g -O0 (%.0fs): %d function symbols, %.1f MiB\n",
		spaces, classes, time.Since(start).Seconds(), nsyms, float64(st.Size())/(1<<20))

	type cmd struct {
		name string
		argv []string
	}
	cmds := []cmd{
		{"gs -l 'uprobe:BIN:*'", []string{gsAbs, "-l", "uprobe:" + bin + ":*"}},
		{"gdb -batch -ex 'info functions'", []string{"gdb", "-batch", "-nx", "-ex", "info functions", bin}},
		{"gs -l 'uprobe:BIN:main' (a symbol)", []string{gsAbs, "-l", "uprobe:" + bin + ":main"}},
		{"gs -l 'uprobe:BIN:ns7::C3::m2'", []string{gsAbs, "-l", "uprobe:" + bin + ":ns7::C3::m2"}},
		{`gs -l 'uprobe:BIN:"ns7::C3::m2(long)"'`, []string{gsAbs, "-l", "uprobe:" + bin + `:"ns7::C3::m2(long)"`}},
		{"gs -l 'uprobe:BIN:ns7::*'", []string{gsAbs, "-l", "uprobe:" + bin + ":ns7::*"}},
		{"gdb -batch -ex 'info functions ^ns7::'", []string{"gdb", "-batch", "-nx", "-ex", "info functions ^ns7::", bin}},
	}
	wall, cpu := map[string][]float64{}, map[string][]float64{}
	for r := 0; r < *runs; r++ {
		for _, c := range cmds {
			t0 := time.Now()
			x := exec.Command(c.argv[0], c.argv[1:]...)
			if err := x.Run(); err != nil && !strings.Contains(c.name, "main") {
				fmt.Fprintf(os.Stderr, "%s: %v\n", c.name, err)
			}
			wall[c.name] = append(wall[c.name], float64(time.Since(t0).Microseconds())/1000)
			st := x.ProcessState
			cpu[c.name] = append(cpu[c.name], float64((st.UserTime()+st.SystemTime()).Microseconds())/1000)
		}
	}
	fmt.Printf("  %-44s %10s %10s   (median of %d runs)\n", "", "wall, ms", "CPU, ms", *runs)
	for _, c := range cmds {
		fmt.Printf("  %-44s %10.0f %10.0f\n", c.name, median(wall[c.name]), median(cpu[c.name]))
	}
}

// genNames writes the C++ source of the names benchmark.
func genNames(spaces, classes int) string {
	var b strings.Builder
	b.WriteString("#include <cstdio>\n#include <map>\n#include <string>\n#include <vector>\n\n")
	b.WriteString("template <typename T> struct Box {\n\tT v;\n\tT get() const { return v; }\n\tvoid set(T x) { v = x; }\n\tT twice() const { return v + v; }\n};\n\n")
	for s := 0; s < spaces; s++ {
		fmt.Fprintf(&b, "namespace ns%d {\n", s)
		for c := 0; c < classes; c++ {
			fmt.Fprintf(&b, "struct C%d {\n\tlong x = %d;\n", c, c)
			for m := 0; m < 4; m++ {
				fmt.Fprintf(&b, "\tlong m%d(long a) { return x + a * %d; }\n\tlong m%d(long a, long b) { return x + a - b; }\n", m, m+1, m)
			}
			b.WriteString("\tvirtual ~C" + fmt.Sprint(c) + "() {}\n};\n")
		}
		b.WriteString("long run(long n) {\n\tlong t = 0;\n")
		for c := 0; c < classes; c++ {
			fmt.Fprintf(&b, "\t{\n\t\tstd::vector<C%d> v(n);\n\t\tstd::map<long, C%d> m;\n\t\tBox<C%d *> bx{&v[0]};\n\t\tBox<long> bl{n};\n", c, c, c)
			for m := 0; m < 4; m++ {
				fmt.Fprintf(&b, "\t\tt += v[0].m%d(n) + v[0].m%d(n, t);\n", m, m)
			}
			fmt.Fprintf(&b, "\t\tm[n] = v[0];\n\t\tt += m.size() + bx.get()->x + bl.twice();\n\t\tbl.set(t);\n\t\tv.push_back(C%d());\n\t}\n", c)
		}
		b.WriteString("\treturn t;\n}\n} // namespace ns" + fmt.Sprint(s) + "\n\n")
	}
	b.WriteString("int main(int argc, char **argv) {\n\tlong t = 0;\n")
	for s := 0; s < spaces; s++ {
		fmt.Fprintf(&b, "\tt += ns%d::run(argc);\n", s)
	}
	b.WriteString("\tprintf(\"%ld\\n\", t);\n\treturn 0;\n}\n")
	return b.String()
}
