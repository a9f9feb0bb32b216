// Package kbtf reads the running kernel's types from its BTF
// (/sys/kernel/btf/vmlinux): struct task_struct for curtask, the kernel
// structs a script names, and the definitions `gs -lv 'struct NAME'`
// prints. Types come out as debug/dwarf types, the form the rest of gs
// reads a traced program's types in (sema/ctypes.go converts them).
package kbtf

import (
	"debug/dwarf"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/cilium/ebpf/btf"
)

// Kernel is the running kernel's BTF.
type Kernel struct {
	spec *btf.Spec

	mu   sync.Mutex
	memo map[btf.Type]dwarf.Type
}

var (
	loadOnce sync.Once
	loaded   *Kernel
	loadErr  error
)

// Load reads the running kernel's BTF, once per process.
func Load() (*Kernel, error) {
	loadOnce.Do(func() {
		spec, err := btf.LoadKernelSpec()
		if err != nil {
			loadErr = fmt.Errorf("read kernel BTF: %w", err)
			return
		}
		loaded = &Kernel{spec: spec, memo: map[btf.Type]dwarf.Type{}}
	})
	return loaded, loadErr
}

// ErrNotFound is returned by Type for a name the kernel's BTF lacks.
var ErrNotFound = errors.New("not in the kernel's BTF")

// lookup returns the BTF type that name ("struct task_struct", "union
// x", "enum pid_type", or a typedef or base type's name) names.
func (k *Kernel) lookup(name string) (btf.Type, error) {
	name = strings.Join(strings.Fields(name), " ")
	tag, bare, tagged := strings.Cut(name, " ")
	if !tagged || (tag != "struct" && tag != "union" && tag != "enum") {
		tag, bare = "", name
	}
	types, err := k.spec.AnyTypesByName(bare)
	if err != nil && !errors.Is(err, btf.ErrNotFound) {
		return nil, fmt.Errorf("look up %q in the kernel's BTF: %w", name, err)
	}
	for _, t := range types {
		if kindOf(t) == tag {
			return t, nil
		}
	}
	return nil, fmt.Errorf("%q: %w", name, ErrNotFound)
}

// kindOf is the C tag of t ("struct", "union", "enum"), "" for other
// named types (typedefs, base types).
func kindOf(t btf.Type) string {
	switch t.(type) {
	case *btf.Struct:
		return "struct"
	case *btf.Union:
		return "union"
	case *btf.Enum:
		return "enum"
	case *btf.Typedef, *btf.Int, *btf.Float:
		return ""
	}
	return "-"
}

// Type returns the kernel's type called name, as a DWARF type.
func (k *Kernel) Type(name string) (dwarf.Type, error) {
	t, err := k.lookup(name)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.convert(t), nil
}

