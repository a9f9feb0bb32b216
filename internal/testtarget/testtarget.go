// Package testtarget builds the programs gs's tests trace: C and C++ with
// gcc, clang, g++ and clang++ (libstdc++ or libc++), Rust with rustc and
// cargo, Go with go build, in the variants the tests compare (-O0 and -O2,
// PIE and not, the -g flavours). Every package's tests build through it.
//
// C, C++ and rustc builds are cached in one directory shared by every test
// binary ($GS_TESTTARGET_CACHE, else gs-testtarget under the user's cache
// directory, or the temporary one), keyed by the compiler (its path and
// version), the command line, the working directory, PATH, and the
// contents of the files the command line names and of the files beside
// them (headers, a Rust module's files, -I directories). A repeated build
// copies the cached outputs. Builds whose outputs name their own path
// (-gsplit-dwarf) or that name no output (-o) are run every time; go build
// and cargo keep their own caches (a Go package's imports and a crate's
// files are theirs to know). Entries unused for a week are removed.
//
// A compiler that is missing or fails fails the test with the command line
// and the compiler's output: nothing here skips.
package testtarget

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// A Compiler is one of the programs the tests build targets with. The set
// is closed so that tests/tools, which reads the programs the tests run
// from the literals below, sees every one.
type Compiler struct {
	prog    string
	version string // the argument that prints its version
	cxx     string // the C++ driver of a C compiler
}

// The compilers.
var (
	GCC     = Compiler{prog: "gcc", version: "--version", cxx: "g++"}
	Clang   = Compiler{prog: "clang-19", version: "--version", cxx: "clang++-19"}
	GXX     = Compiler{prog: "g++", version: "--version"}
	ClangXX = Compiler{prog: "clang++-19", version: "--version"}
	MuslGCC = Compiler{prog: "musl-gcc", version: "--version"}
	Rustc   = Compiler{prog: "rustc", version: "--version"}
	Cargo   = Compiler{prog: "cargo", version: "--version"}
	Go      = Compiler{prog: "go", version: "version"}
)

// String is the program's name ("clang-19").
func (c Compiler) String() string { return c.prog }

// Short is the name without a version suffix ("clang").
func (c Compiler) Short() string { return strings.TrimSuffix(c.prog, "-19") }

// CXX is the C++ driver of a C compiler (g++ for gcc, clang++-19 for
// clang-19); a C++ driver is its own.
func (c Compiler) CXX() Compiler {
	switch c.cxx {
	case "g++":
		return GXX
	case "clang++-19":
		return ClangXX
	}
	return c
}

// IsGCC says whether c is gcc's C or C++ driver.
func (c Compiler) IsGCC() bool { return c.prog == "gcc" || c.prog == "g++" }

// Variant is one way of compiling a C or C++ target.
type Variant struct {
	CC  Compiler // GCC or Clang (CXX gives the C++ driver)
	Opt string   // -O0 or -O2
	PIE bool
}

// String names the variant in subtest names: gcc-O0-pie, clang-O2-nopie.
func (v Variant) String() string {
	pie := "nopie"
	if v.PIE {
		pie = "pie"
	}
	return fmt.Sprintf("%s%s-%s", v.CC.Short(), v.Opt, pie)
}

// PIEFlags are the flags that make the variant's PIE choice.
func (v Variant) PIEFlags() []string {
	if v.PIE {
		return []string{"-fPIE", "-pie"}
	}
	return []string{"-fno-PIE", "-no-pie"}
}

// Args is the variant's command line for src into out, with -g, then
// extra.
func (v Variant) Args(out string, src []string, extra ...string) []string {
	args := append([]string{"-g", v.Opt, "-o", out}, src...)
	args = append(args, v.PIEFlags()...)
	return append(args, extra...)
}

// Variants is the compile matrix: gcc and clang, -O0 and -O2, PIE and not.
var Variants = Matrix([]Compiler{GCC, Clang}, []string{"-O0", "-O2"}, []bool{false, true})

// Default is the variant a test uses when it compares none.
var Default = Variant{CC: GCC, Opt: "-O0", PIE: true}

// Matrix is every combination of the compilers, levels and PIE choices.
func Matrix(ccs []Compiler, opts []string, pies []bool) []Variant {
	var vs []Variant
	for _, cc := range ccs {
		for _, opt := range opts {
			for _, pie := range pies {
				vs = append(vs, Variant{cc, opt, pie})
			}
		}
	}
	return vs
}

