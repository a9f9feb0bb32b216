package session

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// ErrInternal: a bug in gs, such as the verifier rejecting its own
// interpreter; cmd/gs exits with 70.
var ErrInternal = errors.New("internal error")

// Feature is a kernel facility gs uses: probed at start, never inferred
// from the kernel's version number.
type Feature struct {
	Name     string // what it is, as the user reads it
	Since    string // the first Linux release that has it
	Have     bool
	Fallback string // what gs does without it; "" when it cannot run without it
}

// line is the one line that says a feature is missing.
func (f Feature) line() string {
	if f.Fallback == "" {
		return fmt.Sprintf("this kernel lacks %s (Linux %s)", f.Name, f.Since)
	}
	return fmt.Sprintf("this kernel lacks %s (Linux %s): %s", f.Name, f.Since, f.Fallback)
}

// Feature names the fallbacks look up.
const (
	featUprobeMulti = "uprobe_multi links"
	featSleepable   = "sleepable uprobes"
	featCopyStr     = "the bpf_copy_from_user_str kfunc"
	featFuncIP      = "bpf_get_func_ip in uprobes"
	featLoop        = "the bpf_loop helper"
)

// probeFeatures probes the kernel for every feature gs uses. With funcIP
// it also attaches a uprobe to gs itself to see whether bpf_get_func_ip
// works there (a run needs no answer: the interpreter falls back on its
// own when the helper returns 0).
func probeFeatures(funcIP bool) ([]Feature, error) {
	fs := []Feature{
		{Name: "ring buffer maps", Since: "5.8"},
		{Name: "BPF cookies", Since: "5.15"},
		{Name: featLoop, Since: "5.17"},
		{Name: featSleepable, Since: "6.0", Fallback: "strings on pages the target has not touched yet read as errors"},
		{Name: featUprobeMulti, Since: "6.6", Fallback: "one uprobe per probe"},
		{Name: featCopyStr, Since: "6.12", Fallback: "strings on untouched pages are faulted in with bpf_copy_from_user"},
	}
	probes := []func() error{
		func() error { return features.HaveMapType(ebpf.RingBuf) },
		func() error { return features.HaveProgramHelper(ebpf.Kprobe, asm.FnGetAttachCookie) },
		func() error { return features.HaveProgramHelper(ebpf.Kprobe, asm.FnLoop) },
		haveSleepableUprobes,
		features.HaveBPFLinkUprobeMulti,
		copyStrKfunc,
	}
	if funcIP {
		fs = append(fs, Feature{Name: featFuncIP, Since: "6.4", Fallback: "a probe's own module's load bias comes from gs_bias, which the bias probes and /proc fill"})
		probes = append(probes, haveUprobeFuncIP)
	}
	for i, probe := range probes {
		switch err := probe(); {
		case err == nil:
			fs[i].Have = true
		case errors.Is(err, ebpf.ErrNotSupported):
		case isPermission(err):
			return nil, ErrPermission
		default:
			return nil, fmt.Errorf("probe kernel for %s: %w", fs[i].Name, err)
		}
	}
	return fs, nil
}

func have(fs []Feature, name string) bool {
	for _, f := range fs {
		if f.Name == name {
			return f.Have
		}
	}
	return false
}

// haveSleepableUprobes loads an empty sleepable kprobe-type program, what
// the sleepable interpreter programs are.
func haveSleepableUprobes() error {
	p, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.Kprobe,
		AttachType:   ebpf.AttachNone,
		Flags:        unix.BPF_F_SLEEPABLE,
		License:      "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
	})
	if err != nil {
		if errors.Is(err, unix.EINVAL) || isVerifier(err) {
			return fmt.Errorf("%w: %v", ebpf.ErrNotSupported, err)
		}
		return err
	}
	return p.Close()
}

// copyStrKfunc is haveKfunc of bpf_copy_from_user_str, once per process
// (Prepare asks first).
var copyStrKfunc = sync.OnceValue(func() error { return haveKfunc("bpf_copy_from_user_str") })

// haveKfunc looks name up in the kernel's BTF.
func haveKfunc(name string) error {
	spec, err := kernelTypes.Kernel()
	if err != nil {
		return fmt.Errorf("%w: no kernel BTF: %v", ebpf.ErrNotSupported, err)
	}
	var fn *btf.Func
	if err := spec.TypeByName(name, &fn); err != nil {
		if errors.Is(err, btf.ErrNotFound) {
			return ebpf.ErrNotSupported
		}
		return err
	}
	return nil
}

var funcIPCalls atomic.Uint64

// funcIPTarget is the function haveUprobeFuncIP probes.
//
//go:noinline
func funcIPTarget() { funcIPCalls.Add(1) }

// haveUprobeFuncIP attaches a program that stores bpf_get_func_ip to a
// uprobe on funcIPTarget, calls it and checks the value is not 0 (what
// kernels before 6.4 return in uprobes).
func haveUprobeFuncIP() error {
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		return err
	}
	defer m.Close()
	p, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.Kprobe,
		License: "GPL",
		Instructions: asm.Instructions{
			asm.FnGetFuncIp.Call(),
			asm.StoreMem(asm.RFP, -8, asm.R0, asm.DWord),
			asm.StoreImm(asm.RFP, -16, 0, asm.Word),
			asm.LoadMapPtr(asm.R1, m.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -16),
			asm.Mov.Reg(asm.R3, asm.RFP),
			asm.Add.Imm(asm.R3, -8),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnMapUpdateElem.Call(),
			asm.Mov.Imm(asm.R0, 0),
			asm.Return(),
		},
	})
	if err != nil {
		return err
	}
	defer p.Close()
	path, off, err := ownFunc(funcIPTarget)
	if err != nil {
		return err
	}
	ex, err := link.OpenExecutable(path)
	if err != nil {
		return err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	l, err := ex.Uprobe("funcIPTarget", p, &link.UprobeOptions{Address: off, PID: unix.Gettid()})
	if err != nil {
		return err
	}
	defer l.Close()
	funcIPTarget()
	var ip uint64
	if err := m.Lookup(uint32(0), &ip); err != nil {
		return err
	}
	if ip == 0 {
		return ebpf.ErrNotSupported
	}
	return nil
}

