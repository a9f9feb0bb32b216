//go:build !amd64

package machine

import "errors"

// rets cannot decode this architecture's code yet.
func rets(code []byte, addr uint64) ([]uint64, error) {
	return nil, errors.New("return probes of Go functions are only implemented for x86-64")
}

// goStackCheckEnd finds no stack check on this architecture yet.
func goStackCheckEnd(code []byte) int { return 0 }
