package metrics

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
)

// Names (docs/metrics.md). A map @name is the family PREFIX+name (the
// anonymous map @ is PREFIX+"map"); a counter's name ends in _total, as
// OpenMetrics wants (one already ending so keeps it). A key's label is
// named as sema named it from the key's expression (ir.Map.Labels,
// sema/labels.go); a record, tuple or struct key gives one label per
// member, named by the member (an unnamed tuple's members: the key's name,
// _ and the member's position). A key sema could not name is "key" in a
// map of one key, else key1, key2... by position. Then every name is made
// valid ([a-zA-Z_][a-zA-Z0-9_]*, not starting with __) and distinct: a
// name taken by an earlier label, or le in a histogram, gets _2, _3...

// DefaultPrefix is --metrics-prefix's default.
const DefaultPrefix = "gs_"

// healthNames name gs's own counters (ir.Counter) as families after the
// prefix.
var healthNames = [ir.NumCounters]string{
	ir.CounterReentry:        "hits_dropped_total",
	ir.CounterStepLimit:      "step_limit_total",
	ir.CounterBadProgram:     "bad_program_total",
	ir.CounterMapFull:        "map_full_total",
	ir.CounterStackError:     "stack_errors_total",
	ir.CounterIterCut:        "iter_cut_total",
	ir.CounterStackCollision: "stack_collisions_total",
}

// The other families of gs's own health.
const (
	lostName   = "lost_events_total"
	probesName = "probes_attached"
)

// validName makes s a valid metric or label name: characters outside
// [a-zA-Z0-9_] become _, a leading digit gets a _ before it, and a
// leading __ (Prometheus's reserved names) becomes one _.
func validName(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r == '_':
		case r >= '0' && r <= '9':
			if i == 0 {
				b.WriteByte('_')
			}
		default:
			r = '_'
		}
		b.WriteRune(r)
	}
	out := b.String()
	for strings.HasPrefix(out, "__") {
		out = out[1:]
	}
	if out == "" {
		return "_"
	}
	return out
}

// ValidPrefix reports whether prefix can start every metric's name as it
// is ("" can): gs's own families take it unchanged.
func ValidPrefix(prefix string) bool { return prefix == "" || validName(prefix) == prefix }

// identLike reports whether s names something (a record's field), not a
// position (a tuple's "0").
func identLike(s string) bool {
	return s != "" && (s[0] < '0' || s[0] > '9')
}

// labelPlan is how one key value becomes labels: one label, or one per
// member of a record, tuple or struct (Members).
type labelPlan struct {
	members bool
}

// familyPlan is a map's family, known before any entry is read.
type familyPlan struct {
	m       *ir.Map
	name    string
	help    string
	kind    Kind
	labels  []string    // names, in order
	keys    []labelPlan // per key of the map
	info    bool        // a map of strings: gauge 1 with the value as the last label
	buckets int         // lhist: finite buckets (min's, then n between min and max)
}

// mapFamilyName is map m's family name.
func mapFamilyName(prefix string, m *ir.Map, kind Kind) string {
	name := m.Name
	if name == "" {
		name = "map"
	}
	name = validName(prefix + name)
	if kind == Counter && !strings.HasSuffix(name, "_total") {
		name += "_total"
	}
	return name
}

// kindOf is the metric type of map m.
func kindOf(m *ir.Map) Kind {
	if !m.IsAgg {
		return Gauge
	}
	switch m.Agg {
	case ir.AggCount, ir.AggSum:
		return Counter
	case ir.AggHist, ir.AggLhist:
		return Histogram
	case ir.AggStats:
		return Summary
	}
	return Gauge
}

// planLabels names map m's labels as the comment at the top says.
func planLabels(f *familyPlan) {
	m := f.m
	taken := map[string]bool{}
	if f.kind == Histogram {
		taken["le"] = true
	}
	if f.kind == Summary {
		taken["quantile"] = true
	}
	add := func(name string) {
		name = validName(name)
		base := name
		for n := 2; taken[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		taken[name] = true
		f.labels = append(f.labels, name)
	}
	for i, t := range m.Keys {
		base := ""
		if i < len(m.Labels) {
			base = m.Labels[i]
		}
		if base == "" {
			base = "key"
			if len(m.Keys) > 1 {
				base += strconv.Itoa(i + 1)
			}
		}
		if t != nil && (t.Kind == ir.KindTuple || t.Kind == ir.KindStruct) && len(t.Members) > 0 {
			f.keys = append(f.keys, labelPlan{members: true})
			for _, mb := range t.Members {
				if identLike(mb.Name) {
					add(mb.Name)
				} else {
					add(base + "_" + mb.Name)
				}
			}
			continue
		}
		f.keys = append(f.keys, labelPlan{})
		add(base)
	}
	if f.info {
		add("value")
	}
}

// help is a family's HELP text: what the script wrote.
func help(m *ir.Map) string {
	what := "@" + m.Name
	if m.IsAgg {
		return fmt.Sprintf("%s = %s() of the gs script", what, ir.AggNames[m.Agg])
	}
	return fmt.Sprintf("%s of the gs script", what)
}

// plan names every map's family and gs's own, and reports names that
// collide (positioned at the map's first use).
func plan(prog *ir.Program, prefix string) ([]familyPlan, *diag.List) {
	var diags diag.List
	owner := map[string]string{} // a family name → who has it, for messages
	for c, n := range healthNames {
		owner[prefix+n] = "gs's own " + strings.TrimSuffix(n, "_total") + " counter (" + ir.CounterNames[c] + ")"
	}
	owner[prefix+lostName] = "gs's own count of lost events"
	owner[prefix+probesName] = "gs's own count of attached probes"
	var fs []familyPlan
	for i := range prog.Maps {
		m := &prog.Maps[i]
		f := familyPlan{m: m, kind: kindOf(m), help: help(m), info: m.HoldsStrings()}
		f.name = mapFamilyName(prefix, m, f.kind)
		if m.IsAgg && m.Agg == ir.AggLhist {
			if n, ok := output.LhistBuckets(m); ok {
				f.buckets = n + 1
			}
		}
		if who, ok := owner[f.name]; ok {
			diags.Errorf(m.Sp, "@%s's metric %s is also %s", m.Name, f.name, who).
				WithHint("rename the map, or set another --metrics-prefix")
			continue
		}
		owner[f.name] = "@" + m.Name + "'s"
		planLabels(&f)
		fs = append(fs, f)
	}
	return fs, &diags
}
