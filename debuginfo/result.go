package debuginfo

import (
	"debug/dwarf"
	"errors"
	"fmt"

	"github.com/gs-tracer/gs/arch"
)

// ReturnType returns the result type of the function whose code holds pc,
// read through its abstract origin or specification: nil for a void
// function. c reports that the function is in a C unit, whose aggregates
// are returned as the psABI classifies them (CResultLocation); C++ may
// return a class by invisible reference, and Rust's ABI is its own. It
// fails when no DWARF function holds pc.
func (d *Debug) ReturnType(pc uint64) (t dwarf.Type, c bool, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	u := d.unitForPC(pc)
	if u == nil {
		return nil, false, fmt.Errorf("no DWARF describes address %#x", pc)
	}
	r := d.data.Reader()
	r.Seek(u.die)
	cu, err := r.Next()
	if err != nil {
		return nil, false, err
	}
	if cu == nil || !cu.Children {
		return nil, false, fmt.Errorf("no function at %#x", pc)
	}
	lang, _ := cu.Val(dwarf.AttrLanguage).(int64)
	c = cLangs[lang]
	for depth := 1; depth > 0; {
		e, err := r.Next()
		if err != nil {
			return nil, false, err
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
				return nil, c, nil // void
			}
			t, err := d.typeOf(e)
			return t, c, err
		case e.Tag == dwarf.TagNamespace && e.Children:
			depth++
			continue
		}
		if e.Children {
			r.SkipChildren()
		}
	}
	return nil, false, fmt.Errorf("no function at %#x", pc)
}

// cLangs are DWARF's C languages (DWARF 5, section 7.12): C89, C, C99,
// C11, C17.
var cLangs = map[int64]bool{0x01: true, 0x02: true, 0x0c: true, 0x1d: true, 0x2c: true}

// ErrResultInMemory says a result is returned in memory the caller
// provides, or classified in a way CResultLocation does not follow.
var ErrResultInMemory = errors.New("returned in memory")

// CResultLocation is where a C function returning a value of type t has
// it just after its RET, by the psABI's classification (arch.CABI): an
// integer, pointer or enum of up to 8 bytes in the first INTEGER
// register, a 16-byte integer in the two, a float or double in the first
// SSE register, a long double in st0, a C++ reference as the object at
// the address in the first INTEGER register. With aggregates set (a C
// function's result) a struct, union or array is classified too: over
// 16 bytes (or unaligned) it is MEMORY, the caller's buffer whose address
// the first INTEGER register returns; else each eightbyte is INTEGER or
// SSE by the fields in it, in the next register of its class. Otherwise
// an aggregate is refused (ErrResultInMemory wraps why).
func CResultLocation(t dwarf.Type, aggregates bool) (Location, error) {
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
	case *dwarf.StructType, *dwarf.ArrayType:
		if aggregates && size > 0 {
			return cAggregate(r, size)
		}
	}
	return Location{}, fmt.Errorf("a result of type %s: %w", TypeName(t), ErrResultInMemory)
}

// Eightbyte classes of the psABI (section 3.2.3).
const (
	classNone = iota
	classInteger
	classSSE
	classMemory
)

// cAggregate classifies an aggregate result of size bytes.
func cAggregate(t dwarf.Type, size int64) (Location, error) {
	mem := func() (Location, error) {
		ops := []LocOp{{Kind: LocBreg, Reg: arch.CABI.IntRet[0]}}
		return Location{Pieces: []Piece{{Kind: PieceMemory, Ops: ops, Expr: ops}}}, nil
	}
	if size > 16 {
		return mem()
	}
	classes := make([]int, (size+7)/8)
	var walk func(t dwarf.Type, off int64) bool
	walk = func(t dwarf.Type, off int64) bool {
		t = Resolve(t)
		switch tt := t.(type) {
		case *dwarf.StructType:
			for _, f := range tt.Field {
				if f.BitSize > 0 {
					bo := f.ByteOffset
					if f.DataBitOffset != 0 {
						bo = f.DataBitOffset / 8
					}
					if !mark(classes, off+bo, 1, classInteger) {
						return false
					}
					continue
				}
				if !walk(f.Type, off+f.ByteOffset) {
					return false
				}
			}
			return true
		case *dwarf.ArrayType:
			es := tt.Type.Size()
			for i := int64(0); i < tt.Count && es > 0; i++ {
				if !walk(tt.Type, off+i*es) {
					return false
				}
			}
			return true
		case *dwarf.FloatType:
			if tt.ByteSize > 8 {
				return false // long double: X87, not followed
			}
			return mark(classes, off, tt.ByteSize, classSSE)
		case *dwarf.BoolType, *dwarf.CharType, *dwarf.UcharType, *dwarf.IntType, *dwarf.UintType,
			*dwarf.PtrType, *dwarf.AddrType, *dwarf.EnumType:
			return mark(classes, off, t.Size(), classInteger)
		}
		return false
	}
	if !walk(t, 0) {
		return Location{}, fmt.Errorf("a result of type %s (a member is not classified): %w", TypeName(t), ErrResultInMemory)
	}
	var pieces []Piece
	ni, ns := 0, 0
	for i, c := range classes {
		n := int64(8)
		if rest := size - int64(8*i); rest < 8 {
			n = rest
		}
		var r int
		switch c {
		case classMemory:
			return mem()
		case classSSE:
			r = arch.CABI.SSERet[ns]
			ns++
		default: // INTEGER, or padding only
			r = arch.CABI.IntRet[ni]
			ni++
		}
		ops := []LocOp{{Kind: LocReg, Reg: r}}
		pieces = append(pieces, Piece{Kind: PieceReg, Size: int(n), Ops: ops, Expr: ops})
	}
	return Location{Pieces: pieces}, nil
}

// mark merges class c into the eightbytes a scalar of size bytes at off
// covers: an unaligned one makes the whole value MEMORY.
func mark(classes []int, off, size int64, c int) bool {
	if size <= 0 || off%size != 0 {
		for i := range classes {
			classes[i] = classMemory
		}
		return true
	}
	i := off / 8
	if i >= int64(len(classes)) {
		return false
	}
	switch {
	case classes[i] == classMemory:
	case classes[i] == classInteger || c == classInteger:
		classes[i] = classInteger
	default:
		classes[i] = c
	}
	return true
}
