package debuginfo

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The runtime cross-check runs the target under gdb, stops at chosen pcs
// and evaluates each variable's Location (the resolved Ops gen will lower)
// with a tiny interpreter in gdb's Python, against gdb's own value of the
// variable. It checks decoding, location lists, frame base, CFA and load
// bias end to end.

type evalOp struct {
	K    string `json:"k"`
	Reg  string `json:"reg,omitempty"`
	Off  int64  `json:"off,omitempty"`
	Val  uint64 `json:"val,omitempty"`
	Size int    `json:"size,omitempty"`
	Bias bool   `json:"bias,omitempty"`
}

type evalPiece struct {
	Kind string   `json:"kind"`
	Size int      `json:"size"`
	Ops  []evalOp `json:"ops"`
	Data string   `json:"data,omitempty"`
}

type evalVar struct {
	Name   string      `json:"name"`
	Func   string      `json:"func"`
	Size   int         `json:"size"`
	Pieces []evalPiece `json:"pieces"`
	Loc    string      `json:"loc"`
}

type evalStop struct {
	Addr uint64    `json:"addr"`
	What string    `json:"what"`
	Vars []evalVar `json:"vars"`
}

type evalSpec struct {
	Anchor uint64     `json:"anchor"` // link-time address of process, to find the load bias
	Stops  []evalStop `json:"stops"`
}

type evalResult struct {
	Stop int     `json:"stop"`
	Name string  `json:"name"`
	Ours *string `json:"ours"`
	Gdb  *string `json:"gdb"`
	Err  string  `json:"err"`
}

var opKinds = map[LocKind]string{
	LocBreg: "breg", LocAddr: "addr", LocConst: "const", LocPlusConst: "plus_const", LocDeref: "deref",
	LocAdd: "plus", LocSub: "minus", LocMul: "mul", LocAnd: "and", LocOr: "or", LocXor: "xor",
	LocShl: "shl", LocShr: "shr", LocNeg: "neg", LocNot: "not", LocDup: "dup", LocDrop: "drop",
	LocSwap: "swap", LocOver: "over",
}

// specVar converts v for the Python interpreter; ok is false for what it
// cannot evaluate.
func specVar(v Var) (evalVar, bool) {
	ev := evalVar{Name: v.Name, Func: v.Func, Loc: v.Loc.String()}
	if v.Type == nil || v.Type.Size() <= 0 || v.Type.Size() > 64 {
		return ev, false
	}
	ev.Size = int(v.Type.Size())
	for _, p := range v.Loc.Pieces {
		ep := evalPiece{Size: p.Size}
		switch p.Kind {
		case PieceReg:
			ep.Kind = "reg"
			ep.Ops = []evalOp{{K: "reg", Reg: RegName(p.Ops[0].Reg)}}
		case PieceMemory:
			ep.Kind = "mem"
		case PieceValue:
			ep.Kind = "value"
		case PieceImplicit:
			ep.Kind, ep.Data = "implicit", hex.EncodeToString(p.Data)
		default:
			return ev, false
		}
		if p.Kind == PieceMemory || p.Kind == PieceValue {
			for _, o := range p.Ops {
				k, ok := opKinds[o.Kind]
				if !ok {
					return ev, false
				}
				ep.Ops = append(ep.Ops, evalOp{K: k, Reg: RegName(o.Reg), Off: o.Offset, Val: o.Value, Size: o.Size, Bias: o.Bias})
			}
		}
		ev.Pieces = append(ev.Pieces, ep)
	}
	return ev, true
}

