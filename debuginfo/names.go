package debuginfo

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/ianlancetaylor/demangle"
)

// Names of functions as C++, Rust and Go write them.
//
// An ELF symbol (or a DIE's DW_AT_linkage_name) of C++ or Rust is
// mangled: _ZN3geo4Rect5scaleEi, _ZN6ledger4post17h…E, _RNv…. A probe
// names the function as its language does, and one function answers to
// several spellings, all matched by Query.match:
//
//	raw   the symbol or DW_AT_name itself: _ZN3geo3sumEii, add, main.price
//	qual  the qualified name without parameters: geo::sum, ledger::post,
//	      geo::biggest<int> (also matched with its template arguments
//	      left out: geo::biggest)
//	sig   qual with its parameters: geo::sum(int, int), compared with the
//	      spaces that separate no two words left out
//
// Go's symbols and DW_AT_names are already qualified (main.(*Server).Handle)
// and so are their own raw and qual. A name without a scope (scale) that
// names no function exactly stands for every function whose last
// component it is (geo::Rect::scale, other::scale), as gdb takes it.
//
// Demangling costs a few microseconds a symbol, so a binary's symbols are
// demangled once, on the first lookup that needs it (a name that is not a
// symbol, a wildcard), and never for a binary whose symbols are not
// mangled (C, Go).

// isMangled reports whether name is a C++ or Rust mangled name.
func isMangled(name string) bool {
	return strings.HasPrefix(name, "_Z") || strings.HasPrefix(name, "_R")
}

// Demangle returns the name of a C++ (Itanium) or Rust (legacy or v0)
// symbol as the language writes it, with the parameters of a C++
// function and its clone suffix ("geo::sum(int, int)", "ledger::post",
// "geo::sum(int, int) [clone .cold]"), or name itself when it is not
// mangled (C, Go) or cannot be demangled.
func Demangle(name string) string {
	if !isMangled(name) {
		return name
	}
	s := demangle.Filter(name, demangle.MaxLength(14))
	if strings.HasPrefix(name, "_R") {
		s = rustInherent(s) // as the legacy mangling prints it
	}
	return s
}

// names are the spellings of one function.
type names struct {
	raw   string
	qual  string
	sig   string // canonical (canonSig); "" when unknown
	clone bool   // a clone or part (.constprop.0, .cold): matched by raw only
	// inst is a template instance's qualified name as DWARF spells it
	// (its scope and DW_AT_name), when the demangled one leaves out the
	// arguments: Rust's legacy mangling of main::rt::generic_max<i32>.
	inst string
}

// qualName returns the qualified name of a mangled name without its
// parameters ("geo::sum"), or "" when it is not mangled.
func qualName(mangled string) string {
	if !isMangled(mangled) {
		return ""
	}
	q, err := demangle.ToString(mangled, demangle.NoParams, demangle.MaxLength(14))
	if err != nil {
		return ""
	}
	return rustInherent(q)
}

// rustInherent writes a Rust v0 inherent method <ledger::Book>::add as
// the source does, ledger::Book::add. Trait methods (<A as B>::f) and
// methods of types that are no path (<*mut u8>::add) stay as they are.
func rustInherent(q string) string {
	if !strings.HasPrefix(q, "<") {
		return q
	}
	end := closing(q, 0)
	if end < 0 || !strings.HasPrefix(q[end+1:], "::") {
		return q
	}
	inner := q[1:end]
	if strings.Contains(inner, " as ") || !isIdentByte(inner[0]) {
		return q
	}
	return inner + q[end+1:]
}

