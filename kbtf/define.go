package kbtf

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// This file writes C definitions of BTF types in the layout of libbpf's
// btf_dump (tools/lib/bpf/btf_dump.c), which bpftrace's -lv prints:
// members one a line, indented with tabs, anonymous structs and unions
// written inline, bit fields as "type name: bits".

// writeDef writes the definition of struct, union or enum t (without the
// closing ";"), its body indented by depth+1 tabs.
func writeDef(b *strings.Builder, t btf.Type, depth int) {
	tabs := strings.Repeat("\t", depth)
	switch tt := t.(type) {
	case *btf.Struct:
		writeMembers(b, "struct", tt.Name, t, tt.Members, tt.Size, depth)
	case *btf.Union:
		writeMembers(b, "union", tt.Name, t, tt.Members, tt.Size, depth)
	case *btf.Enum:
		b.WriteString("enum ")
		if tt.Name != "" {
			b.WriteString(tt.Name + " ")
		}
		b.WriteString("{\n")
		for _, v := range tt.Values {
			val := fmt.Sprint(v.Value)
			if tt.Signed {
				val = fmt.Sprint(int64(v.Value))
			}
			fmt.Fprintf(b, "%s\t%s = %s,\n", tabs, v.Name, val)
		}
		b.WriteString(tabs + "}")
	default:
		b.WriteString(declare(t, "", depth))
	}
}

func writeMembers(b *strings.Builder, kind, name string, t btf.Type, members []btf.Member, size uint32, depth int) {
	tabs := strings.Repeat("\t", depth)
	b.WriteString(kind + " ")
	if name != "" {
		b.WriteString(name + " ")
	}
	b.WriteString("{\n")
	packed := kind == "struct" && isPacked(t, members, size)
	off, prevBits := 0, false
	for _, m := range members {
		mOff, mBits := int(m.Offset), int(m.BitfieldSize)
		mAlign := 1
		if !packed {
			mAlign = alignof(m.Type)
		}
		writePadding(b, off, mOff, mAlign, prevBits && mBits != 0, depth+1)
		b.WriteString(tabs + "\t")
		b.WriteString(declare(m.Type, m.Name, depth+1))
		if mBits != 0 {
			fmt.Fprintf(b, ": %d", mBits)
			off, prevBits = mOff+mBits, true
		} else {
			off, prevBits = mOff+int(sizeof(m.Type))*8, false
		}
		b.WriteString(";\n")
	}
	if kind == "struct" {
		writePadding(b, off, int(size)*8, alignof(t), false, depth+1)
	}
	b.WriteString(tabs + "}")
	if packed {
		b.WriteString(" __attribute__((packed))")
	}
}

// writePadding writes btf_dump's explicit padding members ("long: 64;")
// for the gap between bit offsets cur and next, where the next member
// aligns to nextAlign bytes (btf_dump_emit_bit_padding).
func writePadding(b *strings.Builder, cur, next, nextAlign int, inBitfield bool, depth int) {
	if cur >= next {
		return
	}
	pads := []struct {
		name string
		bits int
	}{{"long", 64}, {"int", 32}, {"short", 16}, {"char", 8}}
	tabs := strings.Repeat("\t", depth)
	roundup := func(x, to int) int { return (x + to - 1) / to * to }
	var newOff, padBits int
	var padType string
	for _, p := range pads {
		padBits, padType = p.bits, p.name
		newOff = roundup(cur, padBits)
		if newOff <= next {
			break
		}
	}
	if newOff > cur && newOff <= next {
		if inBitfield || newOff == next && roundup(cur, nextAlign*8) != newOff || newOff != next && next-newOff <= newOff-cur {
			n := 0
			if inBitfield {
				n = newOff - cur
			}
			fmt.Fprintf(b, "%s%s: %d;\n", tabs, padType, n)
		}
		cur = newOff
	}
	for cur != next {
		bits := min(next-cur, padBits)
		if bits == padBits {
			fmt.Fprintf(b, "%s%s: %d;\n", tabs, padType, padBits)
			cur += bits
			continue
		}
		for i := len(pads) - 1; i >= 0; i-- {
			if pads[i].bits < bits {
				continue
			}
			fmt.Fprintf(b, "%s%s: %d;\n", tabs, pads[i].name, bits)
			cur += bits
			break
		}
	}
}

