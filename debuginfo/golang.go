package debuginfo

import (
	"debug/buildinfo"
	"debug/dwarf"
	"errors"
	"fmt"
	"strings"

	"github.com/gs-tracer/gs/arch"
)

// This file knows what Go's DWARF leaves to the register ABI.
//
// Go's compiler describes results (DW_AT_variable_parameter) only where
// the function body keeps them; at a RET the optimized build has them as
// optimized out, though the ABI puts them in registers there. The ABI's
// assignment algorithm (src/cmd/compile/abi-internal.md, "Function call
// argument and result passing") is what places them: results are
// register-assigned in order from the first integer and floating-point
// registers (arch.GoABI), each value whole or not at all.

// errGoNoFit is a value that does not fit the registers left: the ABI
// passes it on the stack.
var errGoNoFit = errors.New("does not fit the registers")

// GoResultsAtReturn gives the results of the function at a RET (the
// outermost function of vars, as VarsAt returns them) their locations
// there under Go's register ABI, in place. The ABI assigns the receiver
// and the arguments first, then, from the first registers again, the
// results; a value that does not fit (an array of more than one element,
// no registers left) takes the next field of the stack sequence, which
// starts above the return PC: stack-assigned arguments, pointer
// alignment, stack-assigned results.
func GoResultsAtReturn(vars []Var) {
	if len(vars) == 0 || arch.GoABI.SP < 0 {
		return
	}
	fn := vars[0].Func
	var s goRegs
	var stack int64 // bytes of the stack sequence so far
	assign := func(v *Var) {
		loc, err := s.assign(v.Type)
		if errors.Is(err, errGoNoFit) {
			stack = alignUp(stack, goAlign(v.Type))
			ops := []LocOp{{Kind: LocBreg, Reg: arch.GoABI.SP, Offset: int64(arch.GoABI.StackArgs) + stack}}
			loc, err = Location{Pieces: []Piece{{Kind: PieceMemory, Ops: ops, Expr: ops}}}, nil
			stack += v.Type.Size()
		}
		if !v.Result {
			return // DWARF says where the arguments are
		}
		if err != nil {
			v.Loc, v.Available = unavailable(err.Error()), false
			return
		}
		v.Loc, v.Available = loc, loc.Available()
	}
	// With a defer in the function, Go's compiler lists each named result
	// twice (both DIEs alike): the ABI assigns registers per result, so a
	// repeat takes the first one's location.
	first := map[string]*Var{}
	for _, results := range []bool{false, true} {
		for i := range vars {
			v := &vars[i]
			if v.Kind != VarParam || v.Result != results || v.Inlined || v.Func != fn {
				continue
			}
			if results {
				if f, ok := first[v.Name]; ok {
					v.Loc, v.Available = f.Loc, f.Available
					continue
				}
				first[v.Name] = v
			}
			if v.Type == nil {
				if results {
					continue // Loc says why
				}
				return // the stack sequence is unknown past it
			}
			assign(v)
		}
		stack, s = alignUp(stack, 8), goRegs{}
	}
}

func alignUp(n, a int64) int64 { return (n + a - 1) &^ (a - 1) }

// goAlign returns the alignment of Go type t.
func goAlign(t dwarf.Type) int64 {
	switch tt := Resolve(t).(type) {
	case *dwarf.StructType:
		a := int64(1)
		for _, f := range tt.Field {
			a = max(a, goAlign(f.Type))
		}
		return a
	case *dwarf.ArrayType:
		return goAlign(tt.Type)
	case *dwarf.ComplexType:
		return max(1, min(8, tt.ByteSize/2))
	}
	if n := t.Size(); n > 0 && n <= 8 && n&(n-1) == 0 {
		return n
	}
	return 8
}

// goRegs is the state of the assignment: the next integer and
// floating-point register.
type goRegs struct{ i, fp int }

// assign register-assigns one value of type t, or, when it does not fit,
// leaves the registers as they were (the ABI then passes it on the
// stack).
func (s *goRegs) assign(t dwarf.Type) (Location, error) {
	save := *s
	var pieces []Piece
	if err := s.walk(t, &pieces); err != nil {
		*s = save
		return Location{}, err
	}
	if len(pieces) == 0 { // a zero-size value: nothing to read
		return Location{Pieces: []Piece{{Kind: PieceImplicit, Data: []byte{}}}}, nil
	}
	return Location{Pieces: pieces}, nil
}

