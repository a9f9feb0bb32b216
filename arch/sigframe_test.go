//go:build amd64

package arch

import (
	"testing"

	"github.com/cilium/ebpf/btf"
)

// TestKernelSigframe checks the signal frame table against the running
// kernel's BTF: struct rt_sigframe, struct ucontext and struct
// sigcontext_64, as the kernel that builds the frames lays them out.
func TestKernelSigframe(t *testing.T) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatalf("load kernel BTF: %v", err)
	}
	for _, c := range []struct {
		typ, member string
		want        int
	}{
		{"rt_sigframe", "uc", SigframeUContext},
		{"ucontext", "uc_mcontext", UContextMcontext},
		{"sigcontext_64", "bp", SigcontextRBP},
		{"sigcontext_64", "sp", SigcontextRSP},
		{"sigcontext_64", "ip", SigcontextRIP},
	} {
		var s *btf.Struct
		if err := spec.TypeByName(c.typ, &s); err != nil {
			t.Errorf("find struct %s: %v", c.typ, err)
			continue
		}
		found := false
		for _, m := range s.Members {
			if m.Name == c.member {
				found = true
				if got := int(m.Offset.Bytes()); got != c.want {
					t.Errorf("offsetof(struct %s, %s) is %d in the kernel, %d in the table", c.typ, c.member, got, c.want)
				}
			}
		}
		if !found {
			t.Errorf("struct %s has no member %s", c.typ, c.member)
		}
	}
}
