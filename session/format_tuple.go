package session

import (
	"github.com/gs-tracer/gs/ir"
)

// appendTuple prints a bpftrace tuple as bpftrace does, (1, abc, (4, 5)),
// and a record as { .a = 1, .b = abc }: strings unquoted, elements by the
// layout.
func (p *valuePrinter) appendTuple(dst []byte, t *ir.Type, b []byte) []byte {
	if t.Name == "args" {
		return p.appendArgs(dst, t, b) // format_bt.go
	}
	record := t.Name == "record"
	if record {
		dst = append(dst, "{ "...)
	} else {
		dst = append(dst, '(')
	}
	for i, m := range t.Members {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		if record {
			dst = append(append(append(dst, '.'), m.Name...), " = "...)
		}
		end := m.Offset + typeSize(m.Type)
		if m.Offset < 0 || end > len(b) {
			return append(dst, "<malformed>)"...)
		}
		eb := b[m.Offset:end]
		if m.Type.Kind == ir.KindString {
			if s, fault := stringSlot(m.Type, eb); fault == nil {
				dst = append(dst, s.text...)
				continue
			}
		}
		if isHeldKind(m.Type) {
			dst = p.appendBt(dst, m.Type, eb) // format_bt.go
			continue
		}
		dst = p.appendValue(dst, m.Type, eb)
	}
	if record {
		return append(dst, " }"...)
	}
	return append(dst, ')')
}
