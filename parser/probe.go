package parser

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
)

// Probe specifiers are one token, TYPE:REST, split here.
//
// For uprobes REST is [BIN:]LOC. BIN is a path when it starts with '/' or
// '.', and then runs to the first ':' (so a path cannot contain ':').
// Otherwise BIN is a library name ending at the first ':' that is not part
// of a "::", and when there is no such ':' REST is all LOC and the binary is
// omitted (uprobe:main, uprobe:ns::f). LOC is, in this order:
//
//	"NAME"[+OFF] a quoted function name: any name the probe token cannot
//	             take bare (spaces, ',', '<', '/'), such as a C++ signature
//	             "geo::sum(int, int)"; \" and \\ escape
//	FILE:LINE    when it still holds a ':' that is not part of a "::"
//	             (bpftrace's BIN@FILE:LINE is the same)
//	ADDR         when it starts with a digit (0x4011a0)
//	FUNC[+OFF]   otherwise; FUNC may hold wildcards, "::" and Go's
//	             main.(*Server).Handle
//
// Interval probes are interval:UNIT:N or interval:NUNIT (bpftrace's newer
// spelling, interval:500ms) with UNIT one of s, ms, us, ns, or hz (N times
// a second); profile probes likewise, without ns (bpftrace's units).
// Software probes are software:EVENT[:COUNT] (perf.go checks EVENT).
// Watchpoints are watchpoint:ADDR:LEN:MODE (bpftrace's) or, by a
// variable's name, watchpoint:[BIN:]VAR:MODE.

var probeTypes = map[string]ProbeKind{
	"uprobe": ProbeUprobe, "u": ProbeUprobe,
	"uretprobe": ProbeUretprobe, "ur": ProbeUretprobe,
	"interval": ProbeInterval, "i": ProbeInterval,
	"usdt": ProbeUsdt, "U": ProbeUsdt,
	"profile": ProbeProfile, "p": ProbeProfile,
	"software": ProbeSoftware, "s": ProbeSoftware,
	"watchpoint": ProbeWatchpoint, "w": ProbeWatchpoint,
}

// otherProbeTypes are bpftrace's probe types that gs does not have, by
// every name bpftrace takes, with their long names.
var otherProbeTypes = map[string]string{
	"kprobe": "kprobe", "k": "kprobe", "kretprobe": "kretprobe", "kr": "kretprobe",
	"kfunc": "fentry", "fentry": "fentry", "f": "fentry",
	"kretfunc": "fexit", "fexit": "fexit", "fr": "fexit",
	"tracepoint": "tracepoint", "t": "tracepoint", "rawtracepoint": "rawtracepoint", "rt": "rawtracepoint",
	"asyncwatchpoint": "asyncwatchpoint", "aw": "asyncwatchpoint",
	"hardware": "hardware", "h": "hardware",
	"iter": "iter", "it": "iter", "uprobe_multi": "uprobe_multi", "self": "self", "bench": "bench", "test": "test",
}

