package debuginfo

import (
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// The resolver's rules are each checked against what the system's own
// tools answer: sh's command -v, ldconfig -p, ldd.

func TestResolvePath(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "sub", "app")
	writeFile(t, bin, "x", 0o755)
	r := &Resolver{Dir: dir}
	for _, name := range []string{"sub/app", "./sub/app", "sub/../sub/app", bin} {
		got, err := r.Find(name)
		if err != nil || got != bin {
			t.Errorf("Find(%q) = %q, %v; want %s", name, got, err, bin)
		}
	}
	if _, err := r.Find("sub/nope"); !errors.Is(err, ErrNoFile) || err.Error() != `binary "sub/nope" does not exist` {
		t.Errorf("Find(sub/nope): %v", err)
	}
	// A relative Dir is taken from the working directory.
	t.Chdir(filepath.Dir(dir))
	rel := &Resolver{Dir: filepath.Base(dir)}
	if got, err := rel.Find("./sub/app"); err != nil || got != bin {
		t.Errorf("Dir %s: Find(./sub/app) = %q, %v; want %s", rel.Dir, got, err, bin)
	}
	// Root prefixes absolute paths and Dir.
	root := &Resolver{Root: dir, Dir: "/sub"}
	for _, name := range []string{"/sub/app", "./app"} {
		if got, err := root.Find(name); err != nil || got != bin {
			t.Errorf("Root: Find(%q) = %q, %v; want %s", name, got, err, bin)
		}
	}
}

func TestResolveCommand(t *testing.T) {
	d1, d2 := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(d1, "tool"), "not executable", 0o644)
	if err := os.Mkdir(filepath.Join(d1, "both"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(d2, "tool"), "#!/bin/sh\n", 0o755)
	writeFile(t, filepath.Join(d2, "both"), "#!/bin/sh\n", 0o755)
	r := &Resolver{SearchPath: d1 + ":" + d2}
	for _, name := range []string{"tool", "both"} {
		want := shCommandV(t, d1+":"+d2, name)
		if got, err := r.Find(name); err != nil || got != want {
			t.Errorf("Find(%q) = %q, %v; sh finds %s", name, got, err, want)
		}
	}
	if _, err := r.Command("nope"); !errors.Is(err, ErrNoFile) {
		t.Errorf("Command(nope): %v", err)
	}
	// The environment's $PATH: bash, as sh finds it.
	bash := shCommandV(t, os.Getenv("PATH"), "bash")
	if got, err := (&Resolver{}).Find("bash"); err != nil || got != bash {
		t.Errorf("Find(bash) = %q, %v; sh finds %s", got, err, bash)
	}
}

