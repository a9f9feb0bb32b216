package output

import "github.com/gs-tracer/gs/printfmt"

// badFormat replaces a conversion whose argument does not fit it. The
// compiler checks formats against their arguments, so this only shows up
// when the program and its layouts disagree.
const badFormat = "<bad format>"

// Printf interprets a parsed format over args, taken in order.
func (p *Text) Printf(dst []byte, verbs []printfmt.Verb, args []Value) []byte {
	arg := 0
	for _, v := range verbs {
		if v.IsLiteral() {
			dst = append(dst, v.Lit...)
			continue
		}
		if arg >= len(args) {
			dst = append(dst, badFormat...)
			continue
		}
		dst = p.arg(dst, v, &args[arg])
		arg++
	}
	return dst
}

// arg formats one argument for one conversion.
func (p *Text) arg(dst []byte, v printfmt.Verb, a *Value) []byte {
	text := func(s []byte) []byte {
		tv := v
		tv.Prec = -1
		return printfmt.AppendString(dst, tv, s)
	}
	switch a.Kind {
	case OptimizedOut:
		return text(appendOptimizedOut(nil, a))
	case Failed:
		return text(appendFailure(nil, a))
	}
	switch v.Class() {
	case printfmt.ClassSigned, printfmt.ClassUnsigned, printfmt.ClassChar, printfmt.ClassPointer:
		raw, ok := integerOf(a)
		if !ok {
			return append(dst, badFormat...)
		}
		switch v.Class() {
		case printfmt.ClassChar:
			return printfmt.AppendChar(dst, v, byte(raw))
		case printfmt.ClassPointer:
			return printfmt.AppendPointer(dst, v, raw)
		}
		if a.Signed {
			// Sign-extended to 64 bits so %ld of an int keeps its sign,
			// as C's default argument promotion does.
			raw = a.U
		}
		return printfmt.AppendInt(dst, v, raw)
	case printfmt.ClassFloat:
		if a.Kind != Float {
			return append(dst, badFormat...)
		}
		return printfmt.AppendFloat(dst, v, a.F)
	case printfmt.ClassBuf:
		if a.Kind != Buf {
			return append(dst, badFormat...)
		}
		if a.Fault {
			return text(appendReadError(nil, a.U))
		}
		return printfmt.AppendBuf(dst, v, a.Text)
	case printfmt.ClassString:
		switch a.Kind {
		case String:
			if a.Fault && a.U == 0 {
				return printfmt.AppendString(dst, v, []byte("(null)")) // glibc's %s of NULL
			}
			if a.Fault {
				return text(appendReadError(nil, a.U))
			}
			return printfmt.AppendString(dst, v, a.Text)
		case Comm, Chars:
			return printfmt.AppendString(dst, v, a.Text)
		}
		// Anything else prints as print() would show it.
		return printfmt.AppendString(dst, v, p.Value(nil, a))
	}
	return append(dst, badFormat...)
}

// integerOf returns the bits of a value that a numeric conversion can
// print, zero-extended from the value's size.
func integerOf(a *Value) (uint64, bool) {
	switch a.Kind {
	case Int, Uint, Bool, Char, Pointer, Enum:
		size := a.Type.Size
		if size != 1 && size != 2 && size != 4 && size != 8 {
			return 0, false
		}
		if size < 8 {
			return a.U & (1<<(8*size) - 1), true
		}
		return a.U, true
	case Symbol:
		return a.U, true
	}
	return 0, false
}
