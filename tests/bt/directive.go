// Package bt runs test cases written in bpftrace's runtime-test directive
// format (NAME, PROG or RUN, EXPECT..., TIMEOUT, BEFORE, AFTER, ...) against
// the gs binary. The format is bpftrace's (tests/runtime/engine in its
// tree); this engine is gs's own. gs's cases live in testdata/*.txt and run
// under `go test ./tests/bt`; cmd/btsuite runs bpftrace's own suite from a
// checkout of bpftrace and counts what passes.
//
// A case that cannot run here (a REQUIRES that fails, a kernel outside
// MIN_KERNEL/MAX_KERNEL, a feature gs lacks) is reported NotRun with the
// reason, never counted as passed.
package bt

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultTimeout is a case's TIMEOUT when it gives none, in seconds (as
// bpftrace's engine).
const DefaultTimeout = 5

// ExpectMode is how one EXPECT line is matched against the output.
type ExpectMode int

// The expect modes, one per directive.
const (
	ExpectText      ExpectMode = iota // EXPECT: a whole line, blanks around it ignored
	ExpectTextNone                    // EXPECT_NONE: no such line
	ExpectRegex                       // EXPECT_REGEX: a regexp matches somewhere (multi-line mode)
	ExpectRegexNone                   // EXPECT_REGEX_NONE: it matches nowhere
	ExpectFile                        // EXPECT_FILE: the whole output equals a file's text
	ExpectJSON                        // EXPECT_JSON: the output is the JSON of a file (.ndjson: line by line)
)

var expectDirectives = map[string]ExpectMode{
	"EXPECT":            ExpectText,
	"EXPECT_NONE":       ExpectTextNone,
	"EXPECT_REGEX":      ExpectRegex,
	"EXPECT_REGEX_NONE": ExpectRegexNone,
	"EXPECT_FILE":       ExpectFile,
	"EXPECT_JSON":       ExpectJSON,
}

// Expect is one EXPECT* directive.
type Expect struct {
	Mode ExpectMode
	Text string // the text, the regexp or the file's path (relative to the run directory)
}

// Case is one test: a block of directives separated from the next by a
// blank line.
type Case struct {
	Suite, Name string
	File        string // the file it came from
	Line        int    // the line of its first directive
	Run         string // a shell command; {{BPFTRACE}} is the gs binary, {{BEFORE_PID}} the first BEFORE's pid
	Prog        string // or a script, run as gs -e PROG
	Expects     []Expect
	Timeout     int // seconds after the probes are attached
	Befores     []string
	After       string
	Setup       string
	Cleanup     string
	MinKernel   string
	MaxKernel   string
	Requires    []string // shell commands that must all succeed
	Features    []string // REQUIRES_FEATURE: a leading ! means the feature must be absent
	Env         map[string]string
	Arch        []string // ARCH a|b|!c
	WillFail    bool
	NewPIDNS    bool
	SkipIfEnv   [2]string // SKIP_IF_ENV_HAS NAME=VALUE
	ReturnCode  int
	LocalizeTS  int64 // LOCALIZE_TIMESTAMPS: EXPECT_FILE's text is a strftime format of this time; -1 none
}

// ID is suite.name, the case's name in reports.
func (c *Case) ID() string { return c.Suite + "." + c.Name }

// Exact reports whether the case compares the whole output (EXPECT_FILE,
// EXPECT_JSON): output before the probes are attached is then dropped.
func (c *Case) Exact() bool {
	for _, e := range c.Expects {
		if e.Mode == ExpectFile || e.Mode == ExpectJSON {
			return true
		}
	}
	return false
}

// ParseFile reads the cases of one directive file; its base name is the
// suite.
func ParseFile(path string) ([]*Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, string(data))
}

