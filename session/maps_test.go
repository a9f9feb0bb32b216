package session

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

func TestCombine(t *testing.T) {
	var a, b, c aggValue
	a[ir.AggCountSlot], a[ir.AggSumSlot], a[ir.AggMinSlot], a[ir.AggMaxSlot], a[ir.AggSetSlot] = 2, uint64(5), 3, 4, 1
	b[ir.AggCountSlot], b[ir.AggSumSlot] = 1, uint64(1<<64-7) // -7, no min/max on this CPU
	c[ir.AggCountSlot], c[ir.AggMinSlot], c[ir.AggMaxSlot], c[ir.AggSetSlot] = 1, uint64(1<<64-1), 9, 1
	a[ir.AggBucketBase+3], c[ir.AggBucketBase+3] = 1, 2
	got := combine([]aggValue{a, b, c})
	if got.Count != 4 || got.Sum != -2 || got.Min != -1 || got.Max != 9 || !got.Set || got.Buckets[3] != 3 {
		t.Errorf("combine = %+v", got)
	}
	if got := combine([]aggValue{b}); got.Set || got.Min != 0 {
		t.Errorf("no CPU with a min: %+v", got)
	}
}

// Status lines in both formats.
func TestStatusLog(t *testing.T) {
	var text, js strings.Builder
	for _, l := range []*statusLog{{w: &text}, {w: &js, json: true}} {
		l.lost("uprobe:./app:add", 3)
		l.counter(ir.CounterMapFull, 2, false)
		l.warnf("bias of %s", "x")
		l.infof("process %d exited", 7)
		l.quiet = true
		l.infof("hidden")
	}
	wantText := "gs: lost 3 events on probe uprobe:./app:add (ring buffer full; raise --buffer-size)\n" +
		"gs: 2 map updates dropped because the map was full (raise --map-entries)\n" +
		"gs: warning: bias of x\n" +
		"gs: process 7 exited\n"
	if text.String() != wantText {
		t.Errorf("text:\n%s\nwant\n%s", text.String(), wantText)
	}
	lines := strings.Split(strings.TrimSuffix(js.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("json lines:\n%s", js.String())
	}
	for _, line := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
	if want := `{"type": "counter", "name": "map_full", "count": 2, "msg": "map updates dropped because the map was full (raise --map-entries)"}`; lines[1] != want {
		t.Errorf("got %s, want %s", lines[1], want)
	}
}
