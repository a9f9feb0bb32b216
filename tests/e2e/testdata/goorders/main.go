// goorders is the Go target of tests/e2e/golang_test.go. It prints, for
// every call of the traced functions, the values gs must read, in the
// format the test's scripts print them.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"unsafe"
)

type Addr struct {
	Street string
	City   string
	Zip    int
}

type Order struct {
	ID    int
	Items []int
	Addr  *Addr
	Tags  map[string]int
	Note  any
}

var errTooBig = errors.New("too big")

// ValidationError is an error that is not errors.New's: it prints as its
// type's name.
type ValidationError struct{ Field string }

func (e *ValidationError) Error() string { return "invalid " + e.Field }

// process takes a pointer, a string and an int; its results are named.
//
//go:noinline
func process(o *Order, name string, qty int) (total int, err error) {
	for _, it := range o.Items {
		total += it * qty
	}
	switch {
	case total > 3000:
		return total, &ValidationError{Field: name}
	case total > 1000:
		return total, errTooBig
	}
	return total, nil
}

// depth recurses n deep with a frame big enough that the goroutine's
// stack grows (and is copied elsewhere) many times on the way down. Every
// call's result is added to depthSum, which main prints.
//
//go:noinline
func depth(n int) int {
	var pad [64]int
	pad[n%64] = n
	r := n % 7
	if n > 0 {
		r += depth(n-1) + pad[n%64]&1
	}
	depthSum += r
	return r
}

var depthSum int

// deep runs depth(n) on a new goroutine (a small stack, which must grow)
// and reports whether the goroutine's stack moved meanwhile.
func deep(n int) (moved bool) {
	done := make(chan bool)
	go func() {
		var mark int
		before := uintptr(unsafe.Pointer(&mark))
		fmt.Printf("deep goid=%d\n", goid())
		depth(n)
		done <- uintptr(unsafe.Pointer(&mark)) != before
	}()
	return <-done
}

// goid is the current goroutine's id, as the runtime's tracebacks show it.
func goid() int {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	f := strings.Fields(string(buf))
	n, _ := strconv.Atoi(f[1]) // "goroutine N [running]:"
	return n
}

// spread returns nine integers: all the integer result registers of the
// amd64 register ABI.
//
//go:noinline
func spread(x int) (a, b, c, d, e, f, g, h, i int) {
	return x, x * 2, x * 3, x * 4, x * 5, x * 6, x * 7, x * 8, x * 9
}

// nine takes nine integers: all the integer argument registers of the
// amd64 register ABI (arg0..arg8).
//
//go:noinline
func nine(a, b, c, d, e, f, g, h, i int) int {
	return a + b + c + d + e + f + g + h + i
}

// typeName is how gs shows an interface: its dynamic type's name, NULL
// when nil.
func typeName(v any) string {
	if v == nil {
		return "NULL"
	}
	return fmt.Sprintf("%T", v)
}

// errText is how gs shows an error: errors.New's text, else the name of
// its type.
func errText(err error) string {
	if err == errTooBig {
		return err.Error()
	}
	return typeName(err)
}

// wide passes arrays of more than one element, which Go's ABI puts on
// the stack, among register-assigned values: a on the stack, b and s in
// registers; results r and q on the stack after a, n in RAX.
//
//go:noinline
func wide(a [3]int, b int, s string) (r [2]int, n int, q [3]int64) {
	r = [2]int{a[0] + b, a[1] + len(s)}
	q = [3]int64{int64(a[2]), int64(b) * 10, -1}
	return r, a[0] * b, q
}

// risky panics for every third i: such a call never reaches a RET.
//
//go:noinline
func risky(i int) int {
	if i%3 == 0 {
		panic(i)
	}
	return i * 2
}

func tryRisky(i int) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	risky(i)
	return true
}

// quit ends its goroutine with runtime.Goexit when i is odd.
//
//go:noinline
func quit(i int) int {
	if i%2 == 1 {
		runtime.Goexit()
	}
	return i
}

// Tagged holds text in a slice.
type Tagged struct {
	Name   string
	Labels []string
}

