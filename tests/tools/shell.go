package tools

import "strings"

// shellWords are the shell's own words: keywords and builtins that start
// a simple command without being a program (the program, if any, follows).
var shellWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "while": true, "until": true,
	"do": true, "done": true, "for": true, "in": true, "case": true, "esac": true, "!": true,
	"{": true, "}": true, "exec": true, "command": true, "builtin": true,
	// builtins that run no program
	"echo": true, "printf": true, "cd": true, "exit": true, "true": true, "false": true, ":": true,
	"read": true, "wait": true, "kill": true, "set": true, "export": true, "trap": true, "shift": true,
	"test": true, "[": true, "return": true, "local": true, "eval": true, "ulimit": true, "umask": true,
	"unset": true,
}

// wrappers run the program named by a later word.
// (timeout DURATION PROG, chroot ROOT PROG, unshare -m PROG) after their options.
var wrappers = map[string]int{"timeout": 1, "env": 0, "nice": 0, "stdbuf": 0, "setsid": 0, "nohup": 0,
	"chroot": 1, "unshare": 0, "nsenter": 0}

// ShellPrograms returns the programs a POSIX shell command line runs: the
// first word of each simple command (after variable assignments and
// redirections), inside $(...) and `sh -c '...'` too, and the command a
// -c COMMAND option of sh, bash, gs ({{BPFTRACE}}) or bpftrace runs.
func ShellPrograms(line string) []string {
	var out []string
	for _, cmd := range simpleCommands(line) {
		out = append(out, commandPrograms(cmd)...)
	}
	return out
}

func commandPrograms(words []string) []string {
	var out []string
	i := 0
	for ; i < len(words); i++ {
		w := words[i]
		if isAssignment(w) || isKeyword(w) || w == "exec" || w == "command" {
			continue
		}
		if shellWords[w] {
			return out // a builtin: what follows are its arguments
		}
		break
	}
	if i >= len(words) {
		return out
	}
	prog := progName(words[i])
	args := words[i+1:]
	if prog != "" {
		out = append(out, prog)
	}
	if n, ok := wrappers[prog]; ok {
		rest := args
		for len(rest) > 0 && (strings.HasPrefix(rest[0], "-") || isAssignment(rest[0])) {
			if rest[0] == "--" {
				rest = rest[1:]
				break
			}
			rest = rest[1:]
		}
		if len(rest) > n {
			return append(out, commandPrograms(rest[n:])...)
		}
		return out
	}
	runsC := prog == "sh" || prog == "bash" || prog == "bpftrace" || words[i] == "{{BPFTRACE}}"
	for j := 0; runsC && j+1 < len(args); j++ {
		if args[j] == "-c" || args[j] == "--cmd" {
			out = append(out, ShellPrograms(args[j+1])...)
		}
	}
	return out
}

func isKeyword(w string) bool {
	switch w {
	case "if", "then", "else", "elif", "fi", "while", "until", "do", "done", "for", "in", "case", "esac", "!", "{", "}":
		return true
	}
	return false
}

func isAssignment(w string) bool {
	k, _, ok := strings.Cut(w, "=")
	if !ok || k == "" {
		return false
	}
	for i, r := range k {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// simpleCommands splits a command line into simple commands, each a list
// of words with quotes removed; the contents of $(...) and `...` are
// commands of their own. Redirections and their targets are dropped.
func simpleCommands(line string) [][]string {
	var cmds [][]string
	var words []string
	var cur strings.Builder
	inWord := false
	flushWord := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	flushCmd := func() {
		flushWord()
		if len(words) > 0 {
			cmds = append(cmds, dropRedirections(words))
		}
		words = nil
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				j = len(line) - i - 1
			}
			cur.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' {
					j++
				}
				j++
			}
			inner := line[i+1 : min(j, len(line))]
			cmds = append(cmds, substitutions(inner)...)
			cur.WriteString(inner)
			inWord = true
			i = j
		case c == '\\' && i+1 < len(line):
			cur.WriteByte(line[i+1])
			inWord = true
			i++
		case c == '$' && i+1 < len(line) && line[i+1] == '(':
			end := matchParen(line, i+1)
			cmds = append(cmds, simpleCommands(line[i+2:end])...)
			cur.WriteString("$X")
			inWord = true
			i = end
		case c == '`':
			j := strings.IndexByte(line[i+1:], '`')
			if j < 0 {
				j = len(line) - i - 1
			}
			cmds = append(cmds, simpleCommands(line[i+1:i+1+j])...)
			cur.WriteString("$X")
			inWord = true
			i += j + 1
		case c == ' ' || c == '\t':
			flushWord()
		case c == ';' || c == '|' || c == '&' || c == '\n' || c == '(' || c == ')':
			// 2>&1 is a redirection, not a background &
			if c == '&' && i > 0 && line[i-1] == '>' {
				cur.WriteByte(c)
				inWord = true
				continue
			}
			flushCmd()
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flushCmd()
	return cmds
}

// substitutions returns the commands of $(...) inside a double-quoted
// string.
func substitutions(s string) [][]string {
	var out [][]string
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && s[i+1] == '(' {
			end := matchParen(s, i+1)
			out = append(out, simpleCommands(s[i+2:end])...)
			i = end
		}
	}
	return out
}

func matchParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		}
	}
	return len(s)
}

func dropRedirections(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := strings.TrimLeft(words[i], "0123456789")
		if strings.HasPrefix(w, ">") || strings.HasPrefix(w, "<") {
			if w == ">" || w == ">>" || w == "<" || w == "<<" || w == "<<<" {
				i++ // the target is the next word
			}
			continue
		}
		out = append(out, words[i])
	}
	return out
}
