//go:build !amd64

package arch

// The signal frame's layout is not known here (sigframe_amd64.go): the
// offsets are 0 and no code is a restorer.
const (
	SigframeUContext = 0
	UContextMcontext = 0
	SigcontextRBP    = 0
	SigcontextRSP    = 0
	SigcontextRIP    = 0
	SigUContextRBP   = 0
	SigUContextRSP   = 0
	SigUContextRIP   = 0
)

// SigreturnCode is empty: no restorer is recognized.
var SigreturnCode []byte
