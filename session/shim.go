package session

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	goruntime "runtime"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// shimEnv marks the re-executed gs that holds a -c command until the
// probes are attached.
const shimEnv = "GS_SHIM"

// The shim's pipes, as file descriptors in the shim. It reads one byte
// from shimRelease before exec'ing the command: releaseTrace asks it to
// stop at the exec for gs (see heldCommand.run), releaseRun not. It answers
// on shimReport with one byte, reportTraced or reportUntraced, then writes
// why the exec failed, if it did; shimReport is close-on-exec, so a
// successful exec shows as EOF.
const (
	shimRelease = 3
	shimReport  = 4

	releaseTrace   = 'T'
	releaseRun     = 'R'
	reportTraced   = 'T'
	reportUntraced = 'N'
)

// shimExitCode is the shim's exit status when the command cannot run, as a
// shell's for "command not found".
const shimExitCode = 127

func init() {
	if os.Getenv(shimEnv) == "1" {
		// The kernel's pid filter of a probe holds on to the task that was
		// given; keep main, and so the exec, on the process's first thread so
		// that task is the one that becomes the command.
		goruntime.LockOSThread()
	}
}

// RunShimIfRequested turns this process into the -c shim, or the releaser
// of links (release.go), when gs started it as one, and never returns in
// that case. Call it first thing in main
// (and in TestMain of tests that use Options.Command).
func RunShimIfRequested() {
	if os.Getenv(releaseEnv) == "1" {
		os.Exit(releaseMain()) // release.go
	}
	if os.Getenv(shimEnv) != "1" {
		return
	}
	os.Exit(shimMain(os.Args))
}

// shimMain waits for the release byte, then execs args[1] with argv
// args[2:]. It returns only on failure.
func shimMain(args []string) int {
	report := os.NewFile(shimReport, "report")
	unix.CloseOnExec(shimReport)
	fail := func(format string, a ...any) int {
		if report != nil {
			fmt.Fprintf(report, format, a...)
		}
		return shimExitCode
	}
	if len(args) < 3 {
		return fail("shim: missing command")
	}
	release := os.NewFile(shimRelease, "release")
	if release == nil {
		return fail("shim: no release pipe")
	}
	var b [1]byte
	if n, _ := release.Read(b[:]); n != 1 {
		// gs gave up (attaching failed): the command must not run.
		return shimExitCode
	}
	release.Close()
	traced := byte(reportUntraced)
	if b[0] == releaseTrace {
		// Stop at the exec so gs can read the new image's mappings before
		// any of its code runs. Main is on the first thread (see init),
		// which is the thread that execs.
		if _, _, e := unix.RawSyscall(unix.SYS_PTRACE, unix.PTRACE_TRACEME, 0, 0); e == 0 {
			traced = reportTraced
		}
	}
	if _, err := report.Write([]byte{traced}); err != nil {
		return shimExitCode
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, shimEnv+"=") {
			env = append(env, kv)
		}
	}
	err := syscall.Exec(args[1], args[2:], env)
	return fail("exec %s: %v", args[1], err)
}

// heldCommand is a -c command started held by the shim.
type heldCommand struct {
	cmd     *exec.Cmd
	release *os.File      // write end: one byte lets the command run
	report  *os.File      // read end: the exec error, or EOF when exec worked
	done    chan struct{} // closed when the command has exited and was reaped
	waitErr error
	waiting bool
	panics  *panics // the session's, for the waiting goroutine
	// execStopped: readStatus saw the traced shim stop at its exec (the
	// status byte was written before the exec, but the read may time out
	// after both happened).
	execStopped bool
}

// resolveCommand finds argv[0] the way a shell would. Run calls it before
// loading anything, so a typo fails fast.
func resolveCommand(argv []string) (string, error) {
	if len(argv) == 0 || argv[0] == "" {
		return "", fmt.Errorf("%w: empty command", ErrTargetStart)
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return "", fmt.Errorf("%w %q: %w", ErrTargetStart, argv[0], unwrapExecErr(err))
	}
	return path, nil
}

// startHeld starts the shim for the command at path with argv.
func startHeld(path string, argv []string) (*heldCommand, error) {
	relR, relW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTargetStart, err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		relR.Close()
		relW.Close()
		return nil, fmt.Errorf("%w: %w", ErrTargetStart, err)
	}
	cmd := &exec.Cmd{
		Path:       "/proc/self/exe",
		Args:       append([]string{"gs-shim", path}, argv...),
		Env:        append(os.Environ(), shimEnv+"=1"),
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		ExtraFiles: []*os.File{relR, repW}, // fds 3 and 4
	}
	err = cmd.Start()
	relR.Close()
	repW.Close()
	if err != nil {
		relW.Close()
		repR.Close()
		return nil, fmt.Errorf("%w %q: %w", ErrTargetStart, argv[0], err)
	}
	return &heldCommand{cmd: cmd, release: relW, report: repR, done: make(chan struct{})}, nil
}

// wait reaps the command in the background; done closes when it exited.
// It starts only once the command runs untraced: a waiter in the same
// process would also receive the ptrace stop at the exec (the kernel
// reports a tracee's stops to its parent's wait whatever the flags).
func (h *heldCommand) wait() {
	if h.waiting {
		return
	}
	h.waiting = true
	go func() {
		defer close(h.done)
		h.panics.run("waiting for the command", func() { h.waitErr = h.cmd.Wait() })
	}()
}

// unwrapExecErr drops exec.Error's repetition of the name.
func unwrapExecErr(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}

func (h *heldCommand) pid() int { return h.cmd.Process.Pid }