// Parse reads the cases of a directive file's text. Lines starting with #
// are comments; a line indented past the previous directive's name
// continues a PROG, EXPECT or EXPECT_REGEX.
func Parse(path, text string) ([]*Case, error) {
	suite := filepath.Base(path)
	var cases []*Case
	var block []string
	start := 0
	flush := func() error {
		if len(block) == 0 {
			return nil
		}
		c, err := parseCase(block)
		if err != nil {
			return fmt.Errorf("%s:%d: %w", path, start, err)
		}
		c.Suite, c.File, c.Line = suite, path, start
		cases = append(cases, c)
		block = nil
		return nil
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if line == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		if len(block) == 0 {
			start = n
		}
		block = append(block, line)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return cases, sc.Err()
}

func parseCase(lines []string) (*Case, error) {
	c := &Case{Timeout: -1, Env: map[string]string{}, LocalizeTS: -1}
	returnCode := false
	prev := ""
	for _, item := range lines {
		// bpftrace's rule: as many blanks as the previous directive's
		// name plus one continue it.
		if k := len(prev) + 1; prev != "" && len(item) >= k && strings.TrimLeft(item[:k], " \t") == "" {
			rest := item[k:]
			switch prev {
			case "PROG":
				c.Prog += "\n" + rest
				continue
			case "EXPECT", "EXPECT_REGEX":
				c.Expects[len(c.Expects)-1].Text += "\n" + rest
				continue
			}
		}
		name, arg := splitDirective(strings.TrimSpace(item))
		prev = name
		if m, ok := expectDirectives[name]; ok {
			c.Expects = append(c.Expects, Expect{Mode: m, Text: arg})
			continue
		}
		var err error
		switch name {
		case "NAME":
			c.Name = arg
		case "RUN":
			c.Run = arg
		case "PROG":
			c.Prog = arg
		case "TIMEOUT":
			c.Timeout, err = strconv.Atoi(strings.TrimSpace(arg))
		case "BEFORE":
			c.Befores = append(c.Befores, arg)
		case "AFTER":
			c.After = arg
		case "SETUP":
			c.Setup = arg
		case "CLEANUP":
			c.Cleanup = arg
		case "MIN_KERNEL":
			c.MinKernel = strings.TrimSpace(arg)
		case "MAX_KERNEL":
			c.MaxKernel = strings.TrimSpace(arg)
		case "REQUIRES":
			c.Requires = append(c.Requires, arg)
		case "REQUIRES_FEATURE":
			c.Features = append(c.Features, strings.Fields(arg)...)
		case "ENV":
			for _, kv := range strings.Fields(arg) {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return nil, fmt.Errorf("ENV %q: want NAME=VALUE", kv)
				}
				c.Env[k] = v
			}
		case "ARCH":
			for _, a := range strings.Split(arg, "|") {
				c.Arch = append(c.Arch, strings.TrimSpace(a))
			}
		case "WILL_FAIL":
			c.WillFail = true
		case "NEW_PIDNS":
			c.NewPIDNS = true
		case "SKIP_IF_ENV_HAS":
			k, v, ok := strings.Cut(arg, "=")
			if !ok {
				return nil, fmt.Errorf("SKIP_IF_ENV_HAS %q: want NAME=VALUE", arg)
			}
			c.SkipIfEnv = [2]string{k, v}
		case "RETURN_CODE":
			c.ReturnCode, err = strconv.Atoi(strings.TrimSpace(arg))
			returnCode = true
		case "LOCALIZE_TIMESTAMPS":
			c.LocalizeTS, err = strconv.ParseInt(strings.TrimSpace(arg), 10, 64)
		default:
			return nil, fmt.Errorf("%q is not a directive", name)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	switch {
	case c.Name == "":
		return nil, fmt.Errorf("a case needs a NAME")
	case c.Run == "" && c.Prog == "":
		return nil, fmt.Errorf("%s: a case needs RUN or PROG", c.Name)
	case c.Run != "" && c.Prog != "":
		return nil, fmt.Errorf("%s: RUN and PROG are exclusive", c.Name)
	case len(c.Expects) == 0 && !returnCode:
		return nil, fmt.Errorf("%s: a case needs an EXPECT (or RETURN_CODE)", c.Name)
	case len(c.Expects) > 1 && c.Exact():
		return nil, fmt.Errorf("%s: EXPECT_FILE and EXPECT_JSON cannot be used with other EXPECTs", c.Name)
	case returnCode && c.ReturnCode != 0 && c.WillFail:
		return nil, fmt.Errorf("%s: WILL_FAIL and RETURN_CODE are exclusive", c.Name)
	case c.NewPIDNS && len(c.Befores) == 0:
		return nil, fmt.Errorf("%s: NEW_PIDNS needs a BEFORE to run in the new namespace", c.Name)
	}
	if c.Timeout < 0 {
		c.Timeout = DefaultTimeout
	}
	return c, nil
}

// splitDirective splits "NAME  argument" at the first run of blanks.
func splitDirective(s string) (name, arg string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}
