// Package bpf holds gs's one precompiled BPF object: a generic interpreter
// for the bytecode of package ir (see c/interp.bpf.c and ir/doc.go).
//
// The object and its Go bindings (gs_bpfel.o, gs_bpfel.go) are generated
// by bpf2go from c/interp.bpf.c and committed; c/gs_ops.h is generated
// from the ir tables. Run generate.sh after changing either side. The map
// and program names are the kernel ABI described in docs/design.md.
package bpf

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/gs-tracer/gs/arch"
)

// ErrUnsupportedArch is returned on architectures the interpreter was not
// built for: it is compiled for x86-64, and OpLdReg indexes the pt_regs
// layout of package arch, which knows no other machine (arch.Supported).
var ErrUnsupportedArch = errors.New("gs supports only x86-64")

// LoadSpec returns the interpreter's collection spec, for the runtime to
// adjust (map sizes, gs_start_ns) before loading it: a copy of the one
// parsed from the embedded object at the first call (a run loads it more
// than once: the interpreter, the process-tree programs, a fallback).
func LoadSpec() (*ebpf.CollectionSpec, error) {
	if !arch.Supported {
		return nil, fmt.Errorf("load interpreter on %s: %w", runtime.GOARCH, ErrUnsupportedArch)
	}
	spec, err := parsedSpec()
	if err != nil {
		return nil, fmt.Errorf("load interpreter: %w", err)
	}
	return spec.Copy(), nil
}

// parsedSpec parses the embedded object once; callers get copies.
var parsedSpec = sync.OnceValues(LoadGs)
