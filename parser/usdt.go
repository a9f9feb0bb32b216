package parser

import "strings"

// usdtSpec splits the REST of bpftrace's USDT specifiers:
//
//	usdt:BIN:PROVIDER:NAME   usdt:BIN:NAME (any provider)
//	usdt::PROVIDER:NAME      the -p/-c target's modules (BIN omitted)
//	usdt:BIN::NAME           an empty provider is any
//	usdt:NAME                (one part) NAME in the -p/-c target
//
// BIN is a path when it starts with '/' or '.' and runs to the first ':',
// or a library name ending at the first ':'; BIN, PROVIDER and NAME may
// hold wildcards, and NAME may be quoted ("\"probe1\"", for a name
// holding characters a probe token cannot).
func (b *builder) usdtSpec(p *Probe, rest string, off int) {
	parts, offs := splitUsdt(rest, off)
	switch len(parts) {
	case 1:
		p.Func = parts[0]
	case 2:
		p.Binary, p.Func = parts[0], parts[1]
	case 3:
		p.Binary, p.Provider, p.Func = parts[0], parts[1], parts[2]
	default:
		b.diags.Errorf(b.src.span(offs[3]-1, off+len(rest)), "too many parts in usdt probe %q", p.Text).
			WithHint("write usdt:BINARY:PROVIDER:NAME or usdt:BINARY:NAME")
		return
	}
	nameOff := offs[len(parts)-1]
	if p.Func != "" && p.Func[0] == '"' {
		b.quotedFunc(p, p.Func, nameOff)
		if p.HasOffset {
			b.diags.Errorf(b.src.span(nameOff, nameOff+len(parts[len(parts)-1])), "a usdt probe takes no offset")
		}
		return
	}
	if p.Func == "" {
		b.diags.Errorf(b.src.span(nameOff, nameOff), "missing usdt probe name").
			WithHint("write usdt:BINARY:PROVIDER:NAME or usdt:BINARY:NAME; * matches every probe")
	}
}

// splitUsdt splits rest at its ':'s (one in a path BIN ends it; one in a
// quoted name does not count), returning the parts and their offsets.
func splitUsdt(rest string, off int) (parts []string, offs []int) {
	start := 0
	if rest != "" && (rest[0] == '/' || rest[0] == '.') {
		if i := strings.IndexByte(rest, ':'); i >= 0 {
			parts, offs = append(parts, rest[:i]), append(offs, off)
			start = i + 1
		} else {
			return []string{rest, ""}, []int{off, off + len(rest)}
		}
	}
	for i := start; i <= len(rest); i++ {
		if i < len(rest) && rest[i] == '"' {
			for i++; i < len(rest) && rest[i] != '"'; i++ {
				if rest[i] == '\\' {
					i++
				}
			}
			continue
		}
		if i == len(rest) || rest[i] == ':' {
			parts, offs = append(parts, rest[start:i]), append(offs, off+start)
			start = i + 1
		}
	}
	return parts, offs
}
