package output

import (
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/symbolize"
)

var (
	kInt   = &ir.Type{Kind: ir.KindInt, Size: 8, Name: "int64"}
	kUint  = &ir.Type{Kind: ir.KindUint, Size: 8, Name: "uint64"}
	kStr   = &ir.Type{Kind: ir.KindString, Size: ir.StrHeader + 16, Cap: 16, Name: "string"}
	kComm  = &ir.Type{Kind: ir.KindComm, Size: ir.CommLen, Name: "comm"}
	kFunc  = &ir.Type{Kind: ir.KindFunc, Size: 8, Name: "func"}
	kProbe = &ir.Type{Kind: ir.KindProbe, Size: 8, Name: "probe"}
	kStack = &ir.Type{Kind: ir.KindStack, Size: 8, Len: 2, Name: "ustack", StackID: true}
)

// testMap describes map id with keys laid out one after the other.
func testMap(id uint8, name string, agg ir.Agg, isAgg bool, keys ...*ir.Type) ir.Map {
	m := ir.Map{ID: id, Name: name, Agg: agg, IsAgg: isAgg, Keys: keys, Value: kInt}
	off := 8
	for _, k := range keys {
		m.KeyOffsets = append(m.KeyOffsets, off)
		switch k.Kind {
		case ir.KindString:
			off += k.Size
		case ir.KindComm:
			off += ir.CommLen
		default:
			off += 8
		}
	}
	m.KeySize = off - 8
	return m
}

// key builds a key of m: integers (ids) as u64, strings as string slots.
func key(m *ir.Map, vals ...any) MapKey {
	var k MapKey
	k[0] = m.ID
	for i, v := range vals {
		off := m.KeyOffsets[i]
		switch v := v.(type) {
		case int:
			binary.LittleEndian.PutUint64(k[off:], uint64(v))
		case string:
			if m.Keys[i].Kind == ir.KindComm {
				copy(k[off:off+ir.CommLen], v)
				continue
			}
			binary.LittleEndian.PutUint16(k[off:], uint16(len(v)))
			copy(k[off+ir.StrHeader:], v)
		}
	}
	return k
}

func aggEntry(k MapKey, f func(t *AggTotal)) MapEntry {
	e := MapEntry{Key: k}
	f(&e.Agg)
	return e
}

func counted(k MapKey, n uint64) MapEntry {
	return aggEntry(k, func(t *AggTotal) { t.Count = n })
}

var testProg = &ir.Program{Probes: []ir.Probe{
	{ID: 0, Kind: ir.Uprobe, Name: "uprobe:./app:add", Func: "add"},
	{ID: 1, Kind: ir.Uprobe, Name: "uprobe:./app:greet", Func: "greet"},
}}

func testPrinter() *Maps {
	return &Maps{Prog: testProg, Stacks: func(id uint64) ([]symbolize.Frame, bool) {
		if id != 7 {
			return nil, false
		}
		return []symbolize.Frame{{IP: 0x1004}, {IP: 0x2030}, {IP: 0x3000}}, true
	}}
}

func testJSONPrinter() *Maps {
	p := testPrinter()
	p.JSON = true
	return p
}

// bar is a histogram line as bpftrace prints it.
func bar(label string, count, width int) string {
	return label + strings.Repeat(" ", 16-len(label)) + strings.Repeat(" ", 8-len(itoa(count))) + itoa(count) +
		" |" + strings.Repeat("@", width) + strings.Repeat(" ", 52-width) + "|\n"
}

func itoa(n int) string { return string(appendIntText(nil, n)) }

func appendIntText(dst []byte, n int) []byte { return num{uint64(n), true}.appendTo(dst) }

