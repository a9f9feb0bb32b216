package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"

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

// ErrGoStackResult is the reason of a result the ABI passes on the stack.
var ErrGoStackResult = errors.New("passed on the stack, which gs does not read at a return yet")

// GoResultsAtReturn gives the results of the function at a RET (the
// outermost function of vars, as VarsAt returns them) their locations
// there under Go's register ABI, in place.
func GoResultsAtReturn(vars []Var) {
	if len(vars) == 0 {
		return
	}
	fn := vars[0].Func
	var s goRegs
	for i := range vars {
		v := &vars[i]
		if !v.Result || v.Inlined || v.Func != fn {
			continue
		}
		if v.Type == nil {
			continue // Loc says why
		}
		loc, err := s.assign(v.Type)
		if err != nil {
			v.Loc, v.Available = unavailable(err.Error()), false
			continue
		}
		v.Loc, v.Available = loc, loc.Available()
	}
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
			return ErrGoStackResult
		}
		*out = append(*out, Piece{Kind: PieceReg, Size: int(size), Ops: []LocOp{{Kind: LocReg, Reg: regs[*next]}}})
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
		return ErrGoStackResult
	}
	return fmt.Errorf("a result of type %s", TypeName(t))
}