// closing returns the index of the bracket that closes the one at i.
func closing(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '<', '(', '[':
			depth++
		case '>', ')', ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// mangledNames returns the spellings of a mangled name, the full
// demangling computed only when withSig is set.
func mangledNames(raw string, withSig bool) names {
	n := names{raw: raw, qual: qualName(raw)}
	if n.qual == "" {
		n.qual = raw
		return n
	}
	if withSig {
		n.sig, n.clone = sigOf(Demangle(raw), n.qual)
	} else {
		n.clone = strings.Contains(raw, ".") && strings.HasPrefix(raw, "_Z")
	}
	return n
}

// sigOf cuts a full demangling ("int geo::biggest<int>(int, int) [clone
// .cold]") down to its qualified name and parameters, canonical, and
// reports whether it was a clone.
func sigOf(full, qual string) (string, bool) {
	clone := false
	if i := strings.Index(full, " [clone "); i >= 0 {
		full, clone = full[:i], true
	}
	if i := strings.Index(full, qual); i >= 0 {
		full = full[i:]
	}
	if !strings.HasPrefix(full, qual+"(") {
		return "", clone
	}
	return canonSig(full), clone
}

// canonSig leaves out the spaces of s that separate no two words, so that
// "geo::sum(int,int)" and "geo::sum(int, int)" compare equal.
func canonSig(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			j := i
			for j < len(s) && s[j] == ' ' {
				j++
			}
			if b.Len() > 0 && j < len(s) && isIdentByte(b.String()[b.Len()-1]) && isIdentByte(s[j]) {
				b.WriteByte(' ')
			}
			i = j - 1
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

// stripTemplateArgs leaves out the template argument lists of a
// qualified name: geo::Box<int>::get → geo::Box::get, and a Go generic's
// type arguments: main.Map[go.shape.int,go.shape.int] → main.Map. A '<'
// or '[' that follows no name (Rust's <A as B>::f, [T; N]) or that
// belongs to an operator stays.
func stripTemplateArgs(s string) string {
	if !strings.ContainsAny(s, "<[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '<' || c == '[') && i > 0 && isIdentByte(s[i-1]) && !strings.HasSuffix(s[:i], "operator") {
			if j := closing(s, i); j > 0 {
				i = j
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// lastComponent returns what follows the last top-level "::" of a
// qualified name, "" when it has none.
func lastComponent(q string) string {
	depth, last := 0, -1
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '<', '(', '[':
			if !(q[i] == '<' && strings.HasSuffix(q[:i], "operator")) {
				depth++
			}
		case '>', ')', ']':
			if depth > 0 {
				depth--
			}
		case ':':
			if depth == 0 && i+1 < len(q) && q[i+1] == ':' {
				last = i + 2
				i++
			}
		}
	}
	if last < 0 {
		return ""
	}
	return q[last:]
}

// match levels: how a query matched a function.
const (
	noMatch = iota
	byLast  // by the last component of the qualified name
	exact
)

// Query is a function name as a probe writes it: a symbol, a qualified
// name, a signature, or a shell pattern of any of these.
type Query struct {
	Text     string
	Wildcard bool // holds '*', '?' or a [class]; tried as a plain name first
	sig      string
	scoped   bool     // names a scope ("::", Go's '.', a signature)
	tokens   []string // identifiers every mangled name of a match spells (mayMatch)
}

// NewQuery parses a function name or pattern.
func NewQuery(text string) Query {
	q := Query{Text: text, sig: canonSig(text)}
	q.Wildcard = strings.ContainsAny(text, "*?") || hasClass(text)
	q.scoped = strings.ContainsAny(text, ":.(<")
	q.tokens = identTokens(text)
	return q
}

// hasClass reports whether s holds a [class] of a shell pattern, not
// C++'s operator[] or a Go generic's [T].
func hasClass(s string) bool {
	i := strings.IndexByte(s, '[')
	return i >= 0 && strings.IndexByte(s[i:], ']') > 1 && !strings.Contains(s, "operator[]")
}

// sigQual returns the name part of a signature query: geo::sum of
// geo::sum(int, int).
func (q Query) sigQual() string {
	t := q.Text
	if i := paramsOpen(t); i >= 0 {
		return strings.TrimSpace(t[:i])
	}
	return t
}

// paramsOpen returns the index of the '(' that opens the parameter list
// of a signature (geo::sum(int, int)), or -1: not one of operator(), nor
// the parenthesis of gdb's "(anonymous namespace)" scope.
func paramsOpen(t string) int {
	for i := 0; i < len(t); i++ {
		if t[i] != '(' || strings.HasSuffix(t[:i], "operator") {
			continue
		}
		if strings.HasPrefix(t[i:], anonNamespace) {
			i += len(anonNamespace) - 1
			continue
		}
		return i
	}
	return -1
}

// needsSig reports whether matching q needs the full demangling.
func (q Query) needsSig() bool { return paramsOpen(q.Text) >= 0 }

// base returns the DW_AT_names a function q names may carry: the last
// component of a qualified name, and that without template arguments.
func (q Query) bases() []string {
	t := q.Text
	if qn := qualName(t); qn != "" {
		t = qn
	} else if i := paramsOpen(t); i > 0 {
		t = t[:i]
	}
	var out []string
	add := func(s string) {
		if s == "" {
			return
		}
		for _, o := range out {
			if o == s {
				return
			}
		}
		out = append(out, s)
	}
	add(q.Text)
	if l := lastComponent(t); l != "" {
		add(l)
		add(stripTemplateArgs(l))
	} else {
		add(t)
		add(stripTemplateArgs(t))
	}
	return out
}

// match reports how q, taken as a plain name, matches a function's names.
func (q Query) match(n names) int {
	if n.raw == q.Text {
		return exact
	}
	if n.clone {
		return noMatch
	}
	if n.qual == q.Text || (n.sig != "" && n.sig == q.sig) || n.inst != "" && n.inst == q.Text {
		return exact
	}
	if !strings.ContainsAny(q.Text, "<[") && strings.ContainsAny(n.qual, "<[") && stripTemplateArgs(n.qual) == q.Text {
		return exact
	}
	if !q.scoped && n.qual != n.raw {
		if l := lastComponent(n.qual); l == q.Text || stripTemplateArgs(l) == q.Text {
			return byLast
		}
	}
	return noMatch
}

// matchPattern reports whether the pattern q matches any of n's names.
func (q Query) matchPattern(n names) bool {
	if glob(q.Text, n.raw) {
		return true
	}
	if n.clone || n.qual == n.raw {
		return false
	}
	return glob(q.Text, n.qual) || (n.sig != "" && glob(q.sig, n.sig))
}

// glob matches a shell pattern: '*' any run of bytes ('/' and ':'
// included), '?' one byte, [abc] and [a-z] (a '[' without its ']' is
// itself).
func glob(pat, s string) bool {
	px, sx := 0, 0
	nextP, nextS := -1, -1
	for px < len(pat) || sx < len(s) {
		if px < len(pat) {
			switch c := pat[px]; c {
			case '*':
				nextP, nextS = px, sx+1
				px++
				continue
			case '?':
				if sx < len(s) {
					px++
					sx++
					continue
				}
			case '[':
				if end := strings.IndexByte(pat[px+1:], ']'); end > 0 && sx < len(s) {
					if classMatch(pat[px+1:px+1+end], s[sx]) {
						px += end + 2
						sx++
						continue
					}
				} else if end <= 0 && sx < len(s) && s[sx] == '[' {
					px++
					sx++
					continue
				}
			default:
				if sx < len(s) && s[sx] == c {
					px++
					sx++
					continue
				}
			}
		}
		if nextS > 0 && nextS <= len(s) {
			px, sx = nextP, nextS
			continue
		}
		return false
	}
	return true
}

func classMatch(class string, c byte) bool {
	neg := false
	if class != "" && (class[0] == '!' || class[0] == '^') {
		neg, class = true, class[1:]
	}
	in := false
	for i := 0; i < len(class); i++ {
		if i+2 < len(class) && class[i+1] == '-' {
			if class[i] <= c && c <= class[i+2] {
				in = true
			}
			i += 2
			continue
		}
		if class[i] == c {
			in = true
		}
	}
	return in != neg
}

// nameIndex holds the demangled names of a binary's function symbols,
// each worked out on first need: a lookup demangles only the symbols that
// spell every identifier of the name it looks for (Query.mayMatch).
type nameIndex struct {
	once    sync.Once
	mangled bool // some symbol is mangled
	mu      sync.Mutex
	names   []names // parallel to Binary.funcs
	state   []uint8 // 0: not yet, 1: raw and qual, 2: and sig
	over    map[string]bool
	byQual  map[string][]int // mangled symbols by qualified name; nil until groupQuals
}

func (b *Binary) nameIdx() *nameIndex {
	ix := &b.nameIx
	ix.once.Do(func() {
		ix.names = make([]names, len(b.funcs))
		ix.state = make([]uint8, len(b.funcs))
		ix.over = map[string]bool{}
		for _, fn := range b.funcs {
			if isMangled(fn.Name) {
				ix.mangled = true
				break
			}
		}
	})
	return ix
}

// namesAt returns the names of b.funcs[i], with its signature when
// withSig is set.
func (b *Binary) namesAt(i int, withSig bool) names {
	ix := b.nameIdx()
	ix.mu.Lock()
	defer ix.mu.Unlock()
	n := &ix.names[i]
	if ix.state[i] == 0 {
		raw := b.funcs[i].Name
		if isMangled(raw) {
			*n = mangledNames(raw, false)
			ix.state[i] = 1
		} else {
			*n = names{raw: raw, qual: raw}
			ix.state[i] = 2
		}
	}
	if withSig && ix.state[i] < 2 {
		n.sig, n.clone = sigOf(Demangle(n.raw), n.qual)
		ix.state[i] = 2
	}
	return *n
}

// mayMatch reports whether the mangled symbol raw can be a function q
// names: a C++ or Rust mangled name spells each identifier of a
// qualified name at least once, with its length before it (3geo4Rect),
// whatever it abbreviates. Names in std, whose parts the mangling
// abbreviates (St, Ss, Sa), are always demangled.
func (q Query) mayMatch(raw string) bool {
	for _, tok := range q.tokens {
		if !strings.Contains(raw, tok) && !strings.Contains(raw, strings.Replace(tok, "_", "", 1)) {
			return false
		}
	}
	return true
}

// identTokens returns the identifiers of a qualified name (or pattern)
// as a mangled name spells them: "3geo", "4Rect".
func identTokens(text string) []string {
	qual := text
	if i := paramsOpen(qual); i >= 0 {
		qual = qual[:i]
	}
	qual = stripTemplateArgs(qual)
	var parts []string
	for {
		l := lastComponent(qual)
		if l == "" {
			parts = append(parts, qual)
			break
		}
		parts = append(parts, l)
		qual = qual[:len(qual)-len(l)-2]
	}
	var toks []string
	for _, p := range parts {
		if p == "std" || strings.HasPrefix(text, "std::") {
			return nil
		}
		plain := p != ""
		for i := 0; i < len(p); i++ {
			if c := p[i]; !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
				plain = false
			}
		}
		if plain && !strings.HasPrefix(p, "operator") {
			// Rust's v0 puts a '_' between the length and an identifier
			// that starts with a digit or '_'.
			toks = append(toks, fmt.Sprintf("%d_%s", len(p), p))
		}
	}
	return toks
}

// FindFuncs returns the function symbols name stands for, by address: a
// symbol of that name; else every function whose qualified name or
// signature it is (all overloads of geo::sum, both constructor symbols
// of geo::Rect::Rect at one address once); else, for a name without a
// scope, every function whose last component it is.
func (b *Binary) FindFuncs(name string) []Func {
	if i, ok := b.byNm[name]; ok {
		return []Func{b.funcs[i]}
	}
	q := NewQuery(name)
	ix := b.nameIdx()
	if !ix.mangled {
		return nil
	}
	best := noMatch
	var out []Func
	pre := q.sigQual()
	for i, fn := range b.funcs {
		if fn.Name != q.Text && isMangled(fn.Name) && !q.mayMatch(fn.Name) {
			continue
		}
		n := b.namesAt(i, false)
		if q.needsSig() && n.raw != q.Text && !n.clone && (n.qual == pre || stripTemplateArgs(n.qual) == pre) {
			n = b.namesAt(i, true) // demangled in full only when the name fits
		}
		lvl := q.match(n)
		if lvl == noMatch || lvl < best {
			continue
		}
		if lvl > best {
			best, out = lvl, out[:0]
		}
		out = append(out, b.funcs[i])
	}
	return dedupAddr(out)
}

// dedupAddr keeps the first function of each address (funcs sorted by
// address).
func dedupAddr(fns []Func) []Func {
	out := fns[:0]
	for i, fn := range fns {
		if i > 0 && fn.Addr == out[len(out)-1].Addr {
			continue
		}
		out = append(out, fn)
	}
	return out
}

// FuncName returns how gs prints fn (func, usym, ustack): demangled, with
// the parameters of a C++ function.
func (b *Binary) FuncName(fn Func) string { return Demangle(fn.Name) }

// Listed is a function as `gs -l` shows it.
type Listed struct {
	// Spec is the name a probe takes to attach to this function alone:
	// its qualified name, or its signature when the name is overloaded,
	// quoted when the probe grammar cannot take it bare (QuoteName).
	Spec string
	Qual string // Spec unquoted
	// Funcs are its symbols, one an address: a C++ constructor or
	// destructor has several (complete, base, deleting).
	Funcs []Func
}

// ListFuncs returns the functions a probe on pattern attaches to: those
// FindFuncs finds, else (a pattern) those MatchFuncs matches; sorted by
// Spec.
func (b *Binary) ListFuncs(pattern string) []Listed {
	fns := b.FindFuncs(pattern)
	if len(fns) == 0 && NewQuery(pattern).Wildcard {
		fns = b.MatchFuncs(pattern)
	}
	// The overloads of a listed name spell the identifiers the pattern
	// spells: look for them among the symbols that do, not all.
	var pool []int
	if q := NewQuery(pattern); len(q.tokens) > 0 {
		pool = []int{}
		for i, fn := range b.funcs {
			if isMangled(fn.Name) && q.mayMatch(fn.Name) {
				pool = append(pool, i)
			}
		}
	} else if len(fns) > 256 {
		b.groupQuals() // one pass over the symbols, not one per name
	}
	var out []Listed
	at := map[string]int{} // Spec → index in out
	seen := map[uint64]bool{}
	for _, fn := range fns {
		spec := fn.Name
		if i, ok := b.indexOf(fn); ok && isMangled(fn.Name) {
			if n := b.namesAt(i, false); !n.clone && n.qual != n.raw {
				spec = n.qual
				if b.overloaded(n.qual, pool) {
					spec = b.shortSig(i)
				}
			}
		}
		j, ok := at[spec]
		if !ok {
			j = len(out)
			at[spec] = j
			out = append(out, Listed{Spec: QuoteName(spec), Qual: spec})
		}
		if !seen[fn.Addr] {
			seen[fn.Addr] = true
			out[j].Funcs = append(out[j].Funcs, fn)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Spec < out[j].Spec })
	return out
}

// shortSig returns the signature of b.funcs[i] as the demangler writes
// it, without a return type or clone suffix: geo::sum(int, int).
func (b *Binary) shortSig(i int) string {
	n := b.namesAt(i, true)
	full := Demangle(n.raw)
	if k := strings.Index(full, " [clone "); k >= 0 {
		full = full[:k]
	}
	if k := strings.Index(full, n.qual+"("); k > 0 {
		full = full[k:]
	}
	return full
}

// overloaded reports whether the qualified name q stands for functions
// of more than one signature (geo::sum), demangling only symbols that
// may be q's, among pool when it is not nil.
func (b *Binary) overloaded(q string, pool []int) bool {
	ix := b.nameIdx()
	ix.mu.Lock()
	v, done := ix.over[q]
	byQual := ix.byQual
	ix.mu.Unlock()
	if done {
		return v
	}
	var cands []int
	if byQual != nil {
		cands = byQual[q]
	} else {
		query := NewQuery(q)
		scan := func(i int) {
			if fn := b.funcs[i]; isMangled(fn.Name) && query.mayMatch(fn.Name) {
				cands = append(cands, i)
			}
		}
		if pool != nil {
			for _, i := range pool {
				scan(i)
			}
		} else {
			for i := range b.funcs {
				scan(i)
			}
		}
	}
	first, seen := "", false
	for _, i := range cands {
		if n := b.namesAt(i, false); n.clone || n.qual != q {
			continue
		}
		sig := b.namesAt(i, true).sig
		if !seen {
			first, seen = sig, true
		} else if sig != first {
			v = true
			break
		}
	}
	ix.mu.Lock()
	ix.over[q] = v
	ix.mu.Unlock()
	return v
}

// groupQuals demangles every symbol and groups them by qualified name,
// for overloaded.
func (b *Binary) groupQuals() {
	ix := b.nameIdx()
	ix.mu.Lock()
	done := ix.byQual != nil
	ix.mu.Unlock()
	if done {
		return
	}
	byQual := map[string][]int{}
	for i, fn := range b.funcs {
		if isMangled(fn.Name) {
			n := b.namesAt(i, false)
			byQual[n.qual] = append(byQual[n.qual], i)
		}
	}
	ix.mu.Lock()
	ix.byQual = byQual
	ix.mu.Unlock()
}

// indexOf returns fn's index in b.funcs.
func (b *Binary) indexOf(fn Func) (int, bool) {
	lo, hi := 0, len(b.funcs)
	for lo < hi {
		m := (lo + hi) / 2
		if b.funcs[m].Addr < fn.Addr {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(b.funcs) && b.funcs[i].Addr == fn.Addr; i++ {
		if b.funcs[i].Name == fn.Name {
			return i, true
		}
	}
	return 0, false
}

// QuoteName returns name as a probe writes it: bare when the probe
// grammar takes it so, else in double quotes.
func QuoteName(name string) string {
	if strings.ContainsAny(name, " \t{}<,\"'/+") {
		return `"` + strings.ReplaceAll(name, `"`, `\"`) + `"`
	}
	return name
}
