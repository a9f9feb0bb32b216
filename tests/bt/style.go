package bt

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/sema"
)

// btWarnings maps gs's text of a run-time warning to bpftrace's
// (src/required_resources.h at e1b7c39), for the cases that match
// bpftrace's words. gs keeps its own style; only the suite translates.
var btWarnings = map[string]string{
	sema.DivZeroMsg:         "Divide or modulo by 0 detected. This can lead to unexpected results. 1 is being used as the result.",
	sema.ArrayOOBMsg:        "Array access out of bounds. This can lead to unexpected results.",
	"unreachable statement": "Unreachable statement",
	sema.MapFullMsg:         "Map full; can't update element",
	sema.MapLookupMsg:       "Can't lookup map element because it does not exist.",
}

// btCat is gs's status line for a cat() of a file it cannot open
// (session/usercalls.go); bpftrace words it as "ERROR: failed to open
// file 'PATH' (Cause)".
var btCat = regexp.MustCompile(`^gs: cat: cannot open "(.*)": (.)(.*)$`)

// btPos is gs's positioned diagnostic "<expr>:L:C: error: MSG" (or
// warning). bpftrace writes "stdin:L:C-END: ERROR: MSG", END one past the
// expression's last column: gs's caret line under the source gives it, and
// for a run-time errorf/warnf (no caret) the call's closing parenthesis in
// the script. gs's note "expanded from NAME()" under an errorf or warnf
// from a macro is bpftrace's "ERROR: expanded from".
var btPos = regexp.MustCompile(`^<expr>:(\d+):(\d+): (error|warning|note): (.*)$`)

var btExpanded = regexp.MustCompile(`^expanded from .*$`)

var btCaret = regexp.MustCompile(`^ *\^~*$`)

// btErrors maps gs's diagnostics (sema's words) to bpftrace's, for the
// cases that match bpftrace's text of an error.
var btErrors = []struct {
	re *regexp.Regexp
	bt string
}{
	// sema/cexpr.go's constant index past an array's end (bpftrace's
	// type_checker.cpp); the first [N] of the type is the array's length.
	{regexp.MustCompile(`^(.*): error: index (-?\d+) is outside [^\[]*\[(\d+)\]`), "$1: ERROR: the index $2 is out of bounds for array of size $3"},
	// sema's has_key() and len() of a map without keys use bpftrace's
	// words already (semantic_analyser.cpp); only the severity's case
	// differs.
	{regexp.MustCompile(`^(.*): error: (call to \w+\(\) expects a map with explicit keys)`), "$1: ERROR: $2"},
	// sema's declared map that no probe uses (sema/warnings.go); bpftrace
	// capitalizes it.
	{regexp.MustCompile(`^(.*): warning: unused map: (@\w*)$`), "$1: warning: Unused map: $2"},
	// sema's probe on a symbol of size 0 without --unsafe, and on an
	// address in no function (sema/probes.go); bpftrace's words are its
	// attached_probe.cpp's, unpositioned.
	{regexp.MustCompile(`^<expr>:\d+:\d+: error: cannot tell where "(.*)" ends: its symbol has size 0$`), "ERROR: Could not determine boundary for $1 (symbol has size 0).\nUse --unsafe to force attachment. WARNING: This option could lead to data corruption in the target process."},
	{regexp.MustCompile(`^<expr>:\d+:\d+: error: could not resolve address (0x[0-9a-f]+) in "(.*)": it is in no function$`), "ERROR: Could not resolve address: $2:$1"},
	// sema's uprobe at an address in no function (sema/probes.go);
	// bpftrace says it when attaching, without a position.
	{regexp.MustCompile(`^.*: error: could not resolve address (0x[0-9a-f]+) in "(.*)": it is in no function$`), "ERROR: Could not resolve address: $2:$1"},
	// parser/rewrite's config license that the kernel refuses; bpftrace
	// lists its BPF_LICENSE_STR (src/config.cpp) in its unordered_map's
	// order.
	{regexp.MustCompile(`^(.*): error: license "(.*)" is not one the kernel's BPF accepts$`), "$1: ERROR: Invalid value for license. Found: $2. Valid values: Dual MIT/GPL, Dual BSD/GPL, Dual MPL/GPL, GPL and additional rights, GPL v2, GPL"},
	// sema/kaddr.go's symbol that /proc/kallsyms does not have (bpftrace's
	// semantic_analyser.cpp); positioned as gs's, then as bpftrace's.
	{regexp.MustCompile(`^(<expr>:\d+:\d+): error: no kernel symbol "(.*)"$`), "$1: error: Failed to resolve kernel symbol: $2"},
}

// btMissing is sema's probe point that matches no function (sema/probes.go,
// config missing_probes); bpftrace says "No matches for KIND BIN:FUNC."
// (its attachpoint_passes.cpp), with " Skipping." under missing_probes =
// "warn".
var btMissing = regexp.MustCompile(`^(.*): (error|warning): function "(.*)" not found in "(.*?)"(: skipping the probe \(missing_probes = "warn"\))?$`)

// btKinds are the probe kinds' full names, by their short ones.
var btKinds = map[string]string{"u": "uprobe", "ur": "uretprobe", "uprobe": "uprobe", "uretprobe": "uretprobe"}