// Names lists the named structs, unions and enums of the kernel's BTF as
// C spells them ("struct task_struct"), sorted, once each.
func (k *Kernel) Names() []string {
	seen := map[string]bool{}
	for t, err := range k.spec.All() {
		if err != nil {
			break
		}
		tag := kindOf(t)
		if tag == "" || tag == "-" || t.TypeName() == "" {
			continue
		}
		seen[tag+" "+t.TypeName()] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Define returns the C definition of the struct, union or enum called
// name, as libbpf's btf_dump writes it: "struct task_struct {\n\t...\n};".
func (k *Kernel) Define(name string) (string, error) {
	t, err := k.lookup(name)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	writeDef(&b, t, 0)
	b.WriteString(";")
	return b.String(), nil
}

// convert returns the DWARF form of t; the caller holds k.mu.
func (k *Kernel) convert(t btf.Type) dwarf.Type {
	if t == nil {
		return &dwarf.VoidType{}
	}
	if d, ok := k.memo[t]; ok {
		return d
	}
	common := func(name string, size uint32) dwarf.CommonType {
		return dwarf.CommonType{Name: name, ByteSize: int64(size)}
	}
	switch tt := t.(type) {
	case *btf.Void:
		d := &dwarf.VoidType{}
		k.memo[t] = d
		return d
	case *btf.Int:
		basic := dwarf.BasicType{CommonType: common(tt.Name, tt.Size), BitSize: int64(tt.Size) * 8}
		var d dwarf.Type
		switch {
		case tt.Encoding == btf.Bool:
			d = &dwarf.BoolType{BasicType: basic}
		case tt.Encoding == btf.Char || tt.Size == 1 && strings.Contains(tt.Name, "char"):
			if tt.Encoding == btf.Signed || tt.Name == "char" {
				d = &dwarf.CharType{BasicType: basic}
			} else {
				d = &dwarf.UcharType{BasicType: basic}
			}
		case tt.Encoding == btf.Signed:
			d = &dwarf.IntType{BasicType: basic}
		default:
			d = &dwarf.UintType{BasicType: basic}
		}
		k.memo[t] = d
		return d
	case *btf.Float:
		d := &dwarf.FloatType{BasicType: dwarf.BasicType{CommonType: common(tt.Name, tt.Size), BitSize: int64(tt.Size) * 8}}
		k.memo[t] = d
		return d
	case *btf.Pointer:
		d := &dwarf.PtrType{CommonType: common("", 8)}
		k.memo[t] = d
		d.Type = k.convert(tt.Target)
		return d
	case *btf.Array:
		d := &dwarf.ArrayType{Count: int64(tt.Nelems)}
		k.memo[t] = d
		d.Type = k.convert(tt.Type)
		d.ByteSize = sizeof(t)
		return d
	case *btf.Typedef:
		d := &dwarf.TypedefType{CommonType: common(tt.Name, 0)}
		k.memo[t] = d
		d.ByteSize = sizeof(t)
		d.Type = k.convert(tt.Type)
		return d
	case *btf.Const:
		return k.qual(t, "const", tt.Type)
	case *btf.Volatile:
		return k.qual(t, "volatile", tt.Type)
	case *btf.Restrict:
		return k.qual(t, "restrict", tt.Type)
	case *btf.TypeTag:
		// __rcu, __user, __percpu: annotations for the verifier; the
		// value is the tagged type's.
		d := k.convert(tt.Type)
		k.memo[t] = d
		return d
	case *btf.Struct:
		return k.composite(t, "struct", tt.Name, tt.Size, tt.Members)
	case *btf.Union:
		return k.composite(t, "union", tt.Name, tt.Size, tt.Members)
	case *btf.Fwd:
		kind := "struct"
		if tt.Kind == btf.FwdUnion {
			kind = "union"
		}
		d := &dwarf.StructType{StructName: tt.Name, Kind: kind, Incomplete: true}
		k.memo[t] = d
		return d
	case *btf.Enum:
		d := &dwarf.EnumType{CommonType: common("", tt.Size), EnumName: tt.Name}
		for _, v := range tt.Values {
			val := int64(v.Value)
			if !tt.Signed && tt.Size < 8 {
				val = int64(v.Value & (1<<(8*tt.Size) - 1))
			}
			d.Val = append(d.Val, &dwarf.EnumValue{Name: v.Name, Val: val})
		}
		k.memo[t] = d
		return d
	case *btf.FuncProto:
		d := &dwarf.FuncType{}
		k.memo[t] = d
		if _, void := tt.Return.(*btf.Void); !void && tt.Return != nil {
			d.ReturnType = k.convert(tt.Return)
		}
		for _, p := range tt.Params {
			if p.Type == nil || isVoid(p.Type) {
				d.ParamType = append(d.ParamType, &dwarf.DotDotDotType{})
				continue
			}
			d.ParamType = append(d.ParamType, k.convert(p.Type))
		}
		return d
	}
	d := &dwarf.UnspecifiedType{BasicType: dwarf.BasicType{CommonType: common(t.TypeName(), 0)}}
	k.memo[t] = d
	return d
}

// sizeof is t's size in bytes; 0 for types without one (void,
// functions, incomplete structs).
func sizeof(t btf.Type) int64 {
	n, err := btf.Sizeof(t)
	if err != nil {
		return 0
	}
	return int64(n)
}

func isVoid(t btf.Type) bool {
	_, ok := t.(*btf.Void)
	return ok
}

func (k *Kernel) qual(t btf.Type, q string, under btf.Type) dwarf.Type {
	d := &dwarf.QualType{Qual: q}
	d.ByteSize = sizeof(t)
	k.memo[t] = d
	d.Type = k.convert(under)
	return d
}

func (k *Kernel) composite(t btf.Type, kind, name string, size uint32, members []btf.Member) dwarf.Type {
	d := &dwarf.StructType{CommonType: dwarf.CommonType{ByteSize: int64(size)}, StructName: name, Kind: kind}
	k.memo[t] = d // before the members: a struct may point to itself
	for _, m := range members {
		f := &dwarf.StructField{Name: m.Name, Type: k.convert(m.Type)}
		if m.BitfieldSize != 0 {
			f.BitSize = int64(m.BitfieldSize)
			f.DataBitOffset = int64(m.Offset)
		} else {
			f.ByteOffset = int64(m.Offset) / 8
			f.ByteSize = sizeof(m.Type)
		}
		d.Field = append(d.Field, f)
	}
	return d
}