// run releases the command and waits until its exec succeeded or failed.
// When onExec is not nil, the command stops right after its exec, before
// any of its code (the dynamic loader included) runs, and onExec is called
// then; traced says whether that worked (ptrace may be forbidden), else
// onExec is called after the exec with the command already running.
//
// Stopping uses ptrace: the shim asks to be traced by its parent, which is
// the thread that started it, so startHeld, run and everything between
// must run on one locked OS thread (runtime.LockOSThread).
func (h *heldCommand) run(onExec func(traced bool)) error {
	defer h.wait()
	rel := byte(releaseRun)
	if onExec != nil {
		rel = releaseTrace
	}
	_, err := h.release.Write([]byte{rel})
	h.release.Close()
	if err != nil {
		return fmt.Errorf("%w: %w", ErrTargetStart, err)
	}
	status, err := h.readStatus()
	if err != nil {
		h.report.Close()
		return err
	}
	if status == reportTraced {
		stopped := h.execStopped
		if !stopped {
			stopped, err = waitExecStop(h.pid())
		}
		if err != nil {
			h.report.Close()
			return fmt.Errorf("%w: wait for exec: %w", ErrTargetStart, err)
		}
		if stopped {
			onExec(true)
			if err := unix.PtraceDetach(h.pid()); err != nil {
				h.report.Close()
				return fmt.Errorf("%w: release traced command: %w", ErrTargetStart, err)
			}
		}
		onExec = nil
	}
	msg, _ := io.ReadAll(h.report)
	h.report.Close()
	if len(msg) > 0 {
		return fmt.Errorf("%w: %s", ErrTargetStart, msg)
	}
	if onExec != nil {
		onExec(false)
	}
	return nil
}

// readStatus reads the shim's status byte. The shim may already be traced
// and, if a signal reaches it before it writes (the Go runtime preempts
// with SIGURG), be held in a ptrace stop until its tracer, this thread,
// lets it go on: so wait in short slices and pass such signals on.
//
// The SIGTRAP stop of the exec is not such a signal: the shim writes its
// byte and execs at once, so a slice can end with both done (a loaded
// machine makes it likely). Passing that SIGTRAP on would kill the
// command; it is kept as the exec stop (execStopped) instead.
func (h *heldCommand) readStatus() (byte, error) {
	var b [1]byte
	defer h.report.SetReadDeadline(time.Time{})
	for {
		_ = h.report.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
		n, err := h.report.Read(b[:])
		if n == 1 {
			return b[0], nil
		}
		if err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
			return 0, fmt.Errorf("%w: the command was stopped before it started", ErrTargetStart)
		}
		if h.execStopped {
			continue // the byte is in the pipe: it was written before the exec
		}
		if testStatusPause != nil {
			testStatusPause()
		}
		var info sigchldInfo
		_, _, e := unix.Syscall6(unix.SYS_WAITID, unix.P_PID, uintptr(h.pid()), uintptr(unsafe.Pointer(&info)),
			unix.WEXITED|unix.WSTOPPED|unix.WNOWAIT|unix.WNOHANG, 0, 0)
		if e == 0 && info.pid != 0 && info.code == cldTrapped {
			if info.status == int32(unix.SIGTRAP) {
				h.execStopped = true
				continue
			}
			if err := unix.PtraceCont(h.pid(), int(info.status)); err != nil {
				return 0, fmt.Errorf("%w: resume traced command: %w", ErrTargetStart, err)
			}
		}
	}
}

// testStatusPause, when set, runs between a status read that timed out
// and the look for a ptrace stop: tests widen the window in which the shim
// writes its byte and stops at its exec.
var testStatusPause func()

// sigchldInfo is siginfo_t as waitid fills it for a child (x86-64).
type sigchldInfo struct {
	signo, errno, code int32
	_                  int32
	pid                int32
	uid                uint32
	status             int32
	_                  [100]byte
}

// si_code values of SIGCHLD.
const (
	cldExited  = 1
	cldKilled  = 2
	cldDumped  = 3
	cldTrapped = 4
)

// waitExecStop waits until the traced shim stops at its exec (true) or
// exits (false). Exits are left for exec.Cmd.Wait to reap (WNOWAIT);
// signals the shim gets meanwhile are passed on.
func waitExecStop(pid int) (bool, error) {
	for {
		var info sigchldInfo
		_, _, e := unix.Syscall6(unix.SYS_WAITID, unix.P_PID, uintptr(pid), uintptr(unsafe.Pointer(&info)),
			unix.WEXITED|unix.WSTOPPED|unix.WNOWAIT, 0, 0)
		if e == unix.EINTR {
			continue
		}
		if e != 0 {
			return false, e
		}
		switch info.code {
		case cldExited, cldKilled, cldDumped:
			return false, nil
		case cldTrapped:
			if info.status == int32(unix.SIGTRAP) {
				return true, nil // the SIGTRAP a traced exec sends
			}
			if err := unix.PtraceCont(pid, int(info.status)); err != nil {
				return false, err
			}
		default:
			if err := unix.PtraceCont(pid, 0); err != nil {
				return false, err
			}
		}
	}
}

// abort stops a command that was never released (or must not go on).
func (h *heldCommand) abort() {
	h.release.Close()
	h.report.Close()
	h.wait()
	select {
	case <-h.done:
		return
	default:
	}
	_ = h.cmd.Process.Signal(syscall.SIGKILL)
	<-h.done
}

// exitStatus describes how the command ended, or "" for success.
func (h *heldCommand) exitStatus() string {
	st := h.cmd.ProcessState
	if st == nil {
		if h.waitErr != nil {
			return h.waitErr.Error()
		}
		return ""
	}
	if st.Success() {
		return ""
	}
	return st.String()
}
