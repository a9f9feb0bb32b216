package gen

import (
	"debug/dwarf"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/internal/elftest"
	"github.com/gs-tracer/gs/internal/model"
	"github.com/gs-tracer/gs/internal/testtarget"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/sema"
)

// The location tests lower every readable scalar variable that
// debuginfo finds in its test target, at many pcs and for gcc and clang at
// -O0 and -O2, and check that the bytecode computes what a direct
// evaluation of the DWARF location computes, over random registers,
// memory and load bias. debuginfo's own tests check the locations
// against gdb; these check the lowering.

// fakeProc is a process image: saved registers, a load bias, and memory
// whose every byte is a hash of its address.
type fakeProc struct {
	regs [ir.PtRegsSlots]uint64
	bias uint64
	seed uint64
}

func (p *fakeProc) byteAt(a uint64) byte {
	x := (a + p.seed) * 0x9e3779b97f4a7c15
	return byte(x >> 56)
}

func (p *fakeProc) read(a uint64, n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		v |= uint64(p.byteAt(a+uint64(i))) << (8 * i)
	}
	return v
}

// fill is read for the model: every byte is readable.
func (p *fakeProc) fill(a uint64, buf []byte) bool {
	for i := range buf {
		buf[i] = p.byteAt(a + uint64(i))
	}
	return true
}

// runLoc executes the ops location lowering emits on the interpreter's
// model (package model) and returns r1.
func runLoc(t *testing.T, insns []ir.Insn, p *fakeProc) uint64 {
	t.Helper()
	code := append(append([]ir.Insn{}, insns...), ir.Insn{Op: ir.OpExit})
	prog := &ir.Program{Insns: code, Probes: []ir.Probe{{Len: uint32(len(code))}}}
	m := &model.Machine{PtRegs: p.regs, Bias: p.bias, Read: p.fill}
	if err := m.Run(prog, 0); err != nil {
		t.Fatalf("run %v: %v", insns, err)
	}
	return m.Regs[1]
}

