package rewrite

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// getopt("name"[, default[, "description"]]) is bpftrace's named program
// parameter: its value is --name=VALUE after the script's "--" (a bare
// --name for a bool), else the default. The default's literal gives the
// type: an integer (negative: signed), a string, true/false; none is a
// bool defaulting to false. Values are known before the trace starts, so
// each call becomes a literal here, as $1 does in parser.SubstParams.

// optKind is the type of a named parameter.
type optKind uint8

const (
	optBool optKind = iota
	optUnsigned
	optSigned
	optString
)

// option is one getopt name of the script.
type option struct {
	name, desc string
	kind       optKind
	def        parser.Expr // the default's literal; nil: false
}

// ParamError is a named argument the script's getopt calls do not take, or
// a value that does not read as its option's type: a command-line error,
// which cmd/gs reports in bpftrace's words ("ERROR: ...", "HINT: ...").
type ParamError struct {
	Msg  string // "" when --help only asked for the hint
	Hint string
}

func (e *ParamError) Error() string { return e.Msg }

// getopts checks the getopt calls of prog and replaces each by its value
// from named; a named argument that does not fit is r.ParamErr.
func (r *Result) getopts(prog *parser.Program, named []string) {
	opts := map[string]*option{}
	var order []string
	bad := map[*parser.CallExpr]bool{}
	parser.Inspect(prog, func(n parser.Node) bool {
		call, ok := n.(*parser.CallExpr)
		if !ok || call.Fn != "getopt" {
			return true
		}
		o := r.getoptCall(call)
		if o == nil {
			bad[call] = true
			return true
		}
		if prev := opts[o.name]; prev != nil {
			if prev.kind != o.kind || litText(prev.def) != litText(o.def) {
				r.Diags.Errorf(call.Sp, "getopt(%q) needs the same default everywhere it is used; before, it was %s", o.name, litText(prev.def))
				bad[call] = true
			} else if o.desc != "" && prev.desc != "" && o.desc != prev.desc {
				r.Diags.Errorf(call.Sp, "getopt(%q) needs the same description everywhere it is used", o.name)
				bad[call] = true
			} else if prev.desc == "" {
				prev.desc = o.desc
			}
			return true
		}
		opts[o.name] = o
		order = append(order, o.name)
		return true
	})
	if len(order) == 0 && len(bad) == 0 && len(named) == 0 {
		return
	}
	vals, err := namedValues(opts, order, named)
	if err != nil {
		r.ParamErr = err
	}
	parser.Rewrite(prog, func(_ *parser.ProbeGroup, e parser.Expr) parser.Expr {
		call, ok := e.(*parser.CallExpr)
		if !ok || call.Fn != "getopt" {
			return nil
		}
		if bad[call] { // reported: no "unknown function" too
			return &parser.IntLit{Val: 0, Text: "0", Sp: call.Sp}
		}
		o := opts[call.Args[0].(*parser.StrLit).Val]
		if v, ok := vals[o.name]; ok {
			return o.literal(v, call.Sp)
		}
		if o.def == nil {
			return &parser.IntLit{Val: 0, Text: "false", Kind: parser.LitBool, Sp: call.Sp}
		}
		return retarget(o.def, call.Sp)
	})
}

// getoptCall checks one getopt call, nil when it is wrong (reported).
func (r *Result) getoptCall(call *parser.CallExpr) *option {
	if len(call.Args) < 1 || len(call.Args) > 3 {
		r.Diags.Errorf(call.Sp, "getopt takes a name, a default and a description (at least the name), got %d arguments", len(call.Args))
		return nil
	}
	name, ok := call.Args[0].(*parser.StrLit)
	if !ok {
		r.Diags.Errorf(call.Args[0].Span(), "getopt's first argument is the option's name, a string literal")
		return nil
	}
	o := &option{name: name.Val}
	if len(call.Args) == 3 {
		d, ok := call.Args[2].(*parser.StrLit)
		if !ok {
			r.Diags.Errorf(call.Args[2].Span(), "getopt's third argument is the option's description, a string literal")
			return nil
		}
		o.desc = d.Val
	}
	if len(call.Args) == 1 {
		return o
	}
	switch d := call.Args[1].(type) {
	case *parser.IntLit:
		o.kind, o.def = optUnsigned, d
		if d.Kind == parser.LitBool {
			o.kind = optBool
		}
		return o
	case *parser.StrLit:
		o.kind, o.def = optString, d
		return o
	case *parser.UnaryExpr:
		if lit, ok := d.X.(*parser.IntLit); ok && d.Op == "-" && lit.Kind == parser.LitInt {
			o.kind, o.def = optSigned, d
			return o
		}
	}
	r.Diags.Errorf(call.Args[1].Span(), "getopt's default must be an integer, string or boolean literal")
	return nil
}

