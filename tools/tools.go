//go:build tools

// Package tools pins the code generators that `make generate` runs.
package tools

import (
	_ "github.com/cilium/ebpf/cmd/bpf2go"
)
