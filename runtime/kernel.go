package runtime

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"
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
}

// checkFeatures checks that the kernel has what the interpreter needs and
// whether uprobe_multi links are available.
func checkFeatures() (kernelFeatures, error) {
	var missing []string
	check := func(what string, err error) error {
		switch {
		case err == nil:
		case errors.Is(err, ebpf.ErrNotSupported):
			missing = append(missing, what)
		case isPermission(err):
			return ErrPermission
		default:
			return fmt.Errorf("probe kernel for %s: %w", what, err)
		}
		return nil
	}
	if err := check("ring buffer maps (Linux 5.8)", features.HaveMapType(ebpf.RingBuf)); err != nil {
		return kernelFeatures{}, err
	}
	if err := check("the bpf_loop helper (Linux 5.17)", features.HaveProgramHelper(ebpf.Kprobe, asm.FnLoop)); err != nil {
		return kernelFeatures{}, err
	}
	if err := check("BPF cookies (Linux 5.15)", features.HaveProgramHelper(ebpf.Kprobe, asm.FnGetAttachCookie)); err != nil {
		return kernelFeatures{}, err
	}
	if len(missing) > 0 {
		return kernelFeatures{}, fmt.Errorf("%w %s", ErrKernel, strings.Join(missing, ", "))
	}
	var kf kernelFeatures
	switch err := features.HaveBPFLinkUprobeMulti(); {
	case err == nil:
		kf.uprobeMulti = true
	case errors.Is(err, ebpf.ErrNotSupported):
		// One perf-event uprobe per probe instead.
	case isPermission(err):
		return kf, ErrPermission
	default:
		return kf, fmt.Errorf("probe kernel for uprobe_multi links: %w", err)
	}
	return kf, nil
}
