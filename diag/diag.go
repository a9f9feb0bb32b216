// Package diag holds source positions and user-facing diagnostics.
//
// The phases that find problems in the user's script report them through
// this package: the parser, sema, and gen for the few limits only it can
// see (too many registers, instructions or heap bytes); every other error
// from gen is an internal one. The runtime reports none today: what goes
// wrong while tracing is not a place in the script. Only this package
// renders diagnostics (and Pos.String the positions messages mention; the
// disassembly's source lines are ir's own format):
//
//	trace.gs:3:23: error: struct item has no field "nme"
//	    printf("%d\n", it->nme)
//	                       ^~~
//	hint: did you mean "name"?
//
// Messages are lower-case, without a trailing period, with names quoted.
package diag

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/fatih/color"
)

// Pos is a position in a source file. Line and Col are 1-based; Col counts
// bytes. Offset is the 0-based byte offset. The zero Pos is "no position".
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether p names a real position.
// QuoteIndent indents the quoted source line under a diagnostic and its
// caret line.
const QuoteIndent = "    "

func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns p as "line:col", for messages that point at another place
// in the same script.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Span is a half-open range [Start, End) of source text.
type Span struct {
	Start Pos
	End   Pos
}

// Span returns s itself, so a Span can stand for a node.
func (s Span) Span() Span { return s }

// File is a script's name and text.
type File struct {
	Name string
	Src  string
}

// Text returns the source text covered by s.
func (f *File) Text(s Span) string {
	if f == nil || s.Start.Offset < 0 || s.End.Offset > len(f.Src) || s.Start.Offset > s.End.Offset {
		return ""
	}
	return f.Src[s.Start.Offset:s.End.Offset]
}

// PosAt converts a byte offset in f into a Pos.
func (f *File) PosAt(offset int) Pos {
	if offset > len(f.Src) {
		offset = len(f.Src)
	}
	line, col := 1, 1
	for i := 0; i < offset; i++ {
		if f.Src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{Offset: offset, Line: line, Col: col}
}

// Severity says how bad a diagnostic is.
type Severity int

// Severities, least severe first.
const (
	Note Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Note:
		return "note"
	case Warning:
		return "warning"
	}
	return "error"
}

// Diagnostic is one message about the script, anchored at a span.
type Diagnostic struct {
	Severity Severity
	Span     Span
	Msg      string
	Hint     string
}

// List collects diagnostics from one or more phases.
type List struct {
	File  *File
	Diags []Diagnostic
}

// Errorf adds an error at span.
func (l *List) Errorf(span Span, format string, args ...any) *Diagnostic {
	return l.add(Error, span, format, args...)
}

// Warnf adds a warning at span.
func (l *List) Warnf(span Span, format string, args ...any) *Diagnostic {
	return l.add(Warning, span, format, args...)
}

func (l *List) add(sev Severity, span Span, format string, args ...any) *Diagnostic {
	l.Diags = append(l.Diags, Diagnostic{Severity: sev, Span: span, Msg: fmt.Sprintf(format, args...)})
	return &l.Diags[len(l.Diags)-1]
}

// WithHint sets d's hint and returns d.
func (d *Diagnostic) WithHint(format string, args ...any) *Diagnostic {
	d.Hint = fmt.Sprintf(format, args...)
	return d
}

// HasErrors reports whether any diagnostic in l is an error.
func (l *List) HasErrors() bool {
	for _, d := range l.Diags {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Sort orders the diagnostics by position, keeping insertion order for ties.
func (l *List) Sort() {
	sort.SliceStable(l.Diags, func(i, j int) bool {
		return l.Diags[i].Span.Start.Offset < l.Diags[j].Span.Start.Offset
	})
}

// Err returns l as an error when it holds errors, else nil.
func (l *List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return &Errors{List: l}
}

// Errors is the error returned by List.Err. Render it with Render for the
// full caret display; Error() gives the first message in one line.
type Errors struct{ List *List }

func (e *Errors) Error() string {
	for _, d := range e.List.Diags {
		if d.Severity == Error {
			return e.List.File.location(d.Span.Start) + ": error: " + d.Msg
		}
	}
	return "error"
}

// Location returns where p is in f as diagnostics write it, "prog.gs:3:9"
// ("<script>" for a file without a name); f may be nil.
func (f *File) Location(p Pos) string { return f.location(p) }

func (f *File) location(p Pos) string {
	name := "<script>"
	if f != nil && f.Name != "" {
		name = f.Name
	}
	if !p.IsValid() {
		return name
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Col)
}

// Render writes every diagnostic in l, sorted by position, with the source
// line, a caret under the span and the hint. Colors are used when colored is
// true (the caller decides: a terminal and no NO_COLOR).
func (l *List) Render(w io.Writer, colored bool) {
	l.Sort()
	for _, d := range l.Diags {
		RenderOne(w, l.File, d, colored)
	}
}

// RenderOne writes one diagnostic; see List.Render.
func RenderOne(w io.Writer, f *File, d Diagnostic, colored bool) {
	bold := color.New(color.Bold)
	sevColor := color.New(color.FgRed, color.Bold)
	switch d.Severity {
	case Warning:
		sevColor = color.New(color.FgMagenta, color.Bold)
	case Note:
		sevColor = color.New(color.FgCyan, color.Bold)
	}
	caretColor := color.New(color.FgGreen, color.Bold)
	if !colored {
		bold.DisableColor()
		sevColor.DisableColor()
		caretColor.DisableColor()
	} else {
		bold.EnableColor()
		sevColor.EnableColor()
		caretColor.EnableColor()
	}
	fmt.Fprintf(w, "%s %s %s\n", bold.Sprint(f.location(d.Span.Start)+":"), sevColor.Sprint(d.Severity.String()+":"), d.Msg)
	if f != nil && d.Span.Start.IsValid() {
		line := lineAt(f.Src, d.Span.Start.Offset)
		fmt.Fprintf(w, "%s%s\n", QuoteIndent, strings.ReplaceAll(line, "\t", " "))
		width := 1
		if d.Span.End.Offset > d.Span.Start.Offset && d.Span.End.Line == d.Span.Start.Line {
			width = d.Span.End.Offset - d.Span.Start.Offset
		}
		marker := "^" + strings.Repeat("~", width-1)
		fmt.Fprintf(w, "%s%s%s\n", QuoteIndent, strings.Repeat(" ", d.Span.Start.Col-1), caretColor.Sprint(marker))
	}
	if d.Hint != "" {
		fmt.Fprintf(w, "%s %s\n", bold.Sprint("hint:"), d.Hint)
	}
}

func lineAt(src string, offset int) string {
	if offset > len(src) {
		offset = len(src)
	}
	start := strings.LastIndexByte(src[:offset], '\n') + 1
	end := strings.IndexByte(src[offset:], '\n')
	if end < 0 {
		return src[start:]
	}
	return src[start : offset+end]
}

// Suggest returns the candidate closest to name by edit distance, or "" when
// none is close enough to be a likely typo. Among equally close candidates
// the least by name wins, so the hint does not depend on the order of
// candidates (which callers often collect from maps).
func Suggest(name string, candidates []string) string {
	best, bestD := "", len(name)/2+2
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestD || d == bestD && best != "" && c < best {
			best, bestD = c, d
		}
	}
	if best == name {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions,
// deletions, substitutions and swaps of two adjacent bytes cost 1 each, so
// the common typo "pdi" is 1 from "pid", not 2.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1) // row i-2
	prev := make([]int, len(b)+1)  // row i-1
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
