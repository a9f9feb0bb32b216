package session

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

// The decoder's own tests are output's; this is what session adds: an
// event kind it does not know is a malformed record.
func TestDecodeUnknownKind(t *testing.T) {
	prog := &ir.Program{Probes: []ir.Probe{{Name: "p"}}, Events: []ir.Event{{ID: 0, Kind: 99, Size: 8}}}
	out, _, err := newDecoder(prog).decode([]byte("keep"), binary.LittleEndian.AppendUint64(nil, 0))
	if err == nil || !strings.Contains(err.Error(), "malformed record: event 0 has unknown kind 99") {
		t.Errorf("err = %v", err)
	}
	if string(out) != "keep" {
		t.Errorf("dst changed to %q", out)
	}
}
