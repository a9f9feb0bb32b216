package session

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// Capability bits (linux/capability.h).
const (
	capSysAdmin = 21
	capPerfmon  = 38
	capBPF      = 39
)

// checkPrivileges fails with ErrPermission unless the process may load BPF
// programs and open perf events.
func checkPrivileges() error {
	eff, err := effectiveCaps()
	if err != nil {
		// Without /proc we cannot tell; let the kernel decide.
		return nil
	}
	has := func(c uint) bool { return eff&(1<<c) != 0 }
	if has(capSysAdmin) || (has(capBPF) && has(capPerfmon)) {
		return nil
	}
	return ErrPermission
}

// effectiveCaps reads CapEff from /proc/self/status.
func effectiveCaps() (uint64, error) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "CapEff:"); ok {
			return strconv.ParseUint(strings.TrimSpace(v), 16, 64)
		}
	}
	return 0, errors.New("no CapEff in /proc/self/status")
}

// isPermission reports whether err is the kernel refusing for lack of
// privilege.
func isPermission(err error) bool {
	return (errors.Is(err, unix.EPERM) || errors.Is(err, unix.EACCES)) && !isVerifier(err)
}

func isVerifier(err error) bool {
	var ve *ebpf.VerifierError
	return errors.As(err, &ve)
}

// translate turns a permission failure into ErrPermission: the user sees
// one sentence with the fix, never a raw EPERM.
func translate(err error) error {
	if err != nil && isPermission(err) {
		return ErrPermission
	}
	return err
}

// kernelFeatures is what checkFeatures found.
type kernelFeatures struct {
	uprobeMulti bool
	notes       []string // one line per missing feature gs works around
}

// checkFeatures checks that the kernel has what the interpreter needs
// (ErrKernel names what it lacks) and which fallbacks a run takes.
func checkFeatures() (kernelFeatures, error) {
	fs, err := probeFeatures(false)
	if err != nil {
		return kernelFeatures{}, err
	}
	if err := requiredMissing(fs); err != nil {
		return kernelFeatures{}, err
	}
	return kernelFeatures{uprobeMulti: have(fs, featUprobeMulti), notes: fallbackLines(fs)}, nil
}
