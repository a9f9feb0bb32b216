//go:build !amd64

package sema

import "errors"

// goRets cannot decode this architecture's code yet.
func goRets(code []byte, addr uint64) ([]uint64, error) {
	return nil, errors.New("return probes of Go functions are only implemented for x86-64")
}

// goStackCheckEnd finds no stack check on this architecture yet.
func goStackCheckEnd(code []byte) int { return 0 }