// evalLoc evaluates a location directly, as DWARF defines it, and returns
// the value's size bytes.
func evalLoc(loc debuginfo.Location, size int, p *fakeProc) ([]byte, error) {
	reg := func(n int) uint64 {
		slot, _ := debuginfo.PtRegsSlot(n)
		return p.regs[slot]
	}
	eval := func(ops []debuginfo.LocOp) (uint64, error) {
		var st []uint64
		top := func(i int) uint64 { return st[len(st)-1-i] }
		for _, o := range ops {
			n := len(st)
			bin := func(f func(y, x uint64) uint64) {
				st = append(st[:n-2], f(st[n-2], st[n-1]))
			}
			switch o.Kind {
			case debuginfo.LocReg:
				st = append(st, reg(o.Reg))
			case debuginfo.LocBreg:
				st = append(st, reg(o.Reg)+uint64(o.Offset))
			case debuginfo.LocAddr:
				v := o.Value
				if o.Bias {
					v += p.bias
				}
				st = append(st, v)
			case debuginfo.LocConst:
				st = append(st, o.Value)
			case debuginfo.LocPlusConst:
				st[n-1] += uint64(o.Offset)
			case debuginfo.LocDeref:
				st[n-1] = p.read(st[n-1], o.Size)
			case debuginfo.LocAdd:
				bin(func(y, x uint64) uint64 { return y + x })
			case debuginfo.LocSub:
				bin(func(y, x uint64) uint64 { return y - x })
			case debuginfo.LocMul:
				bin(func(y, x uint64) uint64 { return y * x })
			case debuginfo.LocAnd:
				bin(func(y, x uint64) uint64 { return y & x })
			case debuginfo.LocOr:
				bin(func(y, x uint64) uint64 { return y | x })
			case debuginfo.LocXor:
				bin(func(y, x uint64) uint64 { return y ^ x })
			case debuginfo.LocShl:
				bin(func(y, x uint64) uint64 { return y << (x & 63) })
			case debuginfo.LocShr:
				bin(func(y, x uint64) uint64 { return y >> (x & 63) })
			case debuginfo.LocShra:
				bin(func(y, x uint64) uint64 { return uint64(int64(y) >> (x & 63)) })
			case debuginfo.LocEq:
				bin(func(y, x uint64) uint64 {
					if y == x {
						return 1
					}
					return 0
				})
			case debuginfo.LocNeedCaller: // the read that marks it unavailable is the model's to fail
				st = st[:n-1]
			case debuginfo.LocNeg:
				st[n-1] = -st[n-1]
			case debuginfo.LocNot:
				st[n-1] = ^st[n-1]
			case debuginfo.LocDup:
				st = append(st, top(0))
			case debuginfo.LocDrop:
				st = st[:n-1]
			case debuginfo.LocOver:
				st = append(st, top(1))
			case debuginfo.LocPick:
				st = append(st, top(int(o.Value)))
			case debuginfo.LocSwap:
				st[n-1], st[n-2] = st[n-2], st[n-1]
			case debuginfo.LocRot:
				st[n-1], st[n-2], st[n-3] = st[n-2], st[n-3], st[n-1]
			default:
				return 0, fmt.Errorf("op %s", o)
			}
		}
		return st[len(st)-1], nil
	}
	out := make([]byte, 0, size)
	for _, pc := range loc.Pieces {
		n := pc.Size
		if n == 0 {
			n = size - len(out)
		}
		var b [8]byte
		switch pc.Kind {
		case debuginfo.PieceReg:
			binary.LittleEndian.PutUint64(b[:], reg(pc.Ops[0].Reg))
		case debuginfo.PieceMemory:
			a, err := eval(pc.Ops)
			if err != nil {
				return nil, err
			}
			binary.LittleEndian.PutUint64(b[:], p.read(a, 8))
		case debuginfo.PieceValue:
			v, err := eval(pc.Ops)
			if err != nil {
				return nil, err
			}
			binary.LittleEndian.PutUint64(b[:], v)
		case debuginfo.PieceImplicit:
			copy(b[:], pc.Data)
		default:
			return nil, fmt.Errorf("piece kind %d", pc.Kind)
		}
		out = append(out, b[:min(n, 8)]...)
	}
	return out[:size], nil
}

// scalarType is the sema type gen needs for a DWARF scalar, or nil.
func scalarType(t dwarf.Type) *sema.Type {
	rt := debuginfo.Resolve(t)
	size := int(rt.Size())
	if size != 1 && size != 2 && size != 4 && size != 8 {
		return nil
	}
	switch rt.(type) {
	case *dwarf.IntType, *dwarf.CharType:
		return &sema.Type{Kind: sema.KindInt, Size: size, Signed: true, Name: rt.String()}
	case *dwarf.UintType, *dwarf.UcharType, *dwarf.PtrType, *dwarf.EnumType, *dwarf.BoolType:
		return &sema.Type{Kind: sema.KindInt, Size: size, Name: rt.String()}
	}
	return nil
}

func buildLocTarget(t *testing.T, cc testtarget.Compiler, flags ...string) string {
	src, err := filepath.Abs("../debuginfo/testdata/target.c")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "target")
	testtarget.Build(t, cc, append(append([]string{}, flags...), "-o", out, src)...)
	return out
}

func TestLocationLowering(t *testing.T) {
	if _, err := os.Stat("../debuginfo/testdata/target.c"); err != nil {
		t.Fatalf("the debuginfo test target is missing: %v", err)
	}
	for _, v := range testtarget.Variants {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel()
			checkLocations(t, buildLocTarget(t, v.CC, append([]string{"-g", v.Opt}, v.PIEFlags()...)...))
		})
	}
}

