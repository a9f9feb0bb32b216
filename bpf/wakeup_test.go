package bpf

import (
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/ringbuf"

	"github.com/gs-tracer/gs/ir"
)

// TestWakeup checks gs_wakeup_ns: a record sent within the window does not
// wake the reader, which finds it at its poll deadline; outside the window
// every record wakes it.
func TestWakeup(t *testing.T) {
	needRoot(t)
	bin := buildTarget(t)
	const deadline = 1500 * time.Millisecond // long enough that a loaded machine sends the record before it
	for _, tc := range []struct {
		wakeupNs uint64
		wake     bool
	}{
		{1, true},        // every record is past the window
		{1 << 62, false}, // no record is
	} {
		objs := load(t, func(spec *ebpf.CollectionSpec) {
			if err := spec.Variables["gs_wakeup_ns"].Set(tc.wakeupNs); err != nil {
				t.Fatal(err)
			}
		})
		probes := []probeCode{{"add", cat(record(0), ldreg(1, regDI), st(8, 1), emit(16))}}
		install(t, objs, probes)
		attach(t, objs, bin, probes, uprobeProg{})
		tg := startTarget(t, bin)
		for i := range 3 {
			// A fresh reader per record, blocked before the record is
			// sent: it returns early only if the record wakes it.
			rd, err := ringbuf.NewReader(objs.GsEvents)
			if err != nil {
				t.Fatal(err)
			}
			rd.SetDeadline(time.Now().Add(deadline))
			got := make(chan error, 1)
			var r ringbuf.Record
			start := time.Now()
			go func() { got <- rd.ReadInto(&r) }()
			time.Sleep(20 * time.Millisecond)
			tg.call(t, "add 7 0")
			err = <-got
			waited := time.Since(start)
			rd.Close()
			if err != nil {
				t.Fatalf("gs_wakeup_ns %d, record %d: %v", tc.wakeupNs, i, err)
			}
			if len(r.RawSample) != 16 || u64(r.RawSample, 8) != 7 {
				t.Errorf("record % x, want arg0 7", r.RawSample)
			}
			if woke := waited < deadline-50*time.Millisecond; woke != tc.wake {
				t.Errorf("gs_wakeup_ns %d, record %d: read after %v, want a wakeup: %v", tc.wakeupNs, i, waited, tc.wake)
			}
		}
		wantCounters(t, objs, map[ir.Counter]uint64{})
	}
}