const gdbEvalPy = `
import gdb, json, struct, sys
spec = json.load(open(SPEC))
out = []
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("starti", to_string=True)
bias = int(gdb.parse_and_eval("(unsigned long)&process")) - spec["anchor"]
for i, s in enumerate(spec["stops"]):
    gdb.execute("break *%#x" % (s["addr"] + bias), to_string=True)
done = set()
M64 = (1 << 64) - 1

def reg(name):
    f = gdb.newest_frame()
    if name.startswith("xmm"):
        return int(f.read_register(name)["v2_int64"][0]) & M64
    return int(f.read_register(name)) & M64

def mem(addr, n):
    return bytes(gdb.selected_inferior().read_memory(addr, n))

def run_ops(ops):
    st = []
    for o in ops:
        k = o["k"]
        if k == "breg": st.append((reg(o["reg"]) + o.get("off", 0)) & M64)
        elif k == "addr": st.append((o.get("val", 0) + (bias if o.get("bias") else 0)) & M64)
        elif k == "const": st.append(o.get("val", 0))
        elif k == "plus_const": st[-1] = (st[-1] + o.get("off", 0)) & M64
        elif k == "deref": st[-1] = int.from_bytes(mem(st[-1], o["size"]), "little")
        elif k == "plus": b = st.pop(); st[-1] = (st[-1] + b) & M64
        elif k == "minus": b = st.pop(); st[-1] = (st[-1] - b) & M64
        elif k == "mul": b = st.pop(); st[-1] = (st[-1] * b) & M64
        elif k == "and": b = st.pop(); st[-1] &= b
        elif k == "or": b = st.pop(); st[-1] |= b
        elif k == "xor": b = st.pop(); st[-1] ^= b
        elif k == "shl": b = st.pop(); st[-1] = (st[-1] << b) & M64
        elif k == "shr": b = st.pop(); st[-1] >>= b
        elif k == "neg": st[-1] = (-st[-1]) & M64
        elif k == "not": st[-1] = (~st[-1]) & M64
        elif k == "dup": st.append(st[-1])
        elif k == "drop": st.pop()
        elif k == "swap": st[-1], st[-2] = st[-2], st[-1]
        elif k == "over": st.append(st[-2])
        else: raise Exception("op " + k)
    return st[-1]

def ours(v):
    data = b""
    for p in v["pieces"]:
        n = p["size"] or v["size"]
        if p["kind"] == "reg": data += reg(p["ops"][0]["reg"]).to_bytes(8, "little")[:n]
        elif p["kind"] == "mem": data += mem(run_ops(p["ops"]), n)
        elif p["kind"] == "value": data += run_ops(p["ops"]).to_bytes(8, "little")[:n]
        elif p["kind"] == "implicit": data += bytes.fromhex(p["data"])[:n]
    return data[:v["size"]]

def theirs(v):
    f = gdb.selected_frame()
    while f is not None and (f.function() is None or f.function().name != v["func"]):
        f = f.older()
    if f is None:
        raise Exception("no frame of " + v["func"])
    val = f.read_var(v["name"])
    if val.is_optimized_out:
        return None
    t = val.type.strip_typedefs()
    n = v["size"]
    if t.code in (gdb.TYPE_CODE_INT, gdb.TYPE_CODE_ENUM, gdb.TYPE_CODE_PTR, gdb.TYPE_CODE_CHAR, gdb.TYPE_CODE_BOOL):
        return (int(val) & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
    if t.code == gdb.TYPE_CODE_FLT:
        return struct.pack("<d" if n == 8 else "<f", float(val))
    if val.address is not None:
        return mem(int(val.address), n)
    raise Exception("cannot read gdb's value")

while True:
    try:
        gdb.execute("continue", to_string=True)
    except gdb.error:
        break
    if not gdb.selected_inferior().threads():
        break
    pc = int(gdb.parse_and_eval("$pc")) - bias
    for i, s in enumerate(spec["stops"]):
        if s["addr"] != pc or i in done:
            continue
        done.add(i)
        for v in s["vars"]:
            r = {"stop": i, "name": v["name"], "ours": None, "gdb": None, "err": ""}
            try:
                r["ours"] = ours(v).hex()
            except Exception as e:
                r["err"] += "ours: %s; " % e
            try:
                g = theirs(v)
                r["gdb"] = g.hex() if g is not None else None
            except Exception as e:
                r["err"] += "gdb: %s; " % e
            out.append(r)
json.dump(out, open(OUT, "w"))
`