// probeSpec parses the PROBE_SPEC token text at byte offset off.
func (b *builder) probeSpec(text string, off int) *Probe {
	p := &Probe{Text: text, Sp: b.src.span(off, off+len(text))}
	colon := strings.IndexByte(text, ':')
	if colon < 0 {
		// A specifier that is a positional parameter, or holds one
		// (BEG$1), or what one became.
		switch {
		case hasParamRef(text):
			p.Params = true // split by SubstParams
		case text == "BEGIN" || text == "begin":
			p.Kind = ProbeBegin
		case text == "END" || text == "end":
			p.Kind = ProbeEnd
		default:
			b.diags.Errorf(p.Sp, "unknown probe %q", text).
				WithHint("gs has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes")
		}
		return p
	}
	typ, rest := text[:colon], text[colon+1:]
	restOff := off + colon + 1
	kind, ok := probeTypes[typ]
	if !ok {
		if long, ok := otherProbeTypes[typ]; ok {
			b.diags.Errorf(b.src.span(off, off+colon), "not supported by gs: %s probes", long).
				WithHint("gs traces user space: it has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes")
			return p
		}
		d := b.diags.Errorf(b.src.span(off, off+colon), "unknown probe type %q", typ)
		if typ == "BEGIN" || typ == "END" || typ == "begin" || typ == "end" {
			d.WithHint("%s takes no arguments", typ)
		} else {
			d.WithHint("gs has uprobe (u), uretprobe (ur), usdt (U), interval (i), profile (p), software (s), watchpoint (w), begin and end probes")
		}
		return p
	}
	p.Kind = kind
	if hasParamRef(rest) {
		p.Params = true // split by SubstParams
		return p
	}
	switch kind {
	case ProbeInterval, ProbeProfile:
		b.intervalSpec(p, rest, restOff)
		return p
	case ProbeSoftware:
		b.softwareSpec(p, rest, restOff)
		return p
	case ProbeWatchpoint:
		b.watchpointSpec(p, rest, restOff)
		return p
	}
	if kind == ProbeUsdt {
		b.usdtSpec(p, rest, restOff) // usdt.go
		return p
	}

	loc, locOff := rest, restOff
	if i := binaryEnd(rest); i >= 0 {
		p.Binary, loc, locOff = rest[:i], rest[i+1:], restOff+i+1
		if p.Binary == "" {
			b.diags.Errorf(b.src.span(restOff, restOff+1), "missing binary before %q", ":")
			return p
		}
	}
	if loc == "" && locOff < len(b.src.file.Src) && b.src.file.Src[locOff] == '"' {
		return p // an unterminated quoted name: the lexer said so
	}
	if loc == "" {
		b.diags.Errorf(b.src.span(locOff, locOff), "missing function name").
			WithHint("write %s:BINARY:FUNCTION, e.g. uprobe:./app:main", typ)
		return p
	}
	if at := strings.LastIndexByte(p.Binary, '@'); at > 0 && at < len(p.Binary)-1 && allDigits(loc) {
		// bpftrace's BIN@FILE:LINE: gs's BIN:FILE:LINE.
		line, err := strconv.ParseUint(loc, 10, 31)
		if err != nil || line == 0 {
			b.diags.Errorf(b.src.span(locOff, locOff+len(loc)), "invalid line number %q", loc).
				WithHint("write FILE:LINE with a positive decimal line, e.g. main.c:42")
		}
		p.Binary, p.File, p.Line = p.Binary[:at], p.Binary[at+1:], int(line)
		return p
	}
	switch {
	case loc[0] == '"':
		b.quotedFunc(p, loc, locOff)
	case singleColon(loc) >= 0:
		i := singleColon(loc)
		p.File = loc[:i]
		line, err := strconv.ParseUint(loc[i+1:], 10, 31)
		if err != nil || line == 0 {
			b.diags.Errorf(b.src.span(locOff+i+1, locOff+len(loc)), "invalid line number %q", loc[i+1:]).
				WithHint("write FILE:LINE with a positive decimal line, e.g. main.c:42")
		}
		p.Line = int(line)
		if p.File == "" {
			b.diags.Errorf(b.src.span(locOff, locOff+1), "missing file name before %q", ":")
		}
	case isDigit(loc[0]):
		addr, err := strconv.ParseUint(loc, 0, 64)
		if err != nil {
			b.diags.Errorf(b.src.span(locOff, locOff+len(loc)), "invalid address %q", loc).
				WithHint("write an address in hex, e.g. 0x4011a0")
		}
		p.HasAddr, p.Addr = true, addr
	default:
		fn := loc
		if i := strings.LastIndexByte(loc, '+'); i >= 0 && i < len(loc)-1 {
			fn = loc[:i]
			o, err := strconv.ParseUint(loc[i+1:], 0, 64)
			if err != nil {
				b.diags.Errorf(b.src.span(locOff+i+1, locOff+len(loc)), "invalid offset %q", loc[i+1:]).
					WithHint("write FUNCTION+OFFSET with a decimal or hex offset, e.g. main+0x10")
			}
			p.HasOffset, p.Offset = true, o
		}
		p.Func = fn
		switch {
		case fn == "":
			b.diags.Errorf(b.src.span(locOff, locOff), "missing function name")
		case strings.ContainsAny(fn, `/"'`):
			d := b.diags.Errorf(b.src.span(locOff, locOff+len(fn)), "invalid function name %q", fn)
			if strings.Contains(fn, "/") {
				d.WithHint("put a space between a probe and its filter: %s /FILTER/", text[:len(text)-len(loc)]+fn[:strings.IndexByte(fn, '/')])
			}
		}
	}
	return p
}