// walk appends the register pieces of a value of type t: scalars take one
// register, strings, slices, interfaces and structs their parts in order
// (the last piece of a part grows over the padding after it), arrays of
// one element their element.
func (s *goRegs) walk(t dwarf.Type, out *[]Piece) error {
	t = Resolve(t)
	reg := func(regs []int, next *int, size int64) error {
		if *next >= len(regs) {
			return errGoNoFit
		}
		ops := []LocOp{{Kind: LocReg, Reg: regs[*next]}}
		*out = append(*out, Piece{Kind: PieceReg, Size: int(size), Ops: ops, Expr: ops})
		*next++
		return nil
	}
	switch tt := t.(type) {
	case *dwarf.BoolType, *dwarf.IntType, *dwarf.UintType, *dwarf.CharType, *dwarf.UcharType,
		*dwarf.PtrType, *dwarf.AddrType, *dwarf.FuncType, *dwarf.UnspecifiedType:
		size := t.Size()
		if size <= 0 || size > 8 {
			return fmt.Errorf("a %d-byte %s", size, TypeName(t))
		}
		return reg(arch.GoABI.IntRegs, &s.i, size)
	case *dwarf.FloatType:
		return reg(arch.GoABI.FloatRegs, &s.fp, tt.ByteSize)
	case *dwarf.ComplexType:
		if err := reg(arch.GoABI.FloatRegs, &s.fp, tt.ByteSize/2); err != nil {
			return err
		}
		return reg(arch.GoABI.FloatRegs, &s.fp, tt.ByteSize/2)
	case *dwarf.StructType:
		for k, f := range tt.Field {
			n := len(*out)
			if err := s.walk(f.Type, out); err != nil {
				return err
			}
			end := tt.ByteSize
			if k+1 < len(tt.Field) {
				end = tt.Field[k+1].ByteOffset
			}
			if len(*out) > n { // cover the padding up to the next field
				last := &(*out)[len(*out)-1]
				last.Size += int(end - f.ByteOffset - f.Type.Size())
			}
		}
		return nil
	case *dwarf.ArrayType:
		switch tt.Count {
		case 0:
			return nil
		case 1:
			return s.walk(tt.Type, out)
		}
		return errGoNoFit
	}
	return fmt.Errorf("a result of type %s", TypeName(t))
}

// GoRuntime is what reading Go interfaces needs from a Go binary: where
// its type descriptors' names are and the offsets of the runtime structs
// that lead there, from its symbols and DWARF.
type GoRuntime struct {
	// Types is the link-time address of runtime.types, the base a type
	// descriptor's name offset (abi.Type.Str) counts from.
	Types uint64
	// ErrorString is the address of the itab of *errors.errorString as
	// error (go:itab.*errors.errorString,error), 0 when the binary has none:
	// an error with that itab is errors.New's, whose text gs reads.
	ErrorString uint64
	// ItabType is the offset of abi.ITab.Type; TypeStr and TypeTFlag of
	// abi.Type.Str and abi.Type.TFlag.
	ItabType, TypeStr, TypeTFlag int
}

// GoTFlagExtraStar is abi.TFlagExtraStar: the name stored for a type has
// a '*' before the type's own name (internal/abi/type.go).
const GoTFlagExtraStar = 1 << 1

// GoRuntime reads b's GoRuntime, once.
func (b *Binary) GoRuntime() (*GoRuntime, error) {
	if b.goRTDone {
		return b.goRT, b.goRTErr
	}
	b.goRTDone = true
	b.goRT, b.goRTErr = b.readGoRuntime()
	return b.goRT, b.goRTErr
}

func (b *Binary) readGoRuntime() (*GoRuntime, error) {
	d, err := b.Debug()
	if err != nil {
		return nil, err
	}
	rt := &GoRuntime{}
	syms, err := b.File.Symbols()
	if err != nil {
		return nil, fmt.Errorf("read symbols: %w", err)
	}
	for _, s := range syms {
		switch s.Name {
		case "runtime.types":
			rt.Types = s.Value
		case "go:itab.*errors.errorString,error":
			rt.ErrorString = s.Value
		}
	}
	if rt.Types == 0 {
		return nil, errors.New("no symbol runtime.types")
	}
	off := func(typ, member string) (int, error) {
		t, err := d.Types(typ)
		if err != nil {
			return 0, err
		}
		m, ok := FindMember(t, member)
		if !ok {
			return 0, fmt.Errorf("%s has no member %s", typ, member)
		}
		return int(m.Offset), nil
	}
	for _, f := range []struct {
		dst          *int
		typ, member  string
		oldT, oldMem string // before Go 1.21's internal/abi
	}{
		{&rt.ItabType, "internal/abi.ITab", "Type", "runtime.itab", "_type"},
		{&rt.TypeStr, "internal/abi.Type", "Str", "runtime._type", "str"},
		{&rt.TypeTFlag, "internal/abi.Type", "TFlag", "runtime._type", "tflag"},
	} {
		if *f.dst, err = off(f.typ, f.member); err != nil {
			if *f.dst, err = off(f.oldT, f.oldMem); err != nil {
				return nil, err
			}
		}
	}
	return rt, nil
}

// GoRegisterABI reports whether b, a Go binary, was built by Go 1.17 or
// later, whose internal ABI passes arguments and results in registers
// and keeps the g in a register (arch.GoABI); earlier ones pass them on
// the stack. A binary whose version cannot be read is taken as recent.
func (b *Binary) GoRegisterABI() (ok bool, version string) {
	bi, err := buildinfo.ReadFile(b.Path)
	if err != nil {
		return true, ""
	}
	v := strings.TrimPrefix(bi.GoVersion, "go")
	var major, minor int
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &minor); err != nil {
		return true, bi.GoVersion
	}
	return major > 1 || major == 1 && minor >= 17, bi.GoVersion
}
