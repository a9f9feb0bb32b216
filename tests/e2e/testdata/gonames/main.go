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
		fmt.Println(p, h)
	}
}