// label takes slices of strings, as a parameter and in a struct.
//
//go:noinline
func label(t *Tagged, xs []string) int {
	return len(xs) + len(t.Labels)
}

// quoted is how gs prints a []string: at most 8 elements, each cut at 64
// bytes.
func quoted(xs []string) string {
	var b strings.Builder
	b.WriteString("[")
	for i, x := range xs {
		if i > 0 {
			b.WriteString(", ")
		}
		if i == 8 {
			b.WriteString("...")
			break
		}
		if len(x) > 64 {
			fmt.Fprintf(&b, "%q...", x[:64])
			continue
		}
		fmt.Fprintf(&b, "%q", x)
	}
	b.WriteString("]")
	return b.String()
}

func items(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func main() {
	n := 5
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	cities := []string{"Springfield", "", "Shelbyville", strings.Repeat("Long", 20)}
	for i := 0; i < n; i++ {
		a := &Addr{Street: fmt.Sprintf("%d Main St", i), City: cities[i%len(cities)], Zip: 10000 + i}
		notes := []any{i, "note", a, &ValidationError{}, nil}
		o := &Order{ID: i, Addr: a, Tags: map[string]int{}, Note: notes[i%len(notes)]}
		for j := 0; j <= i*10; j++ {
			o.Items = append(o.Items, j*3-i)
			o.Tags[strconv.Itoa(j)] = j
		}
		name := "order-" + strconv.Itoa(i)
		qty := i + 1
		fmt.Printf("call id=%d name=%s qty=%d city=%s zip=%d items=%s\n", o.ID, name, qty, a.City, a.Zip, items(o.Items))
		fmt.Printf("note tags=%d note=%s\n", len(o.Tags), typeName(o.Note))
		total, err := process(o, name, qty)
		fmt.Printf("result total=%d err=%v\n", total, err)
		fmt.Printf("error %s\n", errText(err))
	}
	for i := 0; i < 3; i++ {
		xs := []string{"alpha", "beta", strings.Repeat("gamma", i*7)}[:i+1]
		t := &Tagged{Name: "t" + strconv.Itoa(i), Labels: strings.Split("a,b,c,d,e,f,g,h,i,j", ",")[:i*5]}
		fmt.Printf("label t = {Name = %q, Labels = %s}, xs = %s\n", t.Name, quoted(t.Labels), quoted(xs))
		second := "out of range"
		if len(xs) > 1 {
			second = strconv.Quote(xs[1])
		}
		fmt.Printf("label xs[0] = %q, xs[1] = %s\n", xs[0], second)
		label(t, xs)
	}
	fmt.Printf("main goid=%d\n", goid())
	a, b, c, d, e, f, g, h, i := spread(n + 1)
	fmt.Printf("spread %d %d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h, i)
	fmt.Printf("nine %d %d %d %d %d %d %d %d %d\n", n+1, -2, n*3, 4, -n, 6, 7<<40, 8, n+9)
	nine(n+1, -2, n*3, 4, -n, 6, 7<<40, 8, n+9)
	for k := 1; k <= 2; k++ {
		r, n, q := wide([3]int{k, k + 1, k + 2}, k*7, strings.Repeat("x", k))
		fmt.Printf("wide r = {%d, %d}, n = %d, q = {%d, %d, %d}\n", r[0], r[1], n, q[0], q[1], q[2])
	}
	calls, moves := 0, 0
	for i := 0; i < 3; i++ {
		if deep(2000 + i) {
			moves++
		}
		calls += 2001 + i
	}
	fmt.Printf("depth calls=%d sum=%d stack moves=%d\n", calls, depthSum, moves)
	returns := 0
	for i := 0; i < 10; i++ {
		if tryRisky(i) {
			returns++
		}
	}
	for i := 0; i < 4; i++ {
		done := make(chan bool)
		go func() {
			defer close(done)
			quit(i)
			returns++
		}()
		<-done
	}
	fmt.Printf("risky+quit calls=14 returns=%d\n", returns)
}
