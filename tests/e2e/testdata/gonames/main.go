// gonames: Go functions as the language names them (main.price, a method
// main.(*Server).Handle), for tests of probes by qualified name. Each call
// prints "self: ..." to stderr with the values it passes.
package main

import (
	"fmt"
	"os"
	"strconv"
)

type Server struct{ hits int }

//go:noinline
func (s *Server) Handle(path string, n int) int {
	s.hits += n
	return s.hits
}

//go:noinline
func price(qty int, cents int) int { return qty * cents }

// Map is generic: its instances are main.Map[go.shape.int,...].
//
//go:noinline
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	n := 3
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	s := &Server{}
	for i := 0; i < n; i++ {
		fmt.Fprintf(os.Stderr, "self: price qty=%d cents=%d\n", i, 250+i)
		p := price(i, 250+i)
		fmt.Fprintf(os.Stderr, "self: handle n=%d\n", i+1)
		h := s.Handle("/x", i+1)
		sq := Map(make([]int, i+1), func(x int) int { return x * x })
		strs := Map([]string{"a", "b"}, func(s string) string { return s + s })
		fmt.Println(p, h, len(sq), len(strs))
	}
}