func TestMapText(t *testing.T) {
	mCount := testMap(0, "c", ir.AggCount, true, kFunc)
	mSum := testMap(1, "s", ir.AggSum, true)
	mTwo := testMap(2, "m", 0, false, kInt, kStr)
	mStack := testMap(3, "", ir.AggCount, true, kStack)
	mAvg := testMap(4, "a", ir.AggAvg, true)
	mStats := testMap(5, "st", ir.AggStats, true, kComm)
	mMin := testMap(6, "lo", ir.AggMin, true)
	mHist := testMap(7, "h", ir.AggHist, true, kProbe)
	mLhist := testMap(8, "l", ir.AggLhist, true)
	mLhist.Min, mLhist.Max, mLhist.Step = 0, 100, 10
	mPlain := testMap(9, "start", 0, false, kUint)
	mUns := testMap(10, "u", 0, false)
	mUns.Value = kUint
	mFuncs := testMap(11, "f", 0, false, kUint)
	mFuncs.Value = kFunc
	mInet := testMap(12, "i", 0, false)
	mInet.Value = &ir.Type{Kind: ir.KindInet, Size: 8, Name: "inet"}
	mStacks := testMap(13, "s", 0, false)
	mStacks.Value = kStack

	for _, tt := range []struct {
		name string
		m    ir.Map
		es   []MapEntry
		top  int
		div  int64
		want string
	}{
		{"count by value", mCount, []MapEntry{counted(key(&mCount, 0), 3), counted(key(&mCount, 1), 1)}, 0, 0,
			"@c[greet]: 1\n@c[add]: 3\n\n"},
		{"keyless sum", mSum, []MapEntry{aggEntry(key(&mSum), func(t *AggTotal) { t.Sum = 30 })}, 0, 0,
			"@s: 30\n\n"},
		{"negative sum", mSum, []MapEntry{aggEntry(key(&mSum), func(t *AggTotal) { t.Sum = -7 })}, 0, 0,
			"@s: -7\n\n"},
		{"two keys", mTwo, []MapEntry{{Key: key(&mTwo, 2, "xyz"), Val: 9}, {Key: key(&mTwo, 1, "abc"), Val: 5}}, 0, 0,
			"@m[1, abc]: 5\n@m[2, xyz]: 9\n\n"},
		{"plain signed", mTwo, []MapEntry{{Key: key(&mTwo, -1, ""), Val: ^uint64(0)}}, 0, 0,
			"@m[-1, ]: -1\n\n"},
		{"plain unsigned", mUns, []MapEntry{{Key: key(&mUns), Val: ^uint64(0)}}, 0, 0,
			"@u: 18446744073709551615\n\n"},
		{"latency start", mPlain, []MapEntry{{Key: key(&mPlain, 1234), Val: 5678}}, 0, 0,
			"@start[1234]: 5678\n\n"},
		// Values that are words printed as what they stand for: a probe
		// id by its function's name, ntop's address, a stack's frames.
		{"func values", mFuncs, []MapEntry{{Key: key(&mFuncs, 10), Val: 1}, {Key: key(&mFuncs, 11), Val: 0}}, 0, 0,
			"@f[11]: add\n@f[10]: greet\n\n"},
		{"inet value", mInet, []MapEntry{{Key: key(&mInet), Val: 0x0100007f}}, 0, 0, "@i: 127.0.0.1\n\n"},
		{"stack value", mStacks, []MapEntry{{Key: key(&mStacks), Val: 7}}, 0, 0, "@s: \n        0x1004\n        0x2030\n\n"},
		{"stack key", mStack, []MapEntry{counted(key(&mStack, 7), 3), counted(key(&mStack, int(ir.StackIDNone)), 1)}, 0, 0,
			"@[\n        <stack not captured>\n]: 1\n@[\n        0x1004\n        0x2030\n]: 3\n\n"},
		{"avg", mAvg, []MapEntry{aggEntry(key(&mAvg), func(t *AggTotal) { t.Count, t.Sum = 3, 31 })}, 0, 0,
			"@a: 10\n\n"},
		{"avg negative", mAvg, []MapEntry{aggEntry(key(&mAvg), func(t *AggTotal) { t.Count, t.Sum = 2, -5 })}, 0, 0,
			"@a: -2\n\n"},
		{"stats", mStats, []MapEntry{aggEntry(key(&mStats, "app"), func(t *AggTotal) { t.Count, t.Sum = 3, 30 })}, 0, 0,
			"@st[app]: { .count = 3, .average = 10, .total = 30 }\n\n"},
		{"min", mMin, []MapEntry{aggEntry(key(&mMin), func(t *AggTotal) { t.Min, t.Set = -4, true })}, 0, 0,
			"@lo: -4\n\n"},
		{"top and div", mCount, []MapEntry{counted(key(&mCount, 0), 30), counted(key(&mCount, 1), 10), counted(key(&mCount, 5), 20)}, 2, 10,
			"@c[<probe 5>]: 2\n@c[add]: 3\n\n"},
		{"empty", mCount, nil, 0, 0, ""},
		{"hist", mHist, []MapEntry{aggEntry(key(&mHist, 0), func(t *AggTotal) {
			t.Buckets[1], t.Buckets[4], t.Buckets[5], t.Buckets[12] = 1, 2, 1, 1 // 0, [4,8) x2, [8,16), [1K,2K)
		})}, 0, 0,
			"@h[uprobe:./app:add]:\n" +
				bar("[0]", 1, 26) + bar("[1]", 0, 0) + bar("[2, 4)", 0, 0) + bar("[4, 8)", 2, 52) + bar("[8, 16)", 1, 26) +
				bar("[16, 32)", 0, 0) + bar("[32, 64)", 0, 0) + bar("[64, 128)", 0, 0) + bar("[128, 256)", 0, 0) +
				bar("[256, 512)", 0, 0) + bar("[512, 1K)", 0, 0) + bar("[1K, 2K)", 1, 26) + "\n"},
		{"hist negative", mHist, []MapEntry{aggEntry(key(&mHist, 1), func(t *AggTotal) { t.Buckets[0], t.Buckets[2] = 3, 1 })}, 0, 0,
			"@h[uprobe:./app:greet]:\n" + bar("(..., 0)", 3, 52) + bar("[0]", 0, 0) + bar("[1]", 1, 17) + "\n"},
		{"two hists", mHist, []MapEntry{
			aggEntry(key(&mHist, 1), func(t *AggTotal) { t.Buckets[3] = 2 }),
			aggEntry(key(&mHist, 0), func(t *AggTotal) { t.Buckets[2] = 1 }),
		}, 0, 0,
			"@h[uprobe:./app:add]:\n" + bar("[1]", 1, 52) + "\n" +
				"@h[uprobe:./app:greet]:\n" + bar("[2, 4)", 2, 52) + "\n"},
		{"lhist", mLhist, []MapEntry{aggEntry(key(&mLhist), func(t *AggTotal) {
			t.Buckets[0], t.Buckets[1], t.Buckets[3], t.Buckets[11] = 1, 4, 2, 1 // <0, [0,10), [20,30), >=100
		})}, 0, 0,
			"@l:\n" + bar("(..., 0)", 1, 13) + bar("[0, 10)", 4, 52) + bar("[10, 20)", 0, 0) + bar("[20, 30)", 2, 26) +
				bar("[30, 40)", 0, 0) + bar("[40, 50)", 0, 0) + bar("[50, 60)", 0, 0) + bar("[60, 70)", 0, 0) +
				bar("[70, 80)", 0, 0) + bar("[80, 90)", 0, 0) + bar("[90, 100)", 0, 0) + bar("[100, ...)", 1, 13) + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := string(testPrinter().Print(nil, &tt.m, tt.es, tt.top, tt.div, false))
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestHistLabels(t *testing.T) {
	for power, want := range map[int]string{0: "1", 1: "2", 9: "512", 10: "1K", 11: "2K", 20: "1M", 30: "1G", 40: "1T", 50: "1P", 62: "4E", 63: "8E"} {
		if got := histLabel(power); got != want {
			t.Errorf("histLabel(%d) = %q, want %q", power, got, want)
		}
	}
	for _, tt := range []struct {
		n, step int64
		want    string
	}{{0, 1024, "0"}, {1024, 1024, "1K"}, {3 << 20, 1024, "3M"}, {1536, 512, "1536"}, {2048, 10, "2048"}, {-2048, 1024, "-2K"}} {
		if got := lhistLabel(tt.n, tt.step); got != tt.want {
			t.Errorf("lhistLabel(%d, %d) = %q, want %q", tt.n, tt.step, got, tt.want)
		}
	}
}

func TestMapJSON(t *testing.T) {
	mCount := testMap(0, "c", ir.AggCount, true, kFunc, kComm)
	mStats := testMap(1, "st", ir.AggStats, true)
	mHist := testMap(2, "h", ir.AggHist, true)
	mLhist := testMap(3, "l", ir.AggLhist, true)
	mLhist.Min, mLhist.Max, mLhist.Step = 0, 100, 10
	mStack := testMap(4, "", ir.AggCount, true, kStack, kInt)
	for _, tt := range []struct {
		m    ir.Map
		es   []MapEntry
		want string
	}{
		{mCount, []MapEntry{counted(key(&mCount, 0, "app"), 3)},
			`{"type": "map", "data": {"@c": {"add,app": 3}}}`},
		{mStats, []MapEntry{aggEntry(key(&mStats), func(t *AggTotal) { t.Count, t.Sum = 3, 30 })},
			`{"type": "stats", "data": {"@st": {"count": 3, "average": 10, "total": 30}}}`},
		{mHist, []MapEntry{aggEntry(key(&mHist), func(t *AggTotal) { t.Buckets[0], t.Buckets[1], t.Buckets[4] = 1, 2, 3 })},
			`{"type": "hist", "data": {"@h": [{"max": -1, "count": 1},{"min": 0, "max": 0, "count": 2},{"min": 1, "max": 1, "count": 0},{"min": 2, "max": 3, "count": 0},{"min": 4, "max": 7, "count": 3}]}}`},
		{mLhist, []MapEntry{aggEntry(key(&mLhist), func(t *AggTotal) { t.Buckets[0], t.Buckets[1], t.Buckets[11] = 1, 2, 3 })},
			`{"type": "hist", "data": {"@l": [{"max": -1, "count": 1},{"min": 0, "max": 9, "count": 2},{"min": 10, "max": 19, "count": 0},{"min": 20, "max": 29, "count": 0},{"min": 30, "max": 39, "count": 0},{"min": 40, "max": 49, "count": 0},{"min": 50, "max": 59, "count": 0},{"min": 60, "max": 69, "count": 0},{"min": 70, "max": 79, "count": 0},{"min": 80, "max": 89, "count": 0},{"min": 90, "max": 99, "count": 0},{"min": 100, "count": 3}]}}`},
		{mStack, []MapEntry{counted(key(&mStack, 7, -3), 2)},
			`{"type": "map", "data": {"@": {"\n0x1004\n0x2030\n,-3": 2}}}`},
	} {
		t.Run(tt.m.Name, func(t *testing.T) {
			got := string(testJSONPrinter().Print(nil, &tt.m, tt.es, 0, 0, false))
			if got != tt.want+"\n" {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if !json.Valid([]byte(got)) {
				t.Errorf("not valid JSON: %s", got)
			}
		})
	}
	if got := testJSONPrinter().Print(nil, &mCount, nil, 0, 0, false); len(got) != 0 {
		t.Errorf("an empty map: got %s, want nothing (as bpftrace)", got)
	}
}

func TestJSONString(t *testing.T) {
	for in, want := range map[string]string{
		"plain":        `"plain"`,
		"a\"b\\c":      `"a\"b\\c"`,
		"tab\tnl\n":    `"tab\tnl\n"`,
		"\x01\x7f":     `"\u0001` + "\x7f" + `"`,
		"héllo":        `"héllo"`,
		"bad\xff\xfeb": `"bad\u00ff\u00feb"`,
	} {
		got := string(appendJSONString(nil, []byte(in)))
		if got != want {
			t.Errorf("appendJSONString(%q) = %s, want %s", in, got, want)
		}
		var s string
		if err := json.Unmarshal([]byte(got), &s); err != nil {
			t.Errorf("%s: %v", got, err)
		}
	}
}

// A char of no bytes (a malformed layout) is malformed, not a panic.
func TestJSONEmptyChar(t *testing.T) {
	if got := jsonOf(&ir.Type{Kind: ir.KindChar}, nil); got != jsonMalformed {
		t.Errorf("got %s", got)
	}
}

// Every map line is valid JSON, whatever its keys, values and buckets
// hold (random bytes, seeded), and its data is one member, the map.
func TestMapJSONValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	keySets := [][]*ir.Type{nil, {kInt}, {kStr}, {kComm}, {kFunc}, {kProbe}, {kStack}, {kStr, kInt}, {kUint, kComm, kStack}}
	values := []*ir.Type{kInt, kUint, kStr, tPtr, tBool, tColor}
	for _, keys := range keySets {
		for agg := ir.Agg(0); int(agg) < len(ir.AggNames); agg++ {
			for _, v := range append(values, nil) {
				m := testMap(1, "m", agg, v == nil, keys...)
				m.Min, m.Max, m.Step = -int64(rng.IntN(100)), int64(rng.IntN(1000)), int64(1+rng.IntN(50))
				if v != nil {
					m.Value = v
				}
				var es []MapEntry
				for n := rng.IntN(4); n >= 0; n-- {
					var e MapEntry
					for i := 8; i < len(e.Key); i++ {
						e.Key[i] = byte(rng.Uint32())
					}
					e.Key[0] = m.ID
					e.Val = rng.Uint64()
					e.Str = make([]byte, ir.StrHeader+16)
					for i := range e.Str {
						e.Str[i] = byte(rng.Uint32())
					}
					e.Agg.Count, e.Agg.Sum = rng.Uint64(), int64(rng.Uint64())
					for i := range e.Agg.Buckets {
						if rng.IntN(3) == 0 {
							e.Agg.Buckets[i] = rng.Uint64() >> rng.IntN(64)
						}
					}
					es = append(es, e)
				}
				got := testJSONPrinter().Print(nil, &m, es, rng.IntN(3), int64(rng.IntN(3)), false)
				var msg struct {
					Type string
					Data map[string]json.RawMessage
				}
				if err := json.Unmarshal(got, &msg); err != nil || len(msg.Data) != 1 || msg.Data["@m"] == nil {
					t.Errorf("%v keys %v value %v: %v: %s", agg, keys, v, err, got)
				}
			}
		}
	}
}
