package session

import "github.com/gs-tracer/gs/bpf"

// loadSpec parses the precompiled interpreter; a variable so tests can load
// a broken object.
var loadSpec = bpf.LoadSpec