// namedValues reads raw (the arguments after "--", "name=value" or
// "name", without their dashes) as the options' values.
func namedValues(opts map[string]*option, order []string, raw []string) (map[string]*string, *ParamError) {
	vals := map[string]*string{}
	var unexpected []string
	help := false
	for _, r := range raw {
		name, val, hasVal := strings.Cut(r, "=")
		if _, ok := opts[name]; !ok {
			if name == "help" {
				help = true
			} else {
				unexpected = append(unexpected, "--"+name)
			}
			continue
		}
		if hasVal {
			vals[name] = &val
		} else {
			vals[name] = nil
		}
	}
	if help || len(unexpected) > 0 {
		e := &ParamError{}
		if len(unexpected) > 0 {
			e.Msg = "unexpected program command line options: " + strings.Join(unexpected, ", ")
		}
		sorted := append([]string(nil), order...)
		sort.Strings(sorted)
		var list []string
		for _, n := range sorted {
			item := "--" + n
			if help && opts[n].desc != "" {
				item += ": " + opts[n].desc
			}
			list = append(list, item)
		}
		switch {
		case len(list) == 0:
			e.Hint = "no custom program options defined."
		case help:
			e.Hint = "expected program options:\n" + strings.Join(list, "\n")
		default:
			e.Hint = "expected program options: " + strings.Join(list, ", ")
		}
		return vals, e
	}
	for _, n := range order {
		v, ok := vals[n]
		if !ok {
			continue
		}
		if msg := opts[n].check(v); msg != "" {
			shown := "true"
			if v != nil {
				shown = *v
			}
			delete(vals, n)
			return vals, &ParamError{Msg: fmt.Sprintf("program command line option --%s %s (value: %s)", n, msg, shown)}
		}
	}
	return vals, nil
}

// check says why v (nil: a bare --name) is not a value of o, "" when it is.
func (o *option) check(v *string) string {
	if v == nil {
		switch o.kind {
		case optBool:
			return ""
		case optString:
			return "expects a string"
		default:
			return "expects an integer"
		}
	}
	switch o.kind {
	case optBool:
		if _, ok := boolWord(*v); !ok {
			return "expects a boolean (e.g. 'true')"
		}
	case optUnsigned:
		if _, msg := parseOptUint(*v); msg != "" {
			return msg
		}
	case optSigned:
		s := strings.TrimPrefix(*v, "-")
		if u, msg := parseOptUint(s); msg != "" {
			return msg
		} else if u > 1<<63 || u == 1<<63 && s == *v {
			return "value is out of range"
		}
	}
	return ""
}

// literal is v (checked) as a literal at sp.
func (o *option) literal(v *string, sp diag.Span) parser.Expr {
	switch o.kind {
	case optBool:
		b := v == nil
		if v != nil {
			b, _ = boolWord(*v)
		}
		if b {
			return &parser.IntLit{Val: 1, Text: "true", Kind: parser.LitBool, Sp: sp}
		}
		return &parser.IntLit{Val: 0, Text: "false", Kind: parser.LitBool, Sp: sp}
	case optString:
		return &parser.StrLit{Val: *v, Sp: sp}
	case optSigned:
		s, neg := strings.CutPrefix(*v, "-")
		u, _ := parseOptUint(s)
		if neg {
			return &parser.UnaryExpr{Op: "-", X: &parser.IntLit{Val: u, Text: s, Sp: sp}, Sp: sp}
		}
		return &parser.IntLit{Val: u, Text: *v, Sp: sp}
	default:
		u, _ := parseOptUint(*v)
		return &parser.IntLit{Val: u, Text: *v, Sp: sp}
	}
}

// parseOptUint reads an unsigned integer as bpftrace reads one (0x, 0b,
// a leading 0 for octal), with its messages.
func parseOptUint(s string) (uint64, string) {
	base, digits := 10, s
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, digits = 16, s[2:]
	case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B"):
		base, digits = 2, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, digits = 8, s[1:]
	}
	n := 0
	for n < len(digits) && digitOf(digits[n]) < base {
		n++
	}
	if n == 0 {
		return 0, "invalid integer"
	}
	if n < len(digits) {
		return 0, "invalid trailing bytes"
	}
	u, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return 0, "value is out of range"
	}
	return u, ""
}

// digitOf is the value of the digit c, 99 for none.
func digitOf(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// boolWord reads bpftrace's words for true and false.
func boolWord(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "1", "true", "on", "yes":
		return true, true
	case "0", "false", "off", "no":
		return false, true
	}
	return false, false
}

// litText is a default as written, "false" for none.
func litText(e parser.Expr) string {
	switch e := e.(type) {
	case *parser.IntLit:
		return e.Text
	case *parser.StrLit:
		return strconv.Quote(e.Val)
	case *parser.UnaryExpr:
		return e.Op + litText(e.X)
	}
	return "false"
}

// retarget is a copy of the literal e placed at sp (the call's place).
func retarget(e parser.Expr, sp diag.Span) parser.Expr {
	switch e := e.(type) {
	case *parser.IntLit:
		c := *e
		c.Sp = sp
		return &c
	case *parser.StrLit:
		return &parser.StrLit{Val: e.Val, Sp: sp}
	case *parser.UnaryExpr:
		return &parser.UnaryExpr{Op: e.Op, X: retarget(e.X, sp), Sp: sp}
	}
	return e
}
