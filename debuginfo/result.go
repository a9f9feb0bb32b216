package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"

	"github.com/gs-tracer/gs/arch"
)

// ReturnType returns the result type of the function whose code holds pc,
// read through its abstract origin or specification: nil for a void
// function. It fails when no DWARF function holds pc.
func (d *Debug) ReturnType(pc uint64) (dwarf.Type, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	u := d.unitForPC(pc)
	if u == nil {
		return nil, fmt.Errorf("no DWARF describes address %#x", pc)
	}
	r := d.data.Reader()
	r.Seek(u.die)
	cu, err := r.Next()
	if err != nil {
		return nil, err
	}
	if cu == nil || !cu.Children {
		return nil, fmt.Errorf("no function at %#x", pc)
	}
	for depth := 1; depth > 0; {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			break
		}
		switch {
		case e.Tag == 0:
			depth--
			continue
		case e.Tag == dwarf.TagSubprogram && contains(d.ranges(e), pc):
			if f, _ := d.attr(e, dwarf.AttrType); f == nil {
				return nil, nil // void
			}
			return d.typeOf(e)
		case e.Tag == dwarf.TagNamespace && e.Children:
			depth++
			continue
		}
		if e.Children {
			r.SkipChildren()
		}
	}
	return nil, fmt.Errorf("no function at %#x", pc)
}

// ErrResultInMemory says a result is returned in memory the caller
// provides, or classified in a way CResultLocation does not follow.
var ErrResultInMemory = errors.New("returned in memory")

// CResultLocation is where a C function returning a value of type t has
// it just after its RET, by the psABI's classification (arch.CABI): an
// integer, pointer or enum of up to 8 bytes in the first INTEGER
// register, a 16-byte integer in the two, a float or double in the first
// SSE register, a long double in st0, a C++ reference as the object at
// the address in the first INTEGER register. Aggregates are not
// classified (ErrResultInMemory wraps why).
func CResultLocation(t dwarf.Type) (Location, error) {
	if len(arch.CABI.IntRet) < 2 {
		return Location{}, errors.New("the C calling convention of this machine is unknown")
	}
	reg := func(r int, size int64) Piece {
		ops := []LocOp{{Kind: LocReg, Reg: r}}
		return Piece{Kind: PieceReg, Size: int(size), Ops: ops, Expr: ops}
	}
	if _, ok := t.(*RefType); ok {
		ops := []LocOp{{Kind: LocBreg, Reg: arch.CABI.IntRet[0]}}
		return Location{Pieces: []Piece{{Kind: PieceMemory, Ops: ops, Expr: ops}}}, nil
	}
	r := Resolve(t)
	size := r.Size()
	switch r.(type) {
	case *dwarf.BoolType, *dwarf.CharType, *dwarf.UcharType, *dwarf.IntType, *dwarf.UintType,
		*dwarf.PtrType, *dwarf.AddrType, *dwarf.EnumType:
		switch {
		case size > 0 && size <= 8:
			return Location{Pieces: []Piece{reg(arch.CABI.IntRet[0], size)}}, nil
		case size == 16:
			return Location{Pieces: []Piece{reg(arch.CABI.IntRet[0], 8), reg(arch.CABI.IntRet[1], 8)}}, nil
		}
	case *dwarf.FloatType:
		switch size {
		case 4, 8:
			return Location{Pieces: []Piece{reg(arch.CABI.SSERet[0], size)}}, nil
		case 16: // long double (x87) or _Float128 (SSE): neither is saved
			return Location{Pieces: []Piece{reg(arch.CABI.X87Ret, size)}}, nil
		}
	case *dwarf.ComplexType:
		if size <= 16 {
			return Location{Pieces: []Piece{reg(arch.CABI.SSERet[0], size)}}, nil
		}
	}
	return Location{}, fmt.Errorf("a result of type %s: %w", TypeName(t), ErrResultInMemory)
}
