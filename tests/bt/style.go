package bt

import (
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

// bpftraceStyle rewrites the lines "POS: warning: MSG" of output whose
// MSG bpftrace words differently as "POS: WARNING: bpftrace's MSG".
func bpftraceStyle(output string) string {
	lines := strings.Split(output, "\n")
	for i, l := range lines {
		pos, msg, ok := strings.Cut(l, ": warning: ")
		if bt, known := btWarnings[msg]; ok && known {
			lines[i] = pos + ": WARNING: " + bt
		}
	}
	return strings.Join(lines, "\n")
}
