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
// smallest interpreter object (a -c run's process-tree programs load it,
// and so do scripts of its ops). cmd/gs calls it once the script parses,
// so that both overlap the compile (DWARF, placement); Run calls it too.
// The larger objects are parsed by the run that picks one (prepareVariant):
// parsing each of them every run took more CPU time (about 60 ms) than the
// rest of a short run, on a machine whose cores the verifier and the
// attach need. Idempotent.
//
// Once the BTF is decoded, the same goroutine runs the smallest object's
// CO-RE relocation (bpf.Variant.WarmRelocations): it decodes the kernel
// types every variant's relocation looks up (task_struct, and with it
// most of vmlinux's types), which the load otherwise did on its way to
// attach. The kfunc feature probe is answered first (copyStrKfunc): its
// lookup would wait for the decoder while the relocation holds it.
func Prepare() {
	prepareOnce.Do(func() {
		go func() {
			kernel, err := kernelTypes.Kernel()
			if err != nil {
				return
			}
			_ = copyStrKfunc()
			_ = bpf.Variants[0].WarmRelocations(kernel)
		}()
		go func() { _ = bpf.Variants[0].Parse() }()
	})
}

// prepareVariant starts parsing v's object in the background, for the load
// that follows the feature probes (which wait for the kernel's BTF).
func prepareVariant(v *bpf.Variant) {
	go func() { _ = v.Parse() }()
}
