package session

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// goroutinePanic is a panic recovered on one of the runtime's goroutines.
// Left alone it would end the process with a Go stack dump, the probes
// still attached and a -c command running on; instead Run detaches and
// raises it again on its caller's goroutine, where cmd/gs reports it as
// any internal error: one message, exit 70.
type goroutinePanic struct {
	where string // what the goroutine was doing
	value any
	stack []byte
}

func (p *goroutinePanic) Error() string { return fmt.Sprintf("%v (while %s)", p.value, p.where) }

// panics collects the panics of a session's goroutines: the first is kept
// and onPanic is called, to stop the trace.
type panics struct {
	mu      sync.Mutex
	first   *goroutinePanic
	onPanic func()
}

// testPanicIn, when set, is called as each guarded piece of work starts
// (with what it does), so that tests can make it panic.
var testPanicIn func(where string)

// run runs f on this goroutine and recovers a panic in it. A nil p runs f
// unguarded.
func (p *panics) run(where string, f func()) {
	if p != nil {
		defer func() {
			if r := recover(); r != nil {
				p.record(&goroutinePanic{where: where, value: r, stack: debug.Stack()})
			}
		}()
	}
	if testPanicIn != nil {
		testPanicIn(where)
	}
	f()
}

func (p *panics) record(gp *goroutinePanic) {
	p.mu.Lock()
	var notify func()
	if p.first == nil {
		p.first, notify = gp, p.onPanic
	}
	p.mu.Unlock()
	if notify != nil {
		notify()
	}
}

// setOnPanic sets the function called at the first panic (at once, if
// one came already).
func (p *panics) setOnPanic(f func()) {
	p.mu.Lock()
	p.onPanic = f
	came := p.first != nil
	p.mu.Unlock()
	if came {
		f()
	}
}

// get returns the first panic, or nil.
func (p *panics) get() *goroutinePanic {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.first
}

// raise panics again on this goroutine with the first recovered panic.
func (p *panics) raise() {
	if gp := p.get(); gp != nil {
		panic(gp)
	}
}