// alignof is t's alignment in bytes, as libbpf's btf__align_of computes
// it (a packed struct aligns to 1).
func alignof(t btf.Type) int {
	switch tt := t.(type) {
	case *btf.Int:
		return min(int(tt.Size), 8)
	case *btf.Float:
		return min(int(tt.Size), 8)
	case *btf.Pointer:
		return 8
	case *btf.Enum:
		return max(int(tt.Size), 1)
	case *btf.Array:
		return alignof(tt.Type)
	case *btf.Typedef:
		return alignof(tt.Type)
	case *btf.Const, *btf.Volatile, *btf.Restrict, *btf.TypeTag:
		return alignof(under(t))
	case *btf.Struct:
		if isPacked(t, tt.Members, tt.Size) {
			return 1
		}
		return membersAlign(tt.Members)
	case *btf.Union:
		return membersAlign(tt.Members)
	}
	return 1
}

func membersAlign(members []btf.Member) int {
	a := 1
	for _, m := range members {
		a = max(a, alignof(m.Type))
	}
	return a
}

// isPacked reports whether a struct's layout needs
// __attribute__((packed)): its size or a member's offset is not a
// multiple of the natural alignment (btf_is_struct_packed).
func isPacked(t btf.Type, members []btf.Member, size uint32) bool {
	if int(size)%membersAlign(members) != 0 {
		return true
	}
	for _, m := range members {
		if m.BitfieldSize == 0 && int(m.Offset)%(alignof(m.Type)*8) != 0 {
			return true
		}
	}
	return false
}

// declare spells a declaration of inner with type t, as C does:
// "struct task_struct *parent", "char comm[16]", "void (*fn)(int)".
// Anonymous structs, unions and enums are written out at depth.
func declare(t btf.Type, inner string, depth int) string {
	join := func(base string) string {
		if inner == "" {
			return base
		}
		return base + " " + inner
	}
	switch tt := t.(type) {
	case nil, *btf.Void:
		return join("void")
	case *btf.Int:
		return join(tt.Name)
	case *btf.Float:
		return join(tt.Name)
	case *btf.Typedef:
		return join(tt.Name)
	case *btf.Pointer:
		s := "*" + inner
		if q, _, _ := strings.Cut(inner, " "); q == "const" || q == "volatile" || q == "restrict" {
			s = "* " + inner // btf_dump's "* const"
		}
		switch under(tt.Target).(type) {
		case *btf.Array, *btf.FuncProto:
			s = "(" + s + ")"
		}
		return declare(tt.Target, s, depth)
	case *btf.Array:
		return declare(tt.Type, fmt.Sprintf("%s[%d]", inner, tt.Nelems), depth)
	case *btf.FuncProto:
		var ps []string
		for _, p := range tt.Params {
			if p.Type == nil || isVoid(p.Type) {
				ps = append(ps, "...")
				continue
			}
			ps = append(ps, declare(p.Type, "", depth))
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return declare(tt.Return, inner+"("+strings.Join(ps, ", ")+")", depth)
	case *btf.Const:
		return qualify("const", tt.Type, inner, depth)
	case *btf.Volatile:
		return qualify("volatile", tt.Type, inner, depth)
	case *btf.Restrict:
		return qualify("restrict", tt.Type, inner, depth)
	case *btf.TypeTag:
		return declare(tt.Type, inner, depth)
	case *btf.Struct, *btf.Union, *btf.Enum:
		if t.TypeName() == "" {
			var b strings.Builder
			writeDef(&b, t, depth)
			return join(b.String())
		}
		return join(kindOf(t) + " " + t.TypeName())
	case *btf.Fwd:
		kind := "struct"
		if tt.Kind == btf.FwdUnion {
			kind = "union"
		}
		return join(kind + " " + tt.Name)
	}
	return join(t.TypeName())
}

// qualify spells a qualified type: "const char *", "char * const p".
func qualify(q string, t btf.Type, inner string, depth int) string {
	if _, ptr := t.(*btf.Pointer); ptr {
		return declare(t, strings.TrimSpace(q+" "+inner), depth)
	}
	return q + " " + declare(t, inner, depth)
}

// under strips qualifiers and type tags (not typedefs) from t.
func under(t btf.Type) btf.Type {
	for {
		switch tt := t.(type) {
		case *btf.Const:
			t = tt.Type
		case *btf.Volatile:
			t = tt.Type
		case *btf.Restrict:
			t = tt.Type
		case *btf.TypeTag:
			t = tt.Type
		default:
			return t
		}
	}
}