// KernelReport writes what --version says about the kernel: its release,
// the features gs probes for and the paths it takes on it.
func KernelReport(w io.Writer) error {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return fmt.Errorf("uname: %w", err)
	}
	fmt.Fprintf(w, "kernel: Linux %s\n", unix.ByteSliceToString(u.Release[:]))
	if err := checkPrivileges(); err != nil {
		fmt.Fprintf(w, "kernel features: not probed (%v)\n", err)
		return nil
	}
	fs, err := probeFeatures(true)
	if err != nil {
		fmt.Fprintf(w, "kernel features: not probed (%v)\n", err)
		return nil
	}
	var missing []string
	for _, f := range fs {
		if !f.Have {
			missing = append(missing, f.line())
		}
	}
	if len(missing) == 0 {
		fmt.Fprintln(w, "kernel features: all present")
	}
	for _, m := range missing {
		fmt.Fprintf(w, "kernel feature: %s\n", m)
	}
	path := func(ok bool, yes, no string) string {
		if ok {
			return yes
		}
		return no
	}
	fmt.Fprintf(w, "attach: %s\n", path(have(fs, featUprobeMulti), "uprobe_multi links", "one uprobe per probe"))
	fmt.Fprintf(w, "reads: %s\n", path(have(fs, featSleepable),
		path(have(fs, featCopyStr), "sleepable, faulting pages in (bpf_copy_from_user, bpf_copy_from_user_str)",
			"sleepable, faulting pages in (bpf_copy_from_user, page by page for strings)"),
		"not sleepable: untouched pages read as errors"))
	fmt.Fprintf(w, "load bias: %s\n", path(have(fs, featFuncIP), "bpf_get_func_ip at the probe, a probe at each module's entry point or initializer, /proc/PID/maps for processes already running",
		"a probe at each module's entry point or initializer, /proc/PID/maps for processes already running (bpf_get_func_ip returns 0 in uprobes: a probe's own module too)"))
	return nil
}

// fallbackLines are the lines a run prints about missing features it works
// around, one per feature.
func fallbackLines(fs []Feature) []string {
	var lines []string
	for _, f := range fs {
		if !f.Have && f.Fallback != "" {
			lines = append(lines, f.line())
		}
	}
	return lines
}

// requiredMissing is the ErrKernel error for the features gs cannot run
// without, nil when all are there.
func requiredMissing(fs []Feature) error {
	var missing []string
	for _, f := range fs {
		if !f.Have && f.Fallback == "" {
			missing = append(missing, fmt.Sprintf("%s (Linux %s)", f.Name, f.Since))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%w %s", ErrKernel, strings.Join(missing, ", "))
}

// verifierLogFile writes the verifier's whole log to a file and returns
// its name.
func verifierLogFile(ve *ebpf.VerifierError) (string, error) {
	f, err := os.CreateTemp("", "gs-verifier-*.log")
	if err != nil {
		return "", err
	}
	defer f.Close()
	fmt.Fprintf(f, "%v\n", ve.Cause)
	for _, l := range ve.Log {
		fmt.Fprintln(f, l)
	}
	return f.Name(), nil
}

// InfoReport writes what --info says: the facilities bpftrace's --info
// lists, one "name: yes|no" line each in its words (bpftrace's runtime
// tests read them for REQUIRES_FEATURE), answered for gs on this kernel.
// A facility gs does not use (kprobes, BTF of the kernel) is "no".
func InfoReport(w io.Writer) error {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return fmt.Errorf("uname: %w", err)
	}
	fmt.Fprintf(w, "System\n  OS: Linux %s\n  Arch: %s\n\n", unix.ByteSliceToString(u.Release[:]), runtime.GOARCH)
	var fs []Feature
	if err := checkPrivileges(); err == nil {
		fs, _ = probeFeatures(true)
	}
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	fmt.Fprintf(w, "Build\n  libdw (DWARF support): yes\n  dwunwind (DWARF stack unwinding): yes\n  blazesym (advanced symbolization): yes\n  bcc library path resolution: yes\n\n")
	// nsecs(tai) reads bpf_ktime_get_tai_ns (Linux 5.17).
	tai := false
	if fs != nil {
		tai = features.HaveProgramHelper(ebpf.Kprobe, asm.FnKtimeGetTaiNs) == nil
	}
	fmt.Fprintf(w, "Kernel features\n")
	for _, l := range []struct {
		name string
		have bool
	}{
		{"Loop support", have(fs, featLoop)}, // while and for run in bpf_loop
		{"btf", false},
		{"uprobe_multi", have(fs, featUprobeMulti)},
		{"get_func_ip", have(fs, featFuncIP)},
		{"kprobe_multi", false},
		{"kprobe_session", false},
		{"send_signal", false},
		{"probe_read_kernel", false},
		{"get_ktime_ns", tai},        // bpftrace's name for bpf_ktime_get_tai_ns
		{"lookup_percpu_elem", true}, // the interpreter reads aggregations with it: it loaded
		{"fentry", false},
		{"iter", false},
		{"dpath", false},
		{"skboutput", false},
		{"jiffies64", false},
	} {
		fmt.Fprintf(w, "  %s: %s\n", l.name, yes(l.have))
	}
	return nil
}
