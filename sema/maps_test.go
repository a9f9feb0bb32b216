package sema

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
)

func TestMapDiagnostics(t *testing.T) {
	const p = "uprobe:./target:add "
	tests := []struct {
		src  string
		want []string
	}{
		{p + "{ @[func] = count(); @h = hist(arg0); @l = lhist(arg0, 0, 100, 10); @s[comm, pid] = stats(arg1) }", nil},
		{p + "{ @x[tid] = nsecs; @x[tid] += 1; delete(@x[tid]); print(@x[tid] + 1); print(@x); clear(@x); zero(@x) }", nil},
		{p + "{ @x = count(); @x = sum(arg0) }", []string{
			`1:42: error: cannot assign sum() to @x: it holds count() [a map holds integers, strings or one kind of aggregation; @x first held count() at 1:28]`}},
		{p + "{ @x = 1; @x = hist(1) }", []string{
			`1:36: error: cannot assign hist() to @x: it holds integers [a map holds integers, strings or one kind of aggregation; @x first held integers at 1:23]`}},
		{p + "{ @x = count(); @x += 1 }", []string{
			`1:37: error: cannot assign an integer to @x: it holds count() [a map holds integers, strings or one kind of aggregation; @x first held count() at 1:28]`}},
		{p + "{ @x[1] = 1; @x[1, 2] = 2 }", []string{`1:34: error: @x has 1 key, used here with 2 [@x was first used at 1:23]`}},
		{p + "{ @x = 1; print(@x[1]) }", []string{`1:37: error: @x has no keys, used here with 1 [@x was first used at 1:23]`}},
		{p + "{ @x[1, 2] = 1; @x[1, \"a\"] = 2 }", []string{`1:43: error: key 2 of @x is a string here, an integer at first use [@x was first used at 1:23]`}},
		{p + "{ @x[comm] = 1; @x[\"sh\"] = 2; @x[str(arg0)] = 3 }", []string{
			`1:54: error: the key of @x is a string here, a comm at first use [@x was first used at 1:23]`}},
		{p + "{ @x[tid] = str(arg0) }", nil},
		{p + "{ @x[tid] = comm; @x[pid] = \"sh\"; printf(\"%s\\n\", @x[tid]) }", nil},
		{p + "{ @x = \"a\"; @x = 1 }", []string{
			`1:33: error: cannot assign an integer to @x: it holds strings [a map holds integers, strings or one kind of aggregation; @x first held strings at 1:23]`}},
		{p + "{ @x = \"a\"; @x += \"b\" }", []string{`1:33: error: += is not defined on strings [assign a string with =]`}},
		{p + "{ @x = lhist(arg0, 0, 1000, 1) }", []string{
			`1:28: error: lhist(0, 1000, 1) needs 1000 buckets, more than the limit of 64 [use a step of at least 16]`}},
		{p + "{ @x = lhist(arg0, 0, 64, 1) }", nil},
		{p + "{ @x = lhist(arg0, 0, arg1, 1) }", []string{`1:43: error: lhist max must be an integer constant`}},
		{p + "{ @x = lhist(arg0, 10, 0, 1) }", []string{`1:44: error: lhist max must be larger than min, got min 10 and max 0`}},
		{p + "{ @x = lhist(arg0, 0, 10, 0) }", []string{`1:47: error: lhist step must be positive, got 0`}},
		{p + "{ @x = lhist(arg0, 0, 10) }", []string{`1:28: error: lhist takes 4 arguments, got 3 [lhist(value, min, max, step)]`}},
		{p + "{ @x = lhist(arg0, 0, 10, 1); @x = lhist(arg0, 0, 20, 1) }", []string{
			`1:56: error: lhist(0, 20, 1) differs from the first lhist of @x, lhist(0, 10, 1) [a map has one set of buckets; use another map]`}},
		{p + "{ @x = count(1) }", []string{`1:28: error: count takes no arguments, got 1`}},
		{p + "{ @x = hist(comm) }", []string{`1:33: error: hist needs an integer, got comm`}},
		{p + "{ print(count()) }", []string{`1:29: error: count() can only be assigned to a map [write @name[key] = count()]`}},
		{p + "{ @x = hist(1); print(@x + 1) }", []string{
			`1:43: error: @x holds hist(): its value cannot be read in an expression [print it with print(@x); count, sum, min, max and avg can be read]`}},
		{p + "{ print(@y); clear(@z) }", []string{
			`1:29: error: @y is never assigned [give it a value, e.g. @y = count()]`,
			`1:40: error: @z is never assigned [give it a value, e.g. @z = count()]`}},
		{p + "{ @x = 1; clear(@x[1]); delete(1) }", []string{
			`1:31: error: clear takes a whole map: clear(@m)`,
			`1:45: error: delete takes a map and a key: delete(@m, key), or delete(@m[key])`}},
		{p + "{ @x = 1; print(@x, arg0) }", []string{
			`1:41: error: print's top must be a non-negative integer constant [print(@m, top, div) prints the top largest entries, values divided by div]`}},
		{p + "{ @x = 1; print(@x, 10, 2) }", nil},
		{p + "{ @x[\"q\"] = 1; @x[@x[\"q\"] ? \"a\" : \"b\"] = 1 }", []string{
			`1:39: error: a string key of @x cannot read @x itself [read it into a $variable first]`}},
		{p + "{ @[str(arg0, 100), str(arg1, 100)] = count() }", []string{
			`1:23: warning: the key of @ is 240 bytes, more than the limit of 120: its strings are cut to 40 bytes`}},
		{p + "{ @[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16] = count() }", []string{
			`1:23: error: the key of @ is 128 bytes, more than the limit of 120 [use fewer keys]`}},
		{p + "{ @x = ustack }", nil},
		{p + "{ @t = tseries(arg0, 100ms, 5); @u[1] = tseries(arg0, 1s, 24, \"avg\") }", nil},
		{p + "{ @t = tseries(arg0, 100ms) }", []string{
			`1:28: error: tseries takes 3 or 4 arguments, got 2 [tseries(value, interval, intervals[, "avg" | "sum" | "min" | "max"])]`}},
		{p + "{ @t = tseries(arg0, arg1, 5) }", []string{
			`1:42: error: tseries interval must be an integer constant [an interval is a duration: 100ms, 1s]`}},
		{p + "{ @t = tseries(arg0, 0, 5) }", []string{`1:42: error: tseries interval must be at least 1, got 0`}},
		{p + "{ @t = tseries(arg0, 1s, 25) }", []string{
			`1:46: error: not supported by gs yet: a tseries of more than 24 intervals, got 25 [gs keeps a key's intervals in one aggregation entry]`}},
		{p + "{ @t = tseries(arg0, 1s, 5, \"median\") }", []string{
			`1:49: error: tseries combines an interval's values by "avg", "max", "min" or "sum"`}},
		{p + "{ @t = tseries(arg0, 1s, 5); @t = tseries(arg0, 2s, 5) }", []string{
			`1:55: error: this tseries differs from the first tseries of @t [a map has one interval, number of intervals and function; use another map]`}},
		{p + "{ @x[ustack, usym(arg0), probe] = count() }", nil},
		{p + "{ $s = ustack }", nil},
		{p + "{ $s = ustack(2); print(len($s)) }", []string{
			`1:49: error: not supported by gs yet: len of a ustack held in a $variable or map [write len(ustack) in the probe]`}},
		{p + "{ @f = func; @f = 1 }", []string{
			`1:34: error: cannot assign an integer to @f: it holds a func [a map's values all have one type; @f first held a func at 1:23]`}},
		{p + "{ @f = ntop(arg0); @f = strftime(\"%H\", nsecs) }", []string{
			`1:40: error: cannot assign a timestamp to @f: it holds an inet [a map's values all have one type; @f first held an inet at 1:23]`}},
		{p + "{ @f = usym(arg0); @f += 1 }", []string{
			`1:40: error: cannot assign an integer to @f: it holds an usym [a map's values all have one type; @f first held an usym at 1:23]`}},
		{p + "{ @f = func; @f += func }", []string{`1:34: error: += is not defined on a func [assign it with =]`}},
		{p + "{ @t = (func, probe, ntop(arg0), strerror(1), ustack(2), usym(arg0)); $t = @t; @k[$t] = 1 }", nil},
		{p + "{ @x[print(1)] = 1 }", []string{`1:26: error: print(1) has no value`}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, diags := check(t, tt.src, Config{})
			got := brief(diags)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// describe renders a map's description as the runtime gets it.
func describe(m ir.Map) string {
	var keys []string
	for i, k := range m.Keys {
		s := fmt.Sprintf("%d@%d/%d", k.Kind, m.KeyOffsets[i], k.Size)
		if k.StackID {
			s += "id"
		}
		keys = append(keys, s)
	}
	kind := "plain"
	if m.IsAgg {
		kind = ir.AggNames[m.Agg]
	}
	return fmt.Sprintf("%d %q [%s] size=%d %s value=%v lhist=%d,%d,%d",
		m.ID, m.Name, strings.Join(keys, " "), m.KeySize, kind, m.Value.Kind, m.Min, m.Max, m.Step)
}

func TestMapLayout(t *testing.T) {
	p, diags := check(t, `uprobe:./target:add {
  @start[tid] = nsecs;
  @[comm, str(arg0, 20), func] = count();
  @l = lhist(arg0, -10, 10, 5);
  @s[ustack(4), probe] = sum(arg1);
  @x["abc", 1] = -1;
  @x[str(arg0, 3), 2] = 1;
  print(@l, 3);
  zero(@s);
}`, Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var got []string
	for _, m := range p.Maps {
		got = append(got, describe(m.Desc))
	}
	want := []string{
		// uint64 from nsecs
		`0 "start" [1@8/8] size=8 plain value=1 lhist=0,0,0`,
		// comm 16 bytes, a 20-byte string in a 24-byte slot after its 16-byte header, func an id
		`1 "" [6@8/16 5@24/40 7@64/8] size=64 count value=1 lhist=0,0,0`,
		`2 "l" [] size=0 lhist value=1 lhist=-10,10,5`,
		`3 "s" [14@8/8id 8@16/8] size=16 sum value=0 lhist=0,0,0`,
		// the longest string used as a key sets the capacity
		`4 "x" [5@8/24 0@32/8] size=32 plain value=0 lhist=0,0,0`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("maps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each map has its own key buffer after the records.
	for i, m := range p.Maps {
		if want := p.RecordArea + i*ir.MapKeySize; m.Heap != want {
			t.Errorf("map %d: key buffer at %d, want %d", i, m.Heap, want)
		}
	}
	if g := p.Groups[0]; g.HeapEnd != p.RecordArea+len(p.Maps)*ir.MapKeySize {
		t.Errorf("HeapEnd = %d", g.HeapEnd)
	}
	if ev := p.Events[0]; ev.Kind != ir.EventPrintMap || ev.Map != 2 || ev.Top != 3 || ev.Size != ir.RecordHdr {
		t.Errorf("print event %+v", ev)
	}
	if ev := p.Events[1]; ev.Kind != ir.EventZeroMap || ev.Map != 3 {
		t.Errorf("zero event %+v", ev)
	}
	if s := p.Maps[3].Desc.Keys[0]; s.Len != 4 {
		t.Errorf("ustack(4) key prints %d frames", s.Len)
	}
}

func TestStackDepth(t *testing.T) {
	p, diags := check(t, `uprobe:./target:add { printf("%s %d %s\n", comm, pid, ustack); print(ustack(5)); print(ustack) }`, Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var got []string
	for _, ev := range p.Events {
		for _, f := range ev.Fields {
			if f.Type.Kind == ir.KindStack {
				got = append(got, fmt.Sprintf("%d/%d", f.Type.Len, f.Type.Size))
			}
		}
		if ev.Size > ir.HeapSize/2 {
			t.Errorf("event %d is %d bytes", ev.ID, ev.Size)
		}
	}
	// 8+16+8 bytes leave room for 127 frames less one; ustack(5) is as
	// written; a lone ustack gets bpftrace's 127.
	if s := strings.Join(got, " "); s != "126/4040 5/168 127/4072" {
		t.Errorf("stacks %s", s)
	}
}

func TestSpecialProbes(t *testing.T) {
	p, diags := check(t, "BEGIN { print(1) } END, interval:ms:250 { print(2) } i:s:3 { exit() } interval:us:7 {}", Config{})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var got []string
	for _, pr := range p.Probes {
		got = append(got, fmt.Sprintf("%s/%s/%d/%q", pr.Kind, pr.Name, pr.PeriodNs, pr.Binary))
	}
	want := `BEGIN/begin/0/"" END/end/0/"" interval/interval:ms:250/250000000/"" interval/interval:s:3/3000000000/"" interval/interval:us:7/7000/""`
	if s := strings.Join(got, " "); s != want {
		t.Errorf("probes %s\nwant   %s", s, want)
	}
	if g := p.Groups[1]; g.Special != "END" || len(g.Probes) != 2 {
		t.Errorf("group 1: %+v", g)
	}
}

func TestDefaultBinaryWildcard(t *testing.T) {
	target := filepath.Join(targetDir, "target")
	p, diags := check(t, "uprobe:sub_* { @[func] = count() }", Config{DefaultBinary: target})
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var names []string
	for _, pr := range p.Probes {
		names = append(names, pr.Name+"="+pr.Func)
		if pr.Binary != target || pr.Offset == 0 {
			t.Errorf("probe %+v", pr)
		}
	}
	if s := strings.Join(names, " "); s != "uprobe:"+target+":sub_one=sub_one uprobe:"+target+":sub_two=sub_two" {
		t.Errorf("probes %s", s)
	}
}
