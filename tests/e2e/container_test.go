package e2e

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The tests of -p for a process in a container: a root folder holds the
// target at /app/prog with its libc and loader, copied from ldd at the
// same paths (and libc again in /opt/gslib, the target's RUNPATH), and
// /app/link, an absolute symbolic link to /app/prog;
// unshare and chroot run it there (a mount namespace, then
// also a PID namespace). gs, on the host, names the container's paths.

// containerProg is where the target is inside the root folder. It must
// not exist on the host: finding it there would prove nothing.
const containerProg = "/app/prog"

// makeRoot builds a root folder for testdata/container.c and returns it.
func makeRoot(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(containerProg); err == nil {
		t.Fatalf("%s exists on the host: the container tests need it only in their root folder", containerProg)
	}
	root := t.TempDir()
	app := filepath.Join(root, "app")
	if err := os.MkdirAll(app, 0o755); err != nil {
		t.Fatal(err)
	}
	compile(t, app, "container.c", "prog", defaultVariant, "-Wl,-rpath,/opt/gslib")
	// An absolute link resolves in the container: /app/prog is not on the host.
	if err := os.Symlink(containerProg, filepath.Join(app, "link")); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ldd", filepath.Join(app, "prog")).CombinedOutput()
	if err != nil {
		t.Fatalf("ldd: %v\n%s", err, out)
	}
	libs := regexp.MustCompile(`(?m)(/\S+) \(0x`).FindAllStringSubmatch(string(out), -1)
	if len(libs) < 2 {
		t.Fatalf("ldd names no libc and loader:\n%s", out)
	}
	for _, l := range libs {
		data, err := os.ReadFile(l[1]) // through symlinks: a real file in the root
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(root, l[1])
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o755); err != nil {
			t.Fatal(err)
		}
		// The target loads another copy of libc, from its RUNPATH: the
		// one in the standard directory, where ld.so.cache and gs's
		// library directories point, is not the file it maps.
		if strings.HasPrefix(filepath.Base(l[1]), "libc.so") {
			if err := os.MkdirAll(filepath.Join(root, "opt", "gslib"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "opt", "gslib", filepath.Base(l[1])), data, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

// lockedBuffer collects a target's output while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// container is a running target in a container.
type container struct {
	cmd     *exec.Cmd
	hostPID int
	out     *lockedBuffer
}

// startContainer runs argv (unshare ... /app/prog) and waits until the
// target prints its ready line. It is killed when the test ends.
func startContainer(t *testing.T, argv []string) *container {
	t.Helper()
	c := &container{cmd: exec.Command(argv[0], argv[1:]...), out: &lockedBuffer{}}
	c.cmd.Stdout, c.cmd.Stderr = c.out, c.out
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if c.hostPID != 0 && c.hostPID != c.cmd.Process.Pid {
			syscall.Kill(c.hostPID, syscall.SIGKILL)
		}
		c.cmd.Process.Kill()
		c.cmd.Wait()
	})
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(c.out.String(), "ready ") {
		if time.Now().After(deadline) {
			t.Fatalf("the target did not start in 10s; it printed:\n%s", c.out)
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.hostPID = findProg(t, c.cmd.Process.Pid)
	return c
}

// findProg returns the host pid of the process running /app/prog: pid
// itself (unshare and chroot exec it) or, with a PID namespace, the child
// unshare forked.
func findProg(t *testing.T, pid int) int {
	t.Helper()
	if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid)); strings.HasSuffix(exe, containerProg) {
		return pid
	}
	kids, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", pid, pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range strings.Fields(string(kids)) {
		kid, _ := strconv.Atoi(k)
		if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", kid)); strings.HasSuffix(exe, containerProg) {
			return kid
		}
	}
	t.Fatalf("no process of unshare (pid %d) runs %s (children: %q)", pid, containerProg, kids)
	return 0
}

// checkLines fails unless every line gs printed (but its map @n) is one
// the target printed, and there are want of them.
func checkLines(t *testing.T, what string, r result, c *container, want int) {
	t.Helper()
	if r.Code != 0 {
		t.Fatalf("%s: gs exit %d\nstdout:\n%s\nstderr:\n%s", what, r.Code, r.Stdout, r.Stderr)
	}
	time.Sleep(50 * time.Millisecond) // the target prints after the call
	printed := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(c.out.String()))
	for sc.Scan() {
		printed[sc.Text()] = true
	}
	var lines []string
	for _, l := range strings.Split(r.Stdout, "\n") {
		if l != "" && !strings.HasPrefix(l, "@n: ") {
			lines = append(lines, l)
		}
	}
	if len(lines) != want {
		t.Fatalf("%s: gs printed %d lines, want %d:\n%s\nstderr:\n%s", what, len(lines), want, r.Stdout, r.Stderr)
	}
	for _, l := range lines {
		if !printed[l] {
			t.Errorf("%s: gs printed %q, which the target never printed", what, l)
		}
	}
}

func TestContainer(t *testing.T) {
	root := makeRoot(t)
	for _, tc := range []struct {
		name  string
		argv  []string
		inPID string // the target's pid in its own namespace ("" any)
	}{
		{"mountns", []string{"unshare", "-m", "chroot", root, containerProg}, ""},
		{"pidns", []string{"unshare", "-m", "-p", "-f", "--kill-child", "chroot", root, containerProg}, "1"},
		// As container runtimes do: the files it maps show as
		// /lib/x86_64-linux-gnu/libc.so.6, which on the host is another file.
		{"pivot_root", []string{"unshare", "-m", "sh", "-c",
			`mount --bind "$0" "$0" && cd "$0" && mkdir -p old && pivot_root . old && exec ` + containerProg, root}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startContainer(t, tc.argv)
			if tc.inPID != "" && !strings.Contains(c.out.String(), "ready "+tc.inPID+"\n") {
				t.Fatalf("the target is not pid %s in its namespace:\n%s", tc.inPID, c.out)
			}
			pid := strconv.Itoa(c.hostPID)
			// pid is the host's pid, as gs sees it.
			script := `{ printf("add %d %d\n", arg0, arg1); @n = @n + 1; if (pid != ` + pid + `) { printf("pid %d\n", pid) } if (@n == 3) { exit() } }`
			for _, probe := range []string{"uprobe:" + containerProg + ":add", "uprobe:/app/link:add", "uprobe:add",
				"usdt:" + containerProg + ":app:add", "usdt::app:add"} {
				r := runGS(t, "/", timeout, "-p", pid, "-e", probe+" "+script)
				checkLines(t, probe, r, c, 3)
			}
			// A path of the host's only is not the target's.
			r := runGS(t, "/", timeout, "-p", pid, "-e", `uprobe:`+filepath.Join(root, containerProg)+`:add { }`)
			if r.Code != 3 {
				t.Errorf("a host path: exit %d, want 3\n%s", r.Code, r.Stderr)
			}
			match(t, "stderr", r.Stderr, `does not exist(.|\n)*hint: with -p, files are the target's, as its root /proc/`+pid+`/root shows them`)
			// libc is the container's copy (the host's is another file,
			// whose uprobe would never fire): a short name resolves to the
			// file the target maps.
			r = runGS(t, "/", timeout, "-p", pid, "-e",
				`uprobe:libc:strtol { printf("strtol %s\n", str(arg0)); @n = @n + 1; if (@n == 4) { exit() } }`)
			checkLines(t, "uprobe:libc:strtol", r, c, 4)
		})
	}
}
