package bt

import (
	"regexp"
	"strings"

	"github.com/gs-tracer/gs/sema"
)

// btWarnings maps gs's text of a run-time warning to bpftrace's
// (src/required_resources.h at e1b7c39), for the cases that match
// bpftrace's words. gs keeps its own style; only the suite translates.
var btWarnings = map[string]string{
	sema.DivZeroMsg:  "Divide or modulo by 0 detected. This can lead to unexpected results. 1 is being used as the result.",
	sema.ArrayOOBMsg: "Array access out of bounds. This can lead to unexpected results.",
}

// btErrors maps gs's diagnostics (sema's words) to bpftrace's, for the
// cases that match bpftrace's text of an error.
var btErrors = []struct {
	re *regexp.Regexp
	bt string
}{
	// sema/cexpr.go's constant index past an array's end (bpftrace's
	// type_checker.cpp); the first [N] of the type is the array's length.
	{regexp.MustCompile(`^(.*): error: index (-?\d+) is outside [^\[]*\[(\d+)\]`), "$1: ERROR: the index $2 is out of bounds for array of size $3"},
	// sema's has_key() and len() of a map without keys use bpftrace's
	// words already (semantic_analyser.cpp); only the severity's case
	// differs.
	{regexp.MustCompile(`^(.*): error: (call to \w+\(\) expects a map with explicit keys)`), "$1: ERROR: $2"},
}

// bpftraceStyle rewrites the lines "POS: warning: MSG" of output whose
// MSG bpftrace words differently as "POS: WARNING: bpftrace's MSG", and
// the errors of btErrors in bpftrace's words.
func bpftraceStyle(output string) string {
	lines := strings.Split(output, "\n")
	for i, l := range lines {
		pos, msg, ok := strings.Cut(l, ": warning: ")
		if bt, known := btWarnings[msg]; ok && known {
			lines[i] = pos + ": WARNING: " + bt
		}
		for _, e := range btErrors {
			if e.re.MatchString(l) {
				lines[i] = e.re.ReplaceAllString(l, e.bt)
			}
		}
	}
	return strings.Join(lines, "\n")
}