// quotedFunc parses "NAME"[+OFF].
func (b *builder) quotedFunc(p *Probe, loc string, off int) {
	var name strings.Builder
	end := -1
	for i := 1; i < len(loc); i++ {
		c := loc[i]
		if c == '\\' && i+1 < len(loc) {
			i++
			name.WriteByte(loc[i])
			continue
		}
		if c == '"' {
			end = i
			break
		}
		name.WriteByte(c)
	}
	if end < 0 {
		b.diags.Errorf(b.src.span(off, off+1), "unterminated quoted function name")
		return
	}
	p.Func = name.String()
	if p.Func == "" {
		b.diags.Errorf(b.src.span(off, off+end+1), "missing function name")
	}
	rest := loc[end+1:]
	if rest == "" {
		return
	}
	if rest[0] != '+' || len(rest) == 1 {
		b.diags.Errorf(b.src.span(off+end+1, off+len(loc)), "unexpected %q after the quoted function name", rest).
			WithHint("write \"NAME\" or \"NAME\"+OFFSET")
		return
	}
	o, err := strconv.ParseUint(rest[1:], 0, 64)
	if err != nil {
		b.diags.Errorf(b.src.span(off+end+2, off+len(loc)), "invalid offset %q", rest[1:]).
			WithHint("write FUNCTION+OFFSET with a decimal or hex offset, e.g. main+0x10")
	}
	p.HasOffset, p.Offset = true, o
}

// binaryEnd returns the index of the ':' that ends the binary in rest, or
// -1 when rest names no binary.
func binaryEnd(rest string) int {
	if rest != "" && (rest[0] == '/' || rest[0] == '.') {
		return strings.IndexByte(rest, ':')
	}
	return singleColon(rest)
}

// singleColon returns the index of the first ':' in s that is not part of
// a "::" or in a quoted name, or -1.
func singleColon(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			continue
		}
		if s[i] != ':' {
			continue
		}
		if i+1 < len(s) && s[i+1] == ':' {
			i++ // skip "::"
			continue
		}
		return i
	}
	return -1
}

func (b *builder) intervalSpec(p *Probe, rest string, off int) {
	unit, n, ok := strings.Cut(rest, ":")
	nOff := off + len(unit) + 1
	if !ok {
		// bpftrace's interval:500ms: the count, then the unit.
		i := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
		if i <= 0 {
			b.diags.Errorf(p.Sp, "malformed interval probe %q", p.Text).
				WithHint("write interval:NUNIT or interval:UNIT:N with UNIT s, ms, us, ns or hz, e.g. interval:100ms")
			return
		}
		n, unit, nOff = rest[:i], rest[i:], off
	}
	switch {
	case slices.Contains(TimeUnits(p.Kind), unit):
		p.IntervalUnit = unit
	default:
		uOff := off
		if !ok {
			uOff = off + len(n)
		}
		if p.Kind == ProbeProfile {
			b.diags.Errorf(b.src.span(uOff, uOff+len(unit)), "unknown profile unit %q", unit).
				WithHint("use hz, s, ms or us, e.g. profile:hz:99")
		} else {
			b.diags.Errorf(b.src.span(uOff, uOff+len(unit)), "unknown interval unit %q", unit).
				WithHint("use s, ms, us, ns or hz")
		}
	}
	v, err := strconv.ParseUint(n, 10, 64)
	if err != nil || v == 0 {
		b.diags.Errorf(b.src.span(nOff, nOff+len(n)), "invalid interval %q", n).
			WithHint("the interval must be a positive decimal integer")
	}
	p.IntervalN = v
}

// TimeUnits are the units an interval or profile probe takes, in the order
// -l lists them: bpftrace's TIME_UNITS (src/probe_matcher.h) and, for
// interval probes, ns.
func TimeUnits(k ProbeKind) []string {
	switch k {
	case ProbeInterval:
		return []string{"hz", "s", "ms", "us", "ns"}
	case ProbeProfile:
		return []string{"hz", "s", "ms", "us"}
	}
	return nil
}

// LookupProbeType returns the kind of probe a type name (uprobe, u,
// interval, i, ...) stands for.
func LookupProbeType(name string) (ProbeKind, bool) {
	k, ok := probeTypes[name]
	return k, ok
}

// softwareSpec parses EVENT[:COUNT].
func (b *builder) softwareSpec(p *Probe, rest string, off int) {
	ev, n, ok := strings.Cut(rest, ":")
	p.Event = ev
	if ev == "" {
		b.diags.Errorf(b.src.span(off, off), "missing software event name").
			WithHint("write software:EVENT[:COUNT], e.g. software:page-faults:100")
		return
	}
	if !ok {
		return
	}
	v, err := parseCount(n)
	if err != nil || v == 0 {
		nOff := off + len(ev) + 1
		b.diags.Errorf(b.src.span(nOff, nOff+len(n)), "invalid count %q", n).
			WithHint("the count (events per sample) must be a positive decimal integer")
	}
	p.Count = v
}