// shCommandV is what sh's command -v answers for name with $PATH path.
func shCommandV(t *testing.T, path, name string) string {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", `command -v "$0"`, name)
	cmd.Env = []string{"PATH=" + path}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sh: command -v %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// TestResolveLibraryCache checks short names against ldconfig -p, and
// that the cache is read under Root: a library in a directory the
// resolver does not know is found through a cache ldconfig writes there.
func TestResolveLibraryCache(t *testing.T) {
	needTool(t, "ldconfig")
	out := run(t, "ldconfig", "-p")
	m := regexp.MustCompile(`(?m)^\s+libc\.so\.6 \(libc6,x86-64\) => (\S+)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("ldconfig -p lists no x86-64 libc.so.6:\n%s", out)
	}
	for _, name := range []string{"c", "libc", "libc.so", "libc.so.6"} {
		if got, err := (&Resolver{}).Library(name); err != nil || got != m[1] {
			t.Errorf("Library(%q) = %q, %v; ldconfig says %s", name, got, err, m[1])
		}
	}

	root := t.TempDir()
	libDir := filepath.Join(root, "opt", "odd")
	lib := buildSharedLib(t, libDir, "libgsodd.so.1", "int odd(void) { return 1; }")
	writeFile(t, filepath.Join(root, "etc", "ld.so.conf"), "/opt/odd\n", 0o644)
	if out, err := exec.Command("ldconfig", "-r", root).CombinedOutput(); err != nil {
		t.Fatalf("ldconfig -r %s: %v\n%s", root, err, out)
	}
	r := &Resolver{Root: root}
	for _, name := range []string{"gsodd", "libgsodd", "libgsodd.so.1"} {
		if got, err := r.Library(name); err != nil || got != lib {
			t.Errorf("Root: Library(%q) = %q, %v; want %s", name, got, err, lib)
		}
		if got, err := r.Find(name); err != nil || got != lib {
			t.Errorf("Root: Find(%q) = %q, %v; want %s", name, got, err, lib)
		}
	}
	os.Remove(filepath.Join(root, "etc", "ld.so.cache"))
	if got, err := r.Library("gsodd"); !errors.Is(err, ErrNoFile) {
		t.Errorf("without the cache: Library(gsodd) = %q, %v; want not found", got, err)
	}
}

// TestResolveNeeded builds an executable that needs a library in
// $ORIGIN/lib (RUNPATH, and RPATH with --disable-new-dtags), and checks
// its DT_NEEDED resolve where ldd says, also through a symlink to the
// executable: $ORIGIN is then the real file's directory, as when the
// symlink is run (ldd, which runs the loader on the symlink's path, says
// "not found" there).
func TestResolveNeeded(t *testing.T) {
	needTool(t, "ldd")
	for _, tags := range []string{"--enable-new-dtags", "--disable-new-dtags"} {
		t.Run(tags, func(t *testing.T) {
			dir := t.TempDir()
			lib := buildSharedLib(t, filepath.Join(dir, "app", "lib"), "libgsdep.so", "int dep(int x) { return x + 1; }")
			src := filepath.Join(dir, "main.c")
			writeFile(t, src, "int dep(int);\nint main(void) { return dep(1) != 2; }\n", 0o644)
			exe := filepath.Join(dir, "app", "main")
			testtarget.Build(t, gcc, "-o", exe, src, "-L"+filepath.Dir(lib), "-lgsdep", "-Wl,-rpath,$ORIGIN/lib", "-Wl,"+tags)
			run(t, exe) // the loader finds it too

			link := filepath.Join(dir, "elsewhere", "main")
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(exe, link); err != nil {
				t.Fatal(err)
			}
			run(t, link)
			for _, path := range []string{exe, link} {
				b, err := Open(path)
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]string{}
				for _, n := range b.Needed(&Resolver{}) {
					got[n.Name] = n.Path
				}
				b.Close()
				if got["libgsdep.so"] != lib {
					t.Errorf("%s: libgsdep.so resolved to %q, want %s", path, got["libgsdep.so"], lib)
				}
				want := lddNeeded(t, exe)
				if want["libgsdep.so"] != lib || len(got) != len(want) {
					t.Errorf("%s: resolved %v, ldd says %v", path, got, want)
				}
				for name, p := range want {
					if g, ok := got[name]; ok && !sameFile(g, p) {
						t.Errorf("%s: %s resolved to %s, ldd says %s", path, name, g, p)
					}
				}
			}
		})
	}
}

// lddNeeded returns the "name => path" lines of ldd's output.
func lddNeeded(t *testing.T, exe string) map[string]string {
	out := run(t, "ldd", exe)
	want := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(\S+) => (/\S+)`).FindAllStringSubmatch(out, -1) {
		want[m[1]] = m[2]
	}
	return want
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// TestOpenCorrupt tells a corrupt ELF file from a file that is not one:
// a real binary whose section header table offset points past its end,
// or whose section name table index is out of range.
func TestOpenCorrupt(t *testing.T) {
	bin := build(t, config{cc: gcc, opt: "-O0", dwarf: 5})
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	corrupt := func(name string, fix func([]byte)) string {
		b := append([]byte(nil), data...)
		fix(b)
		p := filepath.Join(dir, name)
		writeFile(t, p, string(b), 0o755)
		return p
	}
	tests := []struct {
		path string
		is   error
		want string
	}{
		{corrupt("shoff", func(b []byte) { binary.LittleEndian.PutUint64(b[0x28:], uint64(len(b))+0x1000) }),
			ErrCorruptELF, "corrupt ELF: a header points past the end of the file"},
		{corrupt("shstrndx", func(b []byte) { binary.LittleEndian.PutUint16(b[0x3e:], 0x7fff) }),
			ErrCorruptELF, "corrupt ELF: invalid ELF shstrndx"},
		{corrupt("text", func(b []byte) { copy(b, "#!/bin/sh\n") }), ErrNotELF, "not an ELF file"},
		{filepath.Join(dir, "missing"), nil, "no such file"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			b, err := Open(tt.path)
			if err == nil {
				b.Close()
				t.Fatal("opened")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %v is not %v", err, tt.is)
			}
			if want := "open binary " + tt.path + ": " + tt.want; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q, want %q...", err, want)
			}
		})
	}
	if _, err := OpenWithDebugFile(bin, tests[0].path); !errors.Is(err, ErrCorruptELF) {
		t.Errorf("corrupt debug file: %v", err)
	}
}

// buildSharedLib compiles src into dir/name, a shared library with
// soname name, and returns its path.
func buildSharedLib(t *testing.T, dir, name, src string) string {
	t.Helper()
	c := filepath.Join(t.TempDir(), "lib.c")
	writeFile(t, c, src, 0o644)
	out := filepath.Join(dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	testtarget.Build(t, gcc, "-shared", "-fPIC", "-Wl,-soname,"+name, "-o", out, c)
	return out
}

func writeFile(t *testing.T, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
}