// gdbEval runs the target under gdb with the stops of spec.
func gdbEval(t *testing.T, bin string, spec evalSpec) []evalResult {
	t.Helper()
	dir := t.TempDir()
	specPath, outPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "out.json")
	b, _ := json.Marshal(spec)
	if err := os.WriteFile(specPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	py := fmt.Sprintf("SPEC = %q\nOUT = %q\n", specPath, outPath) + gdbEvalPy
	pyPath := filepath.Join(dir, "eval.py")
	if err := os.WriteFile(pyPath, []byte(py), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "gdb", "-nx", "-batch", "-ex", "source "+pyPath, bin)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatalf("gdb wrote no results: %v\n%s", err, out)
	}
	var res []evalResult
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRuntimeValues compares the values our locations give with gdb's, at
// function entries, after the prologue, inside nested blocks and inside
// inlined copies, for every build of the matrix.
func TestRuntimeValues(t *testing.T) {
	needTool(t, "gdb")
	for _, c := range matrix() {
		t.Run(c.name(), func(t *testing.T) {
			t.Parallel()
			bin := build(t, c)
			b, d := openBin(t, bin)
			fn, ok := b.LookupFunc("process")
			if !ok {
				t.Fatal("no symbol process")
			}
			spec := evalSpec{Anchor: fn.Addr}
			var stops []evalStop
			add := func(what string, addr uint64) {
				for _, s := range stops {
					if s.Addr == addr {
						return
					}
				}
				stops = append(stops, evalStop{Addr: addr, What: what})
			}
			procs, err := d.FuncInstances("process")
			if err != nil {
				t.Fatal(err)
			}
			add("process entry", procs[0].Entry)
			add("process prologue end", procs[0].PrologueEnd)
			clamps, err := d.FuncInstances("clamp")
			if err != nil {
				t.Fatal(err)
			}
			for i, ci := range clamps {
				add(fmt.Sprintf("clamp copy %d", i), ci.Entry)
			}
			for _, m := range []string{"inner", "clamp_hi", "clamp2", "total"} {
				addrs, err := d.LineAddrs("target.c", marker(t, m))
				if err != nil {
					t.Logf("line %s: %v", m, err) // clang -O2 moves some lines into the inlined copies
					continue
				}
				for _, a := range addrs {
					add("line "+m, a)
				}
			}
			nvars := 0
			for i := range stops {
				vars, err := d.VarsAt(stops[i].Addr)
				if err != nil {
					t.Fatalf("VarsAt(%#x): %v", stops[i].Addr, err)
				}
				for _, v := range vars {
					if v.Shadowed || !v.Available {
						continue
					}
					if ev, ok := specVar(v); ok {
						stops[i].Vars = append(stops[i].Vars, ev)
						nvars++
					}
				}
			}
			spec.Stops = stops
			res := gdbEval(t, bin, spec)
			reached := map[int]bool{}
			for _, r := range res {
				reached[r.Stop] = true
			}
			for i, s := range stops {
				if !reached[i] && len(s.Vars) > 0 {
					// Only the function's own stops must be reached; a line
					// may have code on a path this run does not take.
					if strings.HasPrefix(s.What, "process") {
						t.Errorf("stop %s (%#x) not reached", s.What, s.Addr)
					} else {
						t.Logf("stop %s (%#x) not reached", s.What, s.Addr)
					}
				}
			}
			_ = nvars
			agree, gdbMissing := 0, 0
			for _, r := range res {
				s := stops[r.Stop]
				var loc string
				for _, v := range s.Vars {
					if v.Name == r.Name {
						loc = v.Loc
					}
				}
				where := fmt.Sprintf("%s (%#x) %s [%s]", s.What, s.Addr, r.Name, loc)
				switch {
				case strings.Contains(r.Err, "ours"):
					t.Errorf("%s: %s", where, r.Err)
				case r.Gdb == nil:
					// gdb has no value where DWARF gives one (gdb does not
					// use the entry-value shortcut at a function's entry,
					// for one): nothing to compare.
					gdbMissing++
					t.Logf("%s: ours %s, gdb none (%s)", where, deref(r.Ours), r.Err)
				case *r.Ours != *r.Gdb:
					t.Errorf("%s: ours %s, gdb %s", where, *r.Ours, *r.Gdb)
				default:
					agree++
				}
			}
			t.Logf("%d values agree with gdb, %d not comparable", agree, gdbMissing)
			if agree < 10 {
				t.Errorf("only %d values compared", agree)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
