// gonums is the target of the Go number tests (tests/e2e/numbers_test.go):
// floating-point results, which Go returns in X0, and named results of
// functions with a defer, which Go's DWARF lists twice. It prints what it
// knows itself ("self: ...") to stderr; each argument adds 1 to the inputs.
package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
)

var sink int

//go:noinline
func ratio(a, b int) float64 { return float64(a) / float64(b) }

//go:noinline
func scale(x float64, n int) float64 { return x * float64(n) }

//go:noinline
func quot(a, b int) (q float64) {
	q = float64(a) / float64(b)
	return
}

//go:noinline
func two(x int) (a int, b int) {
	defer func() { sink++ }()
	return x + 1, x + 100
}

//go:noinline
func check(x int) (n int, err error) {
	defer func() { sink++ }()
	if x > 0 {
		return x, errors.New("bad" + strconv.Itoa(x))
	}
	return x, nil
}

func main() {
	z := len(os.Args) - 1
	r := ratio(z, 4)
	q := quot(z+2, 4)
	sc := scale(float64(z)+1.5, z+3)
	a, b := two(z)
	n, err := check(z)
	fmt.Fprintf(os.Stderr, "self: ratio=%v quot=%v scale=%v a=%d b=%d n=%d err=%v\n", r, q, sc, a, b, n, err)
}