// bpftraceStyle rewrites the lines "POS: warning: MSG" of output whose
// MSG bpftrace words differently as "POS: WARNING: bpftrace's MSG", and
// the errors of btErrors in bpftrace's words.
func bpftraceStyle(output, prog string) string {
	lines := strings.Split(output, "\n")
	for i, l := range lines {
		if m := btCat.FindStringSubmatch(l); m != nil {
			lines[i] = "ERROR: failed to open file '" + m[1] + "' (" + strings.ToUpper(m[2]) + m[3] + ")"
			continue
		}
		if m := btMissing.FindStringSubmatch(l); m != nil {
			kind := "uprobe"
			if i+2 < len(lines) && btCaret.MatchString(lines[i+2]) {
				// the caret is under the probe point as written
				src, caret := lines[i+1], strings.TrimRight(lines[i+2], " ")
				if c := strings.IndexByte(caret, '^'); c < len(src) {
					k, _, _ := strings.Cut(src[c:], ":")
					if full, ok := btKinds[k]; ok {
						kind = full
					}
				}
			}
			tail := "."
			if m[2] == "warning" {
				tail = ". Skipping."
			}
			lines[i] = m[1] + ": " + m[2] + ": No matches for " + kind + " " + m[4] + ":" + m[3] + tail
		}
		pos, msg, ok := strings.Cut(l, ": warning: ")
		if bt, known := btWarnings[msg]; ok && known && !btPos.MatchString(l) {
			lines[i] = pos + ": WARNING: " + bt
		}
		for _, e := range btErrors {
			if e.re.MatchString(l) {
				lines[i] = e.re.ReplaceAllString(l, e.bt)
			}
		}
		if m := btPos.FindStringSubmatch(lines[i]); m != nil {
			lines[i] = btPositioned(m[1], m[2], m[3], m[4], lines[i+1:], prog)
			// gs quotes the source line indented by 4 with a caret line
			// "^~~"; bpftrace quotes it as it is, underlined with "~~~".
			if i+2 < len(lines) && btCaret.MatchString(lines[i+2]) && strings.HasPrefix(lines[i+1], diag.QuoteIndent) {
				lines[i+1] = strings.TrimPrefix(lines[i+1], diag.QuoteIndent)
				lines[i+2] = strings.Replace(strings.TrimPrefix(lines[i+2], diag.QuoteIndent), "^", "~", 1)
			}
		}
		if m := btPos.FindStringSubmatch(l); m != nil && m[4] == sema.MapLookupMsg {
			lines[i] += btLookupInfo(m[1], m[2], prog)
		}
	}
	return strings.Join(lines, "\n")
}

// btPositioned renders one of gs's positioned diagnostics (line, col, kind,
// msg; next are the lines after it) as bpftrace's "stdin:L:C-END: KIND: msg".
func btPositioned(line, col, kind, msg string, next []string, prog string) string {
	c, _ := strconv.Atoi(col)
	end := 0
	if len(next) >= 2 && btCaret.MatchString(next[1]) {
		end = c + len(strings.TrimSpace(next[1]))
	} else if l, _ := strconv.Atoi(line); l >= 1 && msg == sema.MapLookupMsg {
		end = mapEnd(strings.Split(prog, "\n"), l, c)
	} else if l >= 1 {
		end = callEnd(strings.Split(prog, "\n"), l, c)
	}
	pos := "stdin:" + line + ":" + col
	if end > c {
		pos += "-" + strconv.Itoa(end)
	}
	switch kind {
	case "error":
		kind = "ERROR"
	case "note":
		kind = "ERROR"
		msg = btExpanded.ReplaceAllString(msg, "expanded from")
	default:
		kind = "WARNING"
	}
	if bt, ok := btWarnings[msg]; ok {
		msg = bt
	}
	return pos + ": " + kind + ": " + msg
}

// callEnd is the column one past the ")" that closes the call starting at
// line l, column c (both from 1) of the script, or 0. It skips string
// literals; the call must close on its line.
func callEnd(lines []string, l, c int) int {
	if l > len(lines) || c > len(lines[l-1]) {
		return 0
	}
	return closing(lines[l-1], c-1, '(', ')')
}

// closing is the column (from 1) one past the shut that closes the open
// at or after s[i], skipping string literals, or 0.
func closing(s string, i int, open, shut byte) int {
	depth, inStr := 0, false
	for ; i < len(s); i++ {
		switch ch := s[i]; {
		case inStr && ch == '\\':
			i++
		case ch == '"':
			inStr = !inStr
		case inStr:
		case ch == open:
			depth++
		case ch == shut:
			depth--
			if depth == 0 {
				return i + 2
			}
		}
	}
	return 0
}

// btLookupInfo is what bpftrace prints after its warning of a failed map
// lookup under -k (sema.MapLookupMsg): the helper, then the script's line
// with the map read underlined.
func btLookupInfo(line, col, prog string) string {
	l, _ := strconv.Atoi(line)
	c, _ := strconv.Atoi(col)
	src := strings.Split(prog, "\n")
	end := mapEnd(src, l, c)
	if end <= c {
		return ""
	}
	return "\nAdditional Info - helper: map_lookup_elem, retcode: 0\n" + src[l-1] + "\n" +
		strings.Repeat(" ", c-1) + strings.Repeat("~", end-c)
}

// mapEnd is the column one past the map read @name[...] starting at line
// l, column c (both from 1) of the script, or 0.
func mapEnd(lines []string, l, c int) int {
	if l < 1 || l > len(lines) || c > len(lines[l-1]) || lines[l-1][c-1] != '@' {
		return 0
	}
	s := lines[l-1]
	i := c
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	if i == len(s) || s[i] != '[' {
		return i + 1
	}
	return closing(s, i, '[', ']')
}

// runScript is a RUN command's script: the single-quoted argument of its
// first -e.
var runScript = regexp.MustCompile(`\s-e\s+'([^']*)'`)

// Script is the case's script: PROG, or what a RUN command gives -e; "".
// The positions of gs's diagnostics are in it.
func (c *Case) Script() string {
	if c.Prog != "" {
		return c.Prog
	}
	if m := runScript.FindStringSubmatch(c.Run); m != nil {
		return m[1]
	}
	return ""
}
