package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// jsonLines returns the lines of out that are JSON objects, failing the
// test for any such line encoding/json cannot decode.
func jsonLines(t *testing.T, what, out string) []string {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "{") {
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("%s: %q: %v", what, l, err)
		}
		lines = append(lines, l)
	}
	return lines
}

// canonical re-encodes a JSON line (sorted members, no spaces).
func canonical(t *testing.T, line string) string {
	t.Helper()
	var v any
	d := json.NewDecoder(strings.NewReader(line))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestJSONAgainstBpftrace traces the same target with the same script
// under bpftrace (the machine's) and gs, both with -f json, and compares
// the lines, in order and text for text (the maps at the end sorted by
// name, as bpftrace prints them). bpftrace 0.17 spaces the
// buckets of a histogram as ", " where today's bpftrace writes ","
// (src/output/json.cpp), and writes no "count" in attached_probes: those
// lines compare as JSON values.
func TestJSONAgainstBpftrace(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	script := `uprobe:./app:add { printf("a=%d\n", arg0); print(arg1); @c[arg0 % 2] = count(); @s = sum(arg1); @h = hist(arg1);` +
		` @st = stats(arg1); @a = avg(arg1); @l = lhist(arg1, 0, 50, 10); @m[arg0, "k"] = arg1; @mx = max(arg1); @mn = min(arg0) }` +
		` uprobe:./app:greet { @g[arg1] = str(arg0); @cm[comm] = count(); print((arg1, str(arg0))); @sp["a b"] = 1 }`
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	bt := exec.CommandContext(ctx, "bpftrace", "-f", "json", "-c", "./app 5", "-e", script)
	bt.Dir = dir
	var btOut bytes.Buffer
	bt.Stdout = &btOut
	if err := bt.Run(); err != nil {
		t.Fatalf("bpftrace: %v\n%s", err, btOut.String())
	}
	r := runGS(t, dir, timeout, "-f", "json", "-c", "./app 5", "-e", script)
	if r.Code != 0 {
		t.Fatalf("gs: exit %d\n%s", r.Code, r.Stderr)
	}
	split := func(what, out string) (records, maps []string) {
		for _, l := range jsonLines(t, what, out) {
			var m struct{ Type string }
			json.Unmarshal([]byte(l), &m)
			switch m.Type {
			case "attached_probes":
				l = strings.Replace(l, `"count": 2, `, "", 1)
				records = append(records, l)
			case "map", "stats":
				maps = append(maps, l)
			case "hist":
				maps = append(maps, canonical(t, l))
			default:
				records = append(records, l)
			}
		}
		return records, maps
	}
	wantRecs, wantMaps := split("bpftrace", btOut.String())
	gotRecs, gotMaps := split("gs", r.Stdout)
	if len(wantRecs) != 1+3*5 || len(wantMaps) != 12 {
		t.Fatalf("bpftrace wrote %d records and %d maps, want 16 and 12:\n%s", len(wantRecs), len(wantMaps), btOut.String())
	}
	if !slices.Equal(gotRecs, wantRecs) {
		t.Errorf("records:\n%s\nbpftrace's:\n%s", strings.Join(gotRecs, "\n"), strings.Join(wantRecs, "\n"))
	}
	if !slices.Equal(gotMaps, wantMaps) {
		t.Errorf("maps:\n%s\nbpftrace's:\n%s", strings.Join(gotMaps, "\n"), strings.Join(wantMaps, "\n"))
	}
}

// TestJSON checks gs's own messages: print of program variables by their
// DWARF names and of several values (gs's "print"), the script's warnf,
// and status lines on stderr, against what the target passes to add(i,
// 10*i) (basic.c).
func TestJSON(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	script := `uprobe:./app:add { print(a); print(a, b); print(arg0, comm); warnf("w %d", b) }`
	r := runGS(t, dir, timeout, "-q", "-f", "json", "-c", "./app 3", "-e", script)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	var want []string
	col := strings.Index(script, "warnf") + 1
	for i := 0; i < 3; i++ {
		want = append(want,
			fmt.Sprintf(`{"type": "print", "data": {"a": %d}}`, i),
			fmt.Sprintf(`{"type": "print", "data": {"a": %d, "b": %d}}`, i, 10*i),
			fmt.Sprintf(`{"type": "print", "data": {"arg0": %d, "comm": "app"}}`, i),
			fmt.Sprintf(`{"type": "warnf", "msg": "w %d", "filename": "<expr>", "line": 1, "col": %d}`, 10*i, col))
	}
	if got := jsonLines(t, "stdout", r.Stdout); !slices.Equal(got, want) {
		t.Errorf("stdout:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Status lines are JSON too, on stderr.
	r = runGS(t, dir, timeout, "-f", "json", "--map-entries", "1", "-c", "./app 3", "-e", `uprobe:./app:add { @m[arg0] = count() }`)
	for _, line := range strings.Split(strings.TrimSpace(r.Stderr), "\n") {
		if strings.HasPrefix(line, "pid=") { // the target's own line
			continue
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("stderr line %q: %v", line, err)
		}
	}
	match(t, "stderr", r.Stderr, `\{"type": "counter", "name": "map_full", "count": 2, `)
	match(t, "stdout", r.Stdout, `(?m)^\{"type": "map", "data": \{"@m": \{"0": 1\}\}\}$`)
}

// TestJSONLines: every line of a run with several record kinds is JSON,
// escapes included, and a ustack key is bpftrace's text of the stack.
func TestJSONLines(t *testing.T) {
	dir := t.TempDir()
	compile(t, dir, "basic.c", "app", defaultVariant)
	r := runGS(t, dir, timeout, "-q", "-f", "json", "-c", "./app 2", "-e",
		`BEGIN { printf("q\"uote\t\n") } uprobe:./app:greet { print(str(arg0), arg1, str(0)); @[ustack] = count() } END { print(@) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.Stdout, "\n"), "\n")
	if len(lines) != 5 { // printf, print twice, print(@), and @ again at the end
		t.Fatalf("%d lines:\n%s", len(lines), r.Stdout)
	}
	if got := jsonLines(t, "stdout", r.Stdout); len(got) != len(lines) {
		t.Errorf("lines that are not JSON objects:\n%s", r.Stdout)
	}
	match(t, "stdout", r.Stdout, `^\{"type": "printf", "data": "q\\"uote\\t\\n"\}\n`)
	match(t, "stdout", r.Stdout, `\{"type": "print", "data": \{"str\(arg0\)": "world", "arg1": 0, "str\(0\)": \{"error": "read error", "addr": 0\}\}\}\n`)
	match(t, "stdout", r.Stdout, `\{"type": "map", "data": \{"@": \{"\\ngreet\+0\\nmain\+\d+\\n`)
}

// TestJSONLostEvents: under overload the lost_events messages, in the
// trace output, add up to what was lost: what gs printed plus their
// counts plus the hits dropped before they ran is what the target
// emitted (TestOverloadAccounting in JSON).
func TestJSONLostEvents(t *testing.T) {
	const perThread = 200000
	dir := t.TempDir()
	compile(t, dir, "flood.c", "flood", variant{CC: gcc, Opt: "-O2", PIE: true}, "-pthread")
	r := runGS(t, dir, 5*timeout, "-f", "json", "--buffer-size", "4096", "-o", "out.json",
		"-c", "./flood flood "+strconv.Itoa(perThread),
		"-e", `uprobe:./flood:emit { printf("%d %d\n", arg0, arg1) }`)
	if r.Code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", r.Code, r.Stderr)
	}
	em := regexp.MustCompile(`(?m)^emitted (\d+)$`).FindStringSubmatch(r.Stderr)
	if em == nil {
		t.Fatalf("the target did not report what it emitted\nstderr:\n%s", r.Stderr)
	}
	emitted, _ := strconv.Atoi(em[1])
	out, err := os.ReadFile(filepath.Join(dir, "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	printed, lost, messages := 0, 0, 0
	for _, l := range jsonLines(t, "out.json", string(out)) {
		var m struct {
			Type  string
			Count int
			Data  json.RawMessage
		}
		json.Unmarshal([]byte(l), &m)
		switch m.Type {
		case "printf":
			printed++
		case "lost_events":
			var d struct {
				Events int
				Probe  string
			}
			json.Unmarshal(m.Data, &d)
			if d.Events != m.Count || d.Probe != "uprobe:./flood:emit" {
				t.Errorf("lost_events: %s", l)
			}
			lost += m.Count
			messages++
		case "attached_probes":
		default:
			t.Errorf("unexpected line: %s", l)
		}
	}
	dropped := 0
	for _, l := range jsonLines(t, "stderr", r.Stderr) {
		var m struct {
			Type  string
			Total bool
			Count int
		}
		json.Unmarshal([]byte(l), &m)
		if m.Type == "counter" && m.Total {
			dropped += m.Count
		}
	}
	t.Logf("emitted %d, printed %d, lost %d in %d messages, dropped %d", emitted, printed, lost, messages, dropped)
	if printed+lost+dropped != emitted {
		t.Errorf("printed %d + lost %d + dropped %d = %d, the target emitted %d", printed, lost, dropped, printed+lost+dropped, emitted)
	}
	if lost == 0 {
		t.Errorf("nothing was lost: a 4096-byte ring buffer should overflow")
	}
}
