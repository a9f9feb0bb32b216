package tools

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Targets are the make targets (and commands) the list's third column names.
var Targets = map[string]string{
	"test":     "make test (go test ./...)",
	"kernels":  "make test-kernels",
	"bench":    "make bench",
	"generate": "make generate",
	"btsuite":  "go run ./tests/bt/cmd/btsuite",
}

// Entry is one line of scripts/tools.txt.
type Entry struct {
	Prog     string   // a program's name, or an absolute path
	Packages []string // nil for "-": not from Debian
	Targets  []string
	Line     int
}

// Needs says whether target is among the entry's targets.
func (e Entry) Needs(target string) bool {
	for _, t := range e.Targets {
		if t == target {
			return true
		}
	}
	return false
}

// ReadList reads scripts/tools.txt.
func ReadList(path string) (map[string]Entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	list := map[string]Entry{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 3 {
			return nil, fmt.Errorf("%s:%d: want PROGRAM PACKAGES TARGETS, got %q", path, n, line)
		}
		e := Entry{Prog: fs[0], Targets: strings.Split(fs[2], ","), Line: n}
		if fs[1] != "-" {
			e.Packages = strings.Split(fs[1], ",")
		}
		for _, t := range e.Targets {
			if _, ok := Targets[t]; !ok {
				return nil, fmt.Errorf("%s:%d: unknown target %q", path, n, t)
			}
		}
		if old, dup := list[e.Prog]; dup {
			return nil, fmt.Errorf("%s:%d: %s is listed already on line %d", path, n, e.Prog, old.Line)
		}
		list[e.Prog] = e
	}
	return list, sc.Err()
}
