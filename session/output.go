package session

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"syscall"
)

// outBufSize is how many bytes of records output holds before it writes.
const outBufSize = 64 << 10

// traceOutput buffers the trace output record by record, so that when a write
// fails it knows how many records were not written. After the first error
// it writes nothing more and counts what it is given instead: the trace
// stops then (session.loop), and the count is reported (failure).
type traceOutput struct {
	w    io.Writer
	buf  []byte
	ends []int // end offset in buf of each buffered record
	maps []bool

	err      error // the first write error
	lostRecs int   // records not written because of err
	lostMaps int   // map prints not written because of err
}

func newOutput(w io.Writer) *traceOutput {
	return &traceOutput{w: w, buf: make([]byte, 0, outBufSize)}
}

// record adds one record (isMap: one printed map) to the output.
func (o *traceOutput) record(b []byte, isMap bool) {
	if len(b) == 0 {
		return
	}
	if o.err == nil && len(o.buf) > 0 && len(o.buf)+len(b) > outBufSize {
		o.flush()
	}
	if o.err != nil {
		o.count(isMap)
		return
	}
	o.buf = append(o.buf, b...)
	o.ends = append(o.ends, len(o.buf))
	o.maps = append(o.maps, isMap)
}

func (o *traceOutput) count(isMap bool) {
	if isMap {
		o.lostMaps++
	} else {
		o.lostRecs++
	}
}

// flush writes what is buffered. A record written only in part counts as
// not written.
func (o *traceOutput) flush() {
	if o.err != nil || len(o.buf) == 0 {
		return
	}
	n, err := o.w.Write(o.buf)
	if err == nil && n < len(o.buf) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = err
		whole := sort.SearchInts(o.ends, n+1) // records that end at or before n
		for _, isMap := range o.maps[whole:] {
			o.count(isMap)
		}
	}
	o.buf, o.ends, o.maps = o.buf[:0], o.ends[:0], o.maps[:0]
}

// failed reports whether a write failed.
func (o *traceOutput) failed() bool { return o.err != nil }

// closedPipe reports whether the output failed because its reader went
// away (gs ... | head): not an error, as for any Unix tool.
func (o *traceOutput) closedPipe() bool { return errors.Is(o.err, syscall.EPIPE) }

// failure is the error Run returns for a failed write, nil when none
// failed or the reader went away. It names the file and the error, and
// says what was not written.
func (o *traceOutput) failure() error {
	if o.err == nil || o.closedPipe() {
		return nil
	}
	what := fmt.Sprintf("%d events", o.lostRecs)
	if o.lostRecs == 1 {
		what = "1 event"
	}
	switch {
	case o.lostMaps == 1:
		what += " and 1 map"
	case o.lostMaps > 1:
		what += fmt.Sprintf(" and %d maps", o.lostMaps)
	}
	var pe *fs.PathError
	if !errors.As(o.err, &pe) { // an *os.File's error names the file
		return fmt.Errorf("write output: %w; %s not written", o.err, what)
	}
	return fmt.Errorf("%w; %s not written", o.err, what)
}