func checkLocations(t *testing.T, path string) {
	_, d := elftest.OpenDebug(t, path)
	var pcs []uint64
	for _, fn := range []string{"process", "clamp", "main", "cmp_int"} {
		insts, _ := d.FuncInstances(fn)
		for _, fi := range insts {
			pcs = append(pcs, fi.Entry, fi.PrologueEnd)
		}
	}
	for line := 50; line < 100; line++ {
		addrs, _ := d.LineAddrs("target.c", line)
		pcs = append(pcs, addrs...)
	}
	rng := rand.New(rand.NewSource(1))
	checked := 0
	for _, pc := range pcs {
		vars, err := d.VarsAt(pc)
		if err != nil {
			continue
		}
		for _, v := range vars {
			if !v.Available || v.Type == nil {
				continue
			}
			if _, bad := v.Loc.UnsavedReg(); bad {
				continue
			}
			st := scalarType(v.Type)
			if st == nil {
				continue
			}
			g := &gen{p: &sema.Program{File: &diag.File{Name: "t"}}, probe: -1, base: 1024, temp: 1024}
			r := g.push()
			g.varValue(&sema.VarAt{Loc: v.Loc, Module: 0}, st, r)
			if g.err != nil {
				t.Errorf("%s at %#x (%s): %v", v.Name, pc, v.Loc, g.err)
				continue
			}
			for trial := 0; trial < 4; trial++ {
				p := &fakeProc{bias: uint64(rng.Int63()) &^ 0xfff, seed: rng.Uint64()}
				for i := range p.regs {
					p.regs[i] = rng.Uint64()
				}
				raw, err := evalLoc(v.Loc, st.Size, p)
				if err != nil {
					t.Errorf("%s at %#x: reference: %v", v.Name, pc, err)
					break
				}
				var w [8]byte
				copy(w[:], raw)
				want := extendConst(binary.LittleEndian.Uint64(w[:]), st)
				if got := runLoc(t, g.insns, p); got != want {
					t.Errorf("%s %s at %#x (%s): got %#x, want %#x\n%v", st.Name, v.Name, pc, v.Loc, got, want, g.insns)
					break
				}
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d variables checked", checked)
	}
	t.Logf("%d variable locations checked", checked)
}

// TestBitfields checks the extraction of every bit field of the target's
// struct item against debuginfo's description of where it lives.
func TestBitfields(t *testing.T) {
	for _, cc := range []testtarget.Compiler{testtarget.GCC, testtarget.Clang} {
		t.Run(cc.String(), func(t *testing.T) {
			path := buildLocTarget(t, cc, "-g", "-O0")
			_, d := elftest.OpenDebug(t, path)
			st, err := d.Types("struct item")
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"flag", "kind", "delta"} {
				m, ok := debuginfo.FindMember(st, name)
				if !ok || m.BitSize == 0 {
					t.Fatalf("%s: not a bit field", name)
				}
				mt := scalarType(m.Type)
				sm := sema.Member{Name: name, Offset: int(m.Offset), BitOffset: int(m.BitOffset), BitSize: int(m.BitSize), Type: mt}
				for seed := uint64(0); seed < 16; seed++ {
					p := &fakeProc{seed: seed * 977}
					g := &gen{p: &sema.Program{File: &diag.File{Name: "t"}}, probe: -1}
					r := g.push()
					g.constant(r, 0x10000+uint64(m.Offset))
					g.bitfield(place{mem: true}, r, sm)
					raw := p.read(0x10000+uint64(m.Offset), int(m.LoadSize())) >> m.BitOffset
					raw &= 1<<m.BitSize - 1
					want := raw
					if mt.Signed {
						sh := 64 - m.BitSize
						want = uint64(int64(raw<<sh) >> sh)
					}
					if got := runLoc(t, g.insns, p); got != want {
						t.Errorf("%s: got %#x, want %#x", name, got, want)
					}
				}
			}
		})
	}
}
