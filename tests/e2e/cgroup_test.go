package e2e

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/gs-tracer/gs/internal/testtarget"
)

const cgroupSrc = `#include <stdlib.h>
volatile long sink;
__attribute__((noinline)) void tick(long n) { sink += n; }
int main(int argc, char **argv) {
	long n = atol(argv[1]);
	for (long i = 0; i < n; i++) tick(i);
	return 0;
}
`

// cgroup2Mount returns where this machine mounts the cgroup v2 hierarchy,
// from /proc/self/mountinfo (Debian's hybrid layout: /sys/fs/cgroup/unified;
// the unified one: /sys/fs/cgroup). The test fails when there is none.
func cgroup2Mount(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		pre, post, ok := strings.Cut(l, " - ")
		if f := strings.Fields(pre); ok && len(f) >= 5 && strings.HasPrefix(post, "cgroup2 ") {
			return f[4]
		}
	}
	t.Fatalf("no cgroup2 file system is mounted (/proc/self/mountinfo):\n%s", b)
	return ""
}

func inode(t *testing.T, path string) uint64 {
	t.Helper()
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		t.Fatal(err)
	}
	return st.Ino
}

// TestCgroup: a target the test moves into a cgroup it makes, named as
// docker's systemd driver names a container's (docker-ID.scope), runs and
// exits, the test removes the cgroup, and only then does gs print
// @[cgroup, cgroup_path(cgroup), container]: the id is the directory's
// inode, the path the directory's below the cgroup2 mount, the container
// the id in its name, each counted as often as the target called. A
// target left in the test's own cgroup prints that cgroup (from
// /proc/PID/cgroup) and no container. cgroupid(PATH) of the cgroup
// filters the calls made in it.
func TestCgroup(t *testing.T) {
	mount := cgroup2Mount(t)
	bin := testtarget.FromSource(t, gcc, "cgtick.c", cgroupSrc, "-O2", "-g")
	sum := sha256.Sum256([]byte(t.Name() + strconv.Itoa(os.Getpid())))
	id := hex.EncodeToString(sum[:])
	base := filepath.Join(mount, fmt.Sprintf("gs-e2e-%d", os.Getpid()))
	ctr := filepath.Join(base, "docker-"+id+".scope")
	if err := os.MkdirAll(ctr, 0o755); err != nil {
		t.Fatalf("make a cgroup: %v", err)
	}
	t.Cleanup(func() { os.Remove(ctr); os.Remove(base) })
	ino := inode(t, ctr)

	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	gs := exec.CommandContext(ctx, gsBin, "-e", `uprobe:`+bin+`:tick { @[cgroup, cgroup_path(cgroup), container] = count() }
		uprobe:`+bin+`:tick /cgroup == cgroupid("`+ctr+`")/ { @in = count() }`)
	var stdout bytes.Buffer
	gs.Stdout = &stdout
	errPipe, err := gs.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := gs.Start(); err != nil {
		t.Fatal(err)
	}
	defer gs.Process.Kill()
	stderr := waitAttached(t, errPipe)

	// In the cgroup: 3 calls. The shell moves itself, then execs.
	in := exec.CommandContext(ctx, "sh", "-c", `echo $$ > "$1/cgroup.procs" && exec "$2" 3`, "sh", ctr, bin)
	if out, err := in.CombinedOutput(); err != nil {
		t.Fatalf("run the target in %s: %v\n%s", ctr, err, out)
	}
	// Outside it, in the test's own cgroup: 2 calls.
	own, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^0::(.*)$`).FindSubmatch(own)
	if m == nil {
		t.Fatalf("/proc/self/cgroup has no cgroup v2 line:\n%s", own)
	}
	ownPath := string(m[1])
	if out, err := exec.CommandContext(ctx, bin, "2").CombinedOutput(); err != nil {
		t.Fatalf("run the target: %v\n%s", err, out)
	}
	ownIno := inode(t, filepath.Join(mount, ownPath))

	// The target has exited; its cgroup goes before gs prints the map.
	if err := os.Remove(ctr); err != nil {
		t.Fatalf("remove the cgroup: %v", err)
	}
	if err := gs.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(errPipe)
	if err := gs.Wait(); err != nil {
		t.Fatalf("gs: %v\nstderr:\n%s%s", err, stderr, rest)
	}
	rel := strings.TrimPrefix(ctr, mount)
	for _, want := range []string{
		fmt.Sprintf("@[%d, unified:%s, %s]: 3\n", ino, rel, id),
		fmt.Sprintf("@[%d, unified:%s, ]: 2\n", ownIno, ownPath),
		"@in: 3\n",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("gs printed no line %q:\n%s", want, stdout.String())
		}
	}
}

// waitAttached reads gs's stderr until it says its probes are attached
// and returns what it read.
func waitAttached(t *testing.T, r io.Reader) string {
	t.Helper()
	var seen strings.Builder
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		seen.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "Attached ") {
			return seen.String()
		}
	}
	t.Fatalf("gs ended before attaching:\n%s", seen.String())
	return ""
}
