package session

import (
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// Releasing the links after gs has reported.
//
// Closing a uprobe link waits for a grace period in the kernel (the
// release of a uprobe_multi link, and of a perf-event uprobe, unregisters
// its uprobes and then waits for RCU Tasks Trace and the uretprobes' SRCU,
// kernel/events/uprobes.c uprobe_unregister_sync): 17-60 ms on this 6.18
// VM, for any number of links closed at once, and it blocks the closing
// thread, so a process exiting with the links open waits for it too
// (exit closes its files before its parent can reap it). Once every
// process the probes filter on has exited, no probe can run again in
// them, so gs reads its maps without detaching first, and hands the links
// to a child, the releaser, which closes them after gs has dropped its own
// references: the grace period is then spent in the releaser, which no
// one waits for.

// releaseEnv marks the re-executed gs that closes links for its parent.
const releaseEnv = "GS_RELEASE"

// releaseMain is the releaser: it holds the links it inherited (fds 3 and
// up) until gs closes its end of stdin, then exits, which closes them.
func releaseMain() int {
	_, _ = io.Copy(io.Discard, os.Stdin)
	return 0
}

// releaser is a started releaser that holds links.
type releaser struct {
	cmd  *exec.Cmd
	gate *os.File // stdin's write end: closing it lets the releaser exit
	done chan struct{}
}

// startRelease starts a releaser holding the links that have a file
// descriptor of their own and closes gs's references to them; it returns
// the links it could not hand over (gs closes those itself). On any error
// every link is returned.
func startRelease(links []link.Link) (*releaser, []link.Link, error) {
	var handed, rest []link.Link
	var files []*os.File
	defer func() {
		for _, f := range files {
			f.Close()
		}
	}()
	for _, l := range links {
		fl, ok := l.(interface{ FD() int })
		if !ok {
			rest = append(rest, l)
			continue
		}
		fd, err := unix.FcntlInt(uintptr(fl.FD()), unix.F_DUPFD_CLOEXEC, 0)
		if err != nil {
			return nil, links, fmt.Errorf("duplicate link fd: %w", err)
		}
		files = append(files, os.NewFile(uintptr(fd), "link"))
		handed = append(handed, l)
	}
	if len(handed) == 0 {
		return nil, links, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, links, fmt.Errorf("start releaser: %w", err)
	}
	cmd := &exec.Cmd{
		Path:       "/proc/self/exe",
		Args:       []string{"gs-release"},
		Env:        []string{releaseEnv + "=1"},
		Stdin:      r, // stdout and stderr: /dev/null, so no one waits for them to close
		ExtraFiles: files,
	}
	err = cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		return nil, links, fmt.Errorf("start releaser: %w", err)
	}
	rel := &releaser{cmd: cmd, gate: w, done: make(chan struct{})}
	go func() {
		defer close(rel.done)
		_ = cmd.Wait() // reaped when gs outlives it (tests, a library's caller)
	}()
	// gs's references go first: the releaser then holds the last ones.
	for _, l := range handed {
		_ = l.Close()
	}
	return rel, rest, nil
}

// release lets the releaser exit and close the links.
func (r *releaser) release() {
	if r != nil {
		r.gate.Close()
	}
}

// releaseLinks hands links to a releaser and lets it close them; the links
// it cannot hand over it closes itself, waiting.
func releaseLinks(links []link.Link) error {
	r, rest, err := startRelease(links)
	r.release()
	closeLinks(rest)
	return err
}
