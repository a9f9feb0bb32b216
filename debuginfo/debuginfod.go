package debuginfo

import (
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/gs-tracer/gs/debuginfod"
)

// Debuginfod, when set, is asked for a binary's debug file by build-id
// when the binary has no DWARF and no local debug file was found (a
// local one always wins: no request is made then). cmd/gs sets it from
// DEBUGINFOD_URLS; nil, the default, asks no server.
var Debuginfod *debuginfod.Client

// OnDebugFile, when set, is told where each binary's DWARF was found,
// once, when it is first loaded: the file and how it was found (one of
// the From* phrases, with details for debuginfod), then each .dwo or .dwp
// its split units were read from (FromSplit). gs -v prints it.
var OnDebugFile func(b *Binary, path, how string)

// How a debug file was found, as OnDebugFile and DebugSource say it.
const (
	FromBinary    = "the binary itself"
	FromOption    = "--debug-file"
	FromBuildID   = "build-id directory"
	FromSearchDir = "--debuginfo directory"
	FromDebugLink = ".gnu_debuglink"
	FromCache     = "debuginfod cache"
	FromServer    = "debuginfod"  // followed by the server and the size
	FromSplit     = "split DWARF" // a .dwo or .dwp of a skeleton unit (split.go), after the binary's own
)

// DebugSource says how the file DWARF is read from was found (see
// DebugFile), "" when none was.
func (b *Binary) DebugSource() string { return b.debugFrom }

// DebuginfodNote says what the debuginfod servers answered when they were
// asked for b's debug file and did not deliver it ("no debuginfod server
// has it (asked URL)"), for messages; "" when they were not asked.
func (b *Binary) DebuginfodNote() string {
	if b.fetchErr == nil {
		return ""
	}
	var e *debuginfod.Error
	if errors.As(b.fetchErr, &e) {
		return e.Detail()
	}
	return b.fetchErr.Error()
}

// fetchDebugFile asks Debuginfod (its cache first) for b's debug file by
// build-id. It returns "" when there is no server to ask, no build-id, or
// no server delivered a file of the right build-id (fetchErr says why).
func (b *Binary) fetchDebugFile() (path, how string) {
	c := Debuginfod
	id := buildID(b.File)
	if c == nil || id == "" {
		return "", ""
	}
	res, err := c.Fetch(context.Background(), id, b.Path)
	if err != nil {
		b.fetchErr = err
		return "", ""
	}
	df, err := elf.Open(res.Path)
	if err != nil {
		b.fetchErr = fmt.Errorf("debuginfod sent %s: %w", res.Path, err)
		os.Remove(res.Path) // not ELF: ask again next time
		return "", ""
	}
	got := buildID(df)
	df.Close()
	if got != id {
		b.fetchErr = fmt.Errorf("debuginfod sent a debug file of build-id %q, want %s", got, id)
		os.Remove(res.Path)
		return "", ""
	}
	if res.Server == "" {
		return res.Path, FromCache
	}
	return res.Path, fmt.Sprintf("%s %s, %s in %v", FromServer, res.Server,
		debuginfod.Size(res.Size), res.Took.Round(time.Millisecond))
}
