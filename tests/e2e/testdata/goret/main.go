// goret is the Go target of tests/e2e/goret_test.go: functions whose
// every call is known, whose return probes sit on their return
// addresses, and functions whose address is taken, which keep their RET
// probes. It prints every call's result itself.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
)

//go:noinline
func add(a, b int) int { return a*a + b }

//go:noinline
func pair(x int) (q, r int) {
	q, r = x/7, x%7
	return
}

// taken is also called through a func variable.
//
//go:noinline
func taken(x int) int { return x + 1000 }

var fv = taken

type acc struct{ n int }

// bump is also called through a method value.
//
//go:noinline
func (a *acc) bump(x int) int {
	a.n += x
	return a.n
}

// boom panics when x is a multiple of 3: such a call does not return.
//
//go:noinline
func boom(x int) int {
	if x%3 == 0 {
		panic("boom")
	}
	return x * 2
}

//go:noinline
func tryBoom(x int) (ok bool) {
	defer func() {
		if recover() != nil {
			fmt.Printf("boom %d panicked\n", x)
		}
	}()
	fmt.Printf("boom %d = %d\n", x, boom(x))
	return true
}

// leave ends its goroutine when x is odd.
//
//go:noinline
func leave(x int) int {
	if x%2 == 1 {
		runtime.Goexit()
	}
	return x + 1
}

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	s := 0
	for i := 0; i < n; i++ {
		r := add(i, 3)
		fmt.Printf("add %d = %d\n", i, r)
		s += r
		q, rm := pair(i * 5)
		fmt.Printf("pair %d = %d %d\n", i*5, q, rm)
		fmt.Printf("taken %d = %d\n", i, taken(i))
		fmt.Printf("taken %d = %d\n", i, fv(i))
	}
	a := &acc{}
	f := a.bump
	for i := 0; i < n; i++ {
		fmt.Printf("bump %d = %d\n", i, a.bump(i))
		fmt.Printf("bump %d = %d\n", i, f(i))
	}
	for i := 0; i < n; i++ {
		tryBoom(i)
	}
	for i := 0; i < n; i++ {
		done := make(chan bool)
		go func() {
			defer close(done)
			fmt.Printf("leave %d = %d\n", i, leave(i))
		}()
		<-done
	}
	fmt.Printf("sum %d\n", s)
}