// Flavour is a named way of building with a compiler beyond a Variant:
// its flags come after -g.
type Flavour struct {
	Name  string
	CC    Compiler
	Flags []string
}

// The link-time optimizations the tests compare: gcc's (abstract DIEs in
// the early unit, code in the LTRANS units) and clang's ThinLTO, which
// needs the gold linker's plugin.
var (
	GCCLTO  = Flavour{Name: "gcc-lto", CC: GCC, Flags: []string{"-flto"}}
	ThinLTO = Flavour{Name: "clang-thinlto", CC: Clang, Flags: []string{"-flto=thin", "-fuse-ld=gold"}}
)

// With is f with flags before its own (an optimization level) and name
// instead of its own where name is not "".
func (f Flavour) With(name string, flags ...string) Flavour {
	if name != "" {
		f.Name = name
	}
	f.Flags = append(append([]string{}, flags...), f.Flags...)
	return f
}

// Build runs c with args (the compiler's own command line; the output is
// named with -o) in the test's working directory, and fails the test with
// the command and its output if it fails.
func Build(t testing.TB, c Compiler, args ...string) {
	t.Helper()
	BuildIn(t, "", c, args...)
}

// BuildIn is Build with the compiler run in dir ("" the test's working
// directory).
func BuildIn(t testing.TB, dir string, c Compiler, args ...string) {
	t.Helper()
	BuildEnv(t, dir, nil, c, args...)
}

// BuildEnv is BuildIn with env (NAME=value) added to the compiler's
// environment.
func BuildEnv(t testing.TB, dir string, env []string, c Compiler, args ...string) {
	t.Helper()
	if err := build(dir, env, c, args); err != nil {
		t.Fatal(err)
	}
}

// Compile is BuildIn for a TestMain, which has no test to fail: it
// returns the error, which names the command and holds its output.
func Compile(dir string, c Compiler, args ...string) error {
	return build(dir, nil, c, args)
}

// GS builds gs itself (this module's ./cmd/gs) into out with env added,
// for the tests that run it as its users do. It returns the error, for a
// TestMain.
func GS(out string, env ...string) error {
	_, file, _, _ := runtime.Caller(0)
	return run(filepath.Join(filepath.Dir(file), "..", ".."), env, Go, []string{"build", "-o", out, "./cmd/gs"})
}

// GoBuild builds the Go program src (a main.go or a package directory)
// into out with the local toolchain (GOTOOLCHAIN=local, no GOFLAGS) and
// flags before the source.
func GoBuild(t testing.TB, out, src string, flags ...string) {
	t.Helper()
	GoBuildEnv(t, "", nil, out, src, flags...)
}

// GoBuildEnv is GoBuild in dir with env added (CGO_ENABLED=0, GOOS...).
func GoBuildEnv(t testing.TB, dir string, env []string, out, src string, flags ...string) {
	t.Helper()
	args := append(append([]string{"build"}, flags...), "-o", out, src)
	BuildEnv(t, dir, append([]string{"GOFLAGS=", "GOTOOLCHAIN=local"}, env...), Go, args...)
}

// Source writes text into a directory of the cache named by its contents
// and returns the file's path, name its base: a target built from it has
// the same source path in its debug information in every run, so that its
// build is cached too.
func Source(t testing.TB, name, text string) string {
	t.Helper()
	sum := sha256.Sum256([]byte(name + "\x00" + text))
	dir := filepath.Join(cacheDir(t), "src", hex.EncodeToString(sum[:12]))
	p := filepath.Join(dir, name)
	if b, err := os.ReadFile(p); err == nil && string(b) == text {
		touch(dir)
		return p
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "tmp-")
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644)
	}
	if err == nil {
		if err = os.Rename(tmp, dir); err != nil && exists(p) {
			os.RemoveAll(tmp) // another test binary wrote it first
			err = nil
		}
	}
	if err != nil {
		t.Fatalf("write target source %s: %v", name, err)
	}
	return p
}

// FromSource builds text, a C or C++ source named name ("t.c"), with c
// into the test's temporary directory and returns the binary's path (name
// without its extension). The command line is the source, -o, then flags
// (libraries after the source, as the linker wants them).
func FromSource(t testing.TB, c Compiler, name, text string, flags ...string) string {
	t.Helper()
	src := Source(t, name, text)
	bin := filepath.Join(t.TempDir(), strings.TrimSuffix(name, filepath.Ext(name)))
	Build(t, c, append([]string{src, "-o", bin}, flags...)...)
	return bin
}

