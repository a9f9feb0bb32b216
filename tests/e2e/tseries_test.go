package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tseriesPoint is one interval as a tseries prints it.
type tseriesPoint struct {
	start string // its start: local hh:mm:ss.mmm in text, UTC in JSON
	value string // "-" for none
}

// tseriesWant computes, from the target's own (value, time) pairs, what
// a tseries of 100 ms intervals and n of them holds, combined by fn, as
// bpftrace defines it: the n intervals up to the latest, from the first
// that has a value; an interval's last value, or its sum, min, max or
// integer average.
func tseriesWant(pairs [][2]int64, n int64, fn string, text bool) []tseriesPoint {
	const interval = int64(100 * time.Millisecond)
	by := map[int64][]int64{}
	last := int64(0)
	for _, p := range pairs {
		e := p[1] / interval
		by[e] = append(by[e], p[0])
		last = max(last, e)
	}
	var out []tseriesPoint
	for e := max(0, last-n+1); e <= last; e++ {
		vs := by[e]
		if len(vs) == 0 {
			if len(out) > 0 {
				out = append(out, tseriesPoint{value: "-"})
			}
			continue
		}
		v := vs[len(vs)-1]
		switch fn {
		case "sum", "avg":
			v = 0
			for _, x := range vs {
				v += x
			}
			if fn == "avg" {
				v /= int64(len(vs))
			}
		case "min", "max":
			v = vs[0]
			for _, x := range vs {
				if fn == "min" && x < v || fn == "max" && x > v {
					v = x
				}
			}
		}
		out = append(out, tseriesPoint{value: fmt.Sprint(v)})
	}
	// Start times: epoch e starts at e*100ms after the epoch of the clock.
	first := last - int64(len(out)) + 1
	for i := range out {
		t := time.Unix(0, (first+int64(i))*interval)
		if text {
			out[i].start = t.Format("15:04:05.000")
		} else {
			out[i].start = t.UTC().Format("2006-01-02 15:04:05.000000000")
		}
	}
	return out
}

// TestTseries aggregates the target's values by the target's own clock
// (BPFTRACE_DUMMY_TS_MAP names the map tseries reads as its clock, as in
// bpftrace's tests) with each combining function, and checks every
// interval of the graphs and of the JSON against what the target's pairs
// give. exit() stops the probes in the kernel: a count with exit() in its
// probe is 1 however fast the target calls.
func TestTseries(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "tseries.c", "ts", defaultVariant)
	fns := []string{"last", "sum", "min", "max", "avg"}
	var script strings.Builder
	script.WriteString("uprobe:./ts:sample { @ts = arg1; ")
	for _, fn := range fns {
		arg := ""
		if fn != "last" {
			arg = fmt.Sprintf(", %q", fn)
		}
		fmt.Fprintf(&script, "@%s[comm] = tseries(arg0, 100ms, 6%s); ", fn, arg)
	}
	script.WriteString("} END { clear(@ts) }")
	env := []string{"BPFTRACE_DUMMY_TS_MAP=@ts", "TZ=UTC"}
	for _, format := range []string{"text", "json"} {
		t.Run(format, func(t *testing.T) {
			r := runGSEnv(t, dir, timeout, env, "-f", format, "-c", "./ts 37", "-e", script.String())
			if r.Code != 0 {
				t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
			}
			var pairs [][2]int64
			for _, c := range targetCalls(r.Stderr) {
				pairs = append(pairs, [2]int64{num(t, c["v"]), num(t, c["t"])})
			}
			if len(pairs) != 37 {
				t.Fatalf("the target printed %d pairs:\n%s", len(pairs), r.Stderr)
			}
			got := map[string][]tseriesPoint{}
			if format == "text" {
				line := regexp.MustCompile(`^(\d\d:\d\d:\d\d\.\d{3}) [|*][ .*]{51}[|*] (-?\d+|-)$`)
				cur := ""
				for _, l := range strings.Split(r.Stdout, "\n") {
					if m := regexp.MustCompile(`^@(\w+)\[ts\]:$`).FindStringSubmatch(l); m != nil {
						cur = m[1]
					} else if m := line.FindStringSubmatch(l); m != nil && cur != "" {
						got[cur] = append(got[cur], tseriesPoint{m[1], m[2]})
					}
				}
			} else {
				for _, l := range strings.Split(r.Stdout, "\n") {
					var msg struct {
						Type string
						Data map[string]map[string][]struct {
							Start string `json:"interval_start"`
							Value int64
						}
					}
					if json.Unmarshal([]byte(l), &msg) != nil || msg.Type != "tseries" {
						continue
					}
					for name, keys := range msg.Data {
						for _, p := range keys["ts"] {
							got[strings.TrimPrefix(name, "@")] = append(got[strings.TrimPrefix(name, "@")], tseriesPoint{p.Start, fmt.Sprint(p.Value)})
						}
					}
				}
			}
			for _, fn := range fns {
				want := tseriesWant(pairs, 6, fn, format == "text")
				if format == "json" { // JSON leaves out the intervals without a value
					var w []tseriesPoint
					for _, p := range want {
						if p.value != "-" {
							w = append(w, p)
						}
					}
					want = w
				}
				if fmt.Sprint(got[fn]) != fmt.Sprint(want) {
					t.Errorf("@%s: got\n%v\nwant (from the target's values)\n%v\nstdout:\n%s", fn, got[fn], want, r.Stdout)
				}
			}
		})
	}
	t.Run("exit", func(t *testing.T) {
		r := runGS(t, dir, timeout, "-c", "./ts 200000", "-e", `uprobe:./ts:sample { @n = count(); @t = tseries(arg0, 1s, 3); exit() }`)
		if r.Code != 0 {
			t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
		}
		if !strings.Contains(r.Stdout, "@n: 1\n") {
			t.Errorf("the probe ran again after exit():\n%s", r.Stdout)
		}
		// The real clock: one interval, the first value (-5), an
		// hh:mm:ss time.
		match(t, "stdout", r.Stdout, `(?m)^\d\d:\d\d:\d\d(\.\d+)? \|[ .]*\*[ .]*\| -5$`)
	})
}
