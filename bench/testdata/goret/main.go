// Command goret is the target of the Go return-probe benchmark
// (bench/goret.go):
//
//	goret N   calls entry, retjcc and retmov N times each, in alternating
//	          blocks, and prints "pair_ns A B C" (ns a call) on stderr
//
// entry's probe is an entry probe; retjcc's and retmov's are uretprobes.
// Every call of retjcc and retmov is known (no func value holds them), so
// gs probes their return addresses: after retjcc's call the caller
// compares the result and branches (a jcc, which the kernel emulates, is
// reached without a write to the result), after retmov's it stores the
// result through other registers before any branch (nothing emulated
// before the result's register is overwritten).
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

var sink, table [8]int

// entry calls leaf, so it has a frame: its first instructions are Go's
// stack check (cmp; jbe), whose branch the kernel emulates.
//
//go:noinline
func entry(a, b int) int { return leaf(a) + b }

//go:noinline
func leaf(a int) int { return a * 3 }

//go:noinline
func retjcc(a, b int) int { return a ^ b }

//go:noinline
func retmov(a, b int) int { return a - b }

func main() {
	n := 100000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var a, b, c time.Duration
	for done := 0; done < n; done += 1000 {
		t0 := time.Now()
		for i := 0; i < 1000; i++ {
			sink[i&7] += entry(i, done)
		}
		t1 := time.Now()
		for i := 0; i < 1000; i++ {
			if retjcc(i, done) == 42 {
				sink[0]++
			}
		}
		t2 := time.Now()
		for i := 0; i < 1000; i++ {
			v := retmov(i, done)
			table[v&7] = v
			v = 0
		}
		t3 := time.Now()
		a += t1.Sub(t0)
		b += t2.Sub(t1)
		c += t3.Sub(t2)
	}
	fmt.Fprintf(os.Stderr, "pair_ns %.1f %.1f %.1f\n", float64(a)/float64(n), float64(b)/float64(n), float64(c)/float64(n))
}
