package session

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// TestVerifierErrorInternal: a program the verifier rejects is an internal
// error told in one line that names a file holding the whole log.
func TestVerifierErrorInternal(t *testing.T) {
	_, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.Kprobe,
		License: "GPL",
		// r0 = *(u64 *)(r10 + 8): above the stack.
		Instructions: asm.Instructions{asm.LoadMem(asm.R0, asm.RFP, 8, asm.DWord), asm.Return()},
	})
	var ve *ebpf.VerifierError
	if !errors.As(err, &ve) {
		t.Fatalf("the verifier accepted a read above the stack: %v", err)
	}
	verr := newVerifierError(ve)
	defer os.Remove(verr.file)
	msg := verr.Error()
	if strings.Contains(msg, "\n") || !strings.HasSuffix(msg, "its log is in "+verr.file) {
		t.Errorf("message %q is not one line naming the log file", msg)
	}
	if !errors.Is(verr, ErrInternal) || !errors.As(verr, &ve) {
		t.Errorf("%v is not ErrInternal wrapping the verifier's error", verr)
	}
	log, err := os.ReadFile(verr.file)
	if err != nil {
		t.Fatal(err)
	}
	if last := ve.Log[len(ve.Log)-1]; !strings.Contains(string(log), last) || !strings.Contains(string(log), "invalid") {
		t.Errorf("the log file lacks the verifier's log:\n%s", log)
	}
}

// TestProbeFeatures: on the kernel the tests run on (6.18, root), every
// feature gs probes for is there, the bpf_get_func_ip uprobe check too.
func TestProbeFeatures(t *testing.T) {
	fs, err := probeFeatures(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if !f.Have {
			t.Errorf("missing %s", f.line())
		}
	}
	if len(fs) != 7 {
		t.Errorf("probed %d features, want 7", len(fs))
	}
}