// parseCount reads a decimal count, or one in bpftrace's exponent form
// (1e6).
func parseCount(s string) (uint64, error) {
	m, e, ok := strings.Cut(s, "e")
	v, err := strconv.ParseUint(m, 10, 64)
	if err != nil || !ok {
		return v, err
	}
	x, err := strconv.ParseUint(e, 10, 8)
	if err != nil {
		return 0, err
	}
	for ; x > 0; x-- {
		if v > math.MaxUint64/10 {
			return 0, strconv.ErrRange
		}
		v *= 10
	}
	return v, nil
}

// watchpointSpec parses ADDR:LEN:MODE or [BIN:]VAR:MODE.
func (b *builder) watchpointSpec(p *Probe, rest string, off int) {
	i := strings.LastIndexByte(rest, ':')
	if i < 0 {
		b.diags.Errorf(p.Sp, "malformed watchpoint %q", p.Text).
			WithHint("write watchpoint:ADDR:LEN:MODE or watchpoint:[BINARY:]VARIABLE:MODE, e.g. watchpoint:./app:counter:w")
		return
	}
	head, mode := rest[:i], rest[i+1:]
	p.WatchMode = mode
	if mode == "" || strings.Trim(mode, "rwx") != "" {
		b.diags.Errorf(b.src.span(off+i+1, off+len(rest)), "invalid watchpoint mode %q", mode).
			WithHint("the mode is a combination of r, w and x: w, rw or x on x86-64")
	}
	if head != "" && isDigit(head[0]) {
		a, l, ok := strings.Cut(head, ":")
		addr, err := strconv.ParseUint(a, 0, 64)
		if err != nil || addr == 0 {
			b.diags.Errorf(b.src.span(off, off+len(a)), "invalid watchpoint address %q", a).
				WithHint("write a non-zero address in hex, e.g. 0x404040")
		}
		p.HasAddr, p.Addr = true, addr
		if !ok {
			b.diags.Errorf(b.src.span(off+len(a), off+len(a)), "missing watchpoint length").
				WithHint("write watchpoint:ADDR:LEN:MODE with LEN 1, 2, 4 or 8")
			return
		}
		n, err := strconv.ParseUint(l, 10, 64)
		if err != nil || (n != 1 && n != 2 && n != 4 && n != 8) {
			lOff := off + len(a) + 1
			b.diags.Errorf(b.src.span(lOff, lOff+len(l)), "invalid watchpoint length %q", l).
				WithHint("the length is 1, 2, 4 or 8 bytes")
		}
		p.WatchLen = n
		return
	}
	v, vOff := head, off
	if j := binaryEnd(head); j >= 0 {
		p.Binary, v, vOff = head[:j], head[j+1:], off+j+1
	}
	p.WatchVar = v
	if v == "" {
		b.diags.Errorf(b.src.span(vOff, vOff), "missing variable name").
			WithHint("write watchpoint:[BINARY:]VARIABLE:MODE, e.g. watchpoint:./app:counter:w")
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// hasParamRef reports whether s holds $N or $#.
func hasParamRef(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && (isDigit(s[i+1]) || s[i+1] == '#') {
			return true
		}
	}
	return false
}

// substProbe splits p again with its positional parameters replaced.
func substProbe(f *diag.File, p *Probe, params []string, diags *diag.List) {
	var sb strings.Builder
	t := p.Text
	for i := 0; i < len(t); i++ {
		if t[i] != '$' || i+1 == len(t) {
			sb.WriteByte(t[i])
			continue
		}
		if t[i+1] == '#' {
			sb.WriteString(strconv.Itoa(len(params)))
			i++
			continue
		}
		j := i + 1
		for j < len(t) && isDigit(t[j]) {
			j++
		}
		if j == i+1 {
			sb.WriteByte(t[i])
			continue
		}
		n, _ := strconv.Atoi(t[i+1 : j])
		if n >= 1 && n <= len(params) {
			sb.WriteString(params[n-1])
		}
		i = j - 1
	}
	b := &builder{src: newSource(f), diags: diags}
	np := b.probeSpec(sb.String(), p.Sp.Start.Offset)
	np.Sp = p.Sp // the specifier as written
	*p = *np
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}
