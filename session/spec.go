package session

import (
	"sync"

	"github.com/cilium/ebpf/btf"

	"github.com/gs-tracer/gs/bpf"
)

// loadSpec returns a copy of variant v of the precompiled interpreter
// (bpf.Pick chooses it); a variable so tests can load a broken object.
var loadSpec = (*bpf.Variant).Spec

// kernelTypes is the kernel's BTF, decoded once per process and shared by
// every load that needs it (the kfunc probe, the interpreter's kfuncs, the
// tp_btf targets of the process-tree programs): without it each load
// decodes vmlinux's BTF again, and scans the modules' (docs/design.md,
// "Start-up").
var kernelTypes = btf.NewCache()

var prepareOnce sync.Once

// Prepare starts, in the background, what every run's load needs first and
// does not depend on the script: decoding the kernel's BTF and parsing the
// interpreter objects. cmd/gs calls it once the script parses, so that both
// overlap the compile (DWARF, placement); Run calls it too. Idempotent.
func Prepare() {
	prepareOnce.Do(func() {
		go func() { _, _ = kernelTypes.Kernel() }()
		for _, v := range bpf.Variants {
			go func() { _, _ = v.Spec() }()
		}
	})
}