// CargoBuild builds the package whose src/main.rs is mainRS, named name,
// with cargo's profile ("dev" or "release", which keeps debug info) into
// out. The package lives in a cache directory named by its contents, with
// its target directory, so that cargo's own incremental build makes a
// repeated build cheap (two test binaries building it wait on cargo's
// lock).
func CargoBuild(t testing.TB, out, mainRS, name, profile string) {
	t.Helper()
	code, err := os.ReadFile(mainRS)
	if err != nil {
		t.Fatal(err)
	}
	manifest := "[package]\nname = \"" + name + "\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[profile.release]\ndebug = true\n"
	sum := sha256.Sum256([]byte(manifest + "\x00" + string(code)))
	pkg := filepath.Join(cacheDir(t), "cargo", hex.EncodeToString(sum[:12]))
	if err := os.MkdirAll(filepath.Join(pkg, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for f, text := range map[string][]byte{"Cargo.toml": []byte(manifest), filepath.Join("src", "main.rs"): code} {
		if b, err := os.ReadFile(filepath.Join(pkg, f)); err != nil || !bytes.Equal(b, text) {
			if err := os.WriteFile(filepath.Join(pkg, f), text, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	touch(pkg)
	BuildIn(t, pkg, Cargo, "build", "--offline", "--quiet", "--profile", profile)
	dir := map[string]string{"dev": "debug", "release": "release"}[profile]
	if err := copyFile(filepath.Join(pkg, "target", dir, name), out); err != nil {
		t.Fatalf("build a test target: %v", err)
	}
}

var (
	versions sync.Map // program → its --version output
	evict    sync.Once
)

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func touch(p string) { now := time.Now(); os.Chtimes(p, now, now) }

// cacheDir returns the shared cache directory, made if need be.
func cacheDir(t testing.TB) string {
	t.Helper()
	d, err := cacheRoot()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func cacheRoot() (string, error) {
	d := os.Getenv("GS_TESTTARGET_CACHE")
	if d == "" {
		uc, err := os.UserCacheDir()
		if err != nil { // no $HOME: the system's temporary directory, per user
			uc = filepath.Join(os.TempDir(), fmt.Sprintf("gs-testtarget-cache-%d", os.Getuid()))
		}
		d = filepath.Join(uc, "gs-testtarget")
	}
	for _, sub := range []string{"src", "out", "cargo"} {
		if err := os.MkdirAll(filepath.Join(d, sub), 0o755); err != nil {
			return "", fmt.Errorf("make the cache directory for test targets: %w", err)
		}
	}
	evict.Do(func() { removeOld(d) })
	return d, nil
}

// removeOld removes the entries nobody used for a week.
func removeOld(root string) {
	old := time.Now().Add(-7 * 24 * time.Hour)
	for _, sub := range []string{"src", "out", "cargo"} {
		es, _ := os.ReadDir(filepath.Join(root, sub))
		for _, e := range es {
			if fi, err := e.Info(); err == nil && fi.ModTime().Before(old) {
				os.RemoveAll(filepath.Join(root, sub, e.Name()))
			}
		}
	}
}

// command makes the command that runs c, found in $PATH or, for the Rust
// toolchain, where rustup puts it.
func command(dir string, env []string, c Compiler, args []string) *exec.Cmd {
	cmd := exec.Command(c.prog, args...)
	if cmd.Err != nil {
		home, _ := os.UserHomeDir()
		if p := filepath.Join(home, ".cargo", "bin", c.prog); exists(p) {
			cmd.Path, cmd.Err = p, nil
		}
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if cmd.Err == nil {
		// cargo runs rustc from its own directory, or from $PATH.
		cmd.Env = append(cmd.Env, "PATH="+filepath.Dir(cmd.Path)+string(os.PathListSeparator)+os.Getenv("PATH"))
	}
	return cmd
}

func commandLine(dir string, c Compiler, args []string) string {
	s := c.prog + " " + strings.Join(args, " ")
	if dir != "" {
		s = "(in " + dir + ") " + s
	}
	return s
}

func run(dir string, env []string, c Compiler, args []string) error {
	cmd := command(dir, env, c, args)
	if cmd.Err != nil {
		return fmt.Errorf("build a test target: %s: %w (scripts/deps.sh test installs it)", c.prog, cmd.Err)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build a test target: %s: %w\n%s", commandLine(dir, c, args), err, out)
	}
	return nil
}

// version is what c says its version is.
func version(c Compiler) (string, error) {
	if v, ok := versions.Load(c.prog); ok {
		return v.(string), nil
	}
	cmd := command("", nil, c, []string{c.version})
	if cmd.Err != nil {
		return "", fmt.Errorf("build a test target: %s: %w (scripts/deps.sh test installs it)", c.prog, cmd.Err)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build a test target: %s %s: %w\n%s", cmd.Path, c.version, err, out)
	}
	v := cmd.Path + "\n" + string(out)
	versions.Store(c.prog, v)
	return v, nil
}

// build runs c with args through the cache.
func build(dir string, env []string, c Compiler, args []string) error {
	out := -1
	for i, a := range args {
		if a == "-o" && i+1 < len(args) {
			out = i + 1
		}
		if strings.HasPrefix(a, "-gsplit-dwarf") {
			return run(dir, env, c, args) // the .dwo's path is in the binary
		}
	}
	if out < 0 || c == Go || c == Cargo {
		// Go's and cargo's own caches know a package's files; a
		// command line without -o writes where it likes.
		return run(dir, env, c, args)
	}
	root, err := cacheRoot()
	if err != nil {
		return err
	}
	key, err := buildKey(dir, env, c, args, out)
	if err != nil {
		return err
	}
	entry := filepath.Join(root, "out", key)
	var dest string
	if out >= 0 {
		dest = args[out]
		if dir != "" && !filepath.IsAbs(dest) {
			dest = filepath.Join(dir, dest)
		}
	}
	if !exists(entry) {
		tmp, err := os.MkdirTemp(filepath.Join(root, "out"), "tmp-")
		if err != nil {
			return fmt.Errorf("build a test target: %w", err)
		}
		defer os.RemoveAll(tmp)
		a := append([]string{}, args...)
		a[out] = filepath.Join(tmp, filepath.Base(dest))
		if err := run(dir, env, c, a); err != nil {
			return err
		}
		if err := os.Rename(tmp, entry); err != nil && !exists(entry) {
			return fmt.Errorf("build a test target: cache %s: %w", filepath.Base(dest), err)
		}
	}
	touch(entry)
	// Copy every output (a -c build's object, a shared library's, the
	// binary) beside the destination.
	es, err := os.ReadDir(entry)
	if err != nil {
		return fmt.Errorf("build a test target: %w", err)
	}
	for _, e := range es {
		if err := copyFile(filepath.Join(entry, e.Name()), filepath.Join(filepath.Dir(dest), e.Name())); err != nil {
			return fmt.Errorf("build a test target: %w", err)
		}
	}
	return nil
}

// buildKey names a build by everything that can change its outputs.
func buildKey(dir string, env []string, c Compiler, args []string, out int) (string, error) {
	v, err := version(c)
	if err != nil {
		return "", err
	}
	cwd := dir
	if cwd == "" || !filepath.IsAbs(cwd) {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		cwd = filepath.Join(wd, dir)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%q\x00", v, cwd, os.Getenv("PATH"), env)
	seen := map[string]bool{}
	for i, a := range args {
		if i == out {
			a = filepath.Base(a)
		}
		fmt.Fprintf(h, "arg %q\n", a)
		if i == out {
			continue
		}
		// Files the command line names (sources, objects, libraries,
		// -I directories), with the files beside them (headers, a Rust
		// module's files); the system's are the compiler's version.
		p := strings.TrimPrefix(a, "-I")
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		if system(p) {
			continue
		}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if !fi.IsDir() {
			p = filepath.Dir(p)
		}
		if err := hashDir(h, p, seen); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), nil
}

// hashDir hashes the regular files in dir (not below it).
func hashDir(h io.Writer, dir string, seen map[string]bool) error {
	if seen[dir] {
		return nil
	}
	seen[dir] = true
	es, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("build a test target: read %s: %w", dir, err)
	}
	for _, e := range es {
		if e.Type().IsRegular() {
			if err := hashFile(h, filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// system says whether p is the system's (its headers and libraries).
func system(p string) bool {
	for _, d := range []string{"/usr/", "/lib/", "/lib64/", "/etc/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

func hashFile(h io.Writer, p string) error {
	f, err := os.Open(p)
	if err != nil {
		return fmt.Errorf("build a test target: %w", err)
	}
	defer f.Close()
	fmt.Fprintf(h, "file %s\n", p)
	_, err = io.Copy(h, f)
	return err
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	os.Remove(to) // a file a running target holds open is replaced, not written
	o, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}
